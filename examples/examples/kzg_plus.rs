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
use std::error::Error;
use vidkit_core::Encoding;
use vidkit_examples::{sample_file, show};
use vidkit_kzg_plus::KzgPlus;

fn main() -> Result<(), Box<dyn Error>> {
    let data = sample_file(2_000);
    let (k, n) = (4, 8);
    // each call: INSECURE test SRS (printed banner), then the walk-through
    show(&KzgPlus::<Bls12_381>::new(k, n, Encoding::Fft)?, &data)?;
    show(&KzgPlus::<Bn254>::new(k, n, Encoding::Fft)?, &data)?;
    Ok(())
}
