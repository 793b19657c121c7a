//! Bases (docs/spec.md §6.1): SRS powers and transparent hashed bases give
//! binding commitments in practice, verifier keys of m points, deterministic
//! derivation that anyone can re-check, and the RFC 9380 known answer.

use crate::common;

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::{pairing::Pairing, AffineRepr};
use ark_ff::{One, PrimeField};
use ark_serialize::{CanonicalSerialize, Valid};
use std::collections::HashSet;
use vidkit_core::{packing, Encoding, Scheme};
use vidkit_semi_avid::{
    Bases, BasisOrigin, HashMethod, HashToG1, NoProof, SemiAvidError, TransparentCurve,
    TryAndIncrement, WbHasher,
};

/// Both kinds of key: m_max points; both detect tampering of every shard.
fn keys_are_m_points_and_binding<E: TransparentCurve>() {
    let mut rng = common::rng(20);
    let (k, n) = (4, 8);
    let max = 31 * k * 9 + 1; // m_max = 10
    let m_max = packing::rows_for::<E::ScalarField>(max, k).unwrap();
    assert_eq!(m_max, 10);
    let (scheme, srs) = common::setup::<E>(k, n, Encoding::Fft, max);
    let tau = scheme.setup(&srs, max).unwrap();
    let hashed = scheme.setup_transparent(b"seed", max).unwrap();
    let g1 = E::G1Affine::generator().compressed_size();
    for (what, (pk, vk)) in [("powers of tau", tau), ("hashed", hashed)] {
        assert_eq!(pk, vk, "{what}: the verifier needs every base");
        assert_eq!(vk.m_max(), m_max, "{what}");
        assert_eq!(vk.points().len(), m_max, "{what}");
        let header = vk.origin().compressed_size() + 8; // origin + vector length
        assert_eq!(vk.compressed_size(), header + m_max * g1, "{what}");
        assert!(vk
            .points()
            .iter()
            .all(|p| !p.is_zero() && p.check().is_ok()));
        let distinct: HashSet<_> = vk.points().iter().collect();
        assert_eq!(distinct.len(), m_max, "{what}: distinct bases");
        let d = scheme.disperse(&pk, &common::bytes(max, &mut rng)).unwrap();
        for shard in &d.shards {
            assert!(scheme.verify(&vk, &d.commitment, shard, &NoProof).unwrap());
            for row in 0..shard.values.len() {
                let mut t = shard.clone();
                t.values[row] += E::ScalarField::one();
                assert!(
                    !scheme.verify(&vk, &d.commitment, &t, &NoProof).unwrap(),
                    "{what}: row {row} of shard {} altered",
                    shard.index
                );
            }
        }
    }
}

#[test]
fn keys_bls12_381() {
    keys_are_m_points_and_binding::<Bls12_381>();
}

#[test]
fn keys_bn254() {
    keys_are_m_points_and_binding::<Bn254>();
}

/// Shards committed with one kind of bases do not verify under the other.
#[test]
fn bases_are_not_interchangeable() {
    let mut rng = common::rng(21);
    let (scheme, srs) = common::setup::<Bls12_381>(2, 4, Encoding::Fft, 200);
    let (pk, _) = scheme.setup(&srs, 200).unwrap();
    let (_, hashed_vk) = scheme.setup_transparent(b"x", 200).unwrap();
    let d = scheme.disperse(&pk, &common::bytes(200, &mut rng)).unwrap();
    assert!(!scheme
        .verify(&hashed_vk, &d.commitment, &d.shards[1], &NoProof)
        .unwrap());
}

fn derivation<E: Pairing, H: HashToG1<E::G1>>() {
    let a = Bases::<E>::transparent::<H>(b"seed A", 12).unwrap();
    assert_eq!(a, Bases::<E>::transparent::<H>(b"seed A", 12).unwrap());
    assert_eq!(
        a.origin(),
        &BasisOrigin::HashToCurve {
            method: H::METHOD,
            seed: b"seed A".to_vec()
        }
    );
    // a prefix of a longer derivation
    let longer = Bases::<E>::transparent::<H>(b"seed A", 20).unwrap();
    assert_eq!(a.points(), &longer.points()[..12]);
    let b = Bases::<E>::transparent::<H>(b"seed B", 12).unwrap();
    assert!(a.points().iter().zip(b.points()).all(|(x, y)| x != y));
    assert_ne!(a.digest(), b.digest());
    a.check_derivation::<H>().unwrap();
    // a key whose bases were swapped or replaced is detected
    let mut bytes = Vec::new();
    a.serialize_compressed(&mut bytes).unwrap();
    let g1 = E::G1Affine::generator().compressed_size();
    let start = bytes.len() - 12 * g1;
    let mut swapped = bytes.clone();
    let (first, rest) = swapped[start..].split_at_mut(g1);
    first.swap_with_slice(&mut rest[..g1]);
    let swapped: Bases<E> = vidkit_core::from_bytes("key", &swapped).unwrap();
    assert_eq!(
        swapped.check_derivation::<H>(),
        Err(SemiAvidError::BasisMismatch { index: 0 })
    );
    assert_ne!(swapped.digest(), a.digest());
}

#[test]
fn transparent_derivation_bls12_381() {
    derivation::<Bls12_381, WbHasher>();
    derivation::<Bls12_381, TryAndIncrement>();
}

#[test]
fn transparent_derivation_bn254() {
    derivation::<Bn254, TryAndIncrement>();
}

#[test]
fn default_methods() {
    assert_eq!(
        <<Bls12_381 as TransparentCurve>::Hasher as HashToG1<ark_bls12_381::G1Projective>>::METHOD,
        HashMethod::Rfc9380Sswu
    );
    assert_eq!(
        <<Bn254 as TransparentCurve>::Hasher as HashToG1<ark_bn254::G1Projective>>::METHOD,
        HashMethod::TryAndIncrement
    );
    for m in [HashMethod::Rfc9380Sswu, HashMethod::TryAndIncrement] {
        assert_eq!(HashMethod::from_id(m.id()), Some(m));
    }
    assert_eq!(HashMethod::from_id(0), None);
}

/// RFC 9380 appendix J.9.1 (BLS12381G1_XMD:SHA-256_SSWU_RO_), msg = "":
/// our BLS12-381 method is the standard one.
#[test]
fn rfc9380_known_answer() {
    let dst = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";
    let p = <WbHasher as HashToG1<ark_bls12_381::G1Projective>>::hash(dst, b"").unwrap();
    let x = p.x().unwrap().into_bigint().to_string();
    let expected = ark_bls12_381::Fq::from_be_bytes_mod_order(
        &hex::decode("052926add2207b76ca4fa57a8734416c8dc95e24501772c814278700eed6d1e4e8cf62d9c09db0fac349612b759e79a1").unwrap(),
    );
    assert_eq!(x, expected.into_bigint().to_string());
}
