//! The conformance suite on the hash-list test double (`conformance::HashList`):
//! it passes on the honest double, and deliberately broken variants make it
//! fail, which shows the suite can fail.

use ark_bls12_381::Bls12_381;
use ark_std::rand::SeedableRng;
use vidkit_core::conformance::{self, Flaw, HashList};
use vidkit_core::Encoding;

fn rng() -> rand_chacha::ChaCha20Rng {
    rand_chacha::ChaCha20Rng::seed_from_u64(42)
}

#[test]
fn suite_passes_on_an_honest_double() {
    for (k, n, enc) in [
        (1, 1, Encoding::Points),
        (2, 3, Encoding::Points),
        (2, 4, Encoding::Points),
        (3, 7, Encoding::Fft),
        (4, 8, Encoding::Systematic),
        (4, 12, Encoding::Fft),
    ] {
        let scheme = HashList::<Bls12_381>::new(k, n, enc, Flaw::None).unwrap();
        conformance::run_all(&scheme, &(), 31 * k * 3 + 5, &mut rng());
    }
}

/// (k, n, encoding, max_bytes) for the macro-made tests below.
const GRID: &[conformance::GridPoint] = &[
    (1, 1, Encoding::Points, 31 * 2),
    (2, 3, Encoding::Points, 31 * 6 + 1),
    (3, 7, Encoding::Fft, 31 * 9 + 5),
    (4, 8, Encoding::Systematic, 31 * 12),
];

// The suite through its macro: one test per curve, the double's (empty)
// setup made by `Scheme::insecure_srs`.
vidkit_core::conformance_suite! {
    scheme: |k, n, encoding| HashList::new(k, n, encoding, Flaw::None);
    macro_suite_passes_bls12_381: Bls12_381, GRID, seed = 1;
    macro_suite_passes_bn254: ark_bn254::Bn254, GRID, seed = 2;
}

fn suite_panics(flaw: Flaw) -> bool {
    let scheme = HashList::<Bls12_381>::new(2, 4, Encoding::Points, flaw).unwrap();
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        conformance::run_all(&scheme, &(), 200, &mut rng())
    }))
    .is_err()
}

#[test]
fn suite_catches_a_verifier_that_ignores_values() {
    assert!(suite_panics(Flaw::AcceptsAnything));
}

#[test]
fn suite_catches_a_verifier_that_ignores_the_index() {
    assert!(suite_panics(Flaw::IgnoresIndex));
}

#[test]
fn suite_catches_a_verifier_that_rejects_everything() {
    assert!(suite_panics(Flaw::RejectsEverything));
}

#[test]
fn suite_catches_a_decoder_that_corrupts_data() {
    assert!(suite_panics(Flaw::CorruptsDecoding));
}
