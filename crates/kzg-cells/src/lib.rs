//! # vidkit-kzg-cells
//!
//! KZG cells (docs/spec.md §11; the layout of Ethereum's PeerDAS and of
//! EigenDA): the file is a few polynomials of degree `< k·ℓ`, a shard is
//! one *cell* of each polynomial (its restriction to one coset of size `ℓ`
//! of a radix-2 domain of size `n'·ℓ`, `n' = next_pow2(n)`), and every cell
//! carries one constant-size KZG multi-proof. All `n` proofs of a
//! polynomial are computed together with FK20 ([`vidkit_kzg::fk20`]) in
//! `O(N log N)` group operations.
//!
//! * **Layout.** The core packing gives the `m × k` matrix of row
//!   polynomials `P_i` (degree `< k`). Rows are grouped `ℓ` at a time into
//!   `⌈m/ℓ⌉` polynomials `f_b(X) = Σ_{r<ℓ} X^r P_{bℓ+r}(X^ℓ)`. On the coset
//!   `{x : x^ℓ = α_j}` (with `α_j = ω_{n'}^j` the code's point) `f_b`
//!   agrees with `I_{b,j}(X) = Σ_r X^r P_{bℓ+r}(α_j)`, so the Reed-Solomon
//!   shard `j` of the core encoding, `(P_i(α_j))_i`, *is* the list of the
//!   cells' interpolation polynomials: shards and their encoding and
//!   decoding are exactly the core's, and a partial last polynomial (`m`
//!   not a multiple of `ℓ`) costs nothing. The `ℓ` evaluations of a cell
//!   follow by one size-`ℓ` FFT ([`KzgCells::cell_evaluations`]).
//! * **Proofs.** `π_{b,j} = [(f_b div (X^ℓ − α_j))(τ)]_1`, FK20's output
//!   `j` for `N = n'` cosets.
//! * **Verification** of shard `j`: `e(C_b − [I_{b,j}(τ)]_1, [1]_2) =
//!   e(π_{b,j}, [τ^ℓ − α_j]_2)`; the `⌈m/ℓ⌉` cells of one shard are folded
//!   with a Fiat-Shamir challenge into one equation (two pairings). Batch
//!   verification is EIP-7594's universal verification equation with
//!   verifier-private coefficients (two pairings for any number of shards).
//! * **Folding** ([`KzgCells::folded`]): one proof point per shard for all
//!   polynomials, opening `Σ_b r^b f_b` with `r` hashed from the verifier
//!   key and every commitment ([`KzgCells::polynomial_challenge`]).
//! * **Decoding** from any `k` shards: FFT erasure decoding with the
//!   vanishing polynomial of the missing cosets.
//!
//! The SRS is one powers-of-τ string with `k·ℓ` G1 and `ℓ + 1` G2 powers.
//!
//! Module [`ethereum`] is the Ethereum instance of the same construction:
//! EIP-7594's cell functions with c-kzg's names and bytes
//! ([`ethereum::EthereumCells`] on the ceremony setup).
//!
//! ```
//! use ark_bls12_381::Bls12_381;
//! use vidkit_core::{Encoding, Scheme, Srs};
//! use vidkit_kzg_cells::KzgCells;
//!
//! let scheme = KzgCells::<Bls12_381>::new(2, 4, Encoding::Fft, 4).unwrap();
//! let srs = Srs::insecure_from_seed(1, 2 * 4, 4 + 1); // tests only!
//! let (pk, vk) = scheme.setup(&srs, 1_000).unwrap();
//! let data = b"a tiny file, dispersed in cells".to_vec();
//! let d = scheme.disperse(&pk, &data).unwrap();
//! for (shard, proof) in d.shards.iter().zip(&d.proofs) {
//!     assert!(scheme.verify(&vk, &d.commitment, shard, proof).unwrap());
//! }
//! let back = scheme.decode(scheme.file_info(&d.commitment), &d.shards[2..]).unwrap();
//! assert_eq!(back, data);
//! ```
//!
//! Hand-written pieces and why: FK20's index bookkeeping (arkworks has no
//! FK20; its FFTs over G1 are used), the scheme itself, and the
//! (de)serialization of the keys and the commitment, which check counts
//! before reading points. Decoding is `vidkit-erasure`'s FFT decoder.
//!
//! Features: `std` (default), `parallel` (polynomials on rayon, arkworks
//! `parallel`), `asm`, `test-srs`, `test-utils`.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod commitment;
mod error;
pub mod ethereum;
mod keys;
mod proof;
mod scheme;

pub use commitment::{polynomial_count, Commitment};
pub use error::KzgCellsError;
pub use keys::{ProverKey, VerifierKey};
pub use proof::Proof;
pub use scheme::{FileShard, KzgCells};

/// The scheme's name in transcripts and reports.
pub const NAME: &str = "kzg-cells";
