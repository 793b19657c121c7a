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
use std::error::Error;
use vidkit_aplonk::Aplonk;
use vidkit_core::Encoding;
use vidkit_examples::{sample_file, show};

fn main() -> Result<(), Box<dyn Error>> {
    let data = sample_file(2_000);
    let (k, n) = (4, 8);
    // each call: INSECURE test SRS (printed banner), then the walk-through
    show(&Aplonk::<Bls12_381>::new(k, n, Encoding::Fft)?, &data)?;
    show(&Aplonk::<Bn254>::new(k, n, Encoding::Fft)?, &data)?;
    Ok(())
}
