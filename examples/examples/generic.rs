//! Every scheme through the one generic function [`walk_through`], on
//! BLS12-381 and BN254: the `Scheme` trait is all the code below knows about
//! a scheme, apart from building it and its (INSECURE) test SRS.
//!
//! ```text
//! cargo run --release -p vidkit-examples --example generic
//! ```

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use std::error::Error;
use vidkit_core::{rng::os_rng, Encoding, Scheme};
use vidkit_examples::{sample_file, setups, walk_through, Report};

const K: usize = 4;
const N: usize = 8;

/// Runs every scheme on curve `E` through the same generic function.
fn on_curve<E: Pairing>(data: &[u8]) -> Result<Vec<Report>, Box<dyn Error>> {
    fn walk<S: Scheme>(scheme: S, data: &[u8]) -> Result<Report, Box<dyn Error>> {
        let srs = scheme.insecure_srs(data.len(), setups::SEED)?; // INSECURE test setup
        Ok(walk_through(&scheme, &srs, data, &mut os_rng())?)
    }
    Ok(vec![
        walk(vidkit_kzg::KzgPerRow::<E>::new(K, N, Encoding::Fft)?, data)?,
        walk(
            vidkit_kzg_plus::KzgPlus::<E>::new(K, N, Encoding::Fft)?,
            data,
        )?,
        walk(
            vidkit_semi_avid::SemiAvid::<E>::new(K, N, Encoding::Fft)?,
            data,
        )?,
        walk(vidkit_aplonk::Aplonk::<E>::new(K, N, Encoding::Fft)?, data)?,
    ])
}

fn main() -> Result<(), Box<dyn Error>> {
    println!("{}\n", setups::INSECURE_BANNER);
    let data = sample_file(3_000);
    let mut reports = on_curve::<Bls12_381>(&data)?;
    reports.extend(on_curve::<Bn254>(&data)?);
    for r in &reports {
        println!("{r}\n");
    }
    println!(
        "summary (k = {K}, n = {N}, {} bytes; one run, indicative times)",
        data.len()
    );
    println!(
        "  {:<10} {:<10} {:>12} {:>10} {:>10} {:>12} {:>12}",
        "scheme", "curve", "commitment", "proof", "disperse", "verify/shard", "batch (n)"
    );
    for r in &reports {
        println!(
            "  {:<10} {:<10} {:>10} B {:>8} B {:>10.1?} {:>12.1?} {:>12.1?}",
            r.scheme,
            r.curve,
            r.commitment_bytes,
            r.proof_bytes,
            r.timings.disperse,
            r.timings.verify_all / r.n as u32,
            r.timings.batch_verify
        );
    }
    Ok(())
}
