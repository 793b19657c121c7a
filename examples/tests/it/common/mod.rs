//! Shared helpers of the examples' tests: the hash-list test double of
//! `vidkit_core::conformance` (a tiny but real dispersal scheme, with
//! deliberate flaws to show that the walk-through and the network client
//! catch broken schemes) and deterministic test bytes.

#![allow(dead_code)] // each test binary uses a different part of this module

use ark_ec::pairing::Pairing;
pub use vidkit_core::conformance::{Flaw, HashList};
use vidkit_core::Encoding;

/// The double for an `(n, k)` code with evaluation-point encoding.
pub fn hash_list<E: Pairing>(k: usize, n: usize, flaw: Flaw) -> HashList<E> {
    HashList::new(k, n, Encoding::Points, flaw).expect("valid test parameters")
}

/// Deterministic test bytes.
pub fn data(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 131 + 7) as u8).collect()
}
