//! The error type of `vidkit-core`.

use thiserror::Error;

/// Everything that can go wrong in the shared layer: packing, parameters,
/// SRS validation, deserialization and decoding.
///
/// Variants carry the numbers that went wrong so that callers can report them.
#[non_exhaustive]
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// `k` must be at least 1.
    #[error("k must be at least 1")]
    ZeroK,
    /// `n` must be at least `k`.
    #[error("n ({n}) must be at least k ({k})")]
    NLessThanK {
        /// number of source shards
        k: usize,
        /// number of encoded shards
        n: usize,
    },
    /// `m` must be at least 1: every file has at least one row.
    #[error("m (the number of rows) must be at least 1")]
    ZeroRows,
    /// The Reed-Solomon layer refused the request.
    #[error("erasure coding: {0}")]
    Erasure(#[from] vidkit_erasure::Error),
    /// A decoded field element has non-zero bytes above the `s` data bytes:
    /// an honest encoder never produces it (docs/spec.md §1.1).
    #[error("field element {index} is not a canonical data element (byte {byte} is non-zero)")]
    NonCanonicalElement {
        /// position of the element in the row-major matrix
        index: usize,
        /// first offending byte position inside the element's encoding
        byte: usize,
    },
    /// The element matrix cannot hold the claimed byte length.
    #[error("{len} bytes do not fit in {elements} field elements of {per_element} bytes")]
    LengthTooLarge {
        /// claimed byte length L
        len: u64,
        /// number of elements available
        elements: usize,
        /// bytes per element s
        per_element: usize,
    },
    /// The file metadata is inconsistent (m does not match L and k, unknown encoding, …).
    #[error(
        "inconsistent file metadata: m = {m} but L = {len} bytes and k = {k} need m = {expected}"
    )]
    InconsistentRows {
        /// claimed number of rows
        m: usize,
        /// claimed byte length
        len: u64,
        /// number of source shards
        k: usize,
        /// the number of rows L and k imply
        expected: usize,
    },
    /// An encoding id read from bytes is unknown.
    #[error("unknown encoding id {0}")]
    UnknownEncoding(u8),
    /// A shard's index is not below `n`.
    #[error("shard index {index} is out of range (n = {n})")]
    IndexOutOfRange {
        /// the offending index
        index: usize,
        /// number of shards
        n: usize,
    },
    /// A shard has the wrong number of values.
    #[error("shard {index} has {got} values, expected m = {expected}")]
    ShardLength {
        /// shard index
        index: usize,
        /// values found
        got: usize,
        /// values expected
        expected: usize,
    },
    /// The shard's or commitment's parameters are not the scheme's.
    #[error("parameter mismatch: {what} is {got}, expected {expected}")]
    ParameterMismatch {
        /// which parameter
        what: &'static str,
        /// value found
        got: u64,
        /// value expected
        expected: u64,
    },
    /// An encoded file's coefficient matrix does not hold `m·k` elements.
    #[error("the encoded file holds {got} coefficients, expected m·k = {expected}")]
    CoefficientCount {
        /// coefficients found
        got: usize,
        /// `m·k`
        expected: usize,
    },
    /// An encoded file does not hold `n` shards.
    #[error("the encoded file holds {got} shards, expected n = {expected}")]
    ShardCount {
        /// shards found
        got: usize,
        /// `n`
        expected: usize,
    },
    /// A prover key holds fewer powers than the code dimension needs.
    #[error("the prover key holds {have} powers, the code needs k = {need}")]
    KeyTooShort {
        /// powers in the key
        have: usize,
        /// powers needed (`k`)
        need: usize,
    },
    /// A file is larger than the keys produced by `setup` support.
    #[error("the data needs m = {m} rows but the keys support at most {max}")]
    TooManyRows {
        /// rows needed
        m: usize,
        /// rows supported
        max: usize,
    },
    /// The SRS is too short for the request.
    #[error("the SRS has {have} powers in {group}, {need} are needed")]
    SrsTooShort {
        /// "G1" or "G2"
        group: &'static str,
        /// powers available
        have: usize,
        /// powers needed
        need: usize,
    },
    /// A scheme's setup is made of another number of independent
    /// powers-of-τ strings than it was given (aPlonK needs two trapdoors).
    #[error("the setup needs {need} independent powers-of-tau string(s), got {got}")]
    SrsStringCount {
        /// strings needed
        need: usize,
        /// strings given
        got: usize,
    },
    /// The SRS failed its validation (identity generator or pairing self-check).
    #[error("invalid SRS: {0}")]
    InvalidSrs(SrsFault),
    /// Bytes could not be deserialized into the expected object.
    #[error("malformed {what}: {source}")]
    Deserialization {
        /// what was being read
        what: &'static str,
        /// why it failed
        source: SerializationFault,
    },
}

/// Why an SRS was rejected.
#[non_exhaustive]
#[derive(Error, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SrsFault {
    /// No G1 powers, or fewer than two G2 powers.
    #[error("too few powers ({g1} in G1, {g2} in G2)")]
    TooFewPowers {
        /// G1 powers
        g1: usize,
        /// G2 powers
        g2: usize,
    },
    /// The first power is the identity.
    #[error("the generator is the identity")]
    IdentityGenerator,
    /// Consecutive G1 powers are not powers of the same τ as the G2 powers.
    #[error("the G1 powers are not consistent with [τ]_2")]
    InconsistentG1,
    /// Consecutive G2 powers are not powers of the same τ as the G1 powers.
    #[error("the G2 powers are not consistent with [τ]_1")]
    InconsistentG2,
}

/// A cloneable summary of an `ark_serialize::SerializationError`.
#[non_exhaustive]
#[derive(Error, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SerializationFault {
    /// Not enough space / truncated input.
    #[error("truncated or oversized input")]
    Truncated,
    /// The input is not a valid encoding (bad flags, not on the curve, not in the subgroup).
    #[error("invalid data (bad encoding, point not on the curve or not in the subgroup)")]
    InvalidData,
    /// Bytes were left over after the object.
    #[error("{0} trailing bytes")]
    TrailingBytes(usize),
    /// The bytes decode, but are not the object's canonical encoding: its
    /// encoding differs from them at byte `0` (for example a point at
    /// infinity whose unused coordinate bytes are not zero, which arkworks'
    /// default short-Weierstrass encoding — BN254, BLS24-317 — would read
    /// as the identity). Accepting them would let altered bytes pass as an
    /// unaltered object.
    #[error("not the canonical encoding of what it decodes to (byte {0} differs)")]
    NonCanonical(usize),
}

impl From<ark_serialize::SerializationError> for SerializationFault {
    fn from(e: ark_serialize::SerializationError) -> Self {
        use ark_serialize::SerializationError as S;
        match e {
            S::NotEnoughSpace => Self::Truncated,
            S::InvalidData | S::UnexpectedFlags => Self::InvalidData,
            S::IoError(_) => Self::Truncated,
        }
    }
}
