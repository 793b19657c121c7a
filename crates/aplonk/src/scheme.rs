//! [`Aplonk`]: the [`Scheme`] implementation (docs/spec.md §7).

use crate::{
    commitment::{m_prime, rounds},
    ipa, keys,
    prove::FileProver,
    verify::{replay, Accumulator, Weights},
    AplonkError, AplonkSrs, Commitment, Proof, ProverKey, RowCommitments, VerifierKey, NAME,
};
use ark_ec::{pairing::Pairing, CurveGroup};
use ark_std::rand::RngCore;
use vidkit_core::{
    packing, Encoded, Encoding, FileInfo, ReedSolomon, Scheme, Shard, Srs, SrsShape,
};

/// aPlonK-PC over the pairing `E`: a constant-size commitment (one G_T
/// element) and per-shard proofs of `O(log m)` size.
pub struct Aplonk<E: Pairing> {
    code: ReedSolomon<E::ScalarField>,
}

impl<E: Pairing> Aplonk<E> {
    /// The scheme with `k` source shards, `n` encoded shards and evaluation
    /// points chosen by `encoding`.
    pub fn new(k: usize, n: usize, encoding: Encoding) -> Result<Self, AplonkError> {
        let code = ReedSolomon::new(k, n, encoding).map_err(vidkit_core::Error::from)?;
        Ok(Self { code })
    }

    /// What [`Scheme::setup`] reads for files of up to `max_bytes` bytes:
    /// `m_max`, and the shapes of the two strings (docs/spec.md §7.1): σ with
    /// `k` G1 powers (row commitments) and `[1]_2, [σ]_2`; τ with
    /// `[1]_1, [τ]_1` and `m' = next_pow2(m_max)` G2 powers (the IPA key),
    /// at least the 2 every [`Srs`] holds.
    fn setup_shape(&self, max_bytes: usize) -> Result<(usize, [SrsShape; 2]), AplonkError> {
        let k = self.code.k();
        let m_max = packing::rows_for::<E::ScalarField>(max_bytes, k)?;
        let sigma = SrsShape { g1: k, g2: 2 };
        let tau = SrsShape {
            g1: 2,
            g2: m_prime(m_max).max(2),
        };
        Ok((m_max, [sigma, tau]))
    }

    /// Common input checks of `verify` and `batch_verify`.
    pub(crate) fn check_input(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
    ) -> Result<(), AplonkError> {
        let info = &commitment.info;
        info.check(&self.code)?;
        if info.m > vk.m_max {
            return Err(vidkit_core::Error::TooManyRows {
                m: info.m,
                max: vk.m_max,
            }
            .into());
        }
        Ok(())
    }

    /// Proves only the shards at positions `indices` of `encoded.shards`
    /// (e.g. the shards one storage node will serve); [`Scheme::prove`] is
    /// this with every index. The round-0 pairings are computed once for all
    /// of them.
    pub fn prove_shards(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
        commitment: &Commitment<E>,
        hint: &RowCommitments<E>,
        indices: &[usize],
    ) -> Result<Vec<Proof<E>>, AplonkError> {
        let info = &commitment.info;
        info.check(&self.code)?;
        if encoded.info != *info {
            return Err(vidkit_core::Error::ParameterMismatch {
                what: "file metadata (m)",
                got: encoded.info.m as u64,
                expected: info.m as u64,
            }
            .into());
        }
        encoded.check(&self.code, pk.m_max)?;
        if hint.mu.len() != info.m {
            return Err(AplonkError::HintLength {
                got: hint.mu.len(),
                expected: info.m,
            });
        }
        let shards: Vec<&Shard<E::ScalarField>> = indices
            .iter()
            .map(|&i| {
                encoded
                    .shards
                    .get(i)
                    .ok_or(vidkit_core::Error::IndexOutOfRange {
                        index: i,
                        n: encoded.shards.len(),
                    })
            })
            .collect::<Result<_, _>>()?;
        for s in &shards {
            info.check_shard(s)?;
        }
        let prover = FileProver::new(
            pk,
            commitment,
            &hint.mu,
            &encoded.coefficients,
            self.code.k(),
            shards.len(),
        );
        let start = |s: &&Shard<E::ScalarField>| {
            let alpha = self.code.point(s.index).map_err(vidkit_core::Error::from)?;
            prover.start(s.index, alpha, &s.values)
        };
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            let starts: Vec<_> = shards.par_iter().map(start).collect::<Result<_, _>>()?;
            let pis = prover.kzg_openings(&starts);
            // one shard per task: its MSMs and folds plan for one thread
            Ok(starts
                .into_par_iter()
                .zip(pis)
                .map(|(st, pi)| vidkit_core::pool::on_one_thread(|| prover.finish(st, pi)))
                .collect())
        }
        #[cfg(not(feature = "parallel"))]
        {
            let starts: Vec<_> = shards.iter().map(start).collect::<Result<_, _>>()?;
            let pis = prover.kzg_openings(&starts);
            Ok(starts
                .into_iter()
                .zip(pis)
                .map(|(st, pi)| prover.finish(st, pi))
                .collect())
        }
    }
}

impl<E: Pairing> Scheme for Aplonk<E> {
    type Curve = E;
    type Srs = AplonkSrs<E>;
    type ProverKey = ProverKey<E>;
    type VerifierKey = VerifierKey<E>;
    type Commitment = Commitment<E>;
    type Proof = Proof<E>;
    type ProverHint = RowCommitments<E>;
    type Error = AplonkError;
    const NAME: &'static str = NAME;
    /// σ (row KZG) and τ (IPA key), independent.
    const TRAPDOORS: usize = 2;

    fn code(&self) -> &ReedSolomon<E::ScalarField> {
        &self.code
    }

    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, AplonkError> {
        Ok(self.setup_shape(max_bytes)?.1.to_vec())
    }

    /// `[σ, τ]` in this order; fails if their generators differ.
    fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<AplonkSrs<E>, AplonkError> {
        let got = powers.len();
        match <[Srs<E>; 2]>::try_from(powers) {
            Ok([sigma, tau]) => AplonkSrs::new(sigma, tau),
            Err(_) => Err(vidkit_core::Error::SrsStringCount { need: 2, got }.into()),
        }
    }

    fn setup(
        &self,
        srs: &AplonkSrs<E>,
        max_bytes: usize,
    ) -> Result<(ProverKey<E>, VerifierKey<E>), AplonkError> {
        let (m_max, shapes) = self.setup_shape(max_bytes)?;
        keys::derive(srs, shapes, m_max)
    }

    fn commit(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<(Commitment<E>, RowCommitments<E>), AplonkError> {
        let (info, k) = (encoded.info, self.code.k());
        encoded.check(&self.code, pk.m_max)?;
        pk.sigma.require(k)?;
        // the m row commitments in one pass over the key's fixed-base table
        let mu: Vec<E::G1> = pk
            .sigma
            .msm_rows(&encoded.coefficients, k)
            .expect("the key holds k powers and there are m·k coefficients (checked)");
        let mu = E::G1::normalize_batch(&mu);
        let com_f = ipa::inner_pairing::<E>(&mu, &pk.ck[..info.m]);
        Ok((Commitment { info, com_f }, RowCommitments { mu }))
    }

    fn prove(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
        commitment: &Commitment<E>,
        hint: &RowCommitments<E>,
    ) -> Result<Vec<Proof<E>>, AplonkError> {
        // `prove_shards` checks that there are n shards
        let all: Vec<usize> = (0..encoded.shards.len()).collect();
        self.prove_shards(pk, encoded, commitment, hint, &all)
    }

    fn verify(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        shard: &Shard<E::ScalarField>,
        proof: &Proof<E>,
    ) -> Result<bool, AplonkError> {
        self.check_input(vk, commitment)?;
        commitment.info.check_shard(shard)?;
        let alpha = self
            .code
            .point(shard.index)
            .map_err(vidkit_core::Error::from)?;
        let mut rp = replay(vk, commitment, shard.index, alpha, &shard.values, proof)?;
        let w = rp.own_weights(proof);
        let mut acc = Accumulator::new(1, rounds(commitment.info.m));
        acc.add(vk, proof, &rp, &w);
        Ok(acc.check(vk, &commitment.com_f))
    }

    fn batch_verify<R: RngCore + ?Sized>(
        &self,
        vk: &VerifierKey<E>,
        commitment: &Commitment<E>,
        items: &[(&Shard<E::ScalarField>, &Proof<E>)],
        rng: &mut R,
    ) -> Result<bool, AplonkError> {
        self.check_input(vk, commitment)?;
        let info = &commitment.info;
        for (shard, proof) in items {
            info.check_shard(shard)?;
            proof.check_rounds(info.m)?;
        }
        if items.is_empty() {
            return Ok(true);
        }
        let replay_one = |(shard, proof): &(&Shard<E::ScalarField>, &Proof<E>)| {
            let alpha = self
                .code
                .point(shard.index)
                .map_err(vidkit_core::Error::from)?;
            replay(vk, commitment, shard.index, alpha, &shard.values, proof)
        };
        #[cfg(feature = "parallel")]
        let replays: Vec<_> = {
            use rayon::prelude::*;
            items.par_iter().map(replay_one).collect::<Result<_, _>>()?
        };
        #[cfg(not(feature = "parallel"))]
        let replays: Vec<_> = items.iter().map(replay_one).collect::<Result<_, _>>()?;
        let d: Vec<E::ScalarField> = vidkit_kzg::random_coefficients(4 * items.len(), rng);
        let mut acc = Accumulator::new(items.len(), rounds(info.m));
        for (((_, proof), rp), d) in items.iter().zip(&replays).zip(d.chunks_exact(4)) {
            let w = Weights {
                d1: d[0],
                d2: d[1],
                d3: d[2],
                d4: d[3],
            };
            acc.add(vk, proof, rp, &w);
        }
        Ok(acc.check(vk, &commitment.com_f))
    }

    fn file_info<'a>(&self, commitment: &'a Commitment<E>) -> &'a FileInfo {
        &commitment.info
    }

    /// [`Proof::from_bytes`]: the round count and the length are checked
    /// against `info.m` before any point is decoded.
    fn proof_from_bytes(&self, info: &FileInfo, bytes: &[u8]) -> Result<Proof<E>, AplonkError> {
        Proof::from_bytes(bytes, info.m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{poly, transcript::ShardTranscript};
    use ark_bls12_381::{Bls12_381, Fr, G1Affine, G2Affine};
    use ark_ec::{pairing::Pairing, AffineRepr};
    use ark_ff::{Field, UniformRand};
    use ark_std::rand::SeedableRng;

    /// T-10 (the parts that need the prover's internals): with known σ and τ,
    /// `b[0] = g(r)`, `G_0 = g(τ)·H`, `μ_0 = Σ g̃_i μ_i`, and `com_f`.
    #[test]
    fn known_trapdoors_fold_to_g() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        let (sigma, tau) = (Fr::rand(&mut rng), Fr::rand(&mut rng));
        let scheme = Aplonk::<Bls12_381>::new(2, 4, Encoding::Points).unwrap();
        let srs = AplonkSrs::insecure_with_trapdoors(sigma, tau, 2, 8);
        let (pk, vk) = scheme.setup(&srs, 31 * 2 * 5).unwrap();
        let data: Vec<u8> = (0..31 * 2 * 5).map(|i| (i * 13) as u8).collect();
        let enc = scheme.encode(&data).unwrap();
        assert_eq!(enc.info.m, 5);
        let (c, hint) = scheme.commit(&pk, &enc).unwrap();
        let m_prime = c.m_prime();
        assert_eq!(m_prime, 8);
        // com_f = (Σ_i P_i(σ) τ^i)·e(G, H)
        let rows: Vec<Fr> = enc
            .coefficients
            .chunks(2)
            .map(|row| poly::horner(row, sigma))
            .collect();
        let e = Bls12_381::pairing(G1Affine::generator(), G2Affine::generator());
        assert_eq!(c.com_f, e * poly::horner(&rows, tau));
        let prover = FileProver::new(&pk, &c, &hint.mu, &enc.coefficients, 2, 1);
        assert!(
            prover.shared.second.is_none(),
            "one shard: round 1 per shard"
        );
        let shard = &enc.shards[1];
        let alpha = scheme.code.point(1).unwrap();
        let (mut t, r) =
            ShardTranscript::new::<Bls12_381>(vk.digest(), &c, 1, alpha, &shard.values);
        let b = poly::powers(r, m_prime);
        t.opening::<Bls12_381>(&G1Affine::zero(), &G1Affine::zero());
        let shared = ipa::SharedRounds {
            first: prover.shared.first,
            second: Some(ipa::SecondRound::new(&hint.mu, &pk.ck, m_prime, 1000)),
            // the tables of the fixed key, as for a file with many shards
            fixed: Some(ipa::FixedKey::new(&hint.mu, &pk.ck, m_prime, 1000)),
        };
        assert!(shared.fixed.as_ref().unwrap().has_tables());
        let mut t2 = t.clone();
        let out = ipa::prove::<Bls12_381>(&mut t, &hint.mu, &pk.ck, b.clone(), &prover.shared);
        // the file-wide round-1 terms give the same rounds as per-shard pairings
        let out2 = ipa::prove::<Bls12_381>(&mut t2, &hint.mu, &pk.ck, b, &shared);
        assert!(
            out.rounds == out2.rounds,
            "shared round 1 = per-shard round 1"
        );
        assert_eq!((out.mu_0, out.g_0), (out2.mu_0, out2.g_0));
        let g = poly::g_coeffs(&out.us, &out.u_invs);
        assert_eq!(
            out.b_0,
            poly::g_eval(&out.us, &out.u_invs, r),
            "b[0] = g(r)"
        );
        assert_eq!(
            out.g_0,
            (G2Affine::generator() * poly::horner(&g, tau)).into_affine()
        );
        // a folds with u on the low half: μ_0 = Σ_i g̃_i μ_i, g̃ = g with u ↔ u⁻¹
        let g_tilde = poly::g_coeffs(&out.u_invs, &out.us);
        let mu0: ark_bls12_381::G1Projective =
            hint.mu.iter().zip(&g_tilde).map(|(p, gi)| *p * gi).sum();
        assert_eq!(out.mu_0, mu0.into_affine());
        assert!(out
            .us
            .iter()
            .zip(&out.u_invs)
            .all(|(u, ui)| *u * ui == Fr::ONE));
    }
}
