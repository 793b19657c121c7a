//! `vidkit verify`: check one shard file, or every shard file of a directory,
//! against a commitment.

use crate::check::{self, Checked, FileResult, Summary};
use crate::conventions::{self, COMMITMENT_FILE};
use crate::error::CliError;
use crate::fsio;
use crate::keys::{SrsChoice, TrustArgs};
use crate::limits::Limits;
use crate::output::{emit, say};
use crate::progress::Progress;
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::format::CommitmentFile;
use vidkit::{Scheme, SchemeVisitor};

/// The arguments of `vidkit verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Shard files and/or directories of shard files.
    #[arg(required = true)]
    targets: Vec<PathBuf>,
    /// The commitment (default: commitment.vid beside the shards).
    #[arg(long)]
    commitment: Option<PathBuf>,
    #[command(flatten)]
    trust: TrustArgs,
    #[command(flatten)]
    limits: Limits,
}

/// Runs `vidkit verify`; the exit status follows
/// [`conventions::verify_outcome`].
pub fn run(a: VerifyArgs, json: bool) -> Result<u8, CliError> {
    let (cpath, shards) = operands(&a.targets, a.commitment.as_deref())?;
    let cfile = check::read_commitment_file(&cpath, &a.limits)?;
    let setup = a.trust.anchor(&cpath, &cfile)?;
    let single = shards.len() == 1 && !a.targets.iter().any(|t| t.is_dir());
    let job = Verify {
        commitment_path: &cpath,
        commitment: cfile.clone(),
        shards,
        setup,
        limits: a.limits,
        progress: Progress::new(json),
    };
    let report = check::dispatch_commitment(&cpath, &cfile, job)?;
    emit(json, &report, VerifyReport::print);
    conventions::verify_outcome(&report.files, single, &a.targets[0])
}

/// What `verify` needs besides the scheme.
pub struct Verify<'a> {
    /// Where the commitment was read from.
    pub commitment_path: &'a Path,
    /// The commitment file.
    pub commitment: CommitmentFile,
    /// The shard files to check.
    pub shards: Vec<PathBuf>,
    /// The setup to check against.
    pub setup: SrsChoice,
    /// The limits files are read under.
    pub limits: Limits,
    /// Progress display.
    pub progress: Progress,
}

/// The report of `verify`.
#[derive(Clone, Debug, Serialize)]
pub struct VerifyReport {
    /// The commitment used.
    #[serde(flatten)]
    pub commitment: Summary,
    /// Whether one batch check accepted every well-formed shard (none if there was none).
    pub batch_accepted: Option<bool>,
    /// Number of valid shard files.
    pub valid: usize,
    /// One result per shard file.
    pub files: Vec<FileResult>,
    /// Time to read and parse the shard files (ms).
    pub read_ms: f64,
    /// Time to verify them (ms).
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
            f.print();
        }
        match self.batch_accepted {
            Some(true) => say!("batch verification accepted all {} shard(s)", self.valid),
            Some(false) => say!("batch verification failed: checked one by one"),
            None => {}
        }
        say!(
            "{} of {} file(s) valid (read {:.1} ms, verify {:.1} ms)",
            self.valid,
            self.files.len(),
            self.read_ms,
            self.verify_ms
        );
    }
}

impl SchemeVisitor for Verify<'_> {
    type Output = Result<VerifyReport, CliError>;

    fn visit<S: Scheme>(self, scheme: S) -> Self::Output {
        let loaded = check::load(
            &scheme,
            self.commitment_path,
            self.commitment.clone(),
            self.setup.clone(),
            self.limits,
        )?;
        let checked = check::check(&scheme, &loaded, &self.shards, self.progress);
        Ok(VerifyReport::new(&self, &checked, &loaded.setup))
    }
}

/// Resolves `verify`'s operands: a directory (all its shard files, the
/// commitment defaulting to `DIR/commitment.vid`) or shard files (the
/// commitment defaulting to `commitment.vid` beside the first one). An
/// operand that does not exist is an error naming it (before the commitment
/// beside it is looked for).
pub fn operands(
    targets: &[PathBuf],
    commitment: Option<&Path>,
) -> Result<(PathBuf, Vec<PathBuf>), CliError> {
    let mut shards = Vec::new();
    let mut default_commitment = None;
    for t in targets {
        let meta = std::fs::metadata(t).map_err(|e| CliError::io(t, e))?;
        if meta.is_dir() {
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
