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
use std::error::Error;
use vidkit_core::Encoding;
use vidkit_examples::{sample_file, show};
use vidkit_semi_avid::SemiAvid;

fn main() -> Result<(), Box<dyn Error>> {
    let data = sample_file(2_000);
    let (k, n) = (4, 8);
    // each call: INSECURE test SRS (printed banner), then the walk-through
    show(&SemiAvid::<Bls12_381>::new(k, n, Encoding::Fft)?, &data)?;
    show(&SemiAvid::<Bn254>::new(k, n, Encoding::Fft)?, &data)?;
    Ok(())
}
