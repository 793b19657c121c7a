//! Verifying many shards of one file (docs/spec.md §6.5, §8.4, §8.8).
//!
//! Batch: with verifier-private 128-bit scalars `ρ_u`, the `t` checks
//! `Com(y_u) = Σ_c α_{j_u}^c γ_c` are merged into
//!
//! `Σ_i (Σ_u ρ_u y_u[i])·B_i − Σ_c (Σ_u ρ_u α_{j_u}^c)·γ_c = 0`,
//!
//! `t·(m + k)` field multiplications and one MSM of size `m + k` whatever `t`.
//! If any single check fails, the merged one passes with probability at most
//! `2^-128` over the choice of ρ (a non-zero linear form in ρ vanishes on at
//! most a `1/2^128` fraction of the 128-bit box, Schwartz–Zippel), so the ρ
//! must stay unknown to whoever crafted the shards: take them from
//! [`vidkit_core::rng::os_rng`] or another secret RNG.
//!
//! [`SemiAvid::verify_each`] instead checks every shard separately (in
//! parallel across shards with the `parallel` feature) and says which failed.

use crate::Bases;
use crate::{msm, NoProof, SemiAvid, SemiAvidCommitment, SemiAvidError};
use ark_ec::pairing::Pairing;
use ark_ff::Zero;
use ark_std::rand::RngCore;
use vidkit_core::{Scheme, Shard};

type F<E> = <E as Pairing>::ScalarField;

/// Rows combined per parallel task.
#[cfg(feature = "parallel")]
const ROWS_PER_TASK: usize = 256;

pub(crate) fn batch_verify<E: Pairing, R: RngCore + ?Sized>(
    scheme: &SemiAvid<E>,
    vk: &Bases<E>,
    commitment: &SemiAvidCommitment<E>,
    items: &[(&Shard<F<E>>, &NoProof)],
    rng: &mut R,
) -> Result<bool, SemiAvidError> {
    let info = scheme.check_commitment(vk, commitment)?;
    for (shard, _) in items {
        info.check_shard(shard)?;
    }
    match items {
        [] => return Ok(true),
        [(shard, proof)] => return scheme.verify(vk, commitment, shard, proof),
        _ => {}
    }
    let rho: Vec<F<E>> = items.iter().map(|_| random_128::<E, R>(rng)).collect();
    let mut lambda = vec![F::<E>::zero(); info.k];
    for ((shard, _), r) in items.iter().zip(&rho) {
        let alpha = scheme.code().point(shard.index)?;
        let mut power = *r;
        for l in lambda.iter_mut() {
            *l += power;
            power *= alpha;
        }
    }
    let shards: Vec<&[F<E>]> = items.iter().map(|(s, _)| &s.values[..]).collect();
    let values = combine_rows::<E>(&shards, &rho, info.m);
    Ok(msm::homomorphic_check::<E>(
        vk.points(),
        commitment.columns(),
        &values,
        &lambda,
    ))
}

/// A uniformly random scalar below `2^128`.
fn random_128<E: Pairing, R: RngCore + ?Sized>(rng: &mut R) -> F<E> {
    let lo = u128::from(rng.next_u64()) | (u128::from(rng.next_u64()) << 64);
    F::<E>::from(lo)
}

/// `out[i] = Σ_u rho_u · shards_u[i]`, summed in the order of `u` in both the
/// sequential and the parallel path (identical results).
fn combine_rows<E: Pairing>(shards: &[&[F<E>]], rho: &[F<E>], m: usize) -> Vec<F<E>> {
    let mut out = vec![F::<E>::zero(); m];
    let fill = |row0: usize, chunk: &mut [F<E>]| {
        for (values, r) in shards.iter().zip(rho) {
            for (o, v) in chunk.iter_mut().zip(&values[row0..]) {
                *o += *v * r;
            }
        }
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        out.par_chunks_mut(ROWS_PER_TASK)
            .enumerate()
            .for_each(|(t, chunk)| fill(t * ROWS_PER_TASK, chunk));
    }
    #[cfg(not(feature = "parallel"))]
    fill(0, &mut out);
    out
}

impl<E: Pairing> SemiAvid<E> {
    /// Verifies every shard separately (canonical check, as
    /// [`Scheme::verify`]) and returns one decision per shard, in order; with
    /// the `parallel` feature the shards are checked on the rayon pool.
    ///
    /// Malformed input (a shard of the wrong length or index, a commitment of
    /// other parameters) is an error for the whole call.
    pub fn verify_each(
        &self,
        vk: &Bases<E>,
        commitment: &SemiAvidCommitment<E>,
        shards: &[Shard<F<E>>],
    ) -> Result<Vec<bool>, SemiAvidError> {
        let one = |shard: &Shard<F<E>>| self.verify(vk, commitment, shard, &NoProof);
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            shards.par_iter().map(one).collect()
        }
        #[cfg(not(feature = "parallel"))]
        {
            shards.iter().map(one).collect()
        }
    }
}
