//! The Merkle tree of KZG+ global (docs/spec.md §5.8.2): the shared tree of
//! [`vidkit_core::merkle`] under KZG+ global's leaf tag [`LEAF_DST`].
//!
//! ```text
//! leaf(j, y)  = SHA-256(0x00 ‖ u64(|DST|) ‖ DST ‖ u64(j) ‖ u64(m) ‖ y[0] ‖ … ‖ y[m−1])
//! node(a, b)  = SHA-256(0x01 ‖ a ‖ b)
//! empty       = SHA-256(0x02 ‖ u64(|DST|) ‖ DST)
//! ```
//!
//! with `DST = "vidkit/kzg-plus-global/leaf/v1"`.

use ark_ff::PrimeField;
pub use vidkit_core::merkle::{depth, node, root_from_path, Hash, MerkleTree, MAX_DEPTH};

/// Domain-separation tag of KZG+ global's leaves and padding leaves.
pub const LEAF_DST: &[u8] = b"vidkit/kzg-plus-global/leaf/v1";

/// The leaf of shard `j` with values `values`.
pub fn leaf<F: PrimeField>(j: usize, values: &[F]) -> Hash {
    vidkit_core::merkle::leaf(LEAF_DST, j, values)
}

/// The padding leaf at positions `n ≤ j < 2^depth(n)`.
pub fn empty() -> Hash {
    vidkit_core::merkle::empty(LEAF_DST)
}

/// The tree over `shards` (shard `j` at position `j`) with KZG+ global's
/// leaves; `None` on no shard.
pub fn tree<F: PrimeField>(shards: &[vidkit_core::Shard<F>]) -> Option<MerkleTree> {
    MerkleTree::new(LEAF_DST, shards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::Fr;

    /// The KZG+ global leaves are unchanged by the move of the tree to
    /// vidkit-core (fixed bytes of the v1 format).
    #[test]
    fn the_leaf_format_is_the_v1_format() {
        use sha2::{Digest as _, Sha256};
        let v = [Fr::from(5u64), Fr::from(7u64)];
        let mut h = Sha256::new();
        h.update([0x00]);
        h.update((LEAF_DST.len() as u64).to_le_bytes());
        h.update(LEAF_DST);
        h.update(3u64.to_le_bytes());
        h.update(2u64.to_le_bytes());
        for x in [5u8, 7] {
            let mut b = [0u8; 32];
            b[0] = x;
            h.update(b);
        }
        assert_eq!(leaf(3, &v), <[u8; 32]>::from(h.finalize()));
        let mut e = Sha256::new();
        e.update([0x02]);
        e.update((LEAF_DST.len() as u64).to_le_bytes());
        e.update(LEAF_DST);
        assert_eq!(empty(), <[u8; 32]>::from(e.finalize()));
    }
}
