//! `eth-kzg/bls12-381`: vidkit's EIP-7594 cell API beside rust_eth_kzg 0.9.1
//! in one run, on the mainnet setup: single-threaded on both sides by default
//! (rust_eth_kzg without its `multithreaded` feature, vidkit without
//! `parallel`), on all threads with `--features threads` (group
//! `eth-kzg-threads/bls12-381`).
//!
//! Ids `{op}/{impl}` with `impl` one of `vidkit`, `rust_eth_kzg-p0` (no
//! fixed-base precomputation) and `rust_eth_kzg-p8` (`UsePrecomp::Yes { width: 8 }`):
//! `commit` (`blob_to_kzg_commitment`), `cells_and_proofs`
//! (`compute_cells_and_kzg_proofs`), `recover_half` (from the 64 odd cells),
//! `verify_1_blob` (`verify_cell_kzg_proof_batch` of 128 cells). Before
//! timing, the two sides' cells and proofs are checked to be byte-identical.

use ark_bls12_381::Fr;
use ark_ff::UniformRand;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand_chacha::{rand_core::SeedableRng, ChaCha20Rng};
use rust_eth_kzg::{DASContext, TrustedSetup, UsePrecomp};
use std::hint::black_box;
use vidkit_kzg::ethereum::{field_element_to_bytes, EthereumSetup};
use vidkit_kzg_cells::ethereum::{Cell, EthereumCells, G1Bytes};

const SETUP: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../crates/kzg/tests/data/trusted_setup.txt"
);

fn cells(c: &mut Criterion) {
    let text = std::fs::read(SETUP).expect("the checked-in ceremony file");
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let setup = EthereumSetup::from_text(&text, &mut rng).expect("valid setup");
    let ours = EthereumCells::new(&setup).expect("cells");
    let theirs = [
        (
            "rust_eth_kzg-p0",
            DASContext::new(&TrustedSetup::default(), UsePrecomp::No),
        ),
        (
            "rust_eth_kzg-p8",
            DASContext::new(&TrustedSetup::default(), UsePrecomp::Yes { width: 8 }),
        ),
    ];
    let blob: Vec<u8> = (0..setup.field_elements_per_blob())
        .flat_map(|_| field_element_to_bytes(Fr::rand(&mut rng)))
        .collect();
    let rblob: &[u8; 131072] = blob.as_slice().try_into().expect("mainnet blob size");
    let commitment: G1Bytes = setup.blob_to_kzg_commitment(&blob).expect("commit");
    let (our_cells, our_proofs): (Vec<Cell>, Vec<G1Bytes>) =
        ours.compute_cells_and_kzg_proofs(&blob).expect("cells");
    // the same bytes on both sides
    let (their_cells, their_proofs) = theirs[0].1.compute_cells_and_kzg_proofs(rblob).unwrap();
    assert_eq!(
        theirs[0].1.blob_to_kzg_commitment(rblob).unwrap(),
        commitment
    );
    for j in 0..128 {
        assert_eq!(our_cells[j][..], their_cells[j][..], "cell {j}");
        assert_eq!(our_proofs[j], their_proofs[j], "proof {j}");
    }
    let odd: Vec<u64> = (1..128).step_by(2).collect();
    let odd_cells: Vec<Cell> = odd.iter().map(|&i| our_cells[i as usize]).collect();
    let all: Vec<u64> = (0..128).collect();
    let commitments = vec![commitment; 128];

    let group = if cfg!(feature = "threads") {
        "eth-kzg-threads/bls12-381"
    } else {
        "eth-kzg/bls12-381"
    };
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    let id = |op: &str, who: &str| BenchmarkId::new(op, who);
    g.bench_function(id("commit", "vidkit"), |b| {
        b.iter(|| setup.blob_to_kzg_commitment(black_box(&blob)).unwrap())
    });
    g.bench_function(id("cells_and_proofs", "vidkit"), |b| {
        b.iter(|| ours.compute_cells_and_kzg_proofs(black_box(&blob)).unwrap())
    });
    g.bench_function(id("recover_half", "vidkit"), |b| {
        b.iter(|| {
            ours.recover_cells_and_kzg_proofs(&odd, black_box(&odd_cells))
                .unwrap()
        })
    });
    g.bench_function(id("verify_1_blob", "vidkit"), |b| {
        b.iter(|| {
            assert!(ours
                .verify_cell_kzg_proof_batch(&commitments, &all, black_box(&our_cells), &our_proofs)
                .unwrap())
        })
    });
    for (name, ctx) in &theirs {
        g.bench_function(id("commit", name), |b| {
            b.iter(|| ctx.blob_to_kzg_commitment(black_box(rblob)).unwrap())
        });
        g.bench_function(id("cells_and_proofs", name), |b| {
            b.iter(|| ctx.compute_cells_and_kzg_proofs(black_box(rblob)).unwrap())
        });
        let odd_refs: Vec<&[u8; 2048]> = odd_cells.iter().collect();
        g.bench_function(id("recover_half", name), |b| {
            b.iter(|| {
                ctx.recover_cells_and_kzg_proofs(odd.clone(), black_box(odd_refs.clone()))
                    .unwrap()
            })
        });
        let cell_refs: Vec<&[u8; 2048]> = our_cells.iter().collect();
        let proof_refs: Vec<&[u8; 48]> = our_proofs.iter().collect();
        let commitment_refs: Vec<&[u8; 48]> = commitments.iter().collect();
        g.bench_function(id("verify_1_blob", name), |b| {
            b.iter(|| {
                ctx.verify_cell_kzg_proof_batch(
                    commitment_refs.clone(),
                    &all,
                    black_box(cell_refs.clone()),
                    proof_refs.clone(),
                )
                .unwrap()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, cells);
criterion_main!(benches);
