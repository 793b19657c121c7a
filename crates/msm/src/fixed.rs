//! The fixed-base multiples table: `d·2^{c·w}·B_i` for fixed points `B_i`.
//!
//! Every `B_i` keeps the signed-window table `T_{i,w,d} = d·2^{c·w}·B_i`
//! (`1 ≤ d ≤ 2^{c−1}`, `w < W = ⌈(bits+1)/c⌉`). A scalar `x` is recoded
//! **once** into `W` signed digits `d_w ∈ [−2^{c−1}, 2^{c−1}]`
//! ([`crate::digits`]), and `x·B_i = Σ_w ±T_{i,w,|d_w|}`: at most `W` mixed
//! additions per point, no doublings (negating an affine point is free).
//! With `c = 6` that is 43 additions against about 128 doublings and 96
//! additions for a GLV double-and-add (`add_scaled`) and 255 doublings for
//! plain double-and-add.
//!
//! One table serves
//! * `lo_i + x·B_i` ([`FixedBases::add_scaled`], [`FixedBases::sum_scaled`]):
//!   the folds of a folding argument over a fixed key (aPlonK's IPA);
//! * small MSMs over fixed bases ([`FixedBases::msm`]): `W` additions per
//!   scalar into one accumulator, no buckets, no reduction;
//! * many such MSMs at once ([`FixedBases::msm_rows`], cache-blocked): the
//!   row and quotient commitments of KZG+ and aPlonK over their committer
//!   key.
//!
//! The table costs `W·(2^{c−1} − 1)` additions and `W·c` doublings per point
//! and `W·2^{c−1}` affine points of memory. The doublings are projective;
//! the additions, on the groups of the fast path (BLS12-381 and BN254, G1
//! and G2), are batch-affine (`crate::buckets::multiples`: the `d`-th
//! multiples of all window bases at once, one shared field inversion per
//! step), which gives the affine table directly — no projective additions
//! and no final normalisation; other groups add projectively and normalise
//! once. Whether a table pays and how wide it is are decided by
//! [`crate::TablePolicy`] ([`FixedBases::for_calls`] asks it).

use crate::{
    buckets,
    digits::{recode_into, window_count},
    policy::{TablePlan, TablePolicy, Workload},
    BigIntOf, LengthMismatch,
};
use ark_ec::{
    short_weierstrass::{Affine, Projective, SWCurveConfig},
    AffineRepr, CurveGroup,
};
use ark_ff::{BigInteger, PrimeField, Zero};
use ark_std::{any::Any, boxed::Box, vec, vec::Vec};
use core::any::TypeId;

/// Rows per block of [`FixedBases::msm_rows`] with projective accumulators:
/// the block's accumulators and one window's digits stay in L1/L2 cache.
pub(crate) const BLOCK: usize = 256;

/// Rows per block of [`FixedBases::msm_rows`] with batch-affine
/// accumulators (the groups of the fast path): each window's multiples,
/// fetched once per block, serve four times as many rows as with [`BLOCK`],
/// and the accumulators (a few hundred KiB) stay in L2. For 1024 rows of 16
/// BLS12-381 G1 bases on a table of width 10 (KZG+'s commit at k = 16,
/// 496 KiB), blocks of 1024 rows took about 0.85× the time of blocks of 256
/// in a quick interleaved run.
pub(crate) const AFFINE_BLOCK: usize = 1024;

/// The signed-digit multiples table of fixed points (see the module docs):
/// small MSMs, many MSMs at once, and `lo_i + x·B_i`, with no doubling.
///
/// vidkit's one table of this kind: KZG's committer key holds one through
/// [`crate::MsmBases`] when [`TablePolicy`] plans it, aPlonK's prover for
/// its fixed key ([`FixedBases::for_calls`]), KZG's verifier key for its
/// generator `G`.
#[derive(Clone)]
pub struct FixedBases<G: CurveGroup> {
    c: u32,
    windows: usize,
    len: usize,
    /// base-major: `T_{i,w,d}` at `(i·W + w)·2^{c−1} + d − 1`
    table: Vec<G::Affine>,
    /// whether some table point is the identity (a base at infinity, or of
    /// small order outside the prime-order subgroup)
    any_identity: bool,
}

impl<G: CurveGroup> core::fmt::Debug for FixedBases<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FixedBases")
            .field("len", &self.len)
            .field("c", &self.c)
            .finish()
    }
}

impl<G: CurveGroup> FixedBases<G> {
    /// The tables of `bases` with `c`-bit signed windows, whatever they
    /// cost (`n·W·2^{c−1}` points for `n` bases, `W = ⌈(bits+1)/c⌉`; the
    /// policy plans `2 ≤ c ≤ 10`).
    ///
    /// # Panics
    ///
    /// Unless `1 ≤ c ≤ 16`.
    pub fn new(bases: &[G::Affine], c: u32) -> Self {
        assert!((1..=16).contains(&c), "window width 1..=16");
        let bits = G::ScalarField::MODULUS_BIT_SIZE;
        let windows = window_count(bits, c);
        let half = 1usize << (c - 1);
        // the window bases 2^{c·w}·B_i, normalised in one batch, so that the
        // multiples below are mixed additions
        let mut window_bases: Vec<G> = Vec::with_capacity(bases.len() * windows);
        for b in bases {
            let mut p = b.into_group();
            for _ in 0..windows {
                window_bases.push(p);
                for _ in 0..c {
                    p.double_in_place();
                }
            }
        }
        let window_bases = G::normalize_batch(&window_bases);
        let table = affine_multiples::<G>(&window_bases, half)
            .unwrap_or_else(|| projective_multiples::<G>(&window_bases, half));
        Self {
            c,
            windows,
            len: bases.len(),
            any_identity: table.iter().any(|p| p.is_zero()),
            table,
        }
    }

    /// Tables for `calls` uses of [`FixedBases::add_scaled`] or
    /// [`FixedBases::sum_scaled`] over `bases`, with the width
    /// [`TablePolicy::plan`] picks for [`Workload::Scalings`] within
    /// `max_points` table points; `None` when no table pays.
    ///
    /// ```
    /// use ark_bls12_381::{Fr, G1Affine, G1Projective};
    /// use ark_ec::AffineRepr;
    /// use vidkit_msm::FixedBases;
    /// let g = G1Affine::generator();
    /// assert!(FixedBases::<G1Projective>::for_calls(&[g], 1, 1 << 16).is_none());
    /// let t = FixedBases::<G1Projective>::for_calls(&[g], 100, 1 << 16).unwrap();
    /// let out = t.add_scaled(&[g], Fr::from(5u64));
    /// assert_eq!(out, vec![g * Fr::from(6u64)]);
    /// ```
    pub fn for_calls(bases: &[G::Affine], calls: usize, max_points: usize) -> Option<Self> {
        let policy = TablePolicy {
            multiple_points: max_points,
            ..TablePolicy::DEFAULT
        };
        match policy.plan::<G>(bases.len(), Workload::Scalings(calls)) {
            TablePlan::Multiples(c) => Some(Self::new(bases, c)),
            _ => None,
        }
    }

    /// Window width in bits.
    pub fn width(&self) -> u32 {
        self.c
    }

    /// Number of prepared points.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no point is prepared.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `lo_i + x·B_i` for `i < lo.len()`, with `B_i` the identity past the
    /// prepared points (so `lo_i` is copied there).
    pub fn add_scaled(&self, lo: &[G::Affine], x: G::ScalarField) -> Vec<G> {
        self.sum_scaled(lo, &[(0, x)])
    }

    /// `lo_j + Σ_t s_t·B_{j+o_t}` for `j < lo.len()` and `terms = [(o_t, s_t)]`
    /// (`B_i` the identity past the prepared points): several folds of a
    /// folding argument at once. Each scalar is recoded once for all `j`;
    /// with the `parallel` feature the `j` are cut into one chunk per
    /// thread of the rayon pool (same output on every pool).
    ///
    /// ```
    /// use ark_bls12_381::{Fr, G1Affine, G1Projective};
    /// use ark_ec::AffineRepr;
    /// use vidkit_msm::FixedBases;
    /// let g = G1Affine::generator();
    /// let t = FixedBases::<G1Projective>::new(&[g, g, g], 4);
    /// let out = t.sum_scaled(&[g], &[(1, Fr::from(2u64)), (2, Fr::from(3u64))]);
    /// assert_eq!(out, vec![g * Fr::from(6u64)]);
    /// ```
    pub fn sum_scaled(&self, lo: &[G::Affine], terms: &[(usize, G::ScalarField)]) -> Vec<G> {
        let mut digits = vec![0i32; self.windows * terms.len()];
        for ((_, s), out) in terms.iter().zip(digits.chunks_exact_mut(self.windows)) {
            recode_into(&s.into_bigint(), self.c, self.windows, out, 1);
        }
        // point by point, on the rayon pool with `parallel`
        vidkit_pool::per_thread_chunks(lo.len(), crate::scale::MIN_FOLD_CHUNK, |r| {
            r.map(|j| {
                let mut acc = lo[j].into_group();
                for ((offset, _), ds) in terms.iter().zip(digits.chunks_exact(self.windows)) {
                    self.add_digits(&mut acc, j + offset, ds);
                }
                acc
            })
            .collect()
        })
    }

    /// `Σ_i scalars[i]·B_i` over the first `scalars.len()` prepared points:
    /// every signed window digit of every scalar adds one table point (zero
    /// scalars cost only their recoding).
    ///
    /// # Panics
    /// If there are more scalars than prepared points.
    ///
    /// ```
    /// use ark_bls12_381::{Fr, G1Affine, G1Projective};
    /// use ark_ec::AffineRepr;
    /// use vidkit_msm::FixedBases;
    /// let g = G1Affine::generator();
    /// let t = FixedBases::<G1Projective>::new(&[g, g], 5);
    /// assert_eq!(t.msm(&[Fr::from(2u64), Fr::from(7u64)]), g * Fr::from(9u64));
    /// ```
    #[track_caller]
    pub fn msm(&self, scalars: &[G::ScalarField]) -> G {
        LengthMismatch::require_prefix("FixedBases::msm", self.len, scalars.len());
        let mut digits = vec![0i32; self.windows];
        let mut acc = G::zero();
        for (i, s) in scalars.iter().take(self.len).enumerate() {
            if s.is_zero() {
                continue;
            }
            recode_into(&s.into_bigint(), self.c, self.windows, &mut digits, 1);
            self.add_digits(&mut acc, i, &digits);
        }
        acc
    }

    /// As [`FixedBases::msm`] with scalars in canonical big-integer form.
    ///
    /// # Panics
    /// If there are more scalars than prepared points.
    #[track_caller]
    pub fn msm_bigint(&self, scalars: &[BigIntOf<G>]) -> G {
        LengthMismatch::require_prefix("FixedBases::msm_bigint", self.len, scalars.len());
        let mut digits = vec![0i32; self.windows];
        let mut acc = G::zero();
        for (i, s) in scalars.iter().take(self.len).enumerate() {
            if s.is_zero() {
                continue;
            }
            recode_into(s, self.c, self.windows, &mut digits, 1);
            self.add_digits(&mut acc, i, &digits);
        }
        acc
    }

    /// The MSMs of consecutive rows of `len` scalars against the first `len`
    /// bases: `scalars.len() / len` results, row `r` being
    /// `Σ_i scalars[r·len + i]·B_i` (KZG+'s `m` row commitments, the `n`
    /// KZG quotients of KZG+ and aPlonK). `None` if `len` exceeds the number
    /// of bases or does not divide `scalars.len()` (`len = 0` gives no row).
    ///
    /// The same additions as [`FixedBases::msm`] row by row, in a
    /// cache-friendly order: rows are taken in blocks; for each base `i` and
    /// window `w` of a block, the `2^{c−1}` multiples of `B_i` in window `w`
    /// (a few dozen KiB) and the block's accumulators stay in cache while
    /// every row of the block adds its digit's multiple. Row by row, each
    /// addition reads a random point of the whole table (megabytes for a few
    /// dozen bases), and the cache misses dominate.
    ///
    /// On BLS12-381 and BN254 (G1 and G2) the accumulators are affine and
    /// every addition of a window step shares one field inversion with the
    /// other rows' (batch-affine, about 5M + 1S per addition against 8M + 3S
    /// for a mixed projective one), in blocks of 1024 rows; other groups
    /// accumulate projectively in blocks of 256. With the `parallel`
    /// feature the blocks run on the rayon pool (smaller blocks, one per
    /// thread, when there are fewer rows per thread).
    ///
    /// ```
    /// use ark_bls12_381::{Fr, G1Affine, G1Projective};
    /// use ark_ec::AffineRepr;
    /// use vidkit_msm::FixedBases;
    /// let g = G1Affine::generator();
    /// let t = FixedBases::<G1Projective>::new(&[g, g], 5);
    /// let s = [1u64, 2, 3, 4].map(Fr::from);
    /// let rows = t.msm_rows(&s, 2).unwrap();
    /// assert_eq!(rows, vec![g * Fr::from(3u64), g * Fr::from(7u64)]);
    /// assert!(t.msm_rows(&s, 3).is_none());
    /// ```
    pub fn msm_rows(&self, scalars: &[G::ScalarField], len: usize) -> Option<Vec<G>> {
        if len > self.len || (len == 0 && !scalars.is_empty()) {
            return None;
        }
        if len == 0 {
            return Some(Vec::new());
        }
        if scalars.len() % len != 0 {
            return None;
        }
        let block = |rows: &[G::ScalarField]| self.msm_block(rows, len);
        let block_rows = if affine_group::<G>() {
            AFFINE_BLOCK
        } else {
            BLOCK
        };
        #[cfg(feature = "parallel")]
        let blocks: Vec<Vec<G>> = {
            use rayon::prelude::*;
            // fewer rows than a block per thread: smaller blocks, one per thread
            let rows = scalars.len() / len;
            let per_thread = rows.div_ceil(vidkit_pool::threads()).max(1);
            scalars
                .par_chunks(block_rows.min(per_thread) * len)
                .map(block)
                .collect()
        };
        #[cfg(not(feature = "parallel"))]
        let blocks: Vec<Vec<G>> = scalars.chunks(block_rows * len).map(block).collect();
        Some(blocks.into_iter().flatten().collect())
    }

    /// One block of rows of [`FixedBases::msm_rows`]: base by base, window
    /// by window; with batch-affine accumulators on the groups of the fast
    /// path ([`crate::buckets::table_rows`]) from [`AFFINE_ROWS`] rows,
    /// projective ones elsewhere.
    fn msm_block(&self, scalars: &[G::ScalarField], len: usize) -> Vec<G> {
        let rows = scalars.len() / len;
        let mut recode = |i: usize, digits: &mut [i32]| self.recode_column(scalars, len, i, digits);
        if rows >= AFFINE_ROWS
            && affine_group::<G>()
            && let Some(out) =
                affine_rows::<G, ark_bls12_381::g1::Config>(self, len, rows, &mut recode)
                    .or_else(|| {
                        affine_rows::<G, ark_bn254::g1::Config>(self, len, rows, &mut recode)
                    })
                    .or_else(|| {
                        affine_rows::<G, ark_bls12_381::g2::Config>(self, len, rows, &mut recode)
                    })
                    .or_else(|| {
                        affine_rows::<G, ark_bn254::g2::Config>(self, len, rows, &mut recode)
                    })
        {
            return out;
        }
        self.projective_block(scalars, len)
    }

    /// [`FixedBases::msm_block`] with projective accumulators (any group).
    fn projective_block(&self, scalars: &[G::ScalarField], len: usize) -> Vec<G> {
        let rows = scalars.len() / len;
        let half = 1usize << (self.c - 1);
        let stride = self.windows * half;
        let mut acc = vec![G::zero(); rows];
        // digits[w·rows + r] of the current base, signed
        let mut digits = vec![0i32; self.windows * rows];
        for i in 0..len {
            if !self.recode_column(scalars, len, i, &mut digits) {
                continue;
            }
            let table = &self.table[i * stride..(i + 1) * stride];
            for w in 0..self.windows {
                let multiples = &table[w * half..(w + 1) * half];
                for (a, &d) in acc.iter_mut().zip(&digits[w * rows..(w + 1) * rows]) {
                    if d > 0 {
                        *a += multiples[d as usize - 1];
                    } else if d < 0 {
                        *a -= multiples[d.unsigned_abs() as usize - 1];
                    }
                }
            }
        }
        acc
    }

    /// The signed digits of column `i` (base `i`) of the rows of `len`
    /// scalars in `scalars`, window-major (`digits[w·rows + r]`); false if
    /// the column is all zero (`digits` then unspecified).
    fn recode_column(
        &self,
        scalars: &[G::ScalarField],
        len: usize,
        i: usize,
        digits: &mut [i32],
    ) -> bool {
        let rows = scalars.len() / len;
        let mut any = false;
        for r in 0..rows {
            let s = scalars[r * len + i];
            if s.is_zero() {
                for w in 0..self.windows {
                    digits[w * rows + r] = 0;
                }
                continue;
            }
            any = true;
            recode_into(
                &s.into_bigint(),
                self.c,
                self.windows,
                &mut digits[r..],
                rows,
            );
        }
        any
    }

    /// `acc += Σ_w d_w·2^{c·w}·B_i` from the table (nothing past the prepared points).
    #[inline]
    fn add_digits(&self, acc: &mut G, i: usize, digits: &[i32]) {
        if i >= self.len {
            return;
        }
        let half = 1usize << (self.c - 1);
        let row = &self.table[i * self.windows * half..(i + 1) * self.windows * half];
        for (w, &d) in digits.iter().enumerate() {
            if d != 0 {
                let t = row[w * half + d.unsigned_abs() as usize - 1];
                if d > 0 {
                    *acc += t;
                } else {
                    *acc -= t;
                }
            }
        }
    }
}

/// From this many rows per block [`FixedBases::msm_rows`] accumulates in
/// affine coordinates on the groups of the fast path: below it, too few
/// additions share each field inversion.
pub(crate) const AFFINE_ROWS: usize = 16;

/// Whether `G` is one of the groups [`affine_rows`] serves (BLS12-381 and
/// BN254, G1 and G2).
pub(crate) fn affine_group<G: CurveGroup>() -> bool {
    let id = TypeId::of::<G>();
    id == TypeId::of::<Projective<ark_bls12_381::g1::Config>>()
        || id == TypeId::of::<Projective<ark_bn254::g1::Config>>()
        || id == TypeId::of::<Projective<ark_bls12_381::g2::Config>>()
        || id == TypeId::of::<Projective<ark_bn254::g2::Config>>()
}

/// The multiples `d·P_j`, `1 ≤ d ≤ half`, point-major, by mixed projective
/// additions and one normalisation (any group; exact for every point).
fn projective_multiples<G: CurveGroup>(points: &[G::Affine], half: usize) -> Vec<G::Affine> {
    let mut out: Vec<G> = Vec::with_capacity(points.len() * half);
    for p in points {
        let mut multiple = p.into_group();
        for _ in 0..half {
            out.push(multiple);
            multiple += p;
        }
    }
    G::normalize_batch(&out)
}

/// [`projective_multiples`] by batch-affine additions
/// ([`crate::buckets::multiples`]) on the groups of the fast path (the same
/// points); `None` elsewhere, and for points of small order. A `&Vec`, not
/// a slice: the downcast to the concrete point type needs a sized type.
#[allow(clippy::ptr_arg)]
fn affine_multiples<G: CurveGroup>(points: &Vec<G::Affine>, half: usize) -> Option<Vec<G::Affine>> {
    #[allow(clippy::ptr_arg)]
    fn on<G: CurveGroup, P: SWCurveConfig>(
        points: &Vec<G::Affine>,
        half: usize,
    ) -> Option<Vec<G::Affine>> {
        let points = (points as &dyn Any).downcast_ref::<Vec<Affine<P>>>()?;
        let out: Box<dyn Any> = Box::new(buckets::multiples(points, half)?);
        out.downcast::<Vec<G::Affine>>().ok().map(|b| *b)
    }
    if !affine_group::<G>() {
        return None;
    }
    on::<G, ark_bls12_381::g1::Config>(points, half)
        .or_else(|| on::<G, ark_bn254::g1::Config>(points, half))
        .or_else(|| on::<G, ark_bls12_381::g2::Config>(points, half))
        .or_else(|| on::<G, ark_bn254::g2::Config>(points, half))
}

/// If `G` is `Projective<P>`: the rows of `len` scalars of `t` by the batch-affine kernel
/// ([`crate::buckets::table_rows`]; a checked downcast of the reference and
/// of the result, no copy), else `None`.
fn affine_rows<G: CurveGroup, P: SWCurveConfig>(
    t: &FixedBases<G>,
    len: usize,
    rows: usize,
    recode: &mut dyn FnMut(usize, &mut [i32]) -> bool,
) -> Option<Vec<G>> {
    let t = (t as &dyn Any).downcast_ref::<FixedBases<Projective<P>>>()?;
    // entries are indexed by u32
    if t.table.len() > u32::MAX as usize || rows.saturating_mul(t.windows) > u32::MAX as usize {
        return None;
    }
    let half = 1usize << (t.c - 1);
    let out = buckets::table_rows(&t.table, t.any_identity, t.windows, half, len, rows, recode);
    let out: Box<dyn Any> = Box::new(out);
    out.downcast::<Vec<G>>().ok().map(|b| *b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::UniformRand;
    use ark_std::rand::SeedableRng;

    fn check<G: CurveGroup>() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        let mut bases: Vec<G::Affine> = (0..5).map(|_| G::rand(&mut rng).into_affine()).collect();
        bases[2] = G::Affine::zero();
        let lo: Vec<G::Affine> = (0..7).map(|_| G::rand(&mut rng).into_affine()).collect();
        let xs = [
            G::ScalarField::from(0u64),
            G::ScalarField::from(1u64),
            -G::ScalarField::from(1u64),
            G::ScalarField::rand(&mut rng),
        ];
        for c in [1, 2, 5, 8] {
            let t = FixedBases::<G>::new(&bases, c);
            for x in xs {
                let want: Vec<G> = lo
                    .iter()
                    .enumerate()
                    .map(|(i, l)| *l + bases.get(i).map_or(G::zero(), |b| *b * x))
                    .collect();
                assert_eq!(t.add_scaled(&lo, x), want, "c = {c}");
            }
            let scalars: Vec<G::ScalarField> = xs.iter().chain(&xs[2..3]).copied().collect();
            assert_eq!(scalars.len(), bases.len());
            let want: G = bases.iter().zip(&scalars).map(|(b, s)| *b * s).sum();
            assert_eq!(t.msm(&scalars), want, "msm, c = {c}");
            assert_eq!(t.msm(&scalars[..2]), bases[1] * scalars[1], "short");
            let terms = [(1, xs[3]), (3, xs[2]), (0, xs[1])];
            let want: Vec<G> = lo
                .iter()
                .enumerate()
                .map(|(j, l)| {
                    terms.iter().fold(l.into_group(), |acc, (o, s)| {
                        acc + bases.get(j + o).map_or(G::zero(), |b| *b * s)
                    })
                })
                .collect();
            assert_eq!(t.sum_scaled(&lo, &terms), want, "sum_scaled, c = {c}");
        }
    }

    #[test]
    fn matches_naive_on_every_shipped_group() {
        check::<ark_bls12_381::G1Projective>();
        check::<ark_bls12_381::G2Projective>();
        check::<ark_bn254::G1Projective>();
        check::<ark_bn254::G2Projective>();
    }

    /// `msm` and `msm_bigint` equal arkworks' MSM at every width the table
    /// takes, on every length from 0 to the number of bases, with zero,
    /// one and `r − 1` scalars and an identity base; more scalars than bases
    /// are refused (a panic, never a truncated sum).
    fn matches_arkworks_at_every_width<G: CurveGroup>(widths: core::ops::RangeInclusive<u32>) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        let mut bases: Vec<G::Affine> = (0..6).map(|_| G::rand(&mut rng).into_affine()).collect();
        bases[4] = G::Affine::zero();
        let mut scalars: Vec<G::ScalarField> =
            (0..7).map(|_| G::ScalarField::rand(&mut rng)).collect();
        scalars[1] = -G::ScalarField::from(1u64);
        scalars[2] = G::ScalarField::zero();
        scalars[3] = G::ScalarField::from(1u64);
        for c in widths {
            let t = FixedBases::<G>::new(&bases, c);
            assert_eq!((t.len(), t.width(), t.is_empty()), (6, c, false));
            for n in 0..=6 {
                let want = G::msm(&bases[..n], &scalars[..n]).unwrap();
                let big: Vec<_> = scalars[..n].iter().map(|s| s.into_bigint()).collect();
                assert_eq!(t.msm(&scalars[..n]), want, "c = {c}, n = {n}");
                assert_eq!(t.msm_bigint(&big), want, "bigint, c = {c}, n = {n}");
            }
            #[cfg(feature = "std")]
            {
                let seventh =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| t.msm(&scalars)));
                assert!(seventh.is_err(), "a 7th scalar is refused");
            }
        }
        let empty = FixedBases::<G>::new(&[], 4);
        assert!(empty.is_empty());
        assert!(empty.msm(&[]).is_zero());
        assert_eq!(empty.msm_rows(&[], 0), Some(vec![]));
    }

    #[test]
    fn matches_arkworks_at_every_width_on_every_shipped_group() {
        matches_arkworks_at_every_width::<ark_bls12_381::G1Projective>(1..=12);
        matches_arkworks_at_every_width::<ark_bn254::G1Projective>(1..=12);
        matches_arkworks_at_every_width::<ark_bls12_381::G2Projective>(1..=8);
        matches_arkworks_at_every_width::<ark_bn254::G2Projective>(1..=8);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]
        /// `msm_rows` equals the row-by-row table MSM for random shapes
        /// (rows not a multiple of the block, more than one block), and
        /// arkworks' MSM on the first and the last row.
        #[test]
        fn rows_equal_row_by_row_on_random_shapes(
            len in 1usize..8,
            rows in 0usize..(AFFINE_BLOCK + BLOCK + 3),
            c in 1u32..=10,
            seed: u64,
        ) {
            use ark_ec::VariableBaseMSM;
            type G = ark_bls12_381::G1Projective;
            type F = ark_bls12_381::Fr;
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
            let bases: Vec<_> = (0..len + 1).map(|_| G::rand(&mut rng).into_affine()).collect();
            let t = FixedBases::<G>::new(&bases, c);
            let mut s: Vec<F> = (0..rows * len).map(|_| F::rand(&mut rng)).collect();
            if let Some(x) = s.get_mut(0) {
                *x = F::zero();
            }
            let got = t.msm_rows(&s, len).unwrap();
            proptest::prop_assert_eq!(got.len(), rows);
            // every row against the row-by-row MSM, unless there are many
            // (then every 7th, and the rows around the block boundaries)
            let boundary = |r: usize| [BLOCK, AFFINE_BLOCK].iter().any(|b| r.abs_diff(*b) <= 1);
            for (r, p) in got.iter().enumerate() {
                if rows > 300 && r % 7 != 0 && !boundary(r) && r + 1 != rows {
                    continue;
                }
                let row = &s[r * len..(r + 1) * len];
                proptest::prop_assert_eq!(*p, t.msm(row));
                if r == 0 || r + 1 == rows {
                    proptest::prop_assert_eq!(*p, G::msm(&bases[..len], row).unwrap());
                }
            }
            // the projective blocks (other groups) give the same rows
            if rows > 0 {
                let cut = (rows / 2).max(1) * len;
                let mut projective = t.projective_block(&s[..cut], len);
                projective.extend(t.projective_block(&s[cut..], len));
                proptest::prop_assert_eq!(projective, got);
            }
        }
    }

    /// `msm_rows` equals the row-by-row table MSM for random shapes, more
    /// rows than one block included, and arkworks' MSM.
    #[test]
    fn rows_equal_row_by_row() {
        use ark_ec::VariableBaseMSM;
        type G = ark_bls12_381::G1Projective;
        type F = ark_bls12_381::Fr;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        let bases: Vec<_> = (0..7).map(|_| G::rand(&mut rng).into_affine()).collect();
        let t = FixedBases::<G>::new(&bases, 5);
        assert_eq!(t.msm_rows(&[], 3), Some(vec![]));
        assert_eq!(t.msm_rows(&[], 0), Some(vec![]));
        assert_eq!(t.msm_rows(&[F::from(1u64)], 0), None);
        assert_eq!(t.msm_rows(&[F::from(1u64); 8], 8), None, "len > bases");
        assert_eq!(t.msm_rows(&[F::from(1u64); 5], 2), None, "len ∤ count");
        let zeros = t.msm_rows(&[F::zero(); 8], 4).unwrap();
        assert!(zeros.iter().all(|p| p.is_zero()));
        for (len, rows, c) in [
            (1, 3, 2),
            (4, 2 * AFFINE_BLOCK + 3, 6),
            (7, BLOCK, 9),
            (3, 1, 10),
            (2, AFFINE_ROWS, 10),
        ] {
            let t = FixedBases::<G>::new(&bases, c);
            let mut s: Vec<F> = (0..rows * len).map(|_| F::rand(&mut rng)).collect();
            s[0] = F::zero();
            s[len.min(2) - 1] = -F::from(1u64);
            let got = t.msm_rows(&s, len).unwrap();
            assert_eq!(got.len(), rows);
            for (r, p) in got.iter().enumerate() {
                let row = &s[r * len..(r + 1) * len];
                assert_eq!(*p, t.msm(row), "len {len}, row {r}, c = {c}");
                if r % 97 == 0 {
                    assert_eq!(*p, G::msm(&bases[..len], row).unwrap());
                }
            }
        }
    }

    /// The batch-affine rows ([`AFFINE_ROWS`] rows and more, on every
    /// shipped group) against arkworks' MSM row by row, with the inputs that
    /// take its special cases: two equal bases with digits that make an
    /// accumulator meet its own table point (`[1, 1]`, `[x, x]`: doubling)
    /// or its negation (`[1, −1]`, `[x, −x]`: cancelling, then adding to an
    /// empty accumulator), a base at infinity, a zero column, and one lane
    /// (≥ 512 rows) as well as several (fewer rows).
    fn affine_rows_special_cases<G: CurveGroup>(c: u32) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(u64::from(c));
        let b = G::rand(&mut rng).into_affine();
        let bases = [b, b, G::rand(&mut rng).into_affine(), G::Affine::zero()];
        let t = FixedBases::<G>::new(&bases, c);
        let len = bases.len();
        let one = G::ScalarField::from(1u64);
        for rows in [AFFINE_ROWS, 100, crate::buckets::TABLE_BATCH + 7] {
            // column 2 (a random base) is all zero
            let zero = G::ScalarField::zero();
            let mut s = Vec::with_capacity(rows * len);
            for r in 0..rows {
                let x = G::ScalarField::rand(&mut rng);
                let y = G::ScalarField::rand(&mut rng);
                let row = match r % 5 {
                    0 => [one, one, zero, x],
                    1 => [one, -one, zero, y],
                    2 => [x, x, zero, x],
                    3 => [x, -x, zero, y],
                    _ => [x, y, zero, x],
                };
                s.extend(row);
            }
            let got = t.msm_rows(&s, len).unwrap();
            for (r, p) in got.iter().enumerate() {
                let row = &s[r * len..(r + 1) * len];
                assert_eq!(
                    *p,
                    G::msm(&bases, row).unwrap(),
                    "rows {rows}, row {r}, c = {c}"
                );
            }
        }
    }

    /// The batch-affine table build gives the projective build's points on
    /// every group of the fast path: random points with one at infinity,
    /// widths from no step (`half = 1`) to 512 multiples, and more points
    /// than one chunk of [`crate::buckets::MULTIPLES_CHUNK`].
    fn affine_build_equals_projective<G: CurveGroup>() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        let chunk = crate::buckets::MULTIPLES_CHUNK;
        for (n, half) in [(3, 1), (5, 2), (9, 3), (chunk + 5, 4), (4, 512)] {
            let mut points: Vec<G::Affine> =
                (0..n).map(|_| G::rand(&mut rng).into_affine()).collect();
            points[1] = G::Affine::zero();
            let affine = affine_multiples::<G>(&points, half).expect("a fast-path group");
            assert_eq!(
                affine,
                projective_multiples::<G>(&points, half),
                "n {n}, half {half}"
            );
            assert_eq!(affine[half + half - 1], G::Affine::zero());
            let last = (n - 1) * half + half - 1;
            let want = points[n - 1] * G::ScalarField::from(half as u64);
            assert_eq!(affine[last], want.into_affine());
        }
    }

    #[test]
    fn affine_build_equals_projective_on_every_shipped_group() {
        affine_build_equals_projective::<ark_bls12_381::G1Projective>();
        affine_build_equals_projective::<ark_bn254::G1Projective>();
        affine_build_equals_projective::<ark_bls12_381::G2Projective>();
        affine_build_equals_projective::<ark_bn254::G2Projective>();
    }

    /// A base of order 3 (`(0, 2)` on BLS12-381's `y² = x³ + 4`, outside
    /// G1): the batch-affine build meets `2P = −P` (a zero denominator) and
    /// gives way to the projective one, so the table is still exact.
    #[test]
    fn small_order_base_falls_back_to_projective() {
        use ark_bls12_381::{Fq, Fr, G1Affine, G1Projective};
        let p = G1Affine::new_unchecked(Fq::from(0u64), Fq::from(2u64));
        assert!(p.is_on_curve() && !p.is_in_correct_subgroup_assuming_on_curve());
        assert!((p * Fr::from(3u64)).is_zero());
        assert!(affine_multiples::<G1Projective>(&vec![p], 4).is_none());
        let g = G1Affine::generator();
        let t = FixedBases::<G1Projective>::new(&[p, g], 3);
        let xs = [
            Fr::from(1u64),
            Fr::from(2u64),
            Fr::from(3u64),
            -Fr::from(5u64),
        ];
        for x in xs {
            for y in xs {
                assert_eq!(t.msm(&[x, y]), p * x + g * y, "x = {x}, y = {y}");
            }
        }
    }

    #[test]
    fn affine_rows_special_cases_on_every_shipped_group() {
        for c in [1, 4, 7] {
            affine_rows_special_cases::<ark_bls12_381::G1Projective>(c);
            affine_rows_special_cases::<ark_bn254::G1Projective>(c);
        }
        affine_rows_special_cases::<ark_bls12_381::G2Projective>(5);
        affine_rows_special_cases::<ark_bn254::G2Projective>(5);
    }
}
