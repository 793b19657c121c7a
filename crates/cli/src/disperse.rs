//! `vidkit disperse`: encode, commit, prove, and write one file per shard plus
//! the commitment.

use crate::conventions::{shard_file_name, COMMITMENT_FILE, EXIT_OK};
use crate::error::CliError;
use crate::fsio;
use crate::keys::{self, SrsArg, SrsChoice};
use crate::limits::Limits;
use crate::output::{emit, say};
use crate::progress::{ms, Progress};
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::core::to_bytes;
use vidkit::format::{CommitmentFile, Params, ShardFile};
use vidkit::{dispatch, CurveName, Encoding, Scheme, SchemeName, SchemeVisitor};

/// The arguments of `vidkit disperse`.
#[derive(Args, Debug)]
pub struct DisperseArgs {
    /// The file to disperse.
    file: PathBuf,
    /// Scheme: kzg, kzg-plus, kzg-plus-global, aplonk, aplonk-global,
    /// kzg-cells or semi-avid.
    #[arg(long)]
    scheme: SchemeName,
    /// Curve: bls12-381, bn254 or bls24-317.
    #[arg(long, default_value = "bls12-381")]
    curve: CurveName,
    /// Number of shards needed to rebuild the file.
    #[arg(short)]
    k: usize,
    /// Number of shards written.
    #[arg(short)]
    n: usize,
    /// Evaluation points: points, fft or systematic.
    #[arg(long, default_value = "fft")]
    encoding: Encoding,
    /// Output directory.
    #[arg(long)]
    out: PathBuf,
    /// Overwrite existing shard and commitment files.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    srs: SrsArg,
    #[command(flatten)]
    limits: Limits,
}

/// Runs `vidkit disperse`: the file must be a regular file within
/// `--max-bytes`, so that every verifier with the default limits can check
/// the dispersal.
pub fn run(a: DisperseArgs, json: bool) -> Result<u8, CliError> {
    let data = fsio::read_capped(&a.file, a.limits.max_bytes)?;
    let srs = a.srs.choice()?;
    let job = Disperse {
        file: &a.file,
        data: &data,
        out: &a.out,
        force: a.force,
        srs: &srs,
        scheme: a.scheme,
        curve: a.curve,
        progress: Progress::new(json),
    };
    let report = dispatch(a.scheme, a.curve, a.k, a.n, a.encoding, job)
        .map_err(|e| CliError::scheme(&a.file, e))??;
    emit(json, &report, DisperseReport::print);
    Ok(EXIT_OK)
}

/// What `disperse` needs besides the scheme.
pub struct Disperse<'a> {
    /// The file dispersed (named in the errors).
    pub file: &'a Path,
    /// The file's bytes.
    pub data: &'a [u8],
    /// Output directory.
    pub out: &'a Path,
    /// Overwrite existing files.
    pub force: bool,
    /// The setup to make the keys with.
    pub srs: &'a SrsChoice,
    /// The scheme's name (recorded in the files).
    pub scheme: SchemeName,
    /// The curve's name (recorded in the files).
    pub curve: CurveName,
    /// Progress display.
    pub progress: Progress,
}

/// Times in milliseconds.
#[derive(Clone, Debug, Serialize)]
pub struct DisperseTimes {
    /// Deriving the keys from the setup.
    pub setup_ms: f64,
    /// Erasure coding.
    pub encode_ms: f64,
    /// Committing.
    pub commit_ms: f64,
    /// Proving all n shards.
    pub prove_ms: f64,
    /// Writing the files.
    pub write_ms: f64,
}

/// Sizes in bytes.
#[derive(Clone, Debug, Serialize)]
pub struct DisperseSizes {
    /// The input file.
    pub file_bytes: usize,
    /// The encoded commitment.
    pub commitment_bytes: usize,
    /// One encoded shard.
    pub shard_bytes: usize,
    /// One encoded proof.
    pub proof_bytes: usize,
    /// One shard file (header, shard, proof).
    pub shard_file_bytes: usize,
    /// Every file written.
    pub total_written_bytes: usize,
}

/// The report of `disperse`.
#[derive(Clone, Debug, Serialize)]
pub struct DisperseReport {
    /// Scheme name.
    pub scheme: String,
    /// Curve name.
    pub curve: String,
    /// Shards needed to rebuild the file.
    pub k: usize,
    /// Shards written.
    pub n: usize,
    /// Rows of the encoded file.
    pub m: usize,
    /// Evaluation points.
    pub encoding: String,
    /// Which setup the keys were derived from.
    pub setup: String,
    /// Whether that setup is insecure (known trapdoor).
    pub insecure_setup: bool,
    /// Output directory.
    pub out_dir: String,
    /// The commitment file written.
    pub commitment_file: String,
    /// The shard files written, by index.
    pub shard_files: Vec<String>,
    /// Times of each step.
    pub times: DisperseTimes,
    /// Sizes.
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
            keys::derive(&scheme, self.curve, self.srs, max_bytes, self.file)
        });
        let keys = keys?;
        let err = |e: S::Error| CliError::scheme(self.file, vidkit::Error::scheme(S::NAME, e));
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
        say!(
            "dispersed {} bytes with {} on {} (k = {}, n = {}, m = {}, encoding {})",
            self.sizes.file_bytes,
            self.scheme,
            self.curve,
            self.k,
            self.n,
            self.m,
            self.encoding
        );
        say!("  setup:      {}", self.setup);
        say!(
            "  commitment: {} ({} bytes)",
            self.commitment_file,
            self.sizes.commitment_bytes
        );
        say!(
            "  shards:     {} files in {} ({} bytes each: shard {} + proof {} + header)",
            self.n,
            self.out_dir,
            self.sizes.shard_file_bytes,
            self.sizes.shard_bytes,
            self.sizes.proof_bytes
        );
        let t = &self.times;
        say!(
            "  times (ms): setup {:.1}, encode {:.1}, commit {:.1}, prove {:.1}, write {:.1}",
            t.setup_ms,
            t.encode_ms,
            t.commit_ms,
            t.prove_ms,
            t.write_ms
        );
    }
}
