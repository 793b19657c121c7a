//! The full pipeline at one grid point, generic over the [`Scheme`] trait.
//!
//! Order and what is timed (each with one `Instant` pair, outside any
//! allocation of test inputs):
//! `setup` (keys from the SRS) → `encode` → `commit` → `prove` (all n shards)
//! → `verify_shards` of k random distinct shards, one verdict each (as in the
//! paper, §4.3.2, with what depends only on the file done once: the same as
//! `verify` in a loop for every scheme but KZG+ global and aPlonK global)
//! → `batch_verify` of the same k shards → `decode` from the same k shards.
//! Then, untimed, the tampering checks: an altered value, a shard moved to
//! another index, and a batch containing the altered shard must all be
//! rejected. Sizes come from the compressed arkworks serialization.

use crate::{record::Measurement, SweepError};
use ark_ff::One;
use ark_serialize::CanonicalSerialize;
use rand::{seq::index::sample, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::time::Instant;
use vidkit_core::{to_bytes, Scheme, Shard};

fn timed<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let start = Instant::now();
    let out = f();
    let ns = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
    (ns, out)
}

fn fail<E: std::error::Error + Send + Sync + 'static>(
    op: &'static str,
) -> impl FnOnce(E) -> SweepError {
    move |e| SweepError::Scheme {
        op,
        source: Box::new(e),
    }
}

/// Runs the whole pipeline of `scheme` on `bytes` pseudo-random bytes (drawn
/// from `seed`) with keys derived from `srs`, and checks every verdict.
///
/// `t_srs_ns` and `srs_bytes` of the result are 0: the caller builds the SRS
/// and fills them in.
/// Runs on the current rayon pool: call it inside `ThreadPool::install` to
/// choose the number of threads.
pub fn run_point<S: Scheme>(
    scheme: &S,
    srs: &S::Srs,
    bytes: usize,
    seed: u64,
) -> Result<Measurement, SweepError> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut data = vec![0u8; bytes];
    rng.fill_bytes(&mut data);
    let (k, n) = (scheme.code().k(), scheme.code().n());

    let (t_setup_ns, keys) = timed(|| scheme.setup(srs, bytes));
    let (pk, vk) = keys.map_err(fail("setup"))?;
    let (t_encode_ns, encoded) = timed(|| scheme.encode(&data));
    let encoded = encoded.map_err(fail("encode"))?;
    let (t_commit_ns, committed) = timed(|| scheme.commit(&pk, &encoded));
    let (commitment, hint) = committed.map_err(fail("commit"))?;
    let (t_prove_ns, proofs) = timed(|| scheme.prove(&pk, &encoded, &commitment, &hint));
    let proofs = proofs.map_err(fail("prove"))?;
    drop(hint);

    let chosen = sample(&mut rng, n, k).into_vec();
    let items: Vec<_> = chosen
        .iter()
        .map(|&j| (&encoded.shards[j], &proofs[j]))
        .collect();
    let (t_verify_ns, verdicts) = timed(|| scheme.verify_shards(&vk, &commitment, &items));
    let verdicts = verdicts.map_err(fail("verify"))?;
    let mut verifier_rng = vidkit_core::rng::os_rng();
    let (t_batch_verify_ns, batch) =
        timed(|| scheme.batch_verify(&vk, &commitment, &items, &mut verifier_rng));
    let batch = batch.map_err(fail("batch_verify"))?;

    let kept: Vec<Shard<_>> = chosen.iter().map(|&j| encoded.shards[j].clone()).collect();
    let info = scheme.file_info(&commitment);
    let (t_decode_ns, decoded) = timed(|| scheme.decode(info, &kept));
    let decoded_ok = decoded.is_ok_and(|d| d == data);

    let tamper_rejected =
        tampering_rejected(scheme, &vk, &commitment, &encoded.shards, &proofs, &chosen);

    Ok(Measurement {
        m: encoded.info.m,
        t_srs_ns: 0,
        t_setup_ns,
        t_encode_ns,
        t_commit_ns,
        t_prove_ns,
        t_verify_ns,
        t_batch_verify_ns,
        t_decode_ns,
        commitment_bytes: to_bytes(&commitment).len(),
        proof_bytes_per_shard: proofs
            .iter()
            .map(CanonicalSerialize::compressed_size)
            .max()
            .unwrap_or(0),
        verifier_key_bytes: to_bytes(&vk).len(),
        prover_key_bytes: pk.compressed_size(),
        srs_bytes: 0,
        all_verified: verdicts.iter().all(|&v| v) && batch,
        tamper_rejected,
        decoded_ok,
    })
}

/// Whether `verify`/`batch_verify` refuse (with `Ok(false)` or an error) every
/// tampered input derived from the first chosen shard.
fn tampering_rejected<S: Scheme>(
    scheme: &S,
    vk: &S::VerifierKey,
    commitment: &S::Commitment,
    shards: &[Shard<vidkit_core::ScalarOf<S>>],
    proofs: &[S::Proof],
    chosen: &[usize],
) -> bool {
    let accepted = |shard: &Shard<_>, proof: &S::Proof| {
        matches!(scheme.verify(vk, commitment, shard, proof), Ok(true))
    };
    let j = chosen[0];
    let mut altered = shards[j].clone();
    altered.values[0] += vidkit_core::ScalarOf::<S>::one();
    let mut rejected = !accepted(&altered, &proofs[j]);

    // The same values under another index. With k = 1 every row polynomial is
    // a constant and all shards are equal, so moving one is not tampering.
    let n = shards.len();
    if n >= 2 && scheme.code().k() >= 2 {
        let moved = Shard {
            index: (j + 1) % n,
            values: shards[j].values.clone(),
        };
        rejected &= !accepted(&moved, &proofs[j]);
    }

    let mut items: Vec<_> = chosen.iter().map(|&i| (&shards[i], &proofs[i])).collect();
    items[0].0 = &altered;
    let mut rng = vidkit_core::rng::os_rng();
    rejected &= !matches!(
        scheme.batch_verify(vk, commitment, &items, &mut rng),
        Ok(true)
    );
    rejected
}
