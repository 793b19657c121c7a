//! The `vidkit` command line: argument parsing and the subcommands.

use crate::error::{CliError, EXIT_ERROR, EXIT_OK, EXIT_REJECTED};
use crate::keys::{SrsChoice, INSECURE_WARNING};
use crate::progress::Progress;
use crate::{check, demo, disperse, fsio, inspect, reconstruct, setup_cmd, verify};
use clap::{Args, Parser, Subcommand};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use vidkit::{dispatch, CurveName, Encoding, SchemeName};

/// File name of the commitment in a dispersal directory.
pub const COMMITMENT_FILE: &str = "commitment.vid";

/// File name of shard `j` in a dispersal directory.
pub fn shard_file_name(j: usize) -> String {
    format!("shard-{j:04}.vid")
}

/// Disperse a file across untrusted storage nodes as verifiable shards, check
/// shards, and rebuild the file from any k valid ones.
///
/// Without a subcommand, runs the demonstration: the embedded sample file is
/// dispersed with every scheme on BLS12-381 (k = 4, n = 8), shards are lost
/// and one is corrupted, and the file is rebuilt.
///
/// Exit status: 0 success; 1 a shard is invalid or too few valid shards
/// remain; 2 any other error (unreadable or malformed file, usage).
#[derive(Parser, Debug)]
// `about` is spelled out, not taken from the package description, so that
// `vidkit -h` does not change with the package metadata.
#[command(
    name = "vidkit",
    version,
    about = "Verifiable information dispersal: erasure-coded shards checkable with polynomial commitments",
    long_about
)]
pub struct Cli {
    /// Print machine-readable JSON on standard output (no progress bars).
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Write a setup (SRS) file: an INSECURE test setup, or the Ethereum KZG
    /// ceremony output converted with --from-ethereum.
    Setup(SetupArgs),
    /// Encode FILE into n shards, commit and prove; write DIR/shard-NNNN.vid and DIR/commitment.vid.
    Disperse(DisperseArgs),
    /// Check shard files (or every shard of a directory) against the commitment.
    Verify(VerifyArgs),
    /// Verify the shards of a directory, discard bad ones, and rebuild the file from k valid shards.
    Reconstruct(ReconstructArgs),
    /// Print the header and sizes of a shard, commitment or setup file.
    Inspect(InspectArgs),
    /// The default job: disperse, lose, corrupt and rebuild the embedded sample with every scheme.
    Demo(DemoArgs),
}

#[derive(Args, Debug)]
struct SrsArg {
    /// Setup file written by `vidkit setup` (default: the built-in INSECURE test setup, with a warning).
    #[arg(long, value_name = "SRS")]
    srs: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct SetupArgs {
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

#[derive(Args, Debug)]
struct DisperseArgs {
    /// The file to disperse.
    file: PathBuf,
    /// Scheme: kzg, kzg-plus, aplonk or semi-avid.
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
}

#[derive(Args, Debug)]
struct VerifyArgs {
    /// Shard files and/or directories of shard files.
    #[arg(required = true)]
    targets: Vec<PathBuf>,
    /// The commitment (default: commitment.vid beside the shards).
    #[arg(long)]
    commitment: Option<PathBuf>,
    #[command(flatten)]
    srs: SrsArg,
}

#[derive(Args, Debug)]
struct ReconstructArgs {
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

#[derive(Args, Debug)]
struct InspectArgs {
    /// A .vid file (shard, commitment) or a setup file.
    file: PathBuf,
}

#[derive(Args, Debug)]
struct DemoArgs {
    /// Curve.
    #[arg(long, default_value = "bls12-381")]
    curve: CurveName,
    /// Schemes to run (default: all available).
    #[arg(long, value_delimiter = ',')]
    schemes: Vec<SchemeName>,
}

/// Prints a report as JSON or text.
fn emit<T: Serialize>(json: bool, report: &T, text: impl FnOnce(&T)) {
    if json {
        match serde_json::to_string_pretty(report) {
            Ok(s) => println!("{s}"),
            Err(e) => eprintln!("error: cannot encode the report as JSON: {e}"),
        }
    } else {
        text(report);
    }
}

fn srs_choice(arg: &SrsArg, json: bool) -> Result<SrsChoice, CliError> {
    let choice = SrsChoice::from_arg(arg.srs.as_deref())?;
    warn_if_insecure(&choice, json);
    Ok(choice)
}

fn warn_if_insecure(choice: &SrsChoice, json: bool) {
    let _ = json; // warnings go to standard error in both modes
    match choice {
        SrsChoice::Builtin(_) => eprintln!("{INSECURE_WARNING}"),
        SrsChoice::File { path, file } if file.insecure => eprintln!(
            "warning: {} is an INSECURE test setup (its trapdoor was known to its maker)",
            path.display()
        ),
        SrsChoice::File { .. } => {}
    }
}

fn read_commitment(path: &Path) -> Result<vidkit::format::CommitmentFile, CliError> {
    check::read_commitment_file(path)
}

fn run_setup(a: SetupArgs, json: bool) -> Result<u8, CliError> {
    if let Some(ceremony) = &a.from_ethereum {
        let curve = a.curve.unwrap_or(CurveName::Bls12_381);
        if curve != CurveName::Bls12_381 {
            return Err(CliError::EthereumCurve { curve });
        }
        let report = setup_cmd::from_ethereum(ceremony, &a.out, a.force, Progress::new(json))?;
        emit(json, &report, setup_cmd::SetupReport::print);
        return Ok(EXIT_OK);
    }
    let (curve, degree) = match (a.curve, a.max_degree) {
        (Some(c), Some(d)) => (c, d),
        _ => return Err(CliError::Usage("--curve and --max-degree are required")),
    };
    let report = setup_cmd::test_setup(curve, degree, &a.out, a.force, Progress::new(json))?;
    eprintln!(
        "warning: {} is an INSECURE test setup: never use it to protect real data",
        a.out.display()
    );
    emit(json, &report, setup_cmd::SetupReport::print);
    Ok(EXIT_OK)
}

fn run_disperse(a: DisperseArgs, json: bool) -> Result<u8, CliError> {
    let data = fsio::read(&a.file)?;
    let srs = srs_choice(&a.srs, json)?;
    let job = disperse::Disperse {
        data: &data,
        out: &a.out,
        force: a.force,
        srs: &srs,
        scheme: a.scheme,
        curve: a.curve,
        progress: Progress::new(json),
    };
    let report = dispatch(a.scheme, a.curve, a.k, a.n, a.encoding, job)??;
    emit(json, &report, disperse::DisperseReport::print);
    Ok(EXIT_OK)
}

fn explicit_srs(arg: &SrsArg, json: bool) -> Result<Option<SrsChoice>, CliError> {
    arg.srs
        .as_deref()
        .map(|p| {
            let c = SrsChoice::from_arg(Some(p))?;
            warn_if_insecure(&c, json);
            Ok(c)
        })
        .transpose()
}

fn warn_recorded(cfile: &vidkit::format::CommitmentFile, srs: &Option<SrsChoice>) {
    if srs.is_none()
        && matches!(
            cfile.setup.source,
            vidkit::format::SrsSource::BuiltinInsecure { .. }
        )
    {
        eprintln!("{INSECURE_WARNING}");
    }
}

fn run_verify(a: VerifyArgs, json: bool) -> Result<u8, CliError> {
    let (cpath, shards) = verify::operands(&a.targets, a.commitment.as_deref())?;
    let cfile = read_commitment(&cpath)?;
    let srs = explicit_srs(&a.srs, json)?;
    warn_recorded(&cfile, &srs);
    let p = cfile.params;
    let single = shards.len() == 1 && !a.targets.iter().any(|t| t.is_dir());
    let job = verify::Verify {
        commitment_path: &cpath,
        commitment: cfile,
        shards,
        srs: srs.as_ref(),
        progress: Progress::new(json),
    };
    let report = dispatch(p.scheme, p.curve, p.info.k, p.info.n, p.info.encoding, job)??;
    emit(json, &report, verify::VerifyReport::print);
    let bad = report
        .files
        .iter()
        .filter(|f| f.status != check::Status::Valid)
        .count();
    if bad == 0 {
        return Ok(EXIT_OK);
    }
    if single {
        let f = &report.files[0];
        let path = PathBuf::from(&f.file);
        return Err(match (f.status.clone(), f.index) {
            (check::Status::Invalid, Some(index)) => CliError::Invalid { path, index },
            _ => CliError::Unusable {
                path,
                reason: f.reason.clone().unwrap_or_default(),
            },
        });
    }
    Err(CliError::SomeInvalid {
        dir: a.targets[0].clone(),
        bad,
        total: report.files.len(),
    })
}

fn run_reconstruct(a: ReconstructArgs, json: bool) -> Result<u8, CliError> {
    let cpath = a
        .commitment
        .clone()
        .unwrap_or_else(|| a.dir.join(COMMITMENT_FILE));
    let shards = fsio::shard_files(&a.dir)?;
    let cfile = read_commitment(&cpath)?;
    let srs = explicit_srs(&a.srs, json)?;
    warn_recorded(&cfile, &srs);
    let p = cfile.params;
    let job = reconstruct::Reconstruct {
        commitment_path: &cpath,
        commitment: cfile,
        shards,
        srs: srs.as_ref(),
        out: &a.out,
        force: a.force,
        progress: Progress::new(json),
    };
    let (report, failure) = dispatch(p.scheme, p.curve, p.info.k, p.info.n, p.info.encoding, job)??;
    emit(json, &report, reconstruct::ReconstructReport::print);
    match failure {
        Some(e) => Err(e),
        None => Ok(EXIT_OK),
    }
}

fn run_inspect(a: InspectArgs, json: bool) -> Result<u8, CliError> {
    let report = inspect::inspect(&a.file)?;
    emit(json, &report, inspect::InspectReport::print);
    Ok(EXIT_OK)
}

fn run_demo(a: DemoArgs, json: bool) -> Result<u8, CliError> {
    let schemes = if a.schemes.is_empty() {
        SchemeName::available()
    } else {
        a.schemes
    };
    let params = demo::DemoParams {
        curve: a.curve,
        ..demo::DemoParams::default()
    };
    if !json {
        println!(
            "vidkit demo: dispersing the embedded sample ({} bytes) with {} on {} (k = {}, n = {}, encoding {})",
            demo::SAMPLE.len(),
            schemes.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "),
            params.curve,
            params.k,
            params.n,
            params.encoding
        );
        println!(
            "For each scheme: lose n - k - 1 shards, corrupt one more, rebuild from the k left."
        );
    }
    eprintln!("{INSECURE_WARNING}");
    if schemes.is_empty() {
        demo::erasure_only(params)?;
        return Ok(EXIT_OK);
    }
    let progress = Progress::new(true);
    let mut runs = Vec::new();
    for s in schemes {
        let run = demo::run_scheme(s, params, progress)?;
        if !json {
            run.print();
        }
        runs.push(run);
    }
    if json {
        emit(true, &runs, |_| {});
    } else {
        demo::print_summary(&runs);
    }
    if let Some(bad) = runs.iter().find(|r| !r.ok()) {
        return Err(CliError::DemoFailed {
            scheme: bad.scheme.clone(),
        });
    }
    Ok(EXIT_OK)
}

/// Parses the arguments, runs the command, reports errors on one line.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_ERROR } else { EXIT_OK };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let json = cli.json;
    let result = match cli.command {
        None => run_demo(
            DemoArgs {
                curve: CurveName::Bls12_381,
                schemes: Vec::new(),
            },
            json,
        ),
        Some(Command::Setup(a)) => run_setup(a, json),
        Some(Command::Disperse(a)) => run_disperse(a, json),
        Some(Command::Verify(a)) => run_verify(a, json),
        Some(Command::Reconstruct(a)) => run_reconstruct(a, json),
        Some(Command::Inspect(a)) => run_inspect(a, json),
        Some(Command::Demo(a)) => run_demo(a, json),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            let code = e.exit_code();
            let line = e.to_string().replace('\n', " ");
            if json {
                let v = serde_json::json!({ "error": line, "exit_code": code });
                println!("{v}");
            }
            eprintln!("error: {line}");
            debug_assert!(code == EXIT_REJECTED || code == EXIT_ERROR);
            ExitCode::from(code)
        }
    }
}
