//! Property tests over random parameters and data: every honest shard
//! verifies (alone and batched), any k of them decode, a random single-value
//! change is rejected, and batch == AND of individual decisions.

use crate::common;

use ark_bls12_381::{Bls12_381, Fr};
use ark_ff::UniformRand;
use proptest::prelude::*;
use vidkit_core::{Encoding, Scheme, Srs};
use vidkit_semi_avid::{NoProof, SemiAvid};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_parameters(
        k in 1usize..6,
        extra in 0usize..5,
        enc in 0u8..2,
        data in proptest::collection::vec(any::<u8>(), 0..700),
        seed: u64,
    ) {
        let n = k + extra;
        let encoding = [Encoding::Points, Encoding::Fft][enc as usize];
        let scheme = SemiAvid::<Bls12_381>::new(k, n, encoding).unwrap();
        let srs = Srs::<Bls12_381>::insecure_from_seed(3, 32, 2);
        let (pk, vk) = scheme.setup(&srs, 700).unwrap();
        let mut rng = common::rng(seed);
        let d = scheme.disperse(&pk, &data).unwrap();
        let items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
        for (s, p) in &items {
            prop_assert!(scheme.verify(&vk, &d.commitment, s, p).unwrap());
        }
        prop_assert!(scheme.batch_verify(&vk, &d.commitment, &items, &mut rng).unwrap());
        let info = scheme.file_info(&d.commitment);
        let start = (seed as usize) % (n - k + 1);
        prop_assert_eq!(scheme.decode(info, &d.shards[start..start + k]).unwrap(), data);
        // change one value of one shard
        let j = (seed as usize / 7) % n;
        let mut bad = d.shards[j].clone();
        let row = (seed as usize / 11) % bad.values.len();
        bad.values[row] += Fr::rand(&mut rng);
        let changed = bad != d.shards[j];
        let verdict = scheme.verify(&vk, &d.commitment, &bad, &NoProof).unwrap();
        prop_assert_eq!(verdict, !changed);
        let mut mixed = items.clone();
        mixed[j] = (&bad, &NoProof);
        prop_assert_eq!(
            scheme.batch_verify(&vk, &d.commitment, &mixed, &mut rng).unwrap(),
            !changed
        );
        prop_assert_eq!(
            scheme.verify_each(&vk, &d.commitment, &[bad.clone(), d.shards[0].clone()]).unwrap(),
            vec![!changed, true]
        );
    }
}
