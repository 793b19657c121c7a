//! `vidkit verify`: check one shard file, or every shard file of a directory,
//! against a commitment.

use crate::check::{self, Checked, FileResult, Status, Summary};
use crate::cli::COMMITMENT_FILE;
use crate::error::CliError;
use crate::fsio;
use crate::keys::SrsChoice;
use crate::progress::Progress;
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::format::CommitmentFile;
use vidkit::{Scheme, SchemeVisitor};

/// What `verify` (and `reconstruct`) need besides the scheme.
pub struct Verify<'a> {
    pub commitment_path: &'a Path,
    pub commitment: CommitmentFile,
    pub shards: Vec<PathBuf>,
    pub srs: Option<&'a SrsChoice>,
    pub progress: Progress,
}

/// The report of `verify`.
#[derive(Clone, Debug, Serialize)]
pub struct VerifyReport {
    #[serde(flatten)]
    pub commitment: Summary,
    pub batch_accepted: Option<bool>,
    pub valid: usize,
    pub files: Vec<FileResult>,
    pub read_ms: f64,
    pub verify_ms: f64,
}

impl VerifyReport {
    fn new<S: Scheme>(v: &Verify<'_>, checked: &Checked<S>, setup: &SrsChoice) -> Self {
        Self {
            commitment: Summary::new(v.commitment_path, &v.commitment, setup),
            batch_accepted: checked.batch_accepted,
            valid: checked.valid.len(),
            files: checked.results.clone(),
            read_ms: checked.parse_ms,
            verify_ms: checked.verify_ms,
        }
    }

    /// Human-readable verdicts, one line per file.
    pub fn print(&self) {
        self.commitment.print();
        for f in &self.files {
            print_result(f);
        }
        match self.batch_accepted {
            Some(true) => println!("batch verification accepted all {} shard(s)", self.valid),
            Some(false) => println!("batch verification failed: checked one by one"),
            None => {}
        }
        println!(
            "{} of {} file(s) valid (read {:.1} ms, verify {:.1} ms)",
            self.valid,
            self.files.len(),
            self.read_ms,
            self.verify_ms
        );
    }
}

/// Prints one file's verdict.
pub fn print_result(f: &FileResult) {
    let index = f
        .index
        .map(|i| format!("shard {i}"))
        .unwrap_or_else(|| "shard ?".to_owned());
    match f.status {
        Status::Valid => println!("  VALID    {} ({index})", f.file),
        Status::Invalid => println!(
            "  INVALID  {} ({index}): {}",
            f.file,
            f.reason.as_deref().unwrap_or("")
        ),
        Status::Unusable => println!(
            "  REJECTED {}: {}",
            f.file,
            f.reason.as_deref().unwrap_or("")
        ),
    }
}

impl SchemeVisitor for Verify<'_> {
    type Output = Result<VerifyReport, CliError>;

    fn visit<S: Scheme>(self, scheme: S) -> Self::Output {
        let loaded = check::load(
            &scheme,
            self.commitment_path,
            self.commitment.clone(),
            self.srs,
        )?;
        let checked = check::check(&scheme, &loaded, &self.shards, self.progress);
        Ok(VerifyReport::new(&self, &checked, &loaded.setup))
    }
}

/// Resolves `verify`'s operands: a directory (all its shard files, the
/// commitment defaulting to `DIR/commitment.vid`) or shard files (the
/// commitment defaulting to `commitment.vid` beside the first one).
pub fn operands(
    targets: &[PathBuf],
    commitment: Option<&Path>,
) -> Result<(PathBuf, Vec<PathBuf>), CliError> {
    let mut shards = Vec::new();
    let mut default_commitment = None;
    for t in targets {
        if t.is_dir() {
            let found = fsio::shard_files(t)?;
            if found.is_empty() {
                return Err(CliError::NoShards { dir: t.clone() });
            }
            shards.extend(found);
            default_commitment.get_or_insert_with(|| t.join(COMMITMENT_FILE));
        } else {
            shards.push(t.clone());
            default_commitment
                .get_or_insert_with(|| t.parent().unwrap_or(Path::new(".")).join(COMMITMENT_FILE));
        }
    }
    let commitment = match commitment {
        Some(c) => c.to_owned(),
        None => default_commitment.ok_or(CliError::Usage("nothing to verify"))?,
    };
    Ok((commitment, shards))
}
