//! aPlonK-PC, step by step, on BLS12-381 and BN254.
//!
//! aPlonK commits to the `m` row polynomials with KZG (trapdoor `σ`) and
//! folds the `m` row commitments into **one** element of G_T with an
//! inner-pairing-product commitment (trapdoor `τ`). A shard's proof shows,
//! with an inner-product argument over G2 (`log₂ m'` rounds) and one KZG
//! opening, that its values are the evaluations at `α_j` of the committed
//! rows: proofs grow with `log m`, the commitment is constant-size.
//! Its setup is two independent powers-of-secret strings.
//!
//! ```text
//! cargo run --release -p vidkit-examples --example aplonk
//! ```

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use std::error::Error;
use vidkit_aplonk::Aplonk;
use vidkit_core::{rng::os_rng, Encoding};
use vidkit_examples::{sample_file, setups, walk_through};

fn run<E: Pairing>(k: usize, n: usize, data: &[u8]) -> Result<(), Box<dyn Error>> {
    let scheme = Aplonk::<E>::new(k, n, Encoding::Fft)?;
    // INSECURE: σ and τ are derived from public seeds
    let srs = setups::aplonk_srs::<E>(k, data.len());
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
