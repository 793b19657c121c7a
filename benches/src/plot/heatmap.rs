//! Figure 2: heat maps of proof and verification time over (|F|, k).

use super::{schemes_in, Context, Metric};
use crate::record::Record;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use std::error::Error;
use std::path::Path;

type PlotResult<T> = Result<T, Box<dyn Error + Send + Sync>>;

/// Blue (fast) to red (slow) through cyan, green and yellow, as in the paper.
pub fn heat_colour(t: f64) -> HSLColor {
    let t = t.clamp(0.0, 1.0);
    HSLColor((1.0 - t) * 240.0 / 360.0, 0.85, 0.55)
}

fn sorted_unique(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v.dedup();
    v
}

/// The record at (scheme, |F|, k) with the smallest n (the code rate of the
/// grid when it has one rate).
pub fn cell<'a>(recs: &[&'a Record], scheme: &str, bytes: usize, k: usize) -> Option<&'a Record> {
    recs.iter()
        .filter(|r| r.scheme == scheme && r.bytes == bytes && r.k == k)
        .min_by_key(|r| r.n)
        .copied()
}

/// Draws Figure 2 for one context.
pub fn figure2(path: &Path, ctx: &Context, recs: &[&Record]) -> PlotResult<()> {
    let schemes = schemes_in(recs);
    let cols = schemes.len().max(1);
    let all_bytes = sorted_unique(recs.iter().map(|r| r.bytes).collect());
    let all_k = sorted_unique(recs.iter().map(|r| r.k).collect());
    let cell_w = 62u32;
    let width = cols as u32 * (all_bytes.len() as u32 * cell_w + 80).max(380);
    let height = 2 * (all_k.len() as u32 * 34 + 90) + 40;
    let root = SVGBackend::new(path, (width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(
        &format!(
            "Proof (commit + prove n) and verification (k one by one) over (|F|, k), log colour blue..red: {}",
            ctx.title()
        ),
        ("sans-serif", 18),
    )?;
    let panels = root.split_evenly((2, cols));
    for (row, metric) in [Metric::Proof, Metric::Verify].into_iter().enumerate() {
        let values: Vec<f64> = recs
            .iter()
            .map(|r| metric.of(r))
            .filter(|v| *v > 0.0)
            .collect();
        let lo = values
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min)
            .max(1.0);
        let hi = values.iter().copied().fold(0.0, f64::max).max(lo * 1.0001);
        for (col, scheme) in schemes.iter().enumerate() {
            let area = &panels[row * cols + col];
            let mut chart = ChartBuilder::on(area)
                .caption(
                    format!(
                        "{scheme}: {} ({} .. {})",
                        metric.short(),
                        metric.format(lo),
                        metric.format(hi)
                    ),
                    ("sans-serif", 12),
                )
                .margin(6)
                .x_label_area_size(28)
                .y_label_area_size(44)
                .build_cartesian_2d(
                    (0..all_bytes.len() as i32).into_segmented(),
                    (0..all_k.len() as i32).into_segmented(),
                )?;
            let label_bytes = |v: &SegmentValue<i32>| match v {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => all_bytes
                    .get(*i as usize)
                    .map(|b| super::format_bytes(*b as f64))
                    .unwrap_or_default(),
                SegmentValue::Last => String::new(),
            };
            let label_k = |v: &SegmentValue<i32>| match v {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => all_k
                    .get(*i as usize)
                    .map(|k| format!("k={k}"))
                    .unwrap_or_default(),
                SegmentValue::Last => String::new(),
            };
            chart
                .configure_mesh()
                .disable_mesh()
                .x_labels(all_bytes.len())
                .y_labels(all_k.len())
                .x_label_formatter(&label_bytes)
                .y_label_formatter(&label_k)
                .x_desc("|F|")
                .label_style(("sans-serif", 10))
                .draw()?;
            let span = (hi.ln() - lo.ln()).max(f64::MIN_POSITIVE);
            let mut cells = Vec::new();
            for (i, &bytes) in all_bytes.iter().enumerate() {
                for (j, &k) in all_k.iter().enumerate() {
                    if let Some(r) = cell(recs, scheme, bytes, k) {
                        let v = metric.of(r).max(lo);
                        cells.push((
                            i as i32,
                            j as i32,
                            v,
                            heat_colour((v.ln() - lo.ln()) / span),
                        ));
                    }
                }
            }
            chart.draw_series(cells.iter().map(|&(i, j, _, colour)| {
                Rectangle::new(
                    [
                        (SegmentValue::Exact(i), SegmentValue::Exact(j)),
                        (SegmentValue::Exact(i + 1), SegmentValue::Exact(j + 1)),
                    ],
                    colour.filled(),
                )
            }))?;
            chart.draw_series(cells.iter().map(|&(i, j, v, _)| {
                EmptyElement::at((SegmentValue::Exact(i), SegmentValue::Exact(j + 1)))
                    + Text::new(metric.format(v), (3, 4), ("sans-serif", 9).into_font())
            }))?;
        }
    }
    root.present()?;
    Ok(())
}
