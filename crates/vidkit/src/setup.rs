//! Building each scheme's SRS from powers-of-τ strings.
//!
//! Every scheme's universal setup is made of one or more independent
//! powers-of-τ strings ([`vidkit_core::Srs`]): one for the KZG-based schemes
//! and Semi-AVID, two (τ and σ) for aPlonK. [`SchemeSetup`] says how many and
//! how long they must be for files of a given size, and assembles the scheme's
//! `Srs` type from them, so that generic code (the CLI, the sweep runner) can
//! load a setup from a file or, behind `test-srs`, make an insecure one.

use crate::Error;
use vidkit_core::{Scheme, Srs};

/// Numbers of G1 and G2 powers of one powers-of-τ string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SrsShape {
    /// `[τ^i]_1` for `i < g1`.
    pub g1: usize,
    /// `[τ^i]_2` for `i < g2` (at least 2).
    pub g2: usize,
}

/// A [`Scheme`] whose SRS the facade knows how to build.
///
/// Implemented in the facade for every scheme of vidkit over every curve.
pub trait SchemeSetup: Scheme {
    /// How many independent powers-of-τ strings the scheme's SRS is made of.
    const TRAPDOORS: usize;

    /// The shape of each of the [`Self::TRAPDOORS`] strings needed by
    /// [`Scheme::setup`] for files of up to `max_bytes` bytes.
    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, Error>;

    /// Assembles the scheme's SRS from (already validated) strings, one per
    /// trapdoor; fails with [`Error::TrapdoorCount`] on another count. Longer
    /// strings than [`SchemeSetup::srs_shape`] asks for are fine.
    fn srs_from_powers(&self, powers: Vec<Srs<Self::Curve>>) -> Result<Self::Srs, Error>;

    /// **INSECURE**: an SRS for files of up to `max_bytes` bytes whose
    /// trapdoors are derived from `seed` (string `t` uses seed `seed + t`), so
    /// anyone knowing the seed can forge proofs. Deterministic: the same seed
    /// gives the same τ whatever `max_bytes` is. Tests, benchmarks and demos only.
    #[cfg(feature = "test-srs")]
    fn insecure_srs(&self, max_bytes: usize, seed: u64) -> Result<Self::Srs, Error> {
        let powers = self
            .srs_shape(max_bytes)?
            .into_iter()
            .zip(0u64..)
            .map(|(s, t)| Srs::insecure_from_seed(seed.wrapping_add(t), s.g1, s.g2))
            .collect();
        self.srs_from_powers(powers)
    }
}

/// [`SchemeSetup::srs_from_powers`] for schemes whose SRS is one string.
#[allow(dead_code)] // used by the scheme impls that are compiled in
pub(crate) fn single<E: ark_ec::pairing::Pairing>(
    scheme: &'static str,
    mut powers: Vec<Srs<E>>,
) -> Result<Srs<E>, Error> {
    match powers.len() {
        1 => Ok(powers.pop().expect("length checked")),
        got => Err(Error::TrapdoorCount {
            scheme,
            need: 1,
            got,
        }),
    }
}
