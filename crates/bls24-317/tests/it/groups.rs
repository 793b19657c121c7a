//! Subgroup checks, cofactor clearing and serialization of G1 and G2 on
//! points outside the prime-order subgroups (which the conformance suites do
//! not exercise).

use ark_ec::{
    scalar_mul::double_and_add,
    short_weierstrass::{Affine, SWCurveConfig},
    AffineRepr, CurveGroup, PrimeGroup,
};
use ark_ff::{AdditiveGroup, BigInteger, Field, PrimeField, UniformRand, Zero};
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Validate,
};
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_bls24_317::{g1, g2, Fq, Fq4, Fr, G1Affine, G1Projective, G2Affine, G2Projective};

/// A random point of the whole curve (almost surely outside the subgroup).
fn random_curve_point<C: SWCurveConfig>(rng: &mut ChaCha20Rng) -> Affine<C>
where
    C::BaseField: UniformRand,
{
    loop {
        let x = C::BaseField::rand(rng);
        if let Some(p) = Affine::<C>::get_point_from_x_unchecked(x, false) {
            assert!(p.is_on_curve());
            return p;
        }
    }
}

/// `[r] P == O`, by plain double-and-add (no GLV, no reduction mod r).
fn killed_by_r<C: SWCurveConfig>(p: &Affine<C>) -> bool {
    double_and_add(&p.into_group(), Fr::MODULUS).is_zero()
}

/// Random curve points fail the fast subgroup check; cofactor clearing maps
/// them to non-zero points of the subgroup; subgroup points pass.
fn check_subgroup_and_clearing<C: SWCurveConfig<ScalarField = Fr>>(seed: u64, iterations: usize)
where
    C::BaseField: UniformRand,
{
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    for _ in 0..iterations {
        let p: Affine<C> = random_curve_point::<C>(&mut rng);
        assert!(
            !killed_by_r(&p),
            "random point unexpectedly in the subgroup"
        );
        assert!(!p.is_in_correct_subgroup_assuming_on_curve());
        let c = p.clear_cofactor();
        assert!(!c.is_zero());
        assert!(killed_by_r(&c));
        assert!(c.is_in_correct_subgroup_assuming_on_curve());
        let q = (Affine::<C>::generator() * Fr::rand(&mut rng)).into_affine();
        assert!(q.is_in_correct_subgroup_assuming_on_curve());
    }
}

#[test]
fn g1_subgroup_check_and_cofactor_clearing() {
    check_subgroup_and_clearing::<g1::Config>(1, 8);
}

#[test]
fn g2_subgroup_check_and_cofactor_clearing() {
    check_subgroup_and_clearing::<g2::Config>(2, 3);
}

/// On G2 itself, Budroni–Pintore clearing is multiplication by a fixed
/// scalar `h(x) mod r` with `h(ψ) = x^3(x-1) - 1 + x^2(x-1)ψ + x(x-1)ψ^2 +
/// (x-1)ψ^3 + 2ψ^4` and `ψ = [x]`.
#[test]
fn g2_cofactor_clearing_is_fixed_multiple_on_g2() {
    let x = Fr::from(vidkit_bls24_317::constants::SEED_X[0]);
    let one = Fr::from(1u64);
    let h = x.pow([3]) * (x - one) - one
        + x * x.square() * (x - one)
        + x.square() * x * (x - one)
        + x.pow([3]) * (x - one)
        + x.pow([4]).double();
    let g = G2Affine::generator();
    assert_eq!(g.clear_cofactor(), (g * h).into_affine());
}

fn roundtrip_and_reject<C: SWCurveConfig>(outside: Affine<C>, inside: Affine<C>) {
    for compress in [Compress::Yes, Compress::No] {
        // points of the subgroup, and the identity, round-trip
        for p in [inside, Affine::<C>::zero()] {
            let mut buf = Vec::new();
            p.serialize_with_mode(&mut buf, compress).unwrap();
            assert_eq!(buf.len(), p.serialized_size(compress));
            let q = Affine::<C>::deserialize_with_mode(&buf[..], compress, Validate::Yes).unwrap();
            assert_eq!(p, q);
        }
        // a curve point outside the subgroup is rejected when validating
        let mut buf = Vec::new();
        outside.serialize_with_mode(&mut buf, compress).unwrap();
        let err =
            Affine::<C>::deserialize_with_mode(&buf[..], compress, Validate::Yes).unwrap_err();
        assert!(matches!(err, SerializationError::InvalidData));
        // truncated input is an error, not a panic
        assert!(
            Affine::<C>::deserialize_with_mode(&buf[..buf.len() - 1], compress, Validate::Yes)
                .is_err()
        );
    }
}

#[test]
fn serialization_checks_subgroup() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let p1: G1Affine = random_curve_point::<g1::Config>(&mut rng);
    roundtrip_and_reject(
        p1,
        (G1Projective::generator() * Fr::rand(&mut rng)).into_affine(),
    );
    let p2: G2Affine = random_curve_point::<g2::Config>(&mut rng);
    roundtrip_and_reject(
        p2,
        (G2Projective::generator() * Fr::rand(&mut rng)).into_affine(),
    );
}

#[test]
fn serialized_sizes() {
    let g = G1Affine::generator();
    assert_eq!(g.serialized_size(Compress::Yes), 40);
    assert_eq!(g.serialized_size(Compress::No), 80);
    let h = G2Affine::generator();
    assert_eq!(h.serialized_size(Compress::Yes), 160);
    assert_eq!(h.serialized_size(Compress::No), 320);
}

/// Bytes that are not a curve point, or carry an out-of-range coordinate,
/// are rejected without panicking.
#[test]
fn garbage_bytes_are_rejected() {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    // x = 5 is not the x-coordinate of a point of E (x^3 + 4 = 129 must be a
    // square); pick an x for which it is not and encode it compressed.
    let mut x = Fq::from(5u64);
    while (x.square() * x + Fq::from(4u64)).sqrt().is_some() {
        x += Fq::from(1u64);
    }
    let mut buf = Vec::new();
    x.serialize_compressed(&mut buf).unwrap();
    assert!(G1Affine::deserialize_compressed(&buf[..]).is_err());
    // the modulus itself is not a canonical coordinate
    let mut bad = Fq::MODULUS.to_bytes_le();
    bad.truncate(40);
    assert!(G1Affine::deserialize_compressed(&bad[..]).is_err());
    let _ = Fq4::rand(&mut rng);
}

/// G2 MSM (the `SWCurveConfig::msm` hook) against the naive sum of products.
#[test]
fn g2_msm_matches_naive() {
    use ark_ec::VariableBaseMSM;
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let bases: Vec<G2Affine> = (0..24)
        .map(|_| (G2Projective::generator() * Fr::rand(&mut rng)).into_affine())
        .collect();
    let scalars: Vec<Fr> = (0..24).map(|_| Fr::rand(&mut rng)).collect();
    let naive: G2Projective = bases.iter().zip(&scalars).map(|(b, s)| *b * s).sum();
    assert_eq!(G2Projective::msm(&bases, &scalars).unwrap(), naive);
}
