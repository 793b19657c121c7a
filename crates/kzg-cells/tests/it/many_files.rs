//! Batch verification across files (`KzgCells::batch_verify_files`, one
//! random linear combination for shards of many commitments): agrees with
//! one-by-one verification on random mixes of honest and tampered shards
//! of files of different lengths (different numbers of polynomials), in
//! both modes; a shard under another file's commitment fails the batch.

use ark_ec::pairing::Pairing;
use ark_ff::One;
use ark_std::rand::{seq::SliceRandom, Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use vidkit_core::{Dispersal, Encoding, Scheme, Shard};
use vidkit_kzg_cells::{KzgCells, KzgCellsError};

use vidkit_kzg_cells::FileShard as Item;

fn many_files<E: Pairing>(folded: bool, seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let (k, n, l) = (3, 6, 2);
    let mut scheme = KzgCells::<E>::new(k, n, Encoding::Fft, l).unwrap();
    if folded {
        scheme = scheme.folded();
    }
    let s = vidkit_core::packing::bytes_per_element::<E::ScalarField>();
    let max = s * k * 7;
    let srs = scheme.insecure_srs(max, seed).unwrap();
    let (pk, vk) = scheme.setup(&srs, max).unwrap();
    // files of 1, 2, 3 and 4 polynomials
    let files: Vec<Dispersal<KzgCells<E>>> = [s * k, s * k * 3, s * k * 5 + 1, max]
        .iter()
        .map(|len| {
            let mut d = vec![0u8; *len];
            rng.fill_bytes(&mut d);
            scheme.disperse(&pk, &d).unwrap()
        })
        .collect();
    let mut tampered: Vec<Vec<Shard<E::ScalarField>>> =
        files.iter().map(|f| f.shards.clone()).collect();
    for shards in &mut tampered {
        for sh in shards.iter_mut() {
            let last = sh.values.len() - 1;
            sh.values[last] += E::ScalarField::one();
        }
    }
    let all: Vec<Item<'_, E>> = files
        .iter()
        .flat_map(|f| {
            f.shards
                .iter()
                .zip(&f.proofs)
                .map(move |(s, p)| (&f.commitment, s, p))
        })
        .collect();
    assert_eq!(scheme.batch_verify_files(&vk, &all, &mut rng), Ok(true));
    assert_eq!(scheme.batch_verify_files(&vk, &[], &mut rng), Ok(true));
    for round in 0..12 {
        let mut items: Vec<Item<'_, E>> = all.clone();
        items.shuffle(&mut rng);
        items.truncate(rng.gen_range(1..=items.len()));
        let bad = if round == 0 {
            0
        } else {
            rng.gen_range(0..=2usize)
        };
        for item in items.iter_mut().take(bad) {
            let f = files
                .iter()
                .position(|f| std::ptr::eq(&f.commitment, item.0))
                .unwrap();
            item.1 = &tampered[f][item.1.index];
        }
        let one_by_one = items
            .iter()
            .all(|(c, s, p)| scheme.verify(&vk, c, s, p).unwrap());
        assert_eq!(one_by_one, bad == 0);
        assert_eq!(
            scheme.batch_verify_files(&vk, &items, &mut rng),
            Ok(one_by_one),
            "round {round}: {} items, {bad} tampered",
            items.len()
        );
    }
    // a shard of file 1 under the commitment of another file of its length
    let mut data = vec![0u8; s * k * 3];
    rng.fill_bytes(&mut data);
    let other = scheme.disperse(&pk, &data).unwrap();
    let mut items = all.clone();
    items.push((&other.commitment, &files[1].shards[0], &files[1].proofs[0]));
    assert_eq!(scheme.batch_verify_files(&vk, &items, &mut rng), Ok(false));
    // a shard of file 1 presented with file 0's commitment (other m): an error
    let wrong: Item<'_, E> = (
        &files[0].commitment,
        &files[1].shards[0],
        &files[1].proofs[0],
    );
    assert!(matches!(
        scheme.batch_verify_files(&vk, &[all[0], wrong], &mut rng),
        Err(KzgCellsError::Core(vidkit_core::Error::ShardLength { .. }))
    ));
    let far = Shard {
        index: n,
        values: files[0].shards[0].values.clone(),
    };
    let out: Item<'_, E> = (&files[0].commitment, &far, &files[0].proofs[0]);
    assert!(matches!(
        scheme.batch_verify_files(&vk, &[all[0], out], &mut rng),
        Err(KzgCellsError::Core(
            vidkit_core::Error::IndexOutOfRange { .. }
        ))
    ));
}

#[test]
fn many_files_bls12_381() {
    many_files::<ark_bls12_381::Bls12_381>(false, 1);
    many_files::<ark_bls12_381::Bls12_381>(true, 2);
}

#[test]
fn many_files_bn254() {
    many_files::<ark_bn254::Bn254>(false, 3);
    many_files::<ark_bn254::Bn254>(true, 4);
}

#[test]
fn many_files_bls24_317() {
    many_files::<vidkit_bls24_317::Bls24_317>(false, 5);
}
