//! # vidkit-kzg-plus
//!
//! KZG+ (seed paper §2.2.1; docs/spec.md §5): a file is an `m × k` matrix whose
//! rows are polynomials `P_i` of degree `< k`; the commitment is the `m` KZG
//! commitments `C_i = [P_i(τ)]_1`; shard `j` holds `y_j[i] = P_i(α_j)` and a
//! **single** G1 proof: the KZG opening at `α_j` of the random combination
//! `Q_j = Σ_i r_j^i P_i`, with `r_j` a Fiat–Shamir challenge.
//!
//! Differences from the seed paper and komodo, all for soundness (see
//! `docs/kzg-plus.md`):
//! * `r_j` binds the verifier key, every row commitment (through a digest
//!   `h_C` computed once), the metadata `(k, n, m, L, encoding)`, the index,
//!   the point and the shard values — not only the shard values
//!   (docs/spec.md §5.6; the paper's variant lets a malicious disperser make
//!   inconsistent shards that all verify). The paper's transcript survives
//!   only behind the `paper-faithful` feature as
//!   `TranscriptMode::PaperUnsound`, for the regression test of that attack.
//! * `α_j` is derived from the index, never read from the shard.
//! * Verification is one size-`m` MSM plus one two-pair multi-pairing with
//!   prepared G2 points; batch verification of `t` shards is still one MSM of
//!   size `m` and one multi-pairing, with verifier-private randomness.
//!
//! ```
//! use ark_bls12_381::Bls12_381;
//! use vidkit_core::{Encoding, Scheme, Srs};
//! use vidkit_kzg_plus::KzgPlus;
//!
//! let scheme = KzgPlus::<Bls12_381>::new(2, 4, Encoding::Fft).unwrap();
//! let srs = Srs::insecure_from_seed(1, 2, 2); // tests only!
//! let (pk, vk) = scheme.setup(&srs, 1_000).unwrap();
//! let data = b"a tiny file, dispersed with KZG+".to_vec();
//! let d = scheme.disperse(&pk, &data).unwrap();
//! for (shard, proof) in d.shards.iter().zip(&d.proofs) {
//!     assert!(scheme.verify(&vk, &d.commitment, shard, proof).unwrap());
//! }
//! let back = scheme.decode(scheme.file_info(&d.commitment), &d.shards[2..]).unwrap();
//! assert_eq!(back, data);
//! ```
//!
//! ## KZG+ global
//!
//! [`KzgPlusGlobal`] (scheme name `kzg-plus-global`, module [`global`];
//! docs/spec.md §5.8) draws **one** challenge per file after binding every
//! shard's values with a Merkle root, so that every proof opens the same
//! polynomial `Q = Σ_i r^i P_i` and a verifier computes `Σ_i r^i C_i` once
//! per file ([`KzgPlusGlobal::prepare`] → [`FileVerifier`]). It lives in this
//! crate rather than in one of its own because it is KZG+ with another
//! challenge: it shares KZG+'s keys, row commitments and their digest, and
//! the prover's fixed-base openings, without making those internals public.
//!
//! Features: `std` (default), `parallel` (rows and shards on rayon, arkworks
//! `parallel`), `asm`, `test-srs`, `test-utils`, and `paper-faithful`
//! (**unsound**, tests only).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod batch;
mod commitment;
mod error;
pub mod global;
mod keys;
mod proof;
mod scheme;
mod transcript;

pub use commitment::Commitment;
pub use error::KzgPlusError;
pub use global::{
    global_challenge, FileVerifier, GlobalCommitment, GlobalProof, KzgPlusGlobal, GLOBAL_NAME,
};
pub use keys::{ProverKey, VerifierKey};
pub use proof::Proof;
pub use scheme::KzgPlus;
pub use transcript::{shard_challenge, TranscriptMode};

/// The scheme's name in transcripts and reports.
pub const NAME: &str = "kzg-plus";
