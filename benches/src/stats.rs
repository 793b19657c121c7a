//! Summary statistics of the repeats of one point: median, minimum and a
//! 95 % confidence interval for the median.
//!
//! The interval is the distribution-free one from order statistics: with
//! the `n` samples sorted, `x(1) ≤ … ≤ x(n)`, the interval
//! `[x(l), x(n+1−l)]` covers the population median with probability
//! `1 − 2·P(B ≤ l−1)` for `B ~ Binomial(n, ½)`, whatever the distribution of
//! the times (they only need to be independent draws of one distribution).
//! [`median_ci`] takes the largest `l` whose coverage is still ≥ 95 % and
//! reports the exact coverage. It needs `n ≥ 6` (for `n = 6`, `[x(1), x(6)]`
//! covers 96.9 %; for `n = 5` even the whole range covers only 93.75 %).
//! Below that the interval falls back to the range `[min, max]`, marked
//! [`IntervalKind::Range`] with its (lower) coverage, and a single sample has
//! no interval ([`IntervalKind::None`]).
//!
//! Timings are skewed to the right (interruptions only add time), which is
//! why the median (robust) and the minimum (the least disturbed run) are
//! reported rather than a mean and a normal-theory interval.
//!
//! Hand-written: the binomial tail is a short exact sum; a statistics crate
//! (`statrs`) would add a large dependency for one function.

/// The confidence level the intervals aim for.
pub const LEVEL: f64 = 0.95;

/// Fewest samples for which the order-statistic interval reaches [`LEVEL`].
pub const MIN_SAMPLES_FOR_CI: usize = 6;

/// What kind of interval [`median_ci`] could give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntervalKind {
    /// The order-statistic interval, coverage ≥ [`LEVEL`].
    OrderStatistic,
    /// Too few samples: the range `[min, max]`, coverage below [`LEVEL`].
    Range,
    /// One sample: no interval (`lo = hi =` the sample).
    None,
}

/// A confidence interval for the median.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub lo: f64,
    /// Upper end.
    pub hi: f64,
    /// Exact coverage probability (0 for [`IntervalKind::None`]).
    pub coverage: f64,
    /// How it was obtained.
    pub kind: IntervalKind,
}

/// Median, minimum, maximum and the median's confidence interval of a set
/// of samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// Number of samples.
    pub n: usize,
    /// The median (mean of the two middle samples for even `n`).
    pub median: f64,
    /// The smallest sample.
    pub min: f64,
    /// The largest sample.
    pub max: f64,
    /// 95 % interval for the median (see the module docs).
    pub ci: Interval,
}

/// `P(B ≤ j)` for `B ~ Binomial(n, ½)`, summed in log space so that large
/// `n` does not underflow.
pub fn binomial_half_cdf(n: usize, j: usize) -> f64 {
    let ln2 = std::f64::consts::LN_2;
    let mut ln_choose = 0.0f64; // ln C(n, 0)
    let mut total = 0.0;
    for i in 0..=j.min(n) {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        total += (ln_choose - n as f64 * ln2).exp();
    }
    total.min(1.0)
}

/// The 1-based rank `l` of the lower end of the order-statistic interval
/// (upper end `n + 1 − l`) and its coverage, or `None` when `n` is too small
/// to reach [`LEVEL`].
pub fn ci_ranks(n: usize) -> Option<(usize, f64)> {
    let mut best = None;
    for l in 1..=n.div_ceil(2) {
        let coverage = 1.0 - 2.0 * binomial_half_cdf(n, l - 1);
        if coverage >= LEVEL {
            best = Some((l, coverage));
        } else {
            break;
        }
    }
    best
}

/// The interval for the median of `sorted` (ascending, non-empty).
pub fn median_ci(sorted: &[f64]) -> Interval {
    let n = sorted.len();
    assert!(n > 0, "no samples");
    if let Some((l, coverage)) = ci_ranks(n) {
        return Interval {
            lo: sorted[l - 1],
            hi: sorted[n - l],
            coverage,
            kind: IntervalKind::OrderStatistic,
        };
    }
    if n == 1 {
        return Interval {
            lo: sorted[0],
            hi: sorted[0],
            coverage: 0.0,
            kind: IntervalKind::None,
        };
    }
    Interval {
        lo: sorted[0],
        hi: sorted[n - 1],
        coverage: 1.0 - 2.0 * binomial_half_cdf(n, 0),
        kind: IntervalKind::Range,
    }
}

/// Summarises samples (`None` for none). NaNs sort last.
pub fn summarize(samples: &[f64]) -> Option<Summary> {
    if samples.is_empty() {
        return None;
    }
    let mut v = samples.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    Some(Summary {
        n,
        median,
        min: v[0],
        max: v[n - 1],
        ci: median_ci(&v),
    })
}

impl Summary {
    /// `12.3 ms [11.9, 13.0]`-style text with the interval, using `fmt` for
    /// the values; a `~` before the bracket marks a min–max range below 95 %,
    /// and a single sample has no bracket.
    pub fn display(&self, fmt: impl Fn(f64) -> String) -> String {
        match self.ci.kind {
            IntervalKind::None => fmt(self.median),
            IntervalKind::OrderStatistic => {
                format!(
                    "{} [{}, {}]",
                    fmt(self.median),
                    fmt(self.ci.lo),
                    fmt(self.ci.hi)
                )
            }
            IntervalKind::Range => format!(
                "{} ~[{}, {}]",
                fmt(self.median),
                fmt(self.ci.lo),
                fmt(self.ci.hi)
            ),
        }
    }

    /// Whether two intervals overlap (single samples count as points).
    pub fn overlaps(&self, other: &Summary) -> bool {
        self.ci.lo <= other.ci.hi && other.ci.lo <= self.ci.hi
    }
}
