//! The G1 FFT of FK20 and the multi-openings against `ark_poly`'s.

use ark_ec::CurveGroup;
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::SeedableRng;
use vidkit_kzg::fk20::g1_fft_in_place;

/// The twiddle-batched G1 FFT against `ark_poly`'s, sizes 1 to 128,
/// with identity points among the inputs.
fn fft_matches_ark_poly<G: CurveGroup>(seed: u64) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
    for log in 0..=7 {
        let n = 1usize << log;
        let d = Radix2EvaluationDomain::<G::ScalarField>::new(n).unwrap();
        let mut x: Vec<G> = (0..n).map(|_| G::rand(&mut rng)).collect();
        if n > 2 {
            x[1] = G::zero();
            x[n - 1] = G::generator();
        }
        let mut want = x.clone();
        d.fft_in_place(&mut want);
        let mut got = x.clone();
        g1_fft_in_place(&mut got, d.group_gen());
        assert_eq!(got, want, "size {n}");
        // and the inverse direction, unscaled
        let mut want = x.clone();
        d.ifft_in_place(&mut want);
        let mut got = x;
        g1_fft_in_place(&mut got, d.group_gen_inv());
        let got: Vec<G> = got.iter().map(|p| *p * d.size_inv).collect();
        assert_eq!(got, want, "inverse, size {n}");
    }
}

#[test]
fn fft_matches_ark_poly_bls12_381() {
    fft_matches_ark_poly::<ark_bls12_381::G1Projective>(1);
}

#[test]
fn fft_matches_ark_poly_bn254() {
    fft_matches_ark_poly::<ark_bn254::G1Projective>(2);
}

#[test]
fn fft_matches_ark_poly_bls24_317() {
    fft_matches_ark_poly::<vidkit_bls24_317::G1Projective>(3);
}

#[test]
#[should_panic(expected = "length 3 is not a power of two")]
fn fft_refuses_a_length_that_is_not_a_power_of_two() {
    let mut x = vec![ark_bls12_381::G1Projective::default(); 3];
    g1_fft_in_place(&mut x, ark_bls12_381::Fr::from(1u64));
}
