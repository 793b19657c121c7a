//! Precomputed window multiples: one bucket pass for every window.
//!
//! For fixed bases `P_i` and window width `c`, the table holds
//! `P_{i,w} = 2^{c·w}·P_i` for `w < W`. Then
//! `Σ_i s_i·P_i = Σ_i Σ_w d_{i,w}·P_{i,w}` is a **single** bucket sum over
//! `n·W` points with `2^{c−1}` buckets: no per-window bucket reduction and no
//! Horner doublings. Where plain Pippenger pays `W·(n·A + 2^c·R)` (A: one
//! batch-affine addition, R: one XYZZ addition of the reduction), this pays
//! `n·W·A + 2^c·R`, so a wider window becomes affordable and small MSMs get
//! much cheaper (about 2× at a few hundred points, `docs/msm.md`). The table
//! costs `n·(W−1)·c` doublings once and `n·W` affine points of memory;
//! whether it pays and its width are [`crate::TablePolicy`]'s decision.

use ark_ec::{
    short_weierstrass::{Affine, Bucket, Projective, SWCurveConfig},
    CurveGroup,
};
use ark_ff::{AdditiveGroup, PrimeField};
use ark_std::vec::Vec;

use crate::{buckets::bucket_sum, digits};

/// Window multiples `2^{c·w}·P_i` of fixed bases, scalar-major.
#[derive(Clone, Debug)]
pub(crate) struct WindowTable<P: SWCurveConfig> {
    c: u32,
    windows: usize,
    points: Vec<Affine<P>>,
}

impl<P: SWCurveConfig> WindowTable<P> {
    pub(crate) fn new(bases: &[Affine<P>], c: u32) -> Self {
        let windows = digits::window_count(P::ScalarField::MODULUS_BIT_SIZE, c);
        let mut proj = Vec::with_capacity(bases.len() * windows);
        for b in bases {
            let mut p: Projective<P> = (*b).into();
            for w in 0..windows {
                if w > 0 {
                    for _ in 0..c {
                        p.double_in_place();
                    }
                }
                proj.push(p);
            }
        }
        Self {
            c,
            windows,
            points: Projective::normalize_batch(&proj),
        }
    }

    /// Number of bases covered.
    pub(crate) fn len(&self) -> usize {
        self.points.len() / self.windows
    }

    /// `Σ_i scalars[i]·P_i` for the first `scalars.len() ≤ len()` bases.
    pub(crate) fn msm_bigint(
        &self,
        scalars: &[<P::ScalarField as PrimeField>::BigInt],
    ) -> Projective<P> {
        let n = scalars.len().min(self.len());
        let digits = digits::recode_scalar_major(&scalars[..n], self.c, self.windows);
        let points = &self.points[..n * self.windows];
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            let threads = rayon::current_num_threads();
            if threads > 1 && n >= 2 * crate::pippenger::SMALL_MSM && splits_pay(n, self) {
                // whole bases per chunk, one bucket set per chunk
                let chunk = n.div_ceil(threads) * self.windows;
                let sums: Vec<Bucket<P>> = points
                    .par_chunks(chunk)
                    .zip(digits.par_chunks(chunk))
                    .map(|(p, d)| bucket_sum(p, d, self.c))
                    .collect();
                return sums.iter().fold(Projective::default(), |mut acc, s| {
                    acc += s;
                    acc
                });
            }
        }
        let s: Bucket<P> = bucket_sum(points, &digits, self.c);
        s.into()
    }
}

/// Whether an MSM of `n` bases on `table` is split into one bucket set per
/// thread. Each set ends with a reduction of its `2^{c−1}` buckets (about
/// `2^c` additions), which a split repeats on every thread; it is worth it
/// when a thread's share of the `n·W` digit additions is at least that
/// much (a single MSM then runs at least 1.5× faster on two threads). A
/// small MSM on a wide table stays on one thread: FK20's rows of 64 bases on
/// its width-10 table (832 additions per thread against 1 024), which FK20
/// runs side by side instead.
#[cfg(feature = "parallel")]
fn splits_pay<P: SWCurveConfig>(n: usize, table: &WindowTable<P>) -> bool {
    let per_thread = n * table.windows / rayon::current_num_threads().max(1);
    per_thread >= 1 << table.c
}
