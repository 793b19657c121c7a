//! Semi-AVID-PC, step by step, on BLS12-381 and BN254.
//!
//! Semi-AVID commits to each of the `k` columns of the data matrix with one
//! group element, and attaches **no proof** to a shard: shard `j` is a linear
//! combination of the columns (weights `α_j^c`), so a verifier recomputes the
//! commitment of the shard's values and compares it with the same
//! combination of the column commitments (additive homomorphism).
//!
//! ```text
//! cargo run --release -p vidkit-examples --example semi_avid
//! ```

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use std::error::Error;
use vidkit_core::{rng::os_rng, Encoding};
use vidkit_examples::{sample_file, setups, walk_through};
use vidkit_semi_avid::SemiAvid;

fn run<E: Pairing>(k: usize, n: usize, data: &[u8]) -> Result<(), Box<dyn Error>> {
    let scheme = SemiAvid::<E>::new(k, n, Encoding::Fft)?;
    // INSECURE: the first m powers of a seeded τ serve as the commitment bases
    let srs = setups::semi_avid_srs::<E>(k, data.len());
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
