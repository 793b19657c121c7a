//! G1 of a BLS24 curve: type aliases and the (trivially) prepared point.

use ark_ec::{
    short_weierstrass::{Affine, Projective},
    AffineRepr, CurveGroup,
};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use ark_std::fmt;
// the `CanonicalDeserialize` derive names `Vec`, which the no_std prelude lacks
use ark_std::vec::Vec;

use super::Bls24Config;

/// An affine point of G1.
pub type G1Affine<P> = Affine<<P as Bls24Config>::G1Config>;
/// A projective (Jacobian) point of G1.
pub type G1Projective<P> = Projective<<P as Bls24Config>::G1Config>;

/// A G1 point prepared for the Miller loop: its affine form.
#[derive(CanonicalSerialize, CanonicalDeserialize)]
pub struct G1Prepared<P: Bls24Config>(pub G1Affine<P>);

impl<P: Bls24Config> Clone for G1Prepared<P> {
    fn clone(&self) -> Self {
        Self(self.0)
    }
}

impl<P: Bls24Config> fmt::Debug for G1Prepared<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("G1Prepared").field(&self.0).finish()
    }
}

impl<P: Bls24Config> PartialEq for G1Prepared<P> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<P: Bls24Config> Eq for G1Prepared<P> {}

impl<P: Bls24Config> From<G1Affine<P>> for G1Prepared<P> {
    fn from(other: G1Affine<P>) -> Self {
        Self(other)
    }
}

impl<P: Bls24Config> From<G1Projective<P>> for G1Prepared<P> {
    fn from(q: G1Projective<P>) -> Self {
        q.into_affine().into()
    }
}

impl<P: Bls24Config> From<&G1Affine<P>> for G1Prepared<P> {
    fn from(other: &G1Affine<P>) -> Self {
        Self(*other)
    }
}

impl<P: Bls24Config> From<&G1Projective<P>> for G1Prepared<P> {
    fn from(q: &G1Projective<P>) -> Self {
        q.into_affine().into()
    }
}

impl<P: Bls24Config> G1Prepared<P> {
    /// Whether the point is the identity.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
}

impl<P: Bls24Config> Default for G1Prepared<P> {
    fn default() -> Self {
        Self(G1Affine::<P>::generator())
    }
}
