//! A generic model of the BLS24 family of pairing-friendly curves, built the
//! way arkworks builds BLS12 (`ark_ec::models::bls12`), which arkworks does
//! not ship for embedding degree 24.
//!
//! A BLS24 curve is fixed by a seed `x`: `r = x^8 - x^4 + 1`,
//! `p = (x - 1)^2 r / 3 + x`, `E: y^2 = x^3 + b` over `Fp`, and G2 on a sextic
//! twist `E'` over `Fp4`. The tower is
//! `Fp2 = Fp[u]/(u^2 - β)`, `Fp4 = Fp2[v]/(v^2 - ξ)`, `Fp12 = Fp4[w]/(w^3 - v)`,
//! `Fp24 = Fp12[i]/(i^2 - w)` (so `i^6 = v`). Implementing [`Bls24Config`]
//! (constants only: seed, twist type, field configurations, curve
//! configurations) yields the pairing [`Bls24<P>`].
//!
//! The pairing is the optimal ate pairing (Vercauteren, "Optimal pairings",
//! IEEE TIT 2010): `f_{x,Q}(P)`, one Miller loop over the 2-NAF of `x` with no
//! Frobenius correction terms, followed by the final exponentiation
//! `f^(3 (p^24 - 1)/r)` (module [`pairing`]). The factor 3 is gnark-crypto's
//! choice (Hayashida–Hayasaka–Teruya, eprint 2020/875): the hard part is
//! cheaper for `3 Φ24(p)/r` than for `Φ24(p)/r`, and `gcd(3, r) = 1` makes the
//! result a non-degenerate bilinear pairing, the cube of the textbook one.

pub mod compressed;
pub mod cyclotomic;
pub mod exp_by_x;
pub mod fp12;
pub mod fp24;
mod fp24_ops;
pub mod fp4;
pub mod g1;
pub mod g2;
pub mod pairing;

use ark_ec::{
    pairing::{MillerLoopOutput, Pairing, PairingOutput},
    short_weierstrass::SWCurveConfig,
    CurveConfig,
};
use ark_ff::{fields::Fp2Config, PrimeField};
use ark_std::{fmt, marker::PhantomData, vec::Vec};

pub use self::{
    fp12::{Fp12, Fp12Config, Fp12ConfigWrapper},
    fp24::{Fp24, Fp24Config, Fp24ConfigWrapper},
    fp4::{Fp4, Fp4Config, Fp4ConfigWrapper},
    g1::{G1Affine, G1Prepared, G1Projective},
    g2::{G2Affine, G2Prepared, G2Projective},
};

/// Whether G2 lives on a multiplicative (M) or divisive (D) sextic twist:
/// `E': y^2 = x^3 + b v` (M) or `y^2 = x^3 + b / v` (D).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwistType {
    /// `E': y^2 = x^3 + b v`, untwisted by `(x, y) ↦ (x / w, y / (w i))`.
    M,
    /// `E': y^2 = x^3 + b / v`, untwisted by `(x, y) ↦ (x w, y w i)`.
    D,
}

/// The constants that define one BLS24 curve.
pub trait Bls24Config: 'static + Sized + Send + Sync {
    /// `|x|`, little-endian 64-bit limbs.
    const X: &'static [u64];
    /// Whether `x < 0`.
    const X_IS_NEGATIVE: bool;
    /// The twist type of G2.
    const TWIST_TYPE: TwistType;

    /// The base field `Fp`.
    type Fp: PrimeField;
    /// `Fp2 = Fp[u]/(u^2 - β)`.
    type Fp2Config: Fp2Config<Fp = Self::Fp>;
    /// `Fp4 = Fp2[v]/(v^2 - ξ)`.
    type Fp4Config: Fp4Config<Fp2Config = Self::Fp2Config>;
    /// `Fp12 = Fp4[w]/(w^3 - v)`.
    type Fp12Config: Fp12Config<Fp4Config = Self::Fp4Config>;
    /// `Fp24 = Fp12[i]/(i^2 - w)`.
    type Fp24Config: Fp24Config<Fp12Config = Self::Fp12Config>;
    /// The curve of G1, over `Fp`.
    type G1Config: SWCurveConfig<BaseField = Self::Fp>;
    /// The twist carrying G2, over `Fp4`.
    type G2Config: SWCurveConfig<
        BaseField = Fp4<Self::Fp4Config>,
        ScalarField = <Self::G1Config as CurveConfig>::ScalarField,
    >;

    /// The 2-NAF of `|x|`, least significant digit first.
    fn x_naf() -> Vec<i8> {
        ark_ff::biginteger::arithmetic::find_naf(Self::X)
    }
}

/// The optimal ate pairing of the BLS24 curve described by `P`.
pub struct Bls24<P: Bls24Config>(PhantomData<fn() -> P>);

impl<P: Bls24Config> Clone for Bls24<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: Bls24Config> Copy for Bls24<P> {}
impl<P: Bls24Config> PartialEq for Bls24<P> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<P: Bls24Config> Eq for Bls24<P> {}
impl<P: Bls24Config> fmt::Debug for Bls24<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Bls24")
    }
}

impl<P: Bls24Config> Pairing for Bls24<P> {
    type BaseField = <P::G1Config as CurveConfig>::BaseField;
    type ScalarField = <P::G1Config as CurveConfig>::ScalarField;
    type G1 = G1Projective<P>;
    type G1Affine = G1Affine<P>;
    type G1Prepared = G1Prepared<P>;
    type G2 = G2Projective<P>;
    type G2Affine = G2Affine<P>;
    type G2Prepared = G2Prepared<P>;
    type TargetField = Fp24<P::Fp24Config>;

    fn multi_miller_loop(
        a: impl IntoIterator<Item = impl Into<Self::G1Prepared>>,
        b: impl IntoIterator<Item = impl Into<Self::G2Prepared>>,
    ) -> MillerLoopOutput<Self> {
        MillerLoopOutput(pairing::multi_miller_loop::<P>(a, b))
    }

    fn final_exponentiation(f: MillerLoopOutput<Self>) -> Option<PairingOutput<Self>> {
        pairing::final_exponentiation::<P>(&f.0).map(PairingOutput)
    }
}
