//! Which setup (SRS) a command uses, and re-deriving the keys from it.
//!
//! Setups are deterministic: `Scheme::setup(srs, max_bytes)` gives the same
//! keys for the same SRS and size, so a verifier re-derives the verifier key
//! from the SRS (the built-in insecure one, or `--srs FILE`) and the size
//! recorded in the commitment file, and compares its digest with the one
//! recorded there: using another setup is a clear error instead of a wall of
//! rejected shards.

use crate::error::{short_hex, CliError};
use crate::fsio;
use clap::Args;
use std::path::{Path, PathBuf};
use vidkit::format::{digest, CommitmentFile, Digest, SetupRecord, SrsFile, SrsSource};
use vidkit::{core::to_bytes, CurveName, Scheme, Srs};

/// Seed of the built-in insecure test setup (the ASCII of "vidkit").
pub const BUILTIN_SEED: u64 = 0x7669_646b_6974;

/// The loud warning printed whenever the built-in setup is used.
pub const INSECURE_WARNING: &str = "warning: using the built-in INSECURE test setup (its trapdoor is derived from a public seed, so anyone can forge proofs); pass --srs FILE for real use";

/// The `--srs` option of the commands that use a setup.
#[derive(Args, Debug)]
pub struct SrsArg {
    /// Setup file written by `vidkit setup` (default: the built-in INSECURE test setup, with a warning).
    #[arg(long, value_name = "SRS")]
    pub srs: Option<PathBuf>,
}

impl SrsArg {
    /// The setup to make keys with (`disperse`): `--srs FILE`, else the
    /// built-in insecure one; warns on standard error when it is insecure.
    pub fn choice(&self) -> Result<SrsChoice, CliError> {
        let choice = SrsChoice::from_arg(self.srs.as_deref())?;
        warn_if_insecure(&choice);
        Ok(choice)
    }

    /// The setup given with `--srs`, if any (`verify`, `reconstruct`: without
    /// it the commitment's recorded setup is used); warns on standard error
    /// when it is insecure.
    pub fn explicit(&self) -> Result<Option<SrsChoice>, CliError> {
        self.srs
            .as_deref()
            .map(|p| {
                let c = SrsChoice::from_arg(Some(p))?;
                warn_if_insecure(&c);
                Ok(c)
            })
            .transpose()
    }
}

/// Warns on standard error (in text and JSON modes alike) that `choice` is insecure.
fn warn_if_insecure(choice: &SrsChoice) {
    match choice {
        SrsChoice::Builtin(_) => eprintln!("{INSECURE_WARNING}"),
        SrsChoice::File { path, file } if file.insecure => eprintln!(
            "warning: {} is an INSECURE test setup (its trapdoor was known to its maker)",
            path.display()
        ),
        SrsChoice::File { .. } => {}
    }
}

/// Warns when no `--srs` was given and the commitment records the built-in
/// insecure setup (which is then used).
pub fn warn_recorded(cfile: &CommitmentFile, srs: &Option<SrsChoice>) {
    if srs.is_none() && matches!(cfile.setup.source, SrsSource::BuiltinInsecure { .. }) {
        eprintln!("{INSECURE_WARNING}");
    }
}

/// The setup a command was asked to use.
#[derive(Clone, Debug)]
pub enum SrsChoice {
    /// The built-in insecure setup with this seed.
    Builtin(u64),
    /// A setup file.
    File {
        /// where it was read from
        path: PathBuf,
        /// its content
        file: SrsFile,
    },
}

impl SrsChoice {
    /// `--srs FILE` if given, else the built-in setup.
    pub fn from_arg(path: Option<&Path>) -> Result<Self, CliError> {
        match path {
            None => Ok(SrsChoice::Builtin(BUILTIN_SEED)),
            Some(p) => {
                let bytes = fsio::read(p)?;
                let file = SrsFile::from_bytes(&bytes).map_err(|e| CliError::format(p, e))?;
                Ok(SrsChoice::File {
                    path: p.to_owned(),
                    file,
                })
            }
        }
    }

    /// Whether the trapdoor is public or was known to whoever made the file.
    pub fn insecure(&self) -> bool {
        match self {
            SrsChoice::Builtin(_) => true,
            SrsChoice::File { file, .. } => file.insecure,
        }
    }

    /// Human description.
    pub fn describe(&self) -> String {
        match self {
            SrsChoice::Builtin(seed) => {
                format!("the built-in INSECURE test setup (seed {seed:#x})")
            }
            SrsChoice::File { path, file } => format!(
                "{} ({}{})",
                path.display(),
                if file.insecure { "INSECURE, " } else { "" },
                short_hex(&file.digest())
            ),
        }
    }
}

/// Human description of a recorded setup.
pub fn describe_record(record: &SetupRecord) -> String {
    match record.source {
        SrsSource::BuiltinInsecure { seed } => {
            format!("the built-in INSECURE test setup (seed {seed:#x})")
        }
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

/// Derives the keys of `scheme` over `curve` for files of up to `max_bytes`.
pub fn derive<S: Scheme>(
    scheme: &S,
    curve: CurveName,
    choice: &SrsChoice,
    max_bytes: u64,
) -> Result<Keys<S>, CliError> {
    let size = usize::try_from(max_bytes.max(1)).map_err(|_| CliError::Usage("file too large"))?;
    let (srs, source) = match choice {
        SrsChoice::Builtin(seed) => (
            scheme
                .insecure_srs(size, *seed)
                .map_err(|e| vidkit::Error::scheme(S::NAME, e))?,
            SrsSource::BuiltinInsecure { seed: *seed },
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
            let shapes = scheme
                .srs_shape(size)
                .map_err(|e| vidkit::Error::scheme(S::NAME, e))?;
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
    let (pk, vk) = scheme
        .setup(&srs, size)
        .map_err(|e| vidkit::Error::scheme(S::NAME, e))?;
    let vk_digest = digest("verifier-key", &to_bytes(&vk));
    Ok(Keys {
        pk,
        vk,
        vk_digest,
        record: SetupRecord { max_bytes, source },
    })
}

/// Re-derives the keys a commitment was made with: `--srs` if given, else the
/// setup the commitment records (the built-in one; a file must be passed).
pub fn for_commitment<S: Scheme>(
    scheme: &S,
    cpath: &Path,
    cfile: &CommitmentFile,
    srs: Option<&SrsChoice>,
) -> Result<(Keys<S>, SrsChoice), CliError> {
    let choice = match (srs, cfile.setup.source) {
        (Some(c), _) => c.clone(),
        (None, SrsSource::BuiltinInsecure { seed }) => SrsChoice::Builtin(seed),
        (None, SrsSource::File { digest }) => {
            return Err(CliError::SrsNeeded {
                path: cpath.to_owned(),
                digest: digest.iter().map(|b| format!("{b:02x}")).collect(),
            })
        }
    };
    let keys = derive(scheme, cfile.params.curve, &choice, cfile.setup.max_bytes)?;
    if keys.vk_digest != cfile.vk_digest {
        return Err(CliError::SetupMismatch {
            path: cpath.to_owned(),
            made_with: describe_record(&cfile.setup),
            used: choice.describe(),
        });
    }
    Ok((keys, choice))
}
