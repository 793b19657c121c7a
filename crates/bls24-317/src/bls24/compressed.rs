//! Karabina's compressed squaring in the cyclotomic subgroup of `Fp24`
//! (eprint 2010/542, Theorem 3.2), as gnark-crypto's `bls24-317` uses it
//! (`CyclotomicSquareCompressed` / `DecompressKarabina`).
//!
//! See `Fp24` as `F_{q^6}` with `q = p^4` and name its `Fp4` coordinates
//! `g0 = c0.c0, g1 = c0.c1, g2 = c0.c2, g3 = c1.c0, g4 = c1.c1, g5 = c1.c2`.
//! For `g` in the cyclotomic subgroup, the four coordinates
//! `(g1, g2, g3, g5)` determine `g` (Karabina's `(g2, g3, g4, g5)` in
//! gnark's naming for this tower), and squaring them needs only 6 `Fp4`
//! squarings where Granger–Scott needs the work of 9. Recovering `g4` costs one
//! `Fp4` inversion, so compressed squaring pays only on long runs of
//! squarings, such as those inside the exponentiation by the seed `x`
//! (runs of 9 and 15 for BLS24-317).

use ark_ff::{AdditiveGroup, Field, One, Zero};

use super::{
    fp12::Fp12Config,
    fp24::{Fp24, Fp24Config},
    fp4::{mul_fp4_by_v, Fp4, Fp4Config},
};

type Fp4C<P> = <<P as Fp24Config>::Fp12Config as Fp12Config>::Fp4Config;

/// An element of the cyclotomic subgroup kept as its Karabina coordinates
/// `(g1, g2, g3, g5)`; `g0` and `g4` are recovered by [`Self::decompress`].
pub struct Compressed<P: Fp24Config> {
    g1: Fp4<Fp4C<P>>,
    g2: Fp4<Fp4C<P>>,
    g3: Fp4<Fp4C<P>>,
    g5: Fp4<Fp4C<P>>,
}

#[inline(always)]
fn times_v<C: super::fp4::Fp4Config>(mut a: Fp4<C>) -> Fp4<C> {
    mul_fp4_by_v(&mut a);
    a
}

impl<P: Fp24Config> Compressed<P> {
    /// The compressed form of `f`, which must lie in the cyclotomic
    /// subgroup for [`Self::decompress`] to give back `f`'s powers.
    pub fn new(f: &Fp24<P>) -> Self {
        Self {
            g1: f.0.c0.c1,
            g2: f.0.c0.c2,
            g3: f.0.c1.c0,
            g5: f.0.c1.c2,
        }
    }

    /// Squares the compressed element in place (6 `Fp4` squarings).
    pub fn square_in_place(&mut self) {
        let (g1, g2, g3, g5) = (self.g1, self.g2, self.g3, self.g5);
        let sq = <Fp4C<P> as Fp4Config>::square_fp4;
        let g1_sq = sq(&g1);
        let g5_sq = sq(&g5);
        let g2_sq = sq(&g2);
        let g3_sq = sq(&g3);
        // 2 g1 g5 and 2 g2 g3 from the squares of the sums
        let g1g5_2 = sq(&(g1 + g5)) - g1_sq - g5_sq;
        let g2g3_2 = sq(&(g2 + g3)) - g2_sq - g3_sq;

        // g3' = 3 v (2 g1 g5) + 2 g3
        let t = times_v(g1g5_2);
        self.g3 = (t + g3).double() + t;
        // g2' = 3 (v g5^2 + g1^2) - 2 g2
        let t = times_v(g5_sq) + g1_sq;
        self.g2 = (t - g2).double() + t;
        // g1' = 3 (g3^2 + v g2^2) - 2 g1
        let t = g3_sq + times_v(g2_sq);
        self.g1 = (t - g1).double() + t;
        // g5' = 3 (2 g2 g3) + 2 g5
        self.g5 = (g2g3_2 + g5).double() + g2g3_2;
    }

    /// Squares the compressed element `n` times.
    pub fn square_n(&mut self, n: usize) {
        for _ in 0..n {
            self.square_in_place();
        }
    }

    /// The full element: `g4 = (v g5^2 + 3 g1^2 - 2 g2) / (4 g3)` (or
    /// `2 g1 g5 / g2` when `g3 = 0`; `1` when `g2 = g3 = 0`), then
    /// `g0 = v (2 g4^2 + g3 g5 - 3 g1 g2) + 1`.
    pub fn decompress(&self) -> Fp24<P> {
        let (g1, g2, g3, g5) = (self.g1, self.g2, self.g3, self.g5);
        let m = <Fp4C<P> as Fp4Config>::mul_fp4;
        let sq = <Fp4C<P> as Fp4Config>::square_fp4;
        let (num, den) = if g3.is_zero() {
            if g2.is_zero() {
                return Fp24::one();
            }
            (m(&g1, &g5).double(), g2)
        } else {
            let g1_sq = sq(&g1);
            let t = (g1_sq - g2).double() + g1_sq;
            (times_v(sq(&g5)) + t, g3.double().double())
        };
        let g4 = m(&num, &den.inverse().expect("the denominator is non-zero"));
        let g1g2 = m(&g1, &g2);
        let t = (sq(&g4) - g1g2).double() - g1g2 + m(&g3, &g5);
        let g0 = times_v(t) + Fp4::<Fp4C<P>>::one();
        let mut f = Fp24::<P>::one();
        f.0.c0.c0 = g0;
        f.0.c0.c1 = g1;
        f.0.c0.c2 = g2;
        f.0.c1.c0 = g3;
        f.0.c1.c1 = g4;
        f.0.c1.c2 = g5;
        f
    }
}
