//! The field arithmetic of batches of affine additions: the one inversion
//! a batch shares, and the products and squares of its slopes.
//!
//! Montgomery's trick turns a batch of `b` slope divisions into `3(b − 1)`
//! multiplications and **one** inversion. arkworks inverts by a binary
//! extended Euclid in portable Rust, some 340 `F_p` multiplications on
//! BLS12-381, so with the batches of this crate (a few tens of additions
//! for [`crate::forward_values`], up to about 500 for tables and buckets)
//! the inversion costs up to several multiplications per addition. For
//! BLS12-381's `F_p` and `F_{p^2}` (the coordinates of G1 and G2) it goes
//! to blst's assembly instead (`vidkit_blst::fp`, about 5× faster); every
//! other field keeps arkworks' `Field::inverse`. The value is the same.
//!
//! The products and squares of BLS12-381's `F_{p^2}` (G2's additions) go to
//! blst too: 79 ns and 54 ns against arkworks' 95 ns and 73 ns, dependent
//! chains on one core of the 2-vCPU AMD EPYC VM. In `F_p` blst's product
//! took 28 ns against arkworks' 25 ns there, so G1 keeps arkworks'. The
//! type checks are resolved at compile time, one per monomorphised caller.

use ark_ff::Field;

/// `1/x`, `None` for zero (blst for BLS12-381's `F_p` and `F_{p^2}` with
/// `std` on 64-bit targets, arkworks otherwise).
#[inline]
pub(crate) fn inverse<F: Field>(x: F) -> Option<F> {
    #[cfg(all(feature = "std", target_pointer_width = "64"))]
    {
        use ark_std::any::Any;
        let mut out = x;
        let slot = &mut out as &mut dyn Any;
        if let Some(v) = slot.downcast_mut::<ark_bls12_381::Fq>() {
            *v = vidkit_blst::fp::inverse(v)?;
            return Some(out);
        }
        if let Some(v) = slot.downcast_mut::<ark_bls12_381::Fq2>() {
            *v = vidkit_blst::fp::inverse_fp2(v)?;
            return Some(out);
        }
    }
    x.inverse()
}

/// Whether `F` is BLS12-381's `F_{p^2}` and blst multiplies in it here
/// (`std`, 64-bit): a constant of each monomorphised caller, so the other
/// fields compile to arkworks' arithmetic alone.
#[inline(always)]
fn blst_fp2<F: Field>() -> bool {
    cfg!(all(feature = "std", target_pointer_width = "64"))
        && core::any::TypeId::of::<F>() == core::any::TypeId::of::<ark_bls12_381::Fq2>()
}

/// `a·b`: blst for BLS12-381's `F_{p^2}` (the coordinates of G2) with `std`
/// on 64-bit targets, arkworks otherwise. blst's `F_{p^2}` product takes
/// about 0.83× arkworks' time and its square 0.74× here; in `F_p` blst's
/// product is not faster than arkworks' (see the module docs).
#[inline(always)]
pub(crate) fn mul<F: Field>(a: &F, b: &F) -> F {
    if blst_fp2::<F>() {
        return blst_fp2_op(a, Some(b));
    }
    *a * b
}

/// `a ← a·b` (as [`mul`]; in place, as arkworks' `*=`, for the chains of
/// Montgomery's trick).
#[inline(always)]
pub(crate) fn mul_assign<F: Field>(a: &mut F, b: &F) {
    if blst_fp2::<F>() {
        *a = blst_fp2_op(a, Some(b));
    } else {
        *a *= b;
    }
}

/// `a²` (blst for BLS12-381's `F_{p^2}`, as [`mul`]).
#[inline(always)]
pub(crate) fn square<F: Field>(a: &F) -> F {
    if blst_fp2::<F>() {
        return blst_fp2_op(a, None);
    }
    a.square()
}

/// `a·b` (or `a²` for `None`) by blst when `F` is BLS12-381's `F_{p^2}`,
/// by arkworks otherwise (checked downcasts, resolved at compile time).
#[inline(always)]
fn blst_fp2_op<F: Field>(a: &F, b: Option<&F>) -> F {
    #[cfg(all(feature = "std", target_pointer_width = "64"))]
    {
        use ark_std::any::Any;
        let mut out = *a;
        if let Some(v) = (&mut out as &mut dyn Any).downcast_mut::<ark_bls12_381::Fq2>() {
            match b.map(|b| (b as &dyn Any).downcast_ref::<ark_bls12_381::Fq2>()) {
                Some(Some(b)) => *v = vidkit_blst::fp::mul_fp2(v, b),
                None => *v = vidkit_blst::fp::square_fp2(v),
                Some(None) => unreachable!("a and b have the same type"),
            }
            return out;
        }
    }
    match b {
        Some(b) => *a * b,
        None => a.square(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_std::rand::SeedableRng;

    fn check<F: Field>() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        let mut xs: Vec<F> = (0..50).map(|_| F::rand(&mut rng)).collect();
        xs.extend([F::zero(), F::one(), -F::one()]);
        for (i, &x) in xs.iter().enumerate() {
            assert_eq!(inverse(x), x.inverse());
            assert_eq!(square(&x), x.square());
            for y in &xs[i..] {
                assert_eq!(mul(&x, y), x * y);
            }
        }
    }

    #[test]
    fn equals_arkworks_on_every_coordinate_field() {
        check::<ark_bls12_381::Fq>();
        check::<ark_bls12_381::Fq2>();
        check::<ark_bn254::Fq>();
        check::<ark_bn254::Fq2>();
    }
}
