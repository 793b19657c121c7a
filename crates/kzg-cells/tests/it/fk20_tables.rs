//! FK20 with MSM tables against FK20 without: for random polynomials and
//! random `(ℓ, k, N)`, every table a caller can ask for
//! ([`Fk20::with_plan`]: windows tables of widths 4 to 20, multiples tables
//! of widths 1 to 16, the plans of [`Fk20::for_proofs`]) gives the same
//! proof coefficients and proofs as [`Fk20::new`] (itself checked against
//! the naive openings in `fk20.rs`), on all three curves.

use ark_ec::pairing::Pairing;
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use proptest::prelude::*;
use rand_chacha::ChaCha20Rng;
use vidkit_core::Srs;
use vidkit_kzg::fk20::Fk20;
use vidkit_msm::TablePlan;

/// `with_plan(plan)` against `new` on one shape and one random polynomial
/// of `len ≤ k·ℓ` coefficients.
fn same_proofs<E: Pairing>(seed: u64, l: usize, k: usize, n: usize, len: usize, plan: TablePlan) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let srs = Srs::<E>::insecure_from_seed(seed, k * l, 2);
    let plain = Fk20::<E>::new(srs.powers_g1(), l, k).unwrap();
    let table = Fk20::<E>::with_plan(srs.powers_g1(), l, k, plan).unwrap();
    assert_eq!(plain.plan(), TablePlan::Plain);
    assert_eq!(plain.table_points(), 0);
    assert_eq!(table, plain, "same bases");
    let f: Vec<E::ScalarField> = (0..len).map(|_| E::ScalarField::rand(&mut rng)).collect();
    assert_eq!(
        table.proof_coefficients(&f).unwrap(),
        plain.proof_coefficients(&f).unwrap(),
        "ℓ = {l}, k = {k}, {plan:?}"
    );
    assert_eq!(
        table.prove(&f, n).unwrap(),
        plain.prove(&f, n).unwrap(),
        "ℓ = {l}, k = {k}, N = {n}, {plan:?}"
    );
}

/// Every width of both table kinds on small shapes (`D = 2` rows of two
/// bases; the multiples tables wider than 12, of 2^15 points per window at
/// width 16, on two bases of BLS12-381 only).
fn every_width<E: Pairing>(seed: u64) {
    for c in 4..=20 {
        same_proofs::<E>(seed, 2, 2, 4, 4, TablePlan::Windows(c));
    }
    for c in 1..=12 {
        same_proofs::<E>(seed, 2, 2, 4, 3, TablePlan::Multiples(c));
    }
}

#[test]
fn widest_multiples_bls12_381() {
    for c in 13..=16 {
        same_proofs::<ark_bls12_381::Bls12_381>(14, 1, 2, 2, 2, TablePlan::Multiples(c));
    }
}

#[test]
fn every_width_bls12_381() {
    every_width::<ark_bls12_381::Bls12_381>(11);
}

#[test]
fn every_width_bn254() {
    every_width::<ark_bn254::Bn254>(12);
}

#[test]
fn every_width_bls24_317() {
    every_width::<vidkit_bls24_317::Bls24_317>(13);
}

/// The table is what was asked for where vidkit-msm can build it (windows
/// tables only on its fast path), and its size is counted.
#[test]
fn plans_and_sizes() {
    let srs = Srs::<ark_bls12_381::Bls12_381>::insecure_from_seed(5, 16 * 8, 2);
    let fk =
        Fk20::<ark_bls12_381::Bls12_381>::with_plan(srs.powers_g1(), 8, 16, TablePlan::Windows(8))
            .unwrap();
    assert_eq!(fk.plan(), TablePlan::Windows(8));
    // D = 32 rows of 8 bases, ⌈256/8⌉ = 32 windows each
    assert_eq!(fk.table_points(), 32 * 8 * 32);
    let fk = Fk20::<ark_bls12_381::Bls12_381>::with_plan(
        srs.powers_g1(),
        8,
        16,
        TablePlan::Multiples(4),
    )
    .unwrap();
    assert_eq!(fk.plan(), TablePlan::Multiples(4));
    assert_eq!(fk.table_points(), 32 * 8 * 64 * 8);
    let srs = Srs::<vidkit_bls24_317::Bls24_317>::insecure_from_seed(5, 16 * 8, 2);
    let fk = Fk20::<vidkit_bls24_317::Bls24_317>::with_plan(
        srs.powers_g1(),
        8,
        16,
        TablePlan::Windows(8),
    )
    .unwrap();
    assert_eq!(
        fk.plan(),
        TablePlan::Plain,
        "no windows table off the fast path"
    );
    assert_eq!(fk.table_points(), 0);
    // the byte count behind the memory stated in the docs
    assert_eq!(core::mem::size_of::<ark_bls12_381::G1Affine>(), 96);
    // k = 1: no MSM, no table
    let fk = Fk20::<ark_bls12_381::Bls12_381>::for_proofs(srs_g1(8).as_slice(), 8, 1, usize::MAX)
        .unwrap();
    assert_eq!(fk.plan(), TablePlan::Plain);
    // one run never repays a table; a key kept for good gets one
    assert_eq!(
        Fk20::<ark_bls12_381::Bls12_381>::plan_for(64, 64, 1),
        TablePlan::Plain
    );
    assert_ne!(
        Fk20::<ark_bls12_381::Bls12_381>::plan_for(64, 64, usize::MAX),
        TablePlan::Plain
    );
    assert_eq!(
        Fk20::<ark_bls12_381::Bls12_381>::plan_for(64, 1, usize::MAX),
        TablePlan::Plain
    );
    // a cell size FK20 refuses
    assert_eq!(
        Fk20::<ark_bls12_381::Bls12_381>::plan_for(48, 64, usize::MAX),
        TablePlan::Plain
    );
}

fn srs_g1(n: usize) -> Vec<ark_bls12_381::G1Affine> {
    Srs::<ark_bls12_381::Bls12_381>::insecure_from_seed(6, n, 2)
        .powers_g1()
        .to_vec()
}

/// A plan a caller might pick for a shape: none, the policy's for a few
/// uses or for good, or an explicit table.
fn plan_for<E: Pairing>(l: usize, k: usize, choice: u8) -> TablePlan {
    match choice % 6 {
        0 => TablePlan::Plain,
        1 => Fk20::<E>::plan_for(l, k, 8),
        2 => Fk20::<E>::plan_for(l, k, usize::MAX),
        3 => TablePlan::Windows(4 + u32::from(choice / 6) % 9),
        4 => TablePlan::Multiples(1 + u32::from(choice / 6) % 8),
        _ => TablePlan::Windows(10),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn tables_give_the_same_proofs(
        seed in any::<u64>(),
        log_l in 0usize..4,
        k in 1usize..10,
        log_n in 0usize..5,
        fill in 0usize..=100,
        choice in any::<u8>(),
        curve in 0u8..3,
    ) {
        let (l, n) = (1 << log_l, 1 << log_n);
        let len = k * l * fill / 100;
        match curve {
            0 => same_proofs::<ark_bls12_381::Bls12_381>(
                seed, l, k, n, len, plan_for::<ark_bls12_381::Bls12_381>(l, k, choice)),
            1 => same_proofs::<ark_bn254::Bn254>(
                seed, l, k, n, len, plan_for::<ark_bn254::Bn254>(l, k, choice)),
            _ => same_proofs::<vidkit_bls24_317::Bls24_317>(
                seed, l, k, n, len, plan_for::<vidkit_bls24_317::Bls24_317>(l, k, choice)),
        }
    }
}

/// A prover key keeps the FK20 table planned for a key kept for good;
/// serializing it writes the same bytes as before (no table), and
/// deserializing rebuilds the same plan.
fn prover_key_plans_and_round_trips<E: Pairing>(l: usize, k: usize) {
    use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
    use vidkit_kzg_cells::{ProverKey, VerifierKey};
    let srs = Srs::<E>::insecure_from_seed(7, k * l, l + 1);
    let (g1, g2) = (srs.powers_g1(), srs.powers_g2());
    let vk = VerifierKey::<E>::new(g1[..l].to_vec(), g2[0], g2[l], 4).unwrap();
    let pk = ProverKey::<E>::new(g1[..k * l].to_vec(), vk.clone()).unwrap();
    let planned = Fk20::<E>::plan_for(l, k, usize::MAX);
    let built = Fk20::<E>::with_plan(g1, l, k, planned).unwrap().plan();
    assert_eq!(pk.fk20().plan(), built, "ℓ = {l}, k = {k}");
    let plain = Fk20::<E>::new(&g1[..k * l], l, k).unwrap();
    assert_eq!(pk.fk20(), &plain);
    let mut bytes = Vec::new();
    pk.serialize_compressed(&mut bytes).unwrap();
    let mut expected = Vec::new();
    pk.powers()
        .to_vec()
        .serialize_compressed(&mut expected)
        .unwrap();
    vk.serialize_compressed(&mut expected).unwrap();
    assert_eq!(bytes, expected, "the table is not serialized");
    let back = ProverKey::<E>::deserialize_compressed(&bytes[..]).unwrap();
    assert_eq!(back, pk);
    assert_eq!(back.fk20().plan(), pk.fk20().plan());
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    let f: Vec<E::ScalarField> = (0..k * l).map(|_| E::ScalarField::rand(&mut rng)).collect();
    assert_eq!(
        back.fk20().prove(&f, 2 * k).unwrap(),
        plain.prove(&f, 2 * k).unwrap()
    );
}

#[test]
fn prover_keys_keep_the_planned_table() {
    prover_key_plans_and_round_trips::<ark_bls12_381::Bls12_381>(64, 2);
    prover_key_plans_and_round_trips::<ark_bls12_381::Bls12_381>(4, 4);
    prover_key_plans_and_round_trips::<ark_bn254::Bn254>(64, 2);
    prover_key_plans_and_round_trips::<vidkit_bls24_317::Bls24_317>(64, 2);
    assert_eq!(
        Fk20::<ark_bls12_381::Bls12_381>::plan_for(64, 2, usize::MAX),
        TablePlan::Windows(10)
    );
}
