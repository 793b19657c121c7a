//! Figures 3 and 4 and the curve comparison: log-log line plots against |F|.

use super::{heatmap::cell, schemes_in, tables::best, Context, Metric};
use crate::record::Record;
use plotters::prelude::*;
use std::error::Error;
use std::path::Path;

type PlotResult<T> = Result<T, Box<dyn Error + Send + Sync>>;

/// Line style of a series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dash {
    Solid,
    Dashed,
    Dotted,
}

struct Series {
    label: String,
    colour: RGBColor,
    dash: Dash,
    points: Vec<(f64, f64)>,
}

fn scheme_colour(scheme: &str) -> RGBColor {
    match scheme {
        "semi-avid" => RGBColor(31, 119, 180),
        "kzg-plus" => RGBColor(214, 39, 40),
        "kzg-plus-global" => RGBColor(148, 103, 189),
        "kzg" => RGBColor(255, 127, 14),
        "aplonk" => RGBColor(44, 160, 44),
        _ => RGBColor(90, 90, 90),
    }
}

fn panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    title: &str,
    metric: Metric,
    series: &[Series],
) -> PlotResult<()> {
    let pts = series.iter().flat_map(|s| s.points.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::INFINITY, 0.0f64, f64::INFINITY, 0.0f64);
    for &(x, y) in pts {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x1 == 0.0 {
        return Ok(());
    }
    let (x0, x1) = (x0 / 1.3, x1 * 1.3);
    let (y0, y1) = ((y0 / 2.0).max(1e-3), y1 * 2.0);
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 14))
        .margin(8)
        .x_label_area_size(32)
        .y_label_area_size(64)
        .build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("|F|")
        .x_label_formatter(&|x| super::format_bytes(*x))
        .y_label_formatter(&|y| metric.format(*y))
        .label_style(("sans-serif", 10))
        .draw()?;
    for s in series.iter().filter(|s| !s.points.is_empty()) {
        let style = ShapeStyle::from(&s.colour).stroke_width(2);
        let colour = s.colour;
        let anno = match s.dash {
            Dash::Solid => chart.draw_series(LineSeries::new(s.points.clone(), style))?,
            Dash::Dashed => {
                chart.draw_series(DashedLineSeries::new(s.points.clone(), 8, 5, style))?
            }
            Dash::Dotted => {
                chart.draw_series(DashedLineSeries::new(s.points.clone(), 2, 4, style))?
            }
        };
        anno.label(s.label.clone()).legend(move |(x, y)| {
            PathElement::new(
                vec![(x, y), (x + 18, y)],
                ShapeStyle::from(&colour).stroke_width(2),
            )
        });
        chart.draw_series(s.points.iter().map(|&p| Circle::new(p, 2, colour.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .label_font(("sans-serif", 10))
        .draw()?;
    Ok(())
}

fn sorted_bytes(recs: &[&Record]) -> Vec<usize> {
    let mut v: Vec<usize> = recs.iter().map(|r| r.bytes).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Figure 3: times and sizes at k = 4 (dashed) and k = 64 (solid). Returns
/// `false` (and writes nothing) when the records have neither k.
pub fn figure3(path: &Path, ctx: &Context, recs: &[&Record]) -> PlotResult<bool> {
    let ks: Vec<(usize, Dash)> = [(4, Dash::Dashed), (64, Dash::Solid)]
        .into_iter()
        .filter(|(k, _)| recs.iter().any(|r| r.k == *k))
        .collect();
    if ks.is_empty() {
        return Ok(false);
    }
    let bytes = sorted_bytes(recs);
    let root = SVGBackend::new(path, (1500, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(
        &format!("k = 4 (dashed) and k = 64 (solid): {}", ctx.title()),
        ("sans-serif", 18),
    )?;
    let panels = root.split_evenly((1, 3));
    for (area, metric) in panels
        .iter()
        .zip([Metric::Proof, Metric::Verify, Metric::Size])
    {
        let mut series = Vec::new();
        for scheme in schemes_in(recs) {
            for &(k, dash) in &ks {
                let points = bytes
                    .iter()
                    .filter_map(|&b| cell(recs, scheme, b, k).map(|r| (b as f64, metric.of(r))))
                    .collect();
                series.push(Series {
                    label: format!("{scheme} k={k}"),
                    colour: scheme_colour(scheme),
                    dash,
                    points,
                });
            }
        }
        panel(area, metric.label(), metric, &series)?;
    }
    root.present()?;
    Ok(true)
}

/// The optimisation criteria of Figure 4 / Table 1 and their line styles.
const CRITERIA: [(Metric, &str, Dash); 3] = [
    (Metric::Proof, "k_prf", Dash::Solid),
    (Metric::Verify, "k_vrf", Dash::Dashed),
    (Metric::Size, "k_sz", Dash::Dotted),
];

/// Figure 4: each metric at the best k for each criterion.
pub fn figure4(path: &Path, ctx: &Context, recs: &[&Record]) -> PlotResult<()> {
    let bytes = sorted_bytes(recs);
    let root = SVGBackend::new(path, (1200, 900)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(
        &format!(
            "At the best k for proof (solid), verification (dashed), size (dotted): {}",
            ctx.title()
        ),
        ("sans-serif", 18),
    )?;
    let panels = root.split_evenly((2, 2));
    for (area, metric) in
        panels
            .iter()
            .zip([Metric::Proof, Metric::Verify, Metric::Size, Metric::Decode])
    {
        let mut series = Vec::new();
        for scheme in schemes_in(recs) {
            for (criterion, name, dash) in CRITERIA {
                let points = bytes
                    .iter()
                    .filter_map(|&b| {
                        best(recs, scheme, b, criterion).map(|r| (b as f64, metric.of(r)))
                    })
                    .collect();
                series.push(Series {
                    label: format!("{scheme} {name}"),
                    colour: scheme_colour(scheme),
                    dash,
                    points,
                });
            }
        }
        panel(area, metric.label(), metric, &series)?;
    }
    root.present()?;
    Ok(())
}

/// The curves side by side: proof and verification time at the smallest k,
/// one colour per scheme, one line style per curve. `false` if nothing to draw.
pub fn curves_figure(
    path: &Path,
    threads: usize,
    encoding: &str,
    recs: &[&Record],
) -> PlotResult<bool> {
    let Some(k) = recs.iter().map(|r| r.k).min() else {
        return Ok(false);
    };
    let bytes = sorted_bytes(recs);
    let mut curves: Vec<&str> = recs.iter().map(|r| r.curve.as_str()).collect();
    curves.sort_unstable();
    curves.dedup();
    let root = SVGBackend::new(path, (1200, 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(
        &format!("Curves at k = {k}, {threads} thread(s), {encoding} encoding (solid / dashed / dotted = {})", curves.join(" / ")),
        ("sans-serif", 16),
    )?;
    let panels = root.split_evenly((1, 2));
    for (area, metric) in panels.iter().zip([Metric::Proof, Metric::Verify]) {
        let mut series = Vec::new();
        for scheme in schemes_in(recs) {
            for (curve, dash) in curves.iter().zip([Dash::Solid, Dash::Dashed, Dash::Dotted]) {
                let on_curve: Vec<&Record> =
                    recs.iter().copied().filter(|r| r.curve == *curve).collect();
                let points = bytes
                    .iter()
                    .filter_map(|&b| {
                        cell(&on_curve, scheme, b, k).map(|r| (b as f64, metric.of(r)))
                    })
                    .collect();
                series.push(Series {
                    label: format!("{scheme} {curve}"),
                    colour: scheme_colour(scheme),
                    dash,
                    points,
                });
            }
        }
        panel(area, metric.label(), metric, &series)?;
    }
    root.present()?;
    Ok(true)
}
