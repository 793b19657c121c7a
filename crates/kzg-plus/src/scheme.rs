//! The KZG+ scheme (docs/spec.md §5; seed paper §2.2.1): setup, commit, prove
//! and verify one shard.
//!
//! * Commit: `C_i = [P_i(τ)]_1` for every row, each a size-`k` MSM over the
//!   same `k` SRS powers, all computed in one pass over the key's
//!   fixed-base table ([`vidkit_kzg::CommitterKey::msm_rows`]).
//! * Prove shard `j`: `r_j` from the transcript ([`crate::shard_challenge`]);
//!   the coefficients of `Q_j = Σ_i r_j^i P_i` by Horner over the rows
//!   (`m·k` multiplications, no power table); the quotient
//!   `W_j = (Q_j − Q_j(α_j))/(X − α_j)` by Ruffini; `π_j = [W_j(τ)]_1` (table
//!   MSM of size `k − 1`). Only the quotient is needed: it does not depend on
//!   the remainder.
//! * Verify shard `j`: `α_j` from the index (never from the shard), `r_j`,
//!   `v = Σ_i r_j^i y[i]` (Horner), `c = MSM(C, (r_j^i)_i)` (size `m`), then
//!   the KZG check `FE(ML(c − v·G + α_j·π, H)·ML(−π, [τ]_2)) == 1` with
//!   prepared G2 points.

use crate::{
    shard_challenge, Commitment, KzgPlusError, Proof, ProverKey, TranscriptMode, VerifierKey, NAME,
};
use ark_ec::{pairing::Pairing, CurveGroup};
use ark_ff::{Field, Zero};
use ark_std::{cfg_into_iter, rand::RngCore, vec::Vec};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use vidkit_core::{
    packing,
    poly::{combine_rows, horner},
    Encoded, Encoding, FileInfo, ReedSolomon, Scheme, Shard, Srs, SrsShape,
};

/// KZG+ over the pairing `E` for a fixed Reed-Solomon code `(k, n, encoding)`.
#[derive(Clone, Debug)]
pub struct KzgPlus<E: Pairing> {
    code: ReedSolomon<E::ScalarField>,
    mode: TranscriptMode,
}

impl<E: Pairing> KzgPlus<E> {
    /// KZG+ with `k` source shards, `n ≥ k` shards and the given evaluation domain.
    pub fn new(k: usize, n: usize, encoding: Encoding) -> Result<Self, KzgPlusError> {
        let code = ReedSolomon::new(k, n, encoding).map_err(vidkit_core::Error::from)?;
        Ok(Self {
            code,
            mode: TranscriptMode::Sound,
        })
    }

    /// **UNSOUND** — the same scheme with the seed paper's / komodo's
    /// challenge `r = H(y_j)`. For reproducing the attack of docs/spec.md §5.6
    /// and paper-faithful measurements only.
    #[cfg(feature = "paper-faithful")]
    pub fn with_paper_transcript_unsound(mut self) -> Self {
        self.mode = TranscriptMode::PaperUnsound;
        self
    }

    /// What [`Scheme::setup`] reads for files of up to `max_bytes` bytes:
    /// `m_max`, and the shape of the one powers-of-τ string (`k` G1 powers
    /// for rows of `k` coefficients; `[1]_2` and `[τ]_2`).
    fn setup_shape(&self, max_bytes: usize) -> Result<(usize, SrsShape), KzgPlusError> {
        let k = self.code.k();
        let m_max = packing::rows_for::<E::ScalarField>(max_bytes, k)?;
        Ok((m_max, SrsShape { g1: k, g2: 2 }))
    }

    /// The transcript this instance uses.
    pub fn transcript_mode(&self) -> TranscriptMode {
        self.mode
    }

    /// The challenge `r_j` of a shard (validates the index).
    pub fn challenge(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        shard: &Shard<E::ScalarField>,
    ) -> Result<E::ScalarField, KzgPlusError> {
        let alpha = self.alpha(shard.index)?;
        Ok(shard_challenge(
            self.mode,
            vk.digest(),
            commitment.digest(),
            shard.index,
            alpha,
            &shard.values,
        ))
    }

    pub(crate) fn alpha(&self, j: usize) -> Result<E::ScalarField, KzgPlusError> {
        self.code
            .point(j)
            .map_err(|e| KzgPlusError::Core(vidkit_core::Error::from(e)))
    }

    /// Validates a commitment and a shard against this code and key; returns
    /// `(α_j, r_j, v_j)`.
    pub(crate) fn prepare(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        shard: &Shard<E::ScalarField>,
    ) -> Result<Prepared<E::ScalarField>, KzgPlusError> {
        self.check_commitment(vk, commitment)?;
        commitment.info().check_shard(shard)?;
        let alpha = self.alpha(shard.index)?;
        let r = shard_challenge(
            self.mode,
            vk.digest(),
            commitment.digest(),
            shard.index,
            alpha,
            &shard.values,
        );
        Ok((alpha, r, horner(&shard.values, r)))
    }

    pub(crate) fn check_commitment(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
    ) -> Result<(), KzgPlusError> {
        let info = commitment.info();
        info.check(&self.code)?;
        if info.m > vk.m_max() {
            return Err(vidkit_core::Error::TooManyRows {
                m: info.m,
                max: vk.m_max(),
            }
            .into());
        }
        if commitment.rows().len() != info.m {
            return Err(KzgPlusError::CommitmentLength {
                got: commitment.rows().len(),
                expected: info.m,
            });
        }
        Ok(())
    }

    pub(crate) fn check_encoded(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<(), KzgPlusError> {
        encoded.check(&self.code, pk.vk.m_max())?;
        Ok(pk.ck.require(self.code.k())?)
    }

    /// What `prove` checks: the encoded file, the commitment, and that the
    /// commitment is to a file of the same metadata.
    pub(crate) fn check_prove_inputs(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
        commitment: &Commitment<E>,
    ) -> Result<(), KzgPlusError> {
        self.check_encoded(pk, encoded)?;
        self.check_commitment(&pk.vk, commitment)?;
        if commitment.info() != &encoded.info {
            return Err(vidkit_core::Error::ParameterMismatch {
                what: "commitment metadata",
                got: commitment.info().len,
                expected: encoded.info.len,
            }
            .into());
        }
        Ok(())
    }

    /// The row commitments `C_i = [P_i(τ)]_1` of a checked file: all `m`
    /// row MSMs at once, in the table's cache-friendly order.
    pub(crate) fn commit_rows(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<Commitment<E>, KzgPlusError> {
        self.check_encoded(pk, encoded)?;
        let rows = pk
            .ck
            .msm_rows(&encoded.coefficients, self.code.k())
            .expect("the key holds k powers and there are m·k coefficients (checked)");
        Commitment::new(encoded.info, E::G1::normalize_batch(&rows))
    }
}

/// The KZG openings `[W_j(τ)]_1` of `count` quotients of `k − 1`
/// coefficients each, concatenated in `quotients`: one pass of
/// [`vidkit_kzg::CommitterKey::msm_rows`] over the key's fixed-base table.
/// For `k = 1` every quotient is empty and every opening is the identity.
pub(crate) fn commit_quotients<E: Pairing>(
    pk: &ProverKey<E>,
    quotients: &[E::ScalarField],
    k: usize,
    count: usize,
) -> Vec<E::G1Affine> {
    let proofs = if k == 1 {
        vec![E::G1::zero(); count]
    } else {
        pk.ck
            .msm_rows(quotients, k - 1)
            .expect("quotients of k − 1 coefficients, k powers (checked)")
    };
    debug_assert_eq!(proofs.len(), count);
    E::G1::normalize_batch(&proofs)
}

/// `(α_j, r_j, v_j)` of a validated shard.
pub(crate) type Prepared<F> = (F, F, F);

impl<E: Pairing> Scheme for KzgPlus<E> {
    type Curve = E;
    type Srs = Srs<E>;
    type ProverKey = ProverKey<E>;
    type VerifierKey = VerifierKey<E>;
    type Commitment = Commitment<E>;
    type Proof = Proof<E>;
    type ProverHint = ();
    type Error = KzgPlusError;

    const NAME: &'static str = NAME;
    const TRAPDOORS: usize = 1;

    fn code(&self) -> &ReedSolomon<E::ScalarField> {
        &self.code
    }

    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, KzgPlusError> {
        Ok(vec![self.setup_shape(max_bytes)?.1])
    }

    fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<Srs<E>, KzgPlusError> {
        Ok(Srs::single(powers)?)
    }

    fn setup(
        &self,
        srs: &Srs<E>,
        max_bytes: usize,
    ) -> Result<(ProverKey<E>, VerifierKey<E>), KzgPlusError> {
        let (m_max, shape) = self.setup_shape(max_bytes)?;
        srs.check_len(shape.g1, shape.g2)?;
        let vk = VerifierKey::new(vidkit_kzg::VerifierKey::from_srs(srs)?, m_max);
        let pk = ProverKey::new(srs.powers_g1()[..shape.g1].to_vec(), vk.clone());
        Ok((pk, vk))
    }

    fn commit(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<(Commitment<E>, ()), KzgPlusError> {
        Ok((self.commit_rows(pk, encoded)?, ()))
    }

    fn prove(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
        commitment: &Commitment<E>,
        _hint: &(),
    ) -> Result<Vec<Proof<E>>, KzgPlusError> {
        self.check_prove_inputs(pk, encoded, commitment)?;
        let (k, n) = (self.code.k(), self.code.n());
        let coeffs = &encoded.coefficients;
        // the n quotients (k − 1 coefficients each), then all n MSMs at once
        let quotients: Result<Vec<Vec<E::ScalarField>>, KzgPlusError> = cfg_into_iter!(0..n)
            .map(|j| {
                let shard = &encoded.shards[j];
                let alpha = self.alpha(j)?;
                let r = shard_challenge(
                    self.mode,
                    pk.vk.digest(),
                    commitment.digest(),
                    j,
                    alpha,
                    &shard.values,
                );
                // Q_j = Σ_i r^i P_i
                let q = combine_rows(coeffs, k, r);
                let (_value, quotient) = vidkit_kzg::divide_by_linear(&q, alpha);
                Ok(quotient)
            })
            .collect();
        let quotients: Vec<E::ScalarField> = quotients?.concat();
        Ok(commit_quotients(pk, &quotients, k, n)
            .into_iter()
            .map(|pi| Proof { pi })
            .collect())
    }

    fn verify(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        shard: &Shard<E::ScalarField>,
        proof: &Proof<E>,
    ) -> Result<bool, KzgPlusError> {
        let (alpha, r, v) = self.prepare(vk, commitment, shard)?;
        let mut powers = Vec::with_capacity(shard.values.len());
        let mut p = E::ScalarField::ONE;
        for _ in 0..shard.values.len() {
            powers.push(p);
            p *= r;
        }
        let c: E::G1 = vidkit_msm::msm(commitment.rows(), &powers);
        let pi = proof.pi;
        Ok(vk.kzg().check_opening(c, alpha, v, pi))
    }

    fn batch_verify<R: RngCore + ?Sized>(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        items: &[(&Shard<E::ScalarField>, &Proof<E>)],
        rng: &mut R,
    ) -> Result<bool, KzgPlusError> {
        crate::batch::batch_verify(self, vk, commitment, items, rng)
    }

    fn file_info<'a>(&self, commitment: &'a Commitment<E>) -> &'a FileInfo {
        commitment.info()
    }
}
