//! Figures 3 and 4 and the curve comparison: log-log line plots against |F|.
//!
//! Every panel has one unit per axis (its title says which), ticks on the
//! x axis at exactly the measured sizes, error bars from the 95 % intervals
//! of the medians (see [`crate::stats`]; a range of fewer repeats is drawn
//! the same way, the tables mark it), and a legend with one entry per scheme
//! (its colour, [`super::scheme_colour`]) and one per line style (k,
//! criterion or curve, in black). Text sizes are chosen for the canvas to be scaled to the width of
//! a page: [`LABEL_PX`] px on panels about 600 px wide.

use super::{heatmap::cell, scheme_colour, schemes_in, tables::best, Context, Metric};
use crate::aggregate::Agg;
use plotters::prelude::*;
use std::error::Error;
use std::path::Path;

type PlotResult<T> = Result<T, Box<dyn Error + Send + Sync>>;

/// Tick labels and legend text, px.
pub const LABEL_PX: u32 = 17;
/// Panel titles and axis titles, px.
pub const CAPTION_PX: u32 = 20;
/// Figure titles, px.
pub const TITLE_PX: u32 = 22;

/// Line style of a series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dash {
    /// A solid line.
    Solid,
    /// Long dashes.
    Dashed,
    /// Dots.
    Dotted,
}

impl Dash {
    /// The dash and gap lengths in px (`None` for solid).
    fn pattern(self) -> Option<(i32, i32)> {
        match self {
            Dash::Solid => None,
            Dash::Dashed => Some((9, 5)),
            Dash::Dotted => Some((2, 4)),
        }
    }
}

/// One point of a series: |F|, median, interval.
#[derive(Clone, Copy, Debug)]
struct Pt {
    x: f64,
    y: f64,
    lo: f64,
    hi: f64,
}

struct Series {
    /// The scheme: its colour and first legend part.
    scheme: String,
    /// What the line style stands for (`k=4`, `k_prf`, a curve).
    style: String,
    colour: RGBColor,
    dash: Dash,
    points: Vec<Pt>,
}

/// The legend of a panel: one entry per scheme (its colour, solid) and one
/// per line style (black, in that style), in order of first appearance,
/// instead of one entry per series.
fn legend_entries(series: &[Series]) -> Vec<(String, RGBColor, Dash)> {
    let mut out: Vec<(String, RGBColor, Dash)> = Vec::new();
    for s in series.iter().filter(|s| !s.points.is_empty()) {
        if !out.iter().any(|(l, _, _)| *l == s.scheme) {
            out.push((s.scheme.clone(), s.colour, Dash::Solid));
        }
    }
    let mut styles: Vec<(String, RGBColor, Dash)> = Vec::new();
    for s in series.iter().filter(|s| !s.points.is_empty()) {
        if !styles.iter().any(|(l, _, _)| *l == s.style) {
            styles.push((s.style.clone(), BLACK, s.dash));
        }
    }
    out.extend(styles);
    out
}

fn pt(bytes: usize, metric: Metric, a: &Agg) -> Option<Pt> {
    let st = a.stat(metric)?;
    Some(Pt {
        x: bytes as f64,
        y: st.median,
        lo: st.ci.lo,
        hi: st.ci.hi,
    })
}

/// The segments of a dashed horizontal legend line from `x0` to `x1`,
/// relative to the legend entry's anchor.
fn legend_segments(dash: Dash, x0: i32, x1: i32) -> Vec<(i32, i32)> {
    match dash.pattern() {
        None => vec![(x0, x1)],
        Some((on, off)) => {
            let mut v = Vec::new();
            let mut x = x0;
            while x < x1 {
                v.push((x, (x + on).min(x1)));
                x += on + off;
            }
            v
        }
    }
}

/// Width of the legend strip at the right of a figure, px.
const LEGEND_W: u32 = 190;

/// The entries of several panels' legends merged: each label once, in order
/// of first appearance (schemes first, then line styles, as in
/// [`legend_entries`]).
fn merge_entries(panels: &[Vec<(String, RGBColor, Dash)>]) -> Vec<(String, RGBColor, Dash)> {
    let mut schemes: Vec<(String, RGBColor, Dash)> = Vec::new();
    let mut styles: Vec<(String, RGBColor, Dash)> = Vec::new();
    for e in panels.iter().flatten() {
        let list = if e.1 == BLACK {
            &mut styles
        } else {
            &mut schemes
        };
        if !list.iter().any(|(l, _, _)| *l == e.0) {
            list.push(e.clone());
        }
    }
    schemes.extend(styles);
    schemes
}

/// Draws one legend for the whole figure in its own strip, outside every
/// panel, so that it never hides a line or a point.
fn legend_strip(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    entries: &[(String, RGBColor, Dash)],
) -> PlotResult<()> {
    const ROW: i32 = 28;
    let top = 60;
    for (i, (label, colour, dash)) in entries.iter().enumerate() {
        let y = top + ROW * i as i32;
        let style = ShapeStyle::from(colour).stroke_width(3);
        for (a, b) in legend_segments(*dash, 6, 40) {
            area.draw(&PathElement::new(vec![(a, y), (b, y)], style))?;
        }
        area.draw(&Text::new(
            label.clone(),
            (48, y - LABEL_PX as i32 / 2),
            ("sans-serif", LABEL_PX),
        ))?;
    }
    Ok(())
}

fn panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    title: &str,
    metric: Metric,
    series: &[Series],
    sizes: &[usize],
) -> PlotResult<Vec<(String, RGBColor, Dash)>> {
    let pts = series.iter().flat_map(|s| s.points.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::INFINITY, 0.0f64, f64::INFINITY, 0.0f64);
    for p in pts {
        x0 = x0.min(p.x);
        x1 = x1.max(p.x);
        y0 = y0.min(p.lo.min(p.y));
        y1 = y1.max(p.hi.max(p.y));
    }
    if x1 == 0.0 {
        return Ok(Vec::new());
    }
    let (unit_div, unit) = metric.axis_unit(y1);
    let scale = |v: f64| v / unit_div;
    let (x0, x1) = (x0 / 1.3, x1 * 1.3);
    let (y0, y1) = ((scale(y0) / 2.0).max(1e-6), scale(y1) * 2.0);
    let ticks: Vec<f64> = sizes.iter().map(|&b| b as f64).collect();
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", CAPTION_PX))
        .margin(10)
        .x_label_area_size(56)
        .y_label_area_size(78)
        .build_cartesian_2d(
            (x0..x1).log_scale().with_key_points(ticks),
            (y0..y1).log_scale(),
        )?;
    let what = if metric.is_bytes() { "size" } else { "time" };
    chart
        .configure_mesh()
        .x_desc("|F| (file size)")
        .y_desc(format!("{what} ({unit})"))
        .x_label_formatter(&|x| super::format_bytes(*x))
        .y_label_formatter(&|y| super::format_tick(*y))
        .label_style(("sans-serif", LABEL_PX))
        .axis_desc_style(("sans-serif", CAPTION_PX))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.12))
        .draw()?;
    for s in series.iter().filter(|s| !s.points.is_empty()) {
        let style = ShapeStyle::from(&s.colour).stroke_width(2);
        let colour = s.colour;
        let line: Vec<(f64, f64)> = s.points.iter().map(|p| (p.x, scale(p.y))).collect();
        match s.dash.pattern() {
            None => chart.draw_series(LineSeries::new(line, style))?,
            Some((on, off)) => {
                chart.draw_series(DashedLineSeries::new(line, on as u32, off as u32, style))?
            }
        };
        chart.draw_series(s.points.iter().map(|p| {
            ErrorBar::new_vertical(p.x, scale(p.lo), scale(p.y), scale(p.hi), style, 8)
        }))?;
        chart.draw_series(
            s.points
                .iter()
                .map(|p| Circle::new((p.x, scale(p.y)), 3, colour.filled())),
        )?;
    }
    Ok(legend_entries(series))
}

fn sorted_bytes(recs: &[&Agg]) -> Vec<usize> {
    let mut v: Vec<usize> = recs.iter().map(|r| r.bytes).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Figure 3: times and sizes at k = 4 (dashed) and k = 64 (solid). Returns
/// `false` (and writes nothing) when the records have neither k.
pub fn figure3(path: &Path, ctx: &Context, recs: &[&Agg]) -> PlotResult<bool> {
    let ks: Vec<(usize, Dash)> = [(4, Dash::Dashed), (64, Dash::Solid)]
        .into_iter()
        .filter(|(k, _)| recs.iter().any(|r| r.k == *k))
        .collect();
    if ks.is_empty() {
        return Ok(false);
    }
    let title = format!(
        "Medians with 95 % intervals at k = 4 (dashed) and k = 64 (solid): {}",
        ctx.title()
    );
    three_panels_per_k(
        path,
        &title,
        [Metric::Proof, Metric::Verify, Metric::Size],
        &ks,
        recs,
    )?;
    Ok(true)
}

/// The sizes figure: the commitment, one shard's proof and the verifier key
/// against |F|, one line style per k: the smallest (dashed), a middle one
/// (dotted, when there are three or more) and the largest (solid) measured.
pub fn sizes(path: &Path, ctx: &Context, recs: &[&Agg]) -> PlotResult<()> {
    let mut all_k: Vec<usize> = recs.iter().map(|r| r.k).collect();
    all_k.sort_unstable();
    all_k.dedup();
    let mut ks = vec![(all_k[0], Dash::Dashed)];
    if all_k.len() >= 3 {
        ks.push((all_k[all_k.len() / 2], Dash::Dotted));
    }
    if all_k.len() >= 2 {
        ks.push((all_k[all_k.len() - 1], Dash::Solid));
    }
    let styles: Vec<String> = ks
        .iter()
        .map(|(k, dash)| {
            let name = match dash {
                Dash::Dashed => "dashed",
                Dash::Dotted => "dotted",
                Dash::Solid => "solid",
            };
            format!("k = {k} ({name})")
        })
        .collect();
    let title = format!("Sizes in bytes at {}: {}", styles.join(", "), ctx.title());
    three_panels_per_k(
        path,
        &title,
        [
            Metric::Commitment,
            Metric::ProofPerShard,
            Metric::VerifierKey,
        ],
        &ks,
        recs,
    )
}

/// A figure of three panels side by side, one per metric against |F|,
/// with a line per scheme (its colour) and k (its line style) and one
/// legend strip: Figure 3 and the sizes figure.
fn three_panels_per_k(
    path: &Path,
    title: &str,
    metrics: [Metric; 3],
    ks: &[(usize, Dash)],
    recs: &[&Agg],
) -> PlotResult<()> {
    let bytes = sorted_bytes(recs);
    let root = SVGBackend::new(path, (1800 + LEGEND_W, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", TITLE_PX))?;
    let (plots, legend) = root.split_horizontally(root.dim_in_pixel().0 - LEGEND_W);
    let panels = plots.split_evenly((1, 3));
    let mut entries = Vec::new();
    for (area, metric) in panels.iter().zip(metrics) {
        let mut series = Vec::new();
        for scheme in schemes_in(recs) {
            for &(k, dash) in ks {
                let points = bytes
                    .iter()
                    .filter_map(|&b| cell(recs, &scheme, b, k).and_then(|r| pt(b, metric, r)))
                    .collect();
                series.push(Series {
                    scheme: scheme.clone(),
                    style: format!("k = {k}"),
                    colour: scheme_colour(&scheme),
                    dash,
                    points,
                });
            }
        }
        entries.push(panel(area, metric.label(), metric, &series, &bytes)?);
    }
    legend_strip(&legend, &merge_entries(&entries))?;
    root.present()?;
    Ok(())
}

/// The optimisation criteria of Figure 4 / Table 1 and their line styles.
const CRITERIA: [(Metric, &str, Dash); 3] = [
    (Metric::Proof, "k_prf", Dash::Solid),
    (Metric::Verify, "k_vrf", Dash::Dashed),
    (Metric::Size, "k_sz", Dash::Dotted),
];

/// Figure 4: each metric at the best k for each criterion.
pub fn figure4(path: &Path, ctx: &Context, recs: &[&Agg]) -> PlotResult<()> {
    let bytes = sorted_bytes(recs);
    let root = SVGBackend::new(path, (1400 + LEGEND_W, 1100)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(
        &format!(
            "At the best k for proof (solid), verification (dashed), size (dotted): {}",
            ctx.title()
        ),
        ("sans-serif", TITLE_PX),
    )?;
    let (plots, legend) = root.split_horizontally(root.dim_in_pixel().0 - LEGEND_W);
    let panels = plots.split_evenly((2, 2));
    let mut entries = Vec::new();
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
                        best(recs, &scheme, b, criterion).and_then(|r| pt(b, metric, r))
                    })
                    .collect();
                series.push(Series {
                    scheme: scheme.clone(),
                    style: format!("best {name}"),
                    colour: scheme_colour(&scheme),
                    dash,
                    points,
                });
            }
        }
        entries.push(panel(area, metric.label(), metric, &series, &bytes)?);
    }
    legend_strip(&legend, &merge_entries(&entries))?;
    root.present()?;
    Ok(())
}

/// The curves side by side: proof and verification time at the smallest k,
/// one colour per scheme, one line style per curve. `false` if nothing to draw.
pub fn curves_figure(
    path: &Path,
    threads: usize,
    encoding: &str,
    recs: &[&Agg],
) -> PlotResult<bool> {
    let Some(k) = recs.iter().map(|r| r.k).min() else {
        return Ok(false);
    };
    let bytes = sorted_bytes(recs);
    let mut curves: Vec<&str> = recs.iter().map(|r| r.curve.as_str()).collect();
    curves.sort_unstable();
    curves.dedup();
    let root = SVGBackend::new(path, (1400 + LEGEND_W, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(
        &format!(
            "Curves at k = {k}, {threads} thread(s), {encoding} encoding (solid / dashed / dotted = {})",
            curves.join(" / ")
        ),
        ("sans-serif", TITLE_PX),
    )?;
    let (plots, legend) = root.split_horizontally(root.dim_in_pixel().0 - LEGEND_W);
    let panels = plots.split_evenly((1, 2));
    let mut entries = Vec::new();
    for (area, metric) in panels.iter().zip([Metric::Proof, Metric::Verify]) {
        let mut series = Vec::new();
        for scheme in schemes_in(recs) {
            for (curve, dash) in curves.iter().zip([Dash::Solid, Dash::Dashed, Dash::Dotted]) {
                let on_curve: Vec<&Agg> =
                    recs.iter().copied().filter(|r| r.curve == *curve).collect();
                let points = bytes
                    .iter()
                    .filter_map(|&b| cell(&on_curve, &scheme, b, k).and_then(|r| pt(b, metric, r)))
                    .collect();
                series.push(Series {
                    scheme: scheme.clone(),
                    style: (*curve).to_owned(),
                    colour: scheme_colour(&scheme),
                    dash,
                    points,
                });
            }
        }
        entries.push(panel(area, metric.label(), metric, &series, &bytes)?);
    }
    legend_strip(&legend, &merge_entries(&entries))?;
    root.present()?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three panels (commitment, proof of one shard, verifier key), and of
    /// four k the smallest, the middle one and the largest, each named with
    /// its line style.
    #[test]
    fn the_sizes_figure_draws_three_panels_and_three_k() {
        let recs: Vec<crate::record::Record> = [4usize, 16, 64, 256]
            .into_iter()
            .flat_map(|k| {
                [1984usize, 7936].map(move |bytes| {
                    let point = crate::grid::Point::for_tests(k, bytes);
                    let m = crate::record::Measurement {
                        commitment_bytes: 100 * k,
                        proof_bytes_per_shard: 50 + bytes / 100,
                        verifier_key_bytes: 248,
                        all_verified: true,
                        ..Default::default()
                    };
                    crate::record::Record::new(&point, &m, &crate::record::RunInfo::current())
                })
            })
            .collect();
        let aggs = crate::aggregate::aggregate(&recs);
        let refs: Vec<&Agg> = aggs.iter().collect();
        let ctx = Context {
            curve: "bls12-381".into(),
            threads: 1,
            encoding: "points".into(),
        };
        let path = std::env::temp_dir().join(format!("vidkit-sizes-{}.svg", std::process::id()));
        sizes(&path, &ctx, &refs).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        for text in [
            "commitment",
            "proof of one shard",
            "verifier key",
            "k = 4 (dashed)",
            "k = 64 (dotted)",
            "k = 256 (solid)",
        ] {
            assert!(svg.contains(text), "{text:?} missing");
        }
        assert!(!svg.contains("k = 16"), "only three k are drawn");
    }

    #[test]
    fn legend_dashes_differ_by_style() {
        assert_eq!(legend_segments(Dash::Solid, 0, 26), [(0, 26)]);
        let dashed = legend_segments(Dash::Dashed, 0, 26);
        assert_eq!(dashed, [(0, 9), (14, 23)]);
        let dotted = legend_segments(Dash::Dotted, 0, 26);
        assert!(dotted.len() > dashed.len());
        assert!(dotted.iter().all(|(a, b)| b - a <= 2));
    }

    #[test]
    fn the_legend_has_one_entry_per_scheme_and_per_style() {
        let series = |scheme: &str, style: &str, dash| Series {
            scheme: scheme.into(),
            style: style.into(),
            colour: super::super::scheme_colour(scheme),
            dash,
            points: vec![Pt {
                x: 1.0,
                y: 1.0,
                lo: 1.0,
                hi: 1.0,
            }],
        };
        let all = [
            series("kzg", "k = 4", Dash::Dashed),
            series("kzg", "k = 64", Dash::Solid),
            series("aplonk", "k = 4", Dash::Dashed),
            series("aplonk", "k = 64", Dash::Solid),
        ];
        let e = legend_entries(&all);
        let labels: Vec<&str> = e.iter().map(|(l, _, _)| l.as_str()).collect();
        assert_eq!(labels, ["kzg", "aplonk", "k = 4", "k = 64"]);
        assert_eq!(
            (e[0].2, e[2].2, e[3].2),
            (Dash::Solid, Dash::Dashed, Dash::Solid)
        );
        assert_eq!(e[2].1, BLACK);
        assert_ne!(e[0].1, e[1].1, "schemes differ by colour");
    }

    #[test]
    fn one_figure_legend_merges_the_panels() {
        let red = RGBColor(200, 0, 0);
        let blue = RGBColor(0, 0, 200);
        let a = vec![
            ("kzg".to_owned(), red, Dash::Solid),
            ("k = 4".to_owned(), BLACK, Dash::Dashed),
        ];
        let b = vec![
            ("aplonk".to_owned(), blue, Dash::Solid),
            ("kzg".to_owned(), red, Dash::Solid),
            ("k = 64".to_owned(), BLACK, Dash::Solid),
            ("k = 4".to_owned(), BLACK, Dash::Dashed),
        ];
        let m = merge_entries(&[a, b]);
        let labels: Vec<&str> = m.iter().map(|(l, _, _)| l.as_str()).collect();
        assert_eq!(labels, ["kzg", "aplonk", "k = 4", "k = 64"]);
    }
}
