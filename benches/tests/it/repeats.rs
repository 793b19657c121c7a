//! Repeats: interleaved rounds (every scheme in every round, orders that
//! change and are seeded), warm-up, resume and merge keeping every repeat,
//! and records of format 2 round-tripping (format-1 lines still read).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;
use vidkit_benches::{
    driver::{cells, round_order, run_sweep, Options},
    grid::{CodeAxis, Grid, Point, Threads},
    record::{Measurement, Record, RunInfo, FIELDS, FIELDS_V1, FORMAT_VERSION},
    store::{merge, read_records, write_csv, write_records, ResultFile},
    testing::{DoubleBackend, Flaw},
    Backend, SweepError,
};
use vidkit_core::Encoding;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vidkit-rep-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A backend that records the order of its calls and measures nothing.
#[derive(Default)]
struct Recorder {
    calls: Mutex<Vec<Point>>,
}

impl Backend for Recorder {
    fn measure(&self, point: &Point, _seed: u64) -> Result<Measurement, SweepError> {
        self.calls.lock().unwrap().push(point.clone());
        Ok(Measurement {
            m: 1,
            all_verified: true,
            tamper_rejected: true,
            decoded_ok: true,
            ..Measurement::default()
        })
    }
}

fn grid(schemes: &[&str]) -> Grid {
    Grid {
        schemes: schemes.iter().map(|s| (*s).to_owned()).collect(),
        curves: vec!["bls12-381".into()],
        ks: vec![2, 4],
        code: CodeAxis::Rate(vec![(1, 2)]),
        bytes: vec![300],
        threads: vec![Threads::Fixed(1)],
        encodings: vec![Encoding::Points],
    }
}

fn options(repeats: u32, warmup: u32, order_seed: u64) -> Options {
    Options {
        repeats,
        warmup,
        order_seed,
        ..Options::default()
    }
}

const SCHEMES: [&str; 4] = ["kzg", "kzg-plus", "aplonk", "semi-avid"];

#[test]
fn round_orders_are_permutations_that_change_and_are_seeded() {
    for n in 1..=5usize {
        let mut previous: Option<Vec<usize>> = None;
        let mut places = vec![vec![0u32; n]; n];
        for r in 0..(4 * n as u32 + 3) {
            let o = round_order(7, "cell", n, r);
            let mut sorted = o.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "a permutation");
            if n >= 2 {
                assert_ne!(
                    previous.as_ref(),
                    Some(&o),
                    "n = {n}, round {r} repeats the order"
                );
            }
            if r < 4 * n as u32 {
                for (place, &s) in o.iter().enumerate() {
                    places[s][place] += 1;
                }
            }
            previous = Some(o);
        }
        // over whole cycles every scheme takes every place equally often
        assert!(
            places.iter().flatten().all(|&c| c == 4),
            "n = {n}: {places:?}"
        );
    }
    // reproducible from the seed, different for other seeds or cells
    let orders = |seed, cell: &str| {
        (0..8)
            .map(|r| round_order(seed, cell, 4, r))
            .collect::<Vec<_>>()
    };
    assert_eq!(orders(1, "a"), orders(1, "a"));
    assert_ne!(orders(1, "a"), orders(2, "a"));
    assert_ne!(orders(1, "a"), orders(1, "b"));
}

#[test]
fn every_scheme_runs_in_every_round_in_the_recorded_order() {
    let dir = tmp("rounds");
    let out = dir.join("r.jsonl");
    let g = grid(&SCHEMES);
    let expansion = g.expand(1);
    let cells = cells(&expansion.points);
    assert_eq!(cells.len(), 2, "k = 2 and k = 4");
    let recorder = Recorder::default();
    let mut file = ResultFile::open(&out).unwrap();
    let (repeats, warmup, seed) = (5, 1, 99);
    let s = run_sweep(
        &expansion,
        &recorder,
        &mut file,
        &RunInfo::current(),
        options(repeats, warmup, seed),
    )
    .unwrap();
    assert_eq!(s.measured, 8 * repeats as usize);

    // calls: per cell, one warm-up round then `repeats` rounds, each a
    // permutation of the cell's schemes in round_order
    let calls = recorder.calls.lock().unwrap().clone();
    assert_eq!(calls.len(), 2 * 4 * (warmup + repeats) as usize);
    let mut at = 0;
    for cell in &cells {
        let label = cell.label();
        let mut rounds = Vec::new();
        for round in 0..(warmup + repeats) {
            let this: Vec<&str> = calls[at..at + 4]
                .iter()
                .map(|p| p.scheme.as_str())
                .collect();
            assert!(calls[at..at + 4].iter().all(|p| p.k == cell.points[0].k));
            let set: BTreeSet<&str> = this.iter().copied().collect();
            assert_eq!(set.len(), 4, "every scheme once per round: {this:?}");
            let r = if round < warmup {
                round
            } else {
                round - warmup
            };
            let expected: Vec<&str> = round_order(seed, &label, 4, r)
                .into_iter()
                .map(|i| cell.points[i].scheme.as_str())
                .collect();
            assert_eq!(this, expected);
            rounds.push(this);
            at += 4;
        }
        let measured = &rounds[warmup as usize..];
        assert!(measured.windows(2).all(|w| w[0] != w[1]), "{measured:?}");
    }

    // the records say which repeat, place and seed
    let records = read_records(&out).unwrap();
    assert_eq!(records.len(), 8 * repeats as usize);
    for r in &records {
        assert_eq!(
            (r.order_seed, r.warmup, r.format_version),
            (seed, warmup, FORMAT_VERSION)
        );
        let cell = cells.iter().find(|c| c.points[0].k == r.k).unwrap();
        let order = round_order(seed, &cell.label(), 4, r.repeat);
        assert_eq!(
            cell.points[order[r.round_position as usize]].scheme,
            r.scheme
        );
        assert!(
            r.t_control_msm_ns > 0 && r.t_control_field_ns > 0,
            "control timed"
        );
    }
    let keys: BTreeSet<(Point, u32)> = records.iter().map(Record::sample_key).collect();
    assert_eq!(keys.len(), records.len(), "one record per (point, repeat)");
}

#[test]
fn resume_measures_only_the_missing_repeats_and_merge_keeps_them_all() {
    let dir = tmp("resume");
    let out = dir.join("r.jsonl");
    let g = grid(&["kzg", "semi-avid"]);
    let expansion = g.expand(1);
    let points = expansion.points.len();
    assert_eq!(points, 4);
    let backend = DoubleBackend { flaw: Flaw::None };
    let go = |repeats| {
        let mut file = ResultFile::open(&out).unwrap();
        run_sweep(
            &expansion,
            &backend,
            &mut file,
            &RunInfo::current(),
            options(repeats, 0, 1),
        )
        .unwrap()
    };
    let first = go(2);
    assert_eq!((first.measured, first.resumed), (2 * points, 0));
    // raising --repeats measures only repeat 2
    let second = go(3);
    assert_eq!((second.measured, second.resumed), (points, 2 * points));
    assert_eq!(go(3).measured, 0);

    // lose two samples (as if the run had been killed): only those come back
    let records = read_records(&out).unwrap();
    assert_eq!(records.len(), 3 * points);
    let lost: Vec<(Point, u32)> = vec![records[1].sample_key(), records[5].sample_key()];
    let kept: Vec<Record> = records
        .iter()
        .filter(|r| !lost.contains(&r.sample_key()))
        .cloned()
        .collect();
    write_records(&out, &kept).unwrap();
    let file = ResultFile::open(&out).unwrap();
    for (p, r) in &lost {
        assert!(!file.has(p, *r));
        assert_eq!(file.missing(p, 3), vec![*r]);
        assert!(file.contains(p), "other repeats of the point are there");
    }
    let third = go(3);
    assert_eq!(third.measured, 2);
    let back = read_records(&out).unwrap();
    let keys: BTreeSet<(Point, u32)> = back.iter().map(Record::sample_key).collect();
    assert_eq!(keys.len(), 3 * points);

    // merge: every repeat of every file, duplicates of a repeat dropped
    let other = dir.join("other.jsonl");
    let mut extra: Vec<Record> = back.iter().filter(|r| r.repeat == 0).cloned().collect();
    for r in &mut extra {
        r.repeat = 3; // a fourth repeat measured elsewhere
    }
    extra.push(back[0].clone()); // and one duplicate
    write_records(&other, &extra).unwrap();
    let merged = merge(&[out.clone(), other.clone()]).unwrap();
    assert_eq!(merged.records.len(), 4 * points);
    assert_eq!(merged.duplicates.len(), 1);
    assert_eq!(merged.duplicates[0].1, back[0].repeat);
    let repeats_of_first: Vec<u32> = merged
        .records
        .iter()
        .filter(|r| r.point() == back[0].point())
        .map(|r| r.repeat)
        .collect();
    assert_eq!(
        repeats_of_first,
        [0, 1, 2, 3],
        "sorted by point, then repeat"
    );
}

fn full_record() -> Record {
    let point = Point {
        scheme: "aplonk".into(),
        curve: "bn254".into(),
        k: 8,
        n: 16,
        bytes: 992,
        threads: 2,
        encoding: "fft".into(),
    };
    let m = Measurement {
        m: 4,
        t_prove_ns: 12,
        prover_key_bytes: 4096,
        srs_bytes: 9000,
        all_verified: true,
        tamper_rejected: true,
        decoded_ok: true,
        ..Measurement::default()
    };
    let round = vidkit_benches::record::Round {
        repeat: 3,
        warmup: 1,
        order_seed: 42,
        round_position: 2,
        control: vidkit_benches::control::ControlTimes {
            msm_ns: 1234,
            field_ns: 567,
        },
        rss: Some(vidkit_benches::mem::PeakRss {
            start_bytes: 1 << 20,
            peak_bytes: 5 << 20,
        }),
        load: Some([0.5, 0.25, 1.75]),
    };
    Record::new(&point, &m, &RunInfo::current()).in_round(&round)
}

#[test]
fn records_round_trip_with_the_new_fields() {
    let r = full_record();
    assert_eq!(
        (r.repeat, r.warmup, r.order_seed, r.round_position),
        (3, 1, 42, 2)
    );
    assert_eq!((r.t_control_msm_ns, r.t_control_field_ns), (1234, 567));
    assert_eq!(
        (r.start_rss_bytes, r.peak_rss_bytes),
        (Some(1 << 20), Some(5 << 20))
    );
    assert_eq!((r.prover_key_bytes, r.srs_bytes), (Some(4096), Some(9000)));
    assert_eq!(
        (r.load_avg_1m, r.load_avg_5m, r.load_avg_15m),
        (Some(0.5), Some(0.25), Some(1.75))
    );
    assert!(r.rustc_version.starts_with("rustc "), "{}", r.rustc_version);
    assert!(
        r.build_profile.contains("opt-level="),
        "{}",
        r.build_profile
    );
    assert_eq!(r.features.contains("parallel"), cfg!(feature = "parallel"));

    let json = serde_json::to_string(&r).unwrap();
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back, r);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, FIELDS.iter().copied().collect());

    // through a file and the CSV view
    let dir = tmp("roundtrip");
    let path = dir.join("r.jsonl");
    write_records(&path, std::slice::from_ref(&r)).unwrap();
    assert_eq!(read_records(&path).unwrap(), std::slice::from_ref(&r));
    let csv = dir.join("r.csv");
    write_csv(&csv, &[r]).unwrap();
    let text = std::fs::read_to_string(csv).unwrap();
    assert_eq!(text.lines().next().unwrap(), FIELDS.join(","));
}

#[test]
fn format_1_lines_still_read_as_repeat_0() {
    let r = full_record();
    let mut v: serde_json::Value = serde_json::to_value(&r).unwrap();
    let obj = v.as_object_mut().unwrap();
    for f in &FIELDS[FIELDS_V1..] {
        assert!(obj.remove(*f).is_some(), "{f}");
    }
    assert_eq!(obj.len(), FIELDS_V1);
    let old_line = serde_json::to_string(&v).unwrap();
    let old: Record = serde_json::from_value(v).unwrap();
    assert_eq!(old.format_version, 1);
    assert_eq!((old.repeat, old.t_control_msm_ns), (0, 0));
    assert_eq!(
        (old.peak_rss_bytes, old.prover_key_bytes, old.load_avg_1m),
        (None, None, None)
    );
    assert_eq!(old.point(), r.point());
    assert_eq!(old.t_prove_ns, r.t_prove_ns);

    // a file of old lines resumes as repeat 0 and merges with new repeats
    let dir = tmp("v1");
    let path = dir.join("old.jsonl");
    std::fs::write(&path, format!("{old_line}\n")).unwrap();
    let file = ResultFile::open(&path).unwrap();
    assert!(file.has(&r.point(), 0));
    assert_eq!(file.missing(&r.point(), 2), [1]);
}
