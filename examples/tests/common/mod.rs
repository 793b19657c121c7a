//! A tiny but real dispersal scheme to test the generic parts against before
//! (and besides) the scheme crates: the commitment is the list of SHA-512
//! digests of the `n` shards and proofs are empty (as in vidkit-core's
//! `conformance_double`). `Flaw` makes broken variants, to show that the
//! walk-through and the network client catch them.

#![allow(dead_code)] // each test binary uses a different part of this module

use ark_ec::pairing::Pairing;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use sha2::{Digest, Sha512};
use std::marker::PhantomData;
use vidkit_core::{to_bytes, Encoded, Encoding, Error, FileInfo, ReedSolomon, Scheme, Shard};

#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct HashCommitment {
    info: FileInfo,
    digests: Vec<[u8; 32]>,
}

/// How the double is broken, if at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    None,
    /// accepts any values
    IgnoresValues,
    /// rejects every shard
    RejectsAll,
}

pub struct HashList<E: Pairing> {
    code: ReedSolomon<E::ScalarField>,
    flaw: Flaw,
    _curve: PhantomData<E>,
}

impl<E: Pairing> HashList<E> {
    pub fn new(k: usize, n: usize, flaw: Flaw) -> Self {
        Self {
            code: ReedSolomon::new(k, n, Encoding::Points).unwrap(),
            flaw,
            _curve: PhantomData,
        }
    }
}

fn digest<F: ark_ff::PrimeField>(shard: &Shard<F>) -> [u8; 32] {
    let h = Sha512::new()
        .chain_update(b"hash-list")
        .chain_update(to_bytes(shard))
        .finalize();
    h[..32].try_into().unwrap()
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
    fn setup(&self, _srs: &(), _max: usize) -> Result<((), ()), Error> {
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
        _h: &(),
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
            Flaw::None => c.digests.get(shard.index) == Some(&digest(shard)),
            Flaw::IgnoresValues => true,
            Flaw::RejectsAll => false,
        })
    }
    fn file_info<'a>(&self, c: &'a HashCommitment) -> &'a FileInfo {
        &c.info
    }
}

/// Deterministic test bytes.
pub fn data(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 131 + 7) as u8).collect()
}
