//! KZG+, step by step, on BLS12-381 and BN254.
//!
//! Like per-row KZG, each of the `m` rows is committed with KZG; but a shard's
//! `m` openings at `α_j` are aggregated with a Fiat-Shamir challenge `r`
//! (bound to the commitment, the index and the values) into **one** opening
//! of `Σ_i r^i·P_i`: one group element per shard, whatever `m` is, checked
//! with one pairing equation.
//!
//! ```text
//! cargo run --release -p vidkit-examples --example kzg_plus
//! ```

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use std::error::Error;
use vidkit_core::{rng::os_rng, Encoding};
use vidkit_examples::{sample_file, setups, walk_through};
use vidkit_kzg_plus::KzgPlus;

fn run<E: Pairing>(k: usize, n: usize, data: &[u8]) -> Result<(), Box<dyn Error>> {
    let scheme = KzgPlus::<E>::new(k, n, Encoding::Fft)?;
    // INSECURE: k powers of a seeded τ
    let srs = setups::kzg_srs::<E>(k);
    let report = walk_through(&scheme, &srs, data, &mut os_rng())?;
    println!("{report}\n");
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    println!("{}\n", setups::INSECURE_BANNER);
    let data = sample_file(2_000);
    run::<Bls12_381>(4, 8, &data)?;
    run::<Bn254>(4, 8, &data)
}
