//! The speed figures that `README.md` and `docs/` quote from benchmark logs,
//! recomputed from those logs.
//!
//! `results/figures.toml` says, for each figure, which document states it, the
//! sentence around it, and which benchmarks of which committed log under
//! `results/` it is the ratio of. This test reads every log, recomputes each
//! ratio (or range of ratios), formats it as the document writes it and looks
//! for the resulting sentence in the document: a figure that drifts from its
//! log, or a log that no longer holds a benchmark a figure is built from, fails.
//! (The sweep figures of `docs/results.md` are checked by `claims.rs`.)
//!
//! Logs are the raw output of the commands each document gives: criterion's
//! `NAME  time: [low median high]` lines (the name on the line before when
//! criterion wraps it) and the peers' `NAME: VALUE UNIT` lines (gnark-crypto's
//! side-by-side program), which the manifest names `gnark:NAME`. A log that
//! holds several builds marks each with a `# vidkit build: B` line; criterion
//! figures of a build other than `plain` are named `B:NAME`. A sweep's records
//! (`.jsonl`) count as a log too, one sample per repeat and metric.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use vidkit_benches::{
    plot::Metric,
    record::Record,
    stats::{summarize, Summary},
    store::read_records,
};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    figure: Vec<Figure>,
}

/// One sentence of a document with the figures in it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Figure {
    /// Path of the document, from the repository root.
    doc: String,
    /// The sentence, with `{}` where each value goes, in order.
    text: String,
    values: Vec<Value>,
}

/// One figure: a ratio, or the range of several, formatted with `fmt`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Value {
    /// `x0`, `x1`, `x2`: that many decimals; `s2`, `s3`: that many
    /// significant digits; then `×` (a range `a–b×`). `ms`: a time (`time`
    /// and `runs` stats) as `table.py` writes it; `t3`: a time with three
    /// significant digits.
    fmt: String,
    /// The ratios whose range this value is, from one or several logs.
    parts: Vec<Part>,
}

/// Ratios of one log: `num / den` for each id.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct Part {
    /// Path of the log, under `results/`: a benchmark log, or a sweep's
    /// `.jsonl` records (see [`sweep_samples`] for their names).
    log: String,
    /// Benchmark names; `{}` is replaced by each of `ids`. No `den` for
    /// the stats that read one benchmark's times.
    num: String,
    den: Option<String>,
    #[serde(default)]
    ids: Vec<String>,
    /// `median` (the default): median / median. `span`: the upper median of
    /// `num` against the slowest and the fastest run of `den`, i.e. the range
    /// `median(num)/max(den) … median(num)/min(den)` (how `table.py` compares
    /// vidkit with a peer run several times). `each`: the i-th run of `num`
    /// against the i-th of `den` (runs in rounds), every round's ratio.
    /// `time`: no ratio but `num`'s upper median (as `table.py` gives
    /// vidkit's time); `runs`: the fastest and the slowest run of `num` (a
    /// peer's range in `table.py`); both in milliseconds, for `fmt = "ms"`.
    #[serde(default)]
    stat: Stat,
    /// Only the lines under the `## ` headings that contain this text
    /// (every such section of the log) ...
    section: Option<String>,
    /// ... each up to the next `## ` heading that contains this text (by
    /// default, up to the next `## ` heading).
    until: Option<String>,
    /// The section of `den`, when it is not `section` (a speed-up from one
    /// thread count to another: the same benchmark in two sections).
    den_section: Option<String>,
    /// A factor on every ratio (`0.25`: the ratio per shard of a time for
    /// k = 4 shards against a time for one).
    #[serde(default = "one")]
    scale: f64,
}

fn one() -> f64 {
    1.0
}

#[derive(Deserialize, Clone, Copy, Default, PartialEq, Debug)]
#[serde(rename_all = "lowercase")]
enum Stat {
    #[default]
    Median,
    Span,
    Each,
    Time,
    Runs,
}

/// Every timing in a log, in milliseconds, by benchmark name, in log order.
fn parse_log(text: &str, section: Option<&str>, until: Option<&str>) -> BTreeMap<String, Vec<f64>> {
    let mut out: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let mut build = String::from("plain");
    let mut last_name: Option<String> = None;
    let mut inside = section.is_none();
    for line in text.lines() {
        if let Some(s) = section {
            if line.starts_with("## ") {
                if line.contains(s) {
                    inside = true;
                } else if until.is_none_or(|u| line.contains(u)) {
                    inside = false;
                }
                continue;
            }
            if !inside {
                continue;
            }
        }
        if let Some(b) = line.strip_prefix("# vidkit build: ") {
            build = b.trim().to_owned();
            continue;
        }
        if let Some((name, ms)) = peer_line(line) {
            out.entry(format!("gnark:{name}")).or_default().push(ms);
            continue;
        }
        let first = line.split_whitespace().next();
        if let Some(first) = first {
            let starts_name = !line.starts_with(char::is_whitespace)
                && !line.starts_with("Benchmarking")
                && first.contains('/');
            if starts_name {
                last_name = Some(first.to_owned());
            }
        }
        if let Some(ms) = criterion_median(line) {
            let Some(name) = last_name.take() else {
                continue;
            };
            let key = if build == "plain" {
                name
            } else {
                format!("{build}:{name}")
            };
            out.entry(key).or_default().push(ms);
        }
    }
    out
}

/// Every sample of a sweep's records (each repeat), named
/// `SCHEME/METRIC/CURVE/k=K,n=N,F=BYTES,t=THREADS,ENCODING`, in milliseconds
/// (bytes for `size`). METRIC: `proof` (commit + prove), `commit`, `prove`,
/// `verify`, `batch_verify`, `decode`, `encode`, `size`.
fn sweep_samples(records: &[Record]) -> BTreeMap<String, Vec<f64>> {
    let mut out: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for r in records {
        let point = format!(
            "{}/k={},n={},F={},t={},{}",
            r.curve, r.k, r.n, r.bytes, r.threads, r.encoding
        );
        let metrics = [
            ("proof", Metric::Proof.sample(r)),
            ("commit", Some(r.t_commit_ns as f64)),
            ("prove", Some(r.t_prove_ns as f64)),
            ("verify", Metric::Verify.sample(r)),
            ("batch_verify", Metric::BatchVerify.sample(r)),
            ("decode", Metric::Decode.sample(r)),
            ("encode", Metric::Encode.sample(r)),
        ];
        for (name, v) in metrics {
            if let Some(ns) = v {
                out.entry(format!("{}/{name}/{point}", r.scheme))
                    .or_default()
                    .push(ns / 1e6);
            }
        }
        let size = r.overhead_bytes() as f64;
        out.entry(format!("{}/size/{point}", r.scheme))
            .or_default()
            .push(size);
    }
    out
}

fn unit_ms(unit: &str) -> Option<f64> {
    Some(match unit {
        "ns" => 1e-6,
        "µs" | "us" => 1e-3,
        "ms" => 1.0,
        "s" => 1e3,
        _ => return None,
    })
}

/// `NAME: VALUE UNIT` (a peer's line), as (NAME, milliseconds).
fn peer_line(line: &str) -> Option<(&str, f64)> {
    let (name, rest) = line.split_once(": ")?;
    if name.is_empty() || name.contains(char::is_whitespace) || !name.contains('/') {
        return None;
    }
    let mut it = rest.split_whitespace();
    let v: f64 = it.next()?.parse().ok()?;
    let u = unit_ms(it.next()?)?;
    it.next().is_none().then_some((name, v * u))
}

/// The median of criterion's `time: [low median high]`, in milliseconds.
fn criterion_median(line: &str) -> Option<f64> {
    let rest = line.split_once("time:")?.1.trim();
    let inner = rest.strip_prefix('[')?.strip_suffix(']')?;
    let t: Vec<&str> = inner.split_whitespace().collect();
    if t.len() != 6 {
        return None;
    }
    Some(t[2].parse::<f64>().ok()? * unit_ms(t[3])?)
}

/// The upper median: of an even count, the higher middle value (how
/// `table.py` takes vidkit's median over a side-by-side log's rounds).
fn upper_median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s[s.len() / 2]
}

/// Median, minimum and maximum of samples that [`samples`] found non-empty.
fn summary(v: &[f64]) -> Summary {
    summarize(v).expect("samples() returns no empty list")
}

fn samples<'a>(
    log: &'a BTreeMap<String, Vec<f64>>,
    name: &str,
    section: Option<&str>,
    part: &Part,
) -> Result<&'a [f64], String> {
    log.get(name)
        .map(Vec::as_slice)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| {
            let place = section.map(|s| format!(" under {s:?}")).unwrap_or_default();
            format!("results/{}: no timing named {name:?}{place}", part.log)
        })
}

/// Which timings of a log: (log, section, end of section).
type Key = (String, Option<String>, Option<String>);

/// Timings by name, parsed once per [`Key`].
type Parsed = BTreeMap<Key, BTreeMap<String, Vec<f64>>>;

/// Parses the timings of `part.log` under `section` (a sweep's samples for
/// a `.jsonl` log) unless done before; their key in `parsed`.
fn parse_once(part: &Part, section: Option<&str>, parsed: &mut Parsed) -> Result<Key, String> {
    let key = (
        part.log.clone(),
        section.map(str::to_owned),
        part.until.clone(),
    );
    if !parsed.contains_key(&key) {
        let path = root().join("results").join(&part.log);
        let failed = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
        let map = if part.log.ends_with(".jsonl") {
            sweep_samples(&read_records(&path).map_err(|e| failed(&e))?)
        } else {
            let text = std::fs::read_to_string(&path).map_err(|e| failed(&e))?;
            parse_log(&text, section, part.until.as_deref())
        };
        parsed.insert(key.clone(), map);
    }
    Ok(key)
}

/// The lowest and the highest ratio of one part.
fn part_range(part: &Part, parsed: &mut Parsed) -> Result<(f64, f64), String> {
    let num = parse_once(part, part.section.as_deref(), parsed)?;
    let den_section = part.den_section.as_deref().or(part.section.as_deref());
    let den = parse_once(part, den_section, parsed)?;
    ratio_range(&parsed[&num], &parsed[&den], part)
}

/// The lowest and the highest of `part`'s ratios, `num` from one parsed log
/// (or section), `den` from another.
fn ratio_range(
    num_log: &BTreeMap<String, Vec<f64>>,
    den_log: &BTreeMap<String, Vec<f64>>,
    part: &Part,
) -> Result<(f64, f64), String> {
    let ids = if part.ids.is_empty() {
        vec![String::new()]
    } else {
        part.ids.clone()
    };
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for id in &ids {
        let num = samples(
            num_log,
            &part.num.replace("{}", id),
            part.section.as_deref(),
            part,
        )?;
        let den_name = part.den.as_deref().map(|d| d.replace("{}", id));
        let den = match (&den_name, part.stat) {
            (None, Stat::Time | Stat::Runs) => &[][..],
            (Some(_), Stat::Time | Stat::Runs) => {
                return Err(format!(
                    "results/{}: `{:?}` takes no `den`",
                    part.log, part.stat
                ))
            }
            (None, _) => return Err(format!("results/{}: a ratio needs `den`", part.log)),
            (Some(name), _) => samples(
                den_log,
                name,
                part.den_section.as_deref().or(part.section.as_deref()),
                part,
            )?,
        };
        let (a, b) = match part.stat {
            Stat::Time => (upper_median(num), upper_median(num)),
            Stat::Runs => (summary(num).min, summary(num).max),
            Stat::Median => {
                let r = summary(num).median / summary(den).median;
                (r, r)
            }
            Stat::Span => {
                let (m, d) = (upper_median(num), summary(den));
                (m / d.max, m / d.min)
            }
            Stat::Each => {
                if num.len() != den.len() {
                    return Err(format!(
                        "results/{}: {} runs of {:?} against {} of {:?}",
                        part.log,
                        num.len(),
                        part.num.replace("{}", id),
                        den.len(),
                        den_name.unwrap_or_default()
                    ));
                }
                let r: Vec<f64> = num.iter().zip(den).map(|(n, d)| n / d).collect();
                (summary(&r).min, summary(&r).max)
            }
        };
        lo = lo.min(a * part.scale);
        hi = hi.max(b * part.scale);
    }
    Ok((lo, hi))
}

/// One number as `fmt` says: `xN`, N decimals; `sN`, N significant digits.
fn format_number(x: f64, fmt: &str) -> Result<String, String> {
    let bad = || format!("unknown fmt {fmt:?} (x0, x1, x2: decimals; s2, s3: significant digits)");
    let (kind, n) = fmt.split_at(1.min(fmt.len()));
    let n: i32 = n.parse().map_err(|_| bad())?;
    let decimals = match kind {
        "x" => n,
        "s" if n > 0 => {
            // the magnitude after rounding to n digits (99.96 → 100, not 100.0)
            let step = 10f64.powi(x.abs().log10().floor() as i32 - n + 1);
            let rounded = (x / step).round() * step;
            (n - 1 - rounded.abs().log10().floor() as i32).max(0)
        }
        _ => return Err(bad()),
    } as usize;
    Ok(format!("{x:.decimals$}"))
}

/// A time in milliseconds as `table.py` writes it: `1521 ms`, `50.0 ms`,
/// `5.26 ms`, `598 µs` (number, unit).
fn format_ms(ms: f64) -> (String, &'static str) {
    if ms >= 100.0 {
        (format!("{ms:.0}"), "ms")
    } else if ms >= 10.0 {
        (format!("{ms:.1}"), "ms")
    } else if ms >= 1.0 {
        (format!("{ms:.2}"), "ms")
    } else {
        (format!("{:.0}", ms * 1000.0), "µs")
    }
}

/// A time in milliseconds with three significant digits, in the unit that
/// keeps it between 1 and 1000: `656 µs`, `2.95 ms`, `13.0 s`.
fn format_sig3(ms: f64) -> (String, &'static str) {
    let (v, unit) = if ms >= 1000.0 {
        (ms / 1000.0, "s")
    } else if ms >= 1.0 {
        (ms, "ms")
    } else {
        (ms * 1000.0, "µs")
    };
    (format_number(v, "s3").unwrap_or_default(), unit)
}

/// `a unit` or `a–b unit` (`a unit–b unit` across units), each end written
/// by `f`.
fn format_time_range(lo: f64, hi: f64, f: fn(f64) -> (String, &'static str)) -> String {
    let ((a, ua), (b, ub)) = (f(lo), f(hi));
    if (&a, ua) == (&b, ub) {
        format!("{a} {ua}")
    } else if ua == ub {
        format!("{a}–{b} {ua}")
    } else {
        format!("{a} {ua}–{b} {ub}")
    }
}

/// `a×` or `a–b×` (one value when both ends format alike).
fn format_range(lo: f64, hi: f64, fmt: &str) -> Result<String, String> {
    let (a, b) = (format_number(lo, fmt)?, format_number(hi, fmt)?);
    Ok(if a == b {
        format!("{a}×")
    } else {
        format!("{a}–{b}×")
    })
}

fn value_text(v: &Value, parsed: &mut Parsed) -> Result<String, String> {
    if v.parts.is_empty() {
        return Err("a value without a log".into());
    }
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for p in &v.parts {
        let (a, b) = part_range(p, parsed)?;
        lo = lo.min(a);
        hi = hi.max(b);
    }
    match v.fmt.as_str() {
        "ms" => return Ok(format_time_range(lo, hi, format_ms)),
        "t3" => return Ok(format_time_range(lo, hi, format_sig3)),
        _ => {}
    }
    format_range(lo, hi, &v.fmt)
}

/// The sentence a figure's document must contain, from the logs.
fn expected(f: &Figure, parsed: &mut Parsed) -> Result<String, String> {
    let pieces: Vec<&str> = f.text.split("{}").collect();
    if pieces.len() != f.values.len() + 1 {
        return Err(format!(
            "{:?} has {} places for {} values",
            f.text,
            pieces.len() - 1,
            f.values.len()
        ));
    }
    let mut out = String::from(pieces[0]);
    for (v, piece) in f.values.iter().zip(&pieces[1..]) {
        out += &value_text(v, parsed)?;
        out += piece;
    }
    Ok(out)
}

fn read_manifest(path: &Path) -> Manifest {
    let text = std::fs::read_to_string(path).unwrap();
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `s` with every run of whitespace as one space, for whitespace-insensitive
/// containment (documents wrap their lines); the claims tests use it too.
pub(crate) fn normalized(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_quoted_figure_is_what_its_log_gives() {
    let manifest = read_manifest(&root().join("results/figures.toml"));
    let mut parsed = Parsed::new();
    let mut docs: BTreeMap<String, String> = BTreeMap::new();
    let mut failures = Vec::new();
    for f in &manifest.figure {
        let doc = docs.entry(f.doc.clone()).or_insert_with(|| {
            normalized(
                &std::fs::read_to_string(root().join(&f.doc))
                    .unwrap_or_else(|e| panic!("{}: {e}", f.doc)),
            )
        });
        match expected(f, &mut parsed) {
            Ok(sentence) if doc.contains(&normalized(&sentence)) => {}
            Ok(sentence) => failures.push(format!(
                "{} does not say what its log gives: {sentence:?}",
                f.doc
            )),
            Err(e) => failures.push(format!("{}: {:?}: {e}", f.doc, f.text)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} figures:\n{}",
        failures.len(),
        manifest.figure.len(),
        failures.join("\n")
    );
}

// The checker itself, on a small log.

const LOG: &str = "\
# vidkit build: plain
c/op/2^8                time:   [9.0 ms 10.0 ms 11.0 ms]
c/op/2^10
                        time:   [39.0 ms 40.0 ms 41.0 ms]
c/op/2^8: 8.0 ms
c/op/2^8: 12.5 ms
c/op/2^10: 20.0 ms
## threads 2
c/op/2^8                time:   [4.0 ms 5.0 ms 6.0 ms]
# vidkit build: asm
c/op/2^8                time:   [900 µs 1.0 ms 1.1 ms]
";

fn part(num: &str, den: &str, ids: &[&str], stat: Stat, section: Option<&str>) -> Part {
    Part {
        log: "test".into(),
        num: num.into(),
        den: (!den.is_empty()).then(|| den.into()),
        ids: ids.iter().map(|s| s.to_string()).collect(),
        stat,
        section: section.map(str::to_owned),
        until: None,
        den_section: None,
        scale: 1.0,
    }
}

fn range_of(p: &Part) -> Result<(f64, f64), String> {
    let num = parse_log(LOG, p.section.as_deref(), None);
    let den = parse_log(LOG, p.den_section.as_deref().or(p.section.as_deref()), None);
    ratio_range(&num, &den, p)
}

#[test]
fn the_checker_reads_both_kinds_of_line_builds_and_sections() {
    let log = parse_log(LOG, None, None);
    // Both criterion layouts; the section's run and the plain run share a name.
    assert_eq!(log["c/op/2^8"], vec![10.0, 5.0]);
    assert_eq!(log["c/op/2^10"], vec![40.0]);
    assert_eq!(log["gnark:c/op/2^8"], vec![8.0, 12.5]);
    assert_eq!(log["asm:c/op/2^8"], vec![1.0]);
    let two = parse_log(LOG, Some("## threads 2"), None);
    assert_eq!(two["c/op/2^8"], vec![5.0]);
    assert!(!two.contains_key("c/op/2^10"));
    // Every section whose heading contains the text, nothing under another one.
    let text = format!(
        "{LOG}# vidkit build: plain\n## threads 4\nc/op/2^8  time: [1 ms 2.0 ms 3 ms]\n\
         ## threads 2 again\nc/op/2^8  time: [1 ms 7.0 ms 9 ms]\n"
    );
    assert_eq!(
        parse_log(&text, Some("## threads 2"), None)["c/op/2^8"],
        vec![5.0, 7.0]
    );
    // With `until`, a heading without that text stays inside the section.
    let nested = "## threads 2\n## load 0.1\nc/op/2^8  time: [1 ms 3.0 ms 4 ms]\n\
                  ## threads 4\nc/op/2^8  time: [1 ms 2.0 ms 3 ms]\n";
    assert!(parse_log(nested, Some("## threads 2"), None).is_empty());
    let until = parse_log(nested, Some("## threads 2"), Some("## threads"));
    assert_eq!(until["c/op/2^8"], vec![3.0]);
}

#[test]
fn the_checker_computes_ratios_and_ranges_and_fails_on_what_is_missing() {
    let span = part(
        "c/op/{}",
        "gnark:c/op/{}",
        &["2^8", "2^10"],
        Stat::Span,
        None,
    );
    // 2^8: upper median of [10, 5] is 10, against 8 … 12.5; 2^10: 40 / 20.
    assert_eq!(range_of(&span).unwrap(), (0.8, 2.0));
    assert_eq!(format_range(0.8, 2.0, "x2").unwrap(), "0.80–2.00×");
    assert_eq!(format_range(1.004, 0.996, "x2").unwrap(), "1.00×");
    // Median of [10, 5] is 7.5 (the span above takes the upper one, 10).
    let med = part("c/op/2^10", "c/op/2^8", &[], Stat::Median, None);
    assert_eq!(range_of(&med).unwrap(), (40.0 / 7.5, 40.0 / 7.5));
    // Round by round: 10 / 8 and 5 / 12.5.
    let each = part("c/op/2^8", "gnark:c/op/2^8", &[], Stat::Each, None);
    assert_eq!(range_of(&each).unwrap(), (0.4, 1.25));
    let uneven = part("c/op/2^10", "gnark:c/op/2^8", &[], Stat::Each, None);
    assert!(range_of(&uneven).unwrap_err().contains("1 runs"));
    // A speed-up between sections: the whole log's runs (median 7.5) against the section's (5).
    let mut speedup = part("c/op/2^8", "c/op/2^8", &[], Stat::Median, None);
    speedup.den_section = Some("## threads 2".into());
    let whole = parse_log(LOG, None, None);
    let two = parse_log(LOG, Some("## threads 2"), None);
    assert_eq!(ratio_range(&whole, &two, &speedup).unwrap(), (1.5, 1.5));
    let missing = part("c/op/{}", "gnark:c/op/{}", &["2^12"], Stat::Median, None);
    assert!(range_of(&missing)
        .unwrap_err()
        .contains("no timing named \"c/op/2^12\""));
    assert_eq!(format_range(1.37, 12.04, "s2").unwrap(), "1.4–12×");
    assert_eq!(format_range(0.854, 0.854, "s2").unwrap(), "0.85×");
    assert!(format_range(1.0, 1.0, "%").is_err());
    assert!(format_range(1.0, 1.0, "s0").is_err());
    // One benchmark's times: 2^8's upper median of [10, 5], and its runs.
    let time = part("c/op/2^8", "", &[], Stat::Time, None);
    assert_eq!(range_of(&time).unwrap(), (10.0, 10.0));
    let runs = part("gnark:c/op/2^8", "", &[], Stat::Runs, None);
    assert_eq!(range_of(&runs).unwrap(), (8.0, 12.5));
    assert!(range_of(&part("c/op/2^8", "c/op/2^8", &[], Stat::Time, None)).is_err());
    assert!(range_of(&part("c/op/2^8", "", &[], Stat::Median, None)).is_err());
    assert_eq!(format_time_range(8.0, 12.5, format_ms), "8.00–12.5 ms");
    assert_eq!(format_time_range(1521.0, 1521.2, format_ms), "1521 ms");
    assert_eq!(format_time_range(0.598, 1.2, format_ms), "598 µs–1.20 ms");
    assert_eq!(format_time_range(0.6562, 0.6562, format_sig3), "656 µs");
    assert_eq!(
        format_time_range(13004.0, 13300.0, format_sig3),
        "13.0–13.3 s"
    );
    assert_eq!(format_time_range(99.96, 99.96, format_sig3), "100 ms");
}
