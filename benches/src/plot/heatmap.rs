//! Figure 2: heat maps of proof and verification time over (|F|, k).
//!
//! Colour is the median time on a log scale in the perceptually uniform
//! viridis palette (dark purple fast, yellow slow; readable in grey and
//! under colour-vision deficiencies), one scale per row shared by every
//! scheme, with a colour bar at the row's end. Impossible cells are white.

use super::{lines::LABEL_PX, schemes_in, Context, Metric};
use crate::aggregate::Agg;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::colors::colormaps::{ColorMap, ViridisRGB};
use std::error::Error;
use std::path::Path;

type PlotResult<T> = Result<T, Box<dyn Error + Send + Sync>>;

/// Width of the colour bar strip, px.
const BAR_STRIP_PX: u32 = 190;

/// The colour of `t ∈ [0, 1]` (0 fast, 1 slow): viridis.
pub fn heat_colour(t: f64) -> RGBColor {
    ViridisRGB.get_color(t.clamp(0.0, 1.0) as f32)
}

/// Black or white, whichever reads better on `c`.
fn text_on(c: RGBColor) -> RGBColor {
    let luma = 0.299 * f64::from(c.0) + 0.587 * f64::from(c.1) + 0.114 * f64::from(c.2);
    if luma > 140.0 {
        BLACK
    } else {
        WHITE
    }
}

fn sorted_unique(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v.dedup();
    v
}

/// The point at (scheme, |F|, k) with the smallest n (the code rate of the
/// grid when it has one rate).
pub fn cell<'a>(recs: &[&'a Agg], scheme: &str, bytes: usize, k: usize) -> Option<&'a Agg> {
    recs.iter()
        .filter(|r| r.scheme == scheme && r.bytes == bytes && r.k == k)
        .min_by_key(|r| r.n)
        .copied()
}

/// Draws a vertical colour bar for `[lo, hi]` (log scale) with its ticks.
fn colour_bar(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    metric: Metric,
    lo: f64,
    hi: f64,
) -> PlotResult<()> {
    let (div, unit) = metric.axis_unit(hi);
    let (lo_u, hi_u) = (lo / div, (hi / div).max(lo / div * 1.0001));
    let mut chart = ChartBuilder::on(area)
        .margin_top(40)
        .margin_bottom(50)
        .margin_right(10)
        .y_label_area_size(90)
        .caption(
            format!("{} ({unit})", metric.short()),
            ("sans-serif", LABEL_PX),
        )
        .build_cartesian_2d(0.0..1.0, (lo_u..hi_u).log_scale())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .disable_x_axis()
        .disable_y_mesh()
        .y_labels(6)
        .y_label_formatter(&|v| super::format_tick(*v))
        .label_style(("sans-serif", LABEL_PX))
        .draw()?;
    let steps = 64;
    let (l0, l1) = (lo_u.ln(), hi_u.ln());
    chart.draw_series((0..steps).map(|i| {
        let a = (l0 + (l1 - l0) * i as f64 / steps as f64).exp();
        let b = (l0 + (l1 - l0) * (i + 1) as f64 / steps as f64).exp();
        let t = (i as f64 + 0.5) / steps as f64;
        Rectangle::new([(0.0, a), (1.0, b)], heat_colour(t).filled())
    }))?;
    Ok(())
}

/// Draws Figure 2 for one context.
pub fn figure2(path: &Path, ctx: &Context, recs: &[&Agg]) -> PlotResult<()> {
    let schemes = schemes_in(recs);
    let cols = schemes.len().max(1);
    let all_bytes = sorted_unique(recs.iter().map(|r| r.bytes).collect());
    let all_k = sorted_unique(recs.iter().map(|r| r.k).collect());
    let cell_w = 78u32;
    let width = cols as u32 * (all_bytes.len() as u32 * cell_w + 110).max(440) + BAR_STRIP_PX;
    let height = 2 * (all_k.len() as u32 * 40 + 130) + 50;
    let root = SVGBackend::new(path, (width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(
        &format!(
            "Median proof (commit + prove n) and verification (k one by one) time over (|F|, k): {}",
            ctx.title()
        ),
        ("sans-serif", super::lines::TITLE_PX),
    )?;
    let (maps, bars) = root.split_horizontally(width - BAR_STRIP_PX);
    let panels = maps.split_evenly((2, cols));
    let bar_areas = bars.split_evenly((2, 1));
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
        colour_bar(&bar_areas[row], metric, lo, hi)?;
        for (col, scheme) in schemes.iter().enumerate() {
            let area = &panels[row * cols + col];
            let mut chart = ChartBuilder::on(area)
                .caption(
                    format!("{scheme}: {}", metric.short()),
                    ("sans-serif", super::lines::CAPTION_PX),
                )
                .margin(8)
                .x_label_area_size(52)
                .y_label_area_size(70)
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
                    .map(|k| k.to_string())
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
                .x_desc("|F| (file size)")
                .y_desc("k")
                .label_style(("sans-serif", LABEL_PX - 3))
                .axis_desc_style(("sans-serif", LABEL_PX))
                .draw()?;
            let span = (hi.ln() - lo.ln()).max(f64::MIN_POSITIVE);
            let mut cells = Vec::new();
            for (i, &bytes) in all_bytes.iter().enumerate() {
                for (j, &k) in all_k.iter().enumerate() {
                    if let Some(r) = cell(recs, scheme, bytes, k) {
                        let v = metric.of(r).max(lo);
                        if v.is_finite() {
                            let colour = heat_colour((v.ln() - lo.ln()) / span);
                            cells.push((i as i32, j as i32, v, colour, r.drifted()));
                        }
                    }
                }
            }
            chart.draw_series(cells.iter().map(|&(i, j, _, colour, _)| {
                Rectangle::new(
                    [
                        (SegmentValue::Exact(i), SegmentValue::Exact(j)),
                        (SegmentValue::Exact(i + 1), SegmentValue::Exact(j + 1)),
                    ],
                    colour.filled(),
                )
            }))?;
            chart.draw_series(cells.iter().map(|&(i, j, v, colour, drifted)| {
                let text = format!("{}{}", metric.format(v), if drifted { "†" } else { "" });
                EmptyElement::at((SegmentValue::Exact(i), SegmentValue::Exact(j + 1)))
                    + Text::new(
                        text,
                        (3, 6),
                        ("sans-serif", 12).into_font().color(&text_on(colour)),
                    )
            }))?;
        }
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_is_monotone_in_lightness() {
        // viridis: lightness grows from the fast to the slow end
        let luma =
            |c: RGBColor| 0.299 * f64::from(c.0) + 0.587 * f64::from(c.1) + 0.114 * f64::from(c.2);
        let l: Vec<f64> = (0..=10)
            .map(|i| luma(heat_colour(i as f64 / 10.0)))
            .collect();
        assert!(l.windows(2).all(|w| w[1] > w[0]), "{l:?}");
        assert_eq!(text_on(heat_colour(0.0)), WHITE);
        assert_eq!(text_on(heat_colour(1.0)), BLACK);
    }
}
