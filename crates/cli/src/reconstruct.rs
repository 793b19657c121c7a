//! `vidkit reconstruct`: verify the shard files of a directory, discard the
//! bad ones, and decode the file from k valid shards.

use crate::check::{self, FileResult, Status, Summary};
use crate::conventions::{COMMITMENT_FILE, EXIT_OK};
use crate::error::CliError;
use crate::fsio;
use crate::keys::{SrsChoice, TrustArgs};
use crate::limits::Limits;
use crate::output::{emit, say};
use crate::progress::{ms, Progress};
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::format::CommitmentFile;
use vidkit::{Scheme, SchemeVisitor};

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
    trust: TrustArgs,
    #[command(flatten)]
    limits: Limits,
}

/// Runs `vidkit reconstruct`: the report first (with the discarded files),
/// then the error if the file could not be rebuilt. The output is refused
/// before any work if it exists (without `--force`), and written only whole
/// (a temporary file renamed), so a failure never leaves partial output.
pub fn run(a: ReconstructArgs, json: bool) -> Result<u8, CliError> {
    fsio::check_free(&a.out, a.force)?;
    let cpath = a
        .commitment
        .clone()
        .unwrap_or_else(|| a.dir.join(COMMITMENT_FILE));
    let shards = fsio::shard_files(&a.dir)?;
    let cfile = check::read_commitment_file(&cpath, &a.limits)?;
    let setup = a.trust.anchor(&cpath, &cfile)?;
    let job = Reconstruct {
        dir: &a.dir,
        commitment_path: &cpath,
        commitment: cfile.clone(),
        shards,
        setup,
        limits: a.limits,
        out: &a.out,
        force: a.force,
        progress: Progress::new(json),
    };
    let (report, failure) = check::dispatch_commitment(&cpath, &cfile, job)?;
    emit(json, &report, ReconstructReport::print);
    match failure {
        Some(e) => Err(e),
        None => Ok(EXIT_OK),
    }
}

/// What `reconstruct` needs besides the scheme.
pub struct Reconstruct<'a> {
    /// The directory of shard files (named in the errors).
    pub dir: &'a Path,
    /// Where the commitment was read from.
    pub commitment_path: &'a Path,
    /// The commitment file.
    pub commitment: CommitmentFile,
    /// The shard files found.
    pub shards: Vec<PathBuf>,
    /// The setup to check against.
    pub setup: SrsChoice,
    /// The limits files are read under.
    pub limits: Limits,
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
    /// Sets of k valid shards that did not decode before one did, with why.
    pub decode_failures: Vec<String>,
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
        for d in &self.decode_failures {
            say!("  could not decode from {d}");
        }
        if let (Some(out), Some(bytes)) = (&self.out_file, self.bytes) {
            say!(
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
            self.setup.clone(),
            self.limits,
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
            decode_failures: Vec::new(),
            error: None,
        };
        // valid shards with distinct indices
        let mut shards = checked.valid;
        shards.sort_by_key(|s| s.index);
        shards.dedup_by_key(|s| s.index);
        if shards.len() < info.k {
            let e = CliError::NotEnoughShards {
                dir: self.dir.to_owned(),
                valid: shards.len(),
                k: info.k,
            };
            report.error = Some(e.to_string());
            return Ok((report, Some(e)));
        }
        // Verified shards of a sound scheme lie on the committed polynomials,
        // so any k of them decode alike; should a set fail anyway, the next
        // window of k (by index) is tried, until every shard has been in one.
        let start = std::time::Instant::now();
        let mut first_failure = None;
        for set in shards.windows(info.k) {
            let indices: Vec<usize> = set.iter().map(|s| s.index).collect();
            match scheme.decode(&info, set) {
                Ok(data) => {
                    report.decode_ms = ms(start.elapsed());
                    report.used_indices = indices;
                    fsio::write_atomic(self.out, &data, self.force)?;
                    report.out_file = Some(self.out.display().to_string());
                    report.bytes = Some(data.len());
                    return Ok((report, None));
                }
                Err(e) => {
                    let reason = vidkit::Error::scheme(S::NAME, e).to_string();
                    let files = files_of(&checked.results, &indices);
                    report
                        .decode_failures
                        .push(format!("shards {files}: {reason}"));
                    first_failure.get_or_insert((files, reason));
                }
            }
        }
        report.decode_ms = ms(start.elapsed());
        let (shards, reason) = first_failure.unwrap_or_default();
        let e = CliError::Undecodable {
            dir: self.dir.to_owned(),
            attempts: report.decode_failures.len(),
            shards,
            reason,
        };
        report.error = Some(e.to_string());
        Ok((report, Some(e)))
    }
}

/// The shard files (one per index, the first valid one found) of `indices`,
/// comma-separated.
fn files_of(results: &[FileResult], indices: &[usize]) -> String {
    indices
        .iter()
        .filter_map(|j| {
            results
                .iter()
                .find(|f| f.index == Some(*j) && f.status == Status::Valid)
        })
        .map(|f| f.file.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
