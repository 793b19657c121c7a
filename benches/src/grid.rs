//! The sweep grid: schemes × curves × k × n (or code rate) × |F| × threads ×
//! encodings, its command-line syntax, and the points the paper calls
//! impossible.
//!
//! Lists are comma separated; every integer item may also be a range
//! `A..=B` (doubling: `4..=1024` is 4, 8, …, 1024), `A..=B:xF` (multiplying
//! by `F`) or `A..=B:+S` (adding `S`). A point is skipped, and reported, when
//! `k` exceeds the number of field elements of the file (`⌈|F|/31⌉`: the
//! paper's white triangle in Figure 2, §4.1) or when `n < k`.

use crate::SweepError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use vidkit_core::Encoding;

/// Scheme names accepted on the command line and written to results.
pub const SCHEMES: [&str; 7] = [
    "kzg",
    "kzg-plus",
    "kzg-plus-global",
    "aplonk",
    "aplonk-global",
    "kzg-cells",
    "semi-avid",
];
/// Curve names accepted on the command line and written to results.
pub const CURVES: [&str; 3] = ["bls12-381", "bn254", "bls24-317"];
/// Most values a single list may expand to (guards against typos like `1..=1000000:+1`).
pub const MAX_LIST_LEN: usize = 4096;

/// Data bytes per field element on every supported curve (`⌊(b−1)/8⌋` = 31 for
/// BLS12-381, BN254 and BLS24-317; see `vidkit_core::packing`).
pub fn bytes_per_element(curve: &str) -> usize {
    match curve {
        "bn254" => vidkit_core::packing::bytes_per_element::<ark_bn254::Fr>(),
        // BLS24-317's scalar field has 255 bits as well: 31 bytes per element.
        _ => vidkit_core::packing::bytes_per_element::<ark_bls12_381::Fr>(),
    }
}

/// How the number of shards `n` is chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeAxis {
    /// Absolute shard counts.
    N(Vec<usize>),
    /// Code rates `k/n = num/den`: `n = ⌈k·den/num⌉`.
    Rate(Vec<(usize, usize)>),
}

/// A thread count: a number, or every core of the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threads {
    /// A fixed pool size.
    Fixed(usize),
    /// `std::thread::available_parallelism()`.
    All,
}

/// One measured configuration: the key of a result line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    /// Scheme name (one of [`SCHEMES`]).
    pub scheme: String,
    /// Curve name (one of [`CURVES`]).
    pub curve: String,
    /// Code dimension.
    pub k: usize,
    /// Number of shards.
    pub n: usize,
    /// File size |F| in bytes.
    pub bytes: usize,
    /// Size of the rayon pool the point runs in.
    pub threads: usize,
    /// Encoding name (`points`, `fft` or `systematic`).
    pub encoding: String,
}

impl Point {
    /// Per-row KZG on BLS12-381, n = 2k, one thread, `points`: a point for
    /// the unit tests of the crate.
    #[cfg(test)]
    pub(crate) fn for_tests(k: usize, bytes: usize) -> Self {
        Self {
            scheme: "kzg".into(),
            curve: "bls12-381".into(),
            k,
            n: 2 * k,
            bytes,
            threads: 1,
            encoding: "points".into(),
        }
    }

    /// The encoding as the typed value.
    pub fn encoding(&self) -> Result<Encoding, SweepError> {
        parse_encoding(&self.encoding)
    }

    /// A short human label, e.g. `kzg-plus/bls12-381 k=4 n=8 |F|=496 t=1 points`.
    pub fn label(&self) -> String {
        format!(
            "{}/{} k={} n={} |F|={} t={} {}",
            self.scheme, self.curve, self.k, self.n, self.bytes, self.threads, self.encoding
        )
    }

    /// Rough relative cost, only used to weight the progress bar's ETA.
    pub fn cost(&self) -> u64 {
        let factor = match self.scheme.as_str() {
            "aplonk" => 20,
            "kzg" | "kzg-plus" | "kzg-plus-global" | "aplonk-global" | "kzg-cells" => 4,
            _ => 1,
        };
        let data = self.bytes.max(31 * self.k) as u64;
        (data * self.n as u64 / self.k as u64) * factor / self.threads as u64 + 1000
    }
}

/// Why a grid point is not measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// `k` exceeds the number of field elements of the file (paper §4.1).
    KExceedsElements {
        /// The code dimension.
        k: usize,
        /// `⌈|F|/31⌉`.
        elements: usize,
    },
    /// Fewer shards than the code dimension.
    NBelowK {
        /// Number of shards.
        n: usize,
        /// Code dimension.
        k: usize,
    },
    /// The scheme refuses these parameters (e.g. `kzg-cells` needs a
    /// root-of-unity encoding, `fft` or `systematic`): its constructor's error.
    Unsupported(String),
}

impl std::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::KExceedsElements { k, elements } => {
                write!(f, "impossible: k = {k} > {elements} field elements")
            }
            Self::NBelowK { n, k } => write!(f, "impossible: n = {n} < k = {k}"),
            Self::Unsupported(why) => write!(f, "unsupported: {why}"),
        }
    }
}

/// The full grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Scheme names.
    pub schemes: Vec<String>,
    /// Curve names.
    pub curves: Vec<String>,
    /// Code dimensions.
    pub ks: Vec<usize>,
    /// Shard counts or code rates.
    pub code: CodeAxis,
    /// File sizes in bytes.
    pub bytes: Vec<usize>,
    /// Pool sizes.
    pub threads: Vec<Threads>,
    /// Encodings.
    pub encodings: Vec<Encoding>,
}

/// The grid expanded into measurable and skipped points.
#[derive(Clone, Debug, Default)]
pub struct Expansion {
    /// Points to measure, in grid order, without duplicates.
    pub points: Vec<Point>,
    /// Points the paper calls impossible, with the reason.
    pub skipped: Vec<(Point, SkipReason)>,
}

impl Grid {
    /// Every point of the grid; `all_threads` resolves [`Threads::All`].
    ///
    /// Order: scheme, curve, encoding, threads, |F|, k, n (small files first
    /// within a scheme, so an interrupted sweep has covered the cheap area).
    pub fn expand(&self, all_threads: usize) -> Expansion {
        let mut out = Expansion::default();
        let mut seen = BTreeSet::new();
        for scheme in &self.schemes {
            for curve in &self.curves {
                for encoding in &self.encodings {
                    for threads in &self.threads {
                        let threads = match threads {
                            Threads::Fixed(t) => *t,
                            Threads::All => all_threads.max(1),
                        };
                        for &bytes in &self.bytes {
                            for &k in &self.ks {
                                for n in self.ns(k) {
                                    let point = Point {
                                        scheme: scheme.clone(),
                                        curve: curve.clone(),
                                        k,
                                        n,
                                        bytes,
                                        threads,
                                        encoding: encoding.name().to_owned(),
                                    };
                                    if !seen.insert(point.clone()) {
                                        continue;
                                    }
                                    let elements = bytes.div_ceil(bytes_per_element(curve));
                                    if k > elements {
                                        out.skipped.push((
                                            point,
                                            SkipReason::KExceedsElements { k, elements },
                                        ));
                                    } else if n < k {
                                        out.skipped.push((point, SkipReason::NBelowK { n, k }));
                                    } else if let Some(why) = unsupported(&point, *encoding) {
                                        out.skipped.push((point, SkipReason::Unsupported(why)));
                                    } else {
                                        out.points.push(point);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn ns(&self, k: usize) -> Vec<usize> {
        match &self.code {
            CodeAxis::N(ns) => ns.clone(),
            CodeAxis::Rate(rates) => rates
                .iter()
                .map(|&(num, den)| (k * den).div_ceil(num))
                .collect(),
        }
    }
}

/// Parses a list of integers with ranges (see the module docs).
pub fn parse_usize_list(what: &'static str, s: &str) -> Result<Vec<usize>, SweepError> {
    let bad = |item: &str| SweepError::BadList {
        what,
        item: item.to_owned(),
    };
    let mut out = Vec::new();
    for item in s.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(bad(item));
        }
        let Some((start, rest)) = item.split_once("..=") else {
            out.push(parse_positive(item).ok_or_else(|| bad(item))?);
            continue;
        };
        let (end, step) = match rest.split_once(':') {
            Some((end, step)) => (end, Some(step)),
            None => (rest, None),
        };
        let start = parse_positive(start).ok_or_else(|| bad(item))?;
        let end = parse_positive(end).ok_or_else(|| bad(item))?;
        if start > end {
            return Err(bad(item));
        }
        let next: Box<dyn Fn(usize) -> Option<usize>> = match step {
            None => Box::new(|v: usize| v.checked_mul(2)),
            Some(step) => {
                if let Some(f) = step.strip_prefix('x') {
                    let f = parse_positive(f)
                        .filter(|&f| f >= 2)
                        .ok_or_else(|| bad(item))?;
                    Box::new(move |v: usize| v.checked_mul(f))
                } else if let Some(d) = step.strip_prefix('+') {
                    let d = parse_positive(d).ok_or_else(|| bad(item))?;
                    Box::new(move |v: usize| v.checked_add(d))
                } else {
                    return Err(bad(item));
                }
            }
        };
        let mut v = Some(start);
        while let Some(x) = v.filter(|&x| x <= end) {
            out.push(x);
            if out.len() > MAX_LIST_LEN {
                return Err(SweepError::ListTooLong {
                    what,
                    max: MAX_LIST_LEN,
                });
            }
            v = next(x);
        }
    }
    Ok(out)
}

fn parse_positive(s: &str) -> Option<usize> {
    s.trim().parse::<usize>().ok().filter(|&v| v > 0)
}

/// Parses code rates: `1/2,1/4` or decimals `0.5`.
pub fn parse_rates(s: &str) -> Result<Vec<(usize, usize)>, SweepError> {
    s.split(',')
        .map(str::trim)
        .map(|item| {
            let bad = || SweepError::BadList {
                what: "rate",
                item: item.to_owned(),
            };
            let (num, den) = if let Some((a, b)) = item.split_once('/') {
                (
                    parse_positive(a).ok_or_else(bad)?,
                    parse_positive(b).ok_or_else(bad)?,
                )
            } else {
                // a decimal in (0, 1] with at most 6 digits after the point
                let (int, frac) = item.split_once('.').unwrap_or((item, ""));
                if frac.len() > 6 || !frac.chars().all(|c| c.is_ascii_digit()) {
                    return Err(bad());
                }
                let den = 10usize.pow(frac.len() as u32);
                let int: usize = if int.is_empty() {
                    0
                } else {
                    int.parse().map_err(|_| bad())?
                };
                let frac: usize = if frac.is_empty() {
                    0
                } else {
                    frac.parse().map_err(|_| bad())?
                };
                (int * den + frac, den)
            };
            if num == 0 || num > den {
                return Err(bad());
            }
            Ok((num, den))
        })
        .collect()
}

/// Parses thread counts: numbers, ranges, and `all`.
pub fn parse_threads(s: &str) -> Result<Vec<Threads>, SweepError> {
    let mut out = Vec::new();
    for item in s.split(',').map(str::trim) {
        if item == "all" {
            out.push(Threads::All);
        } else {
            out.extend(
                parse_usize_list("threads", item)?
                    .into_iter()
                    .map(Threads::Fixed),
            );
        }
    }
    Ok(out)
}

/// Parses a list of names, each of which must be in `known`.
pub fn parse_names(
    what: &'static str,
    s: &str,
    known: &[&'static str],
) -> Result<Vec<String>, SweepError> {
    s.split(',')
        .map(str::trim)
        .map(|item| {
            if known.contains(&item) {
                Ok(item.to_owned())
            } else {
                Err(SweepError::UnknownName {
                    what,
                    name: item.to_owned(),
                    known: known.join(", "),
                })
            }
        })
        .collect()
}

/// Parses one encoding name.
pub fn parse_encoding(s: &str) -> Result<Encoding, SweepError> {
    s.parse::<Encoding>().map_err(|_| SweepError::UnknownName {
        what: "encoding",
        name: s.to_owned(),
        known: "points, fft, systematic".to_owned(),
    })
}

/// Parses a list of encodings.
pub fn parse_encodings(s: &str) -> Result<Vec<Encoding>, SweepError> {
    s.split(',').map(str::trim).map(parse_encoding).collect()
}

/// The constructor's error when the scheme refuses the point's code (the
/// scheme itself is the one place that knows what it supports); `None` when
/// it accepts it, or when the names are unknown or not compiled in (the
/// measurement reports those).
fn unsupported(point: &Point, encoding: Encoding) -> Option<String> {
    struct Built;
    impl vidkit::SchemeVisitor for Built {
        type Output = ();
        fn visit<S: vidkit::Scheme>(self, _scheme: S) {}
    }
    let scheme = point.scheme.parse().ok()?;
    let curve = point.curve.parse().ok()?;
    match vidkit::dispatch(scheme, curve, point.k, point.n, encoding, Built) {
        Err(e @ vidkit::Error::Scheme { .. }) => Some(e.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_ranges() {
        assert_eq!(parse_usize_list("k", "4,16,64").unwrap(), [4, 16, 64]);
        assert_eq!(parse_usize_list("k", "4..=32").unwrap(), [4, 8, 16, 32]);
        assert_eq!(parse_usize_list("k", "4..=40").unwrap(), [4, 8, 16, 32]);
        assert_eq!(
            parse_usize_list("k", "1..=64:x4, 3").unwrap(),
            [1, 4, 16, 64, 3]
        );
        assert_eq!(parse_usize_list("k", "10..=30:+10").unwrap(), [10, 20, 30]);
        assert_eq!(
            parse_usize_list("bytes", "31744,507904").unwrap(),
            [31744, 507904]
        );
        for bad in [
            "", "0", "-1", "4..=2", "4..=8:x1", "4..=8:y2", "a", "4,,8", "4..=8:+0",
        ] {
            assert!(
                parse_usize_list("k", bad).is_err(),
                "{bad:?} must be rejected"
            );
        }
        assert!(matches!(
            parse_usize_list("bytes", "1..=100000:+1"),
            Err(SweepError::ListTooLong { .. })
        ));
    }

    #[test]
    fn rates_threads_names() {
        assert_eq!(
            parse_rates("1/2, 0.25,1").unwrap(),
            [(1, 2), (25, 100), (1, 1)]
        );
        for bad in ["0", "3/2", "1.5", "0/4", "x", "0.1234567"] {
            assert!(parse_rates(bad).is_err(), "{bad:?} must be rejected");
        }
        assert_eq!(
            parse_threads("1,all,2..=8").unwrap(),
            [
                Threads::Fixed(1),
                Threads::All,
                Threads::Fixed(2),
                Threads::Fixed(4),
                Threads::Fixed(8)
            ]
        );
        assert_eq!(
            parse_names("scheme", "kzg,aplonk", &SCHEMES).unwrap(),
            ["kzg", "aplonk"]
        );
        assert!(parse_names("scheme", "kzg,plonk", &SCHEMES).is_err());
        assert_eq!(
            parse_encodings("points,fft").unwrap(),
            [Encoding::Points, Encoding::Fft]
        );
        assert!(parse_encodings("dft").is_err());
    }

    fn grid() -> Grid {
        Grid {
            schemes: vec!["kzg".into()],
            curves: vec!["bls12-381".into()],
            ks: vec![4, 32],
            code: CodeAxis::Rate(vec![(1, 2)]),
            bytes: vec![496, 992],
            threads: vec![Threads::Fixed(1), Threads::All],
            encodings: vec![Encoding::Points],
        }
    }

    #[test]
    fn expansion_skips_impossible_points_and_resolves_threads() {
        let e = grid().expand(2);
        // 496 B = 16 elements: k = 32 is impossible; 992 B = 32 elements: k = 32 is fine.
        let measured: Vec<_> = e
            .points
            .iter()
            .map(|p| (p.k, p.n, p.bytes, p.threads))
            .collect();
        assert_eq!(
            measured,
            [
                (4, 8, 496, 1),
                (4, 8, 992, 1),
                (32, 64, 992, 1),
                (4, 8, 496, 2),
                (4, 8, 992, 2),
                (32, 64, 992, 2)
            ]
        );
        assert_eq!(e.skipped.len(), 2);
        assert!(e.skipped.iter().all(|(p, r)| p.k == 32
            && p.bytes == 496
            && *r
                == SkipReason::KExceedsElements {
                    k: 32,
                    elements: 16
                }));
    }

    #[test]
    fn duplicate_points_are_measured_once() {
        // on a 1-core machine `1,all` is the same pool size
        assert_eq!(grid().expand(1).points.len(), 3);
        let mut g = grid();
        g.code = CodeAxis::N(vec![2, 8]);
        let e = g.expand(1);
        assert!(e
            .skipped
            .iter()
            .any(|(p, r)| p.n == 2 && *r == SkipReason::NBelowK { n: 2, k: 4 }));
        assert!(e.points.iter().all(|p| p.n >= p.k));
    }

    #[test]
    fn points_a_scheme_refuses_are_skipped_with_its_reason() {
        let mut g = grid();
        g.schemes = vec!["kzg-cells".into(), "kzg".into()];
        g.ks = vec![4];
        g.bytes = vec![496];
        g.threads = vec![Threads::Fixed(1)];
        g.encodings = vec![Encoding::Points, Encoding::Fft];
        let e = g.expand(1);
        let measured: Vec<_> = e
            .points
            .iter()
            .map(|p| (p.scheme.as_str(), p.encoding.as_str()))
            .collect();
        assert_eq!(
            measured,
            [("kzg-cells", "fft"), ("kzg", "points"), ("kzg", "fft")]
        );
        assert_eq!(e.skipped.len(), 1);
        let (p, why) = &e.skipped[0];
        assert_eq!(
            (p.scheme.as_str(), p.encoding.as_str()),
            ("kzg-cells", "points")
        );
        assert!(
            matches!(why, SkipReason::Unsupported(m) if m.contains("kzg-cells")),
            "{why}"
        );
    }
}
