//! Time and memory of points not measured yet, extrapolated from points
//! that were: what `sweep --list --estimate-from FILES` prints, so that a
//! user can size the jobs of a large grid (Slurm's `--time` and `--mem`).
//!
//! For a target point the estimator takes the measured points of the same
//! scheme, curve, threads and encoding, at the same `k` if there are any
//! (else the nearest `k` on a log scale), preferring the same `n`. Over
//! their sizes `|F|` it fits the power law `y = c·|F|^a` through the two
//! measured sizes that bracket the target (interpolation) or through the
//! two largest ones (extrapolation beyond the largest), separately for the
//! time of one sample (every timed step: SRS, keys, encoding, commit,
//! prove, both verifications and decoding; medians over the repeats) and
//! for its peak resident memory. The exponent is clamped to `[0, 3]`, and
//! to `[1, 3]` beyond the largest measured size: noise between two close
//! sizes cannot explode the extrapolation, and fixed costs that make small
//! sizes look sub-linear cannot shrink it (every scheme's work is at least
//! linear in the file). With a single measured size the growth is taken as
//! linear (`a = 1`).
//!
//! These are estimates for sizing jobs, not results: a point whose cost is
//! dominated by a step that grows faster than the measured range shows
//! (e.g. an `O(m log m)` FFT overtaking an `O(m)` MSM) is underestimated,
//! which is why the printed line names the sizes and the exponent used.

use crate::{grid::Point, plot::format_bytes, record::Record, stats::summarize};
use std::collections::BTreeMap;

/// The estimate for one point.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Seconds for one sample (one repeat) of the point.
    pub seconds: f64,
    /// Peak resident memory of the process during a sample, in bytes
    /// (`None` when the measured points did not record it).
    pub peak_rss_bytes: Option<f64>,
    /// The `k` whose measurements were used (the target's, or the nearest).
    pub from_k: usize,
    /// The two measured sizes the power law went through (equal when only
    /// one size was measured).
    pub from_bytes: (usize, usize),
    /// The time exponent `a` used (`time ∝ |F|^a`).
    pub exponent: f64,
}

impl Estimate {
    /// `~12.3 s/sample, ~1229 MiB peak (from k = 64, |F| 124 KiB–496 KiB, time ∝ |F|^1.02)`;
    /// sizes as the plots write them ([`format_bytes`]).
    pub fn display(&self) -> String {
        let mem = self
            .peak_rss_bytes
            .map_or(String::new(), |b| format!(", ~{} peak", format_bytes(b)));
        format!(
            "~{}/sample{mem} (from k = {}, |F| {}–{}, time ∝ |F|^{:.2})",
            human_seconds(self.seconds),
            self.from_k,
            format_bytes(self.from_bytes.0 as f64),
            format_bytes(self.from_bytes.1 as f64),
            self.exponent
        )
    }
}

/// Seconds of one sample of a record: the sum of its timed steps.
pub fn sample_seconds(r: &Record) -> f64 {
    let ns = r.t_srs_ns
        + r.t_setup_ns
        + r.t_encode_ns
        + r.t_commit_ns
        + r.t_prove_ns
        + r.t_verify_ns
        + r.t_batch_verify_ns
        + r.t_decode_ns;
    ns as f64 * 1e-9
}

/// Median time and peak memory of the measured points that match `target`
/// in scheme, curve, threads and encoding, keyed by `(k, n, bytes)`.
type Measured = BTreeMap<(usize, usize, usize), (f64, Option<f64>)>;

/// The samples of one measured point: times (s) and peak memory (bytes).
type Samples = (Vec<f64>, Vec<f64>);

fn measured(records: &[Record], target: &Point) -> Measured {
    let mut samples: BTreeMap<(usize, usize, usize), Samples> = BTreeMap::new();
    for r in records.iter().filter(|r| {
        r.all_ok()
            && r.scheme == target.scheme
            && r.curve == target.curve
            && r.threads == target.threads
            && r.encoding == target.encoding
    }) {
        let e = samples.entry((r.k, r.n, r.bytes)).or_default();
        e.0.push(sample_seconds(r));
        if let Some(b) = r.peak_rss_bytes {
            e.1.push(b as f64);
        }
    }
    samples
        .into_iter()
        .filter_map(|(key, (t, m))| {
            let time = summarize(&t)?.median;
            Some((key, (time, summarize(&m).map(|s| s.median))))
        })
        .collect()
}

/// The power law through `(x0, y0)` and `(x1, y1)` evaluated at `x`, with
/// its exponent clamped to `[min, 3]` (`x0 == x1`: linear growth).
fn power_law(x0: f64, y0: f64, x1: f64, y1: f64, x: f64, min: f64) -> (f64, f64) {
    let a = if x0 == x1 || y0 <= 0.0 || y1 <= 0.0 {
        1.0
    } else {
        ((y1 / y0).ln() / (x1 / x0).ln()).clamp(min, 3.0)
    };
    // anchored at the nearer end, so that a clamped exponent stays
    // continuous with the measurement it extrapolates from
    let (xa, ya) = if x >= x1 { (x1, y1) } else { (x0, y0) };
    (ya * (x / xa).powf(a), a)
}

/// Estimates `target` from `records` (any result files; false verdicts are
/// ignored). `None` when nothing of the same scheme, curve, threads and
/// encoding was measured.
pub fn estimate(records: &[Record], target: &Point) -> Option<Estimate> {
    let data = measured(records, target);
    // the k to use: the target's, else the nearest on a log scale
    let distance = |k: usize| ((k as f64).ln() - (target.k as f64).ln()).abs();
    let from_k = data
        .keys()
        .map(|&(k, _, _)| k)
        .min_by(|&a, &b| distance(a).total_cmp(&distance(b)).then(a.cmp(&b)))?;
    // prefer the target's n at that k; else the n with the most sizes
    let ns: BTreeMap<usize, usize> = data.keys().filter(|&&(k, _, _)| k == from_k).fold(
        BTreeMap::new(),
        |mut acc, &(_, n, _)| {
            *acc.entry(n).or_insert(0) += 1;
            acc
        },
    );
    let n = if ns.contains_key(&target.n) {
        target.n
    } else {
        *ns.iter()
            .max_by_key(|&(n, count)| (count, std::cmp::Reverse(n)))?
            .0
    };
    let series: Vec<(usize, (f64, Option<f64>))> = data
        .iter()
        .filter(|&(&(k, nn, _), _)| k == from_k && nn == n)
        .map(|(&(_, _, bytes), &v)| (bytes, v))
        .collect();
    // two sizes: those bracketing the target, else the two largest (or the
    // two smallest below the measured range), else the only one
    let i = series.partition_point(|&(b, _)| b < target.bytes);
    let len = series.len();
    let (lo, hi) = if len == 1 {
        (0, 0)
    } else if i == 0 {
        (0, 1)
    } else if i >= len {
        (len - 2, len - 1)
    } else {
        (i - 1, i)
    };
    let (b0, (t0, m0)) = series[lo];
    let (b1, (t1, m1)) = series[hi];
    let x = target.bytes as f64;
    // Above the measured range growth is taken as at least linear: every
    // scheme reads, encodes and commits to the whole file, and fixed costs
    // (the SRS, the keys) make two small sizes look sub-linear. An
    // overestimate is the safe side for sizing jobs.
    let min = if x > b1 as f64 { 1.0 } else { 0.0 };
    let (seconds, exponent) = power_law(b0 as f64, t0, b1 as f64, t1, x, min);
    let peak_rss_bytes = m0
        .zip(m1)
        .map(|(m0, m1)| power_law(b0 as f64, m0, b1 as f64, m1, x, min).0);
    Some(Estimate {
        seconds,
        peak_rss_bytes,
        from_k,
        from_bytes: (b0, b1),
        exponent,
    })
}

/// `1.5 s`, `12 min`, `3.2 h`.
pub fn human_seconds(s: f64) -> String {
    if s < 1.0 {
        format!("{:.0} ms", s * 1e3)
    } else if s < 120.0 {
        format!("{s:.1} s")
    } else if s < 7200.0 {
        format!("{:.0} min", s / 60.0)
    } else {
        format!("{:.1} h", s / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Measurement, RunInfo};

    fn point(scheme: &str, k: usize, n: usize, bytes: usize) -> Point {
        Point {
            scheme: scheme.into(),
            curve: "bls12-381".into(),
            k,
            n,
            bytes,
            threads: 1,
            encoding: "fft".into(),
        }
    }

    /// A record whose sample takes `ms` milliseconds and peaks at `rss`.
    fn rec(scheme: &str, k: usize, n: usize, bytes: usize, ms: u64, rss: u64) -> Record {
        let m = Measurement {
            t_prove_ns: ms * 1_000_000,
            all_verified: true,
            tamper_rejected: true,
            decoded_ok: true,
            ..Measurement::default()
        };
        let mut r = Record::new(&point(scheme, k, n, bytes), &m, &RunInfo::current());
        r.peak_rss_bytes = Some(rss);
        r
    }

    #[test]
    fn linear_growth_is_extrapolated_linearly() {
        let recs = [
            rec("kzg", 4, 8, 1000, 10, 1 << 20),
            rec("kzg", 4, 8, 2000, 20, 2 << 20),
        ];
        let e = estimate(&recs, &point("kzg", 4, 8, 8000)).unwrap();
        assert!((e.seconds - 0.080).abs() < 1e-9, "{e:?}");
        assert!((e.exponent - 1.0).abs() < 1e-12);
        assert!((e.peak_rss_bytes.unwrap() - (8 << 20) as f64).abs() < 1.0);
        assert_eq!((e.from_k, e.from_bytes), (4, (1000, 2000)));
    }

    #[test]
    fn quadratic_growth_and_interpolation_use_the_bracketing_sizes() {
        // time ∝ |F|^2 between 1000 and 2000, ∝ |F| between 2000 and 4000
        let recs = [
            rec("kzg", 4, 8, 1000, 10, 1),
            rec("kzg", 4, 8, 2000, 40, 1),
            rec("kzg", 4, 8, 4000, 80, 1),
        ];
        let mid = estimate(&recs, &point("kzg", 4, 8, 1500)).unwrap();
        assert!((mid.exponent - 2.0).abs() < 1e-9);
        assert!((mid.seconds - 0.0225).abs() < 1e-9, "{mid:?}");
        let beyond = estimate(&recs, &point("kzg", 4, 8, 16000)).unwrap();
        assert_eq!(beyond.from_bytes, (2000, 4000));
        assert!((beyond.seconds - 0.320).abs() < 1e-9, "{beyond:?}");
    }

    #[test]
    fn sub_linear_growth_is_not_extrapolated_below_linear() {
        // fixed costs: 10 ms → 11 ms from 1000 to 2000 bytes (exponent 0.14)
        let recs = [rec("kzg", 4, 8, 1000, 10, 1), rec("kzg", 4, 8, 2000, 11, 1)];
        let inside = estimate(&recs, &point("kzg", 4, 8, 1500)).unwrap();
        assert!(
            inside.exponent < 0.2 && inside.seconds < 0.011,
            "{inside:?}"
        );
        let beyond = estimate(&recs, &point("kzg", 4, 8, 20_000)).unwrap();
        assert_eq!(beyond.exponent, 1.0);
        assert!((beyond.seconds - 0.110).abs() < 1e-9, "{beyond:?}");
    }

    #[test]
    fn the_median_of_the_repeats_is_used() {
        let recs = [
            rec("kzg", 4, 8, 1000, 10, 1),
            rec("kzg", 4, 8, 1000, 12, 1),
            rec("kzg", 4, 8, 1000, 500, 1), // an outlier
            rec("kzg", 4, 8, 2000, 24, 1),
        ];
        let e = estimate(&recs, &point("kzg", 4, 8, 4000)).unwrap();
        assert!((e.exponent - 1.0).abs() < 1e-9, "{e:?}");
        assert!((e.seconds - 0.048).abs() < 1e-9, "{e:?}");
    }

    #[test]
    fn the_nearest_k_and_a_single_size_are_used_when_nothing_closer_exists() {
        let recs = [
            rec("kzg", 4, 8, 1000, 10, 1),
            rec("kzg", 64, 128, 1000, 70, 1),
        ];
        let e = estimate(&recs, &point("kzg", 32, 64, 3000)).unwrap();
        assert_eq!(e.from_k, 64);
        assert!((e.seconds - 0.210).abs() < 1e-9, "{e:?}");
    }

    #[test]
    fn other_schemes_clamped_exponents_and_false_verdicts() {
        let mut bad = rec("kzg", 4, 8, 4000, 1, 1);
        bad.decoded_ok = false;
        let recs = [
            rec("aplonk", 4, 8, 1000, 10, 1),
            rec("kzg", 4, 8, 1000, 10, 1),
            rec("kzg", 4, 8, 1100, 100, 1), // noise: exponent ≈ 24, clamped
            bad,
        ];
        assert!(estimate(&recs, &point("semi-avid", 4, 8, 1000)).is_none());
        let e = estimate(&recs, &point("kzg", 4, 8, 2200)).unwrap();
        assert_eq!(e.exponent, 3.0);
        assert_eq!(e.from_bytes, (1000, 1100));
    }

    #[test]
    fn human_durations() {
        assert_eq!(human_seconds(0.0123), "12 ms");
        assert_eq!(human_seconds(12.34), "12.3 s");
        assert_eq!(human_seconds(600.0), "10 min");
        assert_eq!(human_seconds(36_000.0), "10.0 h");
    }
}
