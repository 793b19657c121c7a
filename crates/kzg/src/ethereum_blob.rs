//! EIP-4844 byte encodings and the byte-level blob functions of
//! [`EthereumSetup`], with c-kzg's names and outputs.
//!
//! * field elements: 32 bytes big-endian, canonical (below the modulus `r`);
//! * G1 points (commitments, proofs): 48-byte compressed ZCash encoding,
//!   which must decode to a point of the prime-order subgroup (the identity,
//!   `0xc0 00…00`, is allowed, as in the specs' `KZGCommitment`);
//! * blobs: `n` field elements, concatenated.

use crate::ethereum::EthereumSetup;
use crate::ethereum_error::{EthereumError, G1Fault};
use crate::ethereum_text::G1_BYTES;
use ark_bls12_381::{Fq, Fr, G1Affine};
use ark_ec::CurveGroup;
use ark_ff::{BigInteger, BigInteger256, BigInteger384, PrimeField};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use ark_std::vec::Vec;

/// Bytes per field element of a blob.
pub const BYTES_PER_FIELD_ELEMENT: usize = 32;

/// Decodes a canonical 32-byte big-endian field element; `index` is reported
/// in the error (its position in a blob).
pub fn field_element_from_bytes(bytes: &[u8; 32], index: usize) -> Result<Fr, EthereumError> {
    let limb = |k: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[8 * k..8 * k + 8]);
        u64::from_be_bytes(w)
    };
    Fr::from_bigint(BigInteger256::new([limb(3), limb(2), limb(1), limb(0)]))
        .ok_or(EthereumError::NonCanonicalScalar { index })
}

/// The 32-byte big-endian encoding of a field element.
pub fn field_element_to_bytes(x: Fr) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&x.into_bigint().to_bytes_be());
    out
}

/// Decodes a blob of any number of field elements (a multiple of 32 bytes).
pub fn blob_to_field_elements(blob: &[u8]) -> Result<Vec<Fr>, EthereumError> {
    if !blob.len().is_multiple_of(BYTES_PER_FIELD_ELEMENT) {
        return Err(EthereumError::BlobLength {
            found: blob.len(),
            expected: blob.len().next_multiple_of(BYTES_PER_FIELD_ELEMENT),
        });
    }
    blob.chunks_exact(BYTES_PER_FIELD_ELEMENT)
        .enumerate()
        .map(|(i, c)| {
            let mut b = [0u8; 32];
            b.copy_from_slice(c);
            field_element_from_bytes(&b, i)
        })
        .collect()
}

/// The 48-byte compressed encoding of a G1 point.
pub fn g1_to_bytes(p: &G1Affine) -> [u8; G1_BYTES] {
    let mut out = [0u8; G1_BYTES];
    p.serialize_compressed(&mut out[..])
        .expect("48 bytes hold a compressed G1 point");
    out
}

/// Decodes a 48-byte compressed G1 point, checking the subgroup; `what`
/// names it in the error, with the [`G1Fault`] found. Accepts exactly what
/// c-kzg's `bytes_to_kzg_commitment` / `bytes_to_kzg_proof` accept (the
/// ZCash encoding: top bit set, the identity as `0xc0 00…00`).
pub fn g1_from_bytes(
    bytes: &[u8; G1_BYTES],
    what: &'static str,
) -> Result<G1Affine, EthereumError> {
    G1Affine::deserialize_compressed(&bytes[..]).map_err(|_| EthereumError::InvalidG1 {
        what,
        fault: g1_fault(bytes),
    })
}

/// Why `bytes` failed to decode (only called after a failure).
fn g1_fault(bytes: &[u8; G1_BYTES]) -> G1Fault {
    let (compressed, infinity, sort) = (
        bytes[0] & 0x80 != 0,
        bytes[0] & 0x40 != 0,
        bytes[0] & 0x20 != 0,
    );
    if !compressed || (infinity && sort) {
        return G1Fault::Flags;
    }
    if infinity {
        return G1Fault::MalformedInfinity;
    }
    let mut x = *bytes;
    x[0] &= 0x1f;
    let limb = |k: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&x[8 * k..8 * k + 8]);
        u64::from_be_bytes(w)
    };
    let x = BigInteger384::new([limb(5), limb(4), limb(3), limb(2), limb(1), limb(0)]);
    if x >= Fq::MODULUS {
        return G1Fault::NotReduced;
    }
    match G1Affine::deserialize_with_mode(&bytes[..], Compress::Yes, Validate::No) {
        Ok(_) => G1Fault::NotInSubgroup,
        Err(_) => G1Fault::NotOnCurve,
    }
}

impl EthereumSetup {
    /// The field elements of a blob of exactly [`EthereumSetup::blob_len`] bytes.
    pub fn blob_evaluations(&self, blob: &[u8]) -> Result<Vec<Fr>, EthereumError> {
        if blob.len() != self.blob_len() {
            return Err(EthereumError::BlobLength {
                found: blob.len(),
                expected: self.blob_len(),
            });
        }
        blob_to_field_elements(blob)
    }

    /// c-kzg's `blob_to_kzg_commitment`: the compressed commitment to a blob.
    pub fn blob_to_kzg_commitment(&self, blob: &[u8]) -> Result<[u8; G1_BYTES], EthereumError> {
        let evals = self.blob_evaluations(blob)?;
        Ok(g1_to_bytes(&self.commit_evaluations(&evals)?.into_affine()))
    }

    /// c-kzg's `compute_kzg_proof`: the proof that the blob polynomial takes
    /// the value `y` at `z`, and `y`.
    pub fn compute_kzg_proof(
        &self,
        blob: &[u8],
        z: &[u8; 32],
    ) -> Result<([u8; G1_BYTES], [u8; 32]), EthereumError> {
        let evals = self.blob_evaluations(blob)?;
        let z = field_element_from_bytes(z, 0)?;
        let (y, proof) = self.prove_evaluations(&evals, z)?;
        Ok((g1_to_bytes(&proof.into_affine()), field_element_to_bytes(y)))
    }

    /// c-kzg's `verify_kzg_proof`: whether `proof` shows that the polynomial
    /// committed in `commitment` takes the value `y` at `z`. Malformed
    /// inputs are errors; a well-formed wrong proof is `Ok(false)`.
    pub fn verify_kzg_proof(
        &self,
        commitment: &[u8; G1_BYTES],
        z: &[u8; 32],
        y: &[u8; 32],
        proof: &[u8; G1_BYTES],
    ) -> Result<bool, EthereumError> {
        let c = g1_from_bytes(commitment, "commitment")?;
        let pi = g1_from_bytes(proof, "proof")?;
        let z = field_element_from_bytes(z, 0)?;
        let y = field_element_from_bytes(y, 0)?;
        Ok(crate::verify(self.verifier_key(), c, z, y, pi))
    }
}
