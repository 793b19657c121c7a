//! # vidkit-core
//!
//! The shared layer of vidkit (verifiable information dispersal): the
//! [`Scheme`] trait every polynomial-commitment dispersal scheme implements,
//! the byte ↔ field-element packing ([`packing`]), file metadata
//! ([`FileInfo`]) and shards ([`Shard`]), the Fiat-Shamir [`Transcript`], the
//! structured reference string ([`Srs`]), the Merkle tree over a file's
//! shards that the global-challenge schemes share ([`merkle`]) and, behind the
//! `test-utils` feature, the generic conformance suite ([`conformance`]).
//!
//! A file of `L` bytes becomes an `m × k` matrix of field elements (row `i` =
//! the `k` coefficients of the row polynomial `P_i`); the Reed-Solomon code of
//! `vidkit-erasure` evaluates every row at the `n` points `α_j`, and shard `j`
//! is the column `(P_i(α_j))_i`. Any `k` shards rebuild the file; a scheme adds
//! a commitment and per-shard proofs so that each shard can be checked alone.
//!
//! Design notes: `vidkit-core` depends on `vidkit-erasure` (and on no scheme) so
//! that the trait can provide `encode`/`decode` once for every scheme.
//!
//! Features: `std` (default), `parallel`, `asm`, `test-srs` (insecure setups
//! with known trapdoors), `test-utils` (the conformance suite), `bench` (the
//! criterion bench template of the scheme crates, [`bench`]).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod error;
mod info;
pub mod merkle;
pub mod packing;
pub mod rng;
mod scheme;
mod srs;
mod transcript;

#[cfg(feature = "bench")]
pub mod bench;
#[cfg(feature = "test-utils")]
pub mod conformance;

pub use error::{Error, SerializationFault, SrsFault};
pub use info::{FileInfo, Shard};
pub use scheme::{decode_shards, Dispersal, Encoded, ScalarOf, Scheme, WireData};
pub use srs::{Srs, SrsShape};
pub use transcript::Transcript;
pub use vidkit_erasure::{poly, Encoding, ReedSolomon};
/// How work meets the rayon pool (threads seen, one-thread sections,
/// per-thread cuts, one task per item), for the schemes' per-shard work.
pub use vidkit_pool as pool;

/// Reads an arkworks object from untrusted bytes: compressed, fully validated
/// (points on the curve and in the subgroup), with no trailing bytes, and
/// **canonical**: the bytes must be exactly the object's compressed encoding
/// (one encoding per value, so that an altered byte never passes as the same
/// object; arkworks' default point encoding reads any x-coordinate under the
/// point-at-infinity flag as the identity, [`SerializationFault::NonCanonical`]).
pub fn from_bytes<T>(what: &'static str, bytes: &[u8]) -> Result<T, Error>
where
    T: ark_serialize::CanonicalDeserialize + ark_serialize::CanonicalSerialize,
{
    let mut reader = bytes;
    let v = T::deserialize_compressed(&mut reader).map_err(|e| Error::Deserialization {
        what,
        source: e.into(),
    })?;
    if !reader.is_empty() {
        return Err(Error::Deserialization {
            what,
            source: SerializationFault::TrailingBytes(reader.len()),
        });
    }
    check_canonical(what, &v, bytes)?;
    Ok(v)
}

/// Fails with [`SerializationFault::NonCanonical`] unless `bytes` is exactly
/// the compressed encoding of `value` (what [`from_bytes`] checks after
/// decoding; for decoders that read an object with their own framing).
pub fn check_canonical<T: ark_serialize::CanonicalSerialize>(
    what: &'static str,
    value: &T,
    bytes: &[u8],
) -> Result<(), Error> {
    check_canonical_at(what, value, bytes, 0)
}

/// [`check_canonical`] for `bytes` that start at byte `at` of a larger
/// encoding: the error names the byte of the larger encoding.
pub(crate) fn check_canonical_at<T: ark_serialize::CanonicalSerialize>(
    what: &'static str,
    value: &T,
    bytes: &[u8],
    at: usize,
) -> Result<(), Error> {
    let mut again = Vec::with_capacity(bytes.len());
    value
        .serialize_compressed(&mut again)
        .map_err(|e| Error::Deserialization {
            what,
            source: e.into(),
        })?;
    match again.iter().zip(bytes).position(|(a, b)| a != b) {
        None if again.len() == bytes.len() => Ok(()),
        differs => Err(Error::Deserialization {
            what,
            source: SerializationFault::NonCanonical(
                at + differs.unwrap_or(again.len().min(bytes.len())),
            ),
        }),
    }
}

/// Reads the little-endian `u64` at `offset` of untrusted `bytes` (an
/// element count of an arkworks encoding, peeked at before anything is
/// decoded); fails with a truncation error if the bytes end first.
pub fn u64_at(what: &'static str, bytes: &[u8], offset: usize) -> Result<u64, Error> {
    let word = offset
        .checked_add(8)
        .and_then(|end| bytes.get(offset..end))
        .ok_or(Error::Deserialization {
            what,
            source: SerializationFault::Truncated,
        })?;
    let mut le = [0u8; 8];
    le.copy_from_slice(word);
    Ok(u64::from_le_bytes(le))
}

/// Fails with a truncation or trailing-bytes error unless `bytes` is exactly
/// `size` bytes long (checked before anything is decoded).
pub fn check_length(what: &'static str, bytes: &[u8], size: usize) -> Result<(), Error> {
    let source = match bytes.len() {
        len if len < size => SerializationFault::Truncated,
        len if len > size => SerializationFault::TrailingBytes(len - size),
        _ => return Ok(()),
    };
    Err(Error::Deserialization { what, source })
}

/// Writes an arkworks object in its compressed encoding.
pub fn to_bytes<T: ark_serialize::CanonicalSerialize + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(value.compressed_size());
    value
        .serialize_compressed(&mut out)
        .expect("serializing into a Vec cannot fail");
    out
}
