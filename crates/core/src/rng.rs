//! Verifier-private randomness for batch verification (docs/spec.md §2).
//!
//! Batch verification combines many checks with random coefficients that the
//! prover must not be able to predict. [`os_rng`] returns a ChaCha20 generator
//! seeded from the operating system; pass it (or any other secret RNG) to
//! `batch_verify`. Seeded generators are for tests only.

pub use rand_chacha::ChaCha20Rng;

/// A ChaCha20 RNG seeded from the operating system's entropy source.
pub fn os_rng() -> ChaCha20Rng {
    use rand::SeedableRng;
    ChaCha20Rng::from_entropy()
}
