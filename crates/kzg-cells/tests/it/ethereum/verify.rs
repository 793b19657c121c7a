//! verify_cell_kzg_proof_batch: the same verdict as c-kzg on honest cells
//! of several blobs (any order, repeated cells) and on wrong ones.

use super::{cells_and_proofs, random_blob, rng, verify_both};
use ark_std::rand::{seq::SliceRandom, Rng};
use vidkit_kzg::ethereum::field_element_to_bytes;
use vidkit_kzg_cells::ethereum::{Cell, G1Bytes};

/// Cells of several blobs: (commitment, index, cell, proof) per cell.
type Item = (G1Bytes, u64, Cell, G1Bytes);

fn unzip(items: &[Item]) -> (Vec<G1Bytes>, Vec<u64>, Vec<Cell>, Vec<G1Bytes>) {
    (
        items.iter().map(|i| i.0).collect(),
        items.iter().map(|i| i.1).collect(),
        items.iter().map(|i| i.2).collect(),
        items.iter().map(|i| i.3).collect(),
    )
}

fn check(items: &[Item]) -> Result<bool, ()> {
    let (c, i, cells, p) = unzip(items);
    verify_both(&c, &i, &cells, &p)
}

fn items_of_blobs(blobs: usize, seed: u64) -> Vec<Item> {
    let mut r = rng(seed);
    let mut items = Vec::new();
    for _ in 0..blobs {
        let blob = random_blob(&mut r);
        let c = super::ours().setup().blob_to_kzg_commitment(&blob).unwrap();
        let (cells, proofs) = cells_and_proofs(&blob);
        items.extend((0..128).map(|i| (c, i as u64, cells[i], proofs[i])));
    }
    items
}

#[test]
fn batches_of_several_blobs_agree_with_ckzg() {
    let mut r = rng(310);
    let all = items_of_blobs(3, 311);
    // a random sample in random order, with repeated cells
    let mut items: Vec<Item> = (0..40).map(|_| all[r.gen_range(0..all.len())]).collect();
    items.push(items[3]);
    items.shuffle(&mut r);
    assert_eq!(check(&items), Ok(true));
    assert_eq!(check(&all), Ok(true));
    assert_eq!(check(&[]), Ok(true));
    assert_eq!(check(&items[..1]), Ok(true));

    // a changed cell element (still canonical)
    let mut bad = items.clone();
    bad[5].2[..32].copy_from_slice(&field_element_to_bytes(ark_ff::Field::square(
        &ark_bls12_381::Fr::from(12345u64),
    )));
    assert_eq!(check(&bad), Ok(false));
    // two proofs swapped
    let mut bad = items.clone();
    let (p0, p1) = (bad[0].3, bad[1].3);
    bad[0].3 = p1;
    bad[1].3 = p0;
    if p0 != p1 {
        assert_eq!(check(&bad), Ok(false));
    }
    // a cell under the wrong index
    let mut bad = items.clone();
    bad[2].1 = (bad[2].1 + 1) % 128;
    assert_eq!(check(&bad), Ok(false));
    // a cell under another blob's commitment
    let mut bad = items.clone();
    let other = all.iter().find(|x| x.0 != bad[7].0).unwrap().0;
    bad[7].0 = other;
    assert_eq!(check(&bad), Ok(false));
}
