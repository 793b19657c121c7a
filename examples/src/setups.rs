//! **INSECURE** setups for the examples and tests.
//!
//! Every SRS here is [`vidkit_core::Srs::insecure_from_seed`]: the trapdoor τ
//! is derived from a public seed, so anyone can compute it and forge proofs
//! that verify. That is fine for a demonstration and for tests, and nothing
//! else. A deployment loads the powers of a trusted-setup ceremony with
//! [`vidkit_core::Srs::from_bytes`], which validates them.

use ark_ec::pairing::Pairing;
use vidkit_core::Srs;

/// The warning every example prints before it uses a test setup.
pub const INSECURE_BANNER: &str = "\
!! INSECURE TEST SETUP: the SRS trapdoor is derived from a public seed, !!
!! so anyone can forge proofs. For demonstrations and tests only.        !!";

/// An **insecure** SRS with `g1` powers in G1 and `g2` in G2 (at least 2),
/// derived from `seed`.
pub fn insecure_srs<E: Pairing>(seed: u64, g1: usize, g2: usize) -> Srs<E> {
    Srs::insecure_from_seed(seed, g1, g2)
}
