//! Which setup (SRS) a command uses, and re-deriving the keys from it.
//!
//! Setups are deterministic: `Scheme::setup(srs, max_bytes)` gives the same
//! keys for the same SRS and size, so a verifier re-derives the verifier key
//! from the SRS and the size recorded in the commitment file, and compares
//! its digest with the one recorded there.
//!
//! The verifier's SRS (its trust anchor) is chosen by the user, never by the
//! commitment under test: `--srs FILE`, or `--insecure-test-setup` for the
//! built-in insecure one ([`TrustArgs`]). The setup the commitment records
//! must be that one ([`check_record`]); anything else is an error before any
//! key is derived.

use crate::error::{short_hex, CliError};
use crate::fsio;
use crate::output::escape;
use clap::Args;
use std::path::{Path, PathBuf};
use vidkit::format::{digest, CommitmentFile, Digest, SetupRecord, SrsFile, SrsSource};
use vidkit::{core::to_bytes, CurveName, Scheme, Srs};

/// Seed of the built-in insecure test setup (the ASCII of "vidkit").
pub const BUILTIN_SEED: u64 = 0x7669_646b_6974;

/// The loud warning printed whenever the built-in setup is used.
pub const INSECURE_WARNING: &str = "warning: using the built-in INSECURE test setup (its trapdoor is derived from a public seed, so anyone can forge proofs); pass --srs FILE for real use";

/// The `--srs` option of `disperse`, which may use the built-in setup.
#[derive(Args, Debug)]
pub struct SrsArg {
    /// Setup file written by `vidkit setup` (default: the built-in INSECURE test setup, with a warning).
    #[arg(long, value_name = "SRS")]
    pub srs: Option<PathBuf>,
}

impl SrsArg {
    /// The setup to make keys with: `--srs FILE`, else the built-in insecure
    /// one; warns on standard error when it is insecure.
    pub fn choice(&self) -> Result<SrsChoice, CliError> {
        let choice = match &self.srs {
            None => SrsChoice::Builtin,
            Some(p) => SrsChoice::read(p)?,
        };
        warn_if_insecure(&choice);
        Ok(choice)
    }
}

/// The trust anchor of `verify` and `reconstruct`: the setup to check a
/// commitment against. It is never taken from the commitment under test
/// (whoever made it would choose a setup whose trapdoor they know).
#[derive(Args, Debug)]
pub struct TrustArgs {
    /// The setup file the commitment must have been made with.
    #[arg(long, value_name = "SRS")]
    pub srs: Option<PathBuf>,
    /// Check against the built-in INSECURE test setup (its trapdoor comes
    /// from a public seed, so anyone can forge proofs): tests and demonstrations only.
    #[arg(long, conflicts_with = "srs")]
    pub insecure_test_setup: bool,
}

impl TrustArgs {
    /// The setup given to check the commitment `cfile` (read from `cpath`)
    /// against, once it is known to be the one the commitment records
    /// ([`check_record`]); warns on standard error when it is insecure.
    pub fn anchor(&self, cpath: &Path, cfile: &CommitmentFile) -> Result<SrsChoice, CliError> {
        let choice = match (&self.srs, self.insecure_test_setup) {
            (Some(p), _) => SrsChoice::read(p)?,
            (None, true) => SrsChoice::Builtin,
            (None, false) => {
                return Err(CliError::NoTrustAnchor {
                    path: cpath.to_owned(),
                    recorded: describe_record(&cfile.setup),
                })
            }
        };
        check_record(cpath, &cfile.setup, &choice)?;
        warn_if_insecure(&choice);
        Ok(choice)
    }
}

/// Fails with [`CliError::SetupMismatch`] unless `choice` is the setup that
/// `record` names: the built-in setup (its one seed, [`BUILTIN_SEED`]), or
/// the setup file of the recorded digest (which covers its curve, label and
/// every power).
pub fn check_record(
    cpath: &Path,
    record: &SetupRecord,
    choice: &SrsChoice,
) -> Result<(), CliError> {
    let same = match (record.source, choice) {
        (SrsSource::BuiltinInsecure { seed }, SrsChoice::Builtin) => seed == BUILTIN_SEED,
        (SrsSource::File { digest }, SrsChoice::File { file, .. }) => digest == file.digest(),
        _ => false,
    };
    if same {
        return Ok(());
    }
    Err(CliError::SetupMismatch {
        path: cpath.to_owned(),
        made_with: describe_record(record),
        used: choice.describe(),
    })
}

/// Warns on standard error (in text and JSON modes alike) that `choice` is insecure.
fn warn_if_insecure(choice: &SrsChoice) {
    match choice {
        SrsChoice::Builtin => eprintln!("{INSECURE_WARNING}"),
        SrsChoice::File { path, file } if file.insecure => eprintln!(
            "warning: {} is an INSECURE test setup (its trapdoor was known to its maker)",
            escape(&path.display().to_string())
        ),
        SrsChoice::File { .. } => {}
    }
}

/// The setup a command was asked to use.
#[derive(Clone, Debug)]
pub enum SrsChoice {
    /// The built-in insecure setup (seed [`BUILTIN_SEED`]).
    Builtin,
    /// A setup file.
    File {
        /// where it was read from
        path: PathBuf,
        /// its content
        file: SrsFile,
    },
}

impl SrsChoice {
    /// Reads the setup file `path`.
    pub fn read(path: &Path) -> Result<Self, CliError> {
        let bytes = fsio::read(path)?;
        let file = SrsFile::from_bytes(&bytes).map_err(|e| CliError::format(path, e))?;
        Ok(SrsChoice::File {
            path: path.to_owned(),
            file,
        })
    }

    /// Whether the trapdoor is public or was known to whoever made the file.
    pub fn insecure(&self) -> bool {
        match self {
            SrsChoice::Builtin => true,
            SrsChoice::File { file, .. } => file.insecure,
        }
    }

    /// Human description.
    pub fn describe(&self) -> String {
        match self {
            SrsChoice::Builtin => describe_builtin(BUILTIN_SEED),
            SrsChoice::File { path, file } => format!(
                "{} ({}, {}{})",
                path.display(),
                file.curve,
                if file.insecure { "INSECURE, " } else { "" },
                short_hex(&file.digest())
            ),
        }
    }
}

/// Human description of the built-in setup with `seed`.
fn describe_builtin(seed: u64) -> String {
    format!("the built-in INSECURE test setup (seed {seed:#x})")
}

/// Human description of a recorded setup.
pub fn describe_record(record: &SetupRecord) -> String {
    match record.source {
        SrsSource::BuiltinInsecure { seed } => describe_builtin(seed),
        SrsSource::File { digest } => format!("an SRS file of digest {}", short_hex(&digest)),
    }
}

/// Keys derived for one dispersal.
pub struct Keys<S: Scheme> {
    /// Prover key.
    pub pk: S::ProverKey,
    /// Verifier key.
    pub vk: S::VerifierKey,
    /// Digest of the verifier key.
    pub vk_digest: Digest,
    /// How they were derived.
    pub record: SetupRecord,
}

/// Derives the keys of `scheme` over `curve` for files of up to `max_bytes`
/// (the caller has checked it against the limits); `subject` is the file
/// the keys are for, named in the scheme's errors.
pub fn derive<S: Scheme>(
    scheme: &S,
    curve: CurveName,
    choice: &SrsChoice,
    max_bytes: u64,
    subject: &Path,
) -> Result<Keys<S>, CliError> {
    let fail = |e: S::Error| CliError::scheme(subject, vidkit::Error::scheme(S::NAME, e));
    let size = usize::try_from(max_bytes.max(1)).map_err(|_| CliError::OverLimit {
        path: subject.to_owned(),
        what: "setup size",
        value: max_bytes,
        limit: usize::MAX as u64,
    })?;
    let (srs, source) = match choice {
        SrsChoice::Builtin => (
            scheme.insecure_srs(size, BUILTIN_SEED).map_err(fail)?,
            SrsSource::BuiltinInsecure { seed: BUILTIN_SEED },
        ),
        SrsChoice::File { path, file } => {
            if file.curve != curve {
                return Err(CliError::SrsCurve {
                    path: path.clone(),
                    found: file.curve,
                    expected: curve,
                });
            }
            if file.powers.len() < S::TRAPDOORS {
                return Err(CliError::Srs {
                    path: path.clone(),
                    source: vidkit::Error::scheme(
                        S::NAME,
                        vidkit::core::Error::SrsStringCount {
                            need: S::TRAPDOORS,
                            got: file.powers.len(),
                        },
                    ),
                });
            }
            // only the powers the scheme uses are read and validated (subgroup
            // and pairing checks cost O(powers)); the file digest covers the rest
            let shapes = scheme.srs_shape(size).map_err(fail)?;
            let mut rng = vidkit::core::rng::os_rng();
            let powers = file.powers[..S::TRAPDOORS]
                .iter()
                .zip(shapes)
                .map(|(b, shape)| Srs::<S::Curve>::from_bytes_prefix(b, shape, &mut rng))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| CliError::Srs {
                    path: path.clone(),
                    source: e.into(),
                })?;
            let srs = scheme.srs_from_powers(powers).map_err(|e| CliError::Srs {
                path: path.clone(),
                source: vidkit::Error::scheme(S::NAME, e),
            })?;
            (
                srs,
                SrsSource::File {
                    digest: file.digest(),
                },
            )
        }
    };
    let (pk, vk) = scheme.setup(&srs, size).map_err(fail)?;
    let vk_digest = digest("verifier-key", &to_bytes(&vk));
    Ok(Keys {
        pk,
        vk,
        vk_digest,
        record: SetupRecord { max_bytes, source },
    })
}

/// Re-derives the keys the commitment `cfile` was made with from `choice`
/// (already matched with its record by [`TrustArgs::anchor`]) and checks
/// them against the recorded verifier-key digest.
pub fn for_commitment<S: Scheme>(
    scheme: &S,
    cpath: &Path,
    cfile: &CommitmentFile,
    choice: &SrsChoice,
) -> Result<Keys<S>, CliError> {
    let keys = derive(
        scheme,
        cfile.params.curve,
        choice,
        cfile.setup.max_bytes,
        cpath,
    )?;
    if keys.vk_digest != cfile.vk_digest {
        return Err(CliError::KeyMismatch {
            path: cpath.to_owned(),
            used: choice.describe(),
        });
    }
    Ok(keys)
}
