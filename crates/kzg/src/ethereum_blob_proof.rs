//! EIP-4844 blob proofs (consensus-specs `polynomial-commitments.md`),
//! with c-kzg's names, encodings and error cases.
//!
//! A blob proof opens the blob polynomial `p` at a point no one chooses:
//! the Fiat-Shamir challenge
//!
//! `z = hash_to_bls_field("FSBLOBVERIFY_V1_" ‖ n as 16 bytes big-endian ‖ blob ‖ commitment)`
//!
//! ([`EthereumSetup::compute_challenge`]). The proof is the KZG opening
//! proof at `z`; the verifier recomputes `z` and `y = p(z)` from the blob
//! itself (barycentric evaluation) and checks the opening.
//!
//! A batch of `t ≥ 2` blob proofs is checked with one pairing equation: with
//! `r = hash_to_bls_field("RCKZGBATCH___V1_" ‖ n ‖ t ‖ (C_i ‖ z_i ‖ y_i ‖ π_i)_i)`
//! (sizes as 8-byte big-endian integers, points compressed, scalars as 32
//! bytes big-endian),
//!
//! `e(Σ r^i π_i, [τ]_2) = e(Σ r^i (C_i − [y_i]_1 + z_i π_i), [1]_2)`.
//!
//! Because `r` is hashed from every input, a prover who knows `r` has
//! already fixed the inputs: a wrong opening passes only if `r` is a root
//! of a fixed non-zero polynomial of degree `< t` (probability `t/|F_r|`).
//! As c-kzg, zero blobs verify (`Ok(true)`) and one blob is checked with
//! [`EthereumSetup::verify_blob_kzg_proof`].

use crate::ethereum::EthereumSetup;
use crate::ethereum_blob::{field_element_to_bytes, g1_from_bytes, g1_to_bytes};
use crate::ethereum_error::EthereumError;
use crate::ethereum_fiat_shamir::{
    hash_to_bls_field, FIAT_SHAMIR_PROTOCOL_DOMAIN, RANDOM_CHALLENGE_KZG_BATCH_DOMAIN,
};
use crate::ethereum_text::G1_BYTES;
use ark_bls12_381::{Fr, G1Affine, G1Projective};
use ark_ec::CurveGroup;
use ark_std::vec::Vec;
use vidkit_msm::FastMsm;

/// One decoded item of a blob batch: commitment, `z`, `y`, proof.
type Opening = (G1Affine, Fr, Fr, G1Affine);

impl EthereumSetup {
    /// The specs' `compute_challenge`: the evaluation point of a blob proof,
    /// `hash_to_bls_field(FSBLOBVERIFY_V1_ ‖ n (16 bytes, big-endian) ‖ blob
    /// ‖ commitment)`. The blob and the commitment are hashed as given (the
    /// callers below validate them first).
    pub fn compute_challenge(&self, blob: &[u8], commitment: &[u8; G1_BYTES]) -> Fr {
        let mut t = Vec::with_capacity(16 + 16 + blob.len() + G1_BYTES);
        t.extend_from_slice(FIAT_SHAMIR_PROTOCOL_DOMAIN);
        t.extend_from_slice(&[0u8; 8]);
        t.extend_from_slice(&(self.field_elements_per_blob() as u64).to_be_bytes());
        t.extend_from_slice(blob);
        t.extend_from_slice(commitment);
        hash_to_bls_field(&t)
    }

    /// c-kzg's `compute_blob_kzg_proof`: the opening proof of the blob at
    /// its challenge [`EthereumSetup::compute_challenge`]. The commitment is
    /// only decoded (checked to be a subgroup point) and hashed, not
    /// recomputed: a wrong commitment gives a proof that does not verify.
    pub fn compute_blob_kzg_proof(
        &self,
        blob: &[u8],
        commitment: &[u8; G1_BYTES],
    ) -> Result<[u8; G1_BYTES], EthereumError> {
        let _ = g1_from_bytes(commitment, "commitment")?;
        let evals = self.blob_evaluations(blob)?;
        let z = self.compute_challenge(blob, commitment);
        let (_, proof) = self.prove_evaluations(&evals, z)?;
        Ok(g1_to_bytes(&proof.into_affine()))
    }

    /// c-kzg's `verify_blob_kzg_proof`: whether `proof` opens `commitment` at
    /// the blob's challenge to the blob's value there. Malformed inputs are
    /// errors; a well-formed wrong proof is `Ok(false)`.
    pub fn verify_blob_kzg_proof(
        &self,
        blob: &[u8],
        commitment: &[u8; G1_BYTES],
        proof: &[u8; G1_BYTES],
    ) -> Result<bool, EthereumError> {
        let (c, z, y, pi) = self.blob_opening(blob, commitment, proof)?;
        Ok(crate::verify(self.verifier_key(), c, z, y, pi))
    }

    /// c-kzg's `verify_blob_kzg_proof_batch`: whether every proof verifies,
    /// with one pairing equation (module docs). The three lists must have
    /// the same length ([`EthereumError::LengthMismatch`]); the first
    /// malformed item is the error.
    pub fn verify_blob_kzg_proof_batch<B: AsRef<[u8]>>(
        &self,
        blobs: &[B],
        commitments: &[[u8; G1_BYTES]],
        proofs: &[[u8; G1_BYTES]],
    ) -> Result<bool, EthereumError> {
        let t = blobs.len();
        EthereumError::check_lengths(
            t,
            "blob",
            &[("commitments", commitments.len()), ("proofs", proofs.len())],
        )?;
        match t {
            0 => return Ok(true),
            1 => return self.verify_blob_kzg_proof(blobs[0].as_ref(), &commitments[0], &proofs[0]),
            _ => {}
        }
        let openings = blobs
            .iter()
            .zip(commitments)
            .zip(proofs)
            .map(|((b, c), p)| self.blob_opening(b.as_ref(), c, p))
            .collect::<Result<Vec<Opening>, _>>()?;
        let r = batch_challenge(self.field_elements_per_blob(), &openings);
        let powers = vidkit_core::poly::powers(r, t);
        // a = Σ r^i (C_i − y_i G + z_i π_i), b = Σ r^i π_i: e(a, H) = e(b, [τ]_2)
        let g = self.verifier_key().g;
        let mut bases = Vec::with_capacity(3 * t);
        let mut scalars = Vec::with_capacity(3 * t);
        let mut proof_points = Vec::with_capacity(t);
        for ((c, z, y, pi), rho) in openings.iter().zip(&powers) {
            bases.extend([*c, g, *pi]);
            scalars.extend([*rho, -(*rho * y), *rho * z]);
            proof_points.push(*pi);
        }
        let a = G1Projective::fast_msm(&bases, &scalars);
        let b = G1Projective::fast_msm(&proof_points, &powers);
        Ok(self.verifier_key().pairing_check(a, -b))
    }

    /// Decodes one blob proof's inputs in c-kzg's order (commitment, blob,
    /// proof) and derives `z` and `y = p(z)`.
    fn blob_opening(
        &self,
        blob: &[u8],
        commitment: &[u8; G1_BYTES],
        proof: &[u8; G1_BYTES],
    ) -> Result<Opening, EthereumError> {
        let c = g1_from_bytes(commitment, "commitment")?;
        let evals = self.blob_evaluations(blob)?;
        let pi = g1_from_bytes(proof, "proof")?;
        let z = self.compute_challenge(blob, commitment);
        let y = self.evaluate_evaluations(&evals, z)?;
        Ok((c, z, y, pi))
    }
}

/// `r` of the batch equation: `hash_to_bls_field(RCKZGBATCH___V1_ ‖ n ‖ t ‖
/// (C_i ‖ z_i ‖ y_i ‖ π_i)_i)`, as the specs' `verify_kzg_proof_batch`.
fn batch_challenge(n: usize, openings: &[Opening]) -> Fr {
    let mut t = Vec::with_capacity(32 + openings.len() * (2 * G1_BYTES + 64));
    t.extend_from_slice(RANDOM_CHALLENGE_KZG_BATCH_DOMAIN);
    t.extend_from_slice(&(n as u64).to_be_bytes());
    t.extend_from_slice(&(openings.len() as u64).to_be_bytes());
    for (c, z, y, pi) in openings {
        t.extend_from_slice(&g1_to_bytes(c));
        t.extend_from_slice(&field_element_to_bytes(*z));
        t.extend_from_slice(&field_element_to_bytes(*y));
        t.extend_from_slice(&g1_to_bytes(pi));
    }
    hash_to_bls_field(&t)
}
