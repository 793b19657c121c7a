//! Pairing products for vidkit.
//!
//! Every vidkit verifier ends in a check `Π_i e(P_i, Q_i) = 1` with
//! `P_i ∈ G1`, `Q_i ∈ G2`: one KZG opening is two pairings, an aPlonK proof
//! a handful, an SRS check two. This crate is the one place where they are
//! computed, so that a faster pairing reaches every scheme, the same way
//! `vidkit-msm` is the one place for MSMs.
//!
//! # The math
//!
//! The optimal ate pairing of the BLS and BN curves is
//! `e(P, Q) = f_{x,Q}(P)^{(p^k − 1)/r}`: a **Miller loop** builds the
//! function `f_{x,Q}` (lines through multiples of `Q`) evaluated at `P`, and
//! the **final exponentiation** maps the result into the order-`r` subgroup
//! `G_T` of `F_{p^k}^*`. A product of `t` pairings runs the `t` Miller loops
//! together (one shared accumulator, so its squarings are paid once) and ends
//! in **one** final exponentiation: `Π_i e(P_i, Q_i)` costs far less than `t`
//! pairings. A pair with `P = 0` or `Q = 0` contributes `1` and is dropped.
//!
//! The lines of the Miller loop depend on `Q_i` only. A `Q_i` that is fixed
//! in a key (KZG's `H` and `[τ]_2`, aPlonK's `H` and `[σ]_2`) can be kept as
//! a [`FixedG2`], which computes them once (arkworks' prepared form; on the
//! blst backend blst's precomputed lines too): a product over fixed points
//! then does no G2 arithmetic, only the line evaluations at the `P_i`, the
//! shared squarings and the final exponentiation (two pairs on BLS12-381:
//! about three quarters of the time of the same product on affine points;
//! `docs/pairing.md`).
//!
//! # Backends
//!
//! [`PairingProduct::evaluate`] picks one at run time, by a `TypeId`
//! comparison and a checked downcast (no `unsafe`, no trait bound added to
//! generic code):
//!
//! * **BLS12-381, with the `std` feature (default)**: supranational's
//!   [blst](https://github.com/supranational/blst), the assembly behind most
//!   Ethereum clients and c-kzg. arkworks 0.6 multiplies in `F_{p^2}` with two
//!   sums of products of `F_p` elements in portable Rust, 1.6× the time of an
//!   assembly `F_{p^2}` multiplication on x86-64, and the pairing inherits that
//!   ratio; blst's pairing takes gnark-crypto's time (see `docs/pairing.md`).
//!   blst is built `portable`: its `mulx`/`adx` code is chosen at run time,
//!   so the build runs on any x86-64 CPU. A product without a [`FixedG2`]
//!   runs blst's multi-Miller loop; one with a [`FixedG2`] runs
//!   `vidkit_blst::lines::miller_loop_lines` on the kept lines (the other
//!   pairs' lines computed for the call), since blst's safe API has
//!   precomputed lines for one pair only and would pay the squarings once
//!   per pair. The points cross over without
//!   arithmetic: blst and arkworks keep `F_p` elements in Montgomery form
//!   with `R = 2^384` in little-endian 64-bit limbs, and build `F_{p^12}` on
//!   the same tower (`u² = −1`, `v³ = u + 1`, `w² = v`), so limbs are copied
//!   as they are. The result equals arkworks' `Pairing::multi_pairing` bit
//!   for bit (tests on random and edge inputs). The components on their own
//!   give arkworks' values too: [`multi_miller_loop`] runs arkworks' own
//!   loop (its line formulas) on blst's arithmetic, since blst's loop
//!   scales its lines differently. Every product and [`final_exponentiation`]
//!   end in `vidkit_blst::final_exp`: blst's map (arkworks' value) with
//!   Karabina's compressed squarings in its exponentiations by `z`, about
//!   0.93× the time of blst's own.
//! * **BN254**: vidkit's own Miller loop and final exponentiation
//!   ([`bn254`]): arkworks' algorithms on arkworks' types, with every
//!   `F_{p^2}` product and square from vidkit-mont's lazy-reduction
//!   `QuadModulus` (three limb products and two reductions where arkworks
//!   takes four products and two reductions), and every sum from
//!   vidkit-mont's branch-free code (arkworks' branch on the values, which
//!   a verifier's new inputs make the CPU mispredict). ark-bn254 owns
//!   BN254's `F_{p^2}`, so no hook could hand those products to arkworks'
//!   loop.
//!   The values equal arkworks' (Miller loop and final exponentiation, bit
//!   for bit; tests).
//! * **Every other curve** (BLS24-317, any arkworks `Pairing`), and
//!   BLS12-381 without `std`: the `Pairing` implementation's
//!   `multi_miller_loop` and `final_exponentiation` (BLS24-317's are its
//!   crate's own, over lazy-reduction `F_{q^4}` products), with the
//!   prepared form of each [`FixedG2`].
//!
//! blst implements BLS12-381 only, and arkworks' BN254 leaves no hook for
//! its `F_{p^2}` products, hence the three backends.
//!
//! # Threads
//!
//! The Miller loop value of a product is the product of the values of its
//! pairs: a multi-Miller loop only shares the squarings of one accumulator.
//! With the `parallel` feature a product of many pairs (aPlonK's
//! commitment `Σ e(μ_i, ck_i)` over every row and the pairings of its
//! inner-product argument) is cut into one run of consecutive pairs per
//! thread of the rayon pool, at least four pairs each; every run is one
//! multi-Miller loop (its G2 lines computed on its thread), the runs'
//! values are multiplied, and one final exponentiation ends the product.
//! Each extra run pays the loop's squarings again (about one pair's work).
//! A product of two to seven pairs (every verifier's check) stays on the
//! calling thread, and so does every product started inside
//! `vidkit_pool::on_one_thread` (one item per thread, such as the shards of
//! a verification, where the other threads are busy beside it; the cut is
//! `vidkit_pool::per_thread_reduce`). The value is the same on every pool
//! (tests on pools of 1, 3 and 16 threads).
//!
//! Inputs are points of the groups (arkworks' deserialization with
//! validation checks that); on such points both backends compute the same
//! value.
//!
//! ```
//! use ark_bls12_381::{Bls12_381, Fr, G1Affine, G2Affine};
//! use ark_ec::{AffineRepr, CurveGroup};
//! use vidkit_pairing::{FixedG2, PairingProduct};
//!
//! // e(a·G, H) · e(−G, a·H) = 1
//! let a = Fr::from(7u64);
//! let (g, h) = (G1Affine::generator(), G2Affine::generator());
//! let fixed_h = FixedG2::<Bls12_381>::new(h);
//! let mut product = PairingProduct::new();
//! product.add_fixed((g * a).into_affine(), &fixed_h);
//! product.add(-g, (h * a).into_affine());
//! assert!(product.is_one());
//! ```

#![cfg_attr(not(feature = "std"), no_std)]

use ark_ec::pairing::{MillerLoopOutput, Pairing, PairingOutput};
use ark_ec::AffineRepr;
use ark_ff::Zero;
use ark_std::vec::Vec;

#[cfg(all(feature = "std", target_pointer_width = "64"))]
mod bls12_381;
pub mod bn254;

/// `x` as a `T`, where a backend's `TypeId` check has found that the
/// pairing is that backend's curve, so that `U` is `T` (the downcasts of
/// the BLS12-381 and BN254 backends: no `unsafe`, no added bound).
///
/// # Panics
/// If `U` is not `T`, which that check rules out.
pub(crate) fn cast<T: 'static, U: 'static>(x: &U) -> &T {
    let x: &dyn core::any::Any = x;
    x.downcast_ref::<T>()
        .expect("the backend's TypeId check made U the type T")
}

/// `x` moved into type `T` (as [`cast`]).
pub(crate) fn cast_owned<T: 'static, U: 'static>(x: U) -> T {
    let b: ark_std::boxed::Box<dyn core::any::Any> = ark_std::boxed::Box::new(x);
    *b.downcast::<T>()
        .expect("the backend's TypeId check made U the type T")
}

/// The code that computes pairings of a curve ([`backend`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// blst (BLS12-381 with the `std` feature on a 64-bit target).
    Blst,
    /// vidkit's Miller loop and final exponentiation over lazy-reduction
    /// `F_{p^2}` products ([`bn254`]; BN254), arkworks' values bit for bit.
    Vidkit,
    /// The `Pairing` implementation's `multi_miller_loop` and
    /// `final_exponentiation` (arkworks', or the curve crate's own, as
    /// BLS24-317's).
    Arkworks,
}

/// Which code computes the pairings of `E` in this build.
pub fn backend<E: Pairing>() -> Backend {
    #[cfg(all(feature = "std", target_pointer_width = "64"))]
    if bls12_381::is_bls12_381::<E>() {
        return Backend::Blst;
    }
    if bn254::is_bn254::<E>() {
        return Backend::Vidkit;
    }
    Backend::Arkworks
}

/// A G2 point that takes part in many pairings (a point of a verifier key):
/// the point and the lines of its Miller loop, computed once: arkworks'
/// prepared form, and on the blst backend blst's lines too.
#[derive(Clone, Debug)]
pub struct FixedG2<E: Pairing> {
    point: E::G2Affine,
    prepared: E::G2Prepared,
    /// blst's lines of `point` (BLS12-381 with the blst backend, `point ≠ 0`).
    #[cfg(all(feature = "std", target_pointer_width = "64"))]
    lines: Option<std::sync::Arc<vidkit_blst::lines::G2Lines>>,
}

impl<E: Pairing> FixedG2<E> {
    /// Prepares `point` (computes the line coefficients of its Miller loop
    /// for the backend in use).
    pub fn new(point: E::G2Affine) -> Self {
        Self {
            point,
            prepared: bn254::prepared::<E>(&point).unwrap_or_else(|| point.into()),
            #[cfg(all(feature = "std", target_pointer_width = "64"))]
            lines: bls12_381::lines::<E>(&point).map(std::sync::Arc::new),
        }
    }

    /// The point.
    pub fn point(&self) -> &E::G2Affine {
        &self.point
    }
}

impl<E: Pairing> PartialEq for FixedG2<E> {
    fn eq(&self, other: &Self) -> bool {
        self.point == other.point
    }
}

impl<E: Pairing> Eq for FixedG2<E> {}

/// The G2 argument of one pair.
#[derive(Clone, Debug)]
pub(crate) enum G2Arg<'a, E: Pairing> {
    Point(E::G2Affine),
    Fixed(&'a FixedG2<E>),
}

impl<E: Pairing> G2Arg<'_, E> {
    /// The point.
    fn point(&self) -> &E::G2Affine {
        match self {
            G2Arg::Point(q) => q,
            G2Arg::Fixed(f) => &f.point,
        }
    }
}

/// Fewest pairs in one chunk of a split Miller loop. Each chunk pays the
/// loop's `F_{p^k}` squarings again (63 on BLS12-381), about the work of one
/// more pair, so a chunk of at least four pairs keeps that to a fifth of
/// its work or less (arkworks cuts its own Miller loops in fours too).
const MIN_CHUNK: usize = 4;

/// `Π_c miller(r_c)` over consecutive ranges `r_c` that cover `0..len`:
/// with the `parallel` feature one range per thread of the pool (at most
/// one per [`MIN_CHUNK`] pairs, and one inside
/// `vidkit_pool::on_one_thread`), each on the pool; otherwise
/// `miller(0..len)` on the calling thread ([`vidkit_pool::per_thread_reduce`]).
///
/// The Miller loop value of a product is the product of its pairs' values
/// (a multi-Miller loop only shares the squarings of one accumulator), so
/// `miller` over a cut and the product of the parts give the value of one
/// loop over all pairs, and the final exponentiation the same `G_T`
/// element whatever the pool (tests compare with arkworks on pools of 1 to
/// 16 threads).
pub(crate) fn split_product<M: Send>(
    len: usize,
    miller: impl Fn(core::ops::Range<usize>) -> M + Sync,
    mul: impl Fn(M, M) -> M + Sync + Send,
) -> M {
    vidkit_pool::per_thread_reduce(len, MIN_CHUNK, miller, mul)
}

/// A product of pairings `Π_i e(P_i, Q_i)`, built pair by pair and
/// evaluated with one multi-Miller loop and one final exponentiation.
#[derive(Clone, Debug)]
pub struct PairingProduct<'a, E: Pairing> {
    g1: Vec<E::G1Affine>,
    g2: Vec<G2Arg<'a, E>>,
}

impl<E: Pairing> Default for PairingProduct<'_, E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a, E: Pairing> PairingProduct<'a, E> {
    /// The empty product (it evaluates to `1`).
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// The empty product, with room for `pairs` pairs.
    pub fn with_capacity(pairs: usize) -> Self {
        Self {
            g1: Vec::with_capacity(pairs),
            g2: Vec::with_capacity(pairs),
        }
    }

    /// Multiplies in `e(p, q)`.
    pub fn add(&mut self, p: E::G1Affine, q: E::G2Affine) -> &mut Self {
        self.g1.push(p);
        self.g2.push(G2Arg::Point(q));
        self
    }

    /// Multiplies in `e(p, q)` for a prepared `q`.
    pub fn add_fixed(&mut self, p: E::G1Affine, q: &'a FixedG2<E>) -> &mut Self {
        self.g1.push(p);
        self.g2.push(G2Arg::Fixed(q));
        self
    }

    /// Number of pairs added.
    pub fn len(&self) -> usize {
        self.g1.len()
    }

    /// Whether no pair was added.
    pub fn is_empty(&self) -> bool {
        self.g1.is_empty()
    }

    /// `Π_i e(P_i, Q_i)`, or `None` if a Miller loop value is zero, which
    /// points of the groups never give.
    pub fn try_evaluate(&self) -> Option<PairingOutput<E>> {
        #[cfg(all(feature = "std", target_pointer_width = "64"))]
        if let Some(out) = bls12_381::product::<E>(&self.g1, &self.g2) {
            return Some(out);
        }
        // pairs with an identity point contribute 1 (arkworks' Miller loops
        // would drop them too; dropped here, they do not unbalance the chunks)
        let pairs: Vec<(E::G1Affine, &G2Arg<'a, E>)> = self
            .g1
            .iter()
            .zip(&self.g2)
            .filter(|(p, q)| !p.is_zero() && !q.point().is_zero())
            .map(|(p, q)| (*p, q))
            .collect();
        let f = split_product(
            pairs.len(),
            |r| {
                let pairs = &pairs[r];
                if let Some(f) = bn254::miller_loop::<E>(pairs) {
                    return f;
                }
                let g2 = pairs.iter().map(|(_, q)| match q {
                    G2Arg::Point(q) => E::G2Prepared::from(*q),
                    G2Arg::Fixed(f) => f.prepared.clone(),
                });
                E::multi_miller_loop(pairs.iter().map(|(p, _)| *p), g2).0
            },
            |a, b| a * b,
        );
        bn254::final_exponentiation_of::<E>(&f)
            .unwrap_or_else(|| E::final_exponentiation(MillerLoopOutput(f)))
    }

    /// `Π_i e(P_i, Q_i)` (the identity of `G_T`, written `zero()` in
    /// arkworks' additive notation, for the empty product).
    ///
    /// # Panics
    /// If a Miller loop value is zero, which points of the groups never
    /// give (as arkworks' `Pairing::multi_pairing`).
    pub fn evaluate(&self) -> PairingOutput<E> {
        self.try_evaluate()
            .expect("a Miller loop over points of G1 and G2 is never zero")
    }

    /// Whether the product is `1`: the check every verifier ends in.
    pub fn is_one(&self) -> bool {
        self.try_evaluate().is_some_and(|o| o.is_zero())
    }
}

/// `e(p, q)`.
pub fn pairing<E: Pairing>(p: E::G1Affine, q: E::G2Affine) -> PairingOutput<E> {
    let mut product = PairingProduct::with_capacity(1);
    product.add(p, q);
    product.evaluate()
}

/// `Π_i e(g1[i], g2[i])`.
///
/// # Panics
/// If the slices differ in length.
#[track_caller]
pub fn multi_pairing<E: Pairing>(g1: &[E::G1Affine], g2: &[E::G2Affine]) -> PairingOutput<E> {
    assert_eq!(
        g1.len(),
        g2.len(),
        "multi_pairing: {} G1 points against {} G2 points",
        g1.len(),
        g2.len()
    );
    let mut product = PairingProduct::with_capacity(g1.len());
    for (p, q) in g1.iter().zip(g2) {
        product.add(*p, *q);
    }
    product.evaluate()
}

/// The Miller loop value of `Π_i e(g1[i], g2[i])` as arkworks defines it
/// (`E::multi_miller_loop`, bit for bit), by the fastest code that computes
/// that value: [`bn254::multi_miller_loop`] on BN254, arkworks' loop on
/// blst's arithmetic on BLS12-381 (`vidkit_blst::ark_miller`: blst's own
/// Miller loop values differ from arkworks' by factors that the final
/// exponentiation removes), the `Pairing` implementation's elsewhere.
/// For benchmarks and for protocols that combine Miller loop values
/// themselves; a pairing product is [`PairingProduct`].
///
/// # Panics
/// If the slices differ in length.
#[track_caller]
pub fn multi_miller_loop<E: Pairing>(
    g1: &[E::G1Affine],
    g2: &[E::G2Affine],
) -> MillerLoopOutput<E> {
    assert_eq!(
        g1.len(),
        g2.len(),
        "multi_miller_loop: {} G1 points against {} G2 points",
        g1.len(),
        g2.len()
    );
    #[cfg(all(feature = "std", target_pointer_width = "64"))]
    if let Some(f) = bls12_381::multi_miller_loop::<E>(g1, g2) {
        return f;
    }
    if !bn254::is_bn254::<E>() {
        return E::multi_miller_loop(g1.iter().copied(), g2.iter().copied());
    }
    let args: Vec<G2Arg<'_, E>> = g2.iter().map(|q| G2Arg::Point(*q)).collect();
    let pairs: Vec<(E::G1Affine, &G2Arg<'_, E>)> = g1
        .iter()
        .zip(&args)
        .filter(|(p, q)| !p.is_zero() && !q.point().is_zero())
        .map(|(p, q)| (*p, q))
        .collect();
    MillerLoopOutput(bn254::miller_loop::<E>(&pairs).expect("E is BN254"))
}

/// `f^{(p^k − 1)/r}` as arkworks defines it (`E::final_exponentiation`,
/// bit for bit; `None` for `f = 0`), by the fastest code that computes that
/// value: vidkit's on BN254, `vidkit_blst::final_exp` on BLS12-381, the `Pairing`
/// implementation's elsewhere.
pub fn final_exponentiation<E: Pairing>(f: MillerLoopOutput<E>) -> Option<PairingOutput<E>> {
    #[cfg(all(feature = "std", target_pointer_width = "64"))]
    if let Some(out) = bls12_381::final_exponentiation::<E>(&f) {
        return out;
    }
    bn254::final_exponentiation_of::<E>(&f.0).unwrap_or_else(|| E::final_exponentiation(f))
}
