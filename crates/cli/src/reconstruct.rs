//! `vidkit reconstruct`: verify the shard files of a directory, discard the
//! bad ones, and decode the file from k valid shards.

use crate::check::{self, FileResult, Summary};
use crate::conventions::{COMMITMENT_FILE, EXIT_OK};
use crate::error::CliError;
use crate::fsio;
use crate::keys::{self, SrsArg, SrsChoice};
use crate::output::emit;
use crate::progress::{ms, Progress};
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::format::CommitmentFile;
use vidkit::{dispatch, Scheme, SchemeVisitor};

/// The arguments of `vidkit reconstruct`.
#[derive(Args, Debug)]
pub struct ReconstructArgs {
    /// Directory of shard files.
    dir: PathBuf,
    /// The commitment (default: DIR/commitment.vid).
    #[arg(long)]
    commitment: Option<PathBuf>,
    /// Where to write the rebuilt file.
    #[arg(long)]
    out: PathBuf,
    /// Overwrite an existing output file.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    srs: SrsArg,
}

/// Runs `vidkit reconstruct`: the report first (with the discarded files),
/// then the error if too few valid shards were left.
pub fn run(a: ReconstructArgs, json: bool) -> Result<u8, CliError> {
    let cpath = a
        .commitment
        .clone()
        .unwrap_or_else(|| a.dir.join(COMMITMENT_FILE));
    let shards = fsio::shard_files(&a.dir)?;
    let cfile = check::read_commitment_file(&cpath)?;
    let srs = a.srs.explicit()?;
    keys::warn_recorded(&cfile, &srs);
    let p = cfile.params;
    let job = Reconstruct {
        commitment_path: &cpath,
        commitment: cfile,
        shards,
        srs: srs.as_ref(),
        out: &a.out,
        force: a.force,
        progress: Progress::new(json),
    };
    let (report, failure) = dispatch(p.scheme, p.curve, p.info.k, p.info.n, p.info.encoding, job)??;
    emit(json, &report, ReconstructReport::print);
    match failure {
        Some(e) => Err(e),
        None => Ok(EXIT_OK),
    }
}

/// What `reconstruct` needs besides the scheme.
pub struct Reconstruct<'a> {
    /// Where the commitment was read from.
    pub commitment_path: &'a Path,
    /// The commitment file.
    pub commitment: CommitmentFile,
    /// The shard files found.
    pub shards: Vec<PathBuf>,
    /// `--srs`, if given.
    pub srs: Option<&'a SrsChoice>,
    /// Where to write the rebuilt file.
    pub out: &'a Path,
    /// Overwrite an existing output file.
    pub force: bool,
    /// Progress display.
    pub progress: Progress,
}

/// The report of `reconstruct`.
#[derive(Clone, Debug, Serialize)]
pub struct ReconstructReport {
    /// The commitment used.
    #[serde(flatten)]
    pub commitment: Summary,
    /// One result per shard file found.
    pub files: Vec<FileResult>,
    /// Number of valid shard files.
    pub valid: usize,
    /// Indices of the k shards decoded from.
    pub used_indices: Vec<usize>,
    /// The rebuilt file, once written.
    pub out_file: Option<String>,
    /// Its size.
    pub bytes: Option<usize>,
    /// Time to read and parse the shard files (ms).
    pub read_ms: f64,
    /// Time to verify them (ms).
    pub verify_ms: f64,
    /// Time to decode (ms).
    pub decode_ms: f64,
    /// Why the file could not be rebuilt.
    pub error: Option<String>,
}

impl ReconstructReport {
    /// Human-readable summary.
    pub fn print(&self) {
        self.commitment.print();
        for f in &self.files {
            f.print();
        }
        if let (Some(out), Some(bytes)) = (&self.out_file, self.bytes) {
            println!(
                "rebuilt {bytes} bytes from shards {:?} into {out} (verify {:.1} ms, decode {:.1} ms)",
                self.used_indices, self.verify_ms, self.decode_ms
            );
        }
    }
}

impl SchemeVisitor for Reconstruct<'_> {
    type Output = Result<(ReconstructReport, Option<CliError>), CliError>;

    /// Returns the report and, when decoding was impossible, the error to
    /// report after it (so that the discarded files are listed first).
    fn visit<S: Scheme>(self, scheme: S) -> Self::Output {
        let loaded = check::load(
            &scheme,
            self.commitment_path,
            self.commitment.clone(),
            self.srs,
        )?;
        let checked = check::check(&scheme, &loaded, &self.shards, self.progress);
        let info = self.commitment.params.info;
        let mut report = ReconstructReport {
            commitment: Summary::new(self.commitment_path, &self.commitment, &loaded.setup),
            files: checked.results.clone(),
            valid: checked.valid.len(),
            used_indices: Vec::new(),
            out_file: None,
            bytes: None,
            read_ms: checked.parse_ms,
            verify_ms: checked.verify_ms,
            decode_ms: 0.0,
            error: None,
        };
        // k valid shards with distinct indices
        let mut shards = checked.valid;
        shards.sort_by_key(|s| s.index);
        shards.dedup_by_key(|s| s.index);
        if shards.len() < info.k {
            let e = CliError::NotEnoughShards {
                valid: shards.len(),
                k: info.k,
            };
            report.error = Some(e.to_string());
            return Ok((report, Some(e)));
        }
        shards.truncate(info.k);
        report.used_indices = shards.iter().map(|s| s.index).collect();
        fsio::check_free(self.out, self.force)?;
        let start = std::time::Instant::now();
        let data = scheme
            .decode(&info, &shards)
            .map_err(|e| vidkit::Error::scheme(S::NAME, e))?;
        report.decode_ms = ms(start.elapsed());
        fsio::write_atomic(self.out, &data, self.force)?;
        report.out_file = Some(self.out.display().to_string());
        report.bytes = Some(data.len());
        Ok((report, None))
    }
}
