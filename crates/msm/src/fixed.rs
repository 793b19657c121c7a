//! Fixed points times one scalar per call: `lo_i + x·B_i` with tables.
//!
//! [`crate::add_scaled`] multiplies **variable** points by one scalar. When
//! the points `B_i` are the same for many calls (each with its own scalar `x`
//! and its own `lo`), e.g. the first fold of a folding argument over a fixed
//! key, every `B_i` can keep the signed-window table
//! `T_{i,w,d} = d·2^{c·w}·B_i` (`1 ≤ d ≤ 2^{c−1}`, `w < W = ⌈(bits+1)/c⌉`).
//! Then `x` is recoded **once** per call into `W` signed digits, and
//! `x·B_i = Σ_w ±T_{i,w,|d_w|}`: at most `W` mixed additions per point, no
//! doublings. With `c = 6` that is 43 additions against about 128 doublings
//! and 96 additions for a GLV double-and-add (`add_scaled`) and 255 doublings
//! for plain double-and-add.
//!
//! The table costs `W·(2^{c−1} − 1)` additions and `W·c` doublings per point
//! and `W·2^{c−1}` affine points of memory; [`FixedBases::for_calls`] picks the
//! width that saves the most over a given number of calls within a memory
//! budget, or declines when no table pays.

use crate::digits::{recode_into, window_count};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{PrimeField, Zero};
use ark_std::{vec, vec::Vec};

/// A point-doubling in mixed-addition units (projective, `a = 0`).
const DOUBLE: usize = 8;
/// A mixed addition, the unit of the cost model (×10).
const ADD: usize = 10;
/// Normalising and storing one table point (its share of the batch
/// inversion, three multiplications and the memory traffic of a table that
/// outgrows the caches), in the same units.
const NORMALISE: usize = 6;
/// A table must repay this many times its modelled build cost: building
/// measured ≈ 1.7× the count above (callgrind, BLS12-381 G1 and G2 tables of
/// 131 072 points: normalisation and the memory traffic of a table larger
/// than the caches), and a table that only breaks even is not worth its memory.
const BUILD_FACTOR: i128 = 2;
/// Cost of one `lo + x·B` without a table, in the same units: a GLV
/// double-and-add (≈ 128 doublings and 96 additions). Groups without GLV
/// pay more, so this only under-states what a table saves.
const VARIABLE: usize = 128 * DOUBLE + 96 * ADD;

/// Fixed points prepared for many `lo_i + x·B_i` (see the module docs).
pub struct FixedBases<G: CurveGroup> {
    c: u32,
    windows: usize,
    len: usize,
    /// base-major: `T_{i,w,d}` at `(i·W + w)·2^{c−1} + d − 1`
    table: Vec<G::Affine>,
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
    /// The tables of `bases` with `c`-bit signed windows (`1 ≤ c ≤ 16`).
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
        let mut points: Vec<G> = Vec::with_capacity(bases.len() * windows * half);
        for p in &window_bases {
            let mut multiple = p.into_group();
            for _ in 0..half {
                points.push(multiple);
                multiple += p;
            }
        }
        Self {
            c,
            windows,
            len: bases.len(),
            table: G::normalize_batch(&points),
        }
    }

    /// Tables for `calls` uses of [`FixedBases::add_scaled`] over `bases`,
    /// with the window width that saves the most operations over doing
    /// without, at most `max_points` table points; `None` when no width
    /// saves anything.
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
        let c = Self::best_width(bases.len(), calls, max_points)?;
        Some(Self::new(bases, c))
    }

    /// The width of [`FixedBases::for_calls`], if any.
    fn best_width(len: usize, calls: usize, max_points: usize) -> Option<u32> {
        Self::best_width_by(len, calls, max_points, |windows| {
            (len * VARIABLE).checked_sub(len * windows * ADD)
        })
    }

    /// The width with the largest net saving `calls·saving(W) − build` over
    /// `len` points (a table within `max_points` points), if positive.
    fn best_width_by(
        len: usize,
        calls: usize,
        max_points: usize,
        saving: impl Fn(usize) -> Option<usize>,
    ) -> Option<u32> {
        if len == 0 {
            return None;
        }
        let bits = G::ScalarField::MODULUS_BIT_SIZE;
        (2..=12u32)
            .filter_map(|c| {
                let windows = window_count(bits, c);
                let half = 1usize << (c - 1);
                if len.saturating_mul(windows * half) > max_points {
                    return None;
                }
                let build = len * windows * (c as usize * DOUBLE + half * (ADD + NORMALISE));
                let net =
                    (calls as i128) * (saving(windows)? as i128) - BUILD_FACTOR * build as i128;
                (net > 0).then_some((c, net))
            })
            .max_by_key(|x| x.1)
            .map(|x| x.0)
    }

    /// Tables for `calls` uses of [`FixedBases::msm`] over `bases`, when a
    /// width within `max_points` table points saves operations over plain
    /// Pippenger (small MSMs over fixed bases: each point costs `W` mixed
    /// additions into one accumulator, with no doublings and no buckets).
    pub fn for_msms(bases: &[G::Affine], calls: usize, max_points: usize) -> Option<Self> {
        let n = bases.len();
        let bits = G::ScalarField::MODULUS_BIT_SIZE as usize;
        // projective Pippenger with its best window: W·(n + 2^c) additions
        // and `bits` doublings; from 32 points vidkit's batch-affine
        // additions cost about 70 % of a mixed one
        let pippenger = (2..=16usize)
            .map(|c| (bits + 1).div_ceil(c) * (n + (1 << c)) * ADD + bits * DOUBLE)
            .min()?;
        let plain = if n < 32 {
            pippenger
        } else {
            pippenger * 7 / 10
        };
        let c = Self::best_width_by(n, calls, max_points, |windows| {
            plain.checked_sub(n * windows * ADD)
        })?;
        Some(Self::new(bases, c))
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
    /// folding argument at once. Each scalar is recoded once for all `j`.
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
        lo.iter()
            .enumerate()
            .map(|(j, l)| {
                let mut acc = l.into_group();
                for ((offset, _), ds) in terms.iter().zip(digits.chunks_exact(self.windows)) {
                    self.add_digits(&mut acc, j + offset, ds);
                }
                acc
            })
            .collect()
    }

    /// `Σ_i scalars[i]·B_i` over the first `min(len)` pairs: every signed
    /// window digit of every scalar adds one table point (zero scalars cost
    /// only their recoding).
    ///
    /// ```
    /// use ark_bls12_381::{Fr, G1Affine, G1Projective};
    /// use ark_ec::AffineRepr;
    /// use vidkit_msm::FixedBases;
    /// let g = G1Affine::generator();
    /// let t = FixedBases::<G1Projective>::new(&[g, g], 5);
    /// assert_eq!(t.msm(&[Fr::from(2u64), Fr::from(7u64)]), g * Fr::from(9u64));
    /// ```
    pub fn msm(&self, scalars: &[G::ScalarField]) -> G {
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
            let scalars: Vec<G::ScalarField> = xs.iter().chain(&xs[2..]).copied().collect();
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

    #[test]
    fn widths_follow_the_budget_and_the_calls() {
        type G = ark_bls12_381::G2Projective;
        assert_eq!(FixedBases::<G>::best_width(8, 1, 1 << 20), None);
        assert_eq!(FixedBases::<G>::best_width(0, 100, 1 << 20), None);
        let many = FixedBases::<G>::best_width(8, 10_000, 1 << 20).unwrap();
        let few = FixedBases::<G>::best_width(8, 20, 1 << 20).unwrap();
        assert!(many > few, "{many} > {few}");
        let tight = FixedBases::<G>::best_width(8, 10_000, 8 * 128 * 2).unwrap();
        assert!((8 * window_count(255, tight)) << (tight - 1) <= 8 * 128 * 2);
    }
}
