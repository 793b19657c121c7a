//! `recover_cells_and_kzg_proofs`: erasure decoding with the vanishing
//! polynomial of the missing cells (module docs), then FK20.

use super::{cell_elements, cells_to_bytes, check_indices, Cell, EthereumCells, G1Bytes};
use ark_bls12_381::Fr;
use ark_ff::{batch_inversion, Zero};
use ark_poly::EvaluationDomain;
use ark_std::vec::Vec;
use vidkit_kzg::ethereum::{bit_reverse_permutation, EthereumError};

/// c-kzg's coset shift of the recovery (`RECOVERY_SHIFT_FACTOR`, the
/// multiplicative generator of `F_r`): `Z` has no root on `7·⟨ω⟩`.
const RECOVERY_SHIFT: u64 = 7;

impl EthereumCells {
    /// c-kzg's `recover_cells_and_kzg_proofs`: all 128 cells and their
    /// proofs from at least 64 cells `cells[k]` with indices
    /// `cell_indices[k]`, strictly ascending.
    ///
    /// Errors, in c-kzg's order: [`EthereumError::LengthMismatch`] (as many
    /// indices as cells), [`EthereumError::TooManyCells`] (more than 128),
    /// [`EthereumError::NotEnoughCells`] (fewer than 64),
    /// [`EthereumError::CellIndexOutOfRange`],
    /// [`EthereumError::CellIndicesNotAscending`] (repeated or unsorted),
    /// [`EthereumError::NonCanonicalCellElement`]. The cells are not
    /// checked against any commitment: verify them first.
    pub fn recover_cells_and_kzg_proofs(
        &self,
        cell_indices: &[u64],
        cells: &[Cell],
    ) -> Result<(Vec<Cell>, Vec<G1Bytes>), EthereumError> {
        let total = self.cells_per_ext_blob();
        EthereumError::check_lengths(cells.len(), "cell", &[("cell indices", cell_indices.len())])?;
        if cells.len() > total {
            return Err(EthereumError::TooManyCells {
                found: cells.len(),
                max: total,
            });
        }
        if cells.len() < total / 2 {
            return Err(EthereumError::NotEnoughCells {
                found: cells.len(),
                needed: total / 2,
            });
        }
        check_indices(cell_indices, total)?;
        if let Some(position) =
            (1..cell_indices.len()).find(|&k| cell_indices[k] <= cell_indices[k - 1])
        {
            return Err(EthereumError::CellIndicesNotAscending {
                position,
                index: cell_indices[position],
            });
        }
        // the extended blob in cell order, zero where missing
        let l = super::FIELD_ELEMENTS_PER_CELL;
        let mut values = vec![Fr::zero(); total * l];
        for (position, (&i, cell)) in cell_indices.iter().zip(cells).enumerate() {
            let i = i as usize; // < total, checked
            values[i * l..(i + 1) * l].copy_from_slice(&cell_elements(cell, position)?);
        }
        let (out, coeffs) = if cells.len() == total {
            // nothing missing: the cells as given, the polynomial by one inverse FFT
            let mut coeffs = bit_reverse_permutation(&values);
            self.ext_domain.ifft_in_place(&mut coeffs);
            (cells.to_vec(), coeffs)
        } else {
            let mut present = vec![false; total];
            cell_indices
                .iter()
                .for_each(|&i| present[i as usize] = true);
            let coeffs = self.recover_polynomial(&values, &present);
            (cells_to_bytes(&self.extend(&coeffs)), coeffs)
        };
        Ok((out, self.proofs(&coeffs)?))
    }

    /// The `2n` coefficients of `(E·Z)/Z` (module docs), `E` the extended
    /// blob `values` in cell order with zeros in the cells not `present`.
    fn recover_polynomial(&self, values: &[Fr], present: &[bool]) -> Vec<Fr> {
        let (ext, cosets) = (&self.ext_domain, &self.coset_domain);
        // z(Y) = Π_{i missing} (Y − h_i^ℓ), at most 64 roots
        let roots: Vec<Fr> = (0..present.len())
            .filter(|&i| !present[i])
            .map(|i| self.shift_pow[i])
            .collect();
        let z = vidkit_core::poly::from_roots(&roots);
        // Z(ω^j) = z(ω_cells^j): one FFT of size `cells` (j taken mod cells)
        let z_on_domain = cosets.fft(&z);
        // Z(7ω^j) = z(7^ℓ ω_cells^j): one coset FFT
        let shift = Fr::from(RECOVERY_SHIFT);
        let shift_pow = ark_ff::Field::pow(&shift, [super::FIELD_ELEMENTS_PER_CELL as u64]);
        let mut inv_z_on_coset = cosets
            .get_coset(shift_pow)
            .map(|d| d.fft(&z))
            .unwrap_or_default();
        batch_inversion(&mut inv_z_on_coset);
        let c = cosets.size();
        // (E·Z)(ω^j) in natural order, then its coefficients
        let mut ez = bit_reverse_permutation(values);
        for (j, v) in ez.iter_mut().enumerate() {
            *v *= z_on_domain[j % c];
        }
        ext.ifft_in_place(&mut ez);
        // on the coset 7·⟨ω⟩: divide by Z, back to coefficients
        let Some(coset) = ext.get_coset(shift) else {
            return ez; // unreachable: 7 is invertible
        };
        coset.fft_in_place(&mut ez);
        for (j, v) in ez.iter_mut().enumerate() {
            *v *= inv_z_on_coset[j % c];
        }
        coset.ifft_in_place(&mut ez);
        ez
    }
}
