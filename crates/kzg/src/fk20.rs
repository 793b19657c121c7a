//! FK20: all coset multi-proofs of one polynomial at once (Feist and
//! Khovratovich, "Fast amortized KZG proofs", 2020; docs/spec.md §11.3).
//!
//! Let `f(X) = Σ_{c < kℓ} f_c X^c` and, for a cell size `ℓ` (a power of two)
//! and `N` cosets, let `ω_N` be a primitive `N`-th root of unity. The
//! multi-proof for the coset `{x : x^ℓ = a}` is `[q_a(τ)]_1` with
//! `q_a = f div (X^ℓ − a)`. Writing `c = ℓu + r` (`r < ℓ`) and
//! `f = Σ_r X^r F_r(X^ℓ)` with `F_r(Y) = Σ_u f_{ℓu+r} Y^u`, the quotient is
//! `q_a(X) = Σ_r X^r (F_r(Y) div (Y − a))|_{Y = X^ℓ}`, and collecting powers
//! of `a` gives
//!
//! ```text
//! [q_a(τ)]_1 = Σ_{e < k−1} a^e · h_e,
//! h_e = Σ_{r < ℓ} Σ_{u ≤ k−2−e} f_{ℓ(u+e+1)+r} · [τ^{ℓu+r}]_1 .
//! ```
//!
//! So the proofs at `a = ω_N^j`, `j < N`, are the size-`N` DFT of
//! `(h_e)_e` (folded modulo `N` when `k − 1 > N`): one G1 FFT. Each
//! `h^{(r)}` is a Toeplitz matrix–vector product of the `k − 1` SRS points
//! `s^{(r)}_u = [τ^{ℓu+r}]_1` with the coefficients `f_{ℓw+r}`; it is a
//! correlation, computed as a cyclic convolution of size `D ≥ 2k − 2`
//! through FFTs: `h_e = (s^{(r)} ∗ rev(a^{(r)}))[k−2−e]`. The transforms
//! `FFT_D(s^{(r)})` depend only on the SRS and are precomputed in
//! [`Fk20`]; per polynomial the work is `ℓ` field FFTs of size `D`, `D`
//! MSMs of size `ℓ` (the sum over `r` in the frequency domain), one G1
//! inverse FFT of size `D` and one G1 FFT of size `N`: about `D·ℓ ≈ 2kℓ`
//! scalar multiplications inside MSMs plus `(D log D + N log N)/2` in the
//! FFT butterflies for all `N` proofs, against `N` MSMs of size `(k−1)ℓ`
//! for the openings one by one ([`open_coset`]).
//!
//! The G1 FFTs are `ark_poly`'s radix-2 transform (same results), with the
//! twiddle multiplications of each stage batched through
//! [`vidkit_msm::scaled`] (one GLV decomposition per twiddle, affine
//! addends) instead of one projective multiplication per butterfly. The
//! inverse transform's factor `1/D` is applied to the `ℓ·D` field scalars
//! of the MSMs, so the G1 side runs two forward transforms and no
//! scaling. Proof `j` is for the coset of `a = ω_N^j` where `ω_N` is the
//! generator of `ark_poly`'s radix-2 domain of size `N` (the one
//! `vidkit-erasure`'s FFT encodings use).

use crate::KzgError;
use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::{Field, One, Zero};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::{cfg_chunks, cfg_iter, fmt, sync::Arc, vec::Vec};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use vidkit_msm::{MsmBases, TablePlan, TablePolicy, Workload};

/// Division by the vanishing polynomial of a coset, `X^ℓ − a`: returns the
/// remainder (the `ℓ` coefficients of the polynomial that interpolates `f`
/// on the coset `{x : x^ℓ = a}`, fewer if `f` is shorter) and the quotient
/// (`len − ℓ` coefficients, none when `f` has at most `ℓ`).
///
/// `cell` must be at least 1 (a zero cell size returns `f` as remainder).
///
/// ```
/// use ark_bls12_381::Fr;
/// // f = 1 + 2X + 3X² + 4X³ = (3 + 4X)(X² − 5) + (16 + 22X)
/// let f: Vec<Fr> = [1u64, 2, 3, 4].map(Fr::from).to_vec();
/// let (rem, quo) = vidkit_kzg::fk20::divide_by_coset(&f, 2, Fr::from(5u64));
/// assert_eq!(rem, [16u64, 22].map(Fr::from).to_vec());
/// assert_eq!(quo, [3u64, 4].map(Fr::from).to_vec());
/// ```
pub fn divide_by_coset<F: Field>(coeffs: &[F], cell: usize, a: F) -> (Vec<F>, Vec<F>) {
    if cell == 0 || coeffs.len() <= cell {
        return (coeffs.to_vec(), Vec::new());
    }
    let mut r = coeffs.to_vec();
    let mut q = vec![F::zero(); coeffs.len() - cell];
    for i in (cell..coeffs.len()).rev() {
        let top = r[i];
        q[i - cell] = top;
        r[i - cell] += a * top;
    }
    r.truncate(cell);
    (r, q)
}

/// The multi-proof of one coset, the slow way: `[q(τ)]_1` with
/// `q = f div (X^ℓ − a)` ([`divide_by_coset`]) and one MSM. `N` of these
/// are what [`Fk20::prove`] replaces; kept as the reference the tests
/// compare FK20 with, and for the one-by-one baseline.
///
/// Fails with [`KzgError::TooManyCoefficients`] if the quotient is longer
/// than `powers`.
pub fn open_coset<E: Pairing>(
    powers: &[E::G1Affine],
    coeffs: &[E::ScalarField],
    cell: usize,
    a: E::ScalarField,
) -> Result<E::G1, KzgError> {
    let (_, q) = divide_by_coset(coeffs, cell, a);
    crate::commit::<E::G1>(powers, &q)
}

/// The SRS side of FK20 for polynomials of `chunks · cell` coefficients
/// (`k = chunks`, `ℓ = cell`): the size-`D` G1 transforms of the `ℓ`
/// strided SRS vectors `s^{(r)}`, stored frequency by frequency (`D` rows
/// of `ℓ` affine points, the bases of the per-frequency MSMs), each row
/// prepared for its MSMs as a [`TablePlan`] says.
///
/// # Precomputed tables
///
/// Every proof run does one MSM of `ℓ` points over each of the `D` rows, so
/// a key used for many polynomials can keep a vidkit-msm table per row
/// ([`MsmBases::with_plan`]); the results are the same points with or
/// without one.
///
/// * [`Fk20::new`]: no table (batch-affine Pippenger per MSM), for one-shot
///   use.
/// * [`Fk20::for_proofs`]: the table [`Fk20::plan_for`] picks for an
///   expected number of proof runs within [`FK20_TABLE_POINTS`] points in
///   all (`usize::MAX` runs: a key kept for good).
/// * [`Fk20::with_plan`]: an explicit table, whatever its size.
///
/// A windows table of width `c` holds `D·ℓ·⌈(bits+1)/c⌉` affine points
/// (`bits` of the scalar field), a multiples table of width `c`
/// `D·ℓ·⌈(bits+1)/c⌉·2^{c−1}`; [`Fk20::table_points`] says how many were
/// built. With the Ethereum shape (`ℓ = 64`, `k = 64`, `D = 128`) on
/// BLS12-381 the planned table is a windows table of width 10: 212 992
/// points (26 per base), about 19.5 MiB of affine G1 points
/// (`size_of::<G1Affine>()` = 96 bytes), built with about `26·10` doublings
/// per base.
///
/// Built once per `(ℓ, k)` from the first `(k − 1)·ℓ` powers; never
/// serialized (keys that hold one rebuild it). Clones share the tables.
#[derive(Clone)]
pub struct Fk20<E: Pairing> {
    cell: usize,
    chunks: usize,
    /// `D`, a power of two `≥ 2k − 2` (0 when `k = 1`: no quotient).
    size: usize,
    /// `bases[d·ℓ + r] = FFT_D(s^{(r)})[d]`.
    bases: Vec<E::G1Affine>,
    /// Row `d` (`bases[d·ℓ..(d+1)·ℓ]`) prepared for its MSMs (the plan is
    /// [`Fk20::plan`]).
    rows: Arc<Vec<MsmBases<E::G1>>>,
}

/// Table budget of [`Fk20::for_proofs`] in affine points, for all `D` rows
/// together (96 MiB of BLS12-381 G1 points): vidkit-msm's
/// [`vidkit_msm::DEFAULT_TABLE_POINTS`], split evenly between the rows.
pub const FK20_TABLE_POINTS: usize = vidkit_msm::DEFAULT_TABLE_POINTS;

impl<E: Pairing> fmt::Debug for Fk20<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fk20")
            .field("cell", &self.cell)
            .field("chunks", &self.chunks)
            .field("size", &self.size)
            .field("plan", &self.plan())
            .finish()
    }
}

/// Equal shapes and bases (the tables follow from them and the plan, and
/// do not change the proofs).
impl<E: Pairing> PartialEq for Fk20<E> {
    fn eq(&self, other: &Self) -> bool {
        (self.cell, self.chunks, self.size) == (other.cell, other.chunks, other.size)
            && self.bases == other.bases
    }
}

impl<E: Pairing> Eq for Fk20<E> {}

impl<E: Pairing> Fk20<E> {
    /// Precomputes FK20 for polynomials of degree `< chunks · cell` from
    /// `powers = ([τ^i]_1)_i` (at least `(chunks − 1)·cell` of them), with
    /// no MSM table (for one-shot use; see [`Fk20::for_proofs`]).
    ///
    /// Errors: [`KzgError::Core`] with [`vidkit_core::Error::KeyTooShort`]
    /// for too few powers, [`KzgError::Fk20Shape`] for `cell` not a power
    /// of two, `chunks = 0`, or a transform size the field has no root of
    /// unity for.
    pub fn new(powers: &[E::G1Affine], cell: usize, chunks: usize) -> Result<Self, KzgError> {
        Self::with_plan(powers, cell, chunks, TablePlan::Plain)
    }

    /// As [`Fk20::new`], with the MSM tables [`Fk20::plan_for`] picks for
    /// `proofs` runs of [`Fk20::prove`] (`usize::MAX`: a key kept for
    /// good), within [`FK20_TABLE_POINTS`] points in all.
    ///
    /// ```
    /// use ark_bls12_381::{Bls12_381, G1Affine};
    /// use ark_ec::AffineRepr;
    /// use vidkit_kzg::fk20::Fk20;
    /// use vidkit_msm::TablePlan;
    /// // the Ethereum shape (cells of 64 elements, 64 chunks) kept for good:
    /// // a windows table
    /// let plan = Fk20::<Bls12_381>::plan_for(64, 64, usize::MAX);
    /// assert_eq!(plan, TablePlan::Windows(10));
    /// // one run never repays a table
    /// assert_eq!(Fk20::<Bls12_381>::plan_for(64, 64, 1), TablePlan::Plain);
    /// let powers = vec![G1Affine::generator(); 7 * 4];
    /// let fk20 = Fk20::<Bls12_381>::for_proofs(&powers, 4, 8, usize::MAX).unwrap();
    /// assert_eq!(fk20.plan(), Fk20::<Bls12_381>::plan_for(4, 8, usize::MAX));
    /// ```
    pub fn for_proofs(
        powers: &[E::G1Affine],
        cell: usize,
        chunks: usize,
        proofs: usize,
    ) -> Result<Self, KzgError> {
        Self::with_plan(powers, cell, chunks, Self::plan_for(cell, chunks, proofs))
    }

    /// The table [`Fk20::for_proofs`] builds for `proofs` runs with cells
    /// of `cell` and `chunks` chunks: [`TablePolicy::plan`] for
    /// [`Workload::Msms`]`(proofs)` over the `ℓ` bases of one row, each
    /// table within `1/D` of [`FK20_TABLE_POINTS`] (every row runs one MSM
    /// per proof run). [`TablePlan::Plain`] when `k = 1` (no MSM) or for a
    /// shape [`Fk20::new`] refuses.
    pub fn plan_for(cell: usize, chunks: usize, proofs: usize) -> TablePlan {
        let Some(size) = transform_size(chunks).filter(|_| cell.is_power_of_two()) else {
            return TablePlan::Plain;
        };
        let per_row = FK20_TABLE_POINTS / size;
        let policy = TablePolicy {
            window_points: per_row,
            multiple_points: per_row,
        };
        policy.plan::<E::G1>(cell, Workload::Msms(proofs))
    }

    /// As [`Fk20::new`], with every row of the `D` per-frequency MSMs
    /// prepared as `plan` says ([`MsmBases::with_plan`]), whatever the
    /// table costs (see the type docs for its size). A windows table needs
    /// vidkit-msm's fast path (BLS12-381, BN254): elsewhere the rows stay
    /// plain and [`Fk20::plan`] says [`TablePlan::Plain`].
    ///
    /// Errors: as [`Fk20::new`].
    ///
    /// # Panics
    ///
    /// If the width of `Multiples` is outside `1..=16` or that of `Windows`
    /// outside `4..=20` (as [`MsmBases::with_plan`]).
    pub fn with_plan(
        powers: &[E::G1Affine],
        cell: usize,
        chunks: usize,
        plan: TablePlan,
    ) -> Result<Self, KzgError> {
        let shape = || KzgError::Fk20Shape { cell, chunks };
        if !cell.is_power_of_two() || chunks == 0 {
            return Err(shape());
        }
        let need = (chunks - 1).checked_mul(cell).ok_or_else(shape)?;
        if powers.len() < need {
            return Err(vidkit_core::Error::KeyTooShort {
                have: powers.len(),
                need,
            }
            .into());
        }
        if chunks == 1 {
            return Ok(Self {
                cell,
                chunks,
                size: 0,
                bases: Vec::new(),
                rows: Arc::new(Vec::new()),
            });
        }
        let size = transform_size(chunks).ok_or_else(shape)?;
        let domain = domain::<E::ScalarField>(size).ok_or_else(shape)?;
        let mut bases = vec![E::G1Affine::zero(); size * cell];
        for r in 0..cell {
            let mut s: Vec<E::G1> = (0..chunks - 1)
                .map(|u| powers[u * cell + r].into())
                .collect();
            s.resize(size, E::G1::zero());
            g1_fft_in_place(&mut s, domain.group_gen());
            let s = E::G1::normalize_batch(&s);
            for (d, p) in s.into_iter().enumerate() {
                bases[d * cell + r] = p;
            }
        }
        let rows = bases
            .chunks_exact(cell)
            .map(|row| MsmBases::with_plan(row, plan))
            .collect();
        Ok(Self {
            cell,
            chunks,
            size,
            bases,
            rows: Arc::new(rows),
        })
    }

    /// The precomputation the rows got ([`TablePlan::Plain`] for none, also
    /// where a windows table was asked for on a group without vidkit-msm's
    /// fast path).
    pub fn plan(&self) -> TablePlan {
        self.rows.first().map_or(TablePlan::Plain, |r| r.plan())
    }

    /// Number of affine points in the tables of the rows (0 without a
    /// table): `D·ℓ·W` for a windows table, `D·ℓ·W·2^{c−1}` for a
    /// multiples table of width `c`, `W = ⌈(bits+1)/c⌉`.
    pub fn table_points(&self) -> usize {
        self.rows.iter().map(MsmBases::table_points).sum()
    }

    /// The cell size `ℓ`.
    pub fn cell(&self) -> usize {
        self.cell
    }

    /// The number of chunks `k`: polynomials have at most `k·ℓ` coefficients.
    pub fn chunks(&self) -> usize {
        self.chunks
    }

    /// The vector `(h_e)_{e < k−1}` of the module docs: the G1 coefficients
    /// of the "proof polynomial" whose value at `a` is the multi-proof of
    /// the coset `{x : x^ℓ = a}`. `coeffs` may be shorter than `k·ℓ` (missing
    /// coefficients are zero).
    ///
    /// Fails with [`KzgError::TooManyCoefficients`] for more than `k·ℓ`
    /// coefficients.
    pub fn proof_coefficients(&self, coeffs: &[E::ScalarField]) -> Result<Vec<E::G1>, KzgError> {
        let (k, l) = (self.chunks, self.cell);
        if coeffs.len() > k * l {
            return Err(KzgError::TooManyCoefficients {
                coefficients: coeffs.len(),
                powers: k * l,
            });
        }
        if k == 1 {
            return Ok(Vec::new());
        }
        let domain = domain::<E::ScalarField>(self.size).expect("checked in new");
        // frequency-major transforms of the reversed strided coefficient
        // vectors, scaled by 1/D so that the inverse G1 transform below needs
        // no scaling of its own (D scalar multiplications fewer)
        let mut freq = vec![E::ScalarField::zero(); self.size * l];
        for r in 0..l {
            let mut a: Vec<E::ScalarField> = (0..k)
                .map(|i| {
                    let w = k - 1 - i;
                    coeffs.get(w * l + r).copied().unwrap_or_default() * domain.size_inv
                })
                .collect();
            domain.fft_in_place(&mut a);
            for (d, v) in a.into_iter().enumerate() {
                freq[d * l + r] = v;
            }
        }
        // the D row MSMs are independent: side by side on the rayon pool
        // with `parallel` (each row alone is too small to split well)
        let mut conv: Vec<E::G1> = cfg_chunks!(freq, l)
            .zip(cfg_iter!(self.rows))
            .map(|(scalars, row)| row.msm(scalars))
            .collect();
        // the inverse DFT of x is (1/D)·DFT(x) read at −j mod D; the 1/D is
        // already in the scalars
        g1_fft_in_place(&mut conv, domain.group_gen());
        let d = self.size;
        Ok((0..k - 1).map(|e| conv[(d - (k - 2 - e)) % d]).collect())
    }

    /// The `N = cosets` multi-proofs of `f` (coefficients `coeffs`, at most
    /// `k·ℓ`): proof `j` is `[f div (X^ℓ − ω_N^j)](τ)` in G1, for `j < N`
    /// (see the module docs for `ω_N`). `cosets` must be a power of two the
    /// field has roots of unity for.
    ///
    /// Errors: [`KzgError::TooManyCoefficients`], [`KzgError::Fk20Shape`]
    /// (a number of cosets that is not a supported power of two).
    pub fn prove(
        &self,
        coeffs: &[E::ScalarField],
        cosets: usize,
    ) -> Result<Vec<E::G1Affine>, KzgError> {
        let bad = || KzgError::Fk20Shape {
            cell: self.cell,
            chunks: self.chunks,
        };
        if domain::<E::ScalarField>(cosets).is_none() {
            return Err(bad());
        }
        let h = self.proof_coefficients(coeffs)?;
        Ok(evaluate_on_subgroup(h, cosets).expect("size checked"))
    }
}

/// The values `Σ_e a^e · h_e` of the "proof polynomial" with G1
/// coefficients `h` at every `a = ω_N^j`, `j < N = size`, in order of `j`:
/// `h` folded modulo `N` (`a^N = 1`), then one G1 FFT of size `N`. This is
/// the last step of [`Fk20::prove`], shared with [`crate::multi_open`].
/// `None` if `size` is not a power of two the field has roots of unity for.
pub(crate) fn evaluate_on_subgroup<G: CurveGroup>(
    h: Vec<G>,
    size: usize,
) -> Option<Vec<G::Affine>> {
    let domain = domain::<G::ScalarField>(size)?;
    let mut folded = vec![G::zero(); size];
    for (e, p) in h.into_iter().enumerate() {
        folded[e % size] += p;
    }
    g1_fft_in_place(&mut folded, domain.group_gen());
    Some(G::normalize_batch(&folded))
}

/// The DFT `x_j ← Σ_i x_i·ω^{ij}` of group elements in place (`ω` of order
/// `x.len()`, a power of two): the radix-2 transform of `ark_poly`'s domains
/// (same result), with the twiddle multiplications of each stage done by
/// [`vidkit_msm::scaled`] on the stage's points normalised in one batch.
/// On BLS12-381 and BN254 that is one GLV decomposition per twiddle and
/// mixed additions (affine addends) in every multiplication, where
/// `ark_poly` multiplies projective points one by one; multiplications by
/// the twiddle 1 are skipped. Other groups get arkworks' multiplication.
/// With `parallel` each stage's multiplications run on the rayon pool.
/// `omega` is the domain's generator for the forward transform and its
/// inverse for the unscaled inverse transform.
///
/// # Panics
/// If `x.len()` is not a power of two (an empty slice is left as it is).
pub fn g1_fft_in_place<G: CurveGroup>(x: &mut [G], omega: G::ScalarField) {
    let n = x.len();
    if n <= 1 {
        return;
    }
    assert!(
        n.is_power_of_two(),
        "g1_fft_in_place: length {n} is not a power of two"
    );
    let shift = usize::BITS - n.trailing_zeros();
    for i in 0..n {
        let j = i.reverse_bits() >> shift;
        if i < j {
            x.swap(i, j);
        }
    }
    let mut len = 2;
    while len <= n {
        let half = len / 2;
        let step = omega.pow([(n / len) as u64]);
        let points = G::normalize_batch(x);
        let blocks = n / len;
        let mut twiddles = Vec::with_capacity(half);
        let mut twiddle = G::ScalarField::one();
        for _ in 0..half {
            twiddles.push(twiddle);
            twiddle *= step;
        }
        // the stage's products `ω^j·x[b·len + j + half]`, as tasks of one
        // twiddle and a run of blocks: one task per twiddle, or with
        // `parallel` each twiddle's blocks cut in one run per thread, so
        // that the first stages (few twiddles, many blocks) spread too
        #[cfg(feature = "parallel")]
        let run = blocks.div_ceil(vidkit_core::pool::threads()).max(1);
        #[cfg(not(feature = "parallel"))]
        let run = blocks;
        let tasks: Vec<(usize, usize)> = (0..half)
            .flat_map(|j| (0..blocks).step_by(run).map(move |b| (j, b)))
            .collect();
        let products: Vec<Vec<G>> = cfg_iter!(tasks)
            .map(|&(j, b0)| {
                let bs = b0..(b0 + run).min(blocks);
                let hi: Vec<G::Affine> = bs.map(|b| points[b * len + j + half]).collect();
                if j == 0 {
                    hi.iter().map(|p| p.into_group()).collect()
                } else {
                    vidkit_msm::scaled::<G>(&hi, twiddles[j])
                }
            })
            .collect();
        for (&(j, b0), products) in tasks.iter().zip(products) {
            for (b, t) in (b0..).zip(products) {
                let lo = points[b * len + j];
                x[b * len + j] = t + lo;
                x[b * len + j + half] = -t + lo;
            }
        }
        len *= 2;
    }
}

/// `D` for `k = chunks`: the power of two `≥ 2k − 2` (`None` for `k ≤ 1`
/// or an overflow).
const fn transform_size(chunks: usize) -> Option<usize> {
    if chunks <= 1 {
        return None;
    }
    match chunks.checked_mul(2) {
        Some(c) => (c - 2).checked_next_power_of_two(),
        None => None,
    }
}

// `transform_size` on its edges, checked when the crate compiles.
const _: () = {
    const fn is(got: Option<usize>, want: usize) -> bool {
        matches!(got, Some(d) if d == want)
    }
    assert!(transform_size(0).is_none() && transform_size(1).is_none());
    assert!(is(transform_size(2), 2) && is(transform_size(3), 4));
    assert!(is(transform_size(64), 128) && is(transform_size(65), 128));
    assert!(is(transform_size(66), 256));
    assert!(transform_size(usize::MAX).is_none());
    assert!(transform_size(usize::MAX / 2 + 1).is_none());
};

/// ark-poly's radix-2 domain of exactly `size` points (a power of two).
pub(crate) fn domain<F: ark_ff::FftField>(size: usize) -> Option<Radix2EvaluationDomain<F>> {
    if !size.is_power_of_two() {
        return None;
    }
    Radix2EvaluationDomain::<F>::new(size).filter(|d| d.size() == size)
}
