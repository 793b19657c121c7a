//! `CommitterKey`: whichever table vidkit-msm plans for the powers, the
//! key's MSMs are plain MSMs over them.

use ark_ec::{pairing::Pairing, CurveGroup, VariableBaseMSM};
use ark_ff::{UniformRand, Zero};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use ark_std::rand::SeedableRng;
use vidkit_kzg::CommitterKey;
use vidkit_msm::TablePlan;

/// Whatever table the key gets, its MSMs are those of a plain MSM over
/// the powers, one by one and row by row (a row count that is not a
/// multiple of the table's blocks, rows shorter than the key), and the
/// shapes it refuses are refused.
fn same_as_plain_msms<E: Pairing>() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(17);
    // a multiples table for small keys (batch-affine rows from 16 rows),
    // a windows table for large ones
    for (k, table) in [
        (1, Some(10)),
        (3, Some(10)),
        (16, Some(10)),
        (64, Some(8)),
        (300, None),
    ] {
        let powers: Vec<E::G1Affine> = (0..k)
            .map(|_| E::G1::rand(&mut rng).into_affine())
            .collect();
        let key = CommitterKey::<E>::new(powers.clone());
        match table {
            Some(c) => assert_eq!(key.table(), TablePlan::Multiples(c), "k = {k}"),
            None => assert!(matches!(key.table(), TablePlan::Windows(_)), "k = {k}"),
        }
        let rows = 21;
        let mut s: Vec<E::ScalarField> = (0..rows * k)
            .map(|_| E::ScalarField::rand(&mut rng))
            .collect();
        s[0] = E::ScalarField::zero();
        s[k - 1] = -E::ScalarField::from(1u64);
        let want: Vec<E::G1> = s
            .chunks(k)
            .map(|r| E::G1::msm(&powers, r).unwrap())
            .collect();
        assert_eq!(key.msm(&s[..k]), Some(want[0]), "k = {k}");
        assert_eq!(key.msm_rows(&s, k), Some(want.clone()), "k = {k}");
        let short = &s[..rows * (k - 1)];
        let want_short: Vec<E::G1> = short
            .chunks(k.max(2) - 1)
            .map(|r| E::G1::msm(&powers[..r.len()], r).unwrap())
            .collect();
        if k > 1 {
            assert_eq!(key.msm_rows(short, k - 1), Some(want_short), "k = {k}");
        }
        assert!(key.msm(&[]).unwrap().is_zero());
        assert_eq!(key.msm(&vec![E::ScalarField::from(1u64); k + 1]), None);
        assert_eq!(key.msm_rows(&[], k), Some(vec![]));
        assert_eq!(key.msm_rows(&s[..k], 0), None);
        assert_eq!(
            key.msm_rows(&vec![E::ScalarField::zero(); k + 1], k + 1),
            None
        );
        if k > 1 {
            assert_eq!(key.msm_rows(&s[..k + 1], k), None, "len ∤ count");
        }
        // the table is rebuilt from the serialized powers
        let mut bytes = Vec::new();
        key.serialize_compressed(&mut bytes).unwrap();
        let read = CommitterKey::<E>::deserialize_compressed(&*bytes).unwrap();
        assert_eq!(read, key);
        assert_eq!(read.table(), key.table());
        assert_eq!(read.msm_rows(&s, k), Some(want));
    }
}

#[test]
fn same_as_plain_msms_bls12_381() {
    same_as_plain_msms::<ark_bls12_381::Bls12_381>();
}

#[test]
fn same_as_plain_msms_bn254() {
    same_as_plain_msms::<ark_bn254::Bn254>();
}
