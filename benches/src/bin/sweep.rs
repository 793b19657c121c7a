//! `sweep`: runs a parameter grid and appends one JSON line per point.
//!
//! ```text
//! cargo run --release -p vidkit-benches --bin sweep -- --preset quick --out results/quick.jsonl
//! cargo run --release -p vidkit-benches --bin sweep -- --schemes kzg,semi-avid --curves bn254 \
//!     --k 4..=64 --rate 1/2 --bytes 31744,507904 --threads 1,all --out results/mine.jsonl
//! sweep --preset paper --emit-jobs --job-dir parts > jobs.txt   # then: parallel < jobs.txt
//! sweep --merge parts/*.jsonl --out results/paper.jsonl
//! ```
//! See docs/sweep.md.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use vidkit_benches::{
    driver::{run_sweep, Options},
    estimate,
    grid::{self, CodeAxis, Grid},
    jobs, preset,
    record::RunInfo,
    store, Backend, SweepError,
};

/// Parameter sweeps over schemes × curves × k × n × |F| × threads × encodings.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
struct Cli {
    /// Start from a named grid: smoke, quick, paper-small, paper. Other
    /// options override its axes.
    #[arg(long)]
    preset: Option<String>,
    /// Schemes: kzg, kzg-plus, kzg-plus-global, aplonk, aplonk-global, kzg-cells,
    /// semi-avid.
    #[arg(long)]
    schemes: Option<String>,
    /// Curves: bls12-381, bn254, bls24-317.
    #[arg(long)]
    curves: Option<String>,
    /// Code dimensions, e.g. `4,16,64` or `4..=1024` (doubling), `4..=64:x4`, `2..=8:+2`.
    #[arg(long)]
    k: Option<String>,
    /// Shard counts (points with n < k are skipped).
    #[arg(long, conflicts_with = "rate")]
    n: Option<String>,
    /// Code rates k/n, e.g. `1/2,1/4` or `0.5` (default 1/2).
    #[arg(long)]
    rate: Option<String>,
    /// File sizes |F| in bytes, e.g. `31744,507904` or `496..=507904`.
    #[arg(long)]
    bytes: Option<String>,
    /// Rayon pool sizes, e.g. `1,all` or `1,2,4`.
    #[arg(long)]
    threads: Option<String>,
    /// Encodings: points, fft, systematic.
    #[arg(long)]
    encoding: Option<String>,
    /// Output JSON-lines file (appended to; repeats already there are skipped).
    #[arg(long)]
    out: Option<PathBuf>,
    /// CSV view written after the run (default: the output file with `.csv`).
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Print the points (and the skipped ones: impossible or unsupported) without measuring.
    #[arg(long)]
    list: bool,
    /// With --list: estimate each point's time per sample and peak memory
    /// from these result files (same scheme, curve, threads and encoding;
    /// power law in |F| at the same or nearest k).
    #[arg(long, num_args = 1.., value_name = "FILE", requires = "list")]
    estimate_from: Vec<PathBuf>,
    /// Print one command per point not yet in --out, for GNU parallel or a job array.
    #[arg(long)]
    emit_jobs: bool,
    /// How jobs start the sweep binary.
    #[arg(
        long,
        default_value = "cargo run --release -p vidkit-benches --bin sweep --"
    )]
    job_prefix: String,
    /// Directory the jobs write their result files to.
    #[arg(long, default_value = "results/parts")]
    job_dir: PathBuf,
    /// Merge these result files into --out (every repeat of every point;
    /// one record per point and repeat), then exit.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    merge: Vec<PathBuf>,
    /// Start from an empty output file (no resume): removes --out first.
    #[arg(long)]
    fresh: bool,
    /// No progress bar: one line per point on stderr.
    #[arg(long)]
    no_progress: bool,
    /// Stop at the first failure or false verdict.
    #[arg(long)]
    fail_fast: bool,
    /// Repeats per point: the schemes of each grid cell are measured in
    /// this many interleaved rounds, each in a shuffled order; every repeat
    /// is stored. Raising it on an existing --out measures only the
    /// missing repeats.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    repeats: u32,
    /// Discarded warm-up rounds per grid cell before its first measured
    /// round (default: 1 when --repeats > 1, else 0).
    #[arg(long)]
    warmup: Option<u32>,
    /// Seed of the shuffled round orders (recorded in every record).
    #[arg(long, default_value_t = vidkit_benches::driver::DEFAULT_ORDER_SEED)]
    order_seed: u64,
    /// Measurement backend: `vidkit` (the real schemes) or `double` (a
    /// hash-list test double, for testing the runner).
    #[arg(long, default_value = "vidkit", hide = true)]
    backend: String,
}

fn build_grid(cli: &Cli) -> Result<Grid, SweepError> {
    let mut g = match &cli.preset {
        Some(name) => preset::preset(name)?,
        None => preset::preset("quick")?,
    };
    if let Some(s) = &cli.schemes {
        g.schemes = grid::parse_names("scheme", s, &grid::SCHEMES)?;
    }
    if let Some(s) = &cli.curves {
        g.curves = grid::parse_names("curve", s, &grid::CURVES)?;
    }
    if let Some(s) = &cli.k {
        g.ks = grid::parse_usize_list("k", s)?;
    }
    if let Some(s) = &cli.n {
        g.code = CodeAxis::N(grid::parse_usize_list("n", s)?);
    }
    if let Some(s) = &cli.rate {
        g.code = CodeAxis::Rate(grid::parse_rates(s)?);
    }
    if let Some(s) = &cli.bytes {
        g.bytes = grid::parse_usize_list("bytes", s)?;
    }
    if let Some(s) = &cli.threads {
        g.threads = grid::parse_threads(s)?;
    }
    if let Some(s) = &cli.encoding {
        g.encodings = grid::parse_encodings(s)?;
    }
    Ok(g)
}

fn backend(name: &str) -> Result<Box<dyn Backend>, SweepError> {
    match name {
        "vidkit" => Ok(Box::new(vidkit_benches::vidkit_backend::VidkitBackend)),
        "double" => Ok(Box::new(vidkit_benches::testing::DoubleBackend {
            flaw: vidkit_benches::testing::Flaw::None,
        })),
        other => Err(SweepError::UnknownName {
            what: "backend",
            name: other.to_owned(),
            known: "vidkit, double".to_owned(),
        }),
    }
}

fn csv_path(cli: &Cli, out: &std::path::Path) -> PathBuf {
    cli.csv.clone().unwrap_or_else(|| out.with_extension("csv"))
}

fn run(cli: &Cli) -> Result<bool, SweepError> {
    let default_out = PathBuf::from(format!(
        "results/{}.jsonl",
        cli.preset.as_deref().unwrap_or("sweep")
    ));
    let out = cli.out.clone().unwrap_or(default_out);

    if !cli.merge.is_empty() {
        let merged = store::merge(&cli.merge)?;
        for (p, repeat, file) in &merged.duplicates {
            eprintln!(
                "duplicate repeat {repeat} of {} in {} (kept the first)",
                p.label(),
                file.display()
            );
        }
        store::write_records(&out, &merged.records)?;
        store::write_csv(&csv_path(cli, &out), &merged.records)?;
        let points: std::collections::BTreeSet<_> =
            merged.records.iter().map(|r| r.point()).collect();
        eprintln!(
            "merged {} records ({} points) into {}",
            merged.records.len(),
            points.len(),
            out.display()
        );
        return Ok(true);
    }

    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let expansion = build_grid(cli)?.expand(cores);
    let warmup = cli.warmup.unwrap_or(u32::from(cli.repeats > 1));
    if cli.list {
        let mut measured = Vec::new();
        for f in &cli.estimate_from {
            measured.extend(store::read_records(f)?);
        }
        let per_sample = u64::from(cli.repeats) + u64::from(warmup);
        let (mut total, mut unknown) = (0.0, 0);
        for p in &expansion.points {
            if cli.estimate_from.is_empty() {
                println!("{}", p.label());
            } else if let Some(e) = estimate::estimate(&measured, p) {
                total += e.seconds * per_sample as f64;
                println!("{}  {}", p.label(), e.display());
            } else {
                unknown += 1;
                println!("{}  (no measured point to estimate from)", p.label());
            }
        }
        for (p, why) in &expansion.skipped {
            println!("skip {} ({why})", p.label());
        }
        if !cli.estimate_from.is_empty() {
            println!(
                "estimated total: {} for {} points × {per_sample} samples (repeats + warm-up), one process; {unknown} points without an estimate",
                estimate::human_seconds(total),
                expansion.points.len() - unknown,
            );
        }
        return Ok(true);
    }
    if cli.fresh && out.exists() {
        std::fs::remove_file(&out).map_err(SweepError::io(&out))?;
    }
    let mut file = store::ResultFile::open(&out)?;
    if cli.emit_jobs {
        let todo: Vec<_> = expansion
            .points
            .iter()
            .filter(|p| !file.missing(p, cli.repeats).is_empty())
            .cloned()
            .collect();
        let mut extra = Vec::new();
        if cli.repeats != 1 {
            extra.extend(["--repeats".to_owned(), cli.repeats.to_string()]);
        }
        if cli.warmup.is_some() {
            extra.extend(["--warmup".to_owned(), warmup.to_string()]);
        }
        if cli.order_seed != vidkit_benches::driver::DEFAULT_ORDER_SEED {
            extra.extend(["--order-seed".to_owned(), cli.order_seed.to_string()]);
        }
        let lines = jobs::emit_cell_jobs(&todo, &cli.job_prefix, &cli.job_dir, &extra);
        for line in &lines {
            println!("{line}");
        }
        eprintln!(
            "{} jobs (one per grid cell, {} points; {} points skipped: impossible or unsupported); merge with: sweep --merge {}/*.jsonl --out {}",
            lines.len(),
            todo.len(),
            expansion.skipped.len(),
            cli.job_dir.display(),
            out.display()
        );
        return Ok(true);
    }

    let backend = backend(&cli.backend)?;
    let run = RunInfo::current();
    eprintln!(
        "machine: {} ({} cores), vidkit {} at {}, {}, {} [{}]",
        run.cpu,
        run.cores,
        run.vidkit_version,
        run.git_commit,
        run.rustc_version,
        run.build_profile,
        run.features
    );
    let options = Options {
        progress: !cli.no_progress,
        fail_fast: cli.fail_fast,
        repeats: cli.repeats,
        warmup,
        order_seed: cli.order_seed,
    };
    let summary = run_sweep(&expansion, backend.as_ref(), &mut file, &run, options)?;
    let records = store::read_records(&out)?;
    store::write_csv(&csv_path(cli, &out), &records)?;

    for (p, why) in &summary.skipped {
        eprintln!("skipped {} ({why})", p.label());
    }
    for (p, e) in &summary.failed {
        eprintln!("failed {}: {}", p.label(), vidkit_benches::error_chain(e));
    }
    for p in &summary.bad_verdicts {
        eprintln!("FALSE VERDICT at {}", p.label());
    }
    eprintln!(
        "done: {} measured, {} already present, {} skipped, {} failed, {} false verdicts -> {}",
        summary.measured,
        summary.resumed,
        summary.skipped.len(),
        summary.failed.len(),
        summary.bad_verdicts.len(),
        out.display()
    );
    Ok(summary.is_clean())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {}", vidkit_benches::error_chain(&e));
            ExitCode::from(2)
        }
    }
}
