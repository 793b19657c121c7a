//! `stats`: median, minimum and the order-statistic interval against
//! hand-computed cases and properties; the control workload's drift flag.

use proptest::prelude::*;
use vidkit_benches::{
    aggregate::{aggregate, control_spread},
    control::SPREAD_THRESHOLD,
    grid::Point,
    plot::{stats_table, table1, Context, Metric},
    record::{Measurement, Record, Round, RunInfo},
    stats::{binomial_half_cdf, ci_ranks, median_ci, summarize, IntervalKind},
};

#[test]
fn binomial_tail_by_hand() {
    // n = 6: P(B ≤ 0) = 1/64, P(B ≤ 1) = 7/64
    assert!((binomial_half_cdf(6, 0) - 1.0 / 64.0).abs() < 1e-12);
    assert!((binomial_half_cdf(6, 1) - 7.0 / 64.0).abs() < 1e-12);
    assert!((binomial_half_cdf(10, 10) - 1.0).abs() < 1e-12);
    // large n does not underflow: P(B ≤ n/2) is about one half
    let p = binomial_half_cdf(2001, 1000);
    assert!((p - 0.5).abs() < 1e-9, "{p}");
}

#[test]
fn interval_ranks_by_hand() {
    // n < 6: no 95 % interval exists
    for n in 1..6 {
        assert_eq!(ci_ranks(n), None, "n = {n}");
    }
    // n = 6: [x(1), x(6)], coverage 1 − 2/64
    let (l, c) = ci_ranks(6).unwrap();
    assert_eq!(l, 1);
    assert!((c - 62.0 / 64.0).abs() < 1e-12);
    // n = 9: P(B ≤ 1) = 10/512 → coverage 0.961 with l = 2; P(B ≤ 2) = 46/512 fails
    let (l, c) = ci_ranks(9).unwrap();
    assert_eq!(l, 2);
    assert!((c - (1.0 - 20.0 / 512.0)).abs() < 1e-12);
    // n = 20: the textbook ranks are 6 and 15 (coverage 0.9586)
    let (l, c) = ci_ranks(20).unwrap();
    assert_eq!(l, 6);
    assert!((c - 0.958_610_5).abs() < 1e-6, "{c}");
}

#[test]
fn summaries_by_hand() {
    let s = summarize(&[5.0, 1.0, 3.0]).unwrap();
    assert_eq!((s.n, s.median, s.min, s.max), (3, 3.0, 1.0, 5.0));
    // three samples: only the range, below 95 %
    assert_eq!(s.ci.kind, IntervalKind::Range);
    assert_eq!((s.ci.lo, s.ci.hi), (1.0, 5.0));
    assert!((s.ci.coverage - 0.75).abs() < 1e-12);

    let s = summarize(&[4.0, 2.0]).unwrap();
    assert_eq!(s.median, 3.0, "even n: mean of the two middle samples");

    let s = summarize(&[7.0]).unwrap();
    assert_eq!(s.ci.kind, IntervalKind::None);
    assert_eq!((s.median, s.ci.lo, s.ci.hi), (7.0, 7.0, 7.0));
    assert_eq!(s.display(|v| format!("{v}")), "7");

    // nine samples: [x(2), x(8)]
    let v = [9.0, 1.0, 8.0, 2.0, 7.0, 3.0, 6.0, 4.0, 5.0];
    let s = summarize(&v).unwrap();
    assert_eq!(s.median, 5.0);
    assert_eq!(s.ci.kind, IntervalKind::OrderStatistic);
    assert_eq!((s.ci.lo, s.ci.hi), (2.0, 8.0));
    assert_eq!(s.display(|v| format!("{v}")), "5 [2, 8]");
    assert!(summarize(&[]).is_none());

    let range = summarize(&[1.0, 2.0]).unwrap();
    assert_eq!(range.display(|v| format!("{v}")), "1.5 ~[1, 2]");
}

proptest! {
    #[test]
    fn interval_contains_the_median_and_lies_in_the_data(v in proptest::collection::vec(0.0f64..1e9, 1..80)) {
        let s = summarize(&v).unwrap();
        let mut sorted = v.clone();
        sorted.sort_by(f64::total_cmp);
        prop_assert!(s.min <= s.ci.lo && s.ci.lo <= s.median && s.median <= s.ci.hi && s.ci.hi <= s.max);
        prop_assert_eq!(s.min, sorted[0]);
        prop_assert!(sorted.contains(&s.ci.lo) && sorted.contains(&s.ci.hi));
        if v.len() >= 6 {
            prop_assert_eq!(s.ci.kind, IntervalKind::OrderStatistic);
            prop_assert!(s.ci.coverage >= 0.95);
            // the interval is the tightest: one rank further in falls below 95 %
            let (l, _) = ci_ranks(v.len()).unwrap();
            prop_assert!(1.0 - 2.0 * binomial_half_cdf(v.len(), l) < 0.95);
        }
        // invariant under reordering
        let mut rev = v.clone();
        rev.reverse();
        prop_assert_eq!(summarize(&rev).unwrap(), s);
    }

    #[test]
    fn interval_is_equivariant_under_scaling(v in proptest::collection::vec(1.0f64..1e6, 6..40), c in 0.5f64..4.0) {
        let a = summarize(&v).unwrap();
        let scaled: Vec<f64> = v.iter().map(|x| x * c).collect();
        let b = summarize(&scaled).unwrap();
        prop_assert!((b.median - a.median * c).abs() <= 1e-9 * b.median.abs().max(1.0));
        prop_assert!((b.ci.lo - a.ci.lo * c).abs() <= 1e-9 * b.ci.lo.abs().max(1.0));
        prop_assert!((b.ci.hi - a.ci.hi * c).abs() <= 1e-9 * b.ci.hi.abs().max(1.0));
    }
}

#[test]
fn median_ci_of_sorted_input() {
    let sorted: Vec<f64> = (1..=20).map(f64::from).collect();
    let ci = median_ci(&sorted);
    assert_eq!((ci.lo, ci.hi), (6.0, 15.0));
}

fn point(scheme: &str, k: usize) -> Point {
    Point {
        scheme: scheme.into(),
        curve: "bls12-381".into(),
        k,
        n: 2 * k,
        bytes: 496,
        threads: 1,
        encoding: "points".into(),
    }
}

/// Records of `repeats` repeats whose control MSM takes `control(r)` ns.
fn records(scheme: &str, repeats: u32, control: impl Fn(u32) -> u64) -> Vec<Record> {
    (0..repeats)
        .map(|r| {
            let m = Measurement {
                m: 4,
                t_commit_ns: 1000 + u64::from(r),
                t_prove_ns: 2000,
                t_verify_ns: 500,
                all_verified: true,
                tamper_rejected: true,
                decoded_ok: true,
                ..Measurement::default()
            };
            let round = Round {
                repeat: r,
                control: vidkit_benches::control::ControlTimes {
                    msm_ns: control(r),
                    field_ns: 1000,
                },
                ..Round::default()
            };
            Record::new(&point(scheme, 4), &m, &RunInfo::current()).in_round(&round)
        })
        .collect()
}

#[test]
fn proof_time_is_the_median_of_per_repeat_sums() {
    let aggs = aggregate(&records("kzg", 5, |_| 1000));
    assert_eq!(aggs.len(), 1);
    let st = aggs[0].stat(Metric::Proof).unwrap();
    assert_eq!((st.n, st.median, st.min), (5, 3002.0, 3000.0));
    assert_eq!(aggs[0].repeats, 5);
}

#[test]
fn a_drifting_control_is_flagged_and_a_steady_one_is_not() {
    let ctx = Context {
        curve: "bls12-381".into(),
        threads: 1,
        encoding: "points".into(),
    };
    // steady: ±5 %
    let steady = aggregate(&records("kzg", 6, |r| {
        1_000_000 + 10_000 * u64::from(r % 2)
    }));
    assert!(!steady[0].drifted());
    let refs: Vec<_> = steady.iter().collect();
    let table = stats_table(&ctx, &refs);
    assert!(
        !table.contains('†') && !table.contains("Control drift"),
        "{table}"
    );
    assert!(table.contains("spread 1.01×"), "{table}");

    // drifting: the machine slows down by 60 % over the run
    let drift = |r: u32| 1_000_000 + 120_000 * u64::from(r);
    let drifting = aggregate(
        &[
            records("kzg", 6, drift),
            records("aplonk", 6, |_| 1_000_000),
        ]
        .concat(),
    );
    let refs: Vec<_> = drifting.iter().collect();
    assert!(control_spread(refs.iter().copied()) > SPREAD_THRESHOLD);
    let kzg = drifting.iter().find(|a| a.scheme == "kzg").unwrap();
    let aplonk = drifting.iter().find(|a| a.scheme == "aplonk").unwrap();
    assert!(kzg.drifted() && !aplonk.drifted());
    let table = stats_table(&ctx, &refs);
    assert!(table.contains("**Control drift**"), "{table}");
    assert!(table.contains("1.60×"), "{table}");
    let kzg_row = table.lines().find(|l| l.starts_with("| kzg |")).unwrap();
    assert!(kzg_row.contains('†'), "{kzg_row}");
    let aplonk_row = table.lines().find(|l| l.starts_with("| aplonk |")).unwrap();
    assert!(!aplonk_row.contains('†'), "{aplonk_row}");
    // Table 1 carries the flag too
    let t1 = table1(&refs);
    assert!(t1.contains("**Control drift**") && t1.contains('†'), "{t1}");
}
