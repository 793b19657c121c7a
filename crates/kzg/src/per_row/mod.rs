//! The naive per-row KZG dispersal scheme (docs/spec.md §4) — the baseline the
//! seed paper argues against, kept for comparison.
//!
//! The commitment is `C_i = [P_i(τ)]_1` for every row; the proof of shard `j`
//! is one KZG opening `π_{i,j}` of every row at `α_j` (`m` G1 points). A
//! verifier checks the `m` openings as one equation with coefficients `ρ_i`:
//!
//! `FE(ML(Σ_i ρ_i(C_i − y_j[i]·G + α_j π_{i,j}), H) · ML(−Σ_i ρ_i π_{i,j}, [τ]_2)) == 1`
//!
//! (two MSMs of size `m`, one multi-pairing). In [`Scheme::verify`] there is no
//! randomness source, so `ρ_i = s^i` with `s` a Fiat–Shamir challenge over
//! everything being verified (key, metadata, all commitments, index, point,
//! values, openings — docs/spec.md §2): a wrong opening survives with
//! probability `≤ (m − 1)/r` per hash query. [`Scheme::batch_verify`] uses
//! verifier-private 128-bit coefficients, one per (shard, row), and still one
//! MSM of size `m` over the commitments and one multi-pairing.

mod types;

pub use types::{PerRowCommitment, PerRowProof, PerRowProverKey, PerRowVerifierKey};

use crate::KzgError;
use ark_ec::{pairing::Pairing, CurveGroup};
use ark_ff::{Field, Zero};
use ark_std::{cfg_into_iter, rand::RngCore, vec::Vec};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use vidkit_core::{
    packing, Encoded, Encoding, FileInfo, ReedSolomon, Scheme, Shard, Srs, SrsShape, Transcript,
};

/// One KZG proof per row and shard, over the pairing `E`.
#[derive(Clone, Debug)]
pub struct KzgPerRow<E: Pairing> {
    code: ReedSolomon<E::ScalarField>,
}

impl<E: Pairing> KzgPerRow<E> {
    /// The scheme with `k` source shards, `n ≥ k` shards and the given domain.
    pub fn new(k: usize, n: usize, encoding: Encoding) -> Result<Self, KzgError> {
        let code = ReedSolomon::new(k, n, encoding).map_err(vidkit_core::Error::from)?;
        Ok(Self { code })
    }

    /// The input checks of `commit` and `prove`: the encoded file fits the
    /// code and the key ([`Encoded::check`]), and the key holds `k` powers.
    fn check_encoded(
        &self,
        pk: &PerRowProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<(), KzgError> {
        let m_max = usize::try_from(pk.vk.m_max).unwrap_or(usize::MAX);
        encoded.check(&self.code, m_max)?;
        Ok(pk.ck.require(self.code.k())?)
    }

    /// What [`Scheme::setup`] reads for files of up to `max_bytes` bytes:
    /// `m_max`, and the shape of the one powers-of-τ string (`k` G1 powers
    /// for rows of `k` coefficients; `[1]_2` and `[τ]_2`).
    fn setup_shape(&self, max_bytes: usize) -> Result<(usize, SrsShape), KzgError> {
        let k = self.code.k();
        let m_max = packing::rows_for::<E::ScalarField>(max_bytes, k)?;
        Ok((m_max, SrsShape { g1: k, g2: 2 }))
    }

    fn alpha(&self, j: usize) -> Result<E::ScalarField, KzgError> {
        self.code
            .point(j)
            .map_err(|e| KzgError::Core(vidkit_core::Error::from(e)))
    }

    fn check(
        &self,
        vk: &PerRowVerifierKey<E>,
        c: &PerRowCommitment<E>,
        shard: &Shard<E::ScalarField>,
        proof: &PerRowProof<E>,
    ) -> Result<E::ScalarField, KzgError> {
        c.info.check(&self.code)?;
        if c.info.m as u64 > vk.m_max {
            return Err(vidkit_core::Error::TooManyRows {
                m: c.info.m,
                max: vk.m_max as usize,
            }
            .into());
        }
        if c.rows.len() != c.info.m {
            return Err(KzgError::CommitmentLength {
                got: c.rows.len(),
                expected: c.info.m,
            });
        }
        c.info.check_shard(shard)?;
        if proof.openings.len() != c.info.m {
            return Err(KzgError::ProofLength {
                index: shard.index,
                got: proof.openings.len(),
                expected: c.info.m,
            });
        }
        self.alpha(shard.index)
    }
}

impl<E: Pairing> Scheme for KzgPerRow<E> {
    type Curve = E;
    type Srs = Srs<E>;
    type ProverKey = PerRowProverKey<E>;
    type VerifierKey = PerRowVerifierKey<E>;
    type Commitment = PerRowCommitment<E>;
    type Proof = PerRowProof<E>;
    type ProverHint = ();
    type Error = KzgError;

    const NAME: &'static str = "kzg";
    const TRAPDOORS: usize = 1;

    fn code(&self) -> &ReedSolomon<E::ScalarField> {
        &self.code
    }

    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, KzgError> {
        Ok(vec![self.setup_shape(max_bytes)?.1])
    }

    fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<Srs<E>, KzgError> {
        Ok(Srs::single(powers)?)
    }

    fn setup(
        &self,
        srs: &Srs<E>,
        max_bytes: usize,
    ) -> Result<(PerRowProverKey<E>, PerRowVerifierKey<E>), KzgError> {
        let (m_max, shape) = self.setup_shape(max_bytes)?;
        srs.check_len(shape.g1, shape.g2)?;
        let vk = PerRowVerifierKey {
            kzg: crate::VerifierKey::from_srs(srs)?,
            m_max: m_max as u64,
        };
        Ok((
            PerRowProverKey {
                ck: crate::CommitterKey::new(srs.powers_g1()[..shape.g1].to_vec()),
                vk: vk.clone(),
            },
            vk,
        ))
    }

    fn commit(
        &self,
        pk: &PerRowProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<(PerRowCommitment<E>, ()), KzgError> {
        let (info, k) = (encoded.info, self.code.k());
        self.check_encoded(pk, encoded)?;
        // the m row commitments in one pass over the key's table
        let rows: Vec<E::G1> = pk
            .ck
            .msm_rows(&encoded.coefficients, k)
            .expect("k powers and m·k coefficients (checked)");
        Ok((
            PerRowCommitment {
                info,
                rows: E::G1::normalize_batch(&rows),
            },
            (),
        ))
    }

    fn prove(
        &self,
        pk: &PerRowProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
        _commitment: &PerRowCommitment<E>,
        _hint: &(),
    ) -> Result<Vec<PerRowProof<E>>, KzgError> {
        let (info, k, n) = (encoded.info, self.code.k(), self.code.n());
        self.check_encoded(pk, encoded)?;
        let coeffs = &encoded.coefficients;
        cfg_into_iter!(0..n)
            .map(|j| {
                let alpha = self.alpha(j)?;
                // the m quotients of k − 1 coefficients, committed in one pass
                let openings: Vec<E::G1> = if k == 1 {
                    vec![E::G1::zero(); info.m]
                } else {
                    let quotients: Vec<E::ScalarField> = (0..info.m)
                        .flat_map(|i| crate::divide_by_linear(&coeffs[i * k..(i + 1) * k], alpha).1)
                        .collect();
                    pk.ck
                        .msm_rows(&quotients, k - 1)
                        .expect("k − 1 ≤ k powers, m·(k − 1) coefficients")
                };
                Ok(PerRowProof {
                    openings: E::G1::normalize_batch(&openings),
                })
            })
            .collect()
    }

    fn verify(
        &self,
        vk: &PerRowVerifierKey<E>,
        c: &PerRowCommitment<E>,
        shard: &Shard<E::ScalarField>,
        proof: &PerRowProof<E>,
    ) -> Result<bool, KzgError> {
        let alpha = self.check(vk, c, shard, proof)?;
        let mut t = Transcript::new(&Transcript::dst("kzg", "rho"));
        t.append_curve::<E>();
        t.append(b"vk", vk);
        c.info.append_to(&mut t);
        t.append(b"rows", &c.rows[..]);
        t.append_u64(b"j", shard.index as u64);
        t.append(b"alpha", &alpha);
        t.append(b"y", &shard.values[..]);
        t.append(b"openings", &proof.openings[..]);
        let s: E::ScalarField = t.challenge(b"rho");
        let mut rho = Vec::with_capacity(c.info.m);
        let mut p = E::ScalarField::ONE;
        for _ in 0..c.info.m {
            rho.push(p);
            p *= s;
        }
        let value: E::ScalarField = rho.iter().zip(&shard.values).map(|(r, y)| *r * y).sum();
        let cc: E::G1 = vidkit_msm::msm(&c.rows, &rho);
        let b = vidkit_msm::msm::<E::G1>(&proof.openings, &rho).into_affine();
        Ok(vk.kzg.check_opening(cc, alpha, value, b))
    }

    fn batch_verify<R: RngCore + ?Sized>(
        &self,
        vk: &PerRowVerifierKey<E>,
        c: &PerRowCommitment<E>,
        items: &[(&Shard<E::ScalarField>, &PerRowProof<E>)],
        rng: &mut R,
    ) -> Result<bool, KzgError> {
        let alphas = items
            .iter()
            .map(|(s, p)| self.check(vk, c, s, p))
            .collect::<Result<Vec<_>, _>>()?;
        if items.is_empty() {
            return Ok(true);
        }
        let m = c.info.m;
        let rho: Vec<E::ScalarField> = crate::random_coefficients(items.len() * m, rng);
        let mut gamma = vec![E::ScalarField::zero(); m];
        let mut value = E::ScalarField::zero();
        let mut rho_alpha = Vec::with_capacity(rho.len());
        let mut bases = Vec::with_capacity(rho.len());
        for (u, ((shard, proof), alpha)) in items.iter().zip(&alphas).enumerate() {
            let rho_u = &rho[u * m..(u + 1) * m];
            for i in 0..m {
                gamma[i] += rho_u[i];
                value += rho_u[i] * shard.values[i];
                rho_alpha.push(rho_u[i] * alpha);
            }
            bases.extend_from_slice(&proof.openings);
        }
        let cc: E::G1 = vidkit_msm::msm(&c.rows, &gamma);
        let a: E::G1 = vidkit_msm::msm(&bases, &rho_alpha);
        let b: E::G1 = vidkit_msm::msm(&bases, &rho);
        Ok(vk.kzg.pairing_check(cc + a - vk.kzg.g_times(value), -b))
    }

    fn file_info<'a>(&self, c: &'a PerRowCommitment<E>) -> &'a FileInfo {
        &c.info
    }

    /// The opening count is checked against `info.m`, and the length against
    /// `8 + m·|G1|`, before any opening is decoded.
    fn proof_from_bytes(&self, info: &FileInfo, bytes: &[u8]) -> Result<PerRowProof<E>, KzgError> {
        use ark_ec::AffineRepr;
        use ark_serialize::CanonicalSerialize;
        const WHAT: &str = "per-row KZG proof";
        let got = vidkit_core::u64_at(WHAT, bytes, 0)?;
        if got != info.m as u64 {
            return Err(KzgError::OpeningCount {
                got,
                expected: info.m,
            });
        }
        let g1 = E::G1Affine::generator().compressed_size();
        let size = info.m.checked_mul(g1).and_then(|s| s.checked_add(8));
        vidkit_core::check_length(WHAT, bytes, size.unwrap_or(usize::MAX))?;
        Ok(vidkit_core::from_bytes(WHAT, bytes)?)
    }
}
