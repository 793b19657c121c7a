//! The Lagrange table of `EthereumSetup`: commitments and opening proofs on
//! the table are the points of the plain MSM, on random and edge inputs.

use crate::ethereum_common::{blob_of, mainnet, mainnet_text, random_evals, rng};
use ark_bls12_381::{Fr, G1Projective};
use ark_ff::{One, Zero};
use vidkit_kzg::EthereumSetup;
use vidkit_msm::{FastMsm, TablePlan};

/// Random evaluations, the all-zero blob, all `r − 1`, and a mix of the
/// extremes.
fn inputs(n: usize) -> Vec<Vec<Fr>> {
    let mut r = rng(41);
    let mut mixed: Vec<Fr> = random_evals(n, &mut r);
    mixed.iter_mut().step_by(3).for_each(|x| *x = -Fr::one());
    mixed.iter_mut().step_by(5).for_each(|x| *x = Fr::zero());
    vec![
        random_evals(n, &mut r),
        random_evals(n, &mut r),
        vec![Fr::zero(); n],
        vec![-Fr::one(); n],
        mixed,
    ]
}

#[test]
fn mainnet_gets_the_default_windows_table() {
    let s = mainnet();
    assert_eq!(
        s.lagrange_plan(),
        EthereumSetup::default_lagrange_plan(4096)
    );
    assert_eq!(s.lagrange_plan(), TablePlan::Windows(13));
    assert_eq!(s.lagrange_table_points(), 4096 * 20);
    let plain = s.clone().with_lagrange_plan(TablePlan::Plain);
    assert_eq!(plain.lagrange_plan(), TablePlan::Plain);
    assert_eq!(plain.lagrange_table_points(), 0);
    // the table is not part of the setup's identity
    assert_eq!(&plain, s);
}

#[test]
fn mainnet_commitments_on_the_table_equal_the_plain_msm() {
    let s = mainnet();
    let plain = s.clone().with_lagrange_plan(TablePlan::Plain);
    for evals in inputs(s.field_elements_per_blob()) {
        let expected = G1Projective::fast_msm(s.g1_lagrange_brp(), &evals);
        assert_eq!(s.commit_evaluations(&evals).unwrap(), expected);
        assert_eq!(plain.commit_evaluations(&evals).unwrap(), expected);
        let blob = blob_of(&evals);
        assert_eq!(
            s.blob_to_kzg_commitment(&blob).unwrap(),
            plain.blob_to_kzg_commitment(&blob).unwrap()
        );
    }
}

#[test]
fn mainnet_proofs_on_the_table_equal_the_plain_msm() {
    let s = mainnet();
    let plain = s.clone().with_lagrange_plan(TablePlan::Plain);
    let mut r = rng(42);
    // a point outside the domain, and one inside it (z = ω^{brp(5)})
    let points = [random_evals(1, &mut r)[0], s.roots_of_unity_brp()[5]];
    for evals in inputs(s.field_elements_per_blob()).iter().take(3) {
        for z in points {
            assert_eq!(
                s.prove_evaluations(evals, z).unwrap(),
                plain.prove_evaluations(evals, z).unwrap()
            );
        }
        let blob = blob_of(evals);
        let c = s.blob_to_kzg_commitment(&blob).unwrap();
        assert_eq!(
            s.compute_blob_kzg_proof(&blob, &c).unwrap(),
            plain.compute_blob_kzg_proof(&blob, &c).unwrap()
        );
    }
}

#[test]
fn loading_without_a_table_gives_the_same_setup() {
    let plain =
        EthereumSetup::from_text_with_plan(mainnet_text(), TablePlan::Plain, &mut rng(3)).unwrap();
    assert_eq!(plain.lagrange_plan(), TablePlan::Plain);
    assert_eq!(&plain, mainnet());
}

#[test]
fn every_kind_of_table_gives_the_same_points() {
    // a small insecure setup: the multiples table of the default plan, a
    // windows table, and none
    let s = EthereumSetup::insecure_with_tau(Fr::from(12345u64), 16, 2).unwrap();
    assert!(matches!(s.lagrange_plan(), TablePlan::Multiples(_)));
    let plans = [
        TablePlan::Plain,
        TablePlan::Windows(4),
        TablePlan::Multiples(3),
    ];
    for evals in inputs(16) {
        let expected = G1Projective::fast_msm(s.g1_lagrange_brp(), &evals);
        assert_eq!(s.commit_evaluations(&evals).unwrap(), expected);
        for plan in plans {
            let t = s.clone().with_lagrange_plan(plan);
            assert_eq!(t.commit_evaluations(&evals).unwrap(), expected, "{plan:?}");
        }
    }
}
