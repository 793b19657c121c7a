//! G1 and G2 MSMs of BLS24-317 (vidkit-msm's batch-affine Pippenger through
//! the `SWCurveConfig::msm` hook) against arkworks' Pippenger and a naive sum,
//! over random sizes and the edge cases.

use ark_ec::{
    short_weierstrass::{Affine, Projective, SWCurveConfig},
    AffineRepr, CurveGroup, PrimeGroup, VariableBaseMSM,
};
use ark_ff::{PrimeField, UniformRand, Zero};
use ark_std::rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use vidkit_bls24_317::{g1, g2, Fr};

fn random_points<P: SWCurveConfig>(n: usize, rng: &mut impl Rng) -> Vec<Affine<P>> {
    let v: Vec<Projective<P>> = (0..n).map(|_| Projective::<P>::rand(rng)).collect();
    Projective::normalize_batch(&v)
}

/// The hook, vidkit-msm's generic entry, and the batch-affine core at a few
/// widths, all equal to arkworks' Pippenger (`msm_unchecked` bypasses the hook).
fn check<P: SWCurveConfig<ScalarField = Fr>>(bases: &[Affine<P>], scalars: &[Fr]) -> Projective<P> {
    let expected = Projective::<P>::msm_unchecked(bases, scalars);
    let n = bases.len().min(scalars.len());
    assert_eq!(
        Projective::<P>::msm(&bases[..n], &scalars[..n]).unwrap(),
        expected,
        "hook, n = {n}"
    );
    assert_eq!(
        vidkit_msm::msm::<Projective<P>>(bases, scalars),
        expected,
        "generic, n = {n}"
    );
    let big: Vec<_> = scalars.iter().map(|s| s.into_bigint()).collect();
    for c in [2, 5, vidkit_msm::pippenger::window_size(n)] {
        assert_eq!(
            vidkit_msm::pippenger::msm_bigint_with_window(bases, &big, c),
            expected,
            "batch-affine c = {c}, n = {n}"
        );
    }
    let prepared = vidkit_msm::MsmBases::<Projective<P>>::for_msms(bases, 1000);
    assert_eq!(prepared.msm(scalars), expected, "prepared, n = {n}");
    expected
}

fn naive<P: SWCurveConfig<ScalarField = Fr>>(bases: &[Affine<P>], scalars: &[Fr]) -> Projective<P> {
    bases.iter().zip(scalars).map(|(b, s)| *b * s).sum()
}

fn random_sizes<P: SWCurveConfig<ScalarField = Fr>>(seed: u64, max: usize) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    for _ in 0..6 {
        let n = rng.gen_range(0..max);
        let bases = random_points::<P>(n, &mut rng);
        let scalars: Vec<Fr> = (0..n).map(|_| Fr::rand(&mut rng)).collect();
        assert_eq!(check(&bases, &scalars), naive(&bases, &scalars));
    }
}

#[test]
fn g1_msm_matches_arkworks_and_naive_sum_on_random_sizes() {
    random_sizes::<g1::Config>(24, 200);
}

#[test]
fn g2_msm_matches_arkworks_and_naive_sum_on_random_sizes() {
    random_sizes::<g2::Config>(25, 120);
}

fn edge_cases<P: SWCurveConfig<ScalarField = Fr>>(seed: u64, sizes: &[usize]) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let g = Affine::<P>::generator();
    let minus_one = -Fr::from(1u64);
    assert!(check::<P>(&[], &[]).is_zero());
    assert_eq!(check(&[g], &[minus_one]), -Projective::<P>::generator());
    for &n in sizes {
        let bases = random_points::<P>(n, &mut rng);
        let scalars: Vec<Fr> = (0..n).map(|_| Fr::rand(&mut rng)).collect();
        assert!(check(&bases, &vec![Fr::zero(); n]).is_zero());
        let mut with_id = bases.clone();
        for b in with_id.iter_mut().step_by(2) {
            *b = Affine::<P>::zero();
        }
        assert_eq!(check(&with_id, &scalars), naive(&with_id, &scalars));
        let fives = vec![Fr::from(5u64); n];
        assert_eq!(check(&vec![g; n], &fives), g * Fr::from(5 * n as u64));
        let opposite: Vec<_> = (0..n).map(|i| if i % 2 == 0 { g } else { -g }).collect();
        assert_eq!(check(&opposite, &fives), naive(&opposite, &fives));
        assert_eq!(check(&opposite, &scalars), naive(&opposite, &scalars));
        let maxed = vec![minus_one; n];
        assert_eq!(check(&bases, &maxed), naive(&bases, &maxed));
        assert_eq!(
            check(&bases[..n / 2], &scalars[..n / 2]),
            naive(&bases[..n / 2], &scalars)
        );
        // inputs of different lengths are refused, never truncated
        assert_eq!(
            vidkit_msm::try_msm::<Projective<P>>(&bases[..n / 2], &scalars),
            Err(vidkit_msm::LengthMismatch {
                bases: n / 2,
                scalars: n
            })
        );
    }
}

#[test]
fn g1_msm_edge_cases() {
    edge_cases::<g1::Config>(317, &[5, 64, 150]);
}

#[test]
fn g2_msm_edge_cases() {
    edge_cases::<g2::Config>(318, &[5, 64, 100]);
}

/// vidkit-msm's `G_T` multi-exponentiation on BLS24-317: its Frobenius split
/// (found from the moduli: degree 24, `p ≡ x (mod r)`, eight digits) and
/// its fixed-base tables give arkworks' generic `G_T` MSM.
#[test]
fn gt_msm_matches_arkworks() {
    use ark_ec::pairing::{Pairing, PairingOutput};
    use vidkit_bls24_317::{Bls24_317, G1Affine, G2Affine};
    let mut rng = ChaCha20Rng::seed_from_u64(24);
    let t = Bls24_317::pairing(G1Affine::generator(), G2Affine::generator());
    for m in [1usize, 2, 5, 40] {
        let bases: Vec<PairingOutput<Bls24_317>> = (0..m).map(|_| t * Fr::rand(&mut rng)).collect();
        let mut scalars: Vec<Fr> = (0..m).map(|_| Fr::rand(&mut rng)).collect();
        scalars[0] = -Fr::from(1u64);
        let want = PairingOutput::<Bls24_317>::msm_unchecked(&bases, &scalars);
        assert_eq!(
            vidkit_msm::gt_msm::<Bls24_317>(&bases, &scalars),
            want,
            "m = {m}"
        );
        let fixed = vidkit_msm::GtFixedBases::<Bls24_317>::new(&bases, 5);
        assert_eq!(fixed.msm(&scalars), want, "fixed, m = {m}");
    }
}
