//! Scheme-specific oracles of docs/spec.md §10: T-10 (known τ), T-11 (golden
//! vectors), T-18 (a valid combination under the wrong index), T-23
//! (homomorphism), T-6 data with holes, and the commit against a naive
//! reference (T-24: the same points with and without `parallel`).

use crate::common;

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{One, UniformRand, Zero};
use ark_std::rand::Rng;
use vidkit_core::{to_bytes, Encoding, Scheme, Shard, Srs};
use vidkit_semi_avid::{CombinationShard, NoProof, SemiAvid, SemiAvidCommitment};

/// T-10: with a known τ, `γ_c = C_c(τ)·G` for the column polynomial
/// `C_c(X) = Σ_i M̂[i][c] X^i`.
fn known_tau<E: Pairing>() {
    let mut rng = common::rng(1);
    let tau = E::ScalarField::rand(&mut rng);
    for (k, n, enc) in [
        (3, 6, Encoding::Points),
        (4, 8, Encoding::Systematic),
        (2, 5, Encoding::Fft),
    ] {
        let scheme = SemiAvid::<E>::new(k, n, enc).unwrap();
        let srs = Srs::<E>::insecure_with_tau(tau, 20, 2);
        let (pk, _) = scheme.setup(&srs, 31 * k * 20).unwrap();
        let data = common::bytes(31 * k * 7 - 3, &mut rng);
        let encoded = scheme.encode(&data).unwrap();
        let (c, ()) = scheme.commit(&pk, &encoded).unwrap();
        assert_eq!(c.columns().len(), k);
        let m = encoded.info.m;
        for col in 0..k {
            // Horner over the rows, highest first
            let mut value = E::ScalarField::zero();
            for i in (0..m).rev() {
                value = value * tau + encoded.coefficients[i * k + col];
            }
            let expected = (E::G1::generator() * value).into_affine();
            assert_eq!(c.columns()[col], expected, "γ_{col} with k={k}, {enc}");
        }
    }
}

#[test]
fn t10_known_tau_bls12_381() {
    known_tau::<Bls12_381>();
}

#[test]
fn t10_known_tau_bn254() {
    known_tau::<Bn254>();
}

/// The commitment equals k independent MSMs computed naively (one scalar
/// multiplication per element), whatever the feature set (T-24).
fn naive_reference<E: Pairing>() {
    let mut rng = common::rng(2);
    for k in [1usize, 3, 8, 17] {
        let (scheme, srs) = common::setup::<E>(k, 2 * k, Encoding::Fft, 31 * k * 9);
        let (pk, _) = scheme.setup(&srs, 31 * k * 9).unwrap();
        let data = common::bytes(31 * k * 9, &mut rng);
        let encoded = scheme.encode(&data).unwrap();
        let (c, ()) = scheme.commit(&pk, &encoded).unwrap();
        for col in 0..k {
            let mut acc = E::G1::zero();
            for (i, base) in pk.points()[..encoded.info.m].iter().enumerate() {
                acc += *base * encoded.coefficients[i * k + col];
            }
            assert_eq!(c.columns()[col], acc.into_affine(), "column {col}, k={k}");
        }
    }
}

#[test]
fn commit_matches_naive_reference() {
    naive_reference::<Bls12_381>();
    naive_reference::<Bn254>();
}

/// T-11: fixed SRS seed and input; the commitment bytes are pinned (computed
/// once; the same with and without `parallel`).
#[test]
fn t11_golden_vectors() {
    let data: Vec<u8> = (0u8..100).collect();
    let bls = {
        let scheme = SemiAvid::<Bls12_381>::new(2, 4, Encoding::Points).unwrap();
        let srs = Srs::<Bls12_381>::insecure_from_seed(11, 2, 2);
        let (pk, _) = scheme.setup(&srs, 100).unwrap();
        hex::encode(to_bytes(&scheme.disperse(&pk, &data).unwrap().commitment))
    };
    let bn = {
        let scheme = SemiAvid::<Bn254>::new(2, 4, Encoding::Fft).unwrap();
        let (pk, _) = scheme.setup_transparent(b"golden", 100).unwrap();
        hex::encode(to_bytes(&scheme.disperse(&pk, &data).unwrap().commitment))
    };
    assert_eq!(
        (bls.as_str(), bn.as_str()),
        (GOLDEN_BLS12_381, GOLDEN_BN254_TRANSPARENT)
    );
    assert!(to_bytes(&NoProof).is_empty(), "the proof is zero bytes");
}

/// BLS12-381, k = 2, n = 4, points, SRS seed 11, bytes 0..100: FileInfo
/// (k, n, m, L, encoding) then the k compressed column commitments.
const GOLDEN_BLS12_381: &str = "0200000000000000040000000000000002000000000000006400000000000000000200000000000000aada15c805221e746d694431ad1273f09794362a9d418efc4f574bd5629f98b6104252d4d1036937be7f3a1eb6d01e9e85a447e3006afe1a5bf20290d97f63776256a031aca7a143feefb30704f2ddc194de1e1e4bb75ba860cd5f420194699a";
/// BN254, k = 2, n = 4, FFT, transparent bases from seed "golden"
/// (try-and-increment), bytes 0..100.
const GOLDEN_BN254_TRANSPARENT: &str = "02000000000000000400000000000000020000000000000064000000000000000102000000000000000d5a00be21fc85d7e46f90990f18555ad75fe09ecec8829303b598f57dd601a772558bede6f4fea98bc0279bc58b20adf51ad03bb34b9caa16004655cef63a23";

/// T-18: source column 0 with `λ = e_0` is a valid combination of the
/// committed columns, but presented as shard `j` it must be rejected by the
/// canonical verifier; only the explicit combination API accepts it.
fn wrong_combination<E: Pairing>() {
    let mut rng = common::rng(3);
    for enc in [Encoding::Points, Encoding::Fft, Encoding::Systematic] {
        let (k, n) = (4, 8);
        let (scheme, srs) = common::setup::<E>(k, n, enc, 31 * k * 5);
        let (pk, vk) = scheme.setup(&srs, 31 * k * 5).unwrap();
        let data = common::bytes(31 * k * 5, &mut rng);
        let encoded = scheme.encode(&data).unwrap();
        let (c, ()) = scheme.commit(&pk, &encoded).unwrap();
        let m = encoded.info.m;
        let column0: Vec<_> = (0..m).map(|i| encoded.coefficients[i * k]).collect();
        let mut e0 = vec![E::ScalarField::zero(); k];
        e0[0] = E::ScalarField::one();
        let combo = CombinationShard {
            combination: e0,
            values: column0.clone(),
        };
        assert!(scheme.verify_combination(&vk, &c, &combo).unwrap());
        for j in 0..n {
            let shard = Shard {
                index: j,
                values: column0.clone(),
            };
            // shard 0 in points mode is α_0 = 0, λ = e_0: genuinely column 0
            let honest = encoded.shards[j].values == column0;
            assert_eq!(
                scheme.verify(&vk, &c, &shard, &NoProof).unwrap(),
                honest,
                "column 0 presented as shard {j} ({enc})"
            );
        }
        // a random valid combination under every index: rejected
        let beta: Vec<E::ScalarField> = (0..n).map(|_| E::ScalarField::rand(&mut rng)).collect();
        let all: Vec<_> = encoded
            .shards
            .iter()
            .map(|s| scheme.combination_shard(s).unwrap())
            .collect();
        let mix = scheme.recode_with(&encoded.info, &all, &beta).unwrap();
        assert!(scheme.verify_combination(&vk, &c, &mix).unwrap());
        for j in 0..n {
            let shard = Shard {
                index: j,
                values: mix.values.clone(),
            };
            assert!(!scheme.verify(&vk, &c, &shard, &NoProof).unwrap());
        }
    }
}

#[test]
fn t18_valid_combination_under_an_index_is_rejected() {
    wrong_combination::<Bls12_381>();
    wrong_combination::<Bn254>();
}

/// T-23: `Com(A) + Com(B) = Com(A + B)` per column, and shards of `A + B`
/// verify against the summed commitment.
fn homomorphism<E: Pairing>() {
    let mut rng = common::rng(4);
    let (k, n) = (3, 7);
    let len = 31 * k * 4;
    let (scheme, srs) = common::setup::<E>(k, n, Encoding::Fft, len);
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let a = scheme.encode(&common::bytes(len, &mut rng)).unwrap();
    let b = scheme.encode(&common::bytes(len, &mut rng)).unwrap();
    let (ca, ()) = scheme.commit(&pk, &a).unwrap();
    let (cb, ()) = scheme.commit(&pk, &b).unwrap();
    let mut sum = a.clone();
    for (x, y) in sum.coefficients.iter_mut().zip(&b.coefficients) {
        *x += y;
    }
    let evaluated = scheme.code().evaluate(&sum.coefficients).unwrap();
    for (s, values) in sum.shards.iter_mut().zip(evaluated) {
        s.values = values;
    }
    let (cs, ()) = scheme.commit(&pk, &sum).unwrap();
    let added: Vec<_> = ca
        .columns()
        .iter()
        .zip(cb.columns())
        .map(|(x, y)| (*x + y).into_affine())
        .collect();
    assert_eq!(cs.columns(), &added[..]);
    let rebuilt = SemiAvidCommitment::<E>::new(*ca.info(), added).unwrap();
    for shard in &sum.shards {
        assert!(scheme.verify(&vk, &rebuilt, shard, &NoProof).unwrap());
        // and shard-wise: y_A + y_B
        let mut ab = a.shards[shard.index].clone();
        for (x, y) in ab.values.iter_mut().zip(&b.shards[shard.index].values) {
            *x += y;
        }
        assert_eq!(&ab, shard);
    }
}

#[test]
fn t23_homomorphism() {
    homomorphism::<Bls12_381>();
    homomorphism::<Bn254>();
}

/// T-6: data with holes (komodo 1.0.1 panics on the all-zero file): all
/// zeros, zero rows, zero columns, zero high coefficients, all 0xFF.
fn holes<E: Pairing>() {
    let mut rng = common::rng(5);
    for (k, n, enc) in [(4, 8, Encoding::Points), (3, 6, Encoding::Fft)] {
        let rows = 6;
        let len = 31 * k * rows;
        let (scheme, srs) = common::setup::<E>(k, n, enc, len);
        let (pk, vk) = scheme.setup(&srs, len).unwrap();
        let random = common::bytes(len, &mut rng);
        let chunk = |e: usize| e * 31..(e + 1) * 31;
        let mut cases: Vec<(&str, Vec<u8>)> = vec![
            ("all zero", vec![0; len]),
            ("empty", vec![]),
            ("all 0xFF", vec![0xff; len]),
            ("one zero byte", vec![0]),
        ];
        let mut zero_rows = random.clone();
        for row in [0, 3, rows - 1] {
            zero_rows[row * k * 31..(row + 1) * k * 31].fill(0);
        }
        cases.push(("zero rows", zero_rows));
        let mut zero_col = random.clone();
        let mut high_zero = random.clone();
        for row in 0..rows {
            zero_col[chunk(row * k + 1)].fill(0);
            high_zero[chunk(row * k + k - 1)].fill(0); // highest coefficient
        }
        cases.push(("zero column 1", zero_col));
        cases.push(("zero high coefficients", high_zero));
        for (what, data) in cases {
            let d = scheme.disperse(&pk, &data).unwrap();
            let items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
            for (s, p) in &items {
                assert!(scheme.verify(&vk, &d.commitment, s, p).unwrap(), "{what}");
            }
            assert!(scheme
                .batch_verify(&vk, &d.commitment, &items, &mut rng)
                .unwrap());
            let pick: Vec<_> = (0..k).map(|u| d.shards[n - 1 - u].clone()).collect();
            let info = scheme.file_info(&d.commitment);
            assert_eq!(scheme.decode(info, &pick).unwrap(), data, "{what}");
            // tampering is still caught on a file full of zeros
            let mut t = d.shards[rng.gen_range(0..n)].clone();
            let row = rng.gen_range(0..t.values.len());
            t.values[row] += E::ScalarField::one();
            assert!(!scheme.verify(&vk, &d.commitment, &t, &NoProof).unwrap());
        }
        // the all-zero file commits to the identity in every column
        let zero = scheme.disperse(&pk, &vec![0; len]).unwrap();
        assert!(zero.commitment.columns().iter().all(|p| p.is_zero()));
    }
}

#[test]
fn t6_data_with_holes() {
    holes::<Bls12_381>();
    holes::<Bn254>();
}
