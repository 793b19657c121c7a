//! Decoding from random k-subsets (property test over random k, n, ℓ and
//! file lengths): the shards chosen, in random order, rebuild the file; one
//! shard fewer does not.

use ark_std::rand::{seq::SliceRandom, SeedableRng};
use proptest::prelude::*;
use rand_chacha::ChaCha20Rng;
use vidkit_core::{Encoding, Scheme, Srs};
use vidkit_kzg_cells::KzgCells;

type E = ark_bls12_381::Bls12_381;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn any_k_shards_decode(
        k in 1usize..=6,
        extra in 0usize..=6,
        log_cell in 0u32..=3,
        rows in 1usize..=12,
        tail in 0usize..31,
        seed in any::<u64>(),
        systematic in any::<bool>(),
    ) {
        let n = k + extra;
        let l = 1usize << log_cell;
        let encoding = if systematic && k.is_power_of_two() { Encoding::Systematic } else { Encoding::Fft };
        let Ok(scheme) = KzgCells::<E>::new(k, n, encoding, l) else {
            // systematic codes refuse some (k, n); FFT codes never do
            prop_assert_eq!(encoding, Encoding::Systematic);
            return Ok(());
        };
        let len = (31 * k * (rows - 1) + tail).max(1);
        let srs = Srs::<E>::insecure_from_seed(seed, k * l, l + 1);
        let (pk, vk) = scheme.setup(&srs, len).unwrap();
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let data: Vec<u8> = (0..len).map(|i| (i as u64).wrapping_mul(seed | 1) as u8).collect();
        let d = scheme.disperse(&pk, &data).unwrap();
        let info = *scheme.file_info(&d.commitment);
        let mut idx: Vec<usize> = (0..n).collect();
        idx.shuffle(&mut rng);
        let picked: Vec<_> = idx[..k].iter().map(|j| d.shards[*j].clone()).collect();
        for s in &picked {
            prop_assert!(scheme.verify(&vk, &d.commitment, s, &d.proofs[s.index]).unwrap());
        }
        prop_assert_eq!(scheme.decode(&info, &picked).unwrap(), data.clone());
        prop_assert!(scheme.decode(&info, &picked[..k - 1]).is_err());
        // more than k shards: still the file
        let all: Vec<_> = idx.iter().map(|j| d.shards[*j].clone()).collect();
        prop_assert_eq!(scheme.decode(&info, &all).unwrap(), data);
    }
}
