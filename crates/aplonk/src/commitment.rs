//! The public commitment and the prover's row commitments (docs/spec.md §7.2).
//!
//! The commitment is **constant size**: the inner-pairing-product
//! meta-commitment `com_f = Σ_{i<m} e(μ_i, [τ^i]_2)` (one G_T element) and the
//! file metadata (`k, n, m, L`, encoding; `m' = next_pow2(m)` follows from
//! `m`). The row commitments `μ_i = [P_i(σ)]_1` are the prover's hint: they
//! may be shipped alongside, but verification never reads them.

use ark_ec::pairing::{Pairing, PairingOutput};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use vidkit_core::FileInfo;

/// The public commitment to one file: `com_f` and the file metadata.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct Commitment<E: Pairing> {
    /// File metadata (k, n, m, L, encoding).
    pub info: FileInfo,
    /// `com_f = Σ_i e(μ_i, [τ^i]_2)`.
    pub com_f: PairingOutput<E>,
}

impl<E: Pairing> Commitment<E> {
    /// `m' = next_pow2(m)`: the length the row vector is padded to.
    pub fn m_prime(&self) -> usize {
        m_prime(self.info.m)
    }
}

/// The row commitments `μ_i = [P_i(σ)]_1`, `i < m` (prover-side data).
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct RowCommitments<E: Pairing> {
    /// `μ_i` for `i < m` (the padding rows `m ≤ i < m'` are the identity and not stored).
    pub mu: Vec<E::G1Affine>,
}

/// `m' = next_pow2(m)` (1 for `m ≤ 1`).
pub fn m_prime(m: usize) -> usize {
    m.max(1).next_power_of_two()
}

/// `κ = log2(m')`: the number of IPA rounds.
pub fn rounds(m: usize) -> usize {
    m_prime(m).trailing_zeros() as usize
}
