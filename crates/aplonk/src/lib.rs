//! # vidkit-aplonk
//!
//! aPlonK-PC (seed paper §2.2.2; the commitment part of aPlonK, Ambrona,
//! Beunardeau, Schmitt, Toledo, ePrint 2022/1352) over any arkworks
//! [`Pairing`](ark_ec::pairing::Pairing), following docs/spec.md §7.
//!
//! The `m` row polynomials `P_i` of a file are committed with KZG under a
//! trapdoor `σ` (`μ_i = [P_i(σ)]_1`), and the vector `μ` (padded with
//! identity elements to `m' = next_pow2(m)`) is committed with an
//! inner-pairing product under an independent trapdoor `τ`:
//!
//! `com_f = Σ_i e(μ_i, [τ^i]_2)`, one multi-pairing, one G_T element.
//!
//! The public [`Commitment`] is `com_f` plus the file metadata (constant
//! size); the `μ_i` are the prover's [`RowCommitments`] hint. To open shard
//! `j`, the prover draws `r` from a transcript that binds the parameters,
//! `com_f`, `j`, `α_j` and the shard values, and proves
//! ([`Proof`]):
//! * `μ̂ = Σ r^i μ_i` is a KZG commitment to `f = Σ r^i P_i`, and `f(α_j)`
//!   equals `v̂ = Σ r^i y_j[i]`, which the **verifier recomputes from the
//!   shard** (`π_kzg`);
//! * `μ̂ = ⟨μ, (r^i)⟩` for the `μ` inside `com_f`: a `κ = log2 m'`-round
//!   folding inner-product argument over G2 (module `ipa`) ending in `μ_0` and
//!   the folded key `G_0`;
//! * `G_0 = [g(τ)]_2` for the challenge polynomial `g` ([`mod@poly`]), by a
//!   KZG opening in G2 at a challenge `ρ` (`π_ck`), instead of an `O(m')`
//!   recomputation.
//!
//! Verification (module `verify`) costs `O(m)` field operations (the shard
//! itself), `O(κ)` group work, 4 Miller loops and one final exponentiation.
//!
//! ## aPlonK global ([`global`], docs/spec.md §7.9)
//! [`AplonkGlobal`] (scheme name `aplonk-global`) draws **one** `r` per
//! file, after a Merkle root of the shards is in the commitment, so `μ̂`, the
//! IPA and `π_ck` are proved once per file and carried by every shard's
//! proof ([`FileProof`]); each shard adds its KZG(σ) opening at `α_j` and its
//! Merkle path. [`AplonkGlobal::prepare`] gives a [`FileVerifier`] that
//! checks the per-file part once and then each shard with two pairings.
//!
//! ## Where this differs from komodo 1.0.1 (docs/spec.md §7.7)
//! komodo's verifier never reads the shard (any tampered shard verifies), its
//! `r` binds only `com_f` and the point, it needs `m` to be a power of two
//! and puts the `m` row commitments inside the commitment. Here `r` binds
//! everything, `v̂` is recomputed from the shard, any `m` works (padding to
//! `m'`; `m`, `m'` are bound in the transcript) and the commitment is one G_T
//! element.
//!
//! ## Example
//! ```
//! use ark_bls12_381::Bls12_381;
//! use vidkit_aplonk::{Aplonk, AplonkSrs};
//! use vidkit_core::{Encoding, Scheme};
//!
//! let scheme = Aplonk::<Bls12_381>::new(2, 4, Encoding::Fft)?;
//! // INSECURE test setup (known trapdoors): k = 2 powers of σ, m' = 4 powers of τ.
//! let srs = AplonkSrs::insecure_from_seeds(1, 2, 2, 4);
//! let (pk, vk) = scheme.setup(&srs, 200)?;
//! let data = b"aPlonK-PC: one G_T element commits to the whole file".repeat(3);
//! let d = scheme.disperse(&pk, &data)?;
//! for (shard, proof) in d.shards.iter().zip(&d.proofs) {
//!     assert!(scheme.verify(&vk, &d.commitment, shard, proof)?);
//! }
//! let mut bad = d.shards[1].clone();
//! bad.values[0] += ark_bls12_381::Fr::from(1u64);
//! assert!(!scheme.verify(&vk, &d.commitment, &bad, &d.proofs[1])?);
//! let info = scheme.file_info(&d.commitment);
//! assert_eq!(scheme.decode(info, &d.shards[2..])?, data);
//! # Ok::<(), vidkit_aplonk::AplonkError>(())
//! ```
//!
//! ## Performance (docs/spec.md §8)
//! Multi-pairings with one final exponentiation for `com_f` and every
//! `L_G`/`R_G`; the first IPA round's pairings, identical for all shards, are
//! computed once per file; the folds carry a scalar factor (§8.7) so that
//! each folded pair costs one scalar multiplication; `g` is evaluated in
//! product form and its coefficients built in `O(m')`; the verifier's fixed
//! G2 points are prepared once; the four checks of a shard share one final
//! exponentiation, and a batch merges the checks of many shards. With the
//! `parallel` feature the rows are committed and the shards proved on the
//! rayon pool, each shard one task whose MSMs and folds plan for one thread
//! (`vidkit_core::pool::on_one_thread`); the pairing products of the commitment
//! and of aPlonK global's one inner-product argument split over the pool
//! (vidkit-pairing). The output is bit-identical.
//!
//! Hand-written pieces: the IPA, the transcript glue and the verifier; the
//! KZG primitive comes from `vidkit-kzg`, groups, pairings and MSMs from
//! arkworks (no public crate implements aPlonK's IPA over arkworks 0.6).
//!
//! Features: `std` (default), `parallel`, `asm`, `test-srs` (insecure setups
//! with known σ and τ), `test-utils`.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod commitment;
mod error;
pub mod global;
mod ipa;
mod keys;
pub mod poly;
mod proof;
mod prove;
mod scheme;
mod srs;
mod transcript;
mod verify;

pub use commitment::{m_prime, rounds, Commitment, RowCommitments};
pub use error::AplonkError;
pub use global::{
    global_challenge, AplonkGlobal, FileProof, FileVerifier, GlobalCommitment, GlobalHint,
    GlobalProof,
};
pub use keys::{ProverKey, VerifierKey};
pub use proof::{Proof, ProofParts, Round, MAX_ROUNDS};
pub use scheme::Aplonk;
pub use srs::AplonkSrs;
pub use transcript::ShardTranscript;

/// The scheme's name in transcripts and reports.
pub const NAME: &str = "aplonk";
