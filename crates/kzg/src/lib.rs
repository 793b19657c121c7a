//! # vidkit-kzg
//!
//! KZG10 polynomial commitments (Kate, Zaverucha, Goldberg 2010) over any
//! arkworks [`Pairing`](ark_ec::pairing::Pairing), as specified in
//! docs/spec.md §3 and the seed paper §2.2.1:
//!
//! * [`commit`] — one MSM on the affine SRS bases (G1 or G2);
//! * [`open`] / [`divide_by_linear`] — Ruffini division, no inversions;
//! * [`verify`] — one multi-pairing with the variable scalars moved to G1 and
//!   the fixed G2 points prepared once in the [`VerifierKey`];
//! * [`batch_verify`] — many openings with verifier-private random
//!   coefficients, one multi-pairing.
//!
//! ```
//! use ark_bls12_381::{Bls12_381, Fr, G1Projective};
//! use ark_ec::CurveGroup;
//! use vidkit_core::Srs;
//! use vidkit_kzg::{commit, open, verify, VerifierKey};
//!
//! let srs = Srs::<Bls12_381>::insecure_from_seed(1, 8, 2); // tests only!
//! let vk = VerifierKey::from_srs(&srs).unwrap();
//! let poly: Vec<Fr> = (1..=8u64).map(Fr::from).collect();
//! let c: G1Projective = commit(srs.powers_g1(), &poly).unwrap();
//! let z = Fr::from(42u64);
//! let (v, pi): (Fr, G1Projective) = open(srs.powers_g1(), &poly, z).unwrap();
//! assert!(verify(&vk, c.into_affine(), z, v, pi.into_affine()));
//! assert!(!verify(&vk, c.into_affine(), z, v + Fr::from(1u64), pi.into_affine()));
//! ```
//!
//! [`fk20`] computes the `N` coset multi-proofs of one polynomial together
//! (FK20, `O(N log N)` with G1 FFTs), for the cells scheme and KZG+.
//! [`multi_open`] computes the openings of one polynomial at every point of
//! a subgroup together (FK20 with cells of one element) or at the integers
//! `0 … n − 1` (forward differences in the group), for KZG+ global and aPlonK
//! global.
//!
//! [`EthereumSetup`] loads the Ethereum KZG ceremony output (c-kzg's
//! `trusted_setup.txt`) into a validated [`Srs`](vidkit_core::Srs) and
//! computes EIP-4844 blob commitments, proofs and blob proofs (with their
//! Fiat-Shamir challenges and batch verification) byte-identical to c-kzg's
//! (module [`ethereum`]).
//!
//! Hand-written pieces and why: arkworks' `poly-commit` KZG10 is not used
//! because it verifies with two full pairings and a G2 scalar multiplication
//! per check, has no batch verification across polynomials with private
//! randomness, and pulls in hiding powers we never need; the whole primitive
//! here is a few dozen lines over `ark-ec`'s MSM and multi-pairing.
//!
//! Features: `std` (default), `parallel`, `asm`, `test-srs`, `test-utils`.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod committer_key;
mod error;
pub mod ethereum;
mod ethereum_blob;
mod ethereum_blob_proof;
mod ethereum_error;
mod ethereum_fiat_shamir;
mod ethereum_text;
pub mod fk20;
pub mod multi_open;
pub mod per_row;
mod primitive;
mod verifier;

pub use committer_key::CommitterKey;
pub use error::KzgError;
pub use ethereum::{EthereumError, EthereumSetup};
pub use per_row::KzgPerRow;
pub use primitive::{commit, divide_by_linear, open};
pub use verifier::{
    batch_verify, random_coefficients, verify, Opening, VerifierKey, PLANNED_CHECKS,
};
