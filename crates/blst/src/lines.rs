//! Miller loops of BLS12-381 over **precomputed G2 lines**, several pairs
//! sharing one accumulator.
//!
//! # The math
//!
//! The optimal ate pairing of BLS12-381 runs a Miller loop over the bits of
//! `|z| = 0xd201000000010000`: starting from `T = Q`, 63 doublings and 5
//! additions of `T`, each giving the line `ℓ` through the points involved
//! (a tangent or a chord), and the accumulator steps `f ← f²·ℓ(P)` (a
//! doubling) or `f ← f·ℓ(P)` (an addition); at the end `f` is conjugated
//! (`z < 0`). Each line depends on `Q` only: in blst's packed form it is
//! three `F_{p^2}` coefficients `(c0, c1, c2)`, and its value at `P` is the
//! sparse `F_{p^12}` element `(c0, c1·(−2x_P), 0, 0, c2·(2y_P), 0)`
//! (four `F_p` multiplications), multiplied into `f` with blst's sparse
//! multiplication. So for a `Q` fixed in a key the 68 lines are computed once
//! ([`G2Lines::new`], blst's `precompute_lines`), and the Miller loop of a
//! product `Π_i e(P_i, Q_i)` ([`miller_loop_lines`]) costs its 63 squarings of
//! `f` once and, per pair, 68 line evaluations and sparse multiplications:
//! no `G2` arithmetic at all. The schedule is blst's own (its
//! `precompute_lines` and `miller_loop_lines`): line 0 is the first doubling,
//! and each of the five runs that follow starts with an addition line and
//! then alternates a squaring of `f` with a doubling line.
//!
//! # Why this module uses `unsafe`
//!
//! blst's safe Rust API computes the lines inside its Miller loop (for one
//! or several pairs) and offers precomputed lines for one pair only, so a
//! product of pairings over fixed `G2` points would either compute every
//! line again or pay the 63 squarings once per pair. The loop here calls
//! seven of blst's exported C functions directly (`blst_precompute_lines`,
//! `blst_fp_add`, `blst_fp_cneg`, `blst_fp_mul`, `blst_fp12_sqr`,
//! `blst_fp12_mul_by_xy00z0`, `blst_fp12_conjugate`). Every call receives
//! pointers to initialised values of the blst types the C prototypes name,
//! owned or borrowed here for the duration of the call; the in-place calls
//! (`ret` equal to an input) are the ones blst's own Miller loop makes.
//! This module, [`crate::gt`] and [`crate::fp`] are the only `unsafe` code
//! of the workspace besides vidkit-mont's assembly (every other crate
//! forbids it).

#![allow(unsafe_code)]

use crate::{to_p1_affine, to_p2_affine};
use ark_bls12_381::{G1Affine, G2Affine};
use ark_ec::AffineRepr;
use blst::{
    blst_fp, blst_fp12, blst_fp12_conjugate, blst_fp12_mul_by_xy00z0, blst_fp12_sqr, blst_fp6,
    blst_fp_add, blst_fp_cneg, blst_fp_mul, blst_precompute_lines,
};

/// Number of lines in a Miller loop of BLS12-381 (63 doublings, 5 additions).
pub const LINES: usize = 68;

/// Where each of the five runs after the first doubling starts in the
/// lines, and how many doublings follow its addition line: the bits of
/// `|z|` (blst's `precompute_lines`).
const RUNS: [(usize, usize); 5] = [(1, 2), (4, 3), (8, 9), (18, 32), (51, 16)];

/// The 68 lines of the Miller loop of a G2 point `Q ≠ 0`, in blst's packed
/// form (see the module docs). About 20 KiB.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct G2Lines {
    lines: Box<[blst_fp6; LINES]>,
}

impl G2Lines {
    /// The lines of `q`'s Miller loop, or `None` for the identity (whose
    /// pairings are 1 and have no lines). `q` must be a point of G2, as
    /// arkworks' validated deserialization and group operations give.
    ///
    /// ```
    /// use ark_bls12_381::G2Affine;
    /// use ark_ec::AffineRepr;
    /// use vidkit_blst::lines::G2Lines;
    /// assert!(G2Lines::new(&G2Affine::generator()).is_some());
    /// assert!(G2Lines::new(&G2Affine::zero()).is_none());
    /// ```
    pub fn new(q: &G2Affine) -> Option<Self> {
        if q.is_zero() {
            return None;
        }
        let q = to_p2_affine(q);
        let mut lines = Box::new([blst_fp6::default(); LINES]);
        // SAFETY: `lines` points to LINES initialised `blst_fp6`, the array
        // blst's prototype `vec384fp6 Qlines[68]` writes; `q` is an
        // initialised `blst_p2_affine`.
        unsafe { blst_precompute_lines(lines.as_mut_ptr(), &q) };
        Some(Self { lines })
    }
}

/// `−2x_P` and `2y_P`, the factors of a line's value at `P`.
fn doubled(p: &G1Affine) -> (blst_fp, blst_fp) {
    let p = to_p1_affine(p);
    let (mut x2, mut minus_x2, mut y2) =
        (blst_fp::default(), blst_fp::default(), blst_fp::default());
    // SAFETY: every pointer is to an initialised `blst_fp` owned here, and
    // no output aliases an input.
    unsafe {
        blst_fp_add(&mut x2, &p.x, &p.x);
        blst_fp_cneg(&mut minus_x2, &x2, true);
        blst_fp_add(&mut y2, &p.y, &p.y);
    }
    (minus_x2, y2)
}

/// The line `line` evaluated at `P`, given as the factors `(x, y)` of its
/// coefficients (`(−2x_P, 2y_P)` for blst's lines, `(x_P, y_P)` for
/// arkworks'): the sparse `F_{p^12}` element `(c0, c1·x, 0, 0, c2·y, 0)`,
/// packed.
fn line_at(line: &blst_fp6, (x, y): &(blst_fp, blst_fp)) -> blst_fp6 {
    let mut at_p = *line;
    // SAFETY: every pointer is to an initialised `blst_fp`; the outputs are
    // fields of `at_p`, the inputs fields of `line`, `x`, `y` (distinct
    // objects).
    unsafe {
        blst_fp_mul(&mut at_p.fp2[1].fp[0], &line.fp2[1].fp[0], x);
        blst_fp_mul(&mut at_p.fp2[1].fp[1], &line.fp2[1].fp[1], x);
        blst_fp_mul(&mut at_p.fp2[2].fp[0], &line.fp2[2].fp[0], y);
        blst_fp_mul(&mut at_p.fp2[2].fp[1], &line.fp2[2].fp[1], y);
    }
    at_p
}

/// `f ← f·ℓ(P)`, `P` given as the factors of [`line_at`].
pub(crate) fn multiply_line(f: &mut blst_fp12, line: &blst_fp6, p: &(blst_fp, blst_fp)) {
    let at_p = line_at(line, p);
    let f: *mut blst_fp12 = f;
    // SAFETY: `*f` and `at_p` are initialised; the multiplication is in
    // place, as in blst's own Miller loop.
    unsafe { blst_fp12_mul_by_xy00z0(f, f, &at_p) };
}

/// The Miller loop value `Π_i f_{Q_i}(P_i)` of the pairs `(P_i, lines of
/// Q_i)` (before the final exponentiation): the value blst's
/// `miller_loop_n` gives for the same points, bit for bit. Pairs with
/// `P_i = 0` contribute 1 and are skipped; no pairs give 1.
///
/// ```
/// use ark_bls12_381::{G1Affine, G2Affine};
/// use ark_ec::AffineRepr;
/// use vidkit_blst::{blst::blst_fp12, lines::{miller_loop_lines, G2Lines}, to_p1_affine, to_p2_affine};
/// let (p, q) = (G1Affine::generator(), G2Affine::generator());
/// let lines = G2Lines::new(&q).unwrap();
/// let f = miller_loop_lines(&[(p, &lines), (-p, &lines)]);
/// let want = blst_fp12::miller_loop_n(&[to_p2_affine(&q); 2], &[to_p1_affine(&p), to_p1_affine(&-p)]);
/// assert!(f == want);
/// assert!(f.final_exp() == blst_fp12::default()); // e(P, Q)·e(−P, Q) = 1
/// ```
pub fn miller_loop_lines(pairs: &[(G1Affine, &G2Lines)]) -> blst_fp12 {
    let pairs: Vec<((blst_fp, blst_fp), &[blst_fp6; LINES])> = pairs
        .iter()
        .filter(|(p, _)| !p.is_zero())
        .map(|(p, q)| (doubled(p), &*q.lines))
        .collect();
    let Some(((first_p, first_lines), rest)) = pairs.split_first() else {
        return blst_fp12::default(); // one
    };
    // the first doubling: f = 1²·ℓ_0(P_0), the sparse element written out
    let l = line_at(&first_lines[0], first_p);
    let mut f = blst_fp12 {
        fp6: [blst_fp6::default(); 2],
    };
    f.fp6[0].fp2[0] = l.fp2[0];
    f.fp6[0].fp2[1] = l.fp2[1];
    f.fp6[1].fp2[1] = l.fp2[2];
    for (p, lines) in rest {
        multiply_line(&mut f, &lines[0], p);
    }
    for (start, doublings) in RUNS {
        for (p, lines) in &pairs {
            multiply_line(&mut f, &lines[start], p);
        }
        for step in 1..=doublings {
            square(&mut f);
            for (p, lines) in &pairs {
                multiply_line(&mut f, &lines[start + step], p);
            }
        }
    }
    conjugate(&mut f);
    f
}

/// `f ← f²`.
pub(crate) fn square(f: &mut blst_fp12) {
    let fp: *mut blst_fp12 = f;
    // SAFETY: `f` is an initialised `blst_fp12`; squaring in place as
    // blst's own Miller loop does.
    unsafe { blst_fp12_sqr(fp, fp) };
}

/// `f ← f̄`, the conjugate (`f^{p^6}`), as at the end of a Miller loop
/// for a negative `z`.
pub(crate) fn conjugate(f: &mut blst_fp12) {
    // SAFETY: `f` is an initialised `blst_fp12`, conjugated in place.
    unsafe { blst_fp12_conjugate(f) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{from_fp12, to_p2_affine};
    use ark_bls12_381::{Bls12_381, Fr, G1Projective, G2Projective};
    use ark_ec::{pairing::Pairing, CurveGroup};
    use ark_ff::UniformRand;
    use ark_std::rand::SeedableRng;
    use proptest::prelude::*;
    use rand_chacha::ChaCha20Rng;

    /// `n` random pairs, the G1 point of each `identities`-th one the identity.
    fn pairs(n: usize, identity_every: usize, seed: u64) -> (Vec<G1Affine>, Vec<G2Affine>) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let p = (0..n)
            .map(|i| {
                if identity_every > 0 && i % identity_every == 0 {
                    G1Affine::zero()
                } else {
                    G1Projective::rand(&mut rng).into_affine()
                }
            })
            .collect();
        let q = (0..n)
            .map(|_| G2Projective::rand(&mut rng).into_affine())
            .collect();
        (p, q)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]

        /// The Miller loop value is blst's own `miller_loop_n` over the
        /// pairs without an identity, bit for bit, and after the final
        /// exponentiation it is arkworks' multi-pairing.
        #[test]
        fn equals_blst_and_arkworks(n in 1usize..6, identity_every in 0usize..4, seed: u64) {
            let (p, q) = pairs(n, identity_every, seed);
            let lines: Vec<G2Lines> = q.iter().map(|q| G2Lines::new(q).unwrap()).collect();
            let with: Vec<(G1Affine, &G2Lines)> = p.iter().copied().zip(&lines).collect();
            let f = miller_loop_lines(&with);
            let (bp, bq): (Vec<_>, Vec<_>) = p
                .iter()
                .zip(&q)
                .filter(|(p, _)| !p.is_zero())
                .map(|(p, q)| (to_p1_affine(p), to_p2_affine(q)))
                .unzip();
            if bp.is_empty() {
                prop_assert!(f == blst_fp12::default(), "no pairs left: one");
            } else {
                prop_assert!(f == blst_fp12::miller_loop_n(&bq, &bp), "blst's Miller loop value");
            }
            prop_assert_eq!(
                from_fp12(&f.final_exp()),
                Bls12_381::multi_pairing(&p, &q).0,
                "arkworks' multi-pairing"
            );
        }
    }

    /// A pair and its negation cancel; bilinearity across the G1 and G2
    /// sides: `e(aP, Q) = e(P, aQ)`.
    #[test]
    fn products_that_are_one() {
        let mut rng = ChaCha20Rng::seed_from_u64(7);
        let (p, q, a) = (
            G1Projective::rand(&mut rng).into_affine(),
            G2Projective::rand(&mut rng).into_affine(),
            Fr::rand(&mut rng),
        );
        let lines = G2Lines::new(&q).unwrap();
        let scaled = G2Lines::new(&(q * a).into_affine()).unwrap();
        let one = blst_fp12::default();
        assert!(miller_loop_lines(&[(p, &lines), (-p, &lines)]).final_exp() == one);
        let ap = (p * a).into_affine();
        assert!(miller_loop_lines(&[(ap, &lines), (-p, &scaled)]).final_exp() == one);
        assert!(miller_loop_lines(&[(ap, &lines), (p, &scaled)]).final_exp() != one);
        assert!(miller_loop_lines(&[]) == one);
    }
}
