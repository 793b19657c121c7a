//! The primitives under every scheme, on BLS12-381, BN254 and BLS24-317 in
//! one run, with the bench ids of `peers/gnark-bench` (gnark-crypto) so the
//! two sides can be compared figure by figure (`docs/pairing.md`).
//!
//! ```text
//! cargo bench -p vidkit-bls24-317 --bench curves            # full run
//! cargo bench -p vidkit-bls24-317 --bench curves -- --test  # smoke run
//! VIDKIT_BENCH_MAX_LOG=20 cargo bench -p vidkit-bls24-317 --bench curves -- msm_g1
//! ```
//!
//! Ids, for `curve` in `bls12-381`, `bn254`, `bls24-317`:
//!
//! * `{curve}/msm_g1/2^s`: [`vidkit_msm::msm`] of `2^s` G1 points, for
//!   `s = MIN, MIN+2, …, MAX`, where `MIN = VIDKIT_BENCH_MIN_LOG` (default 8)
//!   and `MAX = VIDKIT_BENCH_MAX_LOG` (default 16; the issue's range goes to
//!   20; `VIDKIT_BENCH_SMOKE=1`, as in CI, sets `MAX = MIN`);
//! * `{curve}/msm_g2/2^s`: the same in G2, up to
//!   `min(MAX, VIDKIT_BENCH_G2_MAX_LOG)` (default 16);
//! * `{curve}/pairing/pairing` and
//!   `{curve}/multi_pairing/{2_pairs,4_pairs,2_pairs_prepared_g2}`: through
//!   `vidkit-pairing`, as every verifier computes them (blst on BLS12-381,
//!   vidkit's own loop on BN254, the `Pairing` implementation's on
//!   BLS24-317); the last with both G2 points fixed
//!   ([`vidkit_pairing::FixedG2`], prepared outside the timed loop);
//! * the same ids with `_distinct` appended (`{curve}/pairing/pairing_distinct`,
//!   `{curve}/multi_pairing/2_pairs_prepared_g2_distinct`, …): each call on
//!   the next inputs of a pool of 64 random pairs (Miller loop values for the
//!   final exponentiation; the two fixed G2 points stay), as a verifier sees
//!   them. Code that branches on the data (arkworks' modular sums) is timed
//!   on one input as if every branch were predicted, up to 1.6× faster than
//!   on new inputs; gnark-crypto's and blst's assembly does not branch, and
//!   their two times agree;
//! * `{curve}/pairing/{miller_loop,final_exponentiation}`: the components
//!   whose values equal arkworks' [`Pairing`] components,
//!   [`vidkit_pairing::multi_miller_loop`] and
//!   [`vidkit_pairing::final_exponentiation`] (vidkit's own on BN254;
//!   arkworks' loop on blst's arithmetic and `vidkit_blst::final_exp` on
//!   BLS12-381; the `Pairing` implementation's on BLS24-317; no verifier
//!   calls them on their own);
//! * `{curve}/field/{fp_mul_1000,g2_field_mul_1000,gt_mul_1000}`: 1000
//!   dependent multiplications in G1's coordinate field `F_p`, in G2's
//!   (`F_{p^2}`; `F_{p^4}` on BLS24-317) and in the pairing's target field
//!   (`F_{p^12}`; `F_{p^24}`), arkworks' arithmetic under every group
//!   operation and pairing;
//! * `bls24-317/field/g2_field_mul_1000_vidkit`: the same `F_{q^4}` chain by
//!   `Fp4Config::mul_fp4`, the lazy-reduction product (vidkit-mont) that
//!   BLS24-317's pairing and G2 MSMs use in place of arkworks' `*`;
//! * `bn254/field/g2_field_mul_1000_vidkit`: the `F_{p^2}` chain by
//!   `vidkit_mont::QuadModulus` (four-limb assembly where the CPU has BMI2
//!   and ADX), the product of BN254's pairing and G2 MSMs;
//! * `{curve}/fft/2^16`: a radix-2 FFT over `Fr` (no gnark counterpart);
//! * `{curve}/gt/{in_subgroup,in_subgroup_arkworks}`: the membership test
//!   of `G_T` that validation of untrusted `G_T` elements runs (aPlonK's
//!   commitments and proofs), [`vidkit_msm::gt_contains`] beside arkworks'
//!   `t^r = 1` (its `PairingOutput` validation), on a pairing value (no
//!   gnark counterpart); `{curve}/gt/msm/m={9,15}`: [`vidkit_msm::gt_msm`] of
//!   random elements and scalars, the sizes of aPlonK's verifier (`2κ + 1`
//!   for `κ = 4, 7`).
//!
//! Inputs are pseudo-random from a fixed seed per group, and the MSM inputs
//! (up to 2^20 points) are built only when one of their group's ids passes
//! criterion's filter, so a filtered run (`-- 'bn254/pairing/'`) starts at
//! once.
//! Single-threaded unless the `parallel` feature is enabled.
#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::cell::OnceCell;

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::{FftField, Field, UniformRand};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::SeedableRng;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;

fn env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .map(|v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name}={v:?} is not a number"))
        })
        .unwrap_or(default)
}

/// A fresh generator for one group of one curve: the inputs of a group do not
/// depend on which other groups ran before it.
fn rng(group: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(2024 + group)
}

/// `n` distinct points `P + i·Q` (cheap to build, unlike `n` scalar
/// multiplications) and `n` uniformly random scalars.
fn msm_inputs<G: CurveGroup>(
    n: usize,
    rng: &mut ChaCha20Rng,
) -> (Vec<G::Affine>, Vec<G::ScalarField>) {
    let step = G::rand(rng);
    let mut acc = G::rand(rng);
    let mut points = Vec::with_capacity(n);
    for _ in 0..n {
        points.push(acc);
        acc += step;
    }
    let bases = G::normalize_batch(&points);
    let scalars = (0..n).map(|_| G::ScalarField::rand(rng)).collect();
    (bases, scalars)
}

/// The `{curve}/{name}` group: [`vidkit_msm::msm`] in `G` at `2^s` for `s`
/// from `min` to `max` in steps of 2; inputs built once, at the largest size,
/// the first time an id passes the filter.
fn bench_msm<G: CurveGroup>(
    c: &mut Criterion,
    curve: &str,
    name: &str,
    seed: u64,
    min: u32,
    max: u32,
) {
    let inputs = OnceCell::new();
    let mut group = c.benchmark_group(format!("{curve}/{name}"));
    group.sample_size(10);
    for log_n in (min..=max).step_by(2) {
        let n = 1usize << log_n;
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(BenchmarkId::from_parameter(format!("2^{log_n}")), |b| {
            let (bases, scalars) = inputs.get_or_init(|| msm_inputs::<G>(1 << max, &mut rng(seed)));
            let (bases, scalars) = (&bases[..n], &scalars[..n]);
            b.iter(|| vidkit_msm::msm::<G>(black_box(bases), black_box(scalars)))
        });
    }
    group.finish();
}

/// The size of the input pool of the `*_distinct` ids. Timed again and
/// again on one input, code whose branches depend on the data runs as if
/// every branch were predicted (the predictor learns the whole sequence of
/// one call); a verifier never sees one input twice. From about 8 inputs on
/// the times stop changing; `peers/gnark-bench` uses the same pool size.
const DISTINCT_INPUTS: usize = 64;

/// `DISTINCT_INPUTS + 4` random pairs `(P_i, Q_i)`: a call of the
/// `*_distinct` ids takes up to four of them from index `i`.
fn distinct_pairs<E: Pairing>(rng: &mut ChaCha20Rng) -> (Vec<E::G1Affine>, Vec<E::G2Affine>) {
    let n = DISTINCT_INPUTS + 4;
    let p = (0..n).map(|_| E::G1::rand(rng).into_affine()).collect();
    let q = (0..n).map(|_| E::G2::rand(rng).into_affine()).collect();
    (p, q)
}

/// The index of the next inputs of a `*_distinct` id: `0, 1, …,
/// DISTINCT_INPUTS − 1`, then again.
#[derive(Default)]
struct Cycle(usize);

impl Cycle {
    fn next(&mut self) -> usize {
        let i = self.0;
        self.0 = (i + 1) % DISTINCT_INPUTS;
        i
    }
}

fn bench_curve<E: Pairing>(c: &mut Criterion, curve: &str)
where
    E::ScalarField: FftField,
{
    let min = env("VIDKIT_BENCH_MIN_LOG", 8);
    // CI's smoke run (`VIDKIT_BENCH_SMOKE=1`) keeps the smallest MSMs
    let smoke = std::env::var("VIDKIT_BENCH_SMOKE").is_ok_and(|v| v == "1");
    let max = if smoke {
        min
    } else {
        env("VIDKIT_BENCH_MAX_LOG", 16)
    };
    let g2_max = max.min(env("VIDKIT_BENCH_G2_MAX_LOG", 16));
    bench_msm::<E::G1>(c, curve, "msm_g1", 1, min, max);
    bench_msm::<E::G2>(c, curve, "msm_g2", 2, min, g2_max);

    let mut rng = rng(3);
    let p: Vec<E::G1Affine> = (0..4)
        .map(|_| E::G1::rand(&mut rng).into_affine())
        .collect();
    let q: Vec<E::G2Affine> = (0..4)
        .map(|_| E::G2::rand(&mut rng).into_affine())
        .collect();
    let mut group = c.benchmark_group(format!("{curve}/pairing"));
    group.bench_function("pairing", |b| {
        b.iter(|| vidkit_pairing::pairing::<E>(black_box(p[0]), black_box(q[0])))
    });
    group.bench_function("miller_loop", |b| {
        b.iter(|| vidkit_pairing::multi_miller_loop::<E>(black_box(&p[..1]), black_box(&q[..1])))
    });
    let f = vidkit_pairing::multi_miller_loop::<E>(&p[..1], &q[..1]);
    group.bench_function("final_exponentiation", |b| {
        b.iter(|| vidkit_pairing::final_exponentiation::<E>(black_box(f)).expect("non-zero"))
    });
    // the same on a pool of distinct inputs, the next ones each call
    let (dp, dq) = distinct_pairs::<E>(&mut rng);
    let df: Vec<_> = (0..DISTINCT_INPUTS)
        .map(|i| vidkit_pairing::multi_miller_loop::<E>(&dp[i..i + 1], &dq[i..i + 1]))
        .collect();
    group.bench_function("pairing_distinct", |b| {
        let mut i = Cycle::default();
        b.iter(|| {
            let i = i.next();
            vidkit_pairing::pairing::<E>(black_box(dp[i]), black_box(dq[i]))
        })
    });
    group.bench_function("miller_loop_distinct", |b| {
        let mut i = Cycle::default();
        b.iter(|| {
            let i = i.next();
            vidkit_pairing::multi_miller_loop::<E>(
                black_box(&dp[i..i + 1]),
                black_box(&dq[i..i + 1]),
            )
        })
    });
    group.bench_function("final_exponentiation_distinct", |b| {
        let mut i = Cycle::default();
        b.iter(|| {
            vidkit_pairing::final_exponentiation::<E>(black_box(df[i.next()])).expect("non-zero")
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{curve}/multi_pairing"));
    for pairs in [2, 4] {
        group.bench_function(format!("{pairs}_pairs"), |b| {
            b.iter(|| {
                vidkit_pairing::multi_pairing::<E>(black_box(&p[..pairs]), black_box(&q[..pairs]))
            })
        });
    }
    let fixed: Vec<vidkit_pairing::FixedG2<E>> = q[..2]
        .iter()
        .map(|&q| vidkit_pairing::FixedG2::new(q))
        .collect();
    let prepared = |p0: E::G1Affine, p1: E::G1Affine| {
        let mut product = vidkit_pairing::PairingProduct::with_capacity(2);
        product
            .add_fixed(black_box(p0), &fixed[0])
            .add_fixed(black_box(p1), &fixed[1]);
        product.evaluate()
    };
    group.bench_function("2_pairs_prepared_g2", |b| b.iter(|| prepared(p[0], p[1])));
    for pairs in [2, 4] {
        group.bench_function(format!("{pairs}_pairs_distinct"), |b| {
            let mut i = Cycle::default();
            b.iter(|| {
                let i = i.next();
                vidkit_pairing::multi_pairing::<E>(
                    black_box(&dp[i..i + pairs]),
                    black_box(&dq[i..i + pairs]),
                )
            })
        });
    }
    group.bench_function("2_pairs_prepared_g2_distinct", |b| {
        let mut i = Cycle::default();
        b.iter(|| {
            let i = i.next();
            prepared(dp[i], dp[i + 1])
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{curve}/gt"));
    let t = vidkit_pairing::pairing::<E>(p[1], q[1]);
    group.bench_function("in_subgroup", |b| {
        b.iter(|| assert!(vidkit_msm::gt_contains(black_box(&t))))
    });
    group.bench_function("in_subgroup_arkworks", |b| {
        b.iter(|| assert!(ark_serialize::Valid::check(black_box(&t)).is_ok()))
    });
    // aPlonK's verifier sizes: 2κ + 1 for κ = 4 and 7
    for m in [9usize, 15] {
        let bases: Vec<_> = (0..m).map(|_| t * E::ScalarField::rand(&mut rng)).collect();
        let scalars: Vec<E::ScalarField> = (0..m).map(|_| E::ScalarField::rand(&mut rng)).collect();
        group.bench_function(format!("msm/m={m}"), |b| {
            b.iter(|| vidkit_msm::gt_msm::<E>(black_box(&bases), &scalars))
        });
    }
    group.finish();

    let mut group = c.benchmark_group(format!("{curve}/field"));
    let (x1, y1) = p[0].xy().expect("not the identity");
    let (x2, y2) = q[0].xy().expect("not the identity");
    let (t, u) = (E::pairing(p[1], q[2]).0, E::pairing(p[2], q[1]).0);
    group.bench_function("fp_mul_1000", |b| b.iter(|| mul_1000(black_box(x1), &y1)));
    group.bench_function("g2_field_mul_1000", |b| {
        b.iter(|| mul_1000(black_box(x2), &y2))
    });
    group.bench_function("gt_mul_1000", |b| b.iter(|| mul_1000(black_box(t), &u)));
    group.finish();

    let mut group = c.benchmark_group(format!("{curve}/fft"));
    let log_n = 16u32;
    let n = 1usize << log_n;
    let domain = Radix2EvaluationDomain::<E::ScalarField>::new(n).expect("2-adicity >= 16");
    let coeffs: Vec<E::ScalarField> = (0..n).map(|_| E::ScalarField::rand(&mut rng)).collect();
    group.throughput(Throughput::Elements(n as u64));
    group.bench_with_input(
        BenchmarkId::from_parameter(format!("2^{log_n}")),
        &n,
        |b, _| b.iter(|| domain.fft(black_box(&coeffs))),
    );
    group.finish();
}

/// `a·b^1000` by 1000 dependent multiplications.
fn mul_1000<F: Field>(mut a: F, b: &F) -> F {
    for _ in 0..1000 {
        a *= b;
    }
    a
}

/// `bls24-317/field/g2_field_mul_1000_vidkit`: the 1000 dependent `F_{q^4}`
/// products of `g2_field_mul_1000` by `Fp4Config::mul_fp4`, the product
/// BLS24-317's pairing and G2 MSMs use (`g2_field_mul_1000` times arkworks'
/// `*`, its own Karatsuba over `F_{q^2}`).
fn bls24_fq4(c: &mut Criterion) {
    use vidkit_bls24_317::{bls24::Fp4Config, Fq4, Fq4Config};
    let mut rng = rng(5);
    let (x, y) = (Fq4::rand(&mut rng), Fq4::rand(&mut rng));
    let mut group = c.benchmark_group("bls24-317/field");
    group.bench_function("g2_field_mul_1000_vidkit", |b| {
        b.iter(|| {
            let mut a = black_box(x);
            for _ in 0..1000 {
                a = Fq4Config::mul_fp4(&a, &y);
            }
            a
        })
    });
    group.finish();
}

/// `bn254/field/g2_field_mul_1000_vidkit`: the 1000 dependent `F_{p^2}`
/// products of `g2_field_mul_1000` by [`vidkit_mont::QuadModulus`], the
/// product BN254's pairing (`vidkit_pairing::bn254`) and G2 MSMs use
/// (`g2_field_mul_1000` times arkworks' `*`, two sums of products).
fn bn254_fq2(c: &mut Criterion) {
    use ark_bn254::{Fq, Fq2};
    use ark_ff::PrimeField;
    const P2: vidkit_mont::QuadModulus<4> =
        vidkit_mont::QuadModulus::new(vidkit_mont::Modulus::new(<Fq as PrimeField>::MODULUS.0));
    let mut rng = rng(5);
    let (x, y) = (Fq2::rand(&mut rng), Fq2::rand(&mut rng));
    let limbs = |a: &Fq2| [a.c0.0 .0, a.c1.0 .0];
    let (x, y) = (limbs(&x), limbs(&y));
    let mut group = c.benchmark_group("bn254/field");
    group.bench_function("g2_field_mul_1000_vidkit", |b| {
        b.iter(|| {
            let mut a = black_box(x);
            for _ in 0..1000 {
                a = P2.mul(&a, &y);
            }
            a
        })
    });
    group.finish();
}

fn curves(c: &mut Criterion) {
    bench_curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    bench_curve::<ark_bn254::Bn254>(c, "bn254");
    bench_curve::<vidkit_bls24_317::Bls24_317>(c, "bls24-317");
    bls24_fq4(c);
    bn254_fq2(c);
}

criterion_group!(benches, curves);
criterion_main!(benches);
