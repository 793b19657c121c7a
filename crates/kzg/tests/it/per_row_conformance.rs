//! The generic conformance suite of vidkit-core on the per-row KZG scheme,
//! BLS12-381, BN254 and BLS24-317, plus its own length checks (T-12, T-22).

use ark_ec::{pairing::Pairing, AffineRepr};
use ark_serialize::CanonicalSerialize;
use vidkit_core::{conformance::GridPoint, Encoding, Scheme, Srs};
use vidkit_kzg::{KzgError, KzgPerRow};

/// (k, n, encoding, max_bytes): k = n = 1, n = k + 1, every encoding, m = 2
/// and m = 3.
const GRID: &[GridPoint] = &[
    (1, 1, Encoding::Points, 31 * 2),
    (2, 3, Encoding::Points, 31 * 2 * 3 + 5),
    (3, 4, Encoding::Fft, 31 * 3 * 2),
    (4, 8, Encoding::Systematic, 31 * 4 * 2 + 1),
];

/// BLS24-317: k = n = 1, n = k + 1 with FFT and m = 3, and systematic.
const GRID_BLS24: &[GridPoint] = &[
    (1, 1, Encoding::Points, 31 * 2),
    (2, 3, Encoding::Fft, 31 * 2 * 2 + 5),
    (4, 8, Encoding::Systematic, 31 * 4 * 2 + 1),
];

vidkit_core::conformance_suite! {
    scheme: KzgPerRow::new;
    conformance_bls12_381: ark_bls12_381::Bls12_381, GRID, seed = 3;
    conformance_bn254: ark_bn254::Bn254, GRID, seed = 4;
    conformance_bls24_317: vidkit_bls24_317::Bls24_317, GRID_BLS24, seed = 5;
}

#[test]
fn sizes_and_wrong_lengths() {
    type E = ark_bls12_381::Bls12_381;
    let scheme = KzgPerRow::<E>::new(2, 4, Encoding::Fft).unwrap();
    let srs = Srs::<E>::insecure_from_seed(5, 2, 2);
    let (pk, vk) = scheme.setup(&srs, 31 * 2 * 3).unwrap();
    let d = scheme.disperse(&pk, &[7u8; 31 * 2 * 3]).unwrap();
    let m = d.commitment.info.m;
    assert_eq!(m, 3);
    // T-12: m G1 per commitment and per proof (+ metadata and length prefix)
    assert_eq!(d.proofs[0].compressed_size(), 8 + 48 * m);
    assert_eq!(d.commitment.compressed_size(), 33 + 8 + 48 * m);
    // T-22: wrong proof / commitment lengths are typed errors
    let mut short = d.proofs[1].clone();
    short.openings.pop();
    assert_eq!(
        scheme.verify(&vk, &d.commitment, &d.shards[1], &short),
        Err(KzgError::ProofLength {
            index: 1,
            got: m - 1,
            expected: m
        })
    );
    let mut c = d.commitment.clone();
    c.rows.push(<E as Pairing>::G1Affine::generator());
    assert_eq!(
        scheme.verify(&vk, &c, &d.shards[1], &d.proofs[1]),
        Err(KzgError::CommitmentLength {
            got: m + 1,
            expected: m
        })
    );
}
