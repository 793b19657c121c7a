//! A fixed workload for instruction counts of the EIP-4844 blob functions
//! on the mainnet setup: `blob_count <op> <times> [plain]` loads the setup
//! once, then runs `op` (`commit`: `blob_to_kzg_commitment`; `prove`:
//! `compute_blob_kzg_proof`; `none`: nothing) `times` times on one random
//! blob. Under `valgrind --tool=cachegrind --cache-sim=no`, the difference
//! of the `I refs` of `<op> 2` and `none 0`, halved, is the count of one
//! call; that of `none 0` and `none 0 plain` is the cost of building the
//! Lagrange table.
//!
//! The optional third argument `plain` loads the setup without the
//! Lagrange table (`EthereumSetup::from_text_with_plan` with
//! `TablePlan::Plain`).

use ark_bls12_381::Fr;
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use vidkit_kzg::ethereum::{field_element_to_bytes, EthereumSetup};
use vidkit_msm::TablePlan;

const SETUP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trusted_setup.txt");

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let op = args.get(1).map_or("commit", String::as_str);
    let times: usize = args.get(2).map_or(1, |t| t.parse().expect("a count"));
    let text = std::fs::read(SETUP).expect("crates/kzg/tests/data/trusted_setup.txt");
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let setup = match args.get(3).map(String::as_str) {
        None => EthereumSetup::from_text(&text, &mut rng),
        Some("plain") => EthereumSetup::from_text_with_plan(&text, TablePlan::Plain, &mut rng),
        Some(other) => panic!("unknown table {other}"),
    }
    .expect("valid setup");
    let blob: Vec<u8> = (0..setup.field_elements_per_blob())
        .flat_map(|_| field_element_to_bytes(Fr::rand(&mut rng)))
        .collect();
    let commitment = setup.blob_to_kzg_commitment(&blob).expect("commitment");
    for _ in 0..times {
        match op {
            "commit" => {
                black_box(setup.blob_to_kzg_commitment(black_box(&blob))).expect("commitment");
            }
            "prove" => {
                black_box(setup.compute_blob_kzg_proof(black_box(&blob), &commitment))
                    .expect("proof");
            }
            "none" => {}
            other => panic!("unknown op {other}"),
        }
    }
}
