//! The aPlonK global commitment (docs/spec.md §7.9.1): aPlonK-PC's
//! commitment (`com_f` and the file metadata) and the Merkle root of the
//! shards. Wire format: aPlonK-PC's commitment, then the 32 root bytes —
//! 32 bytes more than aPlonK-PC.

use crate::Commitment;
use ark_ec::pairing::Pairing;

/// Commitment to one file: aPlonK-PC's [`Commitment`] (`inner()`) and the root
/// of the Merkle tree over the shards (`root()`).
pub type GlobalCommitment<E> = vidkit_core::merkle::Rooted<Commitment<E>>;

impl<E: Pairing> AsRef<vidkit_core::FileInfo> for Commitment<E> {
    fn as_ref(&self) -> &vidkit_core::FileInfo {
        self.info()
    }
}
