//! # vidkit-fuzz
//!
//! Structured mutation fuzzing of every decoder of untrusted bytes in
//! vidkit (docs/fuzzing.md): the shard, proof and commitment readers of the
//! four schemes on the three curves, the `vidkit::format` shard, commitment
//! and setup files, `Srs::from_bytes` / `from_bytes_prefix`, the Ethereum
//! ceremony text, the c-kzg-compatible byte API, the EIP-4844 blob proofs
//! and the EIP-7594 cell API ([`Target::all`]).
//!
//! Each target starts from valid seeds (small dispersals and setups) and
//! mutates them ([`mutate`]): bit flips, bytes set to `0x00`/`0xff`/random,
//! truncation, extension, splicing and cross-over between seeds, duplicated
//! and deleted regions, and extreme values written over the length and
//! size fields (and over the numbers of a text). Input `i` is a pure
//! function of the run's seed, the target and `i`, so any failure is
//! reproduced from those three numbers. Every input runs under
//! `catch_unwind`, must finish within [`run::TIME_LIMIT`] (1 s) and, in
//! the harness's binaries, may allocate at most [`run::MEMORY_LIMIT`]
//! (64 MiB): their global allocator ([`run::Allocator`], the `cap` crate)
//! refuses more, which aborts the process, and the `fuzz` binary's
//! supervisor then names and saves the input.
//!
//! Why hand-written: the coverage-guided fuzzers of the Rust ecosystem need
//! a nightly toolchain (`cargo fuzz`) or a separately built AFL++ with
//! LLVM plugins matching rustc's LLVM (`cargo afl`); vidkit builds with the
//! pinned stable toolchain only, and a seeded structured mutator that knows
//! where the length fields are reaches the size checks that matter here.
//! The harness is not coverage-guided.

pub mod mutate;
pub mod run;
pub mod targets;

pub use targets::Target;
