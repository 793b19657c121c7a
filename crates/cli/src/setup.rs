//! `vidkit setup`: write a setup (SRS) file.

use crate::conventions::EXIT_OK;
use crate::error::{short_hex, CliError};
use crate::fsio;
use crate::output::{emit, escape, say};
use crate::progress::Progress;
use ark_ec::pairing::Pairing;
use clap::Args;
use rand::RngCore;
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::core::to_bytes;
use vidkit::format::SrsFile;
use vidkit::{dispatch_curve, CurveName, CurveVisitor, Srs};

/// The arguments of `vidkit setup`.
#[derive(Args, Debug)]
pub struct SetupArgs {
    /// Curve: bls12-381, bn254 or bls24-317 (with --from-ethereum: bls12-381, the default).
    #[arg(long, required_unless_present = "from_ethereum")]
    curve: Option<CurveName>,
    /// Largest polynomial degree supported (the file holds max-degree + 1 powers per group).
    #[arg(long, value_name = "D", required_unless_present = "from_ethereum")]
    max_degree: Option<usize>,
    /// Convert the Ethereum KZG ceremony output (c-kzg's trusted_setup.txt:
    /// 4096 G1 and 65 G2 powers of τ on BLS12-381) instead, validating every point.
    #[arg(long, value_name = "TRUSTED_SETUP_TXT", conflicts_with = "max_degree")]
    from_ethereum: Option<PathBuf>,
    /// Output file.
    #[arg(long)]
    out: PathBuf,
    /// Overwrite an existing output file.
    #[arg(long)]
    force: bool,
}

/// Runs `vidkit setup`: a test setup, or the converted Ethereum ceremony.
pub fn run(a: SetupArgs, json: bool) -> Result<u8, CliError> {
    if let Some(ceremony) = &a.from_ethereum {
        let curve = a.curve.unwrap_or(CurveName::Bls12_381);
        if curve != CurveName::Bls12_381 {
            return Err(CliError::EthereumCurve { curve });
        }
        let report = from_ethereum(ceremony, &a.out, a.force, Progress::new(json))?;
        emit(json, &report, SetupReport::print);
        return Ok(EXIT_OK);
    }
    let (curve, degree) = match (a.curve, a.max_degree) {
        (Some(c), Some(d)) => (c, d),
        _ => return Err(CliError::Usage("--curve and --max-degree are required")),
    };
    let report = test_setup(curve, degree, &a.out, a.force, Progress::new(json))?;
    eprintln!(
        "warning: {} is an INSECURE test setup: never use it to protect real data",
        escape(&a.out.display().to_string())
    );
    emit(json, &report, SetupReport::print);
    Ok(EXIT_OK)
}

/// Number of independent powers-of-τ strings in a test setup file: enough for
/// every scheme (aPlonK needs two trapdoors; the others use the first string).
pub const TEST_STRINGS: usize = 2;

/// Makes the strings of an insecure test setup.
struct TestPowers {
    count: usize,
    seed: u64,
}

impl CurveVisitor for TestPowers {
    type Output = Vec<Vec<u8>>;
    fn visit<E: Pairing>(self) -> Vec<Vec<u8>> {
        (0..TEST_STRINGS as u64)
            .map(|t| {
                let srs =
                    Srs::<E>::insecure_from_seed(self.seed.wrapping_add(t), self.count, self.count);
                to_bytes(&srs)
            })
            .collect()
    }
}

/// The report of `setup`.
#[derive(Clone, Debug, Serialize)]
pub struct SetupReport {
    /// The setup file written.
    pub file: String,
    /// Curve name.
    pub curve: String,
    /// Whether the setup is insecure (known trapdoor).
    pub insecure: bool,
    /// The label stored in the file.
    pub label: String,
    /// Number of powers-of-τ strings.
    pub strings: usize,
    /// G1 powers per string.
    pub g1_powers: usize,
    /// G2 powers per string.
    pub g2_powers: usize,
    /// Short digest of the file (as `inspect` prints it).
    pub digest: String,
    /// Size of the file.
    pub file_bytes: usize,
}

impl SetupReport {
    /// Human-readable summary.
    pub fn print(&self) {
        say!(
            "wrote {} ({} bytes): {} setup for {}, {} string(s) of {} G1 + {} G2 powers, digest {}",
            self.file,
            self.file_bytes,
            if self.insecure {
                "INSECURE test"
            } else {
                "ceremony"
            },
            self.curve,
            self.strings,
            self.g1_powers,
            self.g2_powers,
            self.digest
        );
        say!("  {}", self.label);
    }
}

/// Writes an insecure test setup of `max_degree + 1` powers per group.
pub fn test_setup(
    curve: CurveName,
    max_degree: usize,
    out: &Path,
    force: bool,
    progress: Progress,
) -> Result<SetupReport, CliError> {
    fsio::check_free(out, force)?;
    let count = max_degree
        .checked_add(1)
        .filter(|c| *c <= 1 << 24)
        .ok_or(CliError::Usage("--max-degree must be below 2^24"))?;
    // the trapdoor lives in this process's memory only, but it did exist:
    // the file is labelled insecure
    let seed = vidkit::core::rng::os_rng().next_u64();
    let (powers, _) = progress.step("computing powers", || {
        dispatch_curve(curve, TestPowers { count, seed })
    });
    let file = SrsFile {
        curve,
        insecure: true,
        label: "INSECURE test setup made by `vidkit setup`: its trapdoors were known to the machine that made it; never use it to protect real data".to_owned(),
        powers: powers.map_err(|e| CliError::scheme(out, e))?,
    };
    let bytes = file.to_bytes();
    fsio::write_atomic(out, &bytes, force)?;
    Ok(SetupReport {
        file: out.display().to_string(),
        curve: curve.to_string(),
        insecure: true,
        label: file.label.clone(),
        strings: file.powers.len(),
        g1_powers: count,
        g2_powers: count,
        digest: short_hex(&file.digest()),
        file_bytes: bytes.len(),
    })
}

/// Label of a converted ceremony setup (fixed, so that converting the same
/// ceremony file anywhere gives the same SRS file and digest).
pub const ETHEREUM_LABEL: &str = "Ethereum KZG ceremony (EIP-4844 mainnet trusted setup, powers of tau on BLS12-381), converted by `vidkit setup --from-ethereum`";

/// Converts the Ethereum KZG ceremony output (c-kzg's `trusted_setup.txt`)
/// into an SRS file of one powers-of-τ string (4096 G1, 65 G2 powers), after
/// validating every point and the consistency of the three lists.
pub fn from_ethereum(
    ceremony: &Path,
    out: &Path,
    force: bool,
    progress: Progress,
) -> Result<SetupReport, CliError> {
    fsio::check_free(out, force)?;
    let text = fsio::read(ceremony)?;
    let mut rng = vidkit::core::rng::os_rng();
    let (setup, _) = progress.step("validating the ceremony points", || {
        // no commitment is made here: skip the Lagrange table
        vidkit::kzg::EthereumSetup::from_text_with_plan(
            &text,
            vidkit::kzg::ethereum::TablePlan::Plain,
            &mut rng,
        )
    });
    let srs = setup
        .map_err(|source| CliError::Ceremony {
            path: ceremony.to_owned(),
            source,
        })?
        .into_srs();
    let file = SrsFile {
        curve: CurveName::Bls12_381,
        insecure: false,
        label: ETHEREUM_LABEL.to_owned(),
        powers: vec![to_bytes(&srs)],
    };
    let bytes = file.to_bytes();
    fsio::write_atomic(out, &bytes, force)?;
    Ok(SetupReport {
        file: out.display().to_string(),
        curve: CurveName::Bls12_381.to_string(),
        insecure: false,
        label: file.label.clone(),
        strings: 1,
        g1_powers: srs.powers_g1().len(),
        g2_powers: srs.powers_g2().len(),
        digest: short_hex(&file.digest()),
        file_bytes: bytes.len(),
    })
}
