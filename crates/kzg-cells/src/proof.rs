//! The proof of one shard: one G1 multi-proof per polynomial.

use ark_ec::pairing::Pairing;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use ark_std::vec::Vec;

/// The proof attached to shard `j`: for every polynomial `f_b` of the file,
/// the multi-proof `π_{b,j} = [(f_b div (X^ℓ − α_j))(τ)]_1` of its cell
/// (docs/spec.md §11.2). Serialized as a length-prefixed vector of
/// compressed points; read untrusted bytes with
/// [`vidkit_core::Scheme::proof_from_bytes`], which checks the count first.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct Proof<E: Pairing> {
    /// `π_{b,j}` for `b < ⌈m/ℓ⌉`.
    pub cells: Vec<E::G1Affine>,
}
