//! The dispersal-scheme trait every scheme crate implements.
//!
//! A scheme value *is* its configuration: it is built once by a fallible
//! constructor that validates `(k, n, encoding)` and owns the Reed-Solomon
//! coder ([`ReedSolomon`]); every method takes `&self`. The flow is
//!
//! ```text
//! setup(srs, max_bytes) -> (prover key, verifier key)
//! encode(bytes)         -> Encoded { info, coefficient matrix, n shards }
//! commit(pk, encoded)   -> (commitment, prover hint)
//! prove(pk, encoded, commitment, hint) -> n proofs
//! verify(vk, commitment, shard, proof) -> Ok(true) accept / Ok(false) reject / Err malformed
//! decode(info, ≥ k shards) -> bytes
//! ```
//!
//! `disperse` (encode + commit + prove), `batch_verify` and `verify_shards`
//! (loops over `verify`) are provided; schemes override `batch_verify` where
//! one pairing check covers many shards, and `verify_shards` where part of a
//! shard's check depends only on the file and can be done once.
//!
//! What a scheme needs from a universal setup is the scheme's to say, next to
//! its `setup`: [`Scheme::TRAPDOORS`] independent powers-of-τ strings, each of
//! the [`SrsShape`] given by [`Scheme::srs_shape`], assembled into
//! [`Scheme::Srs`] by [`Scheme::srs_from_powers`]. Generic code (the `vidkit`
//! tool, the sweep runner, the examples) loads a setup file or, behind the
//! `test-srs` feature, makes an insecure one ([`Scheme::insecure_srs`])
//! without knowing any scheme.

use crate::{packing, Error, FileInfo, Shard, Srs, SrsShape};
use ark_ec::pairing::Pairing;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use ark_std::{fmt::Debug, rand::RngCore};
use vidkit_erasure::ReedSolomon;

/// The scalar field of a scheme's curve.
pub type ScalarOf<S> = <<S as Scheme>::Curve as Pairing>::ScalarField;

/// Bounds shared by every data type a scheme puts on the wire.
pub trait WireData:
    Clone + Debug + PartialEq + Eq + Send + Sync + CanonicalSerialize + CanonicalDeserialize
{
}

impl<T> WireData for T where
    T: Clone + Debug + PartialEq + Eq + Send + Sync + CanonicalSerialize + CanonicalDeserialize
{
}

/// A file after encoding: its metadata, the `m × k` coefficient matrix of the
/// row polynomials (row-major; prover-side data) and the `n` shards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoded<F: ark_ff::PrimeField> {
    /// Public metadata (k, n, m, L, encoding).
    pub info: FileInfo,
    /// Coefficients of the row polynomials: row `i` holds `P_i`, low degree first.
    pub coefficients: Vec<F>,
    /// Shard `j` at position `j`, `j < n`.
    pub shards: Vec<Shard<F>>,
}

impl<F: ark_ff::PrimeField> Encoded<F> {
    /// The one validation every `commit`/`prove` runs on its input: the
    /// metadata belongs to `code` and is self-consistent, the file has at most
    /// `m_max` rows (what the keys support), the matrix holds exactly `m·k`
    /// coefficients, and there are `n` shards, shard `j` at position `j` with
    /// `m` values.
    ///
    /// Errors: [`Error::ParameterMismatch`] (metadata of another code, or a
    /// shard out of place), [`Error::TooManyRows`], [`Error::CoefficientCount`],
    /// [`Error::ShardCount`], [`Error::ShardLength`].
    pub fn check(&self, code: &ReedSolomon<F>, m_max: usize) -> Result<(), Error> {
        let info = &self.info;
        info.check(code)?;
        if info.m > m_max {
            return Err(Error::TooManyRows {
                m: info.m,
                max: m_max,
            });
        }
        // m ≤ m_max and k are bounded by keys that exist in memory: no overflow
        let expected = info.m.saturating_mul(info.k);
        if self.coefficients.len() != expected {
            return Err(Error::CoefficientCount {
                got: self.coefficients.len(),
                expected,
            });
        }
        if self.shards.len() != info.n {
            return Err(Error::ShardCount {
                got: self.shards.len(),
                expected: info.n,
            });
        }
        for (j, shard) in self.shards.iter().enumerate() {
            if shard.index != j {
                return Err(Error::ParameterMismatch {
                    what: "shard index at its position",
                    got: shard.index as u64,
                    expected: j as u64,
                });
            }
            info.check_shard(shard)?;
        }
        Ok(())
    }
}

/// Everything a disperser sends out: the commitment and, per shard, the shard
/// and its proof.
#[derive(Clone, Debug)]
pub struct Dispersal<S: Scheme> {
    /// The public commitment (with the file metadata).
    pub commitment: S::Commitment,
    /// The `n` shards, shard `j` at position `j`.
    pub shards: Vec<Shard<ScalarOf<S>>>,
    /// The proof of each shard, aligned with `shards`.
    pub proofs: Vec<S::Proof>,
}

/// A verifiable information dispersal scheme over the pairing `Curve`.
///
/// Contracts every implementation must keep (the conformance suite in
/// [`crate::conformance`] checks them):
/// * any `k` honestly produced shards with distinct indices decode to the data;
/// * every honest shard verifies (`Ok(true)`), alone and in a batch;
/// * `verify` returns `Ok(false)` for a shard whose values were altered, a
///   proof that is not the one for this shard, a shard presented under another
///   index, or a commitment to another file;
/// * `verify` returns `Err` (never panics) for input it cannot check: wrong
///   number of values, index `≥ n`, metadata of other parameters;
/// * `batch_verify` returns `Ok(true)` iff `verify` would accept every item.
pub trait Scheme: Sized + Send + Sync {
    /// The pairing-friendly curve.
    type Curve: Pairing;
    /// Universal setup the keys are derived from (an [`crate::Srs`], or a pair
    /// of them for schemes with two trapdoors).
    type Srs: Send + Sync;
    /// What the prover needs besides the data.
    type ProverKey: WireData;
    /// What a verifier needs; never contains prover material.
    type VerifierKey: WireData;
    /// The public commitment to one file, including its [`FileInfo`].
    type Commitment: WireData;
    /// The proof attached to one shard.
    type Proof: WireData;
    /// Prover-side data produced by `commit` and consumed by `prove` (e.g.
    /// aPlonK's row commitments). Not needed to verify.
    type ProverHint: Send + Sync;
    /// The scheme's error type.
    type Error: core::error::Error + From<Error> + Send + Sync + 'static;

    /// Short name used in transcripts, file headers and reports (e.g. `"kzg-plus"`).
    const NAME: &'static str;

    /// How many independent powers-of-τ strings ([`Srs`]) [`Self::Srs`] is
    /// made of: 1 for the KZG-based schemes and Semi-AVID, 2 (σ and τ) for
    /// aPlonK, 0 for a transparent scheme.
    const TRAPDOORS: usize;

    /// The Reed-Solomon code: `k`, `n`, and evaluation points.
    fn code(&self) -> &ReedSolomon<ScalarOf<Self>>;

    /// The shape of each of the [`Self::TRAPDOORS`] strings that
    /// [`Scheme::setup`] reads for files of up to `max_bytes` bytes, in the
    /// order [`Scheme::srs_from_powers`] takes them. Every shape is one a
    /// valid [`Srs`] can have (`g1 ≥ 1`, `g2 ≥ 2`), so it can be passed to
    /// [`Srs::from_bytes_prefix`]. Longer strings are fine: `setup` reads
    /// their prefix, and the keys depend on nothing else.
    /// Fails only for parameters that no SRS can serve.
    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, Self::Error>;

    /// Assembles the scheme's SRS from validated strings, one per trapdoor in
    /// the order of [`Scheme::srs_shape`]. Fails with
    /// [`Error::SrsStringCount`] on another number of strings (and with the
    /// scheme's own error if the strings do not fit together).
    fn srs_from_powers(&self, powers: Vec<Srs<Self::Curve>>) -> Result<Self::Srs, Self::Error>;

    /// **INSECURE**: an SRS for files of up to `max_bytes` bytes whose
    /// trapdoors are derived from `seed` (string `t` from seed `seed + t`,
    /// wrapping, with [`Srs::insecure_from_seed`]), so anyone who knows the
    /// seed can forge proofs. Deterministic: the same seed gives the same
    /// trapdoors whatever `max_bytes` is (the `vidkit` tool records the seed
    /// in commitment files and re-derives the keys from it). Tests,
    /// benchmarks and demonstrations only.
    #[cfg(feature = "test-srs")]
    fn insecure_srs(&self, max_bytes: usize, seed: u64) -> Result<Self::Srs, Self::Error> {
        let powers = self
            .srs_shape(max_bytes)?
            .into_iter()
            .zip(0u64..)
            .map(|(s, t)| Srs::insecure_from_seed(seed.wrapping_add(t), s.g1, s.g2))
            .collect();
        self.srs_from_powers(powers)
    }

    /// Derives keys that handle files of up to `max_bytes` bytes.
    ///
    /// Fails if the SRS is too short for the resulting number of rows or
    /// columns.
    fn setup(
        &self,
        srs: &Self::Srs,
        max_bytes: usize,
    ) -> Result<(Self::ProverKey, Self::VerifierKey), Self::Error>;

    /// Packs bytes into the `m × k` matrix (docs/spec.md §1.1–1.2) and encodes
    /// it into `n` shards.
    fn encode(&self, data: &[u8]) -> Result<Encoded<ScalarOf<Self>>, Self::Error> {
        let code = self.code();
        let info = FileInfo::new(code, data.len())?;
        let (matrix, _) = packing::bytes_to_matrix(data, code.k())?;
        let coefficients = code.coefficients(&matrix).map_err(Error::from)?;
        let shards = code
            .evaluate(&coefficients)
            .map_err(Error::from)?
            .into_iter()
            .enumerate()
            .map(|(index, values)| Shard { index, values })
            .collect();
        Ok(Encoded {
            info,
            coefficients,
            shards,
        })
    }

    /// Commits to an encoded file. The commitment includes `encoded.info`.
    fn commit(
        &self,
        pk: &Self::ProverKey,
        encoded: &Encoded<ScalarOf<Self>>,
    ) -> Result<(Self::Commitment, Self::ProverHint), Self::Error>;

    /// Proves all `n` shards of `encoded` against `commitment`.
    fn prove(
        &self,
        pk: &Self::ProverKey,
        encoded: &Encoded<ScalarOf<Self>>,
        commitment: &Self::Commitment,
        hint: &Self::ProverHint,
    ) -> Result<Vec<Self::Proof>, Self::Error>;

    /// Checks one shard: `Ok(true)` accept, `Ok(false)` reject, `Err` when the
    /// input is malformed (lengths, index, parameters) and cannot be checked.
    fn verify(
        &self,
        vk: &Self::VerifierKey,
        commitment: &Self::Commitment,
        shard: &Shard<ScalarOf<Self>>,
        proof: &Self::Proof,
    ) -> Result<bool, Self::Error>;

    /// Checks many shards of one file at once; `Ok(true)` iff every one of
    /// them would verify. `rng` must be verifier-private (see [`crate::rng`]):
    /// schemes draw their batching coefficients from it.
    ///
    /// The provided implementation verifies one by one.
    fn batch_verify<R: RngCore + ?Sized>(
        &self,
        vk: &Self::VerifierKey,
        commitment: &Self::Commitment,
        items: &[(&Shard<ScalarOf<Self>>, &Self::Proof)],
        rng: &mut R,
    ) -> Result<bool, Self::Error> {
        let _ = rng;
        for (shard, proof) in items {
            if !self.verify(vk, commitment, shard, proof)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Checks many shards of one file **one at a time**: one verdict per
    /// item, in order (`Ok(false)` marks a shard that `verify` rejects),
    /// with the work that depends only on the file done once for the whole
    /// call. Malformed input (what `verify` answers with `Err`) is an error
    /// for the whole call.
    ///
    /// Unlike [`Scheme::batch_verify`], a bad shard does not hide the
    /// verdicts of the others, and no verifier randomness is involved: the
    /// result is exactly `items.map(verify)` (on malformed input, the error
    /// of the first malformed item). The provided implementation is that
    /// map, with the `parallel` feature over the rayon pool, one shard per
    /// task, each planned for one thread when the shards share the pool
    /// evenly ([`crate::pool::map_items`]); schemes whose verification splits into
    /// per-file and per-shard work (a prepared verifier for a commitment,
    /// e.g. KZG+ global's `Σ r^i C_i`) override it.
    fn verify_shards(
        &self,
        vk: &Self::VerifierKey,
        commitment: &Self::Commitment,
        items: &[(&Shard<ScalarOf<Self>>, &Self::Proof)],
    ) -> Result<Vec<bool>, Self::Error> {
        crate::pool::map_items(items, |(shard, proof)| {
            self.verify(vk, commitment, shard, proof)
        })
        .into_iter()
        .collect()
    }

    /// The metadata inside a commitment.
    fn file_info<'a>(&self, commitment: &'a Self::Commitment) -> &'a FileInfo;

    /// Reads the proof of a shard of the file described by `info` from
    /// untrusted bytes: compressed, fully validated, no trailing bytes (what a
    /// verifier should call on received proof bytes).
    ///
    /// Schemes whose proof size depends on the file check every count the
    /// bytes state against `info` (and the length of `bytes` against the size
    /// that follows) **before** they decode or validate any element, so the
    /// work is bounded by the public parameters, not by the bytes' claims.
    /// The provided implementation is [`crate::from_bytes`].
    fn proof_from_bytes(&self, info: &FileInfo, bytes: &[u8]) -> Result<Self::Proof, Self::Error> {
        let _ = info;
        Ok(crate::from_bytes("proof", bytes)?)
    }

    /// Encode, commit and prove in one call.
    fn disperse(&self, pk: &Self::ProverKey, data: &[u8]) -> Result<Dispersal<Self>, Self::Error> {
        let encoded = self.encode(data)?;
        let (commitment, hint) = self.commit(pk, &encoded)?;
        let proofs = self.prove(pk, &encoded, &commitment, &hint)?;
        Ok(Dispersal {
            commitment,
            shards: encoded.shards,
            proofs,
        })
    }

    /// Rebuilds the bytes from at least `k` shards with distinct indices.
    ///
    /// The shards are **not** verified here: verify them first (a shard that
    /// fails verification must not be passed in). Fails on fewer than `k`
    /// distinct shards, duplicates, wrong lengths, metadata of another code,
    /// or non-canonical elements.
    fn decode(
        &self,
        info: &FileInfo,
        shards: &[Shard<ScalarOf<Self>>],
    ) -> Result<Vec<u8>, Self::Error> {
        decode_shards(self.code(), info, shards).map_err(Into::into)
    }
}

/// Decodes shards of a file described by `info` with `code` (see [`Scheme::decode`]).
pub fn decode_shards<F: ark_ff::FftField + ark_ff::PrimeField>(
    code: &ReedSolomon<F>,
    info: &FileInfo,
    shards: &[Shard<F>],
) -> Result<Vec<u8>, Error> {
    info.check(code)?;
    for s in shards {
        info.check_shard(s)?;
    }
    let views: Vec<(usize, &[F])> = shards.iter().map(|s| (s.index, &s.values[..])).collect();
    let matrix = code.decode(&views)?;
    let len = usize::try_from(info.len).map_err(|_| Error::LengthTooLarge {
        len: info.len,
        elements: matrix.len(),
        per_element: packing::bytes_per_element::<F>(),
    })?;
    packing::matrix_to_bytes(&matrix, len)
}

#[cfg(all(test, feature = "test-utils"))]
mod tests {
    use super::*;
    use crate::conformance::{Flaw, HashList};
    use ark_bls12_381::{Bls12_381, Fr};
    use vidkit_erasure::Encoding;

    fn encoded() -> (ReedSolomon<Fr>, Encoded<Fr>) {
        let double = HashList::<Bls12_381>::new(3, 5, Encoding::Fft, Flaw::None).unwrap();
        let enc = double.encode(&[7u8; 31 * 3 * 2 + 5]).unwrap();
        assert_eq!(enc.info.m, 3);
        (double.code().clone(), enc)
    }

    #[test]
    fn encoded_check_accepts_an_honest_file() {
        let (code, enc) = encoded();
        enc.check(&code, 3).unwrap();
        enc.check(&code, 100).unwrap();
    }

    #[test]
    fn encoded_check_names_each_fault() {
        let (code, enc) = encoded();
        assert_eq!(
            enc.check(&code, 2),
            Err(Error::TooManyRows { m: 3, max: 2 })
        );
        let other = ReedSolomon::<Fr>::new(3, 6, Encoding::Fft).unwrap();
        assert!(matches!(
            enc.check(&other, 3),
            Err(Error::ParameterMismatch { what: "n", .. })
        ));
        let mut e = enc.clone();
        e.coefficients.pop();
        assert_eq!(
            e.check(&code, 3),
            Err(Error::CoefficientCount {
                got: 8,
                expected: 9
            })
        );
        let mut e = enc.clone();
        e.shards.pop();
        assert_eq!(
            e.check(&code, 3),
            Err(Error::ShardCount {
                got: 4,
                expected: 5
            })
        );
        let mut e = enc.clone();
        e.shards.swap(1, 2);
        assert!(matches!(
            e.check(&code, 3),
            Err(Error::ParameterMismatch {
                got: 2,
                expected: 1,
                ..
            })
        ));
        let mut e = enc;
        e.shards[4].values.push(Fr::from(1u64));
        assert_eq!(
            e.check(&code, 3),
            Err(Error::ShardLength {
                index: 4,
                got: 4,
                expected: 3
            })
        );
    }
}
