//! recover_cells_and_kzg_proofs: from half, from random subsets, from
//! exactly 64 and from all cells, byte-identical to c-kzg and to the
//! original cells; from cells of no polynomial, still c-kzg's output.

use super::{cells_and_proofs, random_blob, recover_both, rng};
use ark_std::rand::{seq::SliceRandom, Rng};
use vidkit_kzg::ethereum::field_element_to_bytes;
use vidkit_kzg_cells::ethereum::Cell;

fn subset(cells: &[Cell], keep: &[u64]) -> Vec<Cell> {
    keep.iter().map(|&i| cells[i as usize]).collect()
}

#[test]
fn recovery_from_half_and_from_all_cells() {
    for blob in super::blobs() {
        let (cells, proofs) = cells_and_proofs(&blob);
        for keep in [
            (0..64).collect::<Vec<u64>>(), // the blob itself
            (64..128).collect(),           // only the extension
            (0..128).step_by(2).collect(), // every other cell
            (0..128).collect(),            // nothing missing
        ] {
            let (back, back_proofs) = recover_both(&keep, &subset(&cells, &keep)).unwrap();
            assert_eq!(back, cells);
            assert_eq!(back_proofs, proofs);
        }
    }
}

#[test]
fn recovery_from_random_subsets() {
    let mut r = rng(301);
    let blob = random_blob(&mut r);
    let (cells, proofs) = cells_and_proofs(&blob);
    for round in 0..6 {
        // exactly 64 in the first rounds, then any number from 64 to 127
        let count = if round < 3 { 64 } else { r.gen_range(64..128) };
        let mut keep: Vec<u64> = (0..128).collect();
        keep.shuffle(&mut r);
        keep.truncate(count);
        keep.sort_unstable();
        let (back, back_proofs) = recover_both(&keep, &subset(&cells, &keep)).unwrap();
        assert_eq!(back, cells, "round {round}, {count} cells");
        assert_eq!(back_proofs, proofs, "round {round}");
    }
}

#[test]
fn recovery_of_inconsistent_cells_matches_ckzg() {
    // 64 or 100 cells of random field elements: no polynomial of degree
    // < 4096 fits them, and the output is whatever c-kzg's steps give
    let mut r = rng(302);
    for count in [64usize, 100] {
        let cells: Vec<Cell> = (0..count)
            .map(|_| {
                let mut cell = [0u8; 2048];
                for chunk in cell.chunks_exact_mut(32) {
                    chunk.copy_from_slice(&field_element_to_bytes(ark_ff::UniformRand::rand(
                        &mut r,
                    )));
                }
                cell
            })
            .collect();
        let mut keep: Vec<u64> = (0..128).collect();
        keep.shuffle(&mut r);
        keep.truncate(count);
        keep.sort_unstable();
        recover_both(&keep, &cells).unwrap();
    }
}
