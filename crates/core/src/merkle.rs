//! The Merkle tree over a file's shards, shared by the global-challenge
//! schemes (KZG+ global, docs/spec.md §5.8.2; aPlonK global, §7.9).
//!
//! SHA-256 (RustCrypto `sha2`, the workspace's hash), with one-byte domain
//! prefixes so that a leaf, an inner node and a padding leaf can never hash
//! the same bytes:
//!
//! ```text
//! leaf(j, y)  = SHA-256(0x00 ‖ u64(|DST|) ‖ DST ‖ u64(j) ‖ u64(m) ‖ y[0] ‖ … ‖ y[m−1])
//! node(a, b)  = SHA-256(0x01 ‖ a ‖ b)
//! empty       = SHA-256(0x02 ‖ u64(|DST|) ‖ DST)
//! ```
//!
//! with a per-scheme tag `DST` (e.g. `"vidkit/kzg-plus-global/leaf/v1"`),
//! integers little-endian and field elements in their canonical
//! little-endian encoding. The leaf binds the index `j` and every value of
//! the shard. For `n` shards the tree has `n' = 2^⌈log2 n⌉` leaves, leaves
//! `j ≥ n` being `empty`, so every path has exactly [`depth`]`(n) = ⌈log2 n⌉`
//! siblings (none for `n = 1`, where the root is the one leaf). At level `l`
//! the node on the path is the left child iff bit `l` of `j` is 0: the index
//! alone fixes the position.
//!
//! We hash with our own thirty lines over `sha2` rather than a Merkle crate:
//! the construction needs the leaf to bind the index and the values in a
//! fixed encoding, domain-separated leaves and nodes (second-preimage safety),
//! fixed-depth paths whose length is checked against `n` before anything is
//! read, and nothing else; the crates we looked at (e.g. `rs_merkle`) leave
//! leaf/node separation and the shape of unbalanced trees to conventions of
//! their own.

use crate::{FileInfo, Shard};
use ark_ff::PrimeField;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    cfg_iter,
    io::{Read, Write},
    vec::Vec,
};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use sha2::{Digest as _, Sha256};

/// A 32-byte SHA-256 digest: a leaf, an inner node or the root.
pub type Hash = [u8; 32];

/// A commitment of a global-challenge scheme: the commitment `C` of the
/// underlying scheme (KZG+'s row commitments, aPlonK-PC's `com_f`, each with
/// the file metadata) and the Merkle root of the shards, which the per-file
/// challenge binds. Wire format: `C`'s bytes, then the 32 root bytes — 32
/// bytes more than `C`. It is valid (in every [`Validate`] mode) when `C` is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rooted<C> {
    inner: C,
    root: Hash,
}

impl<C> Rooted<C> {
    /// The commitment `inner` with the Merkle root `root`.
    pub fn new(inner: C, root: Hash) -> Self {
        Self { inner, root }
    }

    /// The underlying scheme's commitment.
    pub fn inner(&self) -> &C {
        &self.inner
    }

    /// The Merkle root over the leaves `H(j, y_j)`.
    pub fn root(&self) -> &Hash {
        &self.root
    }
}

impl<C: AsRef<FileInfo>> Rooted<C> {
    /// The file metadata (the underlying commitment's).
    pub fn info(&self) -> &FileInfo {
        self.inner.as_ref()
    }
}

impl<C: Valid> Valid for Rooted<C> {
    fn check(&self) -> Result<(), SerializationError> {
        self.inner.check()
    }
}

impl<C: CanonicalSerialize> CanonicalSerialize for Rooted<C> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.inner.serialize_with_mode(&mut writer, compress)?;
        writer.write_all(&self.root)?;
        Ok(())
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.inner.serialized_size(compress) + self.root.len()
    }
}

impl<C: CanonicalDeserialize> CanonicalDeserialize for Rooted<C> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let inner = C::deserialize_with_mode(&mut reader, compress, validate)?;
        let mut root = [0u8; 32];
        reader.read_exact(&mut root)?;
        Ok(Self { inner, root })
    }
}

/// The largest path length a proof may state before the number of shards is
/// known (`n ≤ usize::MAX` has `⌈log2 n⌉ ≤ 64`): what deserialization
/// allocates at most, 2 KiB.
pub const MAX_DEPTH: usize = 64;

/// `⌈log2 n⌉`: the number of siblings on every path of a tree over `n ≥ 1`
/// shards (0 for `n ≤ 1`).
pub fn depth(n: usize) -> usize {
    match n {
        0 | 1 => 0,
        n => (usize::BITS - (n - 1).leading_zeros()) as usize,
    }
}

/// The leaf of shard `j` with values `values`, under the leaf tag `dst`.
pub fn leaf<F: PrimeField>(dst: &[u8], j: usize, values: &[F]) -> Hash {
    let mut h = Sha256::new();
    h.update([0x00]);
    h.update((dst.len() as u64).to_le_bytes());
    h.update(dst);
    h.update((j as u64).to_le_bytes());
    h.update((values.len() as u64).to_le_bytes());
    let mut buf = Vec::with_capacity(32);
    for v in values {
        buf.clear();
        v.serialize_compressed(&mut buf)
            .expect("serializing into a Vec cannot fail");
        h.update(&buf);
    }
    h.finalize().into()
}

/// An inner node.
pub fn node(left: &Hash, right: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update([0x01]);
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// The padding leaf at positions `n ≤ j < 2^depth(n)`, under the leaf tag
/// `dst`.
pub fn empty(dst: &[u8]) -> Hash {
    let mut h = Sha256::new();
    h.update([0x02]);
    h.update((dst.len() as u64).to_le_bytes());
    h.update(dst);
    h.finalize().into()
}

/// The root that `path` leads to from `leaf` at position `j`, or `None` if
/// the path does not have exactly `depth` siblings or `j` does not fit in
/// `depth` bits.
pub fn root_from_path(j: usize, leaf: Hash, path: &[Hash], depth: usize) -> Option<Hash> {
    if path.len() != depth || (depth < usize::BITS as usize && j >> depth != 0) {
        return None;
    }
    let mut acc = leaf;
    for (level, sibling) in path.iter().enumerate() {
        acc = if (j >> level) & 1 == 0 {
            node(&acc, sibling)
        } else {
            node(sibling, &acc)
        };
    }
    Some(acc)
}

/// The whole tree, kept by the prover (the scheme's prover hint) to hand out
/// every shard's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MerkleTree {
    /// `levels[0]` holds the `2^depth` leaves, `levels[depth]` the root alone.
    levels: Vec<Vec<Hash>>,
    /// Number of real (non-padding) leaves.
    n: usize,
}

impl MerkleTree {
    /// The tree over `shards` with the leaf tag `dst`, shard `j` at position
    /// `j` (the caller checks that position and index agree). Fails on no
    /// shard.
    pub fn new<F: PrimeField>(dst: &[u8], shards: &[Shard<F>]) -> Option<Self> {
        let n = shards.len();
        if n == 0 {
            return None;
        }
        let width = 1usize << depth(n);
        let mut leaves: Vec<Hash> = cfg_iter!(shards)
            .map(|s| leaf(dst, s.index, &s.values))
            .collect();
        leaves.resize(width, empty(dst));
        let mut levels = vec![leaves];
        while levels.last().map_or(0, Vec::len) > 1 {
            let below = levels.last().expect("at least the leaves");
            let up: Vec<Hash> = below.chunks_exact(2).map(|p| node(&p[0], &p[1])).collect();
            levels.push(up);
        }
        Some(Self { levels, n })
    }

    /// The root.
    pub fn root(&self) -> Hash {
        self.levels.last().expect("at least one level")[0]
    }

    /// Number of shards the tree was built over.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the tree has no shard (never: [`MerkleTree::new`] refuses).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The path of shard `j`: its sibling at every level, leaf level first
    /// (`None` for `j ≥ n`).
    pub fn path(&self, j: usize) -> Option<Vec<Hash>> {
        if j >= self.n {
            return None;
        }
        let levels = &self.levels[..self.levels.len() - 1];
        Some(
            levels
                .iter()
                .enumerate()
                .map(|(l, nodes)| nodes[(j >> l) ^ 1])
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::Fr;

    const DST: &[u8] = b"vidkit/test/leaf/v1";

    #[test]
    fn rooted_bytes_are_the_inner_bytes_then_the_root() {
        let c = Rooted::new(0x0102_0304_0506_0708u64, [9u8; 32]);
        let bytes = crate::to_bytes(&c);
        assert_eq!(bytes.len(), 8 + 32);
        assert_eq!(bytes[..8], 0x0102_0304_0506_0708u64.to_le_bytes());
        assert_eq!(bytes[8..], [9u8; 32]);
        assert_eq!(crate::from_bytes::<Rooted<u64>>("c", &bytes).unwrap(), c);
        assert!(crate::from_bytes::<Rooted<u64>>("c", &bytes[..39]).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(crate::from_bytes::<Rooted<u64>>("c", &longer).is_err());
    }

    fn shards(n: usize) -> Vec<Shard<Fr>> {
        (0..n)
            .map(|index| Shard {
                index,
                values: vec![Fr::from(index as u64 * 7 + 1), Fr::from(3u64)],
            })
            .collect()
    }

    #[test]
    fn depth_is_the_ceiling_of_log2() {
        let expected = [(1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4)];
        for (n, d) in expected {
            assert_eq!(depth(n), d, "n = {n}");
        }
        assert_eq!(depth(1 << 16), 16);
        assert_eq!(depth((1 << 16) + 1), 17);
        assert_eq!(depth(usize::MAX), 64);
        assert!(depth(usize::MAX) <= MAX_DEPTH);
    }

    #[test]
    fn every_path_leads_to_the_root_and_only_from_its_own_leaf() {
        for n in 1..=9 {
            let s = shards(n);
            let tree = MerkleTree::new(DST, &s).unwrap();
            assert_eq!(tree.len(), n);
            for j in 0..n {
                let path = tree.path(j).unwrap();
                assert_eq!(path.len(), depth(n));
                let l = leaf(DST, j, &s[j].values);
                assert_eq!(root_from_path(j, l, &path, depth(n)), Some(tree.root()));
                // another index, other values, a shortened or lengthened path
                if n > 1 {
                    let other = (j + 1) % n;
                    let moved = leaf(DST, other, &s[j].values);
                    assert_ne!(
                        root_from_path(other, moved, &path, depth(n)),
                        Some(tree.root())
                    );
                    assert_ne!(
                        root_from_path(j, leaf(DST, j, &s[other].values), &path, depth(n)),
                        Some(tree.root())
                    );
                    assert_eq!(root_from_path(j, l, &path[1..], depth(n)), None);
                }
                let mut long = path.clone();
                long.push([0; 32]);
                assert_eq!(root_from_path(j, l, &long, depth(n)), None);
            }
            assert!(tree.path(n).is_none());
            // an index that does not fit in the depth is refused
            assert_eq!(
                root_from_path(1 << depth(n), [0; 32], &tree.path(0).unwrap(), depth(n)),
                None
            );
        }
        assert!(MerkleTree::new::<Fr>(DST, &[]).is_none());
    }

    #[test]
    fn leaves_nodes_and_padding_are_domain_separated() {
        let l = leaf::<Fr>(DST, 0, &[]);
        assert_ne!(l, empty(DST));
        assert_ne!(node(&l, &l), leaf::<Fr>(DST, 0, &[]));
        // the index and every value are bound
        let v = [Fr::from(1u64), Fr::from(2u64)];
        assert_ne!(leaf(DST, 0, &v), leaf(DST, 1, &v));
        assert_ne!(leaf(DST, 0, &v), leaf(DST, 0, &v[..1]));
        assert_ne!(leaf(DST, 0, &v), leaf(DST, 0, &[v[1], v[0]]));
        // with three shards the fourth leaf is the padding leaf
        let s = shards(3);
        let tree = MerkleTree::new(DST, &s).unwrap();
        let path2 = tree.path(2).unwrap();
        assert_eq!(path2[0], empty(DST));
        // the tag separates the schemes' trees
        let other: &[u8] = b"vidkit/other/leaf/v1";
        assert_ne!(leaf(DST, 0, &v), leaf(other, 0, &v));
        assert_ne!(empty(DST), empty(other));
        assert_ne!(
            MerkleTree::new(DST, &s).unwrap().root(),
            MerkleTree::new(other, &s).unwrap().root()
        );
    }
}
