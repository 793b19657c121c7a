//! `vidkit reconstruct`: verify the shard files of a directory, discard the
//! bad ones, and decode the file from k valid shards.

use crate::check::{self, FileResult, Summary};
use crate::error::CliError;
use crate::fsio;
use crate::keys::SrsChoice;
use crate::progress::{ms, Progress};
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::format::CommitmentFile;
use vidkit::{Scheme, SchemeVisitor};

/// What `reconstruct` needs besides the scheme.
pub struct Reconstruct<'a> {
    pub commitment_path: &'a Path,
    pub commitment: CommitmentFile,
    pub shards: Vec<PathBuf>,
    pub srs: Option<&'a SrsChoice>,
    pub out: &'a Path,
    pub force: bool,
    pub progress: Progress,
}

/// The report of `reconstruct`.
#[derive(Clone, Debug, Serialize)]
pub struct ReconstructReport {
    #[serde(flatten)]
    pub commitment: Summary,
    pub files: Vec<FileResult>,
    pub valid: usize,
    pub used_indices: Vec<usize>,
    pub out_file: Option<String>,
    pub bytes: Option<usize>,
    pub read_ms: f64,
    pub verify_ms: f64,
    pub decode_ms: f64,
    pub error: Option<String>,
}

impl ReconstructReport {
    /// Human-readable summary.
    pub fn print(&self) {
        self.commitment.print();
        for f in &self.files {
            crate::verify::print_result(f);
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
