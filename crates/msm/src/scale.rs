//! Many points times **one** scalar: `lo_i + x·hi_i` for every `i`.
//!
//! This is the fold of a folding argument (aPlonK-PC's IPA folds its G1
//! vector and its G2 key this way every round). arkworks multiplies each point
//! on its own, and for BLS12-381 and BN254 **G2** by plain double-and-add over
//! all 255 bits (only their G1 override the multiplication with GLV).
//!
//! Here, for the groups vidkit ships (BLS12-381 and BN254, G1 and G2, reached
//! by the same safe `TypeId` dispatch as [`crate::msm`]), the scalar is split
//! **once** by the GLV decomposition `x = k_1 + λ·k_2` (`|k_1|, |k_2| ≈ √r`,
//! arkworks' `GLVConfig::scalar_decomposition`), and each point is multiplied
//! by Straus–Shamir's joint double-and-add over the ≈ 128 bits of
//! `(k_1, k_2)` with the endomorphism `φ(P) = λ·P` (one multiplication of a
//! coordinate): ≈ 128 doublings and ≈ 96 mixed additions instead of ≈ 255
//! doublings and ≈ 128 additions. The three addends `±P`, `±φ(P)` and their
//! sum are affine (the sums normalised in one batch), so every addition is a
//! mixed one. Other groups get `lo_i + hi_i·x` from arkworks.
//!
//! Scalars below `2^63` skip the decomposition: a double-and-add over their
//! non-adjacent form ([`scaled_small`]) is shorter than the GLV loop's
//! set-up.
//!
//! Results are exact group elements, equal to the generic computation (tested
//! on every shipped group). Each point's result depends on that point only,
//! so with the `parallel` feature the points are cut into one chunk per
//! thread of the rayon pool (16 points or more each) and the output is the
//! same on every pool (tested on pools of 1, 3 and 16 threads).

use ark_ec::{
    scalar_mul::glv::GLVConfig,
    short_weierstrass::{Affine, Projective},
    AffineRepr, CurveGroup,
};
use ark_ff::{AdditiveGroup, BigInteger, PrimeField, Zero};
use ark_std::{any::Any, boxed::Box, vec::Vec};
use core::any::TypeId;
use core::ops::{AddAssign, SubAssign};

/// `lo_i + x·hi_i` for every `i`.
///
/// # Panics
/// If `lo` and `hi` differ in length.
///
/// ```
/// use ark_bls12_381::{Fr, G2Affine, G2Projective};
/// use ark_ec::{AffineRepr, CurveGroup};
/// let g = G2Affine::generator();
/// let h = (g * Fr::from(3u64)).into_affine();
/// let out: Vec<G2Projective> = vidkit_msm::add_scaled(&[g, h], &[h, g], Fr::from(5u64));
/// assert_eq!(out, vec![g * Fr::from(16u64), g * Fr::from(8u64)]);
/// ```
#[track_caller]
pub fn add_scaled<G: CurveGroup>(lo: &[G::Affine], hi: &[G::Affine], x: G::ScalarField) -> Vec<G> {
    if lo.len() != hi.len() {
        panic!(
            "vidkit_msm::add_scaled: {} and {} points",
            lo.len(),
            hi.len()
        );
    }
    lo_plus_scaled::<G>(Some(lo), hi, x)
}

/// `x·P_i` for every `i`: [`add_scaled`] without the addends (the twiddle
/// multiplications of a group FFT, say).
///
/// ```
/// use ark_bls12_381::{Fr, G1Affine, G1Projective};
/// use ark_ec::{AffineRepr, CurveGroup};
/// let g = G1Affine::generator();
/// let h = (g * Fr::from(3u64)).into_affine();
/// let out: Vec<G1Projective> = vidkit_msm::scaled(&[g, h], Fr::from(5u64));
/// assert_eq!(out, vec![g * Fr::from(5u64), g * Fr::from(15u64)]);
/// ```
pub fn scaled<G: CurveGroup>(points: &[G::Affine], x: G::ScalarField) -> Vec<G> {
    lo_plus_scaled::<G>(None, points, x)
}

/// Fewest points per chunk when a fold is split over the rayon pool: each
/// chunk pays a task and, on the GLV path, a batch normalisation with one
/// field inversion, about a twelfth of one point's multiplication (the
/// inversion against ≈ 128 doublings and ≈ 96 additions), so chunks of 16
/// points keep the split's overhead near one per cent.
pub(crate) const MIN_FOLD_CHUNK: usize = 16;

/// `lo_i + x·hi_i` (`lo` absent: the identity), by GLV on the shipped
/// groups, else by arkworks' multiplication; on the rayon pool with the
/// `parallel` feature ([`vidkit_pool::per_thread_chunks`]).
fn lo_plus_scaled<G: CurveGroup>(
    lo: Option<&[G::Affine]>,
    hi: &[G::Affine],
    x: G::ScalarField,
) -> Vec<G> {
    vidkit_pool::per_thread_chunks(hi.len(), MIN_FOLD_CHUNK, |r| {
        lo_plus_scaled_on::<G>(lo.map(|lo| &lo[r.clone()]), &hi[r], x)
    })
}

/// [`lo_plus_scaled`] on the calling thread.
fn lo_plus_scaled_on<G: CurveGroup>(
    lo: Option<&[G::Affine]>,
    hi: &[G::Affine],
    x: G::ScalarField,
) -> Vec<G> {
    add_scaled_glv_dispatch::<G>(lo, hi, x).unwrap_or_else(|| {
        let x = x.into_bigint();
        hi.iter()
            .enumerate()
            .map(|(i, h)| {
                let l = lo.map_or(G::zero(), |lo| lo[i].into_group());
                if h.is_zero() {
                    l
                } else {
                    l + h.mul_bigint(x)
                }
            })
            .collect()
    })
}

/// `lo_i + x·hi_i` by GLV if `G` is one of the shipped groups, else `None`.
pub(crate) fn add_scaled_glv_dispatch<G: CurveGroup>(
    lo: Option<&[G::Affine]>,
    hi: &[G::Affine],
    x: G::ScalarField,
) -> Option<Vec<G>> {
    glv::<G, ark_bls12_381::g2::Config>(lo, hi, x)
        .or_else(|| glv::<G, ark_bn254::g2::Config>(lo, hi, x))
        .or_else(|| glv::<G, ark_bls12_381::g1::Config>(lo, hi, x))
        .or_else(|| glv::<G, ark_bn254::g1::Config>(lo, hi, x))
}

/// `Σ_i s_i·P_i` point by point with GLV for the shipped groups, else `None`.
pub(crate) fn small_msm<G: CurveGroup>(
    bases: &[G::Affine],
    scalars: &[G::ScalarField],
) -> Option<G> {
    bases
        .iter()
        .zip(scalars)
        .map(|(b, s)| {
            add_scaled_glv_dispatch::<G>(None, core::slice::from_ref(b), *s).map(|v| v[0])
        })
        .sum()
}

/// The GLV path if `G` is `Projective<P>` (checked downcasts of copies).
fn glv<G: CurveGroup, P: GLVConfig>(
    lo: Option<&[G::Affine]>,
    hi: &[G::Affine],
    x: G::ScalarField,
) -> Option<Vec<G>> {
    if TypeId::of::<G>() != TypeId::of::<Projective<P>>() {
        return None;
    }
    let x = *(&x as &dyn Any).downcast_ref::<P::ScalarField>()?;
    let cast = |v: &[G::Affine]| -> Option<Vec<Affine<P>>> {
        v.iter()
            .map(|p| (p as &dyn Any).downcast_ref::<Affine<P>>().copied())
            .collect()
    };
    let lo = match lo {
        Some(lo) => Some(cast(lo)?),
        None => None,
    };
    let out = add_scaled_glv::<P>(lo.as_deref(), &cast(hi)?, x);
    let any: Box<dyn Any> = Box::new(out);
    any.downcast::<Vec<G>>().ok().map(|b| *b)
}

/// `lo_i + x·hi_i` (`lo` absent: the identity) with one GLV decomposition
/// of `x` for all points, or, for `x < 2^63`, by [`scaled_small`].
fn add_scaled_glv<P: GLVConfig>(
    lo: Option<&[Affine<P>]>,
    hi: &[Affine<P>],
    x: P::ScalarField,
) -> Vec<Projective<P>> {
    let xb = x.into_bigint();
    if xb.num_bits() < 64 {
        let small = xb.as_ref()[0];
        return hi
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let mut acc = scaled_small::<Projective<P>>(h, small);
                if let Some(lo) = lo {
                    acc += &lo[i];
                }
                acc
            })
            .collect();
    }
    let ((positive_1, k1), (positive_2, k2)) = P::scalar_decomposition(x);
    let (k1, k2) = (k1.into_bigint(), k2.into_bigint());
    let bits = k1.num_bits().max(k2.num_bits()) as usize;
    // the joint bits, most significant first: the same schedule for every point
    let schedule: Vec<(bool, bool)> = (0..bits)
        .rev()
        .map(|i| (k1.get_bit(i), k2.get_bit(i)))
        .collect();
    let signed = |p: Affine<P>, positive: bool| if positive { p } else { -p };
    let b1: Vec<Affine<P>> = hi.iter().map(|h| signed(*h, positive_1)).collect();
    let b2: Vec<Affine<P>> = hi
        .iter()
        .map(|h| {
            if h.is_zero() {
                *h
            } else {
                signed(P::endomorphism_affine(h), positive_2)
            }
        })
        .collect();
    let sums: Vec<Projective<P>> = b1.iter().zip(&b2).map(|(a, b)| *a + *b).collect();
    let b12 = Projective::normalize_batch(&sums);
    (0..hi.len())
        .map(|i| {
            let mut acc = Projective::<P>::zero();
            if !hi[i].is_zero() {
                for &pair in &schedule {
                    acc.double_in_place();
                    match pair {
                        (true, false) => acc += &b1[i],
                        (false, true) => acc += &b2[i],
                        (true, true) => acc += &b12[i],
                        (false, false) => {}
                    }
                }
            }
            if let Some(lo) = lo {
                acc += &lo[i];
            }
            acc
        })
        .collect()
}

/// `x·P` for a scalar below `2^63` (a code point `α_j = j`, a small
/// coefficient) by double-and-add over the non-adjacent form of `x`: about
/// `log2 x` doublings and a third as many mixed additions, with neither the
/// GLV decomposition nor the normalisation of its addends, whose field
/// inversion alone (≈ 384 multiplications on BLS12-381's `F_q`, see the
/// table policy) costs more than the whole chain for `x < 2^15`.
///
/// The bound keeps the NAF within one limb: arkworks' `find_naf` drops the
/// carry out of the top limb (`2^64 − 1` needs 65 digits).
pub(crate) fn scaled_small<G: CurveGroup>(p: &G::Affine, x: u64) -> G {
    debug_assert!(x < 1 << 63, "scaled_small: x < 2^63");
    match SmallScalar::new(x) {
        Some(x) if !p.is_zero() => x.times(p),
        _ => G::zero(),
    }
}

/// A scalar `x < 2^63` recoded once into its non-adjacent form, to multiply
/// points by: `x·B` costs about `log2 x` doublings and a third as many
/// additions, with no decomposition or normalisation to set up (what
/// [`add_scaled`] uses for such scalars, and KZG's openings at the integer
/// points `α_j = j` in every step of a Horner evaluation).
///
/// The bound keeps the NAF within one limb: arkworks' `find_naf` drops the
/// carry out of the top limb (`2^64 − 1` needs 65 digits).
///
/// ```
/// use ark_bls12_381::{Fr, G1Affine, G1Projective};
/// use ark_ec::AffineRepr;
/// use vidkit_msm::SmallScalar;
/// let g = G1Affine::generator();
/// let x = SmallScalar::new(77).unwrap();
/// let from_affine: G1Projective = x.times(&g);
/// let from_projective: G1Projective = x.times(&from_affine);
/// assert_eq!(from_affine, g * Fr::from(77u64));
/// assert_eq!(from_projective, g * Fr::from(77u64 * 77));
/// assert!(SmallScalar::new(1 << 63).is_none());
/// ```
#[derive(Clone, Debug)]
pub struct SmallScalar {
    /// The NAF digits, least significant first, the top one `+1` (empty
    /// for `x = 0`).
    digits: Vec<i8>,
}

impl SmallScalar {
    /// `x` recoded, or `None` for `x ≥ 2^63`.
    pub fn new(x: u64) -> Option<Self> {
        (x < 1 << 63).then(|| Self {
            digits: ark_ff::biginteger::arithmetic::find_naf(&[x]),
        })
    }

    /// `x·base` for a base in affine (mixed additions) or projective form.
    pub fn times<G, B>(&self, base: &B) -> G
    where
        G: CurveGroup + From<B> + for<'a> AddAssign<&'a B> + for<'a> SubAssign<&'a B>,
        B: Copy,
    {
        // the top digit is +1: start from the base itself
        let Some((_, rest)) = self.digits.split_last() else {
            return G::zero();
        };
        let mut acc = G::from(*base);
        for &d in rest.iter().rev() {
            acc.double_in_place();
            match d {
                1 => acc += base,
                -1 => acc -= base,
                _ => {}
            }
        }
        acc
    }
}
