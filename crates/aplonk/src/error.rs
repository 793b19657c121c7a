//! The error type of `vidkit-aplonk`.

use thiserror::Error;

/// Everything that can stop aPlonK-PC from producing or checking a proof.
///
/// `verify` returns `Ok(false)` for a proof that is well formed but wrong;
/// these variants are for input that cannot be checked at all.
#[non_exhaustive]
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum AplonkError {
    /// An error of the shared layer (metadata, lengths, SRS, deserialization).
    #[error(transparent)]
    Core(#[from] vidkit_core::Error),
    /// An error of the KZG primitive.
    #[error(transparent)]
    Kzg(#[from] vidkit_kzg::KzgError),
    /// A proof does not have `κ = log2(m')` IPA rounds for the file's `m'`.
    #[error("the proof has {got} IPA rounds, the file (m' = {m_prime}) needs {expected}")]
    RoundCount {
        /// rounds in the proof
        got: usize,
        /// `κ = log2(m')`
        expected: usize,
        /// the padded number of rows `m'`
        m_prime: usize,
    },
    /// A proof point that an honest prover never sends as the identity is the identity.
    #[error("the proof element {what} is the identity")]
    IdentityPoint {
        /// which element
        what: &'static str,
    },
    /// The two SRSs do not use the same generators of G1 and G2.
    #[error("the σ and τ setups use different generators of {group}")]
    GeneratorMismatch {
        /// "G1" or "G2"
        group: &'static str,
    },
    /// The σ and τ strings have the same trapdoor, which breaks the binding
    /// of `com_f` (see [`crate::AplonkSrs::check`]).
    #[error(
        "the σ and τ setups have the same trapdoor (σ = τ); aPlonK needs two independent setups"
    )]
    SameTrapdoor,
    /// The row commitments handed to `prove` do not belong to this file.
    #[error("got {got} row commitments for a file of m = {expected} rows")]
    HintLength {
        /// row commitments given
        got: usize,
        /// rows of the file
        expected: usize,
    },
    /// An aPlonK global proof's Merkle path does not have `⌈log2 n⌉`
    /// siblings.
    #[error("the Merkle path has {got} siblings, expected {expected}")]
    PathLength {
        /// siblings in the proof
        got: usize,
        /// `⌈log2 n⌉` (or the largest length any file allows)
        expected: usize,
    },
    /// The prover hint handed to aPlonK global's `prove` (row commitments
    /// and Merkle tree) does not belong to the commitment.
    #[error("the prover hint does not belong to this commitment")]
    HintMismatch,
}
