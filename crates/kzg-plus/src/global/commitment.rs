//! The KZG+ global commitment: KZG+'s commitment (metadata and the `m` row
//! commitments, with their digest `h_C`) and the Merkle root of the shards
//! (docs/spec.md §5.8.1). Wire format: KZG+'s commitment, then the 32 root
//! bytes — 32 bytes more than KZG+.

use crate::Commitment;
use ark_ec::pairing::Pairing;

/// Commitment to one file: KZG+'s [`Commitment`] (`inner()`) and the root
/// of the Merkle tree over the shards (`root()`).
pub type GlobalCommitment<E> = vidkit_core::merkle::Rooted<Commitment<E>>;

impl<E: Pairing> AsRef<vidkit_core::FileInfo> for Commitment<E> {
    fn as_ref(&self) -> &vidkit_core::FileInfo {
        self.info()
    }
}
