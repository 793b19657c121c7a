//! The default job (`vidkit` with no arguments, or `vidkit demo`): disperse an
//! embedded sample file with every available scheme, lose n − k − 1 shards,
//! corrupt one more, reconstruct from the k that remain, and show that one
//! more loss makes reconstruction fail cleanly.
//!
//! Every step goes through the same code as the subcommands (files written to
//! a temporary directory, verification from the files, decoding).

use crate::check::{self, Status};
use crate::conventions::{shard_file_name, COMMITMENT_FILE, EXIT_OK};
use crate::disperse::{Disperse, DisperseReport};
use crate::error::CliError;
use crate::fsio;
use crate::keys::{self, SrsChoice, INSECURE_WARNING};
use crate::limits::Limits;
use crate::output::{emit, say};
use crate::progress::Progress;
use crate::reconstruct::{Reconstruct, ReconstructReport};
use clap::Args;
use serde::Serialize;
use std::path::Path;
use vidkit::format::ShardFile;
use vidkit::{dispatch, CurveName, Encoding, SchemeName};

/// The embedded sample file.
pub const SAMPLE: &[u8] = include_bytes!("../assets/sample.txt");

/// How errors name the embedded sample.
const SAMPLE_NAME: &str = "the embedded sample";

/// The arguments of `vidkit demo`.
#[derive(Args, Debug)]
pub struct DemoArgs {
    /// Curve.
    #[arg(long, default_value = "bls12-381")]
    curve: CurveName,
    /// Schemes to run (default: all available).
    #[arg(long, value_delimiter = ',')]
    schemes: Vec<SchemeName>,
}

impl Default for DemoArgs {
    /// The job of `vidkit` without arguments: every available scheme on BLS12-381.
    fn default() -> Self {
        Self {
            curve: CurveName::Bls12_381,
            schemes: Vec::new(),
        }
    }
}

/// Runs `vidkit demo` (and `vidkit` without a subcommand).
pub fn run(a: DemoArgs, json: bool) -> Result<u8, CliError> {
    let schemes = if a.schemes.is_empty() {
        SchemeName::available()
    } else {
        a.schemes
    };
    let params = DemoParams {
        curve: a.curve,
        ..DemoParams::default()
    };
    if !json {
        say!(
            "vidkit demo: dispersing the embedded sample ({} bytes) with {} on {} (k = {}, n = {}, encoding {})",
            SAMPLE.len(),
            schemes.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "),
            params.curve,
            params.k,
            params.n,
            params.encoding
        );
        say!("For each scheme: lose n - k - 1 shards, corrupt one more, rebuild from the k left.");
    }
    eprintln!("{INSECURE_WARNING}");
    if schemes.is_empty() {
        erasure_only(params)?;
        return Ok(EXIT_OK);
    }
    let progress = Progress::new(true);
    let mut runs = Vec::new();
    for s in schemes {
        let run = run_scheme(s, params, progress)?;
        if !json {
            run.print();
        }
        runs.push(run);
    }
    if json {
        emit(true, &runs, |_| {});
    } else {
        print_summary(&runs);
    }
    if let Some(bad) = runs.iter().find(|r| !r.ok()) {
        return Err(CliError::DemoFailed {
            scheme: bad.scheme.clone(),
        });
    }
    Ok(EXIT_OK)
}

/// Parameters of the default job.
#[derive(Clone, Copy, Debug)]
pub struct DemoParams {
    /// The curve.
    pub curve: CurveName,
    /// Shards needed to rebuild.
    pub k: usize,
    /// Shards written.
    pub n: usize,
    /// Evaluation points.
    pub encoding: Encoding,
}

impl Default for DemoParams {
    fn default() -> Self {
        Self {
            curve: CurveName::Bls12_381,
            k: 4,
            n: 8,
            encoding: Encoding::Fft,
        }
    }
}

/// The outcome for one scheme.
#[derive(Clone, Debug, Serialize)]
pub struct SchemeRun {
    /// Scheme name.
    pub scheme: String,
    /// The dispersal.
    pub disperse: DisperseReport,
    /// Indices of the shards deleted.
    pub deleted: Vec<usize>,
    /// Index of the shard altered.
    pub corrupted: usize,
    /// The reconstruction from what was left.
    pub reconstruct: ReconstructReport,
    /// The shard files rejected, with the reason.
    pub rejected: Vec<String>,
    /// Whether the rebuilt file equals the sample.
    pub identical: bool,
    /// Result of reconstructing after one more loss (must fail).
    pub one_more_loss: String,
}

fn corrupt(path: &Path) -> Result<(), CliError> {
    // a storage node altering one shard value; the file stays well-formed
    let mut file =
        ShardFile::from_bytes(&fsio::read(path)?).map_err(|e| CliError::format(path, e))?;
    // the shard encoding is index (u64), length (u64), then the values
    if let Some(b) = file.shard.get_mut(16) {
        *b ^= 1;
    }
    std::fs::write(path, file.to_bytes()).map_err(|e| CliError::io(path, e))
}

fn remove(path: &Path) -> Result<(), CliError> {
    std::fs::remove_file(path).map_err(|e| CliError::io(path, e))
}

fn reconstruct(
    dir: &Path,
    out: &Path,
    progress: Progress,
) -> Result<(ReconstructReport, Option<CliError>), CliError> {
    let cpath = dir.join(COMMITMENT_FILE);
    let limits = Limits::default();
    let cfile = check::read_commitment_file(&cpath, &limits)?;
    // the demonstration checks against the setup it dispersed with
    keys::check_record(&cpath, &cfile.setup, &SrsChoice::Builtin)?;
    let job = Reconstruct {
        dir,
        commitment_path: &cpath,
        commitment: cfile.clone(),
        shards: fsio::shard_files(dir)?,
        setup: SrsChoice::Builtin,
        limits,
        out,
        force: true,
        progress,
    };
    check::dispatch_commitment(&cpath, &cfile, job)
}

/// Runs the job for one scheme in a fresh temporary directory.
pub fn run_scheme(
    scheme: SchemeName,
    params: DemoParams,
    progress: Progress,
) -> Result<SchemeRun, CliError> {
    let tmp = tempfile::tempdir().map_err(|e| CliError::io(Path::new("temporary directory"), e))?;
    let dir = tmp.path().join("shards");
    let srs = SrsChoice::Builtin;
    let job = Disperse {
        file: Path::new(SAMPLE_NAME),
        data: SAMPLE,
        out: &dir,
        force: false,
        srs: &srs,
        scheme,
        curve: params.curve,
        progress,
    };
    let disperse = dispatch(
        scheme,
        params.curve,
        params.k,
        params.n,
        params.encoding,
        job,
    )
    .map_err(|e| CliError::scheme(Path::new(SAMPLE_NAME), e))??;
    let (k, n) = (params.k, params.n);
    // lose n - k - 1 shards (1, 2, …), corrupt the last one: k valid remain
    let deleted: Vec<usize> = (1..n - k).collect();
    for &j in &deleted {
        remove(&dir.join(shard_file_name(j)))?;
    }
    let corrupted = n - 1;
    corrupt(&dir.join(shard_file_name(corrupted)))?;

    let out = tmp.path().join("rebuilt");
    let (reconstruct_report, failure) = reconstruct(&dir, &out, progress)?;
    if let Some(e) = failure {
        return Err(e);
    }
    let rebuilt = fsio::read(&out)?;
    let identical = rebuilt == SAMPLE;
    let rejected = reconstruct_report
        .files
        .iter()
        .filter(|f| f.status != Status::Valid)
        .map(|f| {
            format!(
                "{} ({})",
                Path::new(&f.file)
                    .file_name()
                    .map(|s| s.to_string_lossy())
                    .unwrap_or_default(),
                f.reason.as_deref().unwrap_or("")
            )
        })
        .collect();

    // one more loss: only k - 1 valid shards are left
    remove(&dir.join(shard_file_name(0)))?;
    let one_more_loss = match reconstruct(&dir, &tmp.path().join("rebuilt-2"), progress)? {
        (_, Some(e)) => format!("fails as it must: {}", check::reason(&dir, &e)),
        (_, None) => "UNEXPECTEDLY succeeded".to_owned(),
    };
    Ok(SchemeRun {
        scheme: scheme.to_string(),
        disperse,
        deleted,
        corrupted,
        reconstruct: reconstruct_report,
        rejected,
        identical,
        one_more_loss,
    })
}

impl SchemeRun {
    /// Whether the run showed what it must: the corrupted shard alone was
    /// rejected, the file came back identical, and one more loss fails.
    pub fn ok(&self) -> bool {
        let bad: Vec<_> = self
            .reconstruct
            .files
            .iter()
            .filter(|f| f.status != Status::Valid)
            .collect();
        self.identical
            && bad.len() == 1
            && bad[0].file.ends_with(&shard_file_name(self.corrupted))
            && self.one_more_loss.starts_with("fails")
    }

    /// The per-scheme table.
    pub fn print(&self) {
        let d = &self.disperse;
        let r = &self.reconstruct;
        println!();
        say!(
            "== {} on {} (k = {}, n = {}, m = {}, file {} bytes) ==",
            self.scheme,
            d.curve,
            d.k,
            d.n,
            d.m,
            d.sizes.file_bytes
        );
        say!("  {:<34} {:>10}", "step", "time (ms)");
        for (step, t) in [
            ("setup (keys from the SRS)", d.times.setup_ms),
            ("encode", d.times.encode_ms),
            ("commit", d.times.commit_ms),
            ("prove (all n shards)", d.times.prove_ms),
            ("write n shard files + commitment", d.times.write_ms),
            ("read remaining shard files", r.read_ms),
            ("verify (batch, then one by one)", r.verify_ms),
            ("decode from k shards", r.decode_ms),
        ] {
            say!("  {step:<34} {t:>10.2}");
        }
        say!(
            "  sizes: commitment {} B, shard {} B + proof {} B (file {} B), all files {} B",
            d.sizes.commitment_bytes,
            d.sizes.shard_bytes,
            d.sizes.proof_bytes,
            d.sizes.shard_file_bytes,
            d.sizes.total_written_bytes
        );
        let list = |v: &[usize]| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        say!(
            "  lost shards {}; corrupted one value of shard {}",
            list(&self.deleted),
            self.corrupted
        );
        for r in &self.rejected {
            say!("  rejected: {r}");
        }
        say!(
            "  rebuilt from shards {}: {}",
            list(&r.used_indices),
            if self.identical {
                "identical to the original"
            } else {
                "DIFFERENT from the original"
            }
        );
        say!("  one more shard lost: {}", self.one_more_loss);
    }
}

/// Prints the summary table across schemes.
pub fn print_summary(runs: &[SchemeRun]) {
    println!();
    say!("== summary ==");
    say!(
        "  {:<15} {:>9} {:>9} {:>9} {:>9} {:>9} {:>7} {:>7} {:>9} {:>9}",
        "scheme",
        "setup",
        "commit",
        "prove",
        "verify",
        "decode",
        "C (B)",
        "π (B)",
        "rejected",
        "identical"
    );
    for r in runs {
        let (d, c) = (&r.disperse, &r.reconstruct);
        say!(
            "  {:<15} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>7} {:>7} {:>9} {:>9}",
            r.scheme,
            d.times.setup_ms,
            d.times.commit_ms,
            d.times.prove_ms,
            c.verify_ms,
            c.decode_ms,
            d.sizes.commitment_bytes,
            d.sizes.proof_bytes,
            format!("shard {}", r.corrupted),
            if r.identical { "yes" } else { "NO" }
        );
    }
    say!("  (times in ms; C = commitment, π = proof of one shard)");
}

/// The job when no scheme is compiled in: erasure coding only (lose n − k
/// shards, decode from the k left). Without a commitment a corrupted shard
/// cannot be detected, which is exactly what the schemes add.
pub fn erasure_only(params: DemoParams) -> Result<(), CliError> {
    use ark_bls12_381::Fr;
    use vidkit::core::{decode_shards, packing, FileInfo, ReedSolomon};
    let core = |e: vidkit::core::Error| CliError::scheme(Path::new(SAMPLE_NAME), e.into());
    let erasure = |e: vidkit::erasure::Error| core(e.into());
    let code = ReedSolomon::<Fr>::new(params.k, params.n, params.encoding).map_err(erasure)?;
    let info = FileInfo::new(&code, SAMPLE.len()).map_err(core)?;
    let (matrix, _) = packing::bytes_to_matrix::<Fr>(SAMPLE, params.k).map_err(core)?;
    let coefficients = code.coefficients(&matrix).map_err(erasure)?;
    let columns = code.evaluate(&coefficients).map_err(erasure)?;
    let kept: Vec<vidkit::Shard<Fr>> = columns
        .into_iter()
        .enumerate()
        .skip(params.n - params.k)
        .map(|(index, values)| vidkit::Shard { index, values })
        .collect();
    let rebuilt = decode_shards(&code, &info, &kept).map_err(core)?;
    say!(
        "no verifiable scheme is compiled into this build: erasure coding only (k = {}, n = {}):",
        params.k,
        params.n
    );
    say!(
        "  lost shards 0..{}, rebuilt from {:?}: {}",
        params.n - params.k,
        kept.iter().map(|s| s.index).collect::<Vec<_>>(),
        if rebuilt == SAMPLE {
            "identical to the original"
        } else {
            "DIFFERENT"
        }
    );
    say!("  (without a commitment, a corrupted shard could not be detected)");
    Ok(())
}
