//! # vidkit-semi-avid
//!
//! Semi-AVID-PC (seed paper §2.3; Nazirkhanova–Neu–Tse, ePrint 2021/1544, the
//! commitment part; specification: docs/spec.md §6): shards of an erasure-coded
//! file are checked through the additive homomorphism of a vector commitment,
//! with **no per-shard proof**.
//!
//! ## The math
//!
//! The file is the `m × k` coefficient matrix `M̂` (vidkit-core packing, row
//! `i` = coefficients of the row polynomial `P_i`), and shard `j` is
//! `y_j[i] = P_i(α_j) = Σ_c α_j^c·M̂[i][c]`, i.e. `y_j = Σ_c λ_c·col_c` with
//! `λ = (α_j^c)_{c<k}`. With bases `B_0 … B_{m−1}` of unknown mutual discrete
//! logarithms, `Com(x) = Σ_i x_i·B_i` is linear and binding, so
//!
//! * **commit** (§6.2): `γ_c = Com(col_c)`, `k` MSMs of size `m`
//!   ([`SemiAvidCommitment`]); with powers-of-τ bases `γ_c = [C_c(τ)]_1` for
//!   the column polynomial `C_c(X) = Σ_i M̂[i][c] X^i`;
//! * **prove** (§6.3): nothing ([`NoProof`], zero bytes);
//! * **verify shard j** (§6.4): `Com(y) = Σ_c α_j^c·γ_c`, with `λ` derived
//!   from the index `j` — never read from the shard — so an accepted shard is
//!   RS symbol `j` of the committed file: two different accepted vectors for
//!   one `j` would break binding, and any `k` accepted shards with distinct
//!   indices decode (V_J is invertible) to columns whose commitments are γ.
//!   One MSM of size `m + k`, no pairing, no hash, no random oracle.
//! * **batch** (§6.5): any number of shards of one file in one MSM of size
//!   `m + k` with verifier-private random weights ([`mod@batch`]).
//! * **recoding** (§6.6): random combinations of shards carry their
//!   combination vector and are checked by the explicitly weaker
//!   [`SemiAvid::verify_combination`] ([`mod@recode`]).
//!
//! ## Keys and bases
//!
//! The verifier recomputes `Com(y)`, so **the verifier key is all `m_max`
//! bases**, the same as the prover key ([`Bases`]). They are either the first
//! G1 powers of τ of an SRS ([`vidkit_core::Scheme::setup`], the paper's
//! choice) or hashed from a public seed ([`SemiAvid::setup_transparent`],
//! [`hash_to_curve`]): binding needs only unknown discrete-log relations
//! between the bases, so the transparent option needs no trusted setup.
//!
//! ## Example
//!
//! ```
//! use ark_bls12_381::Bls12_381;
//! use vidkit_core::{rng::os_rng, Encoding, Scheme, Srs};
//! use vidkit_semi_avid::SemiAvid;
//!
//! let scheme = SemiAvid::<Bls12_381>::new(3, 6, Encoding::Fft)?;
//! # let srs = Srs::<Bls12_381>::insecure_from_seed(1, 16, 2);
//! let (pk, vk) = scheme.setup(&srs, 1_000)?; // or scheme.setup_transparent(b"seed", 1_000)?
//! let data = b"a tiny file dispersed with Semi-AVID-PC";
//! let d = scheme.disperse(&pk, data)?;
//! for (shard, proof) in d.shards.iter().zip(&d.proofs) {
//!     assert!(scheme.verify(&vk, &d.commitment, shard, proof)?);
//! }
//! let items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
//! assert!(scheme.batch_verify(&vk, &d.commitment, &items, &mut os_rng())?);
//! let info = scheme.file_info(&d.commitment);
//! assert_eq!(scheme.decode(info, &d.shards[2..5])?, data);
//! # Ok::<(), vidkit_semi_avid::SemiAvidError>(())
//! ```
//!
//! ## Commit speed: the key's table
//!
//! A prover key that commits file after file switches, once the commits of one
//! size class have repaid it, to a precomputed window table of its bases (one
//! bucket pass per column MSM instead of one per window); the commitments are
//! the same points. A one-off commit never pays for the table. See the
//! `prepared` module docs and [`Bases::has_commit_table`].
//!
//! ## Features
//!
//! `std` (default), `parallel` (columns of a commit, shards of
//! [`SemiAvid::verify_each`], rows of a batch and transparent bases on the
//! rayon pool, plus vidkit-msm's parallel MSM; results identical to the
//! sequential path), `asm`, `test-srs`, `test-utils`.
//!
//! Nothing here is hand-written cryptography: MSMs (vidkit-msm), hash-to-curve (RFC 9380
//! where arkworks has a map) and the field arithmetic are arkworks'; the
//! try-and-increment fallback ([`hash_to_curve::TryAndIncrement`]) exists
//! because arkworks 0.6 has no map-to-curve configuration for BN254.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod bases;
pub mod batch;
mod commitment;
mod error;
pub mod hash_to_curve;
mod msm;
mod prepared;
pub mod recode;
mod scheme;

pub use bases::{Bases, BasisOrigin};
pub use commitment::{NoProof, SemiAvidCommitment};
pub use error::SemiAvidError;
pub use hash_to_curve::{HashMethod, HashToG1, TransparentCurve, TryAndIncrement, WbHasher};
pub use recode::CombinationShard;
pub use scheme::SemiAvid;
