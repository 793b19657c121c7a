//! `vidkit disperse`: encode, commit, prove, and write one file per shard plus
//! the commitment.

use crate::cli::{shard_file_name, COMMITMENT_FILE};
use crate::error::CliError;
use crate::fsio;
use crate::keys::{self, SrsChoice};
use crate::progress::{ms, Progress};
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::core::to_bytes;
use vidkit::format::{CommitmentFile, Params, ShardFile};
use vidkit::{CurveName, Scheme, SchemeName, SchemeVisitor};

/// What `disperse` needs besides the scheme.
pub struct Disperse<'a> {
    pub data: &'a [u8],
    pub out: &'a Path,
    pub force: bool,
    pub srs: &'a SrsChoice,
    pub scheme: SchemeName,
    pub curve: CurveName,
    pub progress: Progress,
}

/// Times in milliseconds.
#[derive(Clone, Debug, Serialize)]
pub struct DisperseTimes {
    pub setup_ms: f64,
    pub encode_ms: f64,
    pub commit_ms: f64,
    pub prove_ms: f64,
    pub write_ms: f64,
}

/// Sizes in bytes.
#[derive(Clone, Debug, Serialize)]
pub struct DisperseSizes {
    pub file_bytes: usize,
    pub commitment_bytes: usize,
    pub shard_bytes: usize,
    pub proof_bytes: usize,
    pub shard_file_bytes: usize,
    pub total_written_bytes: usize,
}

/// The report of `disperse`.
#[derive(Clone, Debug, Serialize)]
pub struct DisperseReport {
    pub scheme: String,
    pub curve: String,
    pub k: usize,
    pub n: usize,
    pub m: usize,
    pub encoding: String,
    pub setup: String,
    pub insecure_setup: bool,
    pub out_dir: String,
    pub commitment_file: String,
    pub shard_files: Vec<String>,
    pub times: DisperseTimes,
    pub sizes: DisperseSizes,
}

impl SchemeVisitor for Disperse<'_> {
    type Output = Result<DisperseReport, CliError>;

    fn visit<S: Scheme>(self, scheme: S) -> Self::Output {
        let p = self.progress;
        let n = scheme.code().n();
        let cpath = self.out.join(COMMITMENT_FILE);
        let spaths: Vec<PathBuf> = (0..n).map(|j| self.out.join(shard_file_name(j))).collect();
        // refuse before any work if something would be overwritten
        fsio::check_free(&cpath, self.force)?;
        for s in &spaths {
            fsio::check_free(s, self.force)?;
        }

        let max_bytes = self.data.len() as u64;
        let (keys, setup_t) = p.step("setup", || {
            keys::derive(&scheme, self.curve, self.srs, max_bytes)
        });
        let keys = keys?;
        let err = |e: S::Error| CliError::from(vidkit::Error::scheme(S::NAME, e));
        let (encoded, encode_t) = p.step("encoding", || scheme.encode(self.data));
        let encoded = encoded.map_err(err)?;
        let (committed, commit_t) = p.step("committing", || scheme.commit(&keys.pk, &encoded));
        let (commitment, hint) = committed.map_err(err)?;
        let (proofs, prove_t) = p.step("proving", || {
            scheme.prove(&keys.pk, &encoded, &commitment, &hint)
        });
        let proofs = proofs.map_err(err)?;

        let start = std::time::Instant::now();
        let params = Params {
            scheme: self.scheme,
            curve: self.curve,
            info: encoded.info,
        };
        let cfile = CommitmentFile {
            params,
            setup: keys.record,
            vk_digest: keys.vk_digest,
            commitment: to_bytes(&commitment),
        };
        let commitment_digest = cfile.digest();
        fsio::ensure_dir(self.out)?;
        let bar = p.bar(n, "writing");
        let mut total = 0;
        let (mut shard_bytes, mut proof_bytes, mut shard_file_bytes) = (0, 0, 0);
        for ((shard, proof), path) in encoded.shards.iter().zip(&proofs).zip(&spaths) {
            let file = ShardFile {
                params,
                index: shard.index,
                commitment_digest,
                shard: to_bytes(shard),
                proof: to_bytes(proof),
            };
            let bytes = file.to_bytes();
            (shard_bytes, proof_bytes, shard_file_bytes) =
                (file.shard.len(), file.proof.len(), bytes.len());
            total += bytes.len();
            fsio::write_atomic(path, &bytes, self.force)?;
            bar.inc(1);
        }
        bar.finish_and_clear();
        // the commitment last: its presence marks a complete dispersal
        let cbytes = cfile.to_bytes();
        total += cbytes.len();
        fsio::write_atomic(&cpath, &cbytes, self.force)?;
        let write_t = start.elapsed();

        Ok(DisperseReport {
            scheme: self.scheme.to_string(),
            curve: self.curve.to_string(),
            k: encoded.info.k,
            n,
            m: encoded.info.m,
            encoding: encoded.info.encoding.to_string(),
            setup: self.srs.describe(),
            insecure_setup: self.srs.insecure(),
            out_dir: self.out.display().to_string(),
            commitment_file: cpath.display().to_string(),
            shard_files: spaths.iter().map(|p| p.display().to_string()).collect(),
            times: DisperseTimes {
                setup_ms: ms(setup_t),
                encode_ms: ms(encode_t),
                commit_ms: ms(commit_t),
                prove_ms: ms(prove_t),
                write_ms: ms(write_t),
            },
            sizes: DisperseSizes {
                file_bytes: self.data.len(),
                commitment_bytes: cfile.commitment.len(),
                shard_bytes,
                proof_bytes,
                shard_file_bytes,
                total_written_bytes: total,
            },
        })
    }
}

impl DisperseReport {
    /// Human-readable summary.
    pub fn print(&self) {
        println!(
            "dispersed {} bytes with {} on {} (k = {}, n = {}, m = {}, encoding {})",
            self.sizes.file_bytes, self.scheme, self.curve, self.k, self.n, self.m, self.encoding
        );
        println!("  setup:      {}", self.setup);
        println!(
            "  commitment: {} ({} bytes)",
            self.commitment_file, self.sizes.commitment_bytes
        );
        println!(
            "  shards:     {} files in {} ({} bytes each: shard {} + proof {} + header)",
            self.n,
            self.out_dir,
            self.sizes.shard_file_bytes,
            self.sizes.shard_bytes,
            self.sizes.proof_bytes
        );
        let t = &self.times;
        println!(
            "  times (ms): setup {:.1}, encode {:.1}, commit {:.1}, prove {:.1}, write {:.1}",
            t.setup_ms, t.encode_ms, t.commit_ms, t.prove_ms, t.write_ms
        );
    }
}
