//! BLS12-381 values between arkworks and [blst], and blst's multi-scalar
//! multiplications for arkworks points.
//!
//! vidkit computes on arkworks types everywhere; for BLS12-381 two of its
//! hot spots run faster in supranational's blst, the assembly behind most
//! Ethereum clients and c-kzg: pairings (`vidkit-pairing`) and MSMs
//! (`vidkit-msm`). This crate is the one place where values cross between
//! the two libraries, so both users share one audited set of conversions.
//!
//! # Why the conversions are copies
//!
//! Both libraries keep an `F_p` element in Montgomery form with
//! `R = 2^384`, as six little-endian 64-bit limbs, so an element crosses
//! over as its limbs ([`to_fp`], [`from_fp`]). Both build the extension
//! fields on the same tower (`F_{p^2} = F_p[u]/(u² + 1)`,
//! `F_{p^6} = F_{p^2}[v]/(v³ − (u + 1))`, `F_{p^12} = F_{p^6}[w]/(w² − v)`),
//! so `F_{p^2}`, `F_{p^6}` and `F_{p^12}` elements cross over coefficient by
//! coefficient. Both write projective points in Jacobian coordinates
//! (`x = X/Z²`, `y = Y/Z³`), so a blst point becomes an arkworks point
//! without arithmetic ([`from_p1`], [`from_p2`]).
//!
//! The identities: arkworks' affine identity has `x = y = 0` (and a flag),
//! which is exactly blst's affine identity (all zero); a projective point is
//! the identity in both when `Z = 0`.
//!
//! # MSMs
//!
//! [`g1_msm`] and [`g2_msm`] compute `Σ_i s_i·P_i` with blst's Pippenger
//! (`blst_p1s_mult_pippenger`, `blst_p2s_mult_pippenger`, through blst's
//! safe [`MultiPoint`] API) on the calling thread: the workspace builds blst
//! with `no-threads` (vidkit-msm calls them on one thread only; on several
//! its own parallel Pippenger was faster than one blst MSM per thread). Scalars
//! are integers given by their limbs, packed for blst with as many bytes as
//! the longest one needs, so short scalars (the 128-bit coefficients of a
//! batch verification) pay for fewer windows.
//!
//! # Miller loops over precomputed lines
//!
//! [`lines`] keeps the 68 lines of a fixed G2 point's Miller loop and runs
//! one Miller loop for a product of several pairs over kept lines (what
//! `vidkit-pairing` does for a verifier key's points). blst's safe API does
//! not offer that, so the module calls blst's low-level C functions.
//!
//! [`final_exp`] is the final exponentiation with Karabina's compressed
//! squarings (blst's own `final_exp` does not compress), on blst's `F_{p^2}`
//! squares and `F_{p^12}` products.
//!
//! [`ark_miller`] runs arkworks' own Miller loop (its line formulas, so
//! its value bit for bit, which blst's loop does not give) on blst's
//! arithmetic: `vidkit-pairing`'s Miller loop component on BLS12-381.
//!
//! # `G_T` arithmetic
//!
//! [`gt::Gt`] carries an `F_{p^12}` element with blst's multiplication,
//! cyclotomic squaring and conjugation (the inverse in `G_T`), about twice
//! as fast as arkworks' (what `vidkit-msm`'s `G_T` multi-exponentiation
//! uses on BLS12-381). The last two are not in blst's safe API either.
//!
//! # Field arithmetic
//!
//! [`fp::inverse`] inverts in `F_p` (and [`fp::inverse_fp2`] in `F_{p^2}`)
//! with blst's assembly, about 5× faster than arkworks: the one inversion
//! that `vidkit-msm`'s batch-affine additions share per batch.
//! [`fp::mul_fp2`] and [`fp::square_fp2`] multiply and square in
//! `F_{p^2}` (G2's additions there).
//!
//! [`lines`], [`gt`] and [`fp`] are, with `vidkit-mont`'s inline assembly,
//! the only `unsafe` code of the workspace; their docs say what each call
//! relies on.
//!
//! Only on 64-bit targets (blst's limbs are 32-bit elsewhere, so the copies
//! would not line up): on other targets the crate is empty and its users
//! keep their arkworks paths.
//!
//! [blst]: https://github.com/supranational/blst
//!
//! ```
//! use ark_bls12_381::{Fr, G1Affine, G1Projective};
//! use ark_ec::{AffineRepr, CurveGroup};
//! use ark_ff::PrimeField;
//! let g = G1Affine::generator();
//! let h = (g * Fr::from(3u64)).into_affine();
//! let points = [vidkit_blst::to_p1_affine(&g), vidkit_blst::to_p1_affine(&h)];
//! let scalars = [Fr::from(2u64).into_bigint(), Fr::from(5u64).into_bigint()];
//! let sum: G1Projective = vidkit_blst::g1_msm(&points, &scalars);
//! assert_eq!(sum, g * Fr::from(17u64));
//! ```

#![cfg(target_pointer_width = "64")]

use ark_bls12_381::{Fq, Fq12, Fq2, Fq6, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::AdditiveGroup;
use ark_ff::{BigInt, BigInteger};
/// The blst crate these conversions are for (one version for every user).
pub use blst;

pub mod ark_miller;
pub mod final_exp;
pub mod fp;
pub mod gt;
pub mod lines;

use blst::{
    blst_fp, blst_fp12, blst_fp2, blst_fp6, blst_p1, blst_p1_affine, blst_p2, blst_p2_affine,
    MultiPoint,
};

/// A scalar of BLS12-381's group order (`F_r`) as arkworks' big integer.
pub type Scalar = BigInt<4>;

/// `F_p`, arkworks to blst (the Montgomery limbs, copied).
pub fn to_fp(x: &Fq) -> blst_fp {
    blst_fp { l: x.0 .0 }
}

/// `F_p`, blst to arkworks (the Montgomery limbs, copied; blst's values are
/// reduced, as arkworks' are).
pub fn from_fp(x: &blst_fp) -> Fq {
    Fq::new_unchecked(BigInt(x.l))
}

/// `F_{p^2}`, arkworks to blst.
pub fn to_fp2(x: &Fq2) -> blst_fp2 {
    blst_fp2 {
        fp: [to_fp(&x.c0), to_fp(&x.c1)],
    }
}

/// `F_{p^2}`, blst to arkworks.
pub fn from_fp2(x: &blst_fp2) -> Fq2 {
    Fq2::new(from_fp(&x.fp[0]), from_fp(&x.fp[1]))
}

/// `F_{p^6}`, arkworks to blst.
pub fn to_fp6(x: &Fq6) -> blst_fp6 {
    blst_fp6 {
        fp2: [to_fp2(&x.c0), to_fp2(&x.c1), to_fp2(&x.c2)],
    }
}

/// `F_{p^6}`, blst to arkworks.
pub fn from_fp6(x: &blst_fp6) -> Fq6 {
    Fq6::new(
        from_fp2(&x.fp2[0]),
        from_fp2(&x.fp2[1]),
        from_fp2(&x.fp2[2]),
    )
}

/// `F_{p^12}`, arkworks to blst.
pub fn to_fp12(x: &Fq12) -> blst_fp12 {
    blst_fp12 {
        fp6: [to_fp6(&x.c0), to_fp6(&x.c1)],
    }
}

/// `F_{p^12}`, blst to arkworks.
pub fn from_fp12(x: &blst_fp12) -> Fq12 {
    Fq12::new(from_fp6(&x.fp6[0]), from_fp6(&x.fp6[1]))
}

/// A G1 point, arkworks affine to blst affine (the identity becomes blst's
/// all-zero identity).
pub fn to_p1_affine(p: &G1Affine) -> blst_p1_affine {
    blst_p1_affine {
        x: to_fp(&p.x),
        y: to_fp(&p.y),
    }
}

/// A G2 point, arkworks affine to blst affine (the identity becomes blst's
/// all-zero identity).
pub fn to_p2_affine(q: &G2Affine) -> blst_p2_affine {
    blst_p2_affine {
        x: to_fp2(&q.x),
        y: to_fp2(&q.y),
    }
}

/// A G1 point, blst Jacobian to arkworks Jacobian (`Z = 0`: the identity in
/// both).
pub fn from_p1(p: &blst_p1) -> G1Projective {
    G1Projective::new_unchecked(from_fp(&p.x), from_fp(&p.y), from_fp(&p.z))
}

/// A G2 point, blst Jacobian to arkworks Jacobian (`Z = 0`: the identity in
/// both).
pub fn from_p2(p: &blst_p2) -> G2Projective {
    G2Projective::new_unchecked(from_fp2(&p.x), from_fp2(&p.y), from_fp2(&p.z))
}

/// The scalars packed as blst reads them: each in `⌈bits/8⌉` little-endian
/// bytes, `bits` the length of the longest (0 when all are zero).
fn packed(scalars: &[Scalar]) -> (Vec<u8>, usize) {
    let bits = scalars.iter().map(|s| s.num_bits()).max().unwrap_or(0) as usize;
    let width = bits.div_ceil(8);
    let mut bytes = Vec::with_capacity(width * scalars.len());
    for s in scalars {
        let le = s.0.iter().flat_map(|limb| limb.to_le_bytes());
        bytes.extend(le.take(width));
    }
    (bytes, bits)
}

/// `Σ_i scalars[i]·points[i]` in G1 by blst's Pippenger, on this thread.
/// Only the first `min(points.len(), scalars.len())` pairs are used.
pub fn g1_msm(points: &[blst_p1_affine], scalars: &[Scalar]) -> G1Projective {
    let n = points.len().min(scalars.len());
    let (bytes, bits) = packed(&scalars[..n]);
    if n == 0 || bits == 0 {
        return G1Projective::ZERO;
    }
    from_p1(&points[..n].mult(&bytes, bits))
}

/// `Σ_i scalars[i]·points[i]` in G2 by blst's Pippenger, on this thread.
/// Only the first `min(points.len(), scalars.len())` pairs are used.
pub fn g2_msm(points: &[blst_p2_affine], scalars: &[Scalar]) -> G2Projective {
    let n = points.len().min(scalars.len());
    let (bytes, bits) = packed(&scalars[..n]);
    if n == 0 || bits == 0 {
        return G2Projective::ZERO;
    }
    from_p2(&points[..n].mult(&bytes, bits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::Fr;
    use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
    use ark_ff::{PrimeField, UniformRand};
    use ark_std::rand::{Rng, SeedableRng};
    use proptest::prelude::*;
    use rand_chacha::ChaCha20Rng;

    #[test]
    fn field_elements_survive_the_round_trip() {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        for _ in 0..20 {
            let f = Fq12::rand(&mut rng);
            assert_eq!(from_fp12(&to_fp12(&f)), f);
        }
    }

    /// A blst point converted back is the same arkworks point: blst's
    /// addition of two converted points equals arkworks' sum.
    #[test]
    fn points_cross_over_as_the_same_points() {
        let mut rng = ChaCha20Rng::seed_from_u64(2);
        for _ in 0..10 {
            let (a, b) = (G1Projective::rand(&mut rng), G1Projective::rand(&mut rng));
            let (pa, pb) = (
                to_p1_affine(&a.into_affine()),
                to_p1_affine(&b.into_affine()),
            );
            assert_eq!(from_p1(&[pa, pb].as_slice().add()), a + b);
            let (c, d) = (G2Projective::rand(&mut rng), G2Projective::rand(&mut rng));
            let (pc, pd) = (
                to_p2_affine(&c.into_affine()),
                to_p2_affine(&d.into_affine()),
            );
            assert_eq!(from_p2(&[pc, pd].as_slice().add()), c + d);
        }
    }

    fn points<G: CurveGroup>(n: usize, identities: usize, rng: &mut impl Rng) -> Vec<G::Affine> {
        let mut v: Vec<G> = (0..n).map(|_| G::rand(rng)).collect();
        for i in 0..identities.min(n) {
            v[(i * 7) % n] = G::zero();
        }
        G::normalize_batch(&v)
    }

    fn scalars(n: usize, bits: u32, rng: &mut impl Rng) -> Vec<Scalar> {
        (0..n)
            .map(|_| {
                let s = Fr::rand(rng).into_bigint();
                if bits == 0 {
                    BigInt::zero()
                } else {
                    s >> (256 - bits.min(256))
                }
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Equal to arkworks' MSM for any length, scalar width and number
        /// of identity points.
        #[test]
        fn msms_equal_arkworks(n in 0usize..300, bits in 0u32..=255, identities in 0usize..4, seed: u64) {
            let mut rng = ChaCha20Rng::seed_from_u64(seed);
            let s = scalars(n, bits, &mut rng);
            let p1 = points::<G1Projective>(n, identities, &mut rng);
            let b1: Vec<_> = p1.iter().map(to_p1_affine).collect();
            prop_assert_eq!(g1_msm(&b1, &s), G1Projective::msm_bigint(&p1, &s));
            let p2 = points::<G2Projective>(n, identities, &mut rng);
            let b2: Vec<_> = p2.iter().map(to_p2_affine).collect();
            prop_assert_eq!(g2_msm(&b2, &s), G2Projective::msm_bigint(&p2, &s));
        }
    }

    /// Repeated and opposite points (doublings and cancellations inside
    /// blst's buckets), zero scalars, and scalars at the top of the range.
    #[test]
    fn msm_edge_cases() {
        let g = G1Affine::generator();
        let h = G2Affine::generator();
        let max = (-Fr::from(1u64)).into_bigint();
        let cases: Vec<(Vec<usize>, Vec<Scalar>)> = vec![
            (vec![0, 0, 0, 0], vec![Fr::from(3u64).into_bigint(); 4]),
            (vec![0, 1, 0, 1], vec![Fr::from(5u64).into_bigint(); 4]),
            (vec![0, 1], vec![max, max]),
            (vec![0, 1, 2], vec![BigInt::zero(); 3]),
        ];
        let g1 = [g, -g, G1Affine::zero()];
        let g2 = [h, -h, G2Affine::zero()];
        for (idx, s) in cases {
            let p1: Vec<_> = idx.iter().map(|&i| g1[i]).collect();
            let b1: Vec<_> = p1.iter().map(to_p1_affine).collect();
            assert_eq!(g1_msm(&b1, &s), G1Projective::msm_bigint(&p1, &s));
            let p2: Vec<_> = idx.iter().map(|&i| g2[i]).collect();
            let b2: Vec<_> = p2.iter().map(to_p2_affine).collect();
            assert_eq!(g2_msm(&b2, &s), G2Projective::msm_bigint(&p2, &s));
        }
    }

    #[test]
    fn short_inputs_use_the_shorter_length() {
        let g = to_p1_affine(&G1Affine::generator());
        let two = Fr::from(2u64).into_bigint();
        assert_eq!(
            g1_msm(&[g, g], &[two]),
            G1Affine::generator() * Fr::from(2u64)
        );
        assert_eq!(g1_msm(&[], &[two]), G1Projective::ZERO);
    }
}
