//! The sweep loop: grid cells measured in interleaved rounds, warm-up,
//! resume by repeat, one rayon pool per sample, the control workload and
//! peak memory next to every sample, progress bar, durable appends, and a
//! summary of what was measured, skipped or failed.
//!
//! A **cell** is a grid point without its scheme (same curve, k, n, |F|,
//! threads, encoding). Its schemes are measured in **rounds**: round `r`
//! measures repeat `r` of every scheme of the cell, in an order from
//! [`round_order`], so slow drift of the machine lands on every scheme alike
//! instead of on whichever scheme ran last. Before its first round a cell
//! runs `warmup` rounds whose samples are discarded (page faults, lazy
//! initialisation, caches and CPU frequency settle). Just before each sample
//! the control workload ([`crate::control`]) is timed.

use crate::{
    grid::{Expansion, Point, SkipReason},
    record::{load_average, Measurement, Record, Round, RunInfo},
    store::ResultFile,
    SweepError,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::{seq::SliceRandom, SeedableRng};
use rand_chacha::ChaCha20Rng;
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

/// A grid cell: the points of one (curve, k, n, |F|, threads, encoding),
/// one per scheme, in grid order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The points of the cell (same key, different schemes).
    pub points: Vec<Point>,
}

impl Cell {
    /// The cell's key as a label without the scheme, e.g.
    /// `bls12-381 k=4 n=8 |F|=496 t=1 points`.
    pub fn label(&self) -> String {
        let p = &self.points[0];
        format!(
            "{} k={} n={} |F|={} t={} {}",
            p.curve, p.k, p.n, p.bytes, p.threads, p.encoding
        )
    }

    /// The scheme names of the cell, in grid order.
    pub fn schemes(&self) -> Vec<&str> {
        self.points.iter().map(|p| p.scheme.as_str()).collect()
    }
}

/// Groups points into cells, in the order of each cell's first point.
pub fn cells(points: &[Point]) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    let mut index = std::collections::HashMap::new();
    for p in points {
        let key = (
            p.curve.clone(),
            p.k,
            p.n,
            p.bytes,
            p.threads,
            p.encoding.clone(),
        );
        let i = *index.entry(key).or_insert_with(|| {
            out.push(Cell { points: Vec::new() });
            out.len() - 1
        });
        out[i].points.push(p.clone());
    }
    out
}

/// The order in which round `repeat` of a cell measures its `n` schemes:
/// a permutation of `0..n` (indices into [`Cell::points`]).
///
/// Rounds come in cycles of `n`: cycle `c` draws a base order by shuffling
/// with a ChaCha20 generator seeded from (`seed`, the cell's label, `c`),
/// and round `c·n + i` is that base order rotated by `i` (plus one when the
/// cycle's first round would repeat the previous round's order). So within a
/// cycle every scheme takes every place once, consecutive rounds never have
/// the same order (for `n ≥ 2`), and the orders are reproducible from the
/// recorded seed.
pub fn round_order(seed: u64, cell_label: &str, n: usize, repeat: u32) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    let base = |cycle: u64| {
        let mut h = Sha256::new();
        h.update(seed.to_le_bytes());
        h.update(cell_label.as_bytes());
        h.update(cycle.to_le_bytes());
        let digest: [u8; 32] = h.finalize().into();
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(&mut ChaCha20Rng::from_seed(digest));
        order
    };
    let rotate = |v: &[usize], by: usize| -> Vec<usize> {
        (0..v.len()).map(|i| v[(i + by) % v.len()]).collect()
    };
    // Walk the cycles up to the one of `repeat`; each cycle's shift depends
    // only on the last order of the cycle before.
    let r = u64::from(repeat);
    let target_cycle = r / n as u64;
    let mut previous_last: Option<Vec<usize>> = None;
    for cycle in 0..=target_cycle {
        let b = base(cycle);
        let shift = usize::from(n >= 2 && previous_last.as_deref() == Some(&b[..]));
        if cycle == target_cycle {
            return rotate(&b, ((r % n as u64) as usize + shift) % n);
        }
        previous_last = Some(rotate(&b, (n - 1 + shift) % n));
    }
    unreachable!("the loop returns at the target cycle")
}

/// What a sweep did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Samples (repeats of points) measured by this run.
    pub measured: usize,
    /// Samples found in the output file and not measured again.
    pub resumed: usize,
    /// Impossible points.
    pub skipped: Vec<(Point, SkipReason)>,
    /// Samples whose measurement failed, with the error (a point is not
    /// tried again in later rounds of this run once it failed).
    pub failed: Vec<(Point, SweepError)>,
    /// Points measured with a false verdict (once per point).
    pub bad_verdicts: Vec<Point>,
}

impl Summary {
    /// Whether every attempted point succeeded with true verdicts.
    pub fn is_clean(&self) -> bool {
        self.failed.is_empty() && self.bad_verdicts.is_empty()
    }
}

/// How the loop measures and reports.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Draw a progress bar (when stderr is a terminal); otherwise print one
    /// line per sample.
    pub progress: bool,
    /// Stop at the first failed point or false verdict.
    pub fail_fast: bool,
    /// Repeats per point (rounds per cell), at least 1.
    pub repeats: u32,
    /// Discarded rounds a cell runs before its first measured round in
    /// this process.
    pub warmup: u32,
    /// Seed of the round orders ([`round_order`]).
    pub order_seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            progress: false,
            fail_fast: false,
            repeats: 1,
            warmup: 0,
            order_seed: DEFAULT_ORDER_SEED,
        }
    }
}

/// The order seed used unless one is given (recorded in every record).
pub const DEFAULT_ORDER_SEED: u64 = 0x04de_5eed;

fn measure_in_pool(
    backend: &dyn Backend,
    point: &Point,
) -> Result<(Measurement, Option<crate::mem::PeakRss>), SweepError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(point.threads)
        .stack_size(POOL_STACK_BYTES)
        .build()
        .map_err(|source| SweepError::Pool {
            threads: point.threads,
            source,
        })?;
    let (result, rss) =
        crate::mem::measure_peak(|| pool.install(|| backend.measure(point, seed_of(point))));
    result.map(|m| (m, rss))
}

/// Measures every repeat `0..options.repeats` of every point of `grid` not
/// yet in `out`, cell by cell in interleaved rounds, appending one record
/// per sample.
pub fn run_sweep(
    grid: &Expansion,
    backend: &dyn Backend,
    out: &mut ResultFile,
    run: &RunInfo,
    options: Options,
) -> Result<Summary, SweepError> {
    let repeats = options.repeats.max(1);
    let mut summary = Summary {
        skipped: grid.skipped.clone(),
        ..Summary::default()
    };
    let cells = cells(&grid.points);
    let missing = |p: &Point, out: &ResultFile| (0..repeats).filter(|&r| !out.has(p, r)).count();
    let todo_samples: usize = grid.points.iter().map(|p| missing(p, out)).sum();
    summary.resumed = grid.points.len() * repeats as usize - todo_samples;

    let total: u64 = grid
        .points
        .iter()
        .map(|p| p.cost() * missing(p, out) as u64)
        .sum();
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
        "sweep: {} samples to measure ({} points x {} repeats, {} cells, {} warm-up rounds per cell), {} already in {}, {} points skipped (impossible or unsupported)",
        todo_samples,
        grid.points.len(),
        repeats,
        cells.len(),
        options.warmup,
        summary.resumed,
        out.path().display(),
        summary.skipped.len()
    ));

    let mut done = 0usize;
    let mut given_up: std::collections::BTreeSet<Point> = Default::default();
    'cells: for cell in &cells {
        if cell.points.iter().all(|p| missing(p, out) == 0) {
            continue;
        }
        let label = cell.label();
        for w in 0..options.warmup {
            // Warm-up rounds: every scheme of the cell once, results discarded.
            for i in round_order(options.order_seed, &label, cell.points.len(), w) {
                let _ = crate::control::run();
                let _ = measure_in_pool(backend, &cell.points[i]);
            }
        }
        for repeat in 0..repeats {
            let order = round_order(options.order_seed, &label, cell.points.len(), repeat);
            for (position, &i) in order.iter().enumerate() {
                let point = &cell.points[i];
                if out.has(point, repeat) || given_up.contains(point) {
                    continue;
                }
                done += 1;
                bar.set_message(format!(
                    "[{done}/{todo_samples}] {} #{repeat}",
                    point.label()
                ));
                let control = crate::control::run();
                let result = measure_in_pool(backend, point);
                bar.inc(point.cost());
                match result {
                    Ok((m, rss)) => {
                        let round = Round {
                            repeat,
                            warmup: options.warmup,
                            order_seed: options.order_seed,
                            round_position: position as u32,
                            control,
                            rss,
                            load: load_average(),
                        };
                        let record = Record::new(point, &m, run).in_round(&round);
                        out.append(&record)?;
                        summary.measured += 1;
                        let ok = record.all_ok();
                        say(format!(
                            "{} {} #{repeat}: prove {:.3} ms, verify {:.3} ms, control {:.3} ms{}",
                            if ok { "ok  " } else { "BAD " },
                            point.label(),
                            record.t_proof_total_ns() as f64 / 1e6,
                            record.t_verify_ns as f64 / 1e6,
                            record.t_control_msm_ns as f64 / 1e6,
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
                            if !summary.bad_verdicts.contains(point) {
                                summary.bad_verdicts.push(point.clone());
                            }
                            if options.fail_fast {
                                break 'cells;
                            }
                        }
                    }
                    Err(e) => {
                        say(format!(
                            "FAIL {} #{repeat}: {}",
                            point.label(),
                            crate::error_chain(&e)
                        ));
                        given_up.insert(point.clone());
                        summary.failed.push((point.clone(), e));
                        if options.fail_fast {
                            break 'cells;
                        }
                    }
                }
            }
        }
    }
    bar.finish_and_clear();
    Ok(summary)
}
