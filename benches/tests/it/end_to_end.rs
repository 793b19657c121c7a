//! End-to-end runs of tiny grids: with the real schemes through the facade,
//! with the test double (including deliberately broken variants, to show the
//! verdicts can fail), and through the `sweep` and `plot` binaries (resume,
//! jobs, merge, figures).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use vidkit_benches::{
    driver::{run_sweep, Options},
    grid::{CodeAxis, Grid, Threads},
    record::{RunInfo, FIELDS},
    store::{read_records, ResultFile},
    testing::{DoubleBackend, Flaw},
    vidkit_backend::VidkitBackend,
    Backend,
};
use vidkit_core::Encoding;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vidkit-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tiny(schemes: Vec<String>) -> Grid {
    Grid {
        schemes,
        curves: vec!["bls12-381".into(), "bn254".into()],
        ks: vec![2, 4],
        code: CodeAxis::Rate(vec![(1, 2)]),
        bytes: vec![100, 300],
        threads: vec![Threads::Fixed(1), Threads::Fixed(2)],
        encodings: vec![Encoding::Points, Encoding::Fft],
    }
}

const QUIET: Options = Options {
    progress: false,
    fail_fast: false,
    repeats: 1,
    warmup: 0,
    order_seed: vidkit_benches::driver::DEFAULT_ORDER_SEED,
};

fn run(grid: &Grid, backend: &dyn Backend, out: &Path) -> vidkit_benches::driver::Summary {
    let mut file = ResultFile::open(out).unwrap();
    run_sweep(
        &grid.expand(2),
        backend,
        &mut file,
        &RunInfo::current(),
        QUIET,
    )
    .unwrap()
}

fn assert_every_field_present(path: &Path) {
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let obj = v.as_object().unwrap();
        for f in FIELDS {
            assert!(obj.contains_key(f), "field {f} missing in {line}");
        }
    }
}

#[test]
fn real_schemes_pass_every_verdict() {
    let available: Vec<String> = vidkit::SchemeName::available()
        .into_iter()
        .map(|s| s.name().to_owned())
        .collect();
    assert!(
        !available.is_empty(),
        "the facade has no scheme compiled in"
    );
    let dir = tmp("real");
    let out = dir.join("real.jsonl");
    let mut grid = tiny(available.clone());
    grid.ks = vec![2];
    grid.threads = vec![Threads::Fixed(1)];
    grid.bytes = vec![300];
    let summary = run(&grid, &VidkitBackend, &out);
    assert!(summary.failed.is_empty(), "{:?}", summary.failed);
    assert!(
        summary.bad_verdicts.is_empty(),
        "{:?}",
        summary.bad_verdicts
    );
    let records = read_records(&out).unwrap();
    // 2 curves × 2 encodings each, but kzg-cells needs the FFT encoding
    let cells = available.iter().filter(|s| *s == "kzg-cells").count();
    assert_eq!(records.len(), (available.len() * 2 - cells) * 2);
    assert_eq!(summary.skipped.len(), cells * 2);
    for r in &records {
        assert!(r.all_verified && r.tamper_rejected && r.decoded_ok, "{r:?}");
        assert!(r.commitment_bytes > 0 && r.verifier_key_bytes > 0, "{r:?}");
        assert!(
            r.t_commit_ns > 0 && r.t_verify_ns > 0 && r.t_decode_ns > 0,
            "{r:?}"
        );
        assert_eq!(r.m, r.bytes.div_ceil(31).div_ceil(r.k));
        assert!(r.prover_key_bytes.is_some_and(|b| b > 0), "{r:?}");
        assert!(r.srs_bytes.is_some_and(|b| b > 0), "{r:?}");
        assert!(r.t_control_msm_ns > 0 && r.t_control_field_ns > 0, "{r:?}");
        if let (Some(start), Some(peak)) = (r.start_rss_bytes, r.peak_rss_bytes) {
            assert!(peak >= start && start > 0, "{r:?}");
        }
    }
    assert_every_field_present(&out);
}

#[test]
fn double_backend_runs_resumes_and_detects_broken_schemes() {
    let dir = tmp("double");
    let out = dir.join("d.jsonl");
    let grid = tiny(vec!["kzg".into(), "semi-avid".into()]);
    let expected = grid.expand(2).points.len();
    assert_eq!(expected, 2 * 2 * 2 * 2 * 2 * 2);

    // a first, partial run (only k = 2), then the full grid: only the rest is measured
    let mut partial = grid.clone();
    partial.ks = vec![2];
    let first = run(&partial, &DoubleBackend { flaw: Flaw::None }, &out);
    assert_eq!(first.measured, expected / 2);
    let second = run(&grid, &DoubleBackend { flaw: Flaw::None }, &out);
    assert_eq!(
        (second.measured, second.resumed),
        (expected / 2, expected / 2)
    );
    assert!(second.is_clean());
    let records = read_records(&out).unwrap();
    assert_eq!(records.len(), expected);
    assert!(records.iter().all(|r| r.all_ok()));
    assert_every_field_present(&out);

    let mut one = grid.clone();
    one.schemes = vec!["kzg".into()];
    one.curves = vec!["bn254".into()];
    one.threads = vec![Threads::Fixed(1)];
    for (flaw, check) in [
        (Flaw::AcceptsAnything, (true, false, true)),
        (Flaw::RejectsEverything, (false, true, true)),
        (Flaw::CorruptsDecoding, (true, true, false)),
    ] {
        let path = dir.join(format!("{flaw:?}.jsonl"));
        let s = run(&one, &DoubleBackend { flaw }, &path);
        assert_eq!(s.bad_verdicts.len(), s.measured, "{flaw:?} must be caught");
        for r in read_records(&path).unwrap() {
            assert_eq!(
                (r.all_verified, r.tamper_rejected, r.decoded_ok),
                check,
                "{flaw:?}"
            );
        }
    }
}

fn sweep(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sweep"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn list_estimates_unmeasured_points_from_measured_ones() {
    let dir = tmp("estimate");
    let out = dir.join("small.jsonl");
    let common = [
        "--backend",
        "double",
        "--no-progress",
        "--schemes",
        "kzg",
        "--curves",
        "bls12-381",
        "--rate",
        "1/2",
        "--threads",
        "1",
        "--encoding",
        "points",
    ];
    let measured = sweep(
        &[
            &common[..],
            &[
                "--k",
                "2,4",
                "--bytes",
                "100,400",
                "--out",
                out.to_str().unwrap(),
            ],
        ]
        .concat(),
    );
    assert!(measured.status.success());
    // a larger grid: k = 8 was never measured (nearest: 4), 6400 B is beyond
    let listed = sweep(
        &[
            &common[..],
            &["--k", "2,4,8", "--bytes", "400,6400", "--repeats", "3"],
            &["--list", "--estimate-from", out.to_str().unwrap()],
        ]
        .concat(),
    );
    assert!(
        listed.status.success(),
        "{}",
        String::from_utf8_lossy(&listed.stderr)
    );
    let text = String::from_utf8(listed.stdout).unwrap();
    let points: Vec<&str> = text.lines().filter(|l| l.starts_with("kzg/")).collect();
    assert_eq!(points.len(), 6, "{text}");
    for line in &points {
        assert!(
            line.contains("/sample") && line.contains("time ∝ |F|^"),
            "{line}"
        );
    }
    let k8 = points
        .iter()
        .find(|l| l.contains("k=8 ") && l.contains("|F|=6400"))
        .unwrap();
    assert!(k8.contains("from k = 4, |F| 100 B–400 B"), "{k8}");
    // three repeats plus the default warm-up round per point
    assert!(
        text.contains("for 6 points × 4 samples (repeats + warm-up), one process; 0 points without an estimate"),
        "{text}"
    );
    // other schemes have nothing to estimate from
    let o = out.to_str().unwrap();
    let other = sweep(&[
        "--backend",
        "double",
        "--schemes",
        "aplonk",
        "--k",
        "2",
        "--bytes",
        "100",
        "--list",
        "--estimate-from",
        o,
    ]);
    let text = String::from_utf8(other.stdout).unwrap();
    assert!(
        text.contains("(no measured point to estimate from)"),
        "{text}"
    );
    // --estimate-from alone is refused
    assert!(!sweep(&["--estimate-from", out.to_str().unwrap()])
        .status
        .success());
}

#[test]
fn binaries_list_run_resume_emit_merge_and_plot() {
    let dir = tmp("bin");
    let out = dir.join("run.jsonl");
    let out_s = out.to_str().unwrap();
    let grid = [
        "--backend",
        "double",
        "--no-progress",
        "--schemes",
        "kzg,aplonk",
        "--curves",
        "bls12-381,bn254",
        "--k",
        "2..=8",
        "--rate",
        "1/2",
        "--bytes",
        "100,400",
        "--threads",
        "1",
        "--encoding",
        "points",
    ];
    let listed = sweep(&[&grid[..], &["--list"]].concat());
    assert!(listed.status.success());
    let text = String::from_utf8(listed.stdout).unwrap();
    // 100 B = 4 elements: k = 8 is impossible there
    assert_eq!(
        text.lines().filter(|l| l.starts_with("skip")).count(),
        2 * 2
    );
    assert!(text.contains("impossible: k = 8 > 4 field elements"));

    let first = sweep(&[&grid[..], &["--out", out_s]].concat());
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let n = read_records(&out).unwrap().len();
    assert_eq!(n, 2 * 2 * (3 + 2));
    assert!(out.with_extension("csv").exists());

    let again = sweep(&[&grid[..], &["--out", out_s]].concat());
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(
        err.contains(&format!("0 measured, {n} already present")),
        "{err}"
    );

    // jobs: one command per point; run two of them and merge with the main file
    let parts = dir.join("parts");
    let fresh = dir.join("fresh.jsonl");
    let emitted = sweep(
        &[
            &grid[..],
            &[
                "--emit-jobs",
                "--out",
                fresh.to_str().unwrap(),
                "--job-prefix",
                env!("CARGO_BIN_EXE_sweep"),
                "--job-dir",
                parts.to_str().unwrap(),
            ],
        ]
        .concat(),
    );
    let jobs = String::from_utf8(emitted.stdout).unwrap();
    // one job per grid cell: both schemes of a cell in one job (interleaved)
    assert_eq!(jobs.lines().count(), n / 2);
    assert!(
        jobs.lines().all(|j| j.contains("--schemes kzg,aplonk ")),
        "{jobs}"
    );
    for job in jobs.lines().take(2) {
        let args: Vec<&str> = job.split(' ').skip(1).collect();
        let r = sweep(&[&args[..], &["--backend", "double"]].concat());
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    }
    let part_files: Vec<String> = std::fs::read_dir(&parts)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".jsonl"))
        .collect();
    assert_eq!(part_files.len(), 2);
    for f in &part_files {
        assert_eq!(read_records(Path::new(f)).unwrap().len(), 2, "{f}");
    }
    let merged = dir.join("merged.jsonl");
    let mut merge_args = vec!["--merge"];
    merge_args.extend(part_files.iter().map(String::as_str));
    merge_args.extend([out_s, "--out", merged.to_str().unwrap()]);
    assert!(sweep(&merge_args).status.success());
    assert_eq!(
        read_records(&merged).unwrap().len(),
        n,
        "duplicates removed"
    );

    let plots = dir.join("plots");
    let p = Command::new(env!("CARGO_BIN_EXE_plot"))
        .args([
            merged.to_str().unwrap(),
            "--out-dir",
            plots.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    for f in [
        "fig2-bls12-381-t1-points.svg",
        "fig3-bn254-t1-points.svg",
        "fig4-bls12-381-t1-points.svg",
        "sizes-bn254-t1-points.svg",
        "table1-bn254-t1-points.md",
        "curves.md",
        "threads.md",
        "curves-t1-points.svg",
    ] {
        let path = plots.join(f);
        assert!(path.exists(), "{f} missing");
        assert!(
            std::fs::metadata(&path).unwrap().len() > 100,
            "{f} is empty"
        );
    }
    let table = std::fs::read_to_string(plots.join("table1-bls12-381-t1-points.md")).unwrap();
    assert!(
        table.contains("| kzg | k_prf |") && table.contains("| aplonk | k_sz |"),
        "{table}"
    );
}
