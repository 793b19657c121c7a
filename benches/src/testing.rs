//! A tiny real dispersal scheme to test the runner without any commitment
//! scheme: the commitment is the list of the SHA-256 digests of the `n`
//! shards and proofs are empty (the same idea as vidkit-core's conformance
//! double). [`Flaw`] breaks it on purpose so tests can show that the runner's
//! verdicts can fail.

use crate::{grid::Point, measure::run_point, record::Measurement, Backend, SweepError};
use ark_ec::pairing::Pairing;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use sha2::{Digest, Sha256};
use vidkit_core::{to_bytes, Encoded, Error, FileInfo, ReedSolomon, ScalarOf, Scheme, Shard};

/// Deliberate defects of [`HashList`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// An honest scheme.
    None,
    /// `verify` accepts any values.
    AcceptsAnything,
    /// `verify` rejects everything.
    RejectsEverything,
    /// `decode` flips the first byte.
    CorruptsDecoding,
}

/// The commitment of [`HashList`].
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct HashCommitment {
    info: FileInfo,
    digests: Vec<[u8; 32]>,
}

/// The hash-list test double over the scalar field of `E`.
pub struct HashList<E: Pairing> {
    code: ReedSolomon<E::ScalarField>,
    flaw: Flaw,
}

impl<E: Pairing> HashList<E> {
    /// A double for an `(n, k)` code.
    pub fn new(
        k: usize,
        n: usize,
        encoding: vidkit_core::Encoding,
        flaw: Flaw,
    ) -> Result<Self, Error> {
        Ok(Self {
            code: ReedSolomon::new(k, n, encoding)?,
            flaw,
        })
    }
}

fn digest<F: ark_ff::PrimeField>(shard: &Shard<F>) -> [u8; 32] {
    Sha256::new()
        .chain_update(b"vidkit-benches hash-list")
        .chain_update(to_bytes(shard))
        .finalize()
        .into()
}

impl<E: Pairing> Scheme for HashList<E> {
    type Curve = E;
    type Srs = ();
    type ProverKey = ();
    type VerifierKey = ();
    type Commitment = HashCommitment;
    type Proof = ();
    type ProverHint = ();
    type Error = Error;
    const NAME: &'static str = "hash-list";

    fn code(&self) -> &ReedSolomon<E::ScalarField> {
        &self.code
    }

    fn setup(&self, _srs: &(), _max_bytes: usize) -> Result<((), ()), Error> {
        Ok(((), ()))
    }

    fn commit(&self, _pk: &(), e: &Encoded<E::ScalarField>) -> Result<(HashCommitment, ()), Error> {
        let digests = e.shards.iter().map(digest).collect();
        Ok((
            HashCommitment {
                info: e.info,
                digests,
            },
            (),
        ))
    }

    fn prove(
        &self,
        _pk: &(),
        e: &Encoded<E::ScalarField>,
        _c: &HashCommitment,
        _hint: &(),
    ) -> Result<Vec<()>, Error> {
        Ok(vec![(); e.shards.len()])
    }

    fn verify(
        &self,
        _vk: &(),
        c: &HashCommitment,
        shard: &Shard<E::ScalarField>,
        _p: &(),
    ) -> Result<bool, Error> {
        c.info.check(&self.code)?;
        c.info.check_shard(shard)?;
        Ok(match self.flaw {
            Flaw::AcceptsAnything => true,
            Flaw::RejectsEverything => false,
            Flaw::None | Flaw::CorruptsDecoding => c.digests[shard.index] == digest(shard),
        })
    }

    fn file_info<'a>(&self, c: &'a HashCommitment) -> &'a FileInfo {
        &c.info
    }

    fn decode(&self, info: &FileInfo, shards: &[Shard<ScalarOf<Self>>]) -> Result<Vec<u8>, Error> {
        let mut out = vidkit_core::decode_shards(&self.code, info, shards)?;
        if self.flaw == Flaw::CorruptsDecoding {
            if let Some(b) = out.first_mut() {
                *b ^= 1;
            }
        }
        Ok(out)
    }
}

/// A [`Backend`] that measures [`HashList`] for every scheme name, on the
/// scalar field of BLS12-381 or BN254 according to the curve name.
#[derive(Clone, Copy, Debug)]
pub struct DoubleBackend {
    /// The defect every measured scheme has.
    pub flaw: Flaw,
}

impl Backend for DoubleBackend {
    fn measure(&self, point: &Point, seed: u64) -> Result<Measurement, SweepError> {
        let enc = point.encoding()?;
        let wrap = |e: Error| SweepError::Scheme {
            op: "new",
            source: Box::new(e),
        };
        match point.curve.as_str() {
            "bls12-381" => {
                let s = HashList::<ark_bls12_381::Bls12_381>::new(point.k, point.n, enc, self.flaw)
                    .map_err(wrap)?;
                run_point(&s, &(), point.bytes, seed)
            }
            "bn254" => {
                let s = HashList::<ark_bn254::Bn254>::new(point.k, point.n, enc, self.flaw)
                    .map_err(wrap)?;
                run_point(&s, &(), point.bytes, seed)
            }
            _ => Err(SweepError::Unavailable {
                scheme: point.scheme.clone(),
                curve: point.curve.clone(),
            }),
        }
    }
}
