//! A trivial test double for the conformance suite: the commitment is the list
//! of the SHA-512 digests of the n shards, and proofs are empty. It is a real
//! (if bulky) dispersal scheme, so every generic check must pass on it; and
//! deliberately broken variants of it must make the suite fail, which shows the
//! suite can fail.

use ark_bls12_381::{Bls12_381, Fr};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use ark_std::rand::SeedableRng;
use sha2::{Digest, Sha512};
use vidkit_core::{
    conformance, to_bytes, Encoded, Encoding, Error, FileInfo, ReedSolomon, Scheme, Shard,
};

#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
struct HashCommitment {
    info: FileInfo,
    digests: Vec<[u8; 32]>,
}

/// How (if at all) the double is broken.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flaw {
    None,
    /// accepts any values (ignores the shard content)
    IgnoresValues,
    /// decodes nothing right: returns wrong bytes
    IgnoresIndex,
}

struct HashList {
    code: ReedSolomon<Fr>,
    flaw: Flaw,
}

fn digest(shard: &Shard<Fr>) -> [u8; 32] {
    let h = Sha512::new()
        .chain_update(b"hash-list")
        .chain_update(to_bytes(shard))
        .finalize();
    h[..32].try_into().unwrap()
}

impl Scheme for HashList {
    type Curve = Bls12_381;
    type Srs = ();
    type ProverKey = ();
    type VerifierKey = ();
    type Commitment = HashCommitment;
    type Proof = ();
    type ProverHint = ();
    type Error = Error;
    const NAME: &'static str = "hash-list";

    fn code(&self) -> &ReedSolomon<Fr> {
        &self.code
    }
    fn setup(&self, _srs: &(), _max: usize) -> Result<((), ()), Error> {
        Ok(((), ()))
    }
    fn commit(&self, _pk: &(), e: &Encoded<Fr>) -> Result<(HashCommitment, ()), Error> {
        Ok((
            HashCommitment {
                info: e.info,
                digests: e.shards.iter().map(digest).collect(),
            },
            (),
        ))
    }
    fn prove(
        &self,
        _pk: &(),
        e: &Encoded<Fr>,
        _c: &HashCommitment,
        _h: &(),
    ) -> Result<Vec<()>, Error> {
        Ok(vec![(); e.shards.len()])
    }
    fn verify(
        &self,
        _vk: &(),
        c: &HashCommitment,
        shard: &Shard<Fr>,
        _p: &(),
    ) -> Result<bool, Error> {
        c.info.check(&self.code)?;
        c.info.check_shard(shard)?;
        Ok(match self.flaw {
            Flaw::IgnoresValues => true,
            Flaw::IgnoresIndex => {
                c.digests.iter().any(|d| *d == digest(shard)) || {
                    let moved = Shard {
                        index: 0,
                        values: shard.values.clone(),
                    };
                    c.digests.contains(&digest(&moved))
                }
            }
            Flaw::None => c.digests[shard.index] == digest(shard),
        })
    }
    fn file_info<'a>(&self, c: &'a HashCommitment) -> &'a FileInfo {
        &c.info
    }
}

fn rng() -> rand_chacha::ChaCha20Rng {
    rand_chacha::ChaCha20Rng::seed_from_u64(42)
}

#[test]
fn suite_passes_on_an_honest_double() {
    for (k, n, enc) in [
        (1, 1, Encoding::Points),
        (2, 3, Encoding::Points),
        (2, 4, Encoding::Points),
        (3, 7, Encoding::Fft),
        (4, 8, Encoding::Systematic),
        (4, 12, Encoding::Fft),
    ] {
        let scheme = HashList {
            code: ReedSolomon::new(k, n, enc).unwrap(),
            flaw: Flaw::None,
        };
        conformance::run_all(&scheme, &(), 31 * k * 3 + 5, &mut rng());
    }
}

fn suite_panics(flaw: Flaw) -> bool {
    let scheme = HashList {
        code: ReedSolomon::new(2, 4, Encoding::Points).unwrap(),
        flaw,
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        conformance::run_all(&scheme, &(), 200, &mut rng())
    }))
    .is_err()
}

#[test]
fn suite_catches_a_verifier_that_ignores_values() {
    assert!(suite_panics(Flaw::IgnoresValues));
}

#[test]
fn suite_catches_a_verifier_that_ignores_the_index() {
    assert!(suite_panics(Flaw::IgnoresIndex));
}
