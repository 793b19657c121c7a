//! G2 of a BLS24 curve (a sextic twist over `Fp4`) and its preparation for
//! the Miller loop: the line coefficients of every step of the loop over the
//! 2-NAF of the seed x, computed once per G2 point.
//!
//! The point T runs in homogeneous projective coordinates on the twist and
//! the formulas are those of Costello–Lange–Naehrig as rewritten in
//! eprint 2013/722 §4 (doubling) and mixed addition, exactly as arkworks'
//! BLS12 model (`ark_ec::models::bls12::g2`) and gnark-crypto use them, one
//! tower level up (`Fp2 → Fp4`). For an M-type twist the line at `P` is
//! `c0 + (c1 x_P) w + (c2 y_P) w i`; for a D-type twist
//! `(c0 y_P) + (c1 x_P) i + c2 w i`.

use ark_ec::{
    short_weierstrass::{Affine, Projective, SWCurveConfig},
    AffineRepr, CurveGroup,
};
use ark_ff::{AdditiveGroup, Field, One};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use ark_std::{fmt, vec::Vec};

use super::{
    fp4::{Fp4, Fp4Config},
    Bls24Config, TwistType,
};

/// An affine point of G2.
pub type G2Affine<P> = Affine<<P as Bls24Config>::G2Config>;
/// A projective (Jacobian) point of G2.
pub type G2Projective<P> = Projective<<P as Bls24Config>::G2Config>;

/// The three `Fp4` coefficients of one line.
pub type EllCoeff<P> = (
    Fp4<<P as Bls24Config>::Fp4Config>,
    Fp4<<P as Bls24Config>::Fp4Config>,
    Fp4<<P as Bls24Config>::Fp4Config>,
);

/// A G2 point prepared for the Miller loop: the coefficients of every line
/// (doubling lines, and addition lines after each non-zero NAF digit, in loop
/// order), so a pairing with a fixed G2 point skips all G2 arithmetic.
#[derive(CanonicalSerialize, CanonicalDeserialize)]
pub struct G2Prepared<P: Bls24Config> {
    /// The line coefficients, in the order the Miller loop consumes them.
    pub ell_coeffs: Vec<EllCoeff<P>>,
    /// Whether the point is the identity (then the pairing factor is 1).
    pub infinity: bool,
}

impl<P: Bls24Config> Clone for G2Prepared<P> {
    fn clone(&self) -> Self {
        Self {
            ell_coeffs: self.ell_coeffs.clone(),
            infinity: self.infinity,
        }
    }
}

impl<P: Bls24Config> fmt::Debug for G2Prepared<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("G2Prepared")
            .field("ell_coeffs", &self.ell_coeffs)
            .field("infinity", &self.infinity)
            .finish()
    }
}

impl<P: Bls24Config> PartialEq for G2Prepared<P> {
    fn eq(&self, other: &Self) -> bool {
        self.infinity == other.infinity && self.ell_coeffs == other.ell_coeffs
    }
}

impl<P: Bls24Config> Eq for G2Prepared<P> {}

/// T in homogeneous projective coordinates `(X : Y : Z)`, `x = X/Z`, `y = Y/Z`.
struct G2HomProjective<P: Bls24Config> {
    x: Fp4<P::Fp4Config>,
    y: Fp4<P::Fp4Config>,
    z: Fp4<P::Fp4Config>,
}

impl<P: Bls24Config> Default for G2Prepared<P> {
    fn default() -> Self {
        Self::from(G2Affine::<P>::generator())
    }
}

impl<P: Bls24Config> From<G2Affine<P>> for G2Prepared<P> {
    fn from(q: G2Affine<P>) -> Self {
        let Some((q_x, q_y)) = q.xy() else {
            return Self {
                ell_coeffs: Vec::new(),
                infinity: true,
            };
        };
        let two_inv = P::Fp::one()
            .double()
            .inverse()
            .expect("the characteristic is odd");
        let neg_q = -q;
        let naf = P::x_naf();
        let mut ell_coeffs =
            Vec::with_capacity(naf.len() + naf.iter().filter(|d| **d != 0).count());
        let mut r = G2HomProjective::<P> {
            x: q_x,
            y: q_y,
            z: Fp4::<P::Fp4Config>::one(),
        };
        for digit in naf.iter().rev().skip(1) {
            ell_coeffs.push(r.double_in_place(&two_inv));
            match digit {
                1 => ell_coeffs.push(r.add_in_place(&q)),
                -1 => ell_coeffs.push(r.add_in_place(&neg_q)),
                _ => {}
            }
        }
        Self {
            ell_coeffs,
            infinity: false,
        }
    }
}

impl<P: Bls24Config> From<G2Projective<P>> for G2Prepared<P> {
    fn from(q: G2Projective<P>) -> Self {
        q.into_affine().into()
    }
}

impl<P: Bls24Config> From<&G2Affine<P>> for G2Prepared<P> {
    fn from(other: &G2Affine<P>) -> Self {
        (*other).into()
    }
}

impl<P: Bls24Config> From<&G2Projective<P>> for G2Prepared<P> {
    fn from(q: &G2Projective<P>) -> Self {
        q.into_affine().into()
    }
}

impl<P: Bls24Config> G2Prepared<P> {
    /// Whether the prepared point is the identity.
    pub const fn is_zero(&self) -> bool {
        self.infinity
    }
}

impl<P: Bls24Config> G2HomProjective<P> {
    /// T ← 2T; returns the tangent line at T (eprint 2013/722, §4.3 with the
    /// halving folded in as in arkworks).
    fn double_in_place(&mut self, two_inv: &P::Fp) -> EllCoeff<P> {
        let m = <P::Fp4Config as Fp4Config>::mul_fp4;
        let sq = <P::Fp4Config as Fp4Config>::square_fp4;
        let mut a = m(&self.x, &self.y);
        a = a.mul_by_base_prime_field(two_inv);
        let b = sq(&self.y);
        let c = sq(&self.z);
        let e = m(&P::G2Config::COEFF_B, &(c.double() + c));
        let f = e.double() + e;
        let mut g = b + f;
        g = g.mul_by_base_prime_field(two_inv);
        let h = sq(&(self.y + self.z)) - (b + c);
        let i = e - b;
        let j = sq(&self.x);
        let e_square = sq(&e);

        self.x = m(&a, &(b - f));
        self.y = sq(&g) - (e_square.double() + e_square);
        self.z = m(&b, &h);
        match P::TWIST_TYPE {
            TwistType::M => (i, j.double() + j, -h),
            TwistType::D => (-h, j.double() + j, i),
        }
    }

    /// T ← T + Q for affine Q; returns the line through T and Q.
    fn add_in_place(&mut self, q: &G2Affine<P>) -> EllCoeff<P> {
        let (qx, qy) = q.xy().expect("Q is not the identity");
        let m = <P::Fp4Config as Fp4Config>::mul_fp4;
        let sq = <P::Fp4Config as Fp4Config>::square_fp4;
        let theta = self.y - m(&qy, &self.z);
        let lambda = self.x - m(&qx, &self.z);
        let c = sq(&theta);
        let d = sq(&lambda);
        let e = m(&lambda, &d);
        let f = m(&self.z, &c);
        let g = m(&self.x, &d);
        let h = e + f - g.double();
        self.x = m(&lambda, &h);
        self.y = m(&theta, &(g - h)) - m(&e, &self.y);
        self.z = m(&self.z, &e);
        let j = m(&theta, &qx) - m(&lambda, &qy);
        match P::TWIST_TYPE {
            TwistType::M => (j, -theta, lambda),
            TwistType::D => (lambda, -theta, j),
        }
    }
}
