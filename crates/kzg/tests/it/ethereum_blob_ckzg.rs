//! EIP-4844 blob proofs against c-kzg, both directions: our
//! `compute_blob_kzg_proof` is byte-identical to c-kzg's (so the
//! Fiat-Shamir challenge is the same), each side verifies the other's
//! proofs one by one and in batches, and both reject the same wrong and
//! malformed inputs.

use crate::ethereum_common::{blob_of, mainnet, random_evals, rng};
use ark_bls12_381::{Fr, G1Affine};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::One;
use c_kzg::{Blob, Bytes48, KzgSettings};
use vidkit_kzg::ethereum::{g1_to_bytes, EthereumError, G1Fault, FIELD_ELEMENTS_PER_BLOB};

fn ckzg() -> &'static KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

fn cblob(bytes: &[u8]) -> Blob {
    Blob::from_bytes(bytes).unwrap()
}

fn b48(b: [u8; 48]) -> Bytes48 {
    Bytes48::new(b)
}

/// Two random blobs, the zero blob and the blob of r − 1.
fn blobs() -> Vec<Vec<u8>> {
    let n = FIELD_ELEMENTS_PER_BLOB;
    let mut r = rng(200);
    let mut out: Vec<Vec<u8>> = (0..2).map(|_| blob_of(&random_evals(n, &mut r))).collect();
    out.push(vec![0u8; 32 * n]);
    out.push(blob_of(&vec![-Fr::one(); n]));
    out
}

/// Each blob with its commitment and our proof.
fn proved() -> Vec<(Vec<u8>, [u8; 48], [u8; 48])> {
    let s = mainnet();
    blobs()
        .into_iter()
        .map(|b| {
            let c = s.blob_to_kzg_commitment(&b).unwrap();
            let p = s.compute_blob_kzg_proof(&b, &c).unwrap();
            (b, c, p)
        })
        .collect()
}

#[test]
fn blob_proofs_are_byte_identical_and_cross_verify() {
    let s = mainnet();
    let items = proved();
    for (i, (blob, c, proof)) in items.iter().enumerate() {
        let theirs = ckzg()
            .compute_blob_kzg_proof(&cblob(blob), &b48(*c))
            .unwrap();
        assert_eq!(*proof, *theirs, "blob {i}");
        assert!(ckzg()
            .verify_blob_kzg_proof(&cblob(blob), &b48(*c), &b48(*proof))
            .unwrap());
        assert_eq!(s.verify_blob_kzg_proof(blob, c, &theirs), Ok(true));
        // another blob's proof: both reject (the two constant blobs, 0 and
        // r − 1, both have the identity as proof: take the first blob's)
        let other = items[if i == 0 { 1 } else { 0 }].2;
        assert_eq!(s.verify_blob_kzg_proof(blob, c, &other), Ok(false));
        assert!(!ckzg()
            .verify_blob_kzg_proof(&cblob(blob), &b48(*c), &b48(other))
            .unwrap());
    }
}

#[test]
fn blob_batches_agree_with_ckzg() {
    let s = mainnet();
    let items = proved();
    let blobs: Vec<&[u8]> = items.iter().map(|(b, _, _)| b.as_slice()).collect();
    let cs: Vec<[u8; 48]> = items.iter().map(|(_, c, _)| *c).collect();
    let ps: Vec<[u8; 48]> = items.iter().map(|(_, _, p)| *p).collect();
    let cblobs: Vec<Blob> = blobs.iter().map(|b| cblob(b)).collect();
    let theirs = |cs: &[[u8; 48]], ps: &[[u8; 48]], t: usize| {
        let cs: Vec<Bytes48> = cs.iter().map(|c| b48(*c)).collect();
        let ps: Vec<Bytes48> = ps.iter().map(|p| b48(*p)).collect();
        ckzg().verify_blob_kzg_proof_batch(&cblobs[..t], &cs, &ps)
    };
    for t in 0..=items.len() {
        assert_eq!(
            s.verify_blob_kzg_proof_batch(&blobs[..t], &cs[..t], &ps[..t]),
            Ok(true),
            "t = {t}"
        );
        assert!(theirs(&cs[..t], &ps[..t], t).unwrap());
    }
    // two proofs swapped: both reject
    let mut swapped = ps.clone();
    swapped.swap(0, 1);
    assert_eq!(
        s.verify_blob_kzg_proof_batch(&blobs, &cs, &swapped),
        Ok(false)
    );
    assert!(!theirs(&cs, &swapped, blobs.len()).unwrap());
    // lists of different lengths: both refuse
    assert!(matches!(
        s.verify_blob_kzg_proof_batch(&blobs, &cs[..2], &ps),
        Err(EthereumError::LengthMismatch {
            found: 2,
            expected: 4,
            ..
        })
    ));
    assert!(theirs(&cs[..2], &ps, blobs.len()).is_err());
    assert!(s
        .verify_blob_kzg_proof_batch(&blobs, &cs, &ps[..3])
        .is_err());
    assert!(theirs(&cs, &ps[..3], blobs.len()).is_err());
}

#[test]
fn blob_proofs_reject_what_ckzg_rejects() {
    let s = mainnet();
    let (blob, c, proof) = proved().swap_remove(0);
    // a non-canonical blob element
    let mut bad = blob.clone();
    bad[32 * 7..32 * 8].copy_from_slice(&[0xff; 32]);
    assert_eq!(
        s.compute_blob_kzg_proof(&bad, &c),
        Err(EthereumError::NonCanonicalScalar { index: 7 })
    );
    assert!(ckzg()
        .compute_blob_kzg_proof(&cblob(&bad), &b48(c))
        .is_err());
    assert!(s.verify_blob_kzg_proof(&bad, &c, &proof).is_err());
    assert!(ckzg()
        .verify_blob_kzg_proof(&cblob(&bad), &b48(c), &b48(proof))
        .is_err());
    // a blob of the wrong length
    assert!(s.compute_blob_kzg_proof(&blob[1..], &c).is_err());
    // malformed points, for the commitment and for the proof
    let mut malformed: Vec<([u8; 48], G1Fault)> = Vec::new();
    let mut p = proof;
    p[0] &= 0x7f; // no compression flag
    malformed.push((p, G1Fault::Flags));
    let mut p = [0u8; 48];
    p[0] = 0xc0;
    p[47] = 1; // infinity with a non-zero bit
    malformed.push((p, G1Fault::MalformedInfinity));
    let mut p = [0xffu8; 48];
    p[0] = 0x9f; // x ≥ the base-field modulus
    malformed.push((p, G1Fault::NotReduced));
    let off_curve = (0u8..=255)
        .map(|b| {
            let mut p = proof;
            p[47] ^= b;
            p
        })
        .find(|p| {
            matches!(
                s.verify_blob_kzg_proof(&blob, &c, p),
                Err(EthereumError::InvalidG1 {
                    fault: G1Fault::NotOnCurve,
                    ..
                })
            )
        })
        .unwrap();
    malformed.push((off_curve, G1Fault::NotOnCurve));
    for (bytes, fault) in malformed {
        assert_eq!(
            s.verify_blob_kzg_proof(&blob, &c, &bytes),
            Err(EthereumError::InvalidG1 {
                what: "proof",
                fault
            })
        );
        assert!(ckzg()
            .verify_blob_kzg_proof(&cblob(&blob), &b48(c), &b48(bytes))
            .is_err());
        assert_eq!(
            s.compute_blob_kzg_proof(&blob, &bytes),
            Err(EthereumError::InvalidG1 {
                what: "commitment",
                fault
            })
        );
        assert!(ckzg()
            .compute_blob_kzg_proof(&cblob(&blob), &b48(bytes))
            .is_err());
    }
    // a well-formed commitment of another blob: a proof that does not verify
    let other = g1_to_bytes(&(G1Affine::generator() * Fr::from(3u64)).into_affine());
    let p = s.compute_blob_kzg_proof(&blob, &other).unwrap();
    assert_eq!(
        p,
        *ckzg()
            .compute_blob_kzg_proof(&cblob(&blob), &b48(other))
            .unwrap()
    );
    assert_eq!(s.verify_blob_kzg_proof(&blob, &other, &p), Ok(false));
}
