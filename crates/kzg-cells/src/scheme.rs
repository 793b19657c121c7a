//! The KZG cells scheme (docs/spec.md §11): setup, commit, prove with FK20,
//! verify one shard with two pairings, batch verification with one random
//! linear combination, and FFT erasure decoding.

use crate::{polynomial_count, Commitment, KzgCellsError, Proof, ProverKey, VerifierKey, NAME};
use ark_ec::{pairing::Pairing, CurveGroup};
use ark_ff::{Field, One, Zero};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::{cfg_into_iter, collections::BTreeMap, rand::RngCore, vec::Vec};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use vidkit_core::{
    packing, Encoded, Encoding, FileInfo, ReedSolomon, Scheme, Shard, Srs, SrsShape, Transcript,
};
use vidkit_erasure::DecodeStrategy;

/// KZG cells over the pairing `E` for a fixed Reed-Solomon code
/// `(k, n, encoding)` and cell size `ℓ`.
///
/// Shard `j` holds, for every polynomial `f_b` of the file (`⌈m/ℓ⌉` of
/// them, of degree `< k·ℓ`), its cell on the coset
/// `{x : x^ℓ = α_j} = ω^j·⟨ω^{n'}⟩` of the domain `⟨ω⟩` of size `n'·ℓ`
/// (`n' = next_pow2(n)`, `α_j = ω^{ℓj}` the code's point), given by the
/// `ℓ` coefficients of the polynomial that interpolates `f_b` there
/// ([`KzgCells::cell_evaluations`] gives the `ℓ` evaluations).
#[derive(Clone, Debug)]
pub struct KzgCells<E: Pairing> {
    code: ReedSolomon<E::ScalarField>,
    cell: usize,
    /// `ω`, the generator of the radix-2 domain of size `n'·ℓ`.
    omega: E::ScalarField,
    /// One proof per shard for all polynomials (see [`KzgCells::folded`]).
    fold: bool,
}

impl<E: Pairing> KzgCells<E> {
    /// KZG cells with `k` source shards, `n ≥ k` shards, a root-of-unity
    /// `encoding` (`Fft` or `Systematic`) and cells of `cell` elements (a
    /// power of two).
    ///
    /// Errors: [`KzgCellsError::UnsupportedEncoding`] (`Points`),
    /// [`KzgCellsError::CellSize`], [`KzgCellsError::DomainTooLarge`]
    /// (no subgroup of size `next_pow2(n)·ℓ`), and the code's own errors.
    pub fn new(k: usize, n: usize, encoding: Encoding, cell: usize) -> Result<Self, KzgCellsError> {
        if !encoding.is_fft() {
            return Err(KzgCellsError::UnsupportedEncoding(encoding));
        }
        if !cell.is_power_of_two() {
            return Err(KzgCellsError::CellSize(cell));
        }
        let code = ReedSolomon::new(k, n, encoding).map_err(vidkit_core::Error::from)?;
        let cosets = code
            .domain_size()
            .expect("root-of-unity encodings have a domain");
        let too_large = KzgCellsError::DomainTooLarge { cosets, cell };
        let size = cosets.checked_mul(cell).ok_or(too_large.clone())?;
        let domain = Radix2EvaluationDomain::<E::ScalarField>::new(size)
            .filter(|d| d.size() == size)
            .ok_or(too_large.clone())?;
        let omega = domain.group_gen();
        // the code's points are the ℓ-th powers of the coset shifts
        if n > 1 && code.point(1).map_err(vidkit_core::Error::from)? != omega.pow([cell as u64]) {
            return Err(too_large);
        }
        Ok(Self {
            code,
            cell,
            omega,
            fold: false,
        })
    }

    /// The same scheme with **one proof per shard** whatever the number of
    /// polynomials (docs/spec.md §11.4): the prover opens
    /// `g = Σ_b r^b f_b` with `r` = [`KzgCells::polynomial_challenge`], a
    /// hash of the verifier key and of the commitment (so of every `C_b`),
    /// and the verifier checks `g`'s cell against `Σ_b r^b C_b`. Proofs of
    /// the two modes are not interchangeable (another number of points).
    pub fn folded(mut self) -> Self {
        self.fold = true;
        self
    }

    /// Whether proofs are folded into one point per shard.
    pub fn is_folded(&self) -> bool {
        self.fold
    }

    /// The cell size `ℓ`.
    pub fn cell(&self) -> usize {
        self.cell
    }

    /// The number of G1 points in each proof of a file of `m` rows: 1 when
    /// folded, `⌈m/ℓ⌉` otherwise.
    pub fn proof_points(&self, m: usize) -> usize {
        if self.fold {
            1
        } else {
            self.polynomial_count(m)
        }
    }

    /// The challenge `r` of the folded mode: a hash of the verifier key's
    /// digest and of the commitment's digest (curve, metadata, `ℓ` and
    /// every `C_b`). Binding every commitment is what makes folding sound:
    /// a prover who could choose some `C_b` after learning `r` could make
    /// `Σ_b r^b C_b` commit to a low-degree polynomial while the `f_b`
    /// behind the shards are not (docs/spec.md §11.4).
    pub fn polynomial_challenge(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
    ) -> E::ScalarField {
        let mut t = Transcript::new(&Transcript::dst(NAME, "fold-polynomials"));
        t.append_bytes(b"vk", vk.digest());
        t.append_bytes(b"commitment", commitment.digest());
        t.challenge(b"r")
    }

    /// The folded verification equation of one shard for a **given**
    /// challenge `r`: `e(Σ_b r^b C_b − [Σ_b r^b I_b(τ)]_1 + α_j π, H) =
    /// e(π, [τ^ℓ]_2)`. [`Scheme::verify`] in the folded mode is this with
    /// `r` = [`KzgCells::polynomial_challenge`]; it is public so that the
    /// attack an unbound challenge allows can be shown (tests).
    pub fn verify_folded_with(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        shard: &Shard<E::ScalarField>,
        proof: &Proof<E>,
        r: E::ScalarField,
    ) -> Result<bool, KzgCellsError> {
        let p = self.check_commitment(vk, commitment)?;
        let alpha = self.check_item(commitment, 1, shard, proof)?;
        let rb = vidkit_core::poly::powers(r, p);
        Ok(self.equation(
            vk,
            &[(commitment, shard, proof, alpha)],
            &rb,
            &[E::ScalarField::one()],
        ))
    }

    /// The one pairing equation every check reduces to, for items
    /// `(commitment u, shard u, proof u, α_u)` of `p_u` cells and `q_u`
    /// proof points, with a weight per cell (`cell_w`, the items' `p_u`
    /// weights one after the other) and per proof point (`proof_w`, likewise
    /// `q_u` each):
    /// `e(Σ_{u,b} w_{u,b} C_{u,b} − [Σ_{u,b} w_{u,b} I_{u,b}(τ)]_1 +
    /// Σ_{u,i} v_{u,i} α_u π_{u,i}, H) = e(Σ_{u,i} v_{u,i} π_{u,i}, [τ^ℓ]_2)`.
    /// The weights of equal commitments are summed first (one MSM over the
    /// distinct commitments' points).
    fn equation(
        &self,
        vk: &VerifierKey<E>,
        items: &[Checked<'_, E>],
        cell_w: &[E::ScalarField],
        proof_w: &[E::ScalarField],
    ) -> bool {
        let l = self.cell;
        // distinct commitments (by digest) and the summed weight of each point
        let mut slots: BTreeMap<[u8; 64], usize> = BTreeMap::new();
        let mut c_points: Vec<E::G1Affine> = Vec::new();
        let mut c_w: Vec<E::ScalarField> = Vec::new();
        let mut interp = vec![E::ScalarField::zero(); l];
        let mut weighted_alpha = Vec::with_capacity(proof_w.len());
        let mut proofs = Vec::with_capacity(proof_w.len());
        let (mut at_cell, mut at_proof) = (0, 0);
        for (commitment, shard, proof, alpha) in items {
            let points = commitment.polynomials();
            let p = points.len();
            let start = *slots.entry(*commitment.digest()).or_insert_with(|| {
                c_points.extend_from_slice(points);
                c_w.resize(c_w.len() + p, E::ScalarField::zero());
                c_points.len() - p
            });
            let w = &cell_w[at_cell..at_cell + p];
            at_cell += p;
            for (b, (cell, wb)) in shard.values.chunks(l).zip(w).enumerate() {
                c_w[start + b] += wb;
                for (acc, v) in interp.iter_mut().zip(cell) {
                    *acc += *wb * v;
                }
            }
            let q = proof.cells.len();
            let v = &proof_w[at_proof..at_proof + q];
            at_proof += q;
            weighted_alpha.extend(v.iter().map(|x| *x * alpha));
            proofs.extend_from_slice(&proof.cells);
        }
        let c: E::G1 = vidkit_msm::msm(&c_points, &c_w);
        let i: E::G1 = vidkit_msm::msm(vk.powers(), &interp);
        let a: E::G1 = vidkit_msm::msm(&proofs, &weighted_alpha);
        let b: E::G1 = vidkit_msm::msm(&proofs, proof_w);
        vk.kzg.pairing_check(c - i + a, -b)
    }

    /// Batch verification of shards of **many** files (each item names its
    /// commitment) with one random linear combination and two pairings:
    /// EIP-7594's universal verification equation (docs/spec.md §11.3).
    /// `Ok(true)` iff [`Scheme::verify`] would accept every item; `rng`
    /// must be verifier-private. Commitments that appear several times are
    /// summed once. Errors as [`Scheme::verify`]'s, for the first
    /// malformed item.
    pub fn batch_verify_files<R: RngCore + ?Sized>(
        &self,
        vk: &VerifierKey<E>,
        items: &[FileShard<'_, E>],
        rng: &mut R,
    ) -> Result<bool, KzgCellsError> {
        let mut checked = Vec::with_capacity(items.len());
        for (c, shard, proof) in items {
            let p = self.check_commitment(vk, c)?;
            let points = self.proof_points(c.info().m);
            let alpha = self.check_item(c, points, shard, proof)?;
            checked.push((*c, *shard, *proof, alpha, p));
        }
        if items.is_empty() {
            return Ok(true);
        }
        let mut cell_w = Vec::new();
        let mut proof_w = Vec::new();
        for (c, _, _, _, p) in &checked {
            if self.fold {
                let rho: E::ScalarField = vidkit_kzg::random_coefficients(1, rng)[0];
                let rb = vidkit_core::poly::powers(self.polynomial_challenge(vk, c), *p);
                cell_w.extend(rb.iter().map(|x| *x * rho));
                proof_w.push(rho);
            } else {
                let rho: Vec<E::ScalarField> = vidkit_kzg::random_coefficients(*p, rng);
                cell_w.extend_from_slice(&rho);
                proof_w.extend(rho);
            }
        }
        let checked: Vec<Checked<'_, E>> = checked
            .into_iter()
            .map(|(c, s, pr, a, _)| (c, s, pr, a))
            .collect();
        Ok(self.equation(vk, &checked, &cell_w, &proof_w))
    }

    /// `n' = next_pow2(n)`: the number of cosets of the domain (shards
    /// `j ≥ n` are never produced).
    pub fn cosets(&self) -> usize {
        self.code.domain_size().expect("root-of-unity encoding")
    }

    /// The shift `ω^j` of shard `j`'s coset `ω^j·⟨ω^{n'}⟩` (`ω` of order
    /// `n'·ℓ`); its `ℓ`-th power is the code's point `α_j`.
    pub fn coset_shift(&self, j: usize) -> Result<E::ScalarField, KzgCellsError> {
        self.alpha(j)?;
        Ok(self.omega.pow([j as u64]))
    }

    /// The number of polynomials `⌈m/ℓ⌉` of a file of `m` rows.
    pub fn polynomial_count(&self, m: usize) -> usize {
        polynomial_count(m, self.cell)
    }

    /// The coefficients of the file's polynomials, `⌈m/ℓ⌉` blocks of `k·ℓ`
    /// (docs/spec.md §11.1): `f_b = Σ_{r<ℓ} X^r P_{bℓ+r}(X^ℓ)`, i.e. the
    /// coefficient of `X^{ℓc+r}` in `f_b` is coefficient `c` of row
    /// `bℓ + r` of the `m × k` matrix (zero for rows `≥ m`).
    pub fn polynomials(&self, coefficients: &[E::ScalarField], m: usize) -> Vec<E::ScalarField> {
        let (k, l) = (self.code.k(), self.cell);
        let p = self.polynomial_count(m);
        let mut out = vec![E::ScalarField::zero(); p * k * l];
        for (i, row) in coefficients.chunks_exact(k).take(m).enumerate() {
            let (b, r) = (i / l, i % l);
            let f = &mut out[b * k * l..(b + 1) * k * l];
            for (c, v) in row.iter().enumerate() {
                f[c * l + r] = *v;
            }
        }
        out
    }

    /// The `ℓ` evaluations `f(ω^j·ω^{n't})`, `t < ℓ`, of a polynomial whose
    /// cell `j` (interpolation coefficients, as a shard carries them; at
    /// most `ℓ`, missing ones zero) is `cell`: one size-`ℓ` FFT on the coset.
    pub fn cell_evaluations(
        &self,
        j: usize,
        cell: &[E::ScalarField],
    ) -> Result<Vec<E::ScalarField>, KzgCellsError> {
        let shift = self.coset_shift(j)?;
        let domain = self.cell_domain(shift, cell.len())?;
        Ok(domain.fft(cell))
    }

    /// The inverse of [`KzgCells::cell_evaluations`]: the `ℓ` interpolation
    /// coefficients of the cell whose evaluations on coset `j` are `evals`
    /// (exactly `ℓ` of them).
    pub fn cell_from_evaluations(
        &self,
        j: usize,
        evals: &[E::ScalarField],
    ) -> Result<Vec<E::ScalarField>, KzgCellsError> {
        if evals.len() != self.cell {
            return Err(vidkit_core::Error::ShardLength {
                index: j,
                got: evals.len(),
                expected: self.cell,
            }
            .into());
        }
        let shift = self.coset_shift(j)?;
        Ok(self.cell_domain(shift, self.cell)?.ifft(evals))
    }

    fn cell_domain(
        &self,
        shift: E::ScalarField,
        len: usize,
    ) -> Result<Radix2EvaluationDomain<E::ScalarField>, KzgCellsError> {
        if len > self.cell {
            return Err(vidkit_core::Error::ShardLength {
                index: 0,
                got: len,
                expected: self.cell,
            }
            .into());
        }
        Ok(Radix2EvaluationDomain::new_coset(self.cell, shift)
            .expect("ℓ divides the domain size checked in new"))
    }

    pub(crate) fn alpha(&self, j: usize) -> Result<E::ScalarField, KzgCellsError> {
        Ok(self.code.point(j).map_err(vidkit_core::Error::from)?)
    }

    /// `(m_max, shape)` for files of up to `max_bytes` bytes: `k·ℓ` G1
    /// powers, `[τ^t]_2` for `t ≤ ℓ`.
    fn setup_shape(&self, max_bytes: usize) -> Result<(usize, SrsShape), KzgCellsError> {
        let k = self.code.k();
        let m_max = packing::rows_for::<E::ScalarField>(max_bytes, k)?;
        let g1 = k
            .checked_mul(self.cell)
            .ok_or(vidkit_core::Error::KeyTooShort {
                have: 0,
                need: usize::MAX,
            })?;
        Ok((
            m_max,
            SrsShape {
                g1,
                g2: self.cell + 1,
            },
        ))
    }

    /// Checks a commitment against this scheme and key; returns the number
    /// of polynomials.
    pub(crate) fn check_commitment(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
    ) -> Result<usize, KzgCellsError> {
        let info = commitment.info();
        info.check(&self.code)?;
        if commitment.cell() != self.cell || vk.cell() != self.cell {
            return Err(KzgCellsError::CellSizeMismatch {
                got: if vk.cell() != self.cell {
                    vk.cell()
                } else {
                    commitment.cell()
                },
                expected: self.cell,
            });
        }
        if info.m > vk.m_max() {
            return Err(vidkit_core::Error::TooManyRows {
                m: info.m,
                max: vk.m_max(),
            }
            .into());
        }
        let p = self.polynomial_count(info.m);
        if commitment.polynomials().len() != p {
            return Err(KzgCellsError::CommitmentLength {
                got: commitment.polynomials().len() as u64,
                expected: p,
            });
        }
        Ok(p)
    }

    /// Checks one shard and its proof (lengths, index) against a checked
    /// commitment, for proofs of `points` points; returns `α_j`.
    fn check_item(
        &self,
        commitment: &Commitment<E>,
        points: usize,
        shard: &Shard<E::ScalarField>,
        proof: &Proof<E>,
    ) -> Result<E::ScalarField, KzgCellsError> {
        commitment.info().check_shard(shard)?;
        if proof.cells.len() != points {
            return Err(KzgCellsError::ProofLength {
                got: proof.cells.len() as u64,
                expected: points,
            });
        }
        self.alpha(shard.index)
    }

    /// The challenge `γ` that folds the `p` cells of one shard into one
    /// pairing equation in [`Scheme::verify`]: a hash of the verifier key,
    /// the commitment, the index, the values and the proofs (1 when `p = 1`).
    pub fn fold_challenge(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        shard: &Shard<E::ScalarField>,
        proof: &Proof<E>,
    ) -> E::ScalarField {
        if proof.cells.len() <= 1 {
            return E::ScalarField::one();
        }
        let mut t = Transcript::new(&Transcript::dst(NAME, "verify-fold"));
        t.append_bytes(b"vk", vk.digest());
        t.append_bytes(b"commitment", commitment.digest());
        t.append_u64(b"index", shard.index as u64);
        t.append_all(b"values", &shard.values);
        t.append_all(b"proofs", &proof.cells);
        t.challenge(b"gamma")
    }

    fn check_prove_inputs(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
        commitment: Option<&Commitment<E>>,
    ) -> Result<(), KzgCellsError> {
        encoded.check(&self.code, pk.vk.m_max())?;
        pk.ck.require(self.code.k() * self.cell)?;
        if pk.vk.cell() != self.cell || pk.fk20.cell() != self.cell {
            return Err(KzgCellsError::CellSizeMismatch {
                got: pk.vk.cell(),
                expected: self.cell,
            });
        }
        if let Some(c) = commitment {
            self.check_commitment(&pk.vk, c)?;
            if c.info() != &encoded.info {
                return Err(vidkit_core::Error::ParameterMismatch {
                    what: "commitment metadata",
                    got: c.info().len,
                    expected: encoded.info.len,
                }
                .into());
            }
        }
        Ok(())
    }

    /// All `n` proofs of one polynomial (`k·ℓ` coefficients) with FK20,
    /// proof `j` for coset `j`.
    pub fn prove_polynomial(
        &self,
        pk: &ProverKey<E>,
        poly: &[E::ScalarField],
    ) -> Result<Vec<E::G1Affine>, KzgCellsError> {
        let mut proofs = pk.fk20.prove(poly, self.cosets())?;
        proofs.truncate(self.code.n());
        Ok(proofs)
    }
}

/// One item of [`KzgCells::batch_verify_files`]: a shard, its proof and the
/// commitment of its file.
pub type FileShard<'a, E> = (
    &'a Commitment<E>,
    &'a Shard<<E as Pairing>::ScalarField>,
    &'a Proof<E>,
);

/// A checked item of a verification: the commitment, the shard, its proof
/// and `α_j`.
type Checked<'a, E> = (
    &'a Commitment<E>,
    &'a Shard<<E as Pairing>::ScalarField>,
    &'a Proof<E>,
    <E as Pairing>::ScalarField,
);

impl<E: Pairing> Scheme for KzgCells<E> {
    type Curve = E;
    type Srs = Srs<E>;
    type ProverKey = ProverKey<E>;
    type VerifierKey = VerifierKey<E>;
    type Commitment = Commitment<E>;
    type Proof = Proof<E>;
    type ProverHint = ();
    type Error = KzgCellsError;

    const NAME: &'static str = NAME;
    const TRAPDOORS: usize = 1;

    fn code(&self) -> &ReedSolomon<E::ScalarField> {
        &self.code
    }

    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, KzgCellsError> {
        Ok(vec![self.setup_shape(max_bytes)?.1])
    }

    fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<Srs<E>, KzgCellsError> {
        Ok(Srs::single(powers)?)
    }

    fn setup(
        &self,
        srs: &Srs<E>,
        max_bytes: usize,
    ) -> Result<(ProverKey<E>, VerifierKey<E>), KzgCellsError> {
        let (m_max, shape) = self.setup_shape(max_bytes)?;
        srs.check_len(shape.g1, shape.g2)?;
        let (g1, g2) = (srs.powers_g1(), srs.powers_g2());
        let vk = VerifierKey::new(g1[..self.cell].to_vec(), g2[0], g2[self.cell], m_max)?;
        let pk = ProverKey::new(g1[..shape.g1].to_vec(), vk.clone())?;
        Ok((pk, vk))
    }

    fn commit(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<(Commitment<E>, ()), KzgCellsError> {
        self.check_prove_inputs(pk, encoded, None)?;
        let len = self.code.k() * self.cell;
        let polys = self.polynomials(&encoded.coefficients, encoded.info.m);
        let points = pk
            .ck
            .msm_rows(&polys, len)
            .expect("the key holds k·ℓ powers (checked)");
        let c = Commitment::new(encoded.info, self.cell, E::G1::normalize_batch(&points))?;
        Ok((c, ()))
    }

    fn prove(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
        commitment: &Commitment<E>,
        _hint: &(),
    ) -> Result<Vec<Proof<E>>, KzgCellsError> {
        self.check_prove_inputs(pk, encoded, Some(commitment))?;
        let len = self.code.k() * self.cell;
        let polys = self.polynomials(&encoded.coefficients, encoded.info.m);
        if self.fold {
            let r = self.polynomial_challenge(&pk.vk, commitment);
            let g = vidkit_core::poly::combine_rows(&polys, len, r);
            return Ok(self
                .prove_polynomial(pk, &g)?
                .into_iter()
                .map(|pi| Proof { cells: vec![pi] })
                .collect());
        }
        let per_poly: Vec<Vec<E::G1Affine>> = cfg_into_iter!(0..polys.len() / len)
            .map(|b| self.prove_polynomial(pk, &polys[b * len..(b + 1) * len]))
            .collect::<Result<_, _>>()?;
        Ok((0..self.code.n())
            .map(|j| Proof {
                cells: per_poly.iter().map(|proofs| proofs[j]).collect(),
            })
            .collect())
    }

    /// `e(Σ_b γ^b(C_b − [I_b(τ)]_1 + α_j π_b), H) = e(Σ_b γ^b π_b, [τ^ℓ]_2)`
    /// with `γ` = [`KzgCells::fold_challenge`]: for one polynomial, the
    /// cell equation `e(C − [I(τ)]_1, H) = e(π, [τ^ℓ − α_j]_2)` rearranged
    /// so that both G2 points are fixed (two pairings, prepared). Folded
    /// mode: [`KzgCells::verify_folded_with`] the file's challenge.
    fn verify(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        shard: &Shard<E::ScalarField>,
        proof: &Proof<E>,
    ) -> Result<bool, KzgCellsError> {
        if self.fold {
            let r = self.polynomial_challenge(vk, commitment);
            return self.verify_folded_with(vk, commitment, shard, proof, r);
        }
        let p = self.check_commitment(vk, commitment)?;
        let alpha = self.check_item(commitment, p, shard, proof)?;
        let gamma = self.fold_challenge(vk, commitment, shard, proof);
        let powers = vidkit_core::poly::powers(gamma, p);
        Ok(self.equation(vk, &[(commitment, shard, proof, alpha)], &powers, &powers))
    }

    /// EIP-7594's universal verification equation over the shards given:
    /// with verifier-private 128-bit `ρ_{u,b}` (one per cell),
    /// `e(Σ_b (Σ_u ρ_{u,b}) C_b − [Σ_{u,b} ρ_{u,b} I_{u,b}(τ)]_1 + Σ ρ_{u,b} α_{j_u} π_{u,b}, H)
    ///  = e(Σ ρ_{u,b} π_{u,b}, [τ^ℓ]_2)`: MSMs of sizes `p`, `ℓ` and
    /// `2·t·p`, and two pairings. Folded mode: one `ρ_u` per shard, its
    /// cells weighted `ρ_u·r^b`. Repeated indices are allowed (each item is
    /// checked as `verify` would check it).
    fn batch_verify<R: RngCore + ?Sized>(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        items: &[(&Shard<E::ScalarField>, &Proof<E>)],
        rng: &mut R,
    ) -> Result<bool, KzgCellsError> {
        let p = self.check_commitment(vk, commitment)?;
        let points = self.proof_points(commitment.info().m);
        let checked = items
            .iter()
            .map(|(s, pr)| {
                Ok((
                    commitment,
                    *s,
                    *pr,
                    self.check_item(commitment, points, s, pr)?,
                ))
            })
            .collect::<Result<Vec<_>, KzgCellsError>>()?;
        if items.is_empty() {
            return Ok(true);
        }
        if self.fold {
            // one weight ρ_u per shard: cells weighted ρ_u·r^b
            let rho: Vec<E::ScalarField> = vidkit_kzg::random_coefficients(items.len(), rng);
            let rb = vidkit_core::poly::powers(self.polynomial_challenge(vk, commitment), p);
            let cell_w: Vec<E::ScalarField> = rho
                .iter()
                .flat_map(|x| rb.iter().map(move |y| *x * y))
                .collect();
            return Ok(self.equation(vk, &checked, &cell_w, &rho));
        }
        let rho: Vec<E::ScalarField> = vidkit_kzg::random_coefficients(items.len() * p, rng);
        Ok(self.equation(vk, &checked, &rho, &rho))
    }

    fn file_info<'a>(&self, commitment: &'a Commitment<E>) -> &'a FileInfo {
        commitment.info()
    }

    /// Checks the count the bytes state against `⌈m/ℓ⌉` (1 when folded) and the total
    /// length before decoding any point.
    fn proof_from_bytes(&self, info: &FileInfo, bytes: &[u8]) -> Result<Proof<E>, KzgCellsError> {
        info.check(&self.code)?;
        let expected = self.proof_points(info.m);
        let got = vidkit_core::u64_at("proof", bytes, 0)?;
        if got != expected as u64 {
            return Err(KzgCellsError::ProofLength { got, expected });
        }
        let point = <E::G1Affine as ark_serialize::CanonicalSerialize>::compressed_size(
            &E::G1Affine::default(),
        );
        vidkit_core::check_length(
            "proof",
            bytes,
            expected.saturating_mul(point).saturating_add(8),
        )?;
        Ok(vidkit_core::from_bytes("proof", bytes)?)
    }

    /// Erasure decoding with the vanishing polynomial of the missing
    /// cosets, always by FFT ([`DecodeStrategy::Fft`]; docs/spec.md §11.5).
    fn decode(
        &self,
        info: &FileInfo,
        shards: &[Shard<E::ScalarField>],
    ) -> Result<Vec<u8>, KzgCellsError> {
        info.check(&self.code)?;
        for s in shards {
            info.check_shard(s)?;
        }
        let views: Vec<(usize, &[E::ScalarField])> =
            shards.iter().map(|s| (s.index, &s.values[..])).collect();
        let matrix = self
            .code
            .decode_with(&views, DecodeStrategy::Fft)
            .map_err(vidkit_core::Error::from)?;
        let len = usize::try_from(info.len).map_err(|_| vidkit_core::Error::LengthTooLarge {
            len: info.len,
            elements: matrix.len(),
            per_element: packing::bytes_per_element::<E::ScalarField>(),
        })?;
        Ok(packing::matrix_to_bytes(&matrix, len)?)
    }
}
