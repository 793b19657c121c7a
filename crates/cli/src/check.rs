//! Loading a commitment and checking shard files against it (shared by
//! `verify` and `reconstruct`).

use crate::error::{CliError, Mismatch};
use crate::limits::Limits;
use crate::output::say;
use crate::progress::{ms, Progress};
use crate::{fsio, keys};
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::core::{from_bytes, ScalarOf};
use vidkit::format::{CommitmentFile, ShardFile};
use vidkit::{Scheme, SchemeVisitor, Shard};

/// Reads a commitment file (a regular file of at most
/// [`Limits::file_cap`] bytes) and checks the sizes its header states
/// against the limits, before any scheme, setup or table is built.
pub fn read_commitment_file(path: &Path, limits: &Limits) -> Result<CommitmentFile, CliError> {
    let bytes = fsio::read_capped(path, limits.file_cap())?;
    let file = CommitmentFile::from_bytes(&bytes).map_err(|e| CliError::format(path, e))?;
    limits.check(path, "the file length L", file.params.info.len)?;
    limits.check(path, "the setup size", file.setup.max_bytes)?;
    Ok(file)
}

/// Builds the scheme the commitment `file` (read from `path`) names and runs
/// `job` on it; a scheme that is not available or refuses the parameters
/// (`k`, `n` above [`vidkit::erasure::MAX_SHARDS`], the encoding) is an
/// error naming the file.
pub fn dispatch_commitment<V: SchemeVisitor<Output = Result<T, CliError>>, T>(
    path: &Path,
    file: &CommitmentFile,
    job: V,
) -> Result<T, CliError> {
    let p = file.params;
    vidkit::dispatch(p.scheme, p.curve, p.info.k, p.info.n, p.info.encoding, job)
        .map_err(|e| CliError::scheme(path, e))?
}

/// A commitment decoded by its scheme, with the keys to check shards against it.
pub struct Loaded<S: Scheme> {
    /// The commitment file.
    pub file: CommitmentFile,
    /// The commitment, decoded by the scheme.
    pub commitment: S::Commitment,
    /// The keys re-derived from the setup.
    pub keys: keys::Keys<S>,
    /// The setup they were derived from.
    pub setup: keys::SrsChoice,
    /// The limits files are read under.
    pub limits: Limits,
}

/// Decodes the commitment with `scheme` and re-derives the keys from
/// `setup` (the trust anchor, already matched with the commitment's record).
/// `m` is checked against `L` and `k` first: with `L` within the limits, so
/// is every size the keys are derived for.
pub fn load<S: Scheme>(
    scheme: &S,
    path: &Path,
    file: CommitmentFile,
    setup: keys::SrsChoice,
    limits: Limits,
) -> Result<Loaded<S>, CliError> {
    file.params
        .info
        .check_rows::<ScalarOf<S>>()
        .map_err(|e| CliError::malformed(path, e))?;
    let commitment: S::Commitment =
        from_bytes("commitment", &file.commitment).map_err(|e| CliError::malformed(path, e))?;
    if scheme.file_info(&commitment) != &file.params.info {
        return Err(CliError::mismatch(path, Mismatch::CommitmentHeader));
    }
    let keys = keys::for_commitment(scheme, path, &file, &setup)?;
    Ok(Loaded {
        file,
        commitment,
        keys,
        setup,
        limits,
    })
}

/// What `verify` and `reconstruct` report about the commitment they used.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Where the commitment was read from.
    pub commitment_file: String,
    /// Scheme name.
    pub scheme: String,
    /// Curve name.
    pub curve: String,
    /// Shards needed to rebuild the file.
    pub k: usize,
    /// Shards written.
    pub n: usize,
    /// Which setup the keys were derived from.
    pub setup: String,
    /// Whether that setup is insecure (known trapdoor).
    pub insecure_setup: bool,
}

impl Summary {
    /// The summary of a loaded commitment.
    pub fn new(path: &Path, file: &CommitmentFile, setup: &keys::SrsChoice) -> Self {
        let p = &file.params;
        Self {
            commitment_file: path.display().to_string(),
            scheme: p.scheme.to_string(),
            curve: p.curve.to_string(),
            k: p.info.k,
            n: p.info.n,
            setup: setup.describe(),
            insecure_setup: setup.insecure(),
        }
    }

    /// One line.
    pub fn print(&self) {
        say!(
            "commitment {} ({} on {}, k = {}, n = {}), setup: {}",
            self.commitment_file,
            self.scheme,
            self.curve,
            self.k,
            self.n,
            self.setup
        );
    }
}

/// The verdict on one shard file.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The proof verifies.
    Valid,
    /// Well-formed, but the proof is rejected: the shard was altered.
    Invalid,
    /// Unreadable, malformed, or not of this dispersal.
    Unusable,
}

/// One shard file's result.
#[derive(Clone, Debug, Serialize)]
pub struct FileResult {
    /// The shard file.
    pub file: String,
    /// The shard index, when the file could be read.
    pub index: Option<usize>,
    /// The verdict.
    pub status: Status,
    /// Why it is not valid.
    pub reason: Option<String>,
}

impl FileResult {
    /// Prints the verdict on one line.
    pub fn print(&self) {
        let index = self
            .index
            .map(|i| format!("shard {i}"))
            .unwrap_or_else(|| "shard ?".to_owned());
        match self.status {
            Status::Valid => say!("  VALID    {} ({index})", self.file),
            Status::Invalid => say!(
                "  INVALID  {} ({index}): {}",
                self.file,
                self.reason.as_deref().unwrap_or("")
            ),
            Status::Unusable => say!(
                "  REJECTED {}: {}",
                self.file,
                self.reason.as_deref().unwrap_or("")
            ),
        }
    }
}

/// A parsed shard with its proof.
pub struct Parsed<S: Scheme> {
    /// The shard.
    pub shard: Shard<ScalarOf<S>>,
    /// Its proof.
    pub proof: S::Proof,
}

fn parse<S: Scheme>(scheme: &S, loaded: &Loaded<S>, path: &Path) -> Result<Parsed<S>, CliError> {
    let bytes = fsio::read_capped(path, loaded.limits.file_cap())?;
    let file = ShardFile::from_bytes(&bytes).map_err(|e| CliError::format(path, e))?;
    let (ours, theirs) = (&loaded.file.params, &file.params);
    if theirs.scheme != ours.scheme {
        return Err(CliError::mismatch(
            path,
            Mismatch::Scheme {
                shard: theirs.scheme,
                commitment: ours.scheme,
            },
        ));
    }
    if theirs.curve != ours.curve {
        return Err(CliError::mismatch(
            path,
            Mismatch::Curve {
                shard: theirs.curve,
                commitment: ours.curve,
            },
        ));
    }
    if theirs.info != ours.info {
        return Err(CliError::mismatch(path, Mismatch::Params));
    }
    if file.commitment_digest != loaded.file.digest() {
        return Err(CliError::mismatch(path, Mismatch::Commitment));
    }
    let shard: Shard<ScalarOf<S>> =
        from_bytes("shard", &file.shard).map_err(|e| CliError::malformed(path, e))?;
    // the scheme checks the counts the bytes state against the parameters
    // before it decodes any element (aPlonK's rounds, per-row KZG's openings)
    let proof: S::Proof = scheme
        .proof_from_bytes(&file.params.info, &file.proof)
        .map_err(|e| CliError::malformed(path, e))?;
    if shard.index != file.index {
        return Err(CliError::mismatch(
            path,
            Mismatch::Index {
                header: file.index,
                payload: shard.index,
            },
        ));
    }
    Ok(Parsed { shard, proof })
}

/// Reason text of an error without the path prefix.
pub fn reason(path: &Path, e: &CliError) -> String {
    let text = e.to_string();
    let prefix = format!("{}: ", path.display());
    text.strip_prefix(&prefix)
        .map(str::to_owned)
        .unwrap_or(text)
}

/// Everything `check` found.
pub struct Checked<S: Scheme> {
    /// One result per file, in the order given.
    pub results: Vec<FileResult>,
    /// The valid shards, in file order.
    pub valid: Vec<Shard<ScalarOf<S>>>,
    /// Whether the batch check accepted all well-formed shards at once.
    pub batch_accepted: Option<bool>,
    /// Time to read and parse the files (ms).
    pub parse_ms: f64,
    /// Time to verify them (ms).
    pub verify_ms: f64,
}

/// Parses every file, batch-verifies the well-formed shards, and verifies one
/// by one (to name the bad ones) only when the batch fails.
pub fn check<S: Scheme>(
    scheme: &S,
    loaded: &Loaded<S>,
    paths: &[PathBuf],
    progress: Progress,
) -> Checked<S> {
    let start = std::time::Instant::now();
    let bar = progress.bar(paths.len(), "reading");
    let mut results = Vec::with_capacity(paths.len());
    let mut parsed = Vec::new();
    for path in paths {
        let name = path.display().to_string();
        match parse(scheme, loaded, path) {
            Ok(p) => {
                results.push(FileResult {
                    file: name,
                    index: Some(p.shard.index),
                    status: Status::Valid,
                    reason: None,
                });
                parsed.push((results.len() - 1, p));
            }
            Err(e) => results.push(FileResult {
                file: name,
                index: None,
                status: Status::Unusable,
                reason: Some(reason(path, &e)),
            }),
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let parse_ms = ms(start.elapsed());

    let start = std::time::Instant::now();
    let (vk, c) = (&loaded.keys.vk, &loaded.commitment);
    let items: Vec<_> = parsed.iter().map(|(_, p)| (&p.shard, &p.proof)).collect();
    let mut rng = vidkit::core::rng::os_rng();
    let batch = if items.is_empty() {
        None
    } else {
        let (r, _) = progress.step("batch verifying", || {
            scheme.batch_verify(vk, c, &items, &mut rng)
        });
        Some(matches!(r, Ok(true)))
    };
    if batch != Some(true) {
        let bar = progress.bar(parsed.len(), "verifying");
        for (at, p) in &parsed {
            match scheme.verify(vk, c, &p.shard, &p.proof) {
                Ok(true) => {}
                Ok(false) => {
                    results[*at].status = Status::Invalid;
                    results[*at].reason =
                        Some("proof rejected: the shard or its proof was altered".to_owned());
                }
                Err(e) => {
                    results[*at].status = Status::Unusable;
                    results[*at].reason = Some(format!("cannot be checked: {e}"));
                }
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
    }
    let verify_ms = ms(start.elapsed());
    let valid = parsed
        .into_iter()
        .filter(|(at, _)| results[*at].status == Status::Valid)
        .map(|(_, p)| p.shard)
        .collect();
    Checked {
        results,
        valid,
        batch_accepted: batch,
        parse_ms,
        verify_ms,
    }
}
