//! The Ethereum KZG ceremony setup (EIP-4844) as a vidkit SRS, and the
//! EIP-4844 blob functions on top of it.
//!
//! The 2023 Ethereum KZG ceremony produced powers of a secret τ on BLS12-381:
//! `[τ^j]_1` for `j < 4096`, `[τ^j]_2` for `j < 65`, and the G1 Lagrange
//! basis `[ℓ_i(τ)]_1` over the 4096-th roots of unity `ω^i`
//! (`ℓ_i(X) = ω^i (X^n − 1) / (n (X − ω^i))`). c-kzg ships them in the
//! `trusted_setup.txt` text format (see [`EthereumSetup::from_text`]);
//! [`EthereumSetup`] loads that file into the core [`Srs`] (the monomial
//! powers, usable by every KZG-based vidkit scheme of degree < 4096) and keeps
//! the Lagrange points for blob commitments.
//!
//! # Validation
//!
//! Nothing in the file is trusted. Every point is decompressed and checked to
//! be on the curve and in the prime-order subgroup; the first monomial
//! points must be the standard generators (the EIP-4844 verifier assumes
//! it); the monomial points must be powers of one τ in both groups
//! ([`Srs::new`]'s randomised pairing check); and the Lagrange points must be
//! the Lagrange basis of the monomial ones. The last check needs no FFT: for
//! a secret random `r`, the polynomial `f(X) = Σ_{j<n} r^j X^j` has the
//! evaluations `f(ω^i) = (1 − r^n)/(1 − r ω^i)` (because `ω^{in} = 1`), so
//!
//! `Σ_i f(ω^i)·[ℓ_i(τ)]_1 = Σ_j r^j·[τ^j]_1`
//!
//! must hold: two MSMs of size n and one batch inversion. Multiplying by
//! `1 − r^n = Π_i (1 − r ω^i)` turns both sides into polynomials of degree
//! `< n` in `r`, so wrong Lagrange points pass for at most `n − 1` values of
//! `r` out of `|F_r| ≈ 2^255` (Schwartz–Zippel).
//!
//! # Blobs (EIP-4844, consensus-specs `polynomial-commitments.md`)
//!
//! A blob is 4096 field elements, 32 bytes big-endian each, that must be
//! below the scalar modulus. Element `i` is the value of the blob polynomial
//! `p` at `ω^{brp(i)}`, where `brp` reverses the 12 bits of the index (the
//! "bit-reversal permutation"). The Lagrange points are kept in the same
//! permuted order ([`EthereumSetup::g1_lagrange_brp`]), so that
//!
//! * the commitment is one MSM, `C = Σ_i blob_i·[ℓ_{brp(i)}(τ)]_1`
//!   ([`EthereumSetup::commit_evaluations`], on a vidkit-msm table of the
//!   fixed Lagrange points, see [`EthereumSetup`]);
//! * the opening at `z` stays in evaluation form: `y = p(z)` by the
//!   barycentric formula `p(z) = (z^n − 1)/n · Σ_i p_i ω_i/(z − ω_i)`, the
//!   quotient `q = (p − y)/(X − z)` by its values `q_i = (p_i − y)/(ω_i − z)`
//!   (one batch inversion shared with the evaluation; when `z = ω_m`,
//!   `y = p_m` and `q_m = p'(ω_m) = −(1/z) Σ_{i≠m} q_i ω_i`), then one MSM,
//!   as c-kzg's `compute_kzg_proof` does;
//! * verification is the generic [`crate::verify`] with `[1]_1`, `[1]_2` and
//!   `[τ]_2` from the ceremony.
//!
//! Byte-level functions with the names and encodings of c-kzg
//! ([`EthereumSetup::blob_to_kzg_commitment`],
//! [`EthereumSetup::compute_kzg_proof`], [`EthereumSetup::verify_kzg_proof`])
//! give byte-identical outputs (checked against the `c-kzg` crate in
//! `tests/it/ethereum_ckzg.rs`). So do the blob proofs at a Fiat-Shamir
//! point ([`EthereumSetup::compute_blob_kzg_proof`],
//! [`EthereumSetup::verify_blob_kzg_proof`],
//! [`EthereumSetup::verify_blob_kzg_proof_batch`], see
//! `ethereum_blob_proof.rs` for the challenges), tested in
//! `tests/it/ethereum_blob_ckzg.rs`. The EIP-7594 cell functions are in
//! `vidkit_kzg_cells::ethereum`.
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use vidkit_kzg::EthereumSetup;
//! let text = std::fs::read("trusted_setup.txt")?;
//! let setup = EthereumSetup::from_text(&text, &mut vidkit_core::rng::os_rng())?;
//! let blob = vec![0u8; setup.blob_len()];
//! let commitment: [u8; 48] = setup.blob_to_kzg_commitment(&blob)?;
//! let z = [0u8; 32];
//! let (proof, y) = setup.compute_kzg_proof(&blob, &z)?;
//! assert!(setup.verify_kzg_proof(&commitment, &z, &y, &proof)?);
//! let srs: vidkit_core::Srs<ark_bls12_381::Bls12_381> = setup.into_srs();
//! # Ok(()) }
//! ```
//!
//! Why hand-written: the parsing is a few lines over `hex` and
//! `ark-bls12-381`'s ZCash-format decompression; the Rust EIP-4844 crates
//! (c-kzg, rust-eth-kzg) use blst or their own curve types, not arkworks,
//! so their points could not feed vidkit's schemes.

pub use crate::ethereum_blob::{
    blob_to_field_elements, field_element_from_bytes, field_element_to_bytes, g1_from_bytes,
    g1_to_bytes, BYTES_PER_FIELD_ELEMENT,
};
pub use crate::ethereum_error::{EthereumError, G1Fault, Group, Section};
pub use crate::ethereum_fiat_shamir::{
    hash_to_bls_field, FIAT_SHAMIR_PROTOCOL_DOMAIN, RANDOM_CHALLENGE_KZG_BATCH_DOMAIN,
    RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN,
};
pub use crate::ethereum_text::{G1_BYTES, G2_BYTES};
/// The plans of the Lagrange table ([`EthereumSetup::from_text_with_plan`]),
/// re-exported from vidkit-msm for callers that do not depend on it.
pub use vidkit_msm::TablePlan;

use crate::{ethereum_text, VerifierKey};
use ark_bls12_381::{Bls12_381, Fr, G1Affine, G1Projective, G2Affine};
use ark_ec::AffineRepr;
use ark_ff::{batch_inversion, FftField, Field, One, UniformRand};
use ark_std::{rand::RngCore, string::String, sync::Arc, vec::Vec};
use vidkit_core::Srs;
use vidkit_msm::{FastMsm, MsmBases, TablePolicy, Workload};

/// Field elements per blob in Ethereum mainnet (EIP-4844), the number of G1
/// points of each list of the ceremony file.
pub const FIELD_ELEMENTS_PER_BLOB: usize = 4096;

/// G2 points of the mainnet ceremony file.
pub const NUM_G2_POINTS: usize = 65;

/// The Ethereum ceremony setup: the monomial powers as a vidkit [`Srs`], the
/// G1 Lagrange points in bit-reversed order (prepared for MSMs), the roots
/// of unity in the same order, and the KZG verifier key.
///
/// # The Lagrange table
///
/// Every commitment and every opening proof of a blob is one MSM over the
/// same `n` Lagrange points, so the setup keeps them prepared as a
/// vidkit-msm table ([`MsmBases::with_plan`]). By default the table is the
/// one [`EthereumSetup::default_lagrange_plan`] gives (vidkit-msm's
/// [`TablePolicy`] for bases kept for good): on mainnet (`n = 4096`) a
/// windows table of width 13, 20 points per base, 81 920 affine points or
/// 7.5 MiB (`size_of::<G1Affine>()` = 96 bytes), built with 260 doublings
/// per base: about 5.0·10⁹ instructions, against about 11·10⁹ for loading
/// and validating the mainnet file, repaid after some 22 commitments or
/// proofs (each about 0.44·10⁹ instructions on the table, 0.66·10⁹
/// without). The results are
/// the same points with or without a table. [`EthereumSetup::from_text_with_plan`]
/// and [`EthereumSetup::from_points_with_plan`] choose another table, or none
/// ([`TablePlan::Plain`]: nothing beyond the points themselves);
/// [`EthereumSetup::with_lagrange_plan`] rebuilds it. Clones share the
/// table.
#[derive(Clone)]
pub struct EthereumSetup {
    srs: Srs<Bls12_381>,
    g1_lagrange_brp: Vec<G1Affine>,
    lagrange_table: Arc<MsmBases<G1Projective>>,
    roots_brp: Vec<Fr>,
    vk: VerifierKey<Bls12_381>,
}

impl core::fmt::Debug for EthereumSetup {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("EthereumSetup")
            .field("srs", &self.srs)
            .field("g1_lagrange_brp", &self.g1_lagrange_brp)
            .field("lagrange_plan", &self.lagrange_table.plan())
            .field("roots_brp", &self.roots_brp)
            .field("vk", &self.vk)
            .finish()
    }
}

impl PartialEq for EthereumSetup {
    fn eq(&self, other: &Self) -> bool {
        self.srs == other.srs && self.g1_lagrange_brp == other.g1_lagrange_brp
    }
}

impl Eq for EthereumSetup {}

impl EthereumSetup {
    /// Loads the mainnet ceremony file (`trusted_setup.txt` of c-kzg: 4096
    /// G1 points per list, 65 G2 points) and validates it (see the module
    /// docs). `rng` supplies the secret randomness of the consistency checks.
    ///
    /// The format, one item per line (`\n`, optionally `\r\n`):
    /// the number of G1 points `n`, the number of G2 points, `n` G1 Lagrange
    /// points in natural order of `ω^i`, the G2 powers `[τ^j]_2`, the `n` G1
    /// powers `[τ^j]_1`; each point as the hex of its 48- or 96-byte
    /// compressed ZCash encoding. Any deviation is an [`EthereumError`]
    /// naming the line.
    ///
    /// The Lagrange points get the default table (see the type docs);
    /// [`EthereumSetup::from_text_with_plan`] chooses another one.
    pub fn from_text<R: RngCore + ?Sized>(text: &[u8], rng: &mut R) -> Result<Self, EthereumError> {
        Self::from_text_with_sizes(text, FIELD_ELEMENTS_PER_BLOB, NUM_G2_POINTS, rng)
    }

    /// As [`EthereumSetup::from_text`], with the Lagrange points prepared as
    /// `plan` says ([`TablePlan::Plain`]: no table, the cheapest load).
    ///
    /// # Panics
    ///
    /// If the width of `Multiples` is outside `1..=16` or that of `Windows`
    /// outside `4..=20` (as [`MsmBases::with_plan`]).
    pub fn from_text_with_plan<R: RngCore + ?Sized>(
        text: &[u8],
        plan: TablePlan,
        rng: &mut R,
    ) -> Result<Self, EthereumError> {
        let raw = ethereum_text::parse(text, FIELD_ELEMENTS_PER_BLOB, NUM_G2_POINTS)?;
        Self::from_points_with_plan(raw.g1_lagrange, raw.g2_monomial, raw.g1_monomial, plan, rng)
    }

    /// As [`EthereumSetup::from_text`] for a file of `g1` points per G1 list
    /// (a power of two, at least 2) and `g2` G2 points (at least 2), e.g.
    /// the 4-element "minimal" preset of the consensus specs.
    pub fn from_text_with_sizes<R: RngCore + ?Sized>(
        text: &[u8],
        g1: usize,
        g2: usize,
        rng: &mut R,
    ) -> Result<Self, EthereumError> {
        check_sizes(g1, g2)?;
        let raw = ethereum_text::parse(text, g1, g2)?;
        Self::from_points(raw.g1_lagrange, raw.g2_monomial, raw.g1_monomial, rng)
    }

    /// Builds and validates a setup from decoded points: the G1 Lagrange
    /// points in natural order, the G2 and the G1 powers of τ. The points
    /// themselves must already be in the subgroup (as every point from a
    /// validating deserializer is); everything else is checked as in
    /// [`EthereumSetup::from_text`].
    pub fn from_points<R: RngCore + ?Sized>(
        g1_lagrange: Vec<G1Affine>,
        g2_monomial: Vec<G2Affine>,
        g1_monomial: Vec<G1Affine>,
        rng: &mut R,
    ) -> Result<Self, EthereumError> {
        let plan = Self::default_lagrange_plan(g1_lagrange.len());
        Self::from_points_with_plan(g1_lagrange, g2_monomial, g1_monomial, plan, rng)
    }

    /// As [`EthereumSetup::from_points`], with the Lagrange points prepared
    /// as `plan` says ([`TablePlan::Plain`]: no table).
    ///
    /// # Panics
    ///
    /// If the width of `Multiples` is outside `1..=16` or that of `Windows`
    /// outside `4..=20` (as [`MsmBases::with_plan`]).
    pub fn from_points_with_plan<R: RngCore + ?Sized>(
        g1_lagrange: Vec<G1Affine>,
        g2_monomial: Vec<G2Affine>,
        g1_monomial: Vec<G1Affine>,
        plan: TablePlan,
        rng: &mut R,
    ) -> Result<Self, EthereumError> {
        let n = g1_monomial.len();
        check_sizes(n, g2_monomial.len())?;
        if g1_lagrange.len() != n {
            return Err(EthereumError::EvaluationCount {
                found: g1_lagrange.len(),
                expected: n,
            });
        }
        if g1_monomial[0] != G1Affine::generator() {
            return Err(EthereumError::NonStandardGenerator { group: Group::G1 });
        }
        if g2_monomial[0] != G2Affine::generator() {
            return Err(EthereumError::NonStandardGenerator { group: Group::G2 });
        }
        let srs = Srs::new(g1_monomial, g2_monomial, rng).map_err(EthereumError::Inconsistent)?;
        check_lagrange(&g1_lagrange, srs.powers_g1(), rng)?;
        Self::assemble(srs, g1_lagrange, plan)
    }

    /// The table the constructors without a plan build over `n` Lagrange
    /// points: vidkit-msm's [`TablePolicy::DEFAULT`] for MSMs over bases
    /// kept for good ([`Workload::Msms`]`(usize::MAX)`). A windows table of
    /// width 13 for the mainnet `n = 4096` (see the type docs), a multiples
    /// table for the few points of the minimal preset.
    ///
    /// ```
    /// use vidkit_kzg::EthereumSetup;
    /// use vidkit_msm::TablePlan;
    /// assert_eq!(EthereumSetup::default_lagrange_plan(4096), TablePlan::Windows(13));
    /// ```
    pub fn default_lagrange_plan(n: usize) -> TablePlan {
        TablePolicy::DEFAULT.plan::<G1Projective>(n, Workload::Msms(usize::MAX))
    }

    /// The same setup with the Lagrange points prepared as `plan` says
    /// (the table is rebuilt; [`TablePlan::Plain`] drops it).
    ///
    /// # Panics
    ///
    /// If the width of `Multiples` is outside `1..=16` or that of `Windows`
    /// outside `4..=20` (as [`MsmBases::with_plan`]).
    pub fn with_lagrange_plan(mut self, plan: TablePlan) -> Self {
        self.lagrange_table = Arc::new(MsmBases::with_plan(&self.g1_lagrange_brp, plan));
        self
    }

    /// The table the Lagrange points are prepared with
    /// ([`TablePlan::Plain`] for none).
    pub fn lagrange_plan(&self) -> TablePlan {
        self.lagrange_table.plan()
    }

    /// Number of affine points in the Lagrange table (0 without one):
    /// `n·W` for a windows table, `n·W·2^{c−1}` for a multiples table of
    /// width `c`, `W = ⌈256/c⌉` on BLS12-381 (255-bit scalars).
    pub fn lagrange_table_points(&self) -> usize {
        self.lagrange_table.table_points()
    }

    /// Puts validated parts together (Lagrange points in natural order).
    fn assemble(
        srs: Srs<Bls12_381>,
        g1_lagrange: Vec<G1Affine>,
        plan: TablePlan,
    ) -> Result<Self, EthereumError> {
        let n = g1_lagrange.len();
        let roots = roots_of_unity(n)?;
        let vk = VerifierKey::from_srs(&srs).map_err(|_| {
            EthereumError::Inconsistent(vidkit_core::Error::InvalidSrs(
                vidkit_core::SrsFault::IdentityGenerator,
            ))
        })?;
        let g1_lagrange_brp = bit_reverse_permutation(&g1_lagrange);
        let lagrange_table = Arc::new(MsmBases::with_plan(&g1_lagrange_brp, plan));
        Ok(Self {
            srs,
            g1_lagrange_brp,
            lagrange_table,
            roots_brp: bit_reverse_permutation(&roots),
            vk,
        })
    }

    /// **INSECURE**: the setup of a known `τ` with `g1` G1 points per list and
    /// `g2` G2 points, for tests (`τ` must not be a root of unity of order
    /// `g1`). Writing it with [`EthereumSetup::to_text`] gives a small file in
    /// the ceremony format.
    #[cfg(feature = "test-srs")]
    pub fn insecure_with_tau(tau: Fr, g1: usize, g2: usize) -> Result<Self, EthereumError> {
        use ark_ec::ScalarMul;
        check_sizes(g1, g2)?;
        let srs = Srs::insecure_with_tau(tau, g1, g2);
        let roots = roots_of_unity(g1)?;
        // ℓ_i(τ) = ω^i (τ^n − 1) / (n (τ − ω^i))
        let mut inv: Vec<Fr> = roots.iter().map(|w| tau - w).collect();
        batch_inversion(&mut inv);
        let scale = (tau.pow([g1 as u64]) - Fr::one()) / Fr::from(g1 as u64);
        let ell: Vec<Fr> = roots.iter().zip(&inv).map(|(w, i)| scale * w * i).collect();
        let lagrange = G1Projective::from(G1Affine::generator()).batch_mul(&ell);
        Self::assemble(srs, lagrange, Self::default_lagrange_plan(g1))
    }

    /// Writes the setup in the ceremony text format (the inverse of
    /// [`EthereumSetup::from_text_with_sizes`]; byte-identical to c-kzg's
    /// file for the mainnet setup).
    pub fn to_text(&self) -> String {
        ethereum_text::write(
            &bit_reverse_permutation(&self.g1_lagrange_brp),
            self.srs.powers_g2(),
            self.srs.powers_g1(),
        )
    }

    /// The monomial powers `[τ^j]_1`, `[τ^j]_2`.
    pub fn srs(&self) -> &Srs<Bls12_381> {
        &self.srs
    }

    /// The monomial powers, consuming the setup.
    pub fn into_srs(self) -> Srs<Bls12_381> {
        self.srs
    }

    /// `[ℓ_{brp(i)}(τ)]_1`: the Lagrange points in blob order.
    pub fn g1_lagrange_brp(&self) -> &[G1Affine] {
        &self.g1_lagrange_brp
    }

    /// `ω^{brp(i)}`: the evaluation point of blob element `i`.
    pub fn roots_of_unity_brp(&self) -> &[Fr] {
        &self.roots_brp
    }

    /// The KZG verifier key `([1]_1, [1]_2, [τ]_2)`.
    pub fn verifier_key(&self) -> &VerifierKey<Bls12_381> {
        &self.vk
    }

    /// Field elements per blob (the size of the evaluation domain).
    pub fn field_elements_per_blob(&self) -> usize {
        self.g1_lagrange_brp.len()
    }

    /// Bytes per blob (32 per field element).
    pub fn blob_len(&self) -> usize {
        BYTES_PER_FIELD_ELEMENT * self.field_elements_per_blob()
    }

    /// `C = Σ_i evals[i]·[ℓ_{brp(i)}(τ)]_1`: the commitment to the polynomial
    /// whose value at `ω^{brp(i)}` is `evals[i]` (one MSM, on the Lagrange
    /// table).
    pub fn commit_evaluations(&self, evals: &[Fr]) -> Result<G1Projective, EthereumError> {
        self.check_evals(evals)?;
        Ok(self.lagrange_msm(evals))
    }

    /// `Σ_i scalars[i]·[ℓ_{brp(i)}(τ)]_1` on the Lagrange table (`scalars`
    /// has the domain's size).
    fn lagrange_msm(&self, scalars: &[Fr]) -> G1Projective {
        self.lagrange_table.msm(scalars)
    }

    /// `p(z)` for the polynomial whose value at `ω^{brp(i)}` is `evals[i]`:
    /// `evals[m]` when `z = ω^{brp(m)}`, else the barycentric formula of the
    /// module docs (one batch inversion), as c-kzg's
    /// `evaluate_polynomial_in_evaluation_form`.
    pub fn evaluate_evaluations(&self, evals: &[Fr], z: Fr) -> Result<Fr, EthereumError> {
        self.check_evals(evals)?;
        Ok(self.barycentric(evals, z).0)
    }

    /// Opens the polynomial of [`EthereumSetup::commit_evaluations`] at `z`:
    /// returns `(y, π)` with `y = p(z)` and `π = [(p(τ) − y)/(τ − z)]_1`,
    /// computed in evaluation form (see the module docs) with one batch
    /// inversion and one MSM (on the Lagrange table).
    pub fn prove_evaluations(
        &self,
        evals: &[Fr],
        z: Fr,
    ) -> Result<(Fr, G1Projective), EthereumError> {
        self.check_evals(evals)?;
        let roots = &self.roots_brp;
        let (y, inv, inside) = self.barycentric(evals, z);
        let mut q: Vec<Fr> = evals.iter().zip(&inv).map(|(p, i)| (*p - y) * i).collect();
        if let Some(m) = inside {
            q[m] = Fr::from(0u64);
            let sum: Fr = q.iter().zip(roots).map(|(q, w)| *q * w).sum();
            // z = ω_m ≠ 0
            q[m] = -sum * z.inverse().unwrap_or_default();
        }
        Ok((y, self.lagrange_msm(&q)))
    }

    /// `(p(z), inv, m)`: `inv[i] = 1/(ω_i − z)` (1 at `i = m`), and `m` the
    /// index with `ω_m = z` if there is one. `evals` has the domain's size.
    fn barycentric(&self, evals: &[Fr], z: Fr) -> (Fr, Vec<Fr>, Option<usize>) {
        let roots = &self.roots_brp;
        let mut inv: Vec<Fr> = roots.iter().map(|w| *w - z).collect();
        let inside = roots.iter().position(|w| *w == z);
        if let Some(m) = inside {
            inv[m] = Fr::one(); // placeholder: q_m is computed by the prover
        }
        batch_inversion(&mut inv);
        let y = match inside {
            Some(m) => evals[m],
            None => {
                // p(z) = (z^n − 1)/n · Σ p_i ω_i/(z − ω_i), and 1/(z − ω_i) = −inv_i
                let n = roots.len() as u64;
                let sum: Fr = evals
                    .iter()
                    .zip(roots)
                    .zip(&inv)
                    .map(|((p, w), i)| *p * w * i)
                    .sum();
                -(z.pow([n]) - Fr::one()) / Fr::from(n) * sum
            }
        };
        (y, inv, inside)
    }

    fn check_evals(&self, evals: &[Fr]) -> Result<(), EthereumError> {
        if evals.len() != self.field_elements_per_blob() {
            return Err(EthereumError::EvaluationCount {
                found: evals.len(),
                expected: self.field_elements_per_blob(),
            });
        }
        Ok(())
    }
}

/// `g1` must be a power of two ≥ 2 (and have a root of unity), `g2 ≥ 2`.
fn check_sizes(g1: usize, g2: usize) -> Result<(), EthereumError> {
    if g1 < 2 || !g1.is_power_of_two() || g2 < 2 || Fr::get_root_of_unity(g1 as u64).is_none() {
        return Err(EthereumError::UnsupportedSizes { g1, g2 });
    }
    Ok(())
}

/// `ω^i` for `i < n`, with `ω` the primitive `n`-th root of unity of
/// `ark-bls12-381` (`7^((r−1)/n)`, the same as c-kzg's).
fn roots_of_unity(n: usize) -> Result<Vec<Fr>, EthereumError> {
    let omega =
        Fr::get_root_of_unity(n as u64).ok_or(EthereumError::UnsupportedSizes { g1: n, g2: 0 })?;
    Ok(
        ark_std::iter::successors(Some(Fr::one()), |w| Some(*w * omega))
            .take(n)
            .collect(),
    )
}

/// `out[i] = v[brp(i)]` with `brp` the reversal of the `log2(len)` index
/// bits (an involution). `v.len()` must be a power of two.
pub fn bit_reverse_permutation<T: Clone>(v: &[T]) -> Vec<T> {
    let n = v.len();
    if n < 2 {
        return v.to_vec();
    }
    let shift = usize::BITS - n.trailing_zeros();
    (0..n)
        .map(|i| v[i.reverse_bits() >> shift].clone())
        .collect()
}

/// The Lagrange check of the module docs: `Σ_i f(ω^i) L_i = Σ_j r^j M_j`
/// for a secret random `r`.
fn check_lagrange<R: RngCore + ?Sized>(
    lagrange: &[G1Affine],
    monomial: &[G1Affine],
    rng: &mut R,
) -> Result<(), EthereumError> {
    let n = monomial.len();
    let roots = roots_of_unity(n)?;
    let mut r = Fr::rand(rng);
    // r^n = 1 (r a root of unity) would make both sides 0: draw again
    while r.pow([n as u64]).is_one() {
        r = Fr::rand(rng);
    }
    let powers: Vec<Fr> = ark_std::iter::successors(Some(Fr::one()), |p| Some(*p * r))
        .take(n)
        .collect();
    let mut evals: Vec<Fr> = roots.iter().map(|w| Fr::one() - r * w).collect();
    batch_inversion(&mut evals);
    let top = Fr::one() - r.pow([n as u64]);
    evals.iter_mut().for_each(|e| *e *= top);
    let lhs = G1Projective::fast_msm(lagrange, &evals);
    let rhs = G1Projective::fast_msm(monomial, &powers);
    if lhs != rhs {
        return Err(EthereumError::LagrangeMismatch);
    }
    Ok(())
}
