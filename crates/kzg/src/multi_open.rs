//! Openings of one polynomial at many points: every point of a subgroup
//! (docs/spec.md §11.3 with cells of one element), the integers `0 … n − 1`,
//! or arbitrary points.
//!
//! KZG+ global and aPlonK global open **one** polynomial `q` (degree `< k`)
//! at every code point `α_j`; with the `fft` and `systematic` encodings the
//! points are `α_j = ω^j`, `ω` the generator of ark-poly's radix-2 domain of
//! size `N = n' = next_pow2(n)`. The opening at `a` is `[q_a(τ)]_1` with
//! `q_a = (q − q(a))/(X − a)`, and expanding the synthetic division,
//!
//! ```text
//! [q_a(τ)]_1 = Σ_{e < k−1} a^e · h_e,    h_e = Σ_{u ≤ k−2−e} q_{u+e+1} · [τ^u]_1,
//! ```
//!
//! where `h_e` is the commitment to `q div X^{e+1}` and does not depend on
//! `a`. So the `N` openings at `a = ω^j`, `j < N`, are the size-`N` DFT of
//! `(h_e)_e`, folded modulo `N` when `k − 1 > N` (`a^N = 1`): one G1 FFT,
//! entry `j` the opening at `ω^j`. This is FK20 ([`crate::fk20`]) with a cell
//! size of 1, and the fold and the FFT are that module's.
//!
//! The vector `h` is computed one of two ways ([`Method`]):
//!
//! * [`Method::Direct`]: `k − 1` MSMs over the committer key's fixed-base
//!   table, row `e` with the `k − 1 − e` coefficients `q_{e+1} … q_{k−1}`
//!   (about `k²/2` table scalar multiplications, no precomputation);
//! * [`Method::Fk20`]: FK20's Toeplitz product by FFT convolution
//!   ([`crate::fk20::Fk20`] with cell 1, built per call): with
//!   `D = next_pow2(2k − 2)`, a G1 FFT of the `k − 1` powers (the
//!   precomputation), a field FFT, `D` scalar multiplications and an inverse
//!   G1 FFT, all of size `D`.
//!
//! Either way one more G1 FFT of size `N` gives all the openings: about
//! `(N/2)·log2 N` scalar multiplications in its butterflies, against `N`
//! table MSMs of size `k − 1` (`N·(k − 1)` table scalar multiplications) for
//! the openings one by one. [`Method::for_len`] picks the cheaper of the two
//! ways by `k`, from instruction counts. The results are the same group
//! elements as the one-by-one openings ([`crate::open`]), so proofs built
//! either way are byte-identical.
//!
//! The `points` encoding's code points are the integers `α_j = j`: there
//! [`open_at_integers`] takes the openings as the values of a polynomial of
//! degree `k − 2` in `j` and steps through the integers by forward
//! differences, `k − 2` group additions per opening after `k − 1` MSMs of
//! the same shape as the `h_e` (the differences at the first integer,
//! computed in the field).
//! [`open_at_points`] opens at arbitrary points one by one, and
//! [`open_at_code_points`] picks among the three for a Reed-Solomon code.

use crate::{fk20, CommitterKey, KzgError};
use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::Zero;
use ark_std::{cfg_into_iter, vec::Vec};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use vidkit_msm::TablePlan;

/// How [`open_subgroup_with`] computes the coefficients `h_e` of the proof
/// polynomial (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// `k − 1` MSMs of decreasing size over the key's table
    /// ([`proof_coefficients`]): about `k²/2` table scalar multiplications.
    Direct,
    /// FK20's FFT convolution ([`fk20::Fk20`] with cell 1, built per call):
    /// three G1 FFTs and `D` scalar multiplications, `D = next_pow2(2k − 2)`.
    Fk20,
}

impl Method {
    /// The cheaper way for polynomials of `k` coefficients, a cost model
    /// fitted to instruction counts of both ways on BLS12-381:
    /// [`Method::Direct`] while `(k − 1)² ≤ 14·D·log2 D` with
    /// `D = next_pow2(2k − 2)` (its `k²/2` table scalar multiplications
    /// against FK20's `O(D log D)` G1 work; the two were about even at
    /// `k = 256`),
    /// [`Method::Fk20`] otherwise: at `k = 256, 257` (where `2k − 2` just
    /// fits `D`) and from `k` ≈ 380 on.
    ///
    /// ```
    /// use vidkit_kzg::multi_open::Method;
    /// assert_eq!(Method::for_len(64), Method::Direct);
    /// assert_eq!(Method::for_len(1024), Method::Fk20);
    /// ```
    pub fn for_len(k: usize) -> Self {
        if k <= 2 {
            return Method::Direct;
        }
        let d = (2 * k - 2).next_power_of_two();
        let fk20 = 14u128 * d as u128 * u128::from(d.trailing_zeros());
        if ((k - 1) as u128).pow(2) <= fk20 {
            Method::Direct
        } else {
            Method::Fk20
        }
    }
}

/// Whether the `N = size` openings of a polynomial of `k` coefficients are
/// cheaper from [`open_subgroup`] than one by one (`N` quotients and `N`
/// table MSMs of size `k − 1`), by a rule fitted to instruction counts on
/// BLS12-381: yes for `k ≤ 2`, for `k ≥ 16` and for `N ≤ 2k`; no for a few
/// coefficients on many points (`3 ≤ k < 16`, `N > 2k`), where the G1 FFT's
/// `(N/2)·log2 N` scalar multiplications cost more than the `N·(k − 1)`
/// table ones they replace. Either way the points are the same.
///
/// ```
/// use vidkit_kzg::multi_open::subgroup_pays;
/// assert!(subgroup_pays(64, 128));
/// assert!(!subgroup_pays(4, 64));
/// ```
pub fn subgroup_pays(k: usize, size: usize) -> bool {
    k <= 2 || k >= 16 || size <= 2 * k
}

/// The coefficients `h_e = [(q div X^{e+1})(τ)]_1`, `e < k − 1`, of the proof
/// polynomial of `q` (coefficients `coeffs`, `k = coeffs.len()`), computed
/// directly ([`Method::Direct`]): `k − 1` MSMs over the key's table, on the
/// rayon pool with `parallel`. Empty for `k ≤ 1`.
///
/// Fails with [`KzgError::TooManyCoefficients`] if `q` has more coefficients
/// than the key has powers (as [`crate::open`]).
pub fn proof_coefficients<E: Pairing>(
    ck: &CommitterKey<E>,
    coeffs: &[E::ScalarField],
) -> Result<Vec<E::G1>, KzgError> {
    let k = coeffs.len();
    check_len(ck, k)?;
    if k <= 1 {
        return Ok(Vec::new());
    }
    Ok(triangular_msms(ck, k - 1, |e, row| {
        row.copy_from_slice(&coeffs[e + 1..])
    }))
}

/// The `len` MSMs `Σ_{u < len − e} s_e[u]·[τ^u]_1`, `e < len`, over the key's
/// first powers, where `fill(e, row)` writes row `e`'s `len − e` scalars:
/// the triangular shape of both [`proof_coefficients`] and the differences
/// of [`open_at_integers`]. On a multiples table, one cache-blocked pass
/// ([`CommitterKey::msm_rows`]), whose zero padding of the shorter rows
/// costs only a zero test per scalar; otherwise one MSM per row, on the
/// rayon pool with `parallel`. `len` must not exceed the key's powers.
fn triangular_msms<E: Pairing>(
    ck: &CommitterKey<E>,
    len: usize,
    fill: impl Fn(usize, &mut [E::ScalarField]) + Sync,
) -> Vec<E::G1> {
    if let TablePlan::Multiples(_) = ck.table() {
        // rows in the order 0, len − 1, 1, len − 2, …: each two neighbours
        // hold `len + 1` scalars, so the contiguous blocks that `msm_rows`
        // gives each thread get about the same work (in the natural order
        // the first of two threads got three quarters)
        let order: Vec<usize> = (0..len)
            .map(|i| if i % 2 == 0 { i / 2 } else { len - 1 - i / 2 })
            .collect();
        let mut rows = vec![E::ScalarField::zero(); len * len];
        for (&e, row) in order.iter().zip(rows.chunks_exact_mut(len)) {
            fill(e, &mut row[..len - e]);
        }
        let sums = ck.msm_rows(&rows, len).expect("len ≤ powers (checked)");
        let mut out = vec![E::G1::zero(); len];
        for (&e, sum) in order.iter().zip(sums) {
            out[e] = sum;
        }
        return out;
    }
    cfg_into_iter!(0..len)
        .map(|e| {
            let mut row = vec![E::ScalarField::zero(); len - e];
            fill(e, &mut row);
            ck.msm(&row).expect("len ≤ powers (checked)")
        })
        .collect()
}

/// The `N = size` KZG openings of `q` (coefficients `coeffs`) at the points
/// `ω_N^j`, `j < N`, in order of `j` (`ω_N` the generator of ark-poly's
/// radix-2 domain of size `N`, the `α_j` of the `fft` and `systematic`
/// encodings when `N = n'`): entry `j` is `[((q − q(ω_N^j))/(X − ω_N^j))(τ)]_1`,
/// the same point [`crate::open`] gives. `h` is computed as
/// [`Method::for_len`] says. All openings are the identity for `k ≤ 1`.
///
/// Errors: [`KzgError::TooManyCoefficients`] if `q` has more coefficients
/// than the key has powers (as [`crate::open`]), [`KzgError::SubgroupSize`] if `size` is not a
/// power of two the field has roots of unity for.
///
/// ```
/// use ark_bls12_381::{Bls12_381, Fr};
/// use ark_ec::CurveGroup;
/// use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
/// use vidkit_core::Srs;
/// use vidkit_kzg::{multi_open::open_subgroup, open, CommitterKey};
///
/// let srs = Srs::<Bls12_381>::insecure_from_seed(1, 8, 2); // tests only!
/// let ck = CommitterKey::<Bls12_381>::new(srs.powers_g1().to_vec());
/// let q: Vec<Fr> = (1..=5u64).map(Fr::from).collect();
/// let proofs = open_subgroup(&ck, &q, 8).unwrap();
/// let omega = Radix2EvaluationDomain::<Fr>::new(8).unwrap().group_gen();
/// for (j, pi) in proofs.iter().enumerate() {
///     let (_, want) = open::<ark_bls12_381::G1Projective>(srs.powers_g1(), &q, omega.pow([j as u64])).unwrap();
///     assert_eq!(*pi, want.into_affine());
/// }
/// # use ark_ff::Field;
/// ```
pub fn open_subgroup<E: Pairing>(
    ck: &CommitterKey<E>,
    coeffs: &[E::ScalarField],
    size: usize,
) -> Result<Vec<E::G1Affine>, KzgError> {
    open_subgroup_with(ck, coeffs, size, Method::for_len(coeffs.len()))
}

/// [`open_subgroup`] with the given [`Method`] for `h` (both give the same
/// points; for tests and measurements). [`Method::Fk20`] falls back to
/// [`Method::Direct`] where the field has no root of unity of FK20's
/// convolution size `next_pow2(2k − 2)`.
pub fn open_subgroup_with<E: Pairing>(
    ck: &CommitterKey<E>,
    coeffs: &[E::ScalarField],
    size: usize,
    method: Method,
) -> Result<Vec<E::G1Affine>, KzgError> {
    let k = coeffs.len();
    if fk20::domain::<E::ScalarField>(size).is_none() {
        return Err(KzgError::SubgroupSize { size });
    }
    check_len(ck, k)?;
    if k <= 1 {
        return Ok(vec![E::G1Affine::zero(); size]);
    }
    if method == Method::Fk20 {
        match fk20::Fk20::<E>::new(ck.powers(), 1, k) {
            Ok(fk) => return fk.prove(coeffs, size),
            Err(KzgError::Fk20Shape { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    let h = proof_coefficients(ck, coeffs)?;
    Ok(fk20::evaluate_on_subgroup(h, size).expect("size checked"))
}

/// Whether the openings of a polynomial (of `k` coefficients, say) at the `n`
/// integers `0, …, n − 1` are cheaper from [`open_at_integers`] than one by
/// one ([`open_at_points`]: `n` quotients and `n` table MSMs of size
/// `k − 1`). The first pays `k − 1` MSMs of decreasing size (about `k²/2`
/// table scalar multiplications, a quarter of the second's `n·k` when
/// `n = 2k`, per run of integers) and `k − 2` group additions per opening;
/// the second a table scalar multiplication (a full-size scalar) per
/// coefficient and opening. Criterion (`kzg/multi_open/`,
/// `results/kzg/multi-open-differences.txt`) puts the first ahead on every
/// measured shape, from 4 to 256 coefficients and 8 to 4096 points; the
/// rule says yes while `n ≤ 2^15`, whatever `k` (for `k ≤ 2` both are
/// trivial).
///
/// ```
/// use vidkit_kzg::multi_open::integers_pay;
/// assert!(integers_pay(128));
/// assert!(!integers_pay(1 << 16));
/// ```
pub fn integers_pay(n: usize) -> bool {
    n <= 1 << 15
}

/// The `n` KZG openings of `q` (coefficients `coeffs`) at the integers
/// `0, 1, …, n − 1` (the points `α_j = j` of the `points` encoding), in
/// order: entry `j` is `[((q − q(j))/(X − j))(τ)]_1`, the same point
/// [`crate::open`] gives.
///
/// As a function of the point, the opening is a polynomial of degree
/// `d = k − 2` with coefficients in G1,
/// `π(x) = Σ_{u ≤ d} g_u(x)·[τ^u]_1` with the field polynomials
/// `g_u(x) = Σ_{e > u} q_e·x^{e−1−u}` (`g_d = q_{k−1}`,
/// `g_u = q_{u+1} + x·g_{u+1}`), so its `d`-th forward difference is
/// constant and a run of consecutive integers costs `d` group additions per
/// opening, `Δ^i π(x + 1) = Δ^i π(x) + Δ^{i+1} π(x)`, no doubling and no
/// multiplication. The differences at the run's start come from the field:
/// `Δ^i π(x) = Σ_u Δ^i g_u(x)·[τ^u]_1`, where `Δ^i g_u(x)` (zero for
/// `i > d − u`) is a difference table of `g_u` at `d − u + 1` integers —
/// `O(k³)` field additions, then `k − 1` MSMs of decreasing size over the
/// key's table, the shape and cost of the proof coefficients `h_e`
/// ([`proof_coefficients`]). With `parallel` the integers are cut into one
/// run per thread when each run is at least `16·(k − 1)` long (its
/// additions then outweigh a second set of MSMs). All openings are the
/// identity for `k ≤ 1`.
///
/// Errors: [`KzgError::TooManyCoefficients`] if `q` has more coefficients
/// than the key has powers (as [`crate::open`]).
///
/// ```
/// use ark_bls12_381::{Bls12_381, Fr};
/// use ark_ec::CurveGroup;
/// use vidkit_core::Srs;
/// use vidkit_kzg::{multi_open::open_at_integers, open, CommitterKey};
///
/// let srs = Srs::<Bls12_381>::insecure_from_seed(1, 8, 2); // tests only!
/// let ck = CommitterKey::<Bls12_381>::new(srs.powers_g1().to_vec());
/// let q: Vec<Fr> = (1..=5u64).map(Fr::from).collect();
/// let proofs = open_at_integers(&ck, &q, 10).unwrap();
/// for (j, pi) in proofs.iter().enumerate() {
///     let (_, want) = open::<ark_bls12_381::G1Projective>(srs.powers_g1(), &q, Fr::from(j as u64)).unwrap();
///     assert_eq!(*pi, want.into_affine());
/// }
/// ```
pub fn open_at_integers<E: Pairing>(
    ck: &CommitterKey<E>,
    coeffs: &[E::ScalarField],
    n: usize,
) -> Result<Vec<E::G1Affine>, KzgError> {
    let k = coeffs.len();
    check_len(ck, k)?;
    if k <= 1 {
        return Ok(vec![E::G1Affine::zero(); n]);
    }
    Ok(vidkit_core::pool::per_thread_chunks(
        n,
        RUN_PER_COEFFICIENT * (k - 1),
        |r| vidkit_msm::forward_values(&differences_at(ck, coeffs, r.start as u64), r.len()),
    ))
}

/// The shortest run of integers, per coefficient of `q`, that
/// [`open_at_integers`] gives a thread of its own: a run costs `k − 1`
/// MSMs (about `k²/2` table scalar multiplications of some 30 additions
/// each) and then `k − 2` additions per integer.
const RUN_PER_COEFFICIENT: usize = 16;

/// The forward differences `Δ^i π(x)`, `i ≤ k − 2`, of the opening `π` of
/// `q` (`k ≥ 2` coefficients) as a function of the point, at the integer
/// `x` ([`open_at_integers`]).
fn differences_at<E: Pairing>(
    ck: &CommitterKey<E>,
    coeffs: &[E::ScalarField],
    x: u64,
) -> Vec<E::G1> {
    let len = coeffs.len() - 1;
    let d = len - 1;
    // column u: g_u at x, x + 1, …, x + d − u, by g_u = q_{u+1} + y·g_{u+1};
    // then its difference table in place, keeping Δ^i g_u(x) in row i
    let mut at = vec![E::ScalarField::zero(); len * len]; // at[i·len + u]
    let mut g = vec![E::ScalarField::zero(); len];
    for t in 0..len {
        let y = E::ScalarField::from(x + t as u64);
        g[d] = coeffs[len];
        for u in (0..d).rev() {
            g[u] = coeffs[u + 1] + y * g[u + 1];
        }
        for u in 0..len - t {
            at[t * len + u] = g[u];
        }
    }
    let mut column = vec![E::ScalarField::zero(); len];
    for u in 0..len {
        let top = d - u;
        for (t, c) in column[..=top].iter_mut().enumerate() {
            *c = at[t * len + u];
        }
        for level in 1..=top {
            for t in 0..=top - level {
                column[t] = column[t + 1] - column[t];
            }
            at[level * len + u] = column[0];
        }
    }
    triangular_msms(ck, len, |i, row| {
        row.copy_from_slice(&at[i * len..i * len + len - i])
    })
}

/// The KZG openings of `q` (coefficients `coeffs`) at the `n` points `α_j`
/// of the Reed-Solomon `code`, in order of `j`: what KZG+ global and aPlonK
/// global prove for every shard. With the `fft` and `systematic` encodings
/// (`α_j = ω^j` on the subgroup of size `n'`) they come from
/// [`open_subgroup`] where [`subgroup_pays`], the first `n` of its `n'`
/// kept; with `points` (`α_j = j`) from [`open_at_integers`] where
/// [`integers_pay`]; otherwise (a few coefficients on many points) each is
/// one quotient by Ruffini ([`crate::divide_by_linear`], on the rayon pool
/// with `parallel`) and all quotients are committed in one pass over the
/// key's table. The same points either way.
///
/// Errors: [`KzgError::TooManyCoefficients`] if `q` has more coefficients
/// than the key has powers, [`KzgError::Core`] for a point the code cannot
/// give.
pub fn open_at_code_points<E: Pairing>(
    ck: &CommitterKey<E>,
    coeffs: &[E::ScalarField],
    code: &vidkit_core::ReedSolomon<E::ScalarField>,
) -> Result<Vec<E::G1Affine>, KzgError> {
    let (k, n) = (coeffs.len(), code.n());
    if let Some(size) = code.domain_size() {
        if subgroup_pays(k, size) {
            let mut all = open_subgroup(ck, coeffs, size)?;
            all.truncate(n);
            return Ok(all);
        }
    } else if code.encoding() == vidkit_core::Encoding::Points && integers_pay(n) {
        return open_at_integers(ck, coeffs, n);
    }
    let points = (0..n)
        .map(|j| code.point(j).map_err(vidkit_core::Error::from))
        .collect::<Result<Vec<_>, _>>()?;
    open_at_points(ck, coeffs, &points)
}

/// The KZG openings of `q` (coefficients `coeffs`) at arbitrary `points`,
/// in order, one by one: each a quotient by Ruffini
/// ([`crate::divide_by_linear`], on the rayon pool with `parallel`), all
/// quotients committed in one pass over the key's table. The same points
/// as [`crate::open`] at each point.
///
/// Errors: [`KzgError::TooManyCoefficients`] if `q` has more coefficients
/// than the key has powers.
pub fn open_at_points<E: Pairing>(
    ck: &CommitterKey<E>,
    coeffs: &[E::ScalarField],
    points: &[E::ScalarField],
) -> Result<Vec<E::G1Affine>, KzgError> {
    let k = coeffs.len();
    check_len(ck, k)?;
    if k <= 1 {
        return Ok(vec![E::G1Affine::zero(); points.len()]);
    }
    let quotients: Vec<Vec<E::ScalarField>> = cfg_into_iter!(points)
        .map(|&alpha| crate::divide_by_linear(coeffs, alpha).1)
        .collect();
    let proofs = ck
        .msm_rows(&quotients.concat(), k - 1)
        .expect("k − 1 < k ≤ powers (checked), every quotient has k − 1 coefficients");
    Ok(E::G1::normalize_batch(&proofs))
}

/// [`KzgError::TooManyCoefficients`] unless the key has a power per
/// coefficient (as [`crate::open`] requires).
fn check_len<E: Pairing>(ck: &CommitterKey<E>, k: usize) -> Result<(), KzgError> {
    if k > ck.powers().len() {
        return Err(KzgError::TooManyCoefficients {
            coefficients: k,
            powers: ck.powers().len(),
        });
    }
    Ok(())
}
