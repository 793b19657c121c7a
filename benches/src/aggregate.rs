//! The repeats of each point, summarised: what the tables and figures draw.
//!
//! [`aggregate`] groups records by point and, for every [`Metric`], computes
//! a [`Summary`] (median, minimum, 95 % interval) over the repeats. A
//! metric is computed per repeat before it is summarised (the proof time of
//! a repeat is that repeat's commit + prove), so a median proof time is the
//! median of sums, not a sum of medians. An [`Agg`] dereferences to the
//! point's first record, for the point's fields and the sizes (which do not
//! change between repeats).

use crate::{
    control,
    grid::Point,
    plot::Metric,
    record::Record,
    stats::{summarize, Summary},
};
use std::collections::BTreeMap;

/// One point with the summaries of its repeats.
#[derive(Clone, Debug)]
pub struct Agg {
    /// The first record of the point (lowest repeat index).
    pub first: Record,
    /// Number of repeats found.
    pub repeats: usize,
    stats: BTreeMap<Metric, Summary>,
    /// max/min of the control MSM times recorded with the point's repeats
    /// (1.0 when fewer than two were recorded).
    pub control_spread: f64,
    /// Median control MSM time of the point's repeats (0 when none).
    pub control_median_ns: f64,
    /// Smallest and largest control MSM time of the point's repeats
    /// (`None` when none was recorded, e.g. format-1 records).
    pub control_range_ns: Option<(u64, u64)>,
}

impl std::ops::Deref for Agg {
    type Target = Record;
    fn deref(&self) -> &Record {
        &self.first
    }
}

impl Agg {
    /// Summarises the records of one point (all with the same point, at
    /// least one).
    pub fn new(mut records: Vec<Record>) -> Self {
        records.sort_by_key(|r| r.repeat);
        let mut stats = BTreeMap::new();
        for metric in Metric::ALL {
            let samples: Vec<f64> = records.iter().filter_map(|r| metric.sample(r)).collect();
            if let Some(s) = summarize(&samples) {
                stats.insert(metric, s);
            }
        }
        let controls: Vec<u64> = records.iter().map(|r| r.t_control_msm_ns).collect();
        let measured: Vec<f64> = controls
            .iter()
            .filter(|&&c| c > 0)
            .map(|&c| c as f64)
            .collect();
        let measured_ns = controls.iter().copied().filter(|&c| c > 0);
        let control_range_ns = measured_ns.clone().min().zip(measured_ns.max());
        Self {
            control_range_ns,
            repeats: records.len(),
            control_spread: control::spread(controls),
            control_median_ns: summarize(&measured).map_or(0.0, |s| s.median),
            stats,
            first: records.swap_remove(0),
        }
    }

    /// The summary of `metric` (`None` when no repeat recorded it).
    pub fn stat(&self, metric: Metric) -> Option<&Summary> {
        self.stats.get(&metric)
    }

    /// Whether the control workload drifted across this point's repeats
    /// (spread above [`control::SPREAD_THRESHOLD`]).
    pub fn drifted(&self) -> bool {
        control::drifted(self.control_spread)
    }
}

/// One [`Agg`] per point, sorted by point.
pub fn aggregate(records: &[Record]) -> Vec<Agg> {
    let mut by_point: BTreeMap<Point, Vec<Record>> = BTreeMap::new();
    for r in records {
        by_point.entry(r.point()).or_default().push(r.clone());
    }
    by_point.into_values().map(Agg::new).collect()
}

/// Control drift over a set of points (e.g. one table): max/min of every
/// control MSM time recorded with them (1.0 when fewer than two).
pub fn control_spread<'a>(aggs: impl IntoIterator<Item = &'a Agg>) -> f64 {
    let (mut lo, mut hi) = (u64::MAX, 0);
    for (a, b) in aggs.into_iter().filter_map(|a| a.control_range_ns) {
        lo = lo.min(a);
        hi = hi.max(b);
    }
    if hi == 0 {
        1.0
    } else {
        hi as f64 / lo as f64
    }
}
