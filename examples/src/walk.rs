//! The generic walk-through: one function that takes any [`Scheme`] through
//! the life of a dispersed file.
//!
//! 1. **setup**: derive prover and verifier keys from the SRS for files of
//!    `data.len()` bytes;
//! 2. **disperse**: encode the bytes into `n` shards (any `k` rebuild the
//!    file), commit, and prove every shard;
//! 3. **verify**: check every shard on its own against the commitment;
//! 4. **batch-verify**: check all of them in one call (schemes override the
//!    provided loop with one pairing check where they can);
//! 5. **tamper**: add one to one value of one random shard and show that the
//!    verifier rejects it, alone and inside a batch of honest shards;
//! 6. **decode**: rebuild the bytes from `k` randomly chosen (verified) shards
//!    and compare them with the original.
//!
//! Every step that the scheme's contract says must succeed (or must reject)
//! is checked: a violation is a [`WalkError`], so the walk-through doubles as
//! an end-to-end test of a scheme.

use crate::curve_name;
use ark_ff::One;
use ark_serialize::CanonicalSerialize;
use ark_std::rand::{seq::index::sample, Rng, RngCore};
use core::fmt;
use std::time::{Duration, Instant};
use vidkit_core::{ScalarOf, Scheme};

/// A step of the walk-through (used to say where a scheme error happened).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Deriving the keys from the SRS.
    Setup,
    /// Encoding, committing and proving.
    Disperse,
    /// Verifying one shard.
    Verify,
    /// Verifying all shards in one call.
    BatchVerify,
    /// Verifying the tampered shard.
    Tamper,
    /// Rebuilding the bytes.
    Decode,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Setup => "setup",
            Self::Disperse => "disperse",
            Self::Verify => "verify",
            Self::BatchVerify => "batch-verify",
            Self::Tamper => "tamper",
            Self::Decode => "decode",
        })
    }
}

/// Why a walk-through stopped: the scheme failed, or it broke its contract.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum WalkError<E: std::error::Error + 'static> {
    /// The scheme returned an error.
    #[error("{step} failed: {source}")]
    Scheme {
        /// the step that failed
        step: Step,
        /// the scheme's error
        #[source]
        source: E,
    },
    /// An honestly produced shard did not verify.
    #[error("honest shard {index} was rejected")]
    HonestShardRejected {
        /// the shard's index
        index: usize,
    },
    /// The batch of all honest shards did not verify.
    #[error("the batch of {count} honest shards was rejected")]
    HonestBatchRejected {
        /// number of shards in the batch
        count: usize,
    },
    /// A shard with an altered value was accepted.
    #[error("shard {index} with row {row} altered was accepted")]
    TamperedShardAccepted {
        /// the shard's index
        index: usize,
        /// the altered row
        row: usize,
    },
    /// A batch containing the altered shard was accepted.
    #[error("a batch containing shard {index} with row {row} altered was accepted")]
    TamperedBatchAccepted {
        /// the altered shard's index
        index: usize,
        /// the altered row
        row: usize,
    },
    /// Decoding returned other bytes than the ones dispersed.
    #[error("decoding from shards {from:?} returned {got} bytes that differ from the {expected} dispersed")]
    DecodedMismatch {
        /// the shard indices used
        from: Vec<usize>,
        /// length of the decoded bytes
        got: usize,
        /// length of the original bytes
        expected: usize,
    },
}

/// Wall-clock durations of the steps (one run, indicative only: use the
/// criterion benches for measurements).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timings {
    /// Key derivation.
    pub setup: Duration,
    /// Encode + commit + prove.
    pub disperse: Duration,
    /// All `n` single verifications together.
    pub verify_all: Duration,
    /// One batch verification of the `n` shards.
    pub batch_verify: Duration,
    /// Decoding from `k` shards.
    pub decode: Duration,
}

/// What a successful walk-through observed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The scheme's [`Scheme::NAME`].
    pub scheme: &'static str,
    /// The curve (`bls12-381`, `bn254`, …).
    pub curve: &'static str,
    /// Source shards.
    pub k: usize,
    /// Encoded shards.
    pub n: usize,
    /// Rows of the data matrix (values per shard).
    pub m: usize,
    /// Bytes dispersed.
    pub len: usize,
    /// Compressed size of the commitment.
    pub commitment_bytes: usize,
    /// Compressed size of one shard (index and values).
    pub shard_bytes: usize,
    /// Compressed size of one proof.
    pub proof_bytes: usize,
    /// Shards that verified one by one (all `n`).
    pub verified: usize,
    /// The shard that was tampered with and rejected.
    pub tampered_shard: usize,
    /// The row of that shard whose value was altered.
    pub tampered_row: usize,
    /// The `k` shard indices the bytes were rebuilt from, in the order used.
    pub decoded_from: Vec<usize>,
    /// Step durations.
    pub timings: Timings,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.timings;
        writeln!(
            f,
            "{} on {}: k = {}, n = {}, {} bytes in m = {} rows",
            self.scheme, self.curve, self.k, self.n, self.len, self.m
        )?;
        writeln!(f, "  setup         {:>10.2?}", t.setup)?;
        writeln!(
            f,
            "  disperse      {:>10.2?}  commitment {} B, per shard {} B + proof {} B",
            t.disperse, self.commitment_bytes, self.shard_bytes, self.proof_bytes
        )?;
        writeln!(
            f,
            "  verify        {:>10.2?}  {}/{} shards accepted one by one",
            t.verify_all, self.verified, self.n
        )?;
        writeln!(
            f,
            "  batch-verify  {:>10.2?}  all {} shards accepted in one call",
            t.batch_verify, self.n
        )?;
        writeln!(
            f,
            "  tamper                    shard {} with row {} altered: rejected alone and in a batch",
            self.tampered_shard, self.tampered_row
        )?;
        write!(
            f,
            "  decode        {:>10.2?}  rebuilt from shards {:?}: bytes match",
            t.decode, self.decoded_from
        )
    }
}

/// Runs `scheme` through setup, dispersal, verification of every shard, batch
/// verification, rejection of a tampered shard and decoding from `k` random
/// shards (see the module docs). `rng` draws the tampered shard, the decoding
/// subset and the batch-verification coefficients; pass a secret RNG
/// ([`vidkit_core::rng::os_rng`]) outside of tests.
///
/// ```
/// use vidkit_examples::walk_through;
/// # fn demo<S: vidkit_core::Scheme>(scheme: &S, srs: &S::Srs) {
/// let report = walk_through(scheme, srs, b"hello, shards", &mut vidkit_core::rng::os_rng())
///     .expect("the scheme keeps its contract");
/// println!("{report}");
/// # }
/// ```
pub fn walk_through<S: Scheme, R: RngCore + ?Sized>(
    scheme: &S,
    srs: &S::Srs,
    data: &[u8],
    rng: &mut R,
) -> Result<Report, WalkError<S::Error>> {
    let at = |step| move |source| WalkError::Scheme { step, source };
    let mut timings = Timings::default();

    // 1. keys for files up to `data.len()` bytes
    let start = Instant::now();
    let (pk, vk) = scheme.setup(srs, data.len()).map_err(at(Step::Setup))?;
    timings.setup = start.elapsed();

    // 2. encode + commit + prove
    let start = Instant::now();
    let d = scheme.disperse(&pk, data).map_err(at(Step::Disperse))?;
    timings.disperse = start.elapsed();
    let info = *scheme.file_info(&d.commitment);

    // 3. every shard on its own
    let start = Instant::now();
    for (shard, proof) in d.shards.iter().zip(&d.proofs) {
        if !scheme
            .verify(&vk, &d.commitment, shard, proof)
            .map_err(at(Step::Verify))?
        {
            return Err(WalkError::HonestShardRejected { index: shard.index });
        }
    }
    timings.verify_all = start.elapsed();

    // 4. all shards in one call
    let items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
    let start = Instant::now();
    if !scheme
        .batch_verify(&vk, &d.commitment, &items, rng)
        .map_err(at(Step::BatchVerify))?
    {
        return Err(WalkError::HonestBatchRejected { count: items.len() });
    }
    timings.batch_verify = start.elapsed();

    // 5. alter one value of one shard: it must be rejected, alone and in a batch
    let (index, row) = (rng.gen_range(0..info.n), rng.gen_range(0..info.m));
    let mut forged = d.shards[index].clone();
    forged.values[row] += ScalarOf::<S>::one();
    let proof = &d.proofs[index];
    if scheme
        .verify(&vk, &d.commitment, &forged, proof)
        .map_err(at(Step::Tamper))?
    {
        return Err(WalkError::TamperedShardAccepted { index, row });
    }
    let mut mixed = items.clone();
    mixed[index] = (&forged, proof);
    if scheme
        .batch_verify(&vk, &d.commitment, &mixed, rng)
        .map_err(at(Step::Tamper))?
    {
        return Err(WalkError::TamperedBatchAccepted { index, row });
    }

    // 6. rebuild from k random (verified) shards
    let from = sample(rng, info.n, info.k).into_vec();
    let picked: Vec<_> = from.iter().map(|j| d.shards[*j].clone()).collect();
    let start = Instant::now();
    let bytes = scheme.decode(&info, &picked).map_err(at(Step::Decode))?;
    timings.decode = start.elapsed();
    if bytes != data {
        return Err(WalkError::DecodedMismatch {
            from,
            got: bytes.len(),
            expected: data.len(),
        });
    }

    Ok(Report {
        scheme: S::NAME,
        curve: curve_name::<S::Curve>(),
        k: info.k,
        n: info.n,
        m: info.m,
        len: data.len(),
        commitment_bytes: d.commitment.compressed_size(),
        shard_bytes: d.shards[0].compressed_size(),
        proof_bytes: d.proofs[0].compressed_size(),
        verified: d.shards.len(),
        tampered_shard: index,
        tampered_row: row,
        decoded_from: from,
        timings,
    })
}
