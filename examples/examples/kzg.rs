//! Per-row KZG, step by step, on BLS12-381 and BN254.
//!
//! The baseline that KZG+ improves on: each of the `m` rows of the data
//! matrix is a polynomial of degree `< k` with its own KZG commitment, and
//! shard `j` carries one KZG opening **per row** at `α_j` (`m` group
//! elements per shard). A verifier checks the `m` openings (batched into one
//! multi-pairing).
//!
//! ```text
//! cargo run --release -p vidkit-examples --example kzg
//! ```

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use std::error::Error;
use vidkit_core::{rng::os_rng, Encoding};
use vidkit_examples::{sample_file, setups, walk_through};
use vidkit_kzg::KzgPerRow;

fn run<E: Pairing>(k: usize, n: usize, data: &[u8]) -> Result<(), Box<dyn Error>> {
    let scheme = KzgPerRow::<E>::new(k, n, Encoding::Fft)?;
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
