//! Property tests: one mutated byte (or index) in an honest input, and both
//! implementations still agree — the same verdict, the same refusals, the
//! same recovered bytes (`verify_both` and `recover_both` assert it).

use super::{cells_and_proofs, ours, random_blob, recover_both, rng, verify_both};
use proptest::prelude::*;
use std::sync::OnceLock;
use vidkit_kzg_cells::ethereum::{Cell, G1Bytes};

/// One random blob: its commitment, cells and proofs.
fn honest() -> &'static (G1Bytes, Vec<Cell>, Vec<G1Bytes>) {
    static H: OnceLock<(G1Bytes, Vec<Cell>, Vec<G1Bytes>)> = OnceLock::new();
    H.get_or_init(|| {
        let blob = random_blob(&mut rng(330));
        let c = ours().setup().blob_to_kzg_commitment(&blob).unwrap();
        let (cells, proofs) = cells_and_proofs(&blob);
        (c, cells, proofs)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn mutated_batches_get_the_same_verdict(
        what in 0usize..4,
        item in 0usize..16,
        pos in any::<usize>(),
        xor in 1u8..,
    ) {
        let (c, cells, proofs) = honest();
        // 16 cells spread over the extended blob
        let idx: Vec<u64> = (0..16).map(|k| (k * 8 + k % 8) as u64).collect();
        let mut cs = vec![*c; 16];
        let mut cl: Vec<Cell> = idx.iter().map(|&i| cells[i as usize]).collect();
        let mut pr: Vec<G1Bytes> = idx.iter().map(|&i| proofs[i as usize]).collect();
        let mut ix = idx.clone();
        match what {
            0 => cs[item][pos % 48] ^= xor,
            1 => cl[item][pos % 2048] ^= xor,
            2 => pr[item][pos % 48] ^= xor,
            _ => ix[item] ^= u64::from(xor),
        }
        // agreement is asserted inside; an honest-looking mutation must fail
        let verdict = verify_both(&cs, &ix, &cl, &pr);
        prop_assert_ne!(verdict, Ok(true));
    }

    #[test]
    fn mutated_recoveries_give_the_same_bytes(
        mutate_index in any::<bool>(),
        item in 0usize..64,
        pos in any::<usize>(),
        xor in 1u8..,
    ) {
        let (_, cells, _) = honest();
        let mut idx: Vec<u64> = (0..128).step_by(2).collect();
        let mut cl: Vec<Cell> = idx.iter().map(|&i| cells[i as usize]).collect();
        if mutate_index {
            idx[item] ^= u64::from(xor);
        } else {
            cl[item][pos % 2048] ^= xor;
        }
        // byte-identical outputs or both refuse, asserted inside
        let _ = recover_both(&idx, &cl);
    }
}
