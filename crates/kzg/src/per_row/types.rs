//! Keys, commitment and proof of the per-row KZG scheme (docs/spec.md §4).

use crate::CommitterKey;
use ark_ec::pairing::Pairing;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use vidkit_core::FileInfo;

/// Verifier key: `G, H, [τ]_2` (prepared) and the largest row count `m_max`.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct PerRowVerifierKey<E: Pairing> {
    /// The KZG verifier key.
    pub kzg: crate::VerifierKey<E>,
    /// Largest number of rows accepted.
    pub m_max: u64,
}

/// Prover key: the `k` G1 powers (with the fixed-base table vidkit-msm
/// plans for them, rebuilt on deserialization) and the verifier key.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct PerRowProverKey<E: Pairing> {
    /// The powers `[τ^c]_1`, `c < k`.
    pub ck: CommitterKey<E>,
    /// The verifier key.
    pub vk: PerRowVerifierKey<E>,
}

/// Commitment: file metadata and `C_i = [P_i(τ)]_1` for every row.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct PerRowCommitment<E: Pairing> {
    /// File metadata.
    pub info: FileInfo,
    /// One commitment per row (the verifier checks there are exactly `m`).
    pub rows: Vec<E::G1Affine>,
}

/// Proof of one shard: one KZG opening per row, `π_{i,j}` for `i < m`.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct PerRowProof<E: Pairing> {
    /// The openings, row by row (the verifier checks there are exactly `m`).
    pub openings: Vec<E::G1Affine>,
}
