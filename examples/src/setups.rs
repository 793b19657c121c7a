//! **INSECURE** setups for the examples and tests.
//!
//! Every SRS here comes from [`vidkit_core::Srs::insecure_from_seed`]: the
//! trapdoor is derived from a public seed, so anyone can compute it and
//! forge proofs that verify. That is fine for a demonstration and for tests,
//! and nothing else. A deployment loads the powers of a trusted-setup
//! ceremony with [`vidkit_core::Srs::from_bytes`], which validates them.
//!
//! Each function returns an SRS of exactly the shape its scheme's `setup`
//! needs for files of up to `max_bytes` bytes with `k` source shards.

use ark_ec::pairing::Pairing;
use vidkit_core::{packing, Scheme, Srs};

/// The warning every example prints before it uses a test setup.
pub const INSECURE_BANNER: &str = "\
!! INSECURE TEST SETUP: the SRS trapdoor is derived from a public seed, !!
!! so anyone can forge proofs. For demonstrations and tests only.        !!";

/// The public seed of every test SRS in the examples.
pub const SEED: u64 = 0x7669_646b_6974; // "vidkit"

/// An **insecure** SRS with `g1` powers in G1 and `g2` (at least 2) in G2.
pub fn insecure_srs<E: Pairing>(g1: usize, g2: usize) -> Srs<E> {
    Srs::insecure_from_seed(SEED, g1.max(1), g2.max(2))
}

/// Rows `m` of the data matrix of a `max_bytes`-byte file with `k` columns
/// (at least 1, also for `k = 0`, which the scheme constructors reject anyway).
pub fn rows<E: Pairing>(k: usize, max_bytes: usize) -> usize {
    packing::rows_for::<E::ScalarField>(max_bytes, k.max(1)).unwrap_or(1)
}

/// **Insecure** SRS for per-row KZG and KZG+: `k` G1 powers (rows are
/// polynomials of degree `< k`), `[1]_2` and `[τ]_2`.
pub fn kzg_srs<E: Pairing>(k: usize) -> Srs<E> {
    insecure_srs(k, 2)
}

/// **Insecure** SRS for Semi-AVID-PC: its bases are the first `m` G1 powers.
pub fn semi_avid_srs<E: Pairing>(k: usize, max_bytes: usize) -> Srs<E> {
    insecure_srs(rows::<E>(k, max_bytes), 2)
}

/// **Insecure** two-trapdoor SRS for aPlonK-PC: `k` G1 powers of `σ` (row
/// commitments) and `m'` G2 powers of `τ` (the IPA key), `m'` the power of
/// two at or above the row count `m`.
pub fn aplonk_srs<E: Pairing>(k: usize, max_bytes: usize) -> vidkit_aplonk::AplonkSrs<E> {
    let m_prime = vidkit_aplonk::m_prime(rows::<E>(k, max_bytes));
    vidkit_aplonk::AplonkSrs::insecure_from_seeds(SEED, SEED ^ 0x5151, k, m_prime)
}

/// A scheme for which the examples can build an **insecure** test SRS of the
/// right shape.
pub trait InsecureSetup: Scheme {
    /// An **insecure** SRS for files of up to `max_bytes` bytes.
    fn insecure_srs(&self, max_bytes: usize) -> Self::Srs;
}

impl<E: Pairing> InsecureSetup for vidkit_kzg::KzgPerRow<E> {
    fn insecure_srs(&self, _max_bytes: usize) -> Srs<E> {
        kzg_srs(self.code().k())
    }
}

impl<E: Pairing> InsecureSetup for vidkit_kzg_plus::KzgPlus<E> {
    fn insecure_srs(&self, _max_bytes: usize) -> Srs<E> {
        kzg_srs(self.code().k())
    }
}

impl<E: Pairing> InsecureSetup for vidkit_semi_avid::SemiAvid<E> {
    fn insecure_srs(&self, max_bytes: usize) -> Srs<E> {
        semi_avid_srs(self.code().k(), max_bytes)
    }
}

impl<E: Pairing> InsecureSetup for vidkit_aplonk::Aplonk<E> {
    fn insecure_srs(&self, max_bytes: usize) -> vidkit_aplonk::AplonkSrs<E> {
        aplonk_srs(self.code().k(), max_bytes)
    }
}
