//! `Fq2 = Fq[u]/(u^2 + 1)` (`p ≡ 3 mod 4`, so -1 is a non-residue).

use ark_ff::fields::{Fp2, Fp2Config};

use crate::{constants::FQ2_C1, Fq};

/// An element `a0 + a1 u` of `Fq2`.
pub type Fq2 = Fp2<Fq2Config>;

/// The configuration of `Fq2`: non-residue -1.
pub struct Fq2Config;

impl Fp2Config for Fq2Config {
    type Fp = Fq;

    const NONRESIDUE: Fq = ark_ff::MontFp!("-1");

    const FROBENIUS_COEFF_FP2_C1: &'static [Fq] = &FQ2_C1;

    #[inline(always)]
    fn mul_fp_by_nonresidue_in_place(fp: &mut Self::Fp) -> &mut Self::Fp {
        use ark_ff::AdditiveGroup;
        fp.neg_in_place()
    }

    #[inline(always)]
    fn sub_and_mul_fp_by_nonresidue(y: &mut Self::Fp, x: &Self::Fp) {
        *y += x;
    }

    #[inline(always)]
    fn mul_fp_by_nonresidue_plus_one_and_add(y: &mut Self::Fp, x: &Self::Fp) {
        *y = *x;
    }

    #[inline(always)]
    fn mul_fp_by_nonresidue_and_add(y: &mut Self::Fp, x: &Self::Fp) {
        use ark_ff::AdditiveGroup;
        y.neg_in_place();
        *y += x;
    }
}
