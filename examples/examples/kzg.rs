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
use std::error::Error;
use vidkit_core::Encoding;
use vidkit_examples::{sample_file, show};
use vidkit_kzg::KzgPerRow;

fn main() -> Result<(), Box<dyn Error>> {
    let data = sample_file(2_000);
    let (k, n) = (4, 8);
    // each call: INSECURE test SRS (printed banner), then the walk-through
    show(&KzgPerRow::<Bls12_381>::new(k, n, Encoding::Fft)?, &data)?;
    show(&KzgPerRow::<Bn254>::new(k, n, Encoding::Fft)?, &data)?;
    Ok(())
}
