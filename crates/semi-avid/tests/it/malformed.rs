//! Bad input gives typed errors, never panics (docs/spec.md §10 T-22): wrong
//! lengths and parameters, points off the curve or outside the subgroup,
//! files larger than the key, random bytes fed to every deserializer and to
//! the verifiers (proptest fuzzing).

use crate::common;

use ark_bls12_381::{Bls12_381, Fr, G1Affine};
use ark_ec::AffineRepr;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use proptest::prelude::*;
use vidkit_core::{from_bytes, to_bytes, Encoding, Error, Scheme, Shard};
use vidkit_semi_avid::{
    Bases, CombinationShard, NoProof, SemiAvid, SemiAvidCommitment, SemiAvidError,
};

type Scm = SemiAvid<Bls12_381>;

fn fixture() -> (Scm, Bases<Bls12_381>, vidkit_core::Dispersal<Scm>) {
    let len = 31 * 3 * 4;
    let (scheme, srs) = common::setup::<Bls12_381>(3, 6, Encoding::Fft, len);
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let d = scheme
        .disperse(&pk, &common::bytes(len, &mut common::rng(30)))
        .unwrap();
    (scheme, vk, d)
}

/// A point on the curve outside the prime-order subgroup (the BLS12-381 G1
/// cofactor is not 1, so most curve points are such).
fn off_subgroup_point() -> G1Affine {
    (0u8..)
        .find_map(|i| {
            let mut bytes = [i; 48];
            bytes[47] &= 0x3f;
            G1Affine::from_random_bytes(&bytes)
                .filter(|p| !p.is_zero() && !p.is_in_correct_subgroup_assuming_on_curve())
        })
        .unwrap()
}

#[test]
fn off_subgroup_commitment_points_are_rejected() {
    let (scheme, vk, d) = fixture();
    let bad = off_subgroup_point();
    let mut columns = d.commitment.columns().to_vec();
    columns[1] = bad;
    assert_eq!(
        SemiAvidCommitment::<Bls12_381>::new(*d.commitment.info(), columns.clone()),
        Err(SemiAvidError::NotInSubgroup { index: 1 })
    );
    // the same through bytes: arkworks checks the subgroup when validating
    let mut bytes = Vec::new();
    d.commitment
        .info()
        .serialize_compressed(&mut bytes)
        .unwrap();
    columns.serialize_compressed(&mut bytes).unwrap();
    assert!(matches!(
        from_bytes::<SemiAvidCommitment<Bls12_381>>("commitment", &bytes),
        Err(Error::Deserialization { .. })
    ));
    // and an x that is not on the curve at all
    let good = to_bytes(&d.commitment);
    let g1 = G1Affine::generator().compressed_size();
    let at = good.len() - g1;
    // flip bits of the last point's x until it leaves the curve
    let off_curve = (1u8..=255)
        .map(|v| {
            let mut b = good.clone();
            b[at + g1 / 2] ^= v;
            b
        })
        .find(|b| G1Affine::deserialize_compressed_unchecked(&b[at..]).is_err())
        .unwrap();
    assert!(from_bytes::<SemiAvidCommitment<Bls12_381>>("commitment", &off_curve).is_err());
    // the honest bytes round-trip and still verify
    let back: SemiAvidCommitment<Bls12_381> = from_bytes("commitment", &good).unwrap();
    assert!(scheme.verify(&vk, &back, &d.shards[0], &NoProof).unwrap());
    // a commitment with a wrong number of columns
    assert_eq!(
        SemiAvidCommitment::<Bls12_381>::new(
            *d.commitment.info(),
            d.commitment.columns()[..2].to_vec()
        ),
        Err(SemiAvidError::ColumnCount {
            got: 2,
            expected: 3
        })
    );
}

#[test]
fn wrong_lengths_and_parameters() {
    let (scheme, vk, d) = fixture();
    let c = &d.commitment;
    let m = c.info().m;
    let mut long = d.shards[0].clone();
    long.values.push(Fr::from(1u64));
    assert_eq!(
        scheme.verify(&vk, c, &long, &NoProof),
        Err(SemiAvidError::Core(Error::ShardLength {
            index: 0,
            got: m + 1,
            expected: m
        }))
    );
    let far = Shard {
        index: 6,
        values: d.shards[0].values.clone(),
    };
    assert!(matches!(
        scheme.verify(&vk, c, &far, &NoProof),
        Err(SemiAvidError::Core(Error::IndexOutOfRange {
            index: 6,
            n: 6
        }))
    ));
    // a batch with one malformed shard among good ones is an error
    let items = [(&d.shards[0], &NoProof), (&long, &NoProof)];
    assert!(scheme
        .batch_verify(&vk, c, &items, &mut common::rng(1))
        .is_err());
    // a scheme of other parameters refuses the commitment
    for other in [
        Scm::new(3, 7, Encoding::Fft).unwrap(),
        Scm::new(2, 6, Encoding::Fft).unwrap(),
        Scm::new(3, 6, Encoding::Points).unwrap(),
    ] {
        assert!(matches!(
            other.verify(&vk, c, &d.shards[0], &NoProof),
            Err(SemiAvidError::Core(Error::ParameterMismatch { .. }))
        ));
    }
    // a file larger than the keys
    let small =
        Bases::<Bls12_381>::from_srs(&vidkit_core::Srs::insecure_from_seed(1, m - 1, 2), m - 1)
            .unwrap();
    assert_eq!(
        scheme.verify(&small, c, &d.shards[0], &NoProof),
        Err(SemiAvidError::Core(Error::TooManyRows { m, max: m - 1 }))
    );
    let encoded = scheme.encode(&vec![1; 31 * 3 * m]).unwrap();
    assert!(matches!(
        scheme.commit(&small, &encoded),
        Err(SemiAvidError::Core(Error::TooManyRows { .. }))
    ));
    let mut cut = encoded.clone();
    cut.coefficients.pop();
    assert!(matches!(
        scheme.commit(&vk, &cut),
        Err(SemiAvidError::Core(Error::CoefficientCount { .. }))
    ));
    // an SRS too short for the requested size
    assert!(matches!(
        scheme.setup(&vidkit_core::Srs::insecure_from_seed(1, 2, 2), 10_000),
        Err(SemiAvidError::Core(Error::SrsTooShort { .. }))
    ));
    // invalid (k, n, encoding)
    assert!(Scm::new(0, 4, Encoding::Fft).is_err());
    assert!(Scm::new(5, 4, Encoding::Fft).is_err());
    assert!(Scm::new(3, 8, Encoding::Systematic).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random bytes into every deserializer: `Err` or a value; no panic.
    #[test]
    fn fuzz_deserialization(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = from_bytes::<SemiAvidCommitment<Bls12_381>>("commitment", &bytes);
        let _ = from_bytes::<Bases<Bls12_381>>("key", &bytes);
        let _ = from_bytes::<Shard<Fr>>("shard", &bytes);
        let _ = from_bytes::<CombinationShard<Fr>>("shard", &bytes);
        let _ = from_bytes::<NoProof>("proof", &bytes);
    }

    /// Mutated honest bytes of a commitment and a shard, then verification:
    /// a typed error or a decision, never a panic, and never acceptance of a
    /// shard whose values changed.
    #[test]
    fn fuzz_verify(pos in 0usize..2000, bit in 0u8..8, which in 0usize..6, mutate_commitment: bool) {
        let (scheme, vk, d) = fixture();
        let shard = &d.shards[which];
        let mut c_bytes = to_bytes(&d.commitment);
        let mut s_bytes = to_bytes(shard);
        let target = if mutate_commitment { &mut c_bytes } else { &mut s_bytes };
        let at = pos % target.len();
        target[at] ^= 1 << bit;
        let c = from_bytes::<SemiAvidCommitment<Bls12_381>>("commitment", &c_bytes);
        let s = from_bytes::<Shard<Fr>>("shard", &s_bytes);
        if let (Ok(c), Ok(s)) = (c, s) {
            let out = scheme.verify(&vk, &c, &s, &NoProof);
            if out == Ok(true) {
                prop_assert!(s == *shard && c.columns() == d.commitment.columns());
            }
            let _ = scheme.batch_verify(&vk, &c, &[(&s, &NoProof)], &mut common::rng(2));
            let _ = scheme.verify_combination(&vk, &c, &CombinationShard {
                combination: vec![Fr::from(1u64); 3],
                values: s.values.clone(),
            });
        }
    }
}

#[test]
fn identity_commitment_points_are_accepted_as_valid_points() {
    // the all-zero file commits to the identity: a valid wire value
    let (scheme, vk, _) = fixture();
    let d = scheme.disperse(&vk, &[0u8; 40]).unwrap();
    let bytes = to_bytes(&d.commitment);
    let back: SemiAvidCommitment<Bls12_381> = from_bytes("commitment", &bytes).unwrap();
    assert!(back.columns().iter().all(|p| p.is_zero()));
    assert!(scheme.verify(&vk, &back, &d.shards[5], &NoProof).unwrap());
}
