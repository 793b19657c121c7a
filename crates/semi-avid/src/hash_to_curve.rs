//! Hashing a public seed to G1 points: the transparent bases of docs/spec.md §6.1.
//!
//! Semi-AVID verification only uses the linearity and the binding property of
//! `Com(x) = Σ_i x_i·B_i`. Binding holds for any bases `B_0 … B_{m−1}` whose
//! mutual discrete logarithms nobody knows; points obtained by hashing
//! `(seed, i)` to the curve are such bases in the random-oracle model (finding
//! a relation `Σ a_i B_i = 0` would solve discrete logarithms), so no trusted
//! setup is needed at all.
//!
//! Two methods, both hashing `msg = len(seed) ‖ seed ‖ i` (u64 little-endian
//! integers) under the domain-separation tag `vidkit/semi-avid/bases/<method>/v1`:
//!
//! * [`WbHasher`]: the IETF `hash_to_curve` random-oracle construction
//!   (RFC 9380: `expand_message_xmd` with SHA-256, two field elements, the
//!   simplified SWU map on an isogenous curve, the isogeny, cofactor clearing)
//!   as implemented by arkworks' `MapToCurveBasedHasher` with `WBMap`. Used for
//!   every curve whose G1 config implements `WBConfig` (BLS12-381 does).
//! * [`TryAndIncrement`]: for curves without such a config (BN254 in arkworks
//!   0.6). For `counter = 0, 1, …`: `x‖flags = SHA-512(len(DST) ‖ DST ‖ msg ‖
//!   counter ‖ block)` truncated to the compressed size of a point, read with
//!   arkworks' `AffineRepr::from_random_bytes` (x masked to the field's bit
//!   size, rejected if ≥ p; the flag bit picks the sign of y), accepted if x is
//!   on the curve, then the cofactor is cleared and the identity rejected.
//!   About two tries per point. The output is not uniform on the curve (only
//!   one of each ±y pair is reachable per x, and the acceptance is variable
//!   time) but its discrete logarithms are unknown, which is all binding needs;
//!   the seed is public, so variable time leaks nothing.
//!
//! Pick the method per curve with [`TransparentCurve`], or name one explicitly.

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::{
    hashing::{
        curve_maps::wb::{WBConfig, WBMap},
        map_to_curve_hasher::MapToCurveBasedHasher,
        HashToCurve,
    },
    pairing::Pairing,
    short_weierstrass::Projective,
    AffineRepr, CurveGroup,
};
use ark_ff::field_hashers::DefaultFieldHasher;
use ark_serialize::CanonicalSerialize;
use sha2::{Digest, Sha256, Sha512};

/// Identifies a hash-to-curve method; bound into keys and their digests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HashMethod {
    /// RFC 9380 random-oracle hashing (SSWU on an isogenous curve), [`WbHasher`].
    Rfc9380Sswu,
    /// Try-and-increment with SHA-512, [`TryAndIncrement`].
    TryAndIncrement,
}

impl HashMethod {
    /// Stable numeric identifier (serialized in keys): 1 and 2.
    pub fn id(self) -> u8 {
        match self {
            Self::Rfc9380Sswu => 1,
            Self::TryAndIncrement => 2,
        }
    }

    /// Inverse of [`HashMethod::id`].
    pub fn from_id(id: u8) -> Option<Self> {
        [Self::Rfc9380Sswu, Self::TryAndIncrement]
            .into_iter()
            .find(|m| m.id() == id)
    }

    /// Stable name, part of the domain-separation tag.
    pub fn name(self) -> &'static str {
        match self {
            Self::Rfc9380Sswu => "rfc9380-sswu",
            Self::TryAndIncrement => "try-and-increment-sha512",
        }
    }

    /// The domain-separation tag `vidkit/semi-avid/bases/<name>/v1`.
    pub fn dst(self) -> Vec<u8> {
        format!("vidkit/semi-avid/bases/{}/v1", self.name()).into_bytes()
    }
}

/// A way of hashing messages to points of the prime-order subgroup of `G`.
pub trait HashToG1<G: CurveGroup> {
    /// Which method this is (stored in the key).
    const METHOD: HashMethod;

    /// Hashes `msg` under `dst` to a non-identity point of the prime-order
    /// subgroup; `None` if the method failed (negligible probability).
    fn hash(dst: &[u8], msg: &[u8]) -> Option<G::Affine>;
}

/// RFC 9380 hashing via arkworks' `MapToCurveBasedHasher<_, DefaultFieldHasher<Sha256>, WBMap<_>>`.
#[derive(Clone, Copy, Debug, Default)]
pub struct WbHasher;

impl<P: WBConfig> HashToG1<Projective<P>> for WbHasher {
    const METHOD: HashMethod = HashMethod::Rfc9380Sswu;

    fn hash(dst: &[u8], msg: &[u8]) -> Option<ark_ec::short_weierstrass::Affine<P>> {
        let hasher =
            MapToCurveBasedHasher::<Projective<P>, DefaultFieldHasher<Sha256, 128>, WBMap<P>>::new(
                dst,
            )
            .ok()?;
        let p = hasher.hash(msg).ok()?;
        (!p.is_zero()).then_some(p)
    }
}

/// Try-and-increment over SHA-512, for any curve (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct TryAndIncrement;

/// Give up after this many candidates (each succeeds with probability ≈ 1/2).
const MAX_TRIES: u64 = 256;

impl<G: CurveGroup> HashToG1<G> for TryAndIncrement {
    const METHOD: HashMethod = HashMethod::TryAndIncrement;

    fn hash(dst: &[u8], msg: &[u8]) -> Option<G::Affine> {
        let size = G::Affine::zero().compressed_size();
        for counter in 0..MAX_TRIES {
            let mut bytes = Vec::with_capacity(size + 64);
            let mut block = 0u64;
            while bytes.len() < size {
                let h = Sha512::new()
                    .chain_update((dst.len() as u64).to_le_bytes())
                    .chain_update(dst)
                    .chain_update((msg.len() as u64).to_le_bytes())
                    .chain_update(msg)
                    .chain_update(counter.to_le_bytes())
                    .chain_update(block.to_le_bytes())
                    .finalize();
                bytes.extend_from_slice(&h);
                block += 1;
            }
            bytes.truncate(size);
            if let Some(p) = G::Affine::from_random_bytes(&bytes) {
                let p = p.clear_cofactor();
                if !p.is_zero() {
                    return Some(p);
                }
            }
        }
        None
    }
}

/// The default transparent-basis method of a curve: arkworks' RFC 9380 map
/// where the curve has one, try-and-increment otherwise.
pub trait TransparentCurve: Pairing {
    /// The method used by `SemiAvid::setup_transparent`.
    type Hasher: HashToG1<Self::G1>;
}

impl TransparentCurve for Bls12_381 {
    type Hasher = WbHasher;
}

impl TransparentCurve for Bn254 {
    type Hasher = TryAndIncrement;
}

/// The message hashed for base `index`: `len(seed) ‖ seed ‖ index`.
pub(crate) fn base_message(seed: &[u8], index: usize) -> Vec<u8> {
    let mut msg = Vec::with_capacity(seed.len() + 16);
    msg.extend_from_slice(&(seed.len() as u64).to_le_bytes());
    msg.extend_from_slice(seed);
    msg.extend_from_slice(&(index as u64).to_le_bytes());
    msg
}
