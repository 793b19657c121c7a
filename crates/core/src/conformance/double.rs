//! A trivial but real dispersal scheme, the test double every generic part of
//! vidkit is tested against before (and besides) the scheme crates.
//!
//! The commitment is the list of the digests (SHA-512, truncated to 32 bytes)
//! of the `n` shards, and proofs are empty: bulky, but binding, so every check
//! of the conformance suite passes on it. [`Flaw`] breaks it on purpose, so a
//! test of a generic tool (the suite, the sweep runner, the examples) can show
//! that the tool notices a broken scheme.

use crate::{
    decode_shards, to_bytes, Encoded, Encoding, Error, FileInfo, ReedSolomon, Scheme, Shard,
};
use ark_ec::pairing::Pairing;
use ark_ff::PrimeField;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use core::marker::PhantomData;
use sha2::{Digest, Sha512};

/// Deliberate defects of [`HashList`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// An honest scheme.
    None,
    /// `verify` accepts any values (ignores the shard content).
    AcceptsAnything,
    /// `verify` rejects every shard.
    RejectsEverything,
    /// `verify` accepts a shard whose values match *any* committed shard,
    /// whatever its index.
    IgnoresIndex,
    /// `decode` flips the first byte of the rebuilt data.
    CorruptsDecoding,
}

/// The commitment of [`HashList`]: the file's parameters and one digest per shard.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct HashCommitment {
    info: FileInfo,
    digests: Vec<[u8; 32]>,
}

/// The hash-list test double over the scalar field of `E`.
pub struct HashList<E: Pairing> {
    code: ReedSolomon<E::ScalarField>,
    flaw: Flaw,
    _curve: PhantomData<E>,
}

impl<E: Pairing> HashList<E> {
    /// A double for an `(n, k)` code with the given encoding and defect.
    ///
    /// # Errors
    /// The code's parameter errors (`k = 0`, `k > n`, …).
    pub fn new(k: usize, n: usize, encoding: Encoding, flaw: Flaw) -> Result<Self, Error> {
        Ok(Self {
            code: ReedSolomon::new(k, n, encoding)?,
            flaw,
            _curve: PhantomData,
        })
    }
}

fn digest<F: PrimeField>(shard: &Shard<F>) -> [u8; 32] {
    let h = Sha512::new()
        .chain_update(b"vidkit/hash-list")
        .chain_update(to_bytes(shard))
        .finalize();
    let mut out = [0u8; 32];
    out.copy_from_slice(&h[..32]);
    out
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
    /// No setup: the commitment is a list of hashes.
    const TRAPDOORS: usize = 0;

    fn srs_shape(&self, _max_bytes: usize) -> Result<Vec<crate::SrsShape>, Error> {
        Ok(Vec::new())
    }

    fn srs_from_powers(&self, powers: Vec<crate::Srs<E>>) -> Result<(), Error> {
        match powers.len() {
            0 => Ok(()),
            got => Err(Error::SrsStringCount { need: 0, got }),
        }
    }

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
        let d = digest(shard);
        Ok(match self.flaw {
            Flaw::AcceptsAnything => true,
            Flaw::RejectsEverything => false,
            Flaw::IgnoresIndex => {
                c.digests.contains(&d) || {
                    let moved = Shard {
                        index: 0,
                        values: shard.values.clone(),
                    };
                    c.digests.contains(&digest(&moved))
                }
            }
            Flaw::None | Flaw::CorruptsDecoding => c.digests.get(shard.index) == Some(&d),
        })
    }

    fn file_info<'a>(&self, c: &'a HashCommitment) -> &'a FileInfo {
        &c.info
    }

    fn decode(&self, info: &FileInfo, shards: &[Shard<E::ScalarField>]) -> Result<Vec<u8>, Error> {
        let mut out = decode_shards(&self.code, info, shards)?;
        if self.flaw == Flaw::CorruptsDecoding
            && let Some(b) = out.first_mut()
        {
            *b ^= 1;
        }
        Ok(out)
    }
}
