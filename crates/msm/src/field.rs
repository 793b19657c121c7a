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
//! chains on one core of the 2-vCPU AMD EPYC VM. In `F_p` (G1's additions)
//! blst's product is no faster than arkworks' portable one (a foreign call
//! per product), so on BLS12-381 and BN254 the products and squares of `F_p`
//! go to [`vidkit_mont`]'s inlined assembly instead where the running CPU has
//! BMI2 and ADX (x86-64 with `std`): 0.74× arkworks' time on BLS12-381 and
//! 0.84× on BN254 for independent products on one core of a 2-vCPU AMD
//! EPYC VM, and 0.79–0.87× for whole MSMs and table builds (docs/msm.md).
//! Elsewhere arkworks multiplies. The products and squares of BN254's
//! `F_{p^2}` (its G2's additions) go to [`vidkit_mont::QuadModulus`] on
//! every target: Karatsuba with one Montgomery reduction per coefficient,
//! portable Rust, 0.76× arkworks' time for a chain of products and 0.88–0.90×
//! for whole G2 MSMs (docs/msm.md). The type checks are resolved at compile
//! time, one per monomorphised caller; the CPU check is the standard
//! library's cached one.
//!
//! The sums and differences of the additions, and the sign of a signed
//! digit, go to [`vidkit_mont`]'s branch-free code for BLS12-381's and
//! BN254's `F_p` and `F_{p^2}` ([`add`], [`sub`], [`neg_if`]): arkworks'
//! reduction branches on a comparison that random coordinates send either
//! way about as often, and the digit's sign is random too. Whole MSMs took
//! 0.97–0.99× their time in G1 and 0.99–1.00× in G2 (docs/msm.md).
//!
//! A field this crate cannot name (BLS24-317's `F_{q^4}`, defined in a crate
//! that depends on this one) reaches its own fast products through
//! [`BatchArith`], which the batch-affine entry
//! [`crate::pippenger::msm_with_arith`] takes as a type parameter.

use ark_ff::{BigInt, Field, Fp, MontBackend, MontConfig, PrimeField};

/// The field arithmetic of batch-affine additions over `F`: the products
/// and squares of their slopes and the one inversion a batch shares, and
/// the products of the bucket reduction's XYZZ additions.
///
/// [`Native`] is this crate's own choice (the module's dispatch above). A
/// curve crate whose coordinate field has faster arithmetic than arkworks'
/// operators give it (a type this crate cannot name, such as BLS24-317's
/// `F_{q^4}`) implements this trait and passes it to
/// [`crate::pippenger::msm_bigint_with_arith`] from its
/// `SWCurveConfig::msm` hook, so generic code reaches it with no new bound.
/// The results must equal arkworks' field operations.
pub trait BatchArith<F: Field> {
    /// `a·b`.
    fn mul(a: &F, b: &F) -> F;
    /// `a²`.
    fn square(a: &F) -> F;
    /// `a ← a·b` (the chains of Montgomery's trick).
    #[inline(always)]
    fn mul_assign(a: &mut F, b: &F) {
        *a = Self::mul(a, b);
    }
    /// `1/x`, `None` for zero.
    #[inline]
    fn inverse(x: F) -> Option<F> {
        inverse(x)
    }
    /// `a + b` (arkworks' by default).
    #[inline(always)]
    fn add(a: &F, b: &F) -> F {
        *a + b
    }
    /// `a − b` (arkworks' by default).
    #[inline(always)]
    fn sub(a: &F, b: &F) -> F {
        *a - b
    }
    /// `−a` if `negate`, `a` otherwise (arkworks' by default).
    #[inline(always)]
    fn neg_if(a: &F, negate: bool) -> F {
        if negate {
            -*a
        } else {
            *a
        }
    }
}

/// vidkit-msm's own arithmetic for every field (the module docs): blst,
/// [`vidkit_mont`] or arkworks, chosen per type at compile time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Native;

impl<F: Field> BatchArith<F> for Native {
    #[inline(always)]
    fn mul(a: &F, b: &F) -> F {
        mul(a, b)
    }
    #[inline(always)]
    fn square(a: &F) -> F {
        square(a)
    }
    #[inline(always)]
    fn mul_assign(a: &mut F, b: &F) {
        mul_assign(a, b)
    }
    #[inline(always)]
    fn add(a: &F, b: &F) -> F {
        add(a, b)
    }
    #[inline(always)]
    fn sub(a: &F, b: &F) -> F {
        sub(a, b)
    }
    #[inline(always)]
    fn neg_if(a: &F, negate: bool) -> F {
        neg_if(a, negate)
    }
}

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
/// on 64-bit targets, [`vidkit_mont`] for BLS12-381's and BN254's `F_p`
/// where the CPU has BMI2 and ADX, arkworks otherwise (see the module docs).
#[inline(always)]
pub(crate) fn mul<F: Field>(a: &F, b: &F) -> F {
    if blst_fp2::<F>() {
        return blst_fp2_op(a, Some(b));
    }
    if bn254_fp2::<F>() {
        return bn254_fp2_op(a, Some(b));
    }
    if mont_fp::<F>()
        && let Some(c) = mont_op(a, b)
    {
        return c;
    }
    *a * b
}

/// `a ← a·b` (as [`mul`]; in place, as arkworks' `*=`, for the chains of
/// Montgomery's trick).
#[inline(always)]
pub(crate) fn mul_assign<F: Field>(a: &mut F, b: &F) {
    if blst_fp2::<F>() {
        *a = blst_fp2_op(a, Some(b));
    } else if bn254_fp2::<F>() {
        *a = bn254_fp2_op(a, Some(b));
    } else if mont_fp::<F>()
        && let Some(c) = mont_op(a, b)
    {
        *a = c;
    } else {
        *a *= b;
    }
}

/// `a²` (as [`mul`]; in [`vidkit_mont`]'s assembly as the product `a·a`).
#[inline(always)]
pub(crate) fn square<F: Field>(a: &F) -> F {
    if blst_fp2::<F>() {
        return blst_fp2_op(a, None);
    }
    if bn254_fp2::<F>() {
        return bn254_fp2_op(a, None);
    }
    if mont_fp::<F>()
        && let Some(c) = mont_op(a, a)
    {
        return c;
    }
    a.square()
}

/// Whether `F` is BLS12-381's or BN254's `F_p` on x86-64 with `std`,
/// where [`vidkit_mont`] multiplies if the running CPU has BMI2 and ADX:
/// a constant of each monomorphised caller, as [`blst_fp2`].
#[inline(always)]
fn mont_fp<F: Field>() -> bool {
    use core::any::TypeId;
    cfg!(all(feature = "std", target_arch = "x86_64"))
        && (TypeId::of::<F>() == TypeId::of::<ark_bls12_381::Fq>()
            || TypeId::of::<F>() == TypeId::of::<ark_bn254::Fq>())
}

/// BLS12-381's `p` for [`vidkit_mont`].
const BLS12_381_P: vidkit_mont::Modulus<6> =
    vidkit_mont::Modulus::new(<ark_bls12_381::Fq as PrimeField>::MODULUS.0);

/// BN254's `p` for [`vidkit_mont`].
const BN254_P: vidkit_mont::Modulus<4> =
    vidkit_mont::Modulus::new(<ark_bn254::Fq as PrimeField>::MODULUS.0);

/// `a·b` in assembly when `F` is one of the fields of [`mont_fp`] and the
/// CPU has BMI2 and ADX; `None` otherwise (the caller multiplies with
/// arkworks). arkworks and [`vidkit_mont`] keep the same Montgomery limbs
/// (`R = 2^{64N}`), so the values cross over as they are.
#[inline(always)]
fn mont_op<F: Field>(a: &F, b: &F) -> Option<F> {
    mont_in::<F, ark_bls12_381::FqConfig, 6>(a, b, &BLS12_381_P)
        .or_else(|| mont_in::<F, ark_bn254::FqConfig, 4>(a, b, &BN254_P))
}

/// [`mont_op`] when `F` is `Fp<MontBackend<T, N>, N>` (a checked
/// downcast, resolved at compile time), `None` otherwise.
#[inline(always)]
fn mont_in<F: Field, T: MontConfig<N>, const N: usize>(
    a: &F,
    b: &F,
    p: &vidkit_mont::Modulus<N>,
) -> Option<F> {
    use ark_std::any::Any;
    let x = (a as &dyn Any).downcast_ref::<Fp<MontBackend<T, N>, N>>()?;
    let y = (b as &dyn Any).downcast_ref::<Fp<MontBackend<T, N>, N>>()?;
    let limbs = p.mul(&x.0 .0, &y.0 .0)?;
    let mut out = *a;
    *(&mut out as &mut dyn Any).downcast_mut::<Fp<MontBackend<T, N>, N>>()? =
        Fp::new_unchecked(BigInt(limbs));
    Some(out)
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

/// Whether `F` is BN254's `F_{p^2}` (the coordinates of G2), whose
/// products and squares go to [`vidkit_mont::QuadModulus`]'s lazy
/// reduction on every target: a constant of each monomorphised caller.
#[inline(always)]
fn bn254_fp2<F: Field>() -> bool {
    core::any::TypeId::of::<F>() == core::any::TypeId::of::<ark_bn254::Fq2>()
}

/// BN254's `F_{p^2} = F_p[u]/(u^2 + 1)` for [`vidkit_mont`].
const BN254_P2: vidkit_mont::QuadModulus<4> = vidkit_mont::QuadModulus::new(BN254_P);

/// `a·b` (or `a²` for `None`) by [`vidkit_mont::QuadModulus`] when `F` is
/// BN254's `F_{p^2}`, by arkworks otherwise (checked downcasts, resolved at
/// compile time). Both keep arkworks' Montgomery limbs.
#[inline(always)]
fn bn254_fp2_op<F: Field>(a: &F, b: Option<&F>) -> F {
    use ark_std::any::Any;
    let mut out = *a;
    if let Some(v) = (&mut out as &mut dyn Any).downcast_mut::<ark_bn254::Fq2>() {
        let limbs = |x: &ark_bn254::Fq2| [x.c0.0 .0, x.c1.0 .0];
        let c = match b.map(|b| (b as &dyn Any).downcast_ref::<ark_bn254::Fq2>()) {
            Some(Some(b)) => BN254_P2.mul(&limbs(v), &limbs(b)),
            None => BN254_P2.square(&limbs(v)),
            Some(None) => unreachable!("a and b have the same type"),
        };
        *v = ark_bn254::Fq2::new(
            Fp::new_unchecked(BigInt(c[0])),
            Fp::new_unchecked(BigInt(c[1])),
        );
        return out;
    }
    match b {
        Some(b) => *a * b,
        None => a.square(),
    }
}

/// `f(a, b)` when `F` is `G` (checked downcasts, resolved at compile
/// time), `None` otherwise.
#[inline(always)]
fn via<F: Field, G: Field>(a: &F, b: &F, f: impl FnOnce(&G, &G) -> G) -> Option<F> {
    use ark_std::any::Any;
    let x = (a as &dyn Any).downcast_ref::<G>()?;
    let y = (b as &dyn Any).downcast_ref::<G>()?;
    let mut out = *a;
    *(&mut out as &mut dyn Any).downcast_mut::<G>()? = f(x, y);
    Some(out)
}

/// BLS12-381's `F_{p^2}` for [`vidkit_mont`]'s sums.
const BLS12_381_P2: vidkit_mont::QuadModulus<6> = vidkit_mont::QuadModulus::new(BLS12_381_P);

/// The Montgomery limbs of an `F_p` element.
#[inline(always)]
fn fp_limbs<T: MontConfig<N>, const N: usize>(x: &Fp<MontBackend<T, N>, N>) -> [u64; N] {
    x.0 .0
}

/// An `F_p` element from Montgomery limbs.
#[inline(always)]
fn fp_new<T: MontConfig<N>, const N: usize>(l: [u64; N]) -> Fp<MontBackend<T, N>, N> {
    Fp::new_unchecked(BigInt(l))
}

/// `$body` on the Montgomery limbs of `$a` and `$b` when `F` is BLS12-381's
/// or BN254's `F_p` or `F_{p^2}`, with `$p` the field's [`vidkit_mont::Modulus`]
/// or [`vidkit_mont::QuadModulus`] and `$x`, `$y` the limbs (`[u64; N]` or
/// `[[u64; N]; 2]`); `None` for the other fields.
macro_rules! on_limbs {
    ($a:expr, $b:expr, |$p:ident, $x:ident, $y:ident| $body:expr) => {{
        via::<F, ark_bn254::Fq>($a, $b, |x, y| {
            let ($p, $x, $y) = (&BN254_P, fp_limbs(x), fp_limbs(y));
            fp_new($body)
        })
        .or_else(|| {
            via::<F, ark_bn254::Fq2>($a, $b, |x, y| {
                let $p = &BN254_P2;
                let $x = [fp_limbs(&x.c0), fp_limbs(&x.c1)];
                let $y = [fp_limbs(&y.c0), fp_limbs(&y.c1)];
                let c = $body;
                ark_bn254::Fq2::new(fp_new(c[0]), fp_new(c[1]))
            })
        })
        .or_else(|| {
            via::<F, ark_bls12_381::Fq>($a, $b, |x, y| {
                let ($p, $x, $y) = (&BLS12_381_P, fp_limbs(x), fp_limbs(y));
                fp_new($body)
            })
        })
        .or_else(|| {
            via::<F, ark_bls12_381::Fq2>($a, $b, |x, y| {
                let $p = &BLS12_381_P2;
                let $x = [fp_limbs(&x.c0), fp_limbs(&x.c1)];
                let $y = [fp_limbs(&y.c0), fp_limbs(&y.c1)];
                let c = $body;
                ark_bls12_381::Fq2::new(fp_new(c[0]), fp_new(c[1]))
            })
        })
    }};
}

/// `a + b`: [`vidkit_mont`]'s sums, which do not branch on the values, for
/// BLS12-381's and BN254's `F_p` and `F_{p^2}`; arkworks' otherwise, whose
/// reduction branches on a comparison that random coordinates send either
/// way about as often (a mispredicted branch every other sum).
#[inline(always)]
pub(crate) fn add<F: Field>(a: &F, b: &F) -> F {
    on_limbs!(a, b, |p, x, y| p.add(&x, &y)).unwrap_or_else(|| *a + b)
}

/// `a − b`, as [`add`].
#[inline(always)]
pub(crate) fn sub<F: Field>(a: &F, b: &F) -> F {
    on_limbs!(a, b, |p, x, y| p.sub(&x, &y)).unwrap_or_else(|| *a - b)
}

/// `−a` if `negate`, `a` otherwise, as [`add`] (no branch on `negate`
/// for those fields: a signed digit's sign goes either way as often).
#[inline(always)]
pub(crate) fn neg_if<F: Field>(a: &F, negate: bool) -> F {
    on_limbs!(a, a, |p, x, _y| p.neg_if(&x, negate))
        .unwrap_or_else(|| if negate { -*a } else { *a })
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
            assert_eq!(neg_if(&x, true), -x);
            assert_eq!(neg_if(&x, false), x);
            for y in &xs {
                assert_eq!(add(&x, y), x + y);
                assert_eq!(sub(&x, y), x - y);
            }
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
