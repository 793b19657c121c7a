//! The Fiat-Shamir challenges of the Ethereum KZG API (consensus-specs
//! `polynomial-commitments.md` and `polynomial-commitments-sampling.md`):
//! SHA-256 of a domain-separated transcript, read as a big-endian integer
//! and reduced modulo the scalar field order `r` (the specs'
//! `hash_to_bls_field`).
//!
//! Every transcript starts with one of the 16-byte domain separators below,
//! followed by the sizes it is about as 8-byte big-endian integers, so that
//! challenges of different protocols or parameters never coincide.

use ark_bls12_381::Fr;
use ark_ff::PrimeField;
use sha2::{Digest, Sha256};

/// Domain of the evaluation challenge of a blob proof (`compute_challenge`).
pub const FIAT_SHAMIR_PROTOCOL_DOMAIN: &[u8; 16] = b"FSBLOBVERIFY_V1_";

/// Domain of the random linear combination of `verify_blob_kzg_proof_batch`.
pub const RANDOM_CHALLENGE_KZG_BATCH_DOMAIN: &[u8; 16] = b"RCKZGBATCH___V1_";

/// Domain of the random linear combination of `verify_cell_kzg_proof_batch`
/// (EIP-7594).
pub const RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN: &[u8; 16] = b"RCKZGCBATCH__V1_";

/// The specs' `hash_to_bls_field`: `SHA-256(data)` as a big-endian integer,
/// modulo `r`.
pub fn hash_to_bls_field(data: &[u8]) -> Fr {
    Fr::from_be_bytes_mod_order(&Sha256::digest(data))
}
