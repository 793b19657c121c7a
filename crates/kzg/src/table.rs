//! Fixed-base window tables for many small MSMs over the same bases
//! (schemes.md §8.2).
//!
//! KZG+ and per-row KZG commit to `m` rows of `k` coefficients against the
//! same `k` SRS powers, and every KZG+ proof is an MSM over the first `k − 1`
//! of them. For small `k`, Pippenger degenerates into about `b/c` doublings
//! plus bucket work per MSM; with precomputed multiples of each base the
//! doublings disappear entirely.
//!
//! For window width `c`, base `B` and window `w < W` the table holds
//! `d·2^{c·w}·B` for `d = 1..=2^{c−1}`. A scalar is recoded into signed digits
//! `s = Σ_w d_w 2^{c·w}` with `d_w ∈ [−2^{c−1}, 2^{c−1}]` (a carry moves into
//! the next window, which is why `W = ⌈bits/c⌉ + 1`); then
//! `s·B = Σ_w sign(d_w)·T[w][|d_w|]` costs at most `W` mixed additions and
//! no doubling. Negating an affine point is free.
//!
//! This table is kept beside vidkit-msm's bucket methods for these small,
//! many-times-repeated MSMs: a few dozen mixed additions per scalar and no
//! bucket reduction, where a bucket pass over `k·W` points with few buckets
//! cannot amortise its batch inversions (`docs/msm.md`).
//!
//! The width is the largest `c ≤ 10` whose table fits in a point budget, so the
//! memory stays bounded for large `k`; with `c = 8`, `k = 16` the table holds
//! 67 584 points (about 6.5 MiB on BLS12-381).

mod rows;

use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{BigInteger, PrimeField, Zero};

/// Default budget: at most this many precomputed points per table.
pub const DEFAULT_POINT_BUDGET: usize = 1 << 18;

/// Precomputed signed-digit multiples of a fixed list of bases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedBaseTable<G: CurveGroup> {
    width: u32,
    windows: usize,
    bases: usize,
    /// `[base][window][digit − 1]`, digits `1..=2^{width−1}`.
    points: Vec<G::Affine>,
}

impl<G: CurveGroup> FixedBaseTable<G> {
    /// Builds the table for `bases`, with the widest window (≤ 10 bits) whose
    /// table holds at most `budget` points (at least width 2).
    pub fn new(bases: &[G::Affine], budget: usize) -> Self {
        let bits = G::ScalarField::MODULUS_BIT_SIZE as usize;
        let size = |c: u32| bases.len() * (bits.div_ceil(c as usize) + 1) * (1usize << (c - 1));
        let width = (2..=10u32).rev().find(|&c| size(c) <= budget).unwrap_or(2);
        Self::with_width(bases, width)
    }

    /// Builds the table with an explicit window width `2 ≤ width ≤ 16`.
    pub fn with_width(bases: &[G::Affine], width: u32) -> Self {
        let width = width.clamp(2, 16);
        let bits = G::ScalarField::MODULUS_BIT_SIZE as usize;
        let windows = bits.div_ceil(width as usize) + 1;
        let per_window = 1usize << (width - 1);
        let mut proj = Vec::with_capacity(bases.len() * windows * per_window);
        for base in bases {
            let mut window_base = base.into_group();
            for _ in 0..windows {
                let mut acc = window_base;
                for _ in 0..per_window {
                    proj.push(acc);
                    acc += window_base;
                }
                for _ in 0..width {
                    window_base.double_in_place();
                }
            }
        }
        Self {
            width,
            windows,
            bases: bases.len(),
            points: G::normalize_batch(&proj),
        }
    }

    /// Number of bases the table covers.
    pub fn len(&self) -> usize {
        self.bases
    }

    /// Whether the table covers no base.
    pub fn is_empty(&self) -> bool {
        self.bases == 0
    }

    /// Window width in bits.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// `Σ_i scalars[i]·bases[i]` for the first `scalars.len()` bases; `None`
    /// if there are more scalars than bases.
    pub fn msm(&self, scalars: &[G::ScalarField]) -> Option<G> {
        if scalars.len() > self.bases {
            return None;
        }
        let per_window = 1usize << (self.width - 1);
        let stride = self.windows * per_window;
        let mut acc = G::zero();
        for (b, s) in scalars.iter().enumerate() {
            if s.is_zero() {
                continue;
            }
            let table = &self.points[b * stride..(b + 1) * stride];
            for (w, d) in self.signed_digits(s).enumerate() {
                if d > 0 {
                    acc += table[w * per_window + d as usize - 1];
                } else if d < 0 {
                    acc -= table[w * per_window + (-d) as usize - 1];
                }
            }
        }
        Some(acc)
    }

    /// The `windows` signed digits `d_w ∈ [−2^{width−1}, 2^{width−1}]` of `s`,
    /// low window first, with `s = Σ_w d_w·2^{width·w}`.
    fn signed_digits(&self, s: &G::ScalarField) -> impl Iterator<Item = i64> {
        let bits = s.into_bigint();
        let (width, half) = (self.width, 1i64 << (self.width - 1));
        let mut carry = 0i64;
        (0..self.windows).map(move |w| {
            let mut d = window_bits(&bits, w * width as usize, width) as i64 + carry;
            carry = i64::from(d > half);
            if carry == 1 {
                d -= 1i64 << width;
            }
            d
        })
    }
}

/// `width` bits of `n` starting at bit `start` (zero past the top).
fn window_bits<B: BigInteger>(n: &B, start: usize, width: u32) -> u64 {
    let limbs = n.as_ref();
    let (limb, off) = (start / 64, start % 64);
    if limb >= limbs.len() {
        return 0;
    }
    let mut v = limbs[limb] >> off;
    if off + width as usize > 64 && limb + 1 < limbs.len() {
        v |= limbs[limb + 1] << (64 - off);
    }
    v & ((1u64 << width) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::{Fr, G1Affine, G1Projective};
    use ark_ec::VariableBaseMSM;
    use ark_ff::UniformRand;
    use ark_std::rand::SeedableRng;

    #[test]
    fn matches_pippenger_for_every_width() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        let bases: Vec<G1Affine> = (0..5)
            .map(|_| G1Projective::rand(&mut rng).into_affine())
            .collect();
        let mut scalars: Vec<Fr> = (0..5).map(|_| Fr::rand(&mut rng)).collect();
        scalars[1] = -Fr::from(1u64); // r − 1: maximal scalar
        scalars[2] = Fr::zero();
        let expected = G1Projective::msm(&bases, &scalars).unwrap();
        for width in 2..=11 {
            let t = FixedBaseTable::<G1Projective>::with_width(&bases, width);
            assert_eq!(t.msm(&scalars), Some(expected), "width {width}");
            assert_eq!(
                t.msm(&scalars[..3]),
                Some(G1Projective::msm(&bases[..3], &scalars[..3]).unwrap())
            );
        }
        let t = FixedBaseTable::<G1Projective>::new(&bases, DEFAULT_POINT_BUDGET);
        assert_eq!(t.width(), 10);
        assert_eq!(t.msm(&scalars), Some(expected));
        assert_eq!(t.msm(&[Fr::from(1u64); 6]), None);
        assert!(t.msm(&[]).unwrap().is_zero());
    }
}
