//! The values of a polynomial with coefficients in a group at consecutive
//! integers, from its forward differences.
//!
//! For `v(x) = Σ_i x^i·V_i` of degree `d` with `V_i ∈ G`, the forward
//! differences `Δ^0 v = v`, `Δ^{i+1} v(x) = Δ^i v(x + 1) − Δ^i v(x)` obey
//! `Δ^i v(x + 1) = Δ^i v(x) + Δ^{i+1} v(x)`, and `Δ^d v` is constant. Given
//! the `d + 1` differences at `x`, each further point costs `d` group
//! additions and no scalar multiplication. vidkit's KZG openings at the
//! integers (`vidkit_kzg::multi_open::open_at_integers`) are such a `v`, of
//! degree `k − 2` in the point.
//!
//! The `d` additions of one step are independent (each reads differences at
//! `x` only), so on the groups of the fast path (BLS12-381 and BN254, G1 and
//! G2) they run in affine coordinates and share one field inversion
//! (Montgomery's trick): about 5M + 1S and a share of the inversion per
//! addition, against some 11M + 5S for the projective addition of two
//! projective points. Other groups add projectively and normalise once.

use crate::{
    buckets::{kind, tangent_numerator, Kind},
    field::{inverse, mul, mul_assign, square, sub},
    fixed::affine_group,
};
use ark_ec::{
    short_weierstrass::{Affine, SWCurveConfig},
    AffineRepr, CurveGroup,
};
use ark_ff::Field;
use ark_std::{any::Any, boxed::Box, vec, vec::Vec};

/// `v(x), v(x + 1), …, v(x + len − 1)` in affine coordinates, from the
/// forward differences `differences[i] = Δ^i v(x)` of a polynomial `v` with
/// coefficients in `G` and degree `differences.len() − 1` (the last
/// difference is constant). Exact for every input (identities, equal and
/// opposite points); no differences is the zero polynomial.
pub fn forward_values<G: CurveGroup>(differences: &[G], len: usize) -> Vec<G::Affine> {
    if differences.is_empty() {
        return vec![G::Affine::zero(); len];
    }
    if affine_group::<G>() {
        let start = G::normalize_batch(differences);
        let values = on::<G, ark_bls12_381::g1::Config>(&start, len)
            .or_else(|| on::<G, ark_bn254::g1::Config>(&start, len))
            .or_else(|| on::<G, ark_bls12_381::g2::Config>(&start, len))
            .or_else(|| on::<G, ark_bn254::g2::Config>(&start, len));
        if let Some(values) = values {
            return values;
        }
    }
    projective_values(differences, len)
}

/// [`forward_values`] by projective additions (any group), normalised once.
fn projective_values<G: CurveGroup>(differences: &[G], len: usize) -> Vec<G::Affine> {
    if differences.is_empty() {
        return vec![G::Affine::zero(); len];
    }
    let mut d = differences.to_vec();
    let mut out = Vec::with_capacity(len);
    for j in 0..len {
        out.push(d[0]);
        if j + 1 < len {
            // in increasing order each addend is still the difference at x
            for i in 1..d.len() {
                let next = d[i];
                d[i - 1] += next;
            }
        }
    }
    G::normalize_batch(&out)
}

/// [`affine_values`] if `G::Affine` is `Affine<P>` (checked downcasts, as
/// `crate::fixed`'s table builds do; a `&Vec`, not a slice: the downcast
/// needs a sized type), else `None`.
#[allow(clippy::ptr_arg)]
fn on<G: CurveGroup, P: SWCurveConfig>(
    start: &Vec<G::Affine>,
    len: usize,
) -> Option<Vec<G::Affine>> {
    let start = (start as &dyn Any).downcast_ref::<Vec<Affine<P>>>()?;
    let values: Box<dyn Any> = Box::new(affine_values(start, len));
    values.downcast::<Vec<G::Affine>>().ok().map(|b| *b)
}

/// [`forward_values`] in affine coordinates: each step one batch of
/// independent additions `Δ^i v(x) + Δ^{i+1} v(x)`.
fn affine_values<P: SWCurveConfig>(start: &[Affine<P>], len: usize) -> Vec<Affine<P>> {
    let mut out = Vec::with_capacity(len);
    let mut d = start.to_vec();
    let mut next = d.clone();
    let mut scratch = Scratch::default();
    for j in 0..len {
        out.push(d[0]);
        if j + 1 < len {
            let last = d.len() - 1;
            add_pairs(&d[..last], &d[1..], &mut next[..last], &mut scratch);
            next[last] = d[last];
            core::mem::swap(&mut d, &mut next);
        }
    }
    out
}

/// Reused buffers of [`add_pairs`].
struct Scratch<F> {
    /// per pair: the slope's numerator and denominator, or `None` where the
    /// sum needs no slope
    slopes: Vec<Option<(F, F)>>,
    /// the products of the denominators before each pair
    prefix: Vec<F>,
}

impl<F> Default for Scratch<F> {
    fn default() -> Self {
        Self {
            slopes: Vec::new(),
            prefix: Vec::new(),
        }
    }
}

/// `out[i] = a[i] + b[i]` for every `i` with one field inversion for all
/// (Montgomery's trick); exact for identities, equal points (the tangent
/// slope) and opposite points (the identity).
fn add_pairs<P: SWCurveConfig>(
    a: &[Affine<P>],
    b: &[Affine<P>],
    out: &mut [Affine<P>],
    scratch: &mut Scratch<P::BaseField>,
) {
    let Scratch { slopes, prefix } = scratch;
    slopes.clear();
    for ((p, q), o) in a.iter().zip(b).zip(out.iter_mut()) {
        let slope = if p.is_zero() {
            *o = *q;
            None
        } else if q.is_zero() {
            *o = *p;
            None
        } else {
            match kind(p, q) {
                Kind::Add(den) => Some((sub(&q.y, &p.y), den)),
                Kind::Double(den) => Some((tangent_numerator(p), den)),
                Kind::Cancel => {
                    *o = Affine::identity();
                    None
                }
            }
        };
        slopes.push(slope);
    }
    prefix.clear();
    let mut acc = P::BaseField::ONE;
    for s in slopes.iter() {
        prefix.push(acc);
        if let Some((_, den)) = s {
            mul_assign(&mut acc, den);
        }
    }
    let mut inv = inverse(acc).expect("a product of non-zero denominators");
    for (i, s) in slopes.iter().enumerate().rev() {
        let Some((num, den)) = s else { continue };
        let (p, q) = (&a[i], &b[i]);
        let lambda = mul(num, &mul(&inv, &prefix[i]));
        mul_assign(&mut inv, den);
        let x3 = sub(&sub(&square(&lambda), &p.x), &q.x);
        let y3 = sub(&mul(&lambda, &sub(&p.x, &x3)), &p.y);
        out[i] = Affine::new_unchecked(x3, y3);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::PrimeField;
    use ark_std::rand::SeedableRng;

    /// `v(x + j) = Σ_i C(j, i)·Δ^i v(x)`, evaluated directly.
    fn naive<G: CurveGroup>(differences: &[G], len: usize) -> Vec<G::Affine> {
        let values: Vec<G> = (0..len as u64)
            .map(|j| {
                let mut binomial = G::ScalarField::ONE;
                let mut sum = G::zero();
                for (i, d) in differences.iter().enumerate() {
                    sum += *d * binomial;
                    // C(j, i + 1) = C(j, i)·(j − i)/(i + 1)
                    binomial *= G::ScalarField::from(j) - G::ScalarField::from(i as u64);
                    binomial *= G::ScalarField::from(i as u64 + 1).inverse().unwrap();
                }
                sum
            })
            .collect();
        G::normalize_batch(&values)
    }

    fn check<G: CurveGroup>()
    where
        G::ScalarField: PrimeField,
    {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let g = G::generator();
        let mut cases: Vec<Vec<G>> = (0..6)
            .map(|degree| (0..=degree).map(|_| G::rand(&mut rng)).collect())
            .collect();
        cases.extend([
            vec![],
            vec![G::zero(), g],
            vec![g, G::zero()],
            vec![g, g],              // 2G at the first step: a doubling
            vec![g, -g],             // cancels at the first step
            vec![g.double(), -g, g], // 2G − G = G meets G: a doubling later
            vec![G::zero(), G::zero(), -g],
        ]);
        for d in &cases {
            for len in [0, 1, 2, 9] {
                let want = naive(d, len);
                assert_eq!(forward_values(d, len), want, "{d:?}, {len} values");
                assert_eq!(projective_values(d, len), want, "projective, {d:?}");
            }
        }
    }

    #[test]
    fn equals_direct_evaluation_on_every_shipped_group() {
        // affine on these four; `projective_values` checked beside it
        check::<ark_bls12_381::G1Projective>();
        check::<ark_bls12_381::G2Projective>();
        check::<ark_bn254::G1Projective>();
        check::<ark_bn254::G2Projective>();
    }
}
