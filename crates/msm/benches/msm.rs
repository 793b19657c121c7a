//! `msm/{curve}`: vidkit's MSM beside arkworks' in one run.
//!
//! Ids `{vidkit|batch-affine|vidkit-table|arkworks}/2^s` for `s` in
//! `MSM_MIN_LOG..=MSM_MAX_LOG` (default 6..=16, every other size; `MSM_STEP=1`
//! for all sizes); the G2 groups `msm/bls12-381-g2` and `msm/bn254-g2` stop at
//! `MSM_G2_MAX_LOG` (default 12). `vidkit` is the generic entry [`vidkit_msm::msm`] (blst on
//! BLS12-381, see `vidkit_msm::blst`), `batch-affine` the crate's own
//! Pippenger ([`pippenger::msm`], what `vidkit` runs on BN254). With `--features parallel`,
//! `vidkit-one-thread` is the generic entry inside `vidkit_pool::on_one_thread`: the plan of
//! an MSM whose task runs beside others (blst on BLS12-381 even on a pool of several threads).
//! `vidkit-table` is [`MsmBases::with_precomputation`] (the table is built
//! outside the timed closure). Set `MSM_WINDOWS=1` to also time
//! `pippenger::msm_bigint_with_window` for `c` around the chosen width
//! (`tune/{curve}/2^s/c`, G1 and G2), the measurement behind `window_size`. Set
//! `MSM_PLANS=1` to time 64 MSMs of `n` bases at once (`msm_rows`, how the
//! schemes use a table) on every kind of table ([`TablePlan`]) for small `n`
//! (`plans/{curve}/n/{plan}`), the measurement behind [`TablePolicy`]; the
//! policy's own choice for a committer key (`Workload::Rows`) is `policy`.
//! `MSM_PLAN_ROWS` sets the number of MSMs (64; `n` times it must not pass
//! `2^MSM_MAX_LOG`), `MSM_PLAN_N` keeps one `n`, and `MSM_PLAN_MULTIPLES`
//! lists the multiples widths (`4,6,8,10`).
//! `build/{curve}/n={n},c={c}` (G1 and G2) times building the multiples
//! table of `n` bases with `c`-bit windows ([`FixedBases::new`]), what a
//! committer key or a prover key pays once when it is made or read.

use ark_ec::{
    short_weierstrass::{Projective, SWCurveConfig},
    VariableBaseMSM,
};
use ark_ff::{PrimeField, UniformRand};
use ark_std::rand::SeedableRng;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use vidkit_msm::{pippenger, FixedBases, MsmBases, TablePlan, TablePolicy, Workload};

fn env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

mod common;
use common::points;

/// The groups of one curve group; `max_log` names the variable of its
/// largest size; the `plans/` group only where `g1`.
fn curve<P: SWCurveConfig>(c: &mut Criterion, name: &str, max_log: &str, g1: bool) {
    let (lo, hi, step) = (
        env("MSM_MIN_LOG", 6),
        env(max_log, if max_log == "MSM_MAX_LOG" { 16 } else { 12 }),
        env("MSM_STEP", 2),
    );
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let all = points::<P>(1 << hi, &mut rng);
    let scalars: Vec<P::ScalarField> = (0..1usize << hi)
        .map(|_| P::ScalarField::rand(&mut rng))
        .collect();
    let mut g = c.benchmark_group(format!("msm/{name}"));
    g.sample_size(10);
    for s in (lo..=hi).step_by(step as usize) {
        let n = 1usize << s;
        let (b, k) = (&all[..n], &scalars[..n]);
        g.bench_with_input(
            BenchmarkId::new("vidkit", format!("2^{s}")),
            &n,
            |bench, _| bench.iter(|| vidkit_msm::msm::<Projective<P>>(black_box(b), black_box(k))),
        );
        if cfg!(feature = "parallel") {
            g.bench_with_input(
                BenchmarkId::new("vidkit-one-thread", format!("2^{s}")),
                &n,
                |bench, _| {
                    bench.iter(|| {
                        vidkit_pool::on_one_thread(|| {
                            vidkit_msm::msm::<Projective<P>>(black_box(b), black_box(k))
                        })
                    })
                },
            );
        }
        g.bench_with_input(
            BenchmarkId::new("batch-affine", format!("2^{s}")),
            &n,
            |bench, _| bench.iter(|| pippenger::msm::<P>(black_box(b), black_box(k))),
        );
        g.bench_with_input(
            BenchmarkId::new("arkworks", format!("2^{s}")),
            &n,
            |bench, _| bench.iter(|| Projective::<P>::msm_unchecked(black_box(b), black_box(k))),
        );
        if s <= 14 {
            let prepared =
                MsmBases::<Projective<P>>::with_precomputation(b, vidkit_msm::DEFAULT_TABLE_POINTS);
            g.bench_with_input(
                BenchmarkId::new("vidkit-table", format!("2^{s}")),
                &n,
                |bench, _| bench.iter(|| prepared.msm(black_box(k))),
            );
        }
    }
    g.finish();
    if env("MSM_WINDOWS", 0) == 1 {
        let mut g = c.benchmark_group(format!("tune/{name}"));
        g.sample_size(10);
        for s in (lo..=hi).step_by(step as usize) {
            let n = 1usize << s;
            let big: Vec<_> = scalars[..n].iter().map(|x| x.into_bigint()).collect();
            let w = pippenger::window_size(n);
            for cw in w.saturating_sub(2).max(3)..=w + 2 {
                g.bench_with_input(BenchmarkId::new(format!("2^{s}"), cw), &cw, |bench, &cw| {
                    bench.iter(|| {
                        pippenger::msm_bigint_with_window(black_box(&all[..n]), black_box(&big), cw)
                    })
                });
            }
        }
        g.finish();
    }
    let mut g = c.benchmark_group(format!("build/{name}"));
    g.sample_size(10);
    for (n, cw) in [(16usize, 10u32), (64, 8), (256, 6)] {
        if n > all.len() {
            continue;
        }
        let b = &all[..n];
        g.bench_with_input(
            BenchmarkId::new(format!("n={n}"), format!("c={cw}")),
            &n,
            |bench, _| bench.iter(|| FixedBases::<Projective<P>>::new(black_box(b), cw)),
        );
    }
    g.finish();
    if g1 && env("MSM_PLANS", 0) == 1 {
        let rows = env("MSM_PLAN_ROWS", 64) as usize;
        let only_n = env("MSM_PLAN_N", 0) as usize;
        let widths: Vec<u32> = std::env::var("MSM_PLAN_MULTIPLES")
            .ok()
            .map(|v| v.split(',').filter_map(|w| w.trim().parse().ok()).collect())
            .unwrap_or_else(|| vec![4, 6, 8, 10]);
        let mut g = c.benchmark_group(format!("plans/{name}"));
        g.sample_size(10);
        for n in [4usize, 16, 64, 256] {
            if only_n != 0 && n != only_n {
                continue;
            }
            if n * rows > scalars.len() {
                continue;
            }
            let b = &all[..n];
            let k = &scalars[..n * rows];
            let policy = TablePolicy::DEFAULT.plan::<Projective<P>>(n, Workload::Rows(usize::MAX));
            let mut plans = vec![TablePlan::Plain];
            plans.extend([6, 8, 10, 12].map(TablePlan::Windows));
            plans.extend(widths.iter().map(|&w| TablePlan::Multiples(w)));
            for plan in plans {
                let prepared = MsmBases::<Projective<P>>::with_plan(b, plan);
                let id = if plan == policy {
                    format!("{plan:?}-policy")
                } else {
                    format!("{plan:?}")
                };
                g.bench_with_input(BenchmarkId::new(format!("n={n}"), id), &n, |bench, _| {
                    bench.iter(|| prepared.msm_rows(black_box(k), n))
                });
            }
        }
        g.finish();
    }
}

fn benches(c: &mut Criterion) {
    curve::<ark_bls12_381::g1::Config>(c, "bls12-381", "MSM_MAX_LOG", true);
    curve::<ark_bn254::g1::Config>(c, "bn254", "MSM_MAX_LOG", true);
    curve::<ark_bls12_381::g2::Config>(c, "bls12-381-g2", "MSM_G2_MAX_LOG", false);
    curve::<ark_bn254::g2::Config>(c, "bn254-g2", "MSM_G2_MAX_LOG", false);
}

criterion_group!(msm, benches);
criterion_main!(msm);
