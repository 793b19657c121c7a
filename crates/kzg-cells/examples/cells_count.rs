//! A fixed workload for instruction counts of the EIP-7594 cell API on the
//! mainnet setup: `cells_count <op> <times>` builds `EthereumCells` once,
//! then runs `op` (`prove`: `compute_cells_and_kzg_proofs`; `recover`:
//! `recover_cells_and_kzg_proofs` from the 64 odd cells; `none`: nothing)
//! `times` times on one random blob. Under
//! `valgrind --tool=cachegrind --cache-sim=no`, the difference of the
//! `I refs` of `<op> 2` and `none 0`, halved, is the count of one call.
//!
//! An optional third argument picks FK20's MSM table instead of the one
//! `EthereumCells::new` plans: `plain`, `w<c>` (windows table of width `c`)
//! or `m<c>` (multiples table of width `c`).

use ark_bls12_381::Fr;
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use vidkit_kzg::ethereum::{field_element_to_bytes, EthereumSetup};
use vidkit_kzg_cells::ethereum::EthereumCells;
use vidkit_msm::TablePlan;

const SETUP: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../kzg/tests/data/trusted_setup.txt"
);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let op = args.get(1).map_or("prove", String::as_str);
    let times: usize = args.get(2).map_or(1, |t| t.parse().expect("a count"));
    let text = std::fs::read(SETUP).expect("crates/kzg/tests/data/trusted_setup.txt");
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let setup = EthereumSetup::from_text(&text, &mut rng).expect("valid setup");
    let cells = match args.get(3).map(String::as_str) {
        None => EthereumCells::new(&setup),
        Some("plain") => EthereumCells::with_fk20_plan(&setup, TablePlan::Plain),
        Some(plan) => {
            let width = plan[1..].parse().expect("a width");
            let plan = match &plan[..1] {
                "w" => TablePlan::Windows(width),
                "m" => TablePlan::Multiples(width),
                other => panic!("unknown table {other}"),
            };
            EthereumCells::with_fk20_plan(&setup, plan)
        }
    }
    .expect("cells");
    let blob: Vec<u8> = (0..setup.field_elements_per_blob())
        .flat_map(|_| field_element_to_bytes(Fr::rand(&mut rng)))
        .collect();
    let (all, _) = cells.compute_cells_and_kzg_proofs(&blob).expect("cells");
    let odd: Vec<u64> = (0..all.len() as u64).filter(|i| i % 2 == 1).collect();
    let odd_cells: Vec<_> = odd.iter().map(|&i| all[i as usize]).collect();
    for _ in 0..times {
        match op {
            "prove" => {
                black_box(cells.compute_cells_and_kzg_proofs(black_box(&blob))).expect("cells");
            }
            "recover" => {
                black_box(cells.recover_cells_and_kzg_proofs(&odd, black_box(&odd_cells)))
                    .expect("recover");
            }
            "none" => {}
            other => panic!("unknown op {other}"),
        }
    }
}
