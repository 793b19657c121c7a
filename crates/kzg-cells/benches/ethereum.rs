//! `kzg-cells/ethereum/bls12-381`: vidkit's EIP-7594 cell API beside c-kzg's
//! in one run, on the mainnet setup (vidkit-kzg's tests/data/trusted_setup.txt,
//! the file c-kzg embeds).
//!
//! Ids `{op}/{impl}` with `impl` one of `vidkit`, `c-kzg-p0` (c-kzg without
//! precomputation) and `c-kzg-p8` (its recommended precompute 8, which only
//! speeds up the FK20 proofs):
//!
//! * `commit`: `blob_to_kzg_commitment` (c-kzg's does not depend on
//!   precompute: only `p0`);
//! * `cells_and_proofs`: `compute_cells_and_kzg_proofs` of one blob;
//! * `recover_half`: `recover_cells_and_kzg_proofs` from the 64 odd cells;
//! * `verify_1_blob`: `verify_cell_kzg_proof_batch` of the 128 cells of one
//!   blob; `verify_6_blobs`: of the 768 cells of six blobs (verification
//!   does not depend on precompute: only `p0`).
//!
//! Our FK20 tables are built once outside the timed closures, as c-kzg's
//! settings are. Single-threaded unless built with `--features parallel`
//! (group `kzg-cells/ethereum-threads/bls12-381`; c-kzg is single-threaded
//! either way). `VIDKIT_BENCH_SMOKE=1` keeps c-kzg without
//! precomputation only (building the precompute-8 tables takes seconds).

use ark_bls12_381::Fr;
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use c_kzg::{Blob, Bytes48, KzgSettings};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use vidkit_core::bench;
use vidkit_kzg::ethereum::{field_element_to_bytes, EthereumSetup};
use vidkit_kzg_cells::ethereum::{Cell, EthereumCells, G1Bytes};

const SETUP: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../kzg/tests/data/trusted_setup.txt"
);

/// One blob with everything the timed closures need, in both encodings.
struct Input {
    blob: Vec<u8>,
    cblob: Box<Blob>,
    commitment: G1Bytes,
    cells: Vec<Cell>,
    proofs: Vec<G1Bytes>,
}

fn ethereum(c: &mut Criterion) {
    let text = std::fs::read(SETUP).expect("crates/kzg/tests/data/trusted_setup.txt");
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let setup = EthereumSetup::from_text(&text, &mut rng).expect("valid setup");
    let ours = EthereumCells::new(&setup).expect("cells");
    let mut theirs: Vec<(&str, &KzgSettings)> = vec![("c-kzg-p0", c_kzg::ethereum_kzg_settings(0))];
    if !bench::smoke() {
        theirs.push(("c-kzg-p8", c_kzg::ethereum_kzg_settings(8)));
    }
    let inputs: Vec<Input> = (0..6)
        .map(|_| {
            let blob: Vec<u8> = (0..setup.field_elements_per_blob())
                .flat_map(|_| field_element_to_bytes(Fr::rand(&mut rng)))
                .collect();
            let (cells, proofs) = ours.compute_cells_and_kzg_proofs(&blob).expect("cells");
            Input {
                cblob: Box::new(Blob::from_bytes(&blob).expect("blob")),
                commitment: setup.blob_to_kzg_commitment(&blob).expect("commit"),
                blob,
                cells,
                proofs,
            }
        })
        .collect();
    let one = &inputs[0];
    let odd: Vec<u64> = (1..128).step_by(2).collect();
    let odd_cells: Vec<Cell> = odd.iter().map(|&i| one.cells[i as usize]).collect();
    let codd_cells: Vec<c_kzg::Cell> = odd_cells.iter().map(ccell).collect();
    // (commitments, indices, cells, proofs) of the first `blobs` blobs
    let batch = |blobs: usize| {
        let items = &inputs[..blobs];
        let commitments: Vec<G1Bytes> = items.iter().flat_map(|i| [i.commitment; 128]).collect();
        let indices: Vec<u64> = items.iter().flat_map(|_| 0..128).collect();
        let cells: Vec<Cell> = items.iter().flat_map(|i| i.cells.clone()).collect();
        let proofs: Vec<G1Bytes> = items.iter().flat_map(|i| i.proofs.clone()).collect();
        (commitments, indices, cells, proofs)
    };

    let group = if cfg!(feature = "parallel") {
        "kzg-cells/ethereum-threads/bls12-381"
    } else {
        "kzg-cells/ethereum/bls12-381"
    };
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    let id = |op: &str, who: &str| BenchmarkId::new(op, who);
    g.bench_function(id("commit", "vidkit"), |b| {
        b.iter(|| setup.blob_to_kzg_commitment(black_box(&one.blob)).unwrap())
    });
    g.bench_function(id("commit", "c-kzg-p0"), |b| {
        b.iter(|| {
            theirs[0]
                .1
                .blob_to_kzg_commitment(black_box(&one.cblob))
                .unwrap()
        })
    });
    g.bench_function(id("cells_and_proofs", "vidkit"), |b| {
        b.iter(|| {
            ours.compute_cells_and_kzg_proofs(black_box(&one.blob))
                .unwrap()
        })
    });
    for (name, s) in &theirs {
        g.bench_function(id("cells_and_proofs", name), |b| {
            b.iter(|| {
                s.compute_cells_and_kzg_proofs(black_box(&one.cblob))
                    .unwrap()
            })
        });
    }
    g.bench_function(id("recover_half", "vidkit"), |b| {
        b.iter(|| {
            ours.recover_cells_and_kzg_proofs(&odd, black_box(&odd_cells))
                .unwrap()
        })
    });
    for (name, s) in &theirs {
        g.bench_function(id("recover_half", name), |b| {
            b.iter(|| {
                s.recover_cells_and_kzg_proofs(&odd, black_box(&codd_cells))
                    .unwrap()
            })
        });
    }
    for (op, blobs) in [("verify_1_blob", 1), ("verify_6_blobs", 6)] {
        let (commitments, indices, cells, proofs) = batch(blobs);
        let (ccommitments, ccells, cproofs) = (
            commitments
                .iter()
                .map(|c| Bytes48::new(*c))
                .collect::<Vec<_>>(),
            cells.iter().map(ccell).collect::<Vec<_>>(),
            proofs.iter().map(|p| Bytes48::new(*p)).collect::<Vec<_>>(),
        );
        g.bench_function(id(op, "vidkit"), |b| {
            b.iter(|| {
                assert!(ours
                    .verify_cell_kzg_proof_batch(&commitments, &indices, black_box(&cells), &proofs)
                    .unwrap())
            })
        });
        g.bench_function(id(op, "c-kzg-p0"), |b| {
            b.iter(|| {
                assert!(theirs[0]
                    .1
                    .verify_cell_kzg_proof_batch(
                        &ccommitments,
                        &indices,
                        black_box(&ccells),
                        &cproofs
                    )
                    .unwrap())
            })
        });
    }
    g.finish();
}

fn ccell(cell: &Cell) -> c_kzg::Cell {
    c_kzg::Cell::from_bytes(cell).expect("2048 bytes")
}

criterion_group! {
    name = benches;
    config = bench::config();
    targets = ethereum
}
criterion_main!(benches);
