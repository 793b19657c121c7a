//! `verify_cell_kzg_proof_batch`: the universal verification equation with
//! its Fiat-Shamir challenge (module docs).

use super::{cell_elements, check_indices, Cell, EthereumCells, G1Bytes, FIELD_ELEMENTS_PER_CELL};
use ark_bls12_381::{Fr, G1Affine, G1Projective};
use ark_ff::{Field, Zero};
use ark_poly::EvaluationDomain;
use ark_std::{borrow::Borrow, cfg_iter, collections::BTreeMap, vec::Vec};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use vidkit_kzg::ethereum::{
    bit_reverse_permutation, g1_from_bytes, hash_to_bls_field, EthereumError,
    RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN,
};
use vidkit_msm::FastMsm;

/// The points of `bytes`, decompressed and subgroup-checked on the rayon
/// pool with `parallel` (most of a batch verification's time on one blob);
/// the error is that of the first invalid encoding in list order, as when
/// decoding one by one.
fn g1_points<B: Borrow<G1Bytes> + Sync>(
    bytes: &[B],
    what: &'static str,
) -> Result<Vec<G1Affine>, EthereumError> {
    let decoded: Vec<Result<G1Affine, EthereumError>> = cfg_iter!(bytes)
        .map(|b| g1_from_bytes(b.borrow(), what))
        .collect();
    decoded.into_iter().collect()
}

impl EthereumCells {
    /// c-kzg's `verify_cell_kzg_proof_batch`: whether every `proofs[k]`
    /// shows that `cells[k]` is cell `cell_indices[k]` of the blob committed
    /// in `commitments[k]`. Cells of any number of blobs, in any order, with
    /// repetitions; no cells verify (`Ok(true)`).
    ///
    /// Errors, in c-kzg's order: [`EthereumError::LengthMismatch`] (the four
    /// lists must have one entry per cell),
    /// [`EthereumError::CellIndexOutOfRange`], [`EthereumError::InvalidG1`]
    /// (proofs, then commitments), [`EthereumError::NonCanonicalCellElement`].
    /// A well-formed wrong input is `Ok(false)`.
    pub fn verify_cell_kzg_proof_batch(
        &self,
        commitments: &[G1Bytes],
        cell_indices: &[u64],
        cells: &[Cell],
        proofs: &[G1Bytes],
    ) -> Result<bool, EthereumError> {
        let t = cells.len();
        EthereumError::check_lengths(
            t,
            "cell",
            &[
                ("commitments", commitments.len()),
                ("cell indices", cell_indices.len()),
                ("proofs", proofs.len()),
            ],
        )?;
        if t == 0 {
            return Ok(true);
        }
        check_indices(cell_indices, self.cells_per_ext_blob())?;
        // distinct commitments in order of first appearance, by their bytes
        let mut slot: BTreeMap<&G1Bytes, usize> = BTreeMap::new();
        let mut unique: Vec<&G1Bytes> = Vec::new();
        let which: Vec<usize> = commitments
            .iter()
            .map(|c| {
                *slot.entry(c).or_insert_with(|| {
                    unique.push(c);
                    unique.len() - 1
                })
            })
            .collect();
        let r = self.cell_batch_challenge(&unique, &which, cell_indices, cells, proofs);
        let powers = vidkit_core::poly::powers(r, t);

        let proof_points = g1_points(proofs, "proof")?;
        let commitment_points = g1_points(&unique, "commitment")?;
        let mut weights = vec![Fr::zero(); unique.len()];
        for (u, rho) in which.iter().zip(&powers) {
            weights[*u] += rho;
        }
        let interpolation = self.aggregated_interpolation(&powers, cell_indices, cells)?;

        // Σ_c w_c C_c − [Σ_k r^k I_k(τ)]_1 + Σ_k r^k h_{i_k}^ℓ π_k
        let shifted: Vec<Fr> = powers
            .iter()
            .zip(cell_indices)
            .map(|(rho, &i)| *rho * self.shift_pow[i as usize])
            .collect();
        // [τ^t]_1, t < ℓ, on their table
        let lhs = G1Projective::fast_msm(&commitment_points, &weights)
            - self.cell_powers.msm(&interpolation)
            + G1Projective::fast_msm(&proof_points, &shifted);
        let rhs = G1Projective::fast_msm(&proof_points, &powers);
        // e(lhs, [1]_2) = e(rhs, [τ^ℓ]_2)
        Ok(self.cell_vk.pairing_check(lhs, -rhs))
    }

    /// The coefficients of `Σ_k r^k I_k`: per cell index, the weighted
    /// cells summed, interpolated on `⟨ω_ℓ⟩` and moved to `h_i⟨ω_ℓ⟩`.
    fn aggregated_interpolation(
        &self,
        powers: &[Fr],
        cell_indices: &[u64],
        cells: &[Cell],
    ) -> Result<Vec<Fr>, EthereumError> {
        let l = FIELD_ELEMENTS_PER_CELL;
        let mut columns: Vec<Option<Vec<Fr>>> = vec![None; self.cells_per_ext_blob()];
        for (position, ((cell, &i), rho)) in cells.iter().zip(cell_indices).zip(powers).enumerate()
        {
            let values = cell_elements(cell, position)?;
            let column = columns[i as usize].get_or_insert_with(|| vec![Fr::zero(); l]);
            for (acc, v) in column.iter_mut().zip(values) {
                *acc += v * rho;
            }
        }
        let mut sum = vec![Fr::zero(); l];
        for (i, column) in columns.into_iter().enumerate() {
            let Some(column) = column else { continue };
            // natural order of ⟨ω_ℓ⟩, then the coefficients of g(Y) = I(h_i Y)
            let mut coeffs = bit_reverse_permutation(&column);
            self.cell_domain.ifft_in_place(&mut coeffs);
            // I(X) = g(X / h_i): coefficient j times h_i^{-j}
            let mut scale = Fr::ONE;
            for (acc, c) in sum.iter_mut().zip(coeffs) {
                *acc += c * scale;
                scale *= self.shift_inv[i];
            }
        }
        Ok(sum)
    }

    /// `r = hash_to_bls_field(RCKZGCBATCH__V1_ ‖ n ‖ ℓ ‖ #commitments ‖ t ‖
    /// commitments ‖ (commitment index, cell index, cell, proof)_k)`, the
    /// specs' `compute_verify_cell_kzg_proof_batch_challenge`.
    fn cell_batch_challenge(
        &self,
        unique: &[&G1Bytes],
        which: &[usize],
        cell_indices: &[u64],
        cells: &[Cell],
        proofs: &[G1Bytes],
    ) -> Fr {
        let per_cell = 16 + super::BYTES_PER_CELL + 48;
        let mut t = Vec::with_capacity(48 + 48 * unique.len() + per_cell * cells.len());
        t.extend_from_slice(RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN);
        for size in [
            self.blob_domain.size(),
            FIELD_ELEMENTS_PER_CELL,
            unique.len(),
            cells.len(),
        ] {
            t.extend_from_slice(&(size as u64).to_be_bytes());
        }
        for c in unique {
            t.extend_from_slice(*c);
        }
        for (((u, i), cell), proof) in which.iter().zip(cell_indices).zip(cells).zip(proofs) {
            t.extend_from_slice(&(*u as u64).to_be_bytes());
            t.extend_from_slice(&i.to_be_bytes());
            t.extend_from_slice(cell);
            t.extend_from_slice(proof);
        }
        hash_to_bls_field(&t)
    }
}
