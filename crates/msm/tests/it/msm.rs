//! vidkit's MSM against arkworks' and a naive sum, on BLS12-381 and BN254
//! (G1, and G2 through the generic entry point), edge cases included.

use ark_ec::{
    short_weierstrass::{Affine, Projective, SWCurveConfig},
    AffineRepr, CurveGroup, PrimeGroup, VariableBaseMSM,
};
use ark_ff::{PrimeField, UniformRand, Zero};
use ark_std::rand::{Rng, RngCore, SeedableRng};
use proptest::prelude::*;
use rand_chacha::ChaCha20Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use vidkit_msm::{
    add_scaled, gt_msm, msm, msm_bigint, pippenger, try_gt_msm, try_msm, FastMsm, FixedBases,
    GtFixedBases, LengthMismatch, MsmBases, TablePlan, TablePolicy, Workload, DEFAULT_TABLE_POINTS,
};

fn naive<G: CurveGroup>(bases: &[G::Affine], scalars: &[G::ScalarField]) -> G {
    bases.iter().zip(scalars).map(|(b, s)| *b * s).sum()
}

fn random_points<G: CurveGroup>(n: usize, rng: &mut impl Rng) -> Vec<G::Affine> {
    let v: Vec<G> = (0..n).map(|_| G::rand(rng)).collect();
    G::normalize_batch(&v)
}

/// Every implementation of this crate on one input, compared with arkworks.
fn check_all<P: SWCurveConfig>(bases: &[Affine<P>], scalars: &[P::ScalarField]) {
    let n = bases.len().min(scalars.len());
    let expected = Projective::<P>::msm_unchecked(&bases[..n], &scalars[..n]);
    assert_eq!(
        msm::<Projective<P>>(bases, scalars),
        expected,
        "generic msm, n = {n}"
    );
    assert_eq!(
        Projective::<P>::fast_msm(bases, scalars),
        expected,
        "FastMsm, n = {n}"
    );
    let big: Vec<_> = scalars.iter().map(|s| s.into_bigint()).collect();
    assert_eq!(msm_bigint::<Projective<P>>(bases, &big), expected, "bigint");
    // the batch-affine path itself, never the small-size fallback, several widths
    for c in [2, 3, 5, 8, pippenger::window_size(n)] {
        assert_eq!(
            pippenger::msm_bigint_with_window(bases, &big, c),
            expected,
            "batch-affine, c = {c}, n = {n}"
        );
    }
    let table = MsmBases::<Projective<P>>::with_precomputation(bases, DEFAULT_TABLE_POINTS);
    assert_eq!(table.msm(scalars), expected, "table, n = {n}");
    assert_eq!(table.msm_bigint(&big), expected, "table bigint, n = {n}");
    let small_table = MsmBases::<Projective<P>>::with_precomputation(bases, 0);
    assert_eq!(small_table.msm(scalars), expected, "narrow table, n = {n}");
}

/// `f` panics.
#[track_caller]
fn panics<T>(what: &str, f: impl FnOnce() -> T) {
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    assert!(r.is_err(), "{what} must panic");
}

/// Inputs of different lengths: an error from the checked entry point, a
/// panic from the others, never a sum over the shorter input. Prepared
/// bases serve any prefix of their bases, and only that.
fn check_mismatch<P: SWCurveConfig>(bases: &[Affine<P>], scalars: &[P::ScalarField]) {
    let (nb, ns) = (bases.len(), scalars.len());
    assert_ne!(nb, ns);
    assert_eq!(
        try_msm::<Projective<P>>(bases, scalars),
        Err(LengthMismatch {
            bases: nb,
            scalars: ns
        })
    );
    let big: Vec<_> = scalars.iter().map(|s| s.into_bigint()).collect();
    panics("msm", || msm::<Projective<P>>(bases, scalars));
    panics("msm_bigint", || msm_bigint::<Projective<P>>(bases, &big));
    panics("FastMsm", || Projective::<P>::fast_msm(bases, scalars));
    panics("pippenger::msm", || pippenger::msm(bases, scalars));
    panics("batch-affine", || {
        pippenger::msm_bigint_with_window(bases, &big, 5)
    });
    for table in [
        MsmBases::<Projective<P>>::with_precomputation(bases, DEFAULT_TABLE_POINTS),
        MsmBases::<Projective<P>>::with_precomputation(bases, 0),
    ] {
        if ns > nb {
            panics("MsmBases::msm", || table.msm(scalars));
            panics("MsmBases::msm_bigint", || table.msm_bigint(&big));
        } else {
            let expected = Projective::<P>::msm_unchecked(&bases[..ns], scalars);
            assert_eq!(table.msm(scalars), expected, "prefix of the bases");
            assert_eq!(table.msm_bigint(&big), expected, "prefix, bigint");
        }
    }
    let fixed = FixedBases::<Projective<P>>::new(bases, 4);
    if ns > nb {
        panics("FixedBases::msm", || fixed.msm(scalars));
        panics("FixedBases::msm_bigint", || fixed.msm_bigint(&big));
    } else {
        let expected = Projective::<P>::msm_unchecked(&bases[..ns], scalars);
        assert_eq!(fixed.msm(scalars), expected, "fixed, prefix of the bases");
    }
    let hi = vec![Affine::<P>::generator(); ns];
    panics("add_scaled", || {
        add_scaled::<Projective<P>>(bases, &hi, P::ScalarField::from(3u64))
    });
}

/// G_T: the same contract for `gt_msm` and `GtFixedBases`.
#[test]
fn gt_mismatched_lengths_are_errors_or_panics() {
    use ark_bls12_381::{Bls12_381, Fr, G1Affine, G2Affine};
    use ark_ec::pairing::Pairing;
    let t = Bls12_381::pairing(G1Affine::generator(), G2Affine::generator());
    let bases = [t, t * Fr::from(3u64)];
    let scalars = [Fr::from(2u64), Fr::from(5u64), Fr::from(7u64)];
    for (b, s) in [(&bases[..], &scalars[..]), (&bases[..], &scalars[..1])] {
        assert_eq!(
            try_gt_msm::<Bls12_381>(b, s),
            Err(LengthMismatch {
                bases: b.len(),
                scalars: s.len()
            })
        );
        panics("gt_msm", || gt_msm::<Bls12_381>(b, s));
    }
    assert_eq!(
        try_gt_msm::<Bls12_381>(&bases, &scalars[..2]),
        Ok(t * Fr::from(17u64))
    );
    let table = GtFixedBases::<Bls12_381>::new(&bases, 3);
    panics("GtFixedBases::msm", || table.msm(&scalars));
    assert_eq!(table.msm(&scalars[..1]), t * Fr::from(2u64), "a prefix");
}

fn edge_cases<P: SWCurveConfig>() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let g = Affine::<P>::generator();
    let zero = Affine::<P>::zero();
    let minus_one = -P::ScalarField::from(1u64);
    // empty and size 1
    check_all::<P>(&[], &[]);
    assert!(msm::<Projective<P>>(&[], &[]).is_zero());
    check_all::<P>(&[g], &[minus_one]);
    assert_eq!(
        msm::<Projective<P>>(&[g], &[minus_one]),
        -Projective::<P>::from(g)
    );
    for n in [1usize, 7, 40, 200] {
        let bases = random_points::<Projective<P>>(n, &mut rng);
        let scalars: Vec<P::ScalarField> = (0..n).map(|_| P::ScalarField::rand(&mut rng)).collect();
        // all-zero scalars
        let zeros = vec![P::ScalarField::zero(); n];
        check_all::<P>(&bases, &zeros);
        assert!(msm::<Projective<P>>(&bases, &zeros).is_zero());
        // identity bases among random ones
        let mut with_id = bases.clone();
        for b in with_id.iter_mut().step_by(3) {
            *b = zero;
        }
        check_all::<P>(&with_id, &scalars);
        // the same base everywhere with equal scalars: every point in one bucket
        let same = vec![g; n];
        let ones = vec![P::ScalarField::from(5u64); n];
        check_all::<P>(&same, &ones);
        assert_eq!(
            msm::<Projective<P>>(&same, &ones),
            g * P::ScalarField::from(5 * n as u64)
        );
        // repeated and opposite bases (doubling and cancellation in buckets)
        let mixed: Vec<_> = (0..n).map(|i| if i % 2 == 0 { g } else { -g }).collect();
        check_all::<P>(&mixed, &ones);
        check_all::<P>(&mixed, &scalars);
        let pairs: Vec<_> = (0..n).map(|i| bases[i / 2]).collect();
        check_all::<P>(&pairs, &scalars);
        // (base, scalar) pairs repeated, or with the base negated, among
        // random ones: in every window the copy meets the original in its
        // bucket, so batches of plain additions hold doublings and
        // cancellations
        let half = n / 2;
        let mut twin_bases = bases.clone();
        let mut twin_scalars = scalars.clone();
        for i in 0..half / 2 {
            twin_bases[half + i] = if i % 2 == 0 { bases[i] } else { -bases[i] };
            twin_scalars[half + i] = scalars[i];
        }
        check_all::<P>(&twin_bases, &twin_scalars);
        // r − 1 everywhere and mismatched lengths
        let maxed = vec![minus_one; n];
        check_all::<P>(&bases, &maxed);
        assert_eq!(
            msm::<Projective<P>>(&bases, &scalars),
            naive::<Projective<P>>(&bases, &scalars)
        );
        check_mismatch::<P>(&bases, &scalars[..n / 2]);
        check_mismatch::<P>(&bases[..n / 2], &scalars);
    }
}

#[test]
fn edge_cases_bls12_381() {
    edge_cases::<ark_bls12_381::g1::Config>();
}

#[test]
fn edge_cases_bn254() {
    edge_cases::<ark_bn254::g1::Config>();
}

#[test]
fn generic_entry_uses_the_fast_path_for_shipped_groups_only() {
    let b1 = [ark_bls12_381::G1Affine::generator()];
    let b2 = [ark_bn254::G2Affine::generator()];
    assert_eq!(
        MsmBases::<ark_bls12_381::G1Projective>::new(&b1).engine(),
        "batch-affine"
    );
    assert_eq!(
        MsmBases::<ark_bls12_381::G2Projective>::new(&[ark_bls12_381::G2Affine::generator()])
            .engine(),
        "batch-affine"
    );
    assert_eq!(
        MsmBases::<ark_bn254::G2Projective>::new(&b2).engine(),
        "batch-affine"
    );
    assert_eq!(
        MsmBases::<ark_bls12_381::G1Projective>::with_precomputation(&b1, 1 << 10).engine(),
        "batch-affine-table"
    );
    // a curve without a fast path here: arkworks' MSM, through its `SWCurveConfig::msm` hook
    let b = [Affine::<Hooked>::generator(); 4];
    let prepared = MsmBases::<Projective<Hooked>>::new(&b);
    assert_eq!(prepared.engine(), "arkworks");
    let s = [ark_bls12_381::Fr::from(9u64); 4];
    let before = HOOK_CALLS.load(Ordering::SeqCst);
    assert_eq!(prepared.msm(&s), b[0] * ark_bls12_381::Fr::from(36u64));
    assert_eq!(
        msm::<Projective<Hooked>>(&b[..3], &s[..3]),
        b[0] * ark_bls12_381::Fr::from(27u64)
    );
    let big: Vec<_> = s.iter().map(|x| x.into_bigint()).collect();
    assert_eq!(
        msm_bigint::<Projective<Hooked>>(&b, &big),
        b[0] * ark_bls12_381::Fr::from(36u64)
    );
    assert_eq!(HOOK_CALLS.load(Ordering::SeqCst), before + 3);
}

static HOOK_CALLS: AtomicUsize = AtomicUsize::new(0);

/// BLS12-381 G1 under another type: not one of the fast-path groups, and its
/// `msm` override counts calls (the plug-in point vidkit-bls24-317 uses).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Hooked;

impl ark_ec::CurveConfig for Hooked {
    type BaseField = ark_bls12_381::Fq;
    type ScalarField = ark_bls12_381::Fr;
    const COFACTOR: &'static [u64] = ark_bls12_381::g1::Config::COFACTOR;
    const COFACTOR_INV: ark_bls12_381::Fr = ark_bls12_381::g1::Config::COFACTOR_INV;
}

impl SWCurveConfig for Hooked {
    const COEFF_A: ark_bls12_381::Fq = ark_bls12_381::g1::Config::COEFF_A;
    const COEFF_B: ark_bls12_381::Fq = ark_bls12_381::g1::Config::COEFF_B;
    const GENERATOR: Affine<Self> = Affine::new_unchecked(
        ark_bls12_381::g1::Config::GENERATOR.x,
        ark_bls12_381::g1::Config::GENERATOR.y,
    );
    type ZeroFlag = ();

    fn msm(
        bases: &[Affine<Self>],
        scalars: &[ark_bls12_381::Fr],
    ) -> Result<Projective<Self>, usize> {
        HOOK_CALLS.fetch_add(1, Ordering::SeqCst);
        if bases.len() != scalars.len() {
            return Err(bases.len().min(scalars.len()));
        }
        Ok(pippenger::msm(bases, scalars))
    }
}

#[test]
fn g2_through_the_generic_entry() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    for n in [3usize, 70] {
        let bases = random_points::<ark_bls12_381::G2Projective>(n, &mut rng);
        let scalars: Vec<_> = (0..n).map(|_| ark_bls12_381::Fr::rand(&mut rng)).collect();
        let expected = naive::<ark_bls12_381::G2Projective>(&bases, &scalars);
        assert_eq!(
            msm::<ark_bls12_381::G2Projective>(&bases, &scalars),
            expected
        );
        let bases = random_points::<ark_bn254::G2Projective>(n, &mut rng);
        let scalars: Vec<_> = (0..n).map(|_| ark_bn254::Fr::rand(&mut rng)).collect();
        let expected = naive::<ark_bn254::G2Projective>(&bases, &scalars);
        assert_eq!(msm::<ark_bn254::G2Projective>(&bases, &scalars), expected);
    }
}

#[test]
fn naive_sum_agrees_with_generator_multiples() {
    // an independent oracle: Σ s_i·(t_i·G) = (Σ s_i t_i)·G
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let g = ark_bls12_381::G1Projective::generator();
    let t: Vec<ark_bls12_381::Fr> = (0..100)
        .map(|_| ark_bls12_381::Fr::rand(&mut rng))
        .collect();
    let s: Vec<ark_bls12_381::Fr> = (0..100)
        .map(|_| ark_bls12_381::Fr::rand(&mut rng))
        .collect();
    let bases =
        ark_bls12_381::G1Projective::normalize_batch(&t.iter().map(|x| g * x).collect::<Vec<_>>());
    let dot: ark_bls12_381::Fr = t.iter().zip(&s).map(|(a, b)| *a * b).sum();
    assert_eq!(msm::<ark_bls12_381::G1Projective>(&bases, &s), g * dot);
}

fn random_case<P: SWCurveConfig>(seed: u64, n: usize, small: bool) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let bases = random_points::<Projective<P>>(n, &mut rng);
    let scalars: Vec<P::ScalarField> = (0..n)
        .map(|_| {
            if small {
                P::ScalarField::from(rng.gen_range(0u64..4))
            } else {
                P::ScalarField::rand(&mut rng)
            }
        })
        .collect();
    check_all::<P>(&bases, &scalars);
    if n <= 24 {
        assert_eq!(
            msm::<Projective<P>>(&bases, &scalars),
            naive::<Projective<P>>(&bases, &scalars)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn random_sizes_bls12_381(seed in any::<u64>(), n in 0usize..300, small in any::<bool>()) {
        random_case::<ark_bls12_381::g1::Config>(seed, n, small);
    }

    #[test]
    fn random_sizes_bn254(seed in any::<u64>(), n in 0usize..300, small in any::<bool>()) {
        random_case::<ark_bn254::g1::Config>(seed, n, small);
    }
}

#[test]
fn window_sizes_grow_with_the_msm() {
    let widths: Vec<u32> = (4..=20).map(|s| pippenger::window_size(1 << s)).collect();
    assert!(widths.windows(2).all(|w| w[0] <= w[1]), "{widths:?}");
    assert!((3..=5).contains(&pippenger::window_size(64)));
    assert!((11..=14).contains(&pippenger::window_size(1 << 16)));
}

/// The cut into tasks: one thread keeps the sequential cut; on more threads
/// every thread gets a task at the sizes where the old rule (window groups
/// only) left threads idle, and the modelled time falls with the threads.
#[test]
fn splits_keep_every_thread_busy() {
    for s in (6..=22).step_by(2) {
        let n = 1usize << s;
        let c = pippenger::window_size(n);
        let one = pippenger::split(n, 255, c, 1);
        assert_eq!(one.chunks, 1, "one thread, n = 2^{s}");
        assert_eq!(pippenger::window_size_for(n, 1), c);
        let mut last = one.makespan;
        for t in [2, 4, 8, 16, 64] {
            let c = pippenger::window_size_for(n, t);
            let cut = pippenger::split(n, 255, c, t);
            let windows = 256usize.div_ceil(c as usize);
            let tasks = windows.div_ceil(cut.group) * cut.chunks;
            assert!(cut.chunks >= 1 && cut.chunks <= 2 * t, "{cut:?}");
            assert!(cut.makespan <= last, "n = 2^{s}, {t} threads: {cut:?}");
            last = cut.makespan;
            if s >= 14 && t <= 16 {
                assert!(
                    tasks >= t,
                    "n = 2^{s}, {t} threads: {tasks} tasks ({cut:?})"
                );
                // within 1.5x of a perfect share of the one-thread model
                assert!(
                    cut.makespan * t <= one.makespan * 3 / 2,
                    "n = 2^{s}, {t} threads: {cut:?} against {one:?}"
                );
            }
        }
    }
    // 2^16 points on 16 threads: 22 windows of 12 bits in pairs were 11
    // tasks; the cut now cuts the points too
    let cut = pippenger::split(1 << 16, 255, pippenger::window_size_for(1 << 16, 16), 16);
    assert!(cut.chunks > 1, "{cut:?}");
}

/// Runs `f` on a fresh rayon pool of `threads` threads.
fn on_pool<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
        .install(f)
}

/// Every cut of an MSM into (window group, point chunk) tasks gives the same
/// point, on pools of 1, 3 and 16 threads, including chunks that do not
/// divide the points, groups that do not divide the windows and more chunks
/// than points.
#[test]
fn every_cut_and_pool_gives_the_same_point() {
    let mut rng = ChaCha20Rng::seed_from_u64(31);
    // 63 and 64: both sides of the size below which BLS12-381 goes to blst
    // (on the calling thread, whatever the pool)
    for n in [1usize, 5, 63, 64, 97, 1000] {
        let bases = random_points::<ark_bls12_381::G1Projective>(n, &mut rng);
        let scalars: Vec<ark_bls12_381::Fr> =
            (0..n).map(|_| ark_bls12_381::Fr::rand(&mut rng)).collect();
        let big: Vec<_> = scalars.iter().map(|s| s.into_bigint()).collect();
        let expected = ark_bls12_381::G1Projective::msm_unchecked(&bases, &scalars);
        let g2 = random_points::<ark_bls12_381::G2Projective>(n, &mut rng);
        let g2_expected = ark_bls12_381::G2Projective::msm_unchecked(&g2, &scalars);
        for threads in [1, 3, 16] {
            on_pool(threads, || {
                // BLS12-381: blst below 64 points, the batch-affine code
                // from 64 points
                assert_eq!(
                    msm::<ark_bls12_381::G1Projective>(&bases, &scalars),
                    expected
                );
                assert_eq!(
                    msm::<ark_bls12_381::G2Projective>(&g2, &scalars),
                    g2_expected,
                    "G2, n = {n}, {threads} threads"
                );
                for (c, group, chunks) in [
                    (4, 1, 1),
                    (4, 3, 2),
                    (5, 64, 7),
                    (8, 2, 3),
                    (11, 1, 2000),
                    (4, 1, 2000),
                ] {
                    // one-point chunks in 2^10-bucket windows (c = 11) up to
                    // 97 points: at 1000 points they would be 24 000 bucket
                    // reductions per pool (two thirds of this test's time)
                    // that check nothing the smaller sizes and c = 4 do not
                    if c == 11 && chunks > n && n > 100 {
                        continue;
                    }
                    assert_eq!(
                        pippenger::msm_bigint_with_split(&bases, &big, c, group, chunks),
                        expected,
                        "n = {n}, {threads} threads, c = {c}, group = {group}, chunks = {chunks}"
                    );
                }
            });
        }
    }
}

/// `gt_msm` cut into one run of at least 64 bases per thread: arkworks'
/// value on pools of 1, 2, 3 and 16 threads, with one run (127 bases), two
/// (128) and three or four (200, 300 on 3 and 16 threads), on BLS12-381
/// (blst's arithmetic) and BN254 (arkworks').
#[test]
fn gt_msm_on_every_pool_is_arkworks() {
    fn check<E: ark_ec::pairing::Pairing>(seed: u64) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let t = E::pairing(E::G1Affine::generator(), E::G2Affine::generator());
        for m in [127usize, 128, 200, 300] {
            let bases: Vec<_> = (0..m).map(|_| t * E::ScalarField::rand(&mut rng)).collect();
            let scalars: Vec<E::ScalarField> =
                (0..m).map(|_| E::ScalarField::rand(&mut rng)).collect();
            let expected = ark_ec::pairing::PairingOutput::<E>::msm_unchecked(&bases, &scalars);
            for threads in [1, 2, 3, 16] {
                let got = on_pool(threads, || gt_msm::<E>(&bases, &scalars));
                assert_eq!(got, expected, "m = {m}, {threads} threads");
            }
        }
    }
    check::<ark_bls12_381::Bls12_381>(41);
    check::<ark_bn254::Bn254>(42);
}

/// Rows of MSMs over plain bases (`MsmBases::msm_rows`) on pools of 1, 2,
/// 3 and 16 threads: with `parallel` one row per task planned for one
/// thread where the rows share out evenly, rows that split over the pool
/// otherwise; the same points as arkworks either way.
#[test]
fn rows_on_every_pool_give_the_same_points() {
    let mut rng = ChaCha20Rng::seed_from_u64(14);
    let n = 70;
    let bases = random_points::<ark_bls12_381::G1Projective>(n, &mut rng);
    let bn_bases = random_points::<ark_bn254::G1Projective>(n, &mut rng);
    for rows in [1usize, 3, 4, 6, 32] {
        let s: Vec<ark_bls12_381::Fr> = (0..rows * n)
            .map(|_| ark_bls12_381::Fr::rand(&mut rng))
            .collect();
        let bn_s: Vec<ark_bn254::Fr> = (0..rows * n)
            .map(|_| ark_bn254::Fr::rand(&mut rng))
            .collect();
        let want: Vec<_> = s
            .chunks(n)
            .map(|r| ark_bls12_381::G1Projective::msm_unchecked(&bases, r))
            .collect();
        let bn_want: Vec<_> = bn_s
            .chunks(n)
            .map(|r| ark_bn254::G1Projective::msm_unchecked(&bn_bases, r))
            .collect();
        for threads in [1, 2, 3, 16] {
            on_pool(threads, || {
                let plain = MsmBases::<ark_bls12_381::G1Projective>::new(&bases);
                assert_eq!(
                    plain.msm_rows(&s, n),
                    Some(want.clone()),
                    "{rows} rows, {threads} threads"
                );
                let bn_plain = MsmBases::<ark_bn254::G1Projective>::new(&bn_bases);
                assert_eq!(
                    bn_plain.msm_rows(&bn_s, n),
                    Some(bn_want.clone()),
                    "BN254, {rows} rows, {threads} threads"
                );
            });
        }
    }
}

#[test]
fn prepared_for_many_msms_matches_arkworks() {
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    let bases = random_points::<ark_bls12_381::G1Projective>(64, &mut rng);
    let few = MsmBases::<ark_bls12_381::G1Projective>::for_msms(&bases, 1);
    let some = MsmBases::<ark_bls12_381::G1Projective>::for_msms(&bases, 100);
    let many = MsmBases::<ark_bls12_381::G1Projective>::for_msms(&bases, 1000);
    let few_bases = MsmBases::<ark_bls12_381::G1Projective>::for_msms(&bases[..16], 1000);
    assert_eq!(few.engine(), "batch-affine");
    // G1: the windows table repays its build first; for many MSMs over 16
    // bases the multiples table (no buckets) saves more, over 64 bases the
    // windows table (the multiples budget caps the width at 8)
    assert_eq!(some.engine(), "batch-affine-table");
    assert_eq!(many.engine(), "batch-affine-table");
    assert_eq!(few_bases.engine(), "fixed-base-table");
    let g2 = random_points::<ark_bls12_381::G2Projective>(64, &mut rng);
    let g2_many = MsmBases::<ark_bls12_381::G2Projective>::for_msms(&g2, 1000);
    assert_eq!(g2_many.engine(), "batch-affine-table", "G2: windows tables");
    for _ in 0..3 {
        let s: Vec<_> = (0..64).map(|_| ark_bls12_381::Fr::rand(&mut rng)).collect();
        let expected = ark_bls12_381::G1Projective::msm_unchecked(&bases, &s);
        assert_eq!(few.msm(&s), expected);
        assert_eq!(some.msm(&s), expected);
        assert_eq!(many.msm(&s), expected);
        let expected16 = ark_bls12_381::G1Projective::msm_unchecked(&bases[..16], &s[..16]);
        assert_eq!(few_bases.msm(&s[..16]), expected16);
        let expected = ark_bls12_381::G2Projective::msm_unchecked(&g2, &s);
        assert_eq!(g2_many.msm(&s), expected);
    }
}

/// `add_scaled` equals `lo + x·hi` and `scaled` equals `x·hi` computed by
/// arkworks, on every shipped
/// group (the GLV path) and on a group without it (the fallback), with
/// identity points and the scalars 0, ±1, small ones (below and from `2^63`)
/// and random ones.
fn add_scaled_matches<G: CurveGroup>(rng: &mut ChaCha20Rng) {
    let n = 9;
    let mut lo = random_points::<G>(n, rng);
    let mut hi = random_points::<G>(n, rng);
    lo[2] = G::Affine::zero();
    hi[3] = G::Affine::zero();
    hi[4] = G::Affine::zero();
    lo[4] = G::Affine::zero();
    hi[5] = lo[5];
    let one = G::ScalarField::from(1u64);
    for x in [
        G::ScalarField::from(0u64),
        one,
        -one,
        G::ScalarField::from(2u64),
        // below 2^63: the non-adjacent-form path (runs of ones, the largest,
        // a random one); from 2^63 the GLV path
        G::ScalarField::from(0b1011_0111_0111u64),
        G::ScalarField::from((1u64 << 63) - 1),
        G::ScalarField::from(rng.next_u64() >> 1),
        G::ScalarField::from(1u64 << 63),
        G::ScalarField::from(u64::MAX),
        G::ScalarField::rand(rng),
        G::ScalarField::rand(rng),
    ] {
        let expected: Vec<G> = lo.iter().zip(&hi).map(|(l, h)| *l + *h * x).collect();
        assert_eq!(
            vidkit_msm::add_scaled::<G>(&lo, &hi, x),
            expected,
            "x = {x}"
        );
        let scaled: Vec<G> = hi.iter().map(|h| *h * x).collect();
        assert_eq!(vidkit_msm::scaled::<G>(&hi, x), scaled, "scaled, x = {x}");
        // inputs of different lengths are refused, not truncated
        panics("add_scaled", || {
            vidkit_msm::add_scaled::<G>(&lo[..4], &hi, x)
        });
    }
}

#[test]
fn add_scaled_on_every_group() {
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    add_scaled_matches::<ark_bls12_381::G1Projective>(&mut rng);
    add_scaled_matches::<ark_bls12_381::G2Projective>(&mut rng);
    add_scaled_matches::<ark_bn254::G1Projective>(&mut rng);
    add_scaled_matches::<ark_bn254::G2Projective>(&mut rng);
    // a group without the GLV path (BLS12-381 G1 under another type)
    add_scaled_matches::<Projective<Hooked>>(&mut rng);
}

/// The folds (`add_scaled`, `scaled`, `FixedBases::sum_scaled`) split their
/// points over the pool with `parallel` (one chunk per thread, 16 points or
/// more each): on pools of 1, 3 and 16 threads they equal the point-by-point
/// values, for chunk sizes that do not divide the points, on the GLV path,
/// the small-scalar path and the fallback.
fn folds_on_pools<G: CurveGroup>(rng: &mut ChaCha20Rng) {
    for n in [15usize, 33, 100] {
        let mut lo = random_points::<G>(n, rng);
        let mut hi = random_points::<G>(n + 2, rng);
        lo[n / 2] = G::Affine::zero();
        hi[n - 1] = G::Affine::zero();
        let table = FixedBases::<G>::new(&hi, 4);
        for x in [G::ScalarField::from(77u64), G::ScalarField::rand(rng)] {
            let y = G::ScalarField::rand(rng);
            let folded: Vec<G> = lo.iter().zip(&hi).map(|(l, h)| *l + *h * x).collect();
            let scaled: Vec<G> = hi.iter().map(|h| *h * x).collect();
            // lo_j + x·B_j + y·B_{j+2}
            let summed: Vec<G> = (0..n).map(|j| lo[j] + hi[j] * x + hi[j + 2] * y).collect();
            for threads in [1, 3, 16] {
                on_pool(threads, || {
                    let what = format!("n = {n}, {threads} threads, x = {x}");
                    assert_eq!(
                        add_scaled::<G>(&lo, &hi[..n], x),
                        folded,
                        "add_scaled, {what}"
                    );
                    assert_eq!(vidkit_msm::scaled::<G>(&hi, x), scaled, "scaled, {what}");
                    assert_eq!(
                        table.sum_scaled(&lo, &[(0, x), (2, y)]),
                        summed,
                        "sum_scaled, {what}"
                    );
                });
            }
        }
    }
}

#[test]
fn folds_are_the_same_on_every_pool() {
    let mut rng = ChaCha20Rng::seed_from_u64(12);
    folds_on_pools::<ark_bls12_381::G1Projective>(&mut rng);
    folds_on_pools::<ark_bls12_381::G2Projective>(&mut rng);
    folds_on_pools::<ark_bn254::G1Projective>(&mut rng);
    folds_on_pools::<Projective<Hooked>>(&mut rng);
}

/// Every table of the crate — multiples at every width (`msm`, `msm_bigint`,
/// `msm_rows`), windows, and the prepared bases of every plan — against
/// arkworks' `VariableBaseMSM`, with zero, one and `r − 1` scalars and
/// identity bases, on G1 and G2 of BLS12-381 and BN254 (BLS24-317: its
/// crate's tests).
fn tables_match_arkworks<G: CurveGroup>(seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let n = 37;
    let mut bases = random_points::<G>(n, &mut rng);
    bases[5] = G::Affine::zero();
    let rows = 3;
    let mut s: Vec<G::ScalarField> = (0..n * rows)
        .map(|_| G::ScalarField::rand(&mut rng))
        .collect();
    s[0] = G::ScalarField::zero();
    s[1] = -G::ScalarField::from(1u64);
    s[2] = G::ScalarField::from(1u64);
    let want: Vec<G> = s.chunks(n).map(|r| G::msm_unchecked(&bases, r)).collect();
    let big: Vec<_> = s[..n].iter().map(|x| x.into_bigint()).collect();
    for c in 1..=MAX_WIDTH {
        let t = FixedBases::<G>::new(&bases, c);
        assert_eq!(t.msm(&s[..n]), want[0], "multiples c = {c}");
        assert_eq!(t.msm_bigint(&big), want[0], "multiples bigint c = {c}");
        assert_eq!(t.msm_rows(&s, n).unwrap(), want, "multiples rows c = {c}");
        assert_eq!(
            t.msm(&s[..7]),
            G::msm_unchecked(&bases[..7], &s[..7]),
            "short, c = {c}"
        );
    }
    let plans = [
        TablePlan::Plain,
        TablePlan::Windows(4),
        TablePlan::Windows(9),
        TablePlan::Multiples(3),
        TablePlan::Multiples(10),
    ];
    let policy = TablePolicy::default();
    let chosen = [1, 30, 1000, usize::MAX].map(|u| policy.plan::<G>(n, Workload::Msms(u)));
    for plan in plans.into_iter().chain(chosen) {
        let p = MsmBases::<G>::with_plan(&bases, plan);
        assert_eq!(p.msm(&s[..n]), want[0], "{plan:?}");
        assert_eq!(p.msm_bigint(&big), want[0], "{plan:?} bigint");
        assert_eq!(p.msm_rows(&s, n).unwrap(), want, "{plan:?} rows");
        assert_eq!(
            p.msm_rows(&s[..6], 2).unwrap().len(),
            3,
            "{plan:?} short rows"
        );
        assert_eq!(
            p.msm_rows(&s, n + 1),
            None,
            "{plan:?} rows longer than the bases"
        );
        assert_eq!(p.msm_rows(&s[..5], 2), None, "{plan:?} rows ∤ scalars");
    }
}

const MAX_WIDTH: u32 = vidkit_msm::MAX_MULTIPLES_WIDTH;

#[test]
fn tables_match_arkworks_on_every_shipped_group() {
    tables_match_arkworks::<ark_bls12_381::G1Projective>(20);
    tables_match_arkworks::<ark_bls12_381::G2Projective>(21);
    tables_match_arkworks::<ark_bn254::G1Projective>(22);
    tables_match_arkworks::<ark_bn254::G2Projective>(23);
}

/// arkworks' own operators, counting the products and squares they are
/// asked for (per thread: the MSM below runs on a pool of one thread).
struct Counting;

thread_local! {
    static PRODUCTS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

impl<F: ark_ff::Field> vidkit_msm::BatchArith<F> for Counting {
    fn mul(a: &F, b: &F) -> F {
        PRODUCTS.with(|c| c.set(c.get() + 1));
        *a * b
    }
    fn square(a: &F) -> F {
        PRODUCTS.with(|c| c.set(c.get() + 1));
        a.square()
    }
}

/// `msm_with_arith` runs its additions with the arithmetic it is given
/// (the count grows; below `SMALL_MSM` arkworks' code runs and it does
/// not), and gives arkworks' point with [`vidkit_msm::Native`] and with
/// another arithmetic, in G1 and G2, edge inputs included.
#[test]
fn msm_with_arith_uses_the_arithmetic_it_is_given() {
    fn check<P: SWCurveConfig>(seed: u64) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        for n in [0, 1, pippenger::SMALL_MSM - 1, pippenger::SMALL_MSM, 200] {
            let mut bases = random_points::<Projective<P>>(n, &mut rng);
            let mut scalars: Vec<P::ScalarField> =
                (0..n).map(|_| P::ScalarField::rand(&mut rng)).collect();
            if n > 4 {
                // a doubling, a cancellation and the identity in one batch
                bases[1] = bases[0];
                scalars[1] = scalars[0];
                bases[3] = -bases[2];
                scalars[3] = scalars[2];
                bases[4] = Affine::<P>::zero();
            }
            let expected = Projective::<P>::msm_unchecked(&bases, &scalars);
            let native = pippenger::msm_with_arith::<P, vidkit_msm::Native>(&bases, &scalars);
            assert_eq!(native, expected, "Native, n = {n}");
            // counted on the pool's one thread, where the MSM runs
            let (counted, used) = on_pool(1, || {
                let before = PRODUCTS.with(|c| c.get());
                let point = pippenger::msm_with_arith::<P, Counting>(&bases, &scalars);
                (point, PRODUCTS.with(|c| c.get()) - before)
            });
            assert_eq!(counted, expected, "Counting, n = {n}");
            assert_eq!(
                used > 0,
                n >= pippenger::SMALL_MSM,
                "products counted: {used}, n = {n}"
            );
        }
    }
    check::<ark_bls12_381::g1::Config>(41);
    check::<ark_bn254::g2::Config>(42);
}
