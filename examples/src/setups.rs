//! The banner and the public seed of the **INSECURE** setups of the examples
//! and their tests.
//!
//! The examples make every SRS with [`vidkit_core::Scheme::insecure_srs`]
//! (feature `test-srs`) and [`SEED`]: each scheme says which powers-of-τ
//! strings its setup needs, and their trapdoors are derived from the public
//! seed, so anyone can compute them and forge proofs that verify. That is
//! fine for a demonstration and for tests, and nothing else. A deployment
//! loads the powers of a trusted-setup ceremony with
//! [`vidkit_core::Srs::from_bytes`] (or [`vidkit_core::Srs::from_bytes_prefix`]),
//! which validates them.

/// The warning every example prints before it uses a test setup.
pub const INSECURE_BANNER: &str = "\
!! INSECURE TEST SETUP: the SRS trapdoor is derived from a public seed, !!
!! so anyone can forge proofs. For demonstrations and tests only.        !!";

/// The public seed of every test SRS in the examples (string `t` of a
/// scheme's setup uses `SEED + t`).
pub const SEED: u64 = 0x7669_646b_6974; // "vidkit"
