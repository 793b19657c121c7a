//! Differential test against c-kzg (the Ethereum reference implementation,
//! C over blst) with the same mainnet setup file on both sides: for random
//! blobs, our commitments and our opening proofs (and claimed values) are
//! byte-identical to c-kzg's `blob_to_kzg_commitment` and
//! `compute_kzg_proof`; c-kzg's `verify_kzg_proof` accepts our proofs and our
//! verifier accepts c-kzg's; both reject the same tampered and malformed
//! inputs.

use crate::ethereum_common;

use ark_bls12_381::{Fr, G1Affine};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{One, UniformRand};
use c_kzg::{Blob, Bytes32, Bytes48, KzgSettings};
use ethereum_common::{blob_of, mainnet, random_evals, rng, MAINNET};
use std::sync::OnceLock;
use vidkit_kzg::ethereum::{
    field_element_from_bytes, field_element_to_bytes, g1_from_bytes, g1_to_bytes,
    FIELD_ELEMENTS_PER_BLOB,
};
use vidkit_kzg::verify;

/// c-kzg's settings loaded from the same checked-in file (no precomputation).
fn ckzg() -> &'static KzgSettings {
    static S: OnceLock<KzgSettings> = OnceLock::new();
    S.get_or_init(|| {
        KzgSettings::load_trusted_setup_file(std::path::Path::new(MAINNET), 0)
            .expect("c-kzg loads the checked-in file")
    })
}

/// c-kzg's `verify_kzg_proof` on byte arrays (`Err` for malformed input).
fn ckzg_verify(
    c: [u8; 48],
    z: [u8; 32],
    y: [u8; 32],
    proof: [u8; 48],
) -> Result<bool, c_kzg::Error> {
    ckzg().verify_kzg_proof(
        &Bytes48::new(c),
        &Bytes32::new(z),
        &Bytes32::new(y),
        &Bytes48::new(proof),
    )
}

fn ckzg_blob(bytes: &[u8]) -> Box<Blob> {
    Box::new(Blob::from_bytes(bytes).unwrap())
}

/// Blobs: random ones, all zeros, all r − 1, and a sparse one.
fn blobs() -> Vec<Vec<u8>> {
    let n = FIELD_ELEMENTS_PER_BLOB;
    let mut r = rng(100);
    let mut out: Vec<Vec<u8>> = (0..3).map(|_| blob_of(&random_evals(n, &mut r))).collect();
    out.push(vec![0u8; 32 * n]);
    out.push(blob_of(&vec![-Fr::one(); n]));
    let mut sparse = vec![Fr::from(0u64); n];
    sparse[4095] = Fr::from(42u64);
    out.push(blob_of(&sparse));
    out
}

#[test]
fn commitments_are_byte_identical_to_ckzg() {
    let s = mainnet();
    for (i, blob) in blobs().iter().enumerate() {
        let ours = s.blob_to_kzg_commitment(blob).unwrap();
        let theirs = ckzg().blob_to_kzg_commitment(&ckzg_blob(blob)).unwrap();
        assert_eq!(ours, theirs.to_bytes().into_inner(), "blob {i}");
    }
}

#[test]
fn proofs_are_byte_identical_and_cross_verify() {
    let s = mainnet();
    let mut r = rng(101);
    for (i, blob) in blobs().iter().enumerate() {
        let commitment = s.blob_to_kzg_commitment(blob).unwrap();
        let cblob = ckzg_blob(blob);
        // a random point, a point of the domain, and 0
        let zs = [
            Fr::rand(&mut r),
            s.roots_of_unity_brp()[1 + 37 * i],
            Fr::from(0u64),
        ];
        for z in zs {
            let zb = field_element_to_bytes(z);
            let (proof, y) = s.compute_kzg_proof(blob, &zb).unwrap();
            let (cproof, cy) = ckzg().compute_kzg_proof(&cblob, &Bytes32::new(zb)).unwrap();
            assert_eq!(proof, *cproof, "proof, blob {i}, z = {z}");
            assert_eq!(y, *cy, "y, blob {i}, z = {z}");
            // c-kzg accepts ours
            let ok = ckzg_verify(commitment, zb, y, proof).unwrap();
            assert!(ok, "c-kzg rejects our proof, blob {i}");
            // our verifier accepts c-kzg's, byte-level and on decoded points
            let cproof = cproof.to_bytes().into_inner();
            assert_eq!(s.verify_kzg_proof(&commitment, &zb, &cy, &cproof), Ok(true));
            let c = g1_from_bytes(&commitment, "commitment").unwrap();
            let pi = g1_from_bytes(&cproof, "proof").unwrap();
            let y = field_element_from_bytes(&cy, 0).unwrap();
            assert!(verify(s.verifier_key(), c, z, y, pi));
            // both reject a wrong value
            let y1 = field_element_to_bytes(y + Fr::one());
            assert_eq!(
                s.verify_kzg_proof(&commitment, &zb, &y1, &cproof),
                Ok(false)
            );
            let ok = ckzg_verify(commitment, zb, y1, cproof).unwrap();
            assert!(!ok, "c-kzg accepts a wrong value");
        }
    }
}

#[test]
fn embedded_ckzg_settings_are_the_checked_in_file() {
    let blob = &blobs()[0];
    let embedded = c_kzg::ethereum_kzg_settings(0)
        .blob_to_kzg_commitment(&ckzg_blob(blob))
        .unwrap();
    assert_eq!(
        mainnet().blob_to_kzg_commitment(blob).unwrap(),
        embedded.to_bytes().into_inner()
    );
}

#[test]
fn both_reject_the_same_malformed_inputs() {
    let s = mainnet();
    let blob = &blobs()[1];
    let commitment = s.blob_to_kzg_commitment(blob).unwrap();
    let z = field_element_to_bytes(Fr::from(9u64));
    let (proof, y) = s.compute_kzg_proof(blob, &z).unwrap();
    // a non-canonical element in the blob
    let mut bad = blob.clone();
    bad[32 * 10..32 * 11].copy_from_slice(&[0xff; 32]);
    assert!(s.blob_to_kzg_commitment(&bad).is_err());
    assert!(ckzg().blob_to_kzg_commitment(&ckzg_blob(&bad)).is_err());
    // a non-canonical z
    assert!(s.compute_kzg_proof(blob, &[0xff; 32]).is_err());
    assert!(ckzg()
        .compute_kzg_proof(&ckzg_blob(blob), &Bytes32::new([0xff; 32]))
        .is_err());
    // a proof that is not a point: flip bits of x until decompression fails
    let not_a_point = (0u8..=255)
        .map(|b| {
            let mut p = proof;
            p[47] ^= b;
            p
        })
        .find(|p| g1_from_bytes(p, "proof").is_err())
        .unwrap();
    assert!(s
        .verify_kzg_proof(&commitment, &z, &y, &not_a_point)
        .is_err());
    assert!(ckzg_verify(commitment, z, y, not_a_point).is_err());
    // a valid point that is not the proof
    let other = g1_to_bytes(&(G1Affine::generator() * Fr::from(5u64)).into_affine());
    assert_eq!(s.verify_kzg_proof(&commitment, &z, &y, &other), Ok(false));
    assert!(!ckzg_verify(commitment, z, y, other).unwrap());
}
