//! The generic walk-through against a test double: it passes on an honest
//! scheme (both curves, several shapes) and fails, naming the broken
//! contract, on broken ones.

use crate::common;

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_std::rand::SeedableRng;
use common::{data, hash_list, Flaw};
use rand_chacha::ChaCha20Rng;
use vidkit_examples::{walk_through, WalkError};

#[test]
fn honest_double_walks_through_on_both_curves() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for (k, n, len) in [(1, 1, 0), (2, 3, 5), (3, 5, 400), (4, 8, 31 * 4 + 1)] {
        let r = walk_through(
            &hash_list::<Bls12_381>(k, n, Flaw::None),
            &(),
            &data(len),
            &mut rng,
        )
        .unwrap();
        assert_eq!((r.k, r.n, r.len, r.verified), (k, n, len, n));
        assert_eq!(r.decoded_from.len(), k);
        assert!(r.tampered_shard < n && r.tampered_row < r.m);
        assert_eq!(r.curve, "bls12-381");
        let r = walk_through(
            &hash_list::<Bn254>(k, n, Flaw::None),
            &(),
            &data(len),
            &mut rng,
        )
        .unwrap();
        assert_eq!(r.curve, "bn254");
        assert_eq!(r.scheme, "hash-list");
        // the report prints every step
        let text = r.to_string();
        for step in [
            "setup",
            "disperse",
            "verify",
            "batch-verify",
            "tamper",
            "decode",
        ] {
            assert!(text.contains(step), "{step} missing from\n{text}");
        }
    }
}

#[test]
fn a_verifier_that_ignores_values_is_caught() {
    let scheme = hash_list::<Bls12_381>(2, 4, Flaw::AcceptsAnything);
    let err =
        walk_through(&scheme, &(), &data(100), &mut ChaCha20Rng::seed_from_u64(2)).unwrap_err();
    assert!(
        matches!(err, WalkError::TamperedShardAccepted { .. }),
        "{err}"
    );
}

#[test]
fn a_verifier_that_rejects_honest_shards_is_caught() {
    let scheme = hash_list::<Bn254>(2, 4, Flaw::RejectsEverything);
    let err =
        walk_through(&scheme, &(), &data(100), &mut ChaCha20Rng::seed_from_u64(3)).unwrap_err();
    assert!(
        matches!(err, WalkError::HonestShardRejected { index: 0 }),
        "{err}"
    );
}
