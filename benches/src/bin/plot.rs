//! `plot`: figures and tables from sweep result files.
//!
//! ```text
//! cargo run --release -p vidkit-benches --bin plot -- results/quick.jsonl --out-dir results/quick
//! ```
//! Writes `fig2-*.svg`, `fig3-*.svg`, `fig4-*.svg`, `sizes-*.svg`, `table1-*.md`,
//! `threads.md`, `curves.md` and `curves-*.svg` (see `vidkit_benches::plot`).

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;

/// Draws the paper's Figures 2–4 and Table 1 from result files.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// JSON-lines result files (merged: every repeat of every point; the
    /// first copy of a repeat wins).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Directory for the SVG figures and markdown tables.
    #[arg(long, default_value = "results/plots")]
    out_dir: PathBuf,
    /// Only plot records whose verdicts are all true (default: refuse
    /// to plot if any verdict is false).
    #[arg(long)]
    skip_bad: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let run = || -> Result<(), vidkit_benches::SweepError> {
        let merged = vidkit_benches::store::merge(&cli.inputs)?;
        let (good, bad): (Vec<_>, Vec<_>) = merged.records.into_iter().partition(|r| r.all_ok());
        for r in &bad {
            eprintln!("false verdict at {}", r.point().label());
        }
        if !bad.is_empty() && !cli.skip_bad {
            eprintln!(
                "refusing to plot {} records with false verdicts (use --skip-bad)",
                bad.len()
            );
            std::process::exit(1);
        }
        for path in vidkit_benches::plot::render_all(&good, &cli.out_dir)? {
            println!("{}", path.display());
        }
        Ok(())
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", vidkit_benches::error_chain(&e));
            ExitCode::from(2)
        }
    }
}
