//! Recoding (docs/spec.md §6.6): random combinations of received shards verify
//! under `verify_combination` and decode; tampered recoded shards do not verify.

use crate::common;

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use ark_ff::One;
use vidkit_core::{Encoding, Scheme};
use vidkit_semi_avid::{CombinationShard, SemiAvid, SemiAvidError};

fn recoded_shards_verify_and_decode<E: Pairing>() {
    let mut rng = common::rng(10);
    for (k, n, enc) in [
        (3, 6, Encoding::Points),
        (4, 8, Encoding::Systematic),
        (2, 5, Encoding::Fft),
        (1, 2, Encoding::Fft),
    ] {
        let len = 31 * k * 4 + 9;
        let (scheme, srs) = common::setup::<E>(k, n, enc, len);
        let (pk, vk) = scheme.setup(&srs, len).unwrap();
        let data = common::bytes(len, &mut rng);
        let d = scheme.disperse(&pk, &data).unwrap();
        let info = *scheme.file_info(&d.commitment);
        let all: Vec<CombinationShard<E::ScalarField>> = d
            .shards
            .iter()
            .map(|s| scheme.combination_shard(s).unwrap())
            .collect();
        // k nodes, each recoding from a different pair of shards (or from one
        // shard when n is small), then a second generation from recoded ones
        let mut first: Vec<CombinationShard<E::ScalarField>> = (0..k + 1)
            .map(|u| {
                let pair = [all[u % n].clone(), all[(u + 1) % n].clone()];
                scheme.recode(&info, &pair, &mut rng).unwrap()
            })
            .collect();
        let second = scheme.recode(&info, &first, &mut rng).unwrap();
        first.push(second);
        for (u, shard) in first.iter().enumerate() {
            assert!(
                scheme
                    .verify_combination(&vk, &d.commitment, shard)
                    .unwrap(),
                "recoded shard {u} ({enc})"
            );
            let mut bad = shard.clone();
            bad.values[0] += E::ScalarField::one();
            assert!(!scheme.verify_combination(&vk, &d.commitment, &bad).unwrap());
            let mut bad = shard.clone();
            bad.combination[k - 1] += E::ScalarField::one();
            assert!(!scheme.verify_combination(&vk, &d.commitment, &bad).unwrap());
        }
        // the last k recoded shards decode (random combinations are independent w.h.p.)
        let picked = &first[first.len() - k..];
        assert_eq!(
            scheme.decode_combinations(&info, picked).unwrap(),
            data,
            "{enc}"
        );
        // RS shards as combination shards decode too, in systematic mode as well
        assert_eq!(
            scheme.decode_combinations(&info, &all[n - k..]).unwrap(),
            data
        );
        // dependent shards: an error, never wrong data
        if k > 1 {
            let same = vec![first[0].clone(); k];
            assert!(scheme.decode_combinations(&info, &same).is_err());
        }
    }
}

#[test]
fn recoding_bls12_381() {
    recoded_shards_verify_and_decode::<Bls12_381>();
}

#[test]
fn recoding_bn254() {
    recoded_shards_verify_and_decode::<Bn254>();
}

#[test]
fn recoding_bad_input_is_a_typed_error() {
    let mut rng = common::rng(11);
    let (k, n, len) = (3, 6, 31 * 3 * 2);
    let (scheme, srs) = common::setup::<Bls12_381>(k, n, Encoding::Fft, len);
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let d = scheme.disperse(&pk, &common::bytes(len, &mut rng)).unwrap();
    let info = *scheme.file_info(&d.commitment);
    let good = scheme.combination_shard(&d.shards[1]).unwrap();
    let mut short = good.clone();
    short.combination.pop();
    assert_eq!(
        scheme.verify_combination(&vk, &d.commitment, &short),
        Err(SemiAvidError::CombinationLength {
            got: k - 1,
            expected: k
        })
    );
    let mut long = good.clone();
    long.values.push(Default::default());
    assert!(matches!(
        scheme.verify_combination(&vk, &d.commitment, &long),
        Err(SemiAvidError::ValuesLength { .. })
    ));
    assert!(matches!(
        scheme.recode(&info, &[good.clone(), short], &mut rng),
        Err(SemiAvidError::CombinationLength { .. })
    ));
    assert!(scheme.recode(&info, &[], &mut rng).is_err());
    assert!(scheme
        .recode_with(&info, std::slice::from_ref(&good), &[Default::default(); 2])
        .is_err());
    assert!(scheme.decode_combinations(&info, &[good]).is_err());
    let mut far = d.shards[0].clone();
    far.index = n;
    assert!(scheme.combination_shard(&far).is_err());
    let other = SemiAvid::<Bls12_381>::new(k, n + 1, Encoding::Fft).unwrap();
    assert!(other
        .verify_combination(
            &vk,
            &d.commitment,
            &scheme.combination_shard(&d.shards[0]).unwrap()
        )
        .is_err());
}
