//! The cell API on a small setup of a known τ (256-element blobs, 8 cells),
//! against values computed in the field: every cell value is the blob
//! polynomial at `h_i·ω_64^{brp(t)}`, every proof is `[q_i(τ)]_1` with
//! `q_i = p div (X^64 − h_i^64)`; and the round trips (verify, recover).

use super::rng;
use ark_bls12_381::{Fr, G1Affine};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{Field, UniformRand};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::seq::SliceRandom;
use vidkit_kzg::ethereum::{
    bit_reverse_permutation, field_element_to_bytes, g1_to_bytes, EthereumSetup,
};
use vidkit_kzg::fk20::divide_by_coset;
use vidkit_kzg_cells::ethereum::EthereumCells;

#[test]
fn small_known_tau_cells_and_proofs() {
    let tau = Fr::from(0x5eed_u64);
    let n = 256;
    let setup = EthereumSetup::insecure_with_tau(tau, n, 65).unwrap();
    let api = EthereumCells::new(&setup).unwrap();
    assert_eq!(api.cells_per_ext_blob(), 8);
    let mut r = rng(320);
    let evals: Vec<Fr> = (0..n).map(|_| Fr::rand(&mut r)).collect();
    let blob: Vec<u8> = evals
        .iter()
        .flat_map(|x| field_element_to_bytes(*x))
        .collect();
    let (cells, proofs) = api.compute_cells_and_kzg_proofs(&blob).unwrap();

    // the blob polynomial's coefficients, independently of the module
    let mut coeffs = bit_reverse_permutation(&evals);
    Radix2EvaluationDomain::<Fr>::new(n)
        .unwrap()
        .ifft_in_place(&mut coeffs);
    let p = |x: Fr| {
        coeffs
            .iter()
            .rev()
            .fold(Fr::from(0u64), |acc, c| acc * x + c)
    };
    let omega64 = Radix2EvaluationDomain::<Fr>::new(64).unwrap().group_gen();
    let brp6: Vec<u64> = bit_reverse_permutation(&(0..64u64).collect::<Vec<_>>());
    for i in 0..8 {
        let h = api.coset_shift(i).unwrap();
        for (t, chunk) in cells[i].chunks_exact(32).enumerate() {
            let x = h * omega64.pow([brp6[t]]);
            assert_eq!(chunk, field_element_to_bytes(p(x)), "cell {i}, element {t}");
        }
        let (_, q) = divide_by_coset(&coeffs, 64, h.pow([64u64]));
        let q_tau = q.iter().rev().fold(Fr::from(0u64), |acc, c| acc * tau + c);
        let expected = (G1Affine::generator() * q_tau).into_affine();
        assert_eq!(proofs[i], g1_to_bytes(&expected), "proof {i}");
    }
    assert_eq!(api.compute_cells(&blob).unwrap(), cells);

    // verification and recovery round trips
    let c = setup.blob_to_kzg_commitment(&blob).unwrap();
    let idx: Vec<u64> = (0..8).collect();
    assert_eq!(
        api.verify_cell_kzg_proof_batch(&[c; 8], &idx, &cells, &proofs),
        Ok(true)
    );
    for _ in 0..4 {
        let mut keep = idx.clone();
        keep.shuffle(&mut r);
        keep.truncate(4);
        keep.sort_unstable();
        let subset: Vec<_> = keep.iter().map(|&i| cells[i as usize]).collect();
        let (back, back_proofs) = api.recover_cells_and_kzg_proofs(&keep, &subset).unwrap();
        assert_eq!(back, cells);
        assert_eq!(back_proofs, proofs);
    }
    // a setup too small for cells of 64
    let tiny = EthereumSetup::insecure_with_tau(tau, 32, 65).unwrap();
    assert!(EthereumCells::new(&tiny).is_err());
    let few_g2 = EthereumSetup::insecure_with_tau(tau, 256, 64).unwrap();
    assert!(EthereumCells::new(&few_g2).is_err());
}
