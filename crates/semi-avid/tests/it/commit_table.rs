//! The prover key's commit table (`prepared` module): after enough commits of
//! one size class the key switches to a window table; the commitments stay
//! exactly those of plain bases, for sizes inside the class, for a class cut
//! short by `m_max`, after switching classes, and through clones and
//! serialisation.

use crate::common;

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::{pairing::Pairing, CurveGroup, VariableBaseMSM};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use vidkit_core::{packing, Encoding, Scheme};
use vidkit_semi_avid::{Bases, SemiAvid};

/// Commits `data` with `warm` (a key that is used again and again) and with a
/// fresh copy of the key (no table before its first commit) and checks that
/// both give the column MSMs computed by arkworks.
fn same_commitment<E: Pairing>(
    scheme: &SemiAvid<E>,
    warm: &Bases<E>,
    data: &[u8],
) -> vidkit_semi_avid::SemiAvidCommitment<E> {
    let fresh: Bases<E> = Bases::deserialize_compressed(&*to_bytes(warm)).unwrap();
    let encoded = scheme.encode(data).unwrap();
    assert!(!fresh.has_commit_table(encoded.info.m));
    let (a, ()) = scheme.commit(warm, &encoded).unwrap();
    let (b, ()) = scheme.commit(&fresh, &encoded).unwrap();
    assert_eq!(
        a, b,
        "table and plain commitments differ (m = {})",
        encoded.info.m
    );
    let (m, k) = (encoded.info.m, encoded.coefficients.len() / encoded.info.m);
    let want: Vec<E::G1> = (0..k)
        .map(|c| {
            let column: Vec<E::ScalarField> = encoded
                .coefficients
                .iter()
                .skip(c)
                .step_by(k)
                .copied()
                .collect();
            E::G1::msm(&warm.points()[..m], &column).unwrap()
        })
        .collect();
    assert_eq!(a.columns(), E::G1::normalize_batch(&want), "m = {m}");
    a
}

fn to_bytes<T: CanonicalSerialize>(t: &T) -> Vec<u8> {
    let mut v = Vec::new();
    t.serialize_compressed(&mut v).unwrap();
    v
}

fn table_matches_plain<E: Pairing>() {
    let mut rng = common::rng(41);
    let k = 16;
    // m_max = 100: the class of m = 65…100 is cut short at 100 bases
    let max = 31 * k * 100;
    let (scheme, srs) = common::setup::<E>(k, 2 * k, Encoding::Fft, max);
    let (pk, vk) = scheme.setup(&srs, max).unwrap();
    assert_eq!(pk.m_max(), 100);
    let rows = |m: usize| 31 * k * (m - 1) + 1; // bytes giving m rows

    // class (32, 64]: commit m = 64 until the table is built
    let mut commits = 0;
    while !pk.has_commit_table(64) {
        same_commitment(&scheme, &pk, &common::bytes(rows(64), &mut rng));
        commits += 1;
        assert!(commits < 50, "no table after {commits} commits of 64 rows");
    }
    assert!(commits >= 1);
    // the class table serves every m of the class, and the verifier agrees
    for m in [33, 40, 63, 64] {
        assert_eq!(
            packing::rows_for::<E::ScalarField>(rows(m), k).unwrap(),
            m,
            "fixture"
        );
        let data = common::bytes(rows(m), &mut rng);
        let commitment = same_commitment(&scheme, &pk, &data);
        assert!(pk.has_commit_table(m), "m = {m} is in the class of 64");
        let d = scheme.disperse(&pk, &data).unwrap();
        assert_eq!(d.commitment, commitment);
        for (shard, proof) in d.shards.iter().zip(&d.proofs) {
            assert!(scheme.verify(&vk, &d.commitment, shard, proof).unwrap());
        }
    }
    // clones share the table; a deserialised key starts without one
    assert!(pk.clone().has_commit_table(64));
    let read: Bases<E> = Bases::deserialize_compressed(&*to_bytes(&pk)).unwrap();
    assert_eq!(read, pk);
    assert!(!read.has_commit_table(64));

    // another class drops the old table; m_max (100) caps the new class
    same_commitment(&scheme, &pk, &common::bytes(rows(80), &mut rng));
    assert!(!pk.has_commit_table(64));
    let mut commits = 0;
    while !pk.has_commit_table(100) {
        same_commitment(&scheme, &pk, &common::bytes(rows(100), &mut rng));
        commits += 1;
        assert!(commits < 50, "no table after {commits} commits of 100 rows");
    }
    for m in [65, 99, 100] {
        same_commitment(&scheme, &pk, &common::bytes(rows(m), &mut rng));
        assert!(pk.has_commit_table(m));
    }
    // the all-zero file and a file with zero rows commit the same on the table
    same_commitment(&scheme, &pk, &vec![0u8; rows(100)]);
    let mut holes = common::bytes(rows(90), &mut rng);
    holes[31 * k * 10..31 * k * 50].fill(0);
    same_commitment(&scheme, &pk, &holes);
}

#[test]
fn table_matches_plain_bls12_381() {
    table_matches_plain::<Bls12_381>();
}

#[test]
fn table_matches_plain_bn254() {
    table_matches_plain::<Bn254>();
}

/// Small files (fewer than 32 rows, where plain MSMs run on arkworks'
/// Pippenger) also move to a table, and still commit the same points.
#[test]
fn small_files_get_a_table_too() {
    let mut rng = common::rng(42);
    let k = 4;
    let max = 31 * k * 16;
    let (scheme, srs) = common::setup::<Bls12_381>(k, 2 * k, Encoding::Fft, max);
    let (pk, _) = scheme.setup(&srs, max).unwrap();
    for (m, bytes) in [(16, max), (1, 31 * k)] {
        let mut commits = 0;
        while !pk.has_commit_table(m) {
            same_commitment(&scheme, &pk, &common::bytes(bytes, &mut rng));
            commits += 1;
            assert!(commits < 20, "no table after {commits} commits of {m} rows");
        }
        for _ in 0..3 {
            same_commitment(&scheme, &pk, &common::bytes(bytes, &mut rng));
        }
    }
}
