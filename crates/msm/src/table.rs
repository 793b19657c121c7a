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
            let threads = vidkit_pool::threads();
            let chunks = chunks_that_pay(n, self.windows, self.c, threads);
            if chunks > 1 && n >= 2 * crate::pippenger::SMALL_MSM {
                // whole bases per chunk, one bucket set per chunk
                let chunk = n.div_ceil(chunks) * self.windows;
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

/// Into how many chunks of bases, one bucket set each, an MSM of `n` bases
/// on a table of `windows` windows of width `c` is split on `threads`
/// threads. Each set ends with a reduction of its `2^{c−1}` buckets (about
/// `2^c` additions), which a split repeats for every chunk; a chunk is worth
/// it when its share of the `n·W` digit additions is at least that much (a
/// single MSM then runs at least 1.5× faster on two threads). So: as many
/// chunks as threads, but no more than `n·W / 2^c`. A small MSM on a wide
/// table stays on one thread: FK20's rows of 64 bases on its width-10 table
/// (832 additions against 1 024), which FK20 runs side by side instead. The
/// Ethereum commitment's 4 096 bases on their width-13 table (20 windows)
/// make 10 chunks on 16 threads, where a split into one chunk per thread or
/// none kept it on one thread.
#[cfg(feature = "parallel")]
fn chunks_that_pay(n: usize, windows: usize, c: u32, threads: usize) -> usize {
    ((n * windows) >> c).clamp(1, threads.max(1))
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::chunks_that_pay;

    #[test]
    fn chunks_pay_their_reductions() {
        // FK20's rows: 64 bases, 13 windows of 10 bits
        assert_eq!(chunks_that_pay(64, 13, 10, 2), 1);
        assert_eq!(chunks_that_pay(64, 13, 10, 16), 1);
        // the Ethereum commitment: 4 096 bases, 20 windows of 13 bits
        assert_eq!(chunks_that_pay(4096, 20, 13, 1), 1);
        assert_eq!(chunks_that_pay(4096, 20, 13, 2), 2);
        assert_eq!(chunks_that_pay(4096, 20, 13, 8), 8);
        assert_eq!(chunks_that_pay(4096, 20, 13, 16), 10);
        for t in 1..=64 {
            let p = chunks_that_pay(4096, 20, 13, t);
            assert!(p >= 1 && p <= t && (p == 1 || 4096 * 20 / p >= 1 << 13));
        }
    }
}
