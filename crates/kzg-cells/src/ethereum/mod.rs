//! The EIP-7594 (PeerDAS) cell API of c-kzg, byte for byte, on the Ethereum
//! ceremony setup: [`EthereumCells`] with `compute_cells`,
//! `compute_cells_and_kzg_proofs`, `recover_cells_and_kzg_proofs` and
//! `verify_cell_kzg_proof_batch` (consensus-specs
//! `polynomial-commitments-sampling.md`; differential tests against the
//! `c-kzg` crate in `tests/it/ethereum_ckzg.rs`).
//!
//! # Cells
//!
//! A blob (`n = 4096` field elements) holds the values of its polynomial
//! `p` (degree `< n`) at the `n`-th roots of unity in bit-reversed order
//! (`vidkit_kzg::ethereum`). The *extended blob* is `p` evaluated on the
//! `2n`-th roots of unity `ω^j`, again in bit-reversed order; cutting it
//! into pieces of `ℓ = 64` gives the `2n/ℓ = 128` cells. Bit reversal makes
//! every cell a coset: with `brp` the reversal of the index bits,
//! position `ℓ·i + t` of the extended blob is `ω^{brp(ℓi + t)}`, and
//! `brp(ℓi + t) = brp_7(i) + 128·brp_6(t)`, so cell `i` holds `p` on
//! `h_i·⟨ω_ℓ⟩` with the *coset shift* `h_i = ω^{brp_7(i)}` (its elements in
//! bit-reversed order of `⟨ω_ℓ⟩`). Any 64 cells are half of the `2n`
//! values and determine `p` (a Reed-Solomon code of rate ½).
//!
//! # Proofs: FK20
//!
//! The proof of cell `i` is `π_i = [q_i(τ)]_1` with
//! `q_i = p div (X^ℓ − h_i^ℓ)` (the vanishing polynomial of the coset). All
//! 128 come from one FK20 run ([`vidkit_kzg::fk20`]): its output `j` is the
//! proof for the coset `{x : x^ℓ = ω_{128}^j}`, and `h_i^ℓ = ω_{128}^{brp_7(i)}`,
//! so the cells' proofs are FK20's outputs in bit-reversed order. The SRS
//! side of FK20 (G1 FFTs of the strided powers `[τ^{ℓu+r}]_1`) is built once
//! in [`EthereumCells::new`].
//!
//! # Recovery: the vanishing polynomial of the missing cells
//!
//! From at least 64 cells, the missing ones follow as in the specs (and
//! c-kzg) in `O(n log n)`: let `Z(X) = Π_{i missing} (X^ℓ − h_i^ℓ)`, which is
//! `z(X^ℓ)` for the short `z(Y) = Π (Y − h_i^ℓ)` of degree `≤ 64`. With `E`
//! the extended values with zeros at the missing positions, `E·Z` equals
//! `(p·Z)(ω^j)` everywhere (`Z` vanishes where `E` is unknown), so one inverse
//! FFT gives the coefficients of `p·Z` (degree `< 2n`). On the coset
//! `7·⟨ω⟩`, where `Z` has no root, `p = (p·Z)/Z` pointwise; a coset inverse
//! FFT gives `p` and a forward FFT the extended blob. `Z` only takes 128
//! values on each domain (`Z(x) = z(x^ℓ)`), computed with size-128 FFTs of
//! `z`. The steps are c-kzg's, so even cells that are not from one
//! polynomial give c-kzg's (meaningless) output; recovery checks nothing
//! beyond the encodings — verify the cells first. Proofs are then
//! recomputed with FK20.
//!
//! vidkit-erasure's FFT decoder solves the same problem point by point
//! (its tables cost `O(k²)` for `k = 4096` positions); the cell structure
//! makes `Z` sparse, which is why this module has its own short version.
//!
//! # Verification: the universal verification equation
//!
//! For cells `(C_k, i_k, c_k, π_k)_{k<t}` (commitment, cell index, values,
//! proof), each claim is `p_k ≡ I_k mod (X^ℓ − h_{i_k}^ℓ)` with `I_k` the
//! interpolation polynomial of the cell, i.e.
//! `e(C_k − [I_k(τ)]_1 + h_{i_k}^ℓ π_k, [1]_2) = e(π_k, [τ^ℓ]_2)`.
//! With powers `r^k` of one challenge they fold into
//!
//! `e(Σ_c w_c C_c − [Σ_k r^k I_k(τ)]_1 + Σ_k r^k h_{i_k}^ℓ π_k, [1]_2) = e(Σ_k r^k π_k, [τ^ℓ]_2)`,
//!
//! where `w_c` sums the `r^k` of the cells of each distinct commitment and
//! `Σ_k r^k I_k` is computed column by column: the `r^k`-weighted cells of
//! one index are added, interpolated once (a size-64 inverse FFT in natural
//! order, then `X ↦ X/h_i`), and the results summed; one MSM of 64 points
//! commits to it. Two pairings for any number of cells and blobs.
//!
//! The challenge is `r = hash_to_bls_field("RCKZGCBATCH__V1_" ‖ n ‖ ℓ ‖ #commitments ‖ t ‖
//! distinct commitments ‖ (commitment index, cell index, cell, proof)_k)` (integers as
//! 8-byte big-endian). It binds everything the equation depends on: the
//! prover must fix every commitment, index, cell and proof before `r` is
//! known, and a false claim then passes only if `r` is a root of a non-zero
//! polynomial of degree `< t` that the inputs fix (probability `t/|F_r|`).
//! Being deterministic, the same `r` as c-kzg's makes the verdicts agree bit
//! for bit, including on wrong inputs.
//!
//! # Inputs and errors
//!
//! Exactly where c-kzg returns an error, these functions return an
//! [`EthereumError`]: blobs of the wrong length, field elements not below
//! the modulus ([`EthereumError::NonCanonicalCellElement`] in cells),
//! commitments and proofs that are not subgroup points
//! ([`EthereumError::InvalidG1`] says why), cell indices `≥ 128`, lists of
//! different lengths, and for recovery fewer than 64 or more than 128 cells
//! and indices that are not strictly ascending (c-kzg's rule, stricter than
//! the specs' "distinct"). Nothing panics on any input.
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use vidkit_kzg::EthereumSetup;
//! use vidkit_kzg_cells::ethereum::EthereumCells;
//! let text = std::fs::read("trusted_setup.txt")?;
//! let setup = EthereumSetup::from_text(&text, &mut vidkit_core::rng::os_rng())?;
//! let cells_api = EthereumCells::new(&setup)?; // FK20 tables: once
//! let blob = vec![0u8; setup.blob_len()];
//! let commitment = setup.blob_to_kzg_commitment(&blob)?;
//! let (cells, proofs) = cells_api.compute_cells_and_kzg_proofs(&blob)?;
//! let indices: Vec<u64> = (0..128).collect();
//! assert!(cells_api.verify_cell_kzg_proof_batch(&vec![commitment; 128], &indices, &cells, &proofs)?);
//! // any 64 cells give back all of them
//! let (back, _) = cells_api.recover_cells_and_kzg_proofs(&indices[64..], &cells[64..])?;
//! assert_eq!(back, cells);
//! # Ok(()) }
//! ```

mod compute;
mod recover;
mod verify;

use ark_bls12_381::{Bls12_381, Fr, G1Projective};
use ark_ff::Field;
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::{sync::Arc, vec::Vec};
use vidkit_kzg::ethereum::{
    bit_reverse_permutation, blob_to_field_elements, EthereumError, EthereumSetup,
    BYTES_PER_FIELD_ELEMENT,
};
use vidkit_kzg::fk20::Fk20;
use vidkit_msm::{MsmBases, TablePlan};

/// Field elements per cell (`ℓ`).
pub const FIELD_ELEMENTS_PER_CELL: usize = 64;

/// Bytes per cell.
pub const BYTES_PER_CELL: usize = FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT;

/// Cells per extended blob with the mainnet setup (4096-element blobs).
pub const CELLS_PER_EXT_BLOB: usize = 128;

/// One cell: 64 field elements, 32 bytes big-endian each.
pub type Cell = [u8; BYTES_PER_CELL];

/// A compressed G1 point (commitment or proof).
pub type G1Bytes = [u8; 48];

/// The EIP-7594 cell functions on one Ethereum setup, with the FK20 tables
/// and the domains precomputed (build it once, use it for every blob).
///
/// FK20's `D = 128` MSMs of 64 points per blob run over fixed bases;
/// [`EthereumCells::new`] gives them the table [`Fk20::for_proofs`] plans
/// for a key kept for good (on mainnet a windows table of width 10: 212 992
/// affine G1 points, about 19.5 MiB), [`EthereumCells::with_fk20_plan`]
/// takes the choice explicitly ([`TablePlan::Plain`]: none, as c-kzg's
/// `precompute = 0`). Cells and proofs are the same bytes either way.
///
/// Batch verification commits to the aggregated interpolation polynomial
/// with one MSM over the fixed first 64 powers `[τ^t]_1`; they keep the
/// table vidkit-msm's policy plans for bases kept for good
/// ([`MsmBases::for_msms`] with `usize::MAX`: a windows table of width 10,
/// 1 664 affine points, 156 KiB). The blob commitments use the
/// setup's Lagrange table ([`EthereumSetup`]).
#[derive(Clone, Debug)]
pub struct EthereumCells {
    setup: EthereumSetup,
    fk20: Fk20<Bls12_381>,
    /// `[τ^t]_1`, `t < ℓ`, prepared for the interpolation MSM of batch
    /// verification.
    cell_powers: Arc<MsmBases<G1Projective>>,
    /// `[1]_1`, `[1]_2` and `[τ^ℓ]_2` in the place of `[τ]_2`.
    cell_vk: vidkit_kzg::VerifierKey<Bls12_381>,
    /// size `n` (blob), `2n` (extended blob), `ℓ` (cell), `2n/ℓ` (cosets)
    blob_domain: Radix2EvaluationDomain<Fr>,
    ext_domain: Radix2EvaluationDomain<Fr>,
    cell_domain: Radix2EvaluationDomain<Fr>,
    coset_domain: Radix2EvaluationDomain<Fr>,
    /// `h_i = ω_{2n}^{brp(i)}`, `h_i^{-1}`, `h_i^ℓ` for each cell index `i`.
    shift: Vec<Fr>,
    shift_inv: Vec<Fr>,
    shift_pow: Vec<Fr>,
}

impl EthereumCells {
    /// Precomputes the cell API for `setup` (cloned): FK20's tables (G1
    /// FFTs of the monomial powers, and the MSM table
    /// [`Fk20::plan_for`] picks for a key kept for good), the domains and
    /// the coset shifts.
    ///
    /// Needs blobs of `n ≥ 64` elements, a multiple of 64 (mainnet: 4096),
    /// and at least 65 G2 powers (`[τ^64]_2`); otherwise
    /// [`EthereumError::UnsupportedSizes`].
    pub fn new(setup: &EthereumSetup) -> Result<Self, EthereumError> {
        let chunks = setup.field_elements_per_blob() / FIELD_ELEMENTS_PER_CELL;
        let plan = Fk20::<Bls12_381>::plan_for(FIELD_ELEMENTS_PER_CELL, chunks, usize::MAX);
        Self::with_fk20_plan(setup, plan)
    }

    /// As [`EthereumCells::new`], with FK20's per-frequency MSM bases
    /// prepared as `plan` says ([`Fk20::with_plan`]): [`TablePlan::Plain`]
    /// for no table (nothing beyond the `D·64` FFT'd SRS points, the
    /// counterpart of c-kzg's `precompute = 0`), a windows or multiples
    /// table of any width otherwise (sizes in the [`Fk20`] docs; a
    /// multiples table of width `c` holds `2^{c−1}` times as many points
    /// as the windows table of that width).
    ///
    /// Errors: as [`EthereumCells::new`].
    ///
    /// # Panics
    ///
    /// If the width of `Multiples` is outside `1..=16` or that of
    /// `Windows` outside `4..=20`.
    ///
    /// ```no_run
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use vidkit_kzg::EthereumSetup;
    /// use vidkit_kzg_cells::ethereum::EthereumCells;
    /// use vidkit_msm::TablePlan;
    /// let text = std::fs::read("trusted_setup.txt")?;
    /// let setup = EthereumSetup::from_text(&text, &mut vidkit_core::rng::os_rng())?;
    /// let lean = EthereumCells::with_fk20_plan(&setup, TablePlan::Plain)?;
    /// assert_eq!(lean.fk20().table_points(), 0);
    /// # Ok(()) }
    /// ```
    pub fn with_fk20_plan(setup: &EthereumSetup, plan: TablePlan) -> Result<Self, EthereumError> {
        let n = setup.field_elements_per_blob();
        let (g1, g2) = (setup.srs().powers_g1(), setup.srs().powers_g2());
        let unsupported = EthereumError::UnsupportedSizes {
            g1: n,
            g2: g2.len(),
        };
        let l = FIELD_ELEMENTS_PER_CELL;
        if n < l || !n.is_multiple_of(l) || g2.len() <= l || g1.len() < n {
            return Err(unsupported);
        }
        let cells = 2 * n / l;
        let fk20 = Fk20::with_plan(g1, l, n / l, plan).map_err(|_| unsupported.clone())?;
        let cell_powers = Arc::new(MsmBases::for_msms(&g1[..l], usize::MAX));
        let cell_vk =
            vidkit_kzg::VerifierKey::new(g1[0], g2[0], g2[l]).map_err(|_| unsupported.clone())?;
        let domain = |size: usize| {
            Radix2EvaluationDomain::<Fr>::new(size)
                .filter(|d| d.size() == size)
                .ok_or_else(|| unsupported.clone())
        };
        let ext_domain = domain(2 * n)?;
        let omega = ext_domain.group_gen();
        let natural = vidkit_core::poly::powers(omega, cells);
        let shift = bit_reverse_permutation(&natural);
        let mut shift_inv = shift.clone();
        ark_ff::batch_inversion(&mut shift_inv);
        let shift_pow = shift.iter().map(|h| h.pow([l as u64])).collect();
        Ok(Self {
            setup: setup.clone(),
            fk20,
            cell_powers,
            cell_vk,
            blob_domain: domain(n)?,
            ext_domain,
            cell_domain: domain(l)?,
            coset_domain: domain(cells)?,
            shift,
            shift_inv,
            shift_pow,
        })
    }

    /// The setup the API was built on (for `blob_to_kzg_commitment` and the
    /// EIP-4844 functions).
    pub fn setup(&self) -> &EthereumSetup {
        &self.setup
    }

    /// FK20's precomputation (its [`Fk20::plan`] and
    /// [`Fk20::table_points`] say which MSM table it holds).
    pub fn fk20(&self) -> &Fk20<Bls12_381> {
        &self.fk20
    }

    /// Cells per extended blob (`2n/64`; 128 on mainnet).
    pub fn cells_per_ext_blob(&self) -> usize {
        self.shift.len()
    }

    /// `h_i`: the coset shift of cell `i` (cell `i` holds the blob
    /// polynomial on `h_i·⟨ω_64⟩`), for `i <` [`Self::cells_per_ext_blob`].
    pub fn coset_shift(&self, i: usize) -> Option<Fr> {
        self.shift.get(i).copied()
    }
}

/// The field elements of one cell (`position` locates it in errors).
fn cell_elements(cell: &Cell, position: usize) -> Result<Vec<Fr>, EthereumError> {
    blob_to_field_elements(cell).map_err(|e| match e {
        EthereumError::NonCanonicalScalar { index } => EthereumError::NonCanonicalCellElement {
            cell: position,
            element: index,
        },
        other => other,
    })
}

/// The bytes of the cells of an extended blob (values in cell order).
fn cells_to_bytes(values: &[Fr]) -> Vec<Cell> {
    values
        .chunks_exact(FIELD_ELEMENTS_PER_CELL)
        .map(|chunk| {
            let mut cell = [0u8; BYTES_PER_CELL];
            for (out, x) in cell.chunks_exact_mut(BYTES_PER_FIELD_ELEMENT).zip(chunk) {
                out.copy_from_slice(&vidkit_kzg::ethereum::field_element_to_bytes(*x));
            }
            cell
        })
        .collect()
}

/// Checks that every cell index is below `cells`.
fn check_indices(indices: &[u64], cells: usize) -> Result<(), EthereumError> {
    match indices.iter().position(|&i| i >= cells as u64) {
        Some(position) => Err(EthereumError::CellIndexOutOfRange {
            position,
            index: indices[position],
            cells,
        }),
        None => Ok(()),
    }
}
