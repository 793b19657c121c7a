//! Many MSMs over the same bases at once: `rows` MSMs of `len` scalars each,
//! `out_r = Σ_c s_{r,c}·B_c` (KZG+ row commitments: `m` rows of `k`
//! coefficients; KZG+ proofs: `n` quotients of `k − 1` coefficients).
//!
//! Same table, same additions as [`FixedBaseTable::msm`] row by row, in a
//! cache-friendly order: rows are taken in blocks of [`BLOCK`]; for each base
//! `c` and window `w` of a block, the `2^{width−1}` multiples `T[c][w][·]` (a
//! few dozen KiB) and the block's accumulators stay in cache while every row
//! of the block adds its digit's multiple. Row by row, each addition reads a
//! random point of the whole table (megabytes for `k ≥ 16`), and the cache
//! misses dominated: the side-by-side KZG+ runs in `docs/kzg-plus.md`.

use super::FixedBaseTable;
use ark_ec::CurveGroup;
use ark_ff::Zero;
use ark_std::vec::Vec;

/// Rows per block: the block's accumulators and one window's digits stay in
/// L1/L2 cache.
pub(crate) const BLOCK: usize = 256;

impl<G: CurveGroup> FixedBaseTable<G> {
    /// The MSMs of consecutive rows of `len` scalars against the first `len`
    /// bases: `scalars.len() / len` results, row `r` being
    /// `Σ_c scalars[r·len + c]·bases[c]`. `None` if `len` exceeds the number
    /// of bases or does not divide `scalars.len()` (`len = 0` gives no row).
    ///
    /// Equal, point for point, to calling [`FixedBaseTable::msm`] on each row;
    /// with the `parallel` feature the blocks run on the rayon pool.
    pub fn msm_rows(&self, scalars: &[G::ScalarField], len: usize) -> Option<Vec<G>> {
        if len > self.bases || (len == 0 && !scalars.is_empty()) {
            return None;
        }
        if len == 0 {
            return Some(Vec::new());
        }
        if scalars.len() % len != 0 {
            return None;
        }
        let block = |rows: &[G::ScalarField]| self.msm_block(rows, len);
        #[cfg(feature = "parallel")]
        let blocks: Vec<Vec<G>> = {
            use rayon::prelude::*;
            scalars.par_chunks(BLOCK * len).map(block).collect()
        };
        #[cfg(not(feature = "parallel"))]
        let blocks: Vec<Vec<G>> = scalars.chunks(BLOCK * len).map(block).collect();
        Some(blocks.into_iter().flatten().collect())
    }

    /// At most [`BLOCK`] rows: base by base, window by window.
    fn msm_block(&self, scalars: &[G::ScalarField], len: usize) -> Vec<G> {
        let rows = scalars.len() / len;
        let per_window = 1usize << (self.width - 1);
        let stride = self.windows * per_window;
        let mut acc = vec![G::zero(); rows];
        // digits[w·rows + r] of the current base, signed
        let mut digits = vec![0i32; self.windows * rows];
        for c in 0..len {
            let mut any = false;
            for r in 0..rows {
                let s = scalars[r * len + c];
                if s.is_zero() {
                    for w in 0..self.windows {
                        digits[w * rows + r] = 0;
                    }
                    continue;
                }
                any = true;
                for (w, d) in self.signed_digits(&s).enumerate() {
                    digits[w * rows + r] = d as i32;
                }
            }
            if !any {
                continue;
            }
            let table = &self.points[c * stride..(c + 1) * stride];
            for w in 0..self.windows {
                let multiples = &table[w * per_window..(w + 1) * per_window];
                for (a, &d) in acc.iter_mut().zip(&digits[w * rows..(w + 1) * rows]) {
                    if d > 0 {
                        *a += multiples[d as usize - 1];
                    } else if d < 0 {
                        *a -= multiples[(-d) as usize - 1];
                    }
                }
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::{Fr, G1Affine, G1Projective};
    use ark_ff::UniformRand;
    use ark_std::rand::SeedableRng;
    use proptest::prelude::*;

    fn bases(n: usize, seed: u64) -> Vec<G1Affine> {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        (0..n)
            .map(|_| G1Projective::rand(&mut rng).into_affine())
            .collect()
    }

    #[test]
    fn edge_cases() {
        let b = bases(4, 1);
        let t = FixedBaseTable::<G1Projective>::with_width(&b, 5);
        assert_eq!(t.msm_rows(&[], 3), Some(vec![]));
        assert_eq!(t.msm_rows(&[], 0), Some(vec![]));
        assert_eq!(t.msm_rows(&[Fr::from(1u64)], 0), None);
        assert_eq!(t.msm_rows(&[Fr::from(1u64); 5], 5), None, "len > bases");
        assert_eq!(t.msm_rows(&[Fr::from(1u64); 5], 2), None, "len ∤ count");
        let zeros = t.msm_rows(&[Fr::zero(); 8], 4).unwrap();
        assert!(zeros.iter().all(|p| p.is_zero()));
        // r − 1, 1, and a base with its negation
        let s = [-Fr::from(1u64), Fr::from(1u64), Fr::zero(), Fr::from(2u64)];
        let got = t.msm_rows(&s, 4).unwrap();
        assert_eq!(got, vec![t.msm(&s).unwrap()]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]
        /// Equal to the row-by-row table MSM for random shapes, more rows
        /// than one block included.
        #[test]
        fn equals_row_by_row(len in 1usize..7, rows in 0usize..(2 * BLOCK + 3), width in 2u32..9, seed: u64) {
            let b = bases(len + 1, seed);
            let t = FixedBaseTable::<G1Projective>::with_width(&b, width);
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed ^ 7);
            let mut s: Vec<Fr> = (0..rows * len).map(|_| Fr::rand(&mut rng)).collect();
            if let Some(x) = s.get_mut(0) { *x = Fr::zero(); }
            let got = t.msm_rows(&s, len).unwrap();
            prop_assert_eq!(got.len(), rows);
            for (r, p) in got.iter().enumerate() {
                prop_assert_eq!(Some(*p), t.msm(&s[r * len..(r + 1) * len]));
            }
        }
    }
}
