//! `compute_cells` and `compute_cells_and_kzg_proofs`: the blob's monomial
//! coefficients by one inverse FFT, the extended blob by one FFT of twice
//! the size, the proofs by FK20 (module docs).

use super::{cells_to_bytes, Cell, EthereumCells, G1Bytes};
use ark_bls12_381::Fr;
use ark_ff::Zero;
use ark_poly::EvaluationDomain;
use ark_std::vec::Vec;
use vidkit_kzg::ethereum::{bit_reverse_permutation, g1_to_bytes, EthereumError};

impl EthereumCells {
    /// c-kzg's `compute_cells`: the 128 cells of the extended blob.
    ///
    /// Errors: [`EthereumError::BlobLength`],
    /// [`EthereumError::NonCanonicalScalar`].
    pub fn compute_cells(&self, blob: &[u8]) -> Result<Vec<Cell>, EthereumError> {
        let coeffs = self.blob_coefficients(blob)?;
        Ok(cells_to_bytes(&self.extend(&coeffs)))
    }

    /// c-kzg's `compute_cells_and_kzg_proofs`: the 128 cells and their 128
    /// proofs (compressed G1 points), in cell order.
    ///
    /// Errors: as [`EthereumCells::compute_cells`].
    pub fn compute_cells_and_kzg_proofs(
        &self,
        blob: &[u8],
    ) -> Result<(Vec<Cell>, Vec<G1Bytes>), EthereumError> {
        let coeffs = self.blob_coefficients(blob)?;
        let cells = cells_to_bytes(&self.extend(&coeffs));
        Ok((cells, self.proofs(&coeffs)?))
    }

    /// The `n` monomial coefficients of the blob polynomial.
    fn blob_coefficients(&self, blob: &[u8]) -> Result<Vec<Fr>, EthereumError> {
        // blob[i] = p(ω^{brp(i)}): natural order first
        let mut values = bit_reverse_permutation(&self.setup.blob_evaluations(blob)?);
        self.blob_domain.ifft_in_place(&mut values);
        Ok(values)
    }

    /// The extended blob in cell order (bit-reversed): `p(ω_{2n}^{brp(j)})`
    /// for the coefficients `coeffs` (at most `2n` of them).
    pub(super) fn extend(&self, coeffs: &[Fr]) -> Vec<Fr> {
        let mut values = coeffs.to_vec();
        values.resize(self.ext_domain.size(), Fr::zero());
        self.ext_domain.fft_in_place(&mut values);
        bit_reverse_permutation(&values)
    }

    /// The cell proofs of the polynomial whose first `n` coefficients are
    /// `coeffs[..n]` (c-kzg uses only those, also when recovery was fed
    /// cells of no polynomial of degree `< n`).
    pub(super) fn proofs(&self, coeffs: &[Fr]) -> Result<Vec<G1Bytes>, EthereumError> {
        let n = self.blob_domain.size();
        let cells = self.cells_per_ext_blob();
        let proofs = self
            .fk20
            .prove(&coeffs[..n.min(coeffs.len())], cells)
            .map_err(|_| EthereumError::UnsupportedSizes {
                g1: n,
                g2: self.setup.srs().powers_g2().len(),
            })?;
        // FK20's proof j is for x^ℓ = ω_cells^j; cell i needs j = brp(i)
        Ok(bit_reverse_permutation(&proofs)
            .iter()
            .map(g1_to_bytes)
            .collect())
    }
}
