//! The sweep loop: resume, one rayon pool per point, progress bar, durable
//! appends, and a summary of what was measured, skipped or failed.

use crate::{
    grid::{Expansion, Point, SkipReason},
    record::{Measurement, Record, RunInfo},
    store::ResultFile,
    SweepError,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sha2::{Digest, Sha256};
use std::time::Duration;

/// Stack of each worker of a point's pool. A rayon worker that waits in a
/// `join` runs stolen tasks on its own stack, so nested parallel sections
/// (shards in parallel, each with parallel MSMs and pairings) pile up the
/// frames of several proofs on one thread: with rayon's default 2 MiB the
/// `quick` preset overflowed at aPlonK, k = 4, 124 KiB, 2 threads (not
/// reproducible point by point; the steals differ). 64 MiB is address space
/// reserved per worker, touched only if used.
const POOL_STACK_BYTES: usize = 64 << 20;

/// Something that can measure a grid point: builds the scheme for the point's
/// (scheme, curve, k, n, encoding), its test SRS, and calls
/// [`crate::run_point`]. It runs inside the point's rayon pool.
pub trait Backend: Sync {
    /// Measures one point; `seed` fixes the data and the shards chosen.
    fn measure(&self, point: &Point, seed: u64) -> Result<Measurement, SweepError>;
}

/// The data seed of a point: a hash of its label, so that every run and
/// every machine measures the same bytes at the same point.
pub fn seed_of(point: &Point) -> u64 {
    let h = Sha256::digest(point.label().as_bytes());
    u64::from_le_bytes(h[..8].try_into().expect("8 bytes"))
}

/// What a sweep did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Points measured by this run.
    pub measured: usize,
    /// Points found in the output file and not measured again.
    pub resumed: usize,
    /// Impossible points.
    pub skipped: Vec<(Point, SkipReason)>,
    /// Points whose measurement failed, with the error.
    pub failed: Vec<(Point, SweepError)>,
    /// Points measured with a false verdict.
    pub bad_verdicts: Vec<Point>,
}

impl Summary {
    /// Whether every attempted point succeeded with true verdicts.
    pub fn is_clean(&self) -> bool {
        self.failed.is_empty() && self.bad_verdicts.is_empty()
    }
}

/// How the loop reports.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Draw a progress bar (when stderr is a terminal); otherwise print one
    /// line per point.
    pub progress: bool,
    /// Stop at the first failed point or false verdict.
    pub fail_fast: bool,
}

/// Measures every point of `grid` not yet in `out`, appending one record per point.
pub fn run_sweep(
    grid: &Expansion,
    backend: &dyn Backend,
    out: &mut ResultFile,
    run: &RunInfo,
    options: Options,
) -> Result<Summary, SweepError> {
    let mut summary = Summary {
        skipped: grid.skipped.clone(),
        ..Summary::default()
    };
    let todo: Vec<&Point> = grid.points.iter().filter(|p| !out.contains(p)).collect();
    summary.resumed = grid.points.len() - todo.len();

    let total: u64 = todo.iter().map(|p| p.cost()).sum();
    let bar = if options.progress {
        ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {percent:>3}% ETA {eta} {msg}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(500));
    let say = |line: String| {
        if bar.is_hidden() {
            eprintln!("{line}");
        } else {
            bar.println(line);
        }
    };
    say(format!(
        "sweep: {} points to measure, {} already in {}, {} impossible",
        todo.len(),
        summary.resumed,
        out.path().display(),
        summary.skipped.len()
    ));

    for (i, point) in todo.iter().enumerate() {
        bar.set_message(format!("[{}/{}] {}", i + 1, todo.len(), point.label()));
        let result = rayon::ThreadPoolBuilder::new()
            .num_threads(point.threads)
            .stack_size(POOL_STACK_BYTES)
            .build()
            .map_err(|source| SweepError::Pool {
                threads: point.threads,
                source,
            })
            .and_then(|pool| pool.install(|| backend.measure(point, seed_of(point))));
        bar.inc(point.cost());
        match result {
            Ok(m) => {
                let record = Record::new(point, &m, run);
                out.append(&record)?;
                summary.measured += 1;
                let ok = record.all_ok();
                say(format!(
                    "{} {}: prove {:.3} ms, verify {:.3} ms{}",
                    if ok { "ok  " } else { "BAD " },
                    point.label(),
                    record.t_proof_total_ns() as f64 / 1e6,
                    record.t_verify_ns as f64 / 1e6,
                    if ok {
                        String::new()
                    } else {
                        format!(
                            " (verified {}, tamper rejected {}, decoded {})",
                            record.all_verified, record.tamper_rejected, record.decoded_ok
                        )
                    }
                ));
                if !ok {
                    summary.bad_verdicts.push((*point).clone());
                    if options.fail_fast {
                        break;
                    }
                }
            }
            Err(e) => {
                say(format!(
                    "FAIL {}: {}",
                    point.label(),
                    crate::error_chain(&e)
                ));
                summary.failed.push(((*point).clone(), e));
                if options.fail_fast {
                    break;
                }
            }
        }
    }
    bar.finish_and_clear();
    Ok(summary)
}
