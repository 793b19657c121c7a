//! Scheme-specific oracles of docs/spec.md §10 for KZG+: T-10 (known τ), T-11
//! (golden vectors), T-12 (sizes), T-17 (proof tampering), T-19 (transcript
//! binding), T-22 (malformed bytes, off-curve / off-subgroup points), T-23
//! (homomorphism), T-24 (parallel = sequential via the golden vectors).

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::{Field, One, UniformRand, Zero};
use ark_serialize::CanonicalSerialize;
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::{from_bytes, to_bytes, Encoded, Encoding, FileInfo, Scheme, Shard, Srs};
use vidkit_kzg_plus::{shard_challenge, Commitment, KzgPlus, Proof, TranscriptMode};

/// The test's own Horner evaluation (independent of the library's), shared
/// with `global_oracles`.
pub(crate) fn eval<F: Field>(coeffs: &[F], x: F) -> F {
    coeffs.iter().rev().fold(F::zero(), |acc, &c| acc * x + c)
}

fn known_tau<E: Pairing>() {
    let mut rng = ChaCha20Rng::seed_from_u64(10);
    let tau = E::ScalarField::rand(&mut rng);
    let (k, n) = (3, 6);
    let scheme = KzgPlus::<E>::new(k, n, Encoding::Fft).unwrap();
    let srs = Srs::<E>::insecure_with_tau(tau, k, 2);
    let (pk, vk) = scheme.setup(&srs, 500).unwrap();
    let data: Vec<u8> = (0..400u32).map(|i| (i * 7) as u8).collect();
    let enc = scheme.encode(&data).unwrap();
    let (c, h) = scheme.commit(&pk, &enc).unwrap();
    let proofs = scheme.prove(&pk, &enc, &c, &h).unwrap();
    let g = E::G1Affine::generator();
    let m = enc.info.m;
    for i in 0..m {
        let p = &enc.coefficients[i * k..(i + 1) * k];
        assert_eq!(c.rows()[i], (g * eval(p, tau)).into_affine(), "C_{i}");
    }
    for (j, proof) in proofs.iter().enumerate().take(n) {
        let r = scheme.challenge(&vk, &c, &enc.shards[j]).unwrap();
        let alpha = scheme.code().point(j).unwrap();
        let mut q = vec![E::ScalarField::zero(); k];
        let mut ri = E::ScalarField::one();
        for i in 0..m {
            for (qc, a) in q.iter_mut().zip(&enc.coefficients[i * k..(i + 1) * k]) {
                *qc += ri * a;
            }
            ri *= r;
        }
        let expected = (eval(&q, tau) - eval(&q, alpha)) / (tau - alpha);
        assert_eq!(proof.pi, (g * expected).into_affine(), "π_{j}");
    }
}

#[test]
fn t10_known_tau_bls12_381() {
    known_tau::<ark_bls12_381::Bls12_381>();
}

#[test]
fn t10_known_tau_bn254() {
    known_tau::<ark_bn254::Bn254>();
}

/// Golden vectors: fixed SRS seed, fixed tiny input. Regenerate only on a
/// deliberate format change. Also run with `--features parallel` (T-24).
#[test]
fn t11_golden_vectors_bls12_381() {
    type E = ark_bls12_381::Bls12_381;
    let scheme = KzgPlus::<E>::new(2, 4, Encoding::Fft).unwrap();
    let srs = Srs::<E>::insecure_from_seed(11, 2, 2);
    let (pk, vk) = scheme.setup(&srs, 150).unwrap();
    let data: Vec<u8> = (0..150u8).collect(); // m = 3 rows of k = 2
    let d = scheme.disperse(&pk, &data).unwrap();
    for (s, p) in d.shards.iter().zip(&d.proofs) {
        assert!(scheme.verify(&vk, &d.commitment, s, p).unwrap());
    }
    let got: Vec<String> = std::iter::once(hex::encode(to_bytes(&d.commitment)))
        .chain(d.proofs.iter().map(|p| hex::encode(to_bytes(p))))
        .collect();
    assert_eq!(got, GOLDEN_BLS12_381, "regenerate only deliberately");
}

const GOLDEN_BLS12_381: &[&str] = &[
    "020000000000000004000000000000000300000000000000960000000000000001030000000000000095d193dbbe61fb63e611b12abe6b10c40d1abb5c3c63b53823207afcbc8989084afd316d55dfa520fe78d65b9f4913148000e51866a6b8b541cc35bf790505a6828bbc6a17b5800e6620658f889ab96fff25ad5ad2c6c11644c9e7020981d2128f93e3fae6e7208b16569b6f0e5a494fd9682e7211ce383a3c6c9940518bd1b62fc489dbcd957251674b4be3f07e3f1f",
    "936d072a04abb41658970c00f260bf4e9b2946c107d7f2bdf592a198842e697c0d6c66251075bb41276870aa9653736b",
    "aaaf00c9a4aefd00708b283b04264462a482b3e5edbabba0a1e1cec3169042dfa0cf1aed272d4e5ca0e63f5a8847eda1",
    "b7195c877bea3e91864f85ebb24afbe39f9ae7d00bb703a4d571fc5ef37b0abf8686adff472da7b95615958deea209b7",
    "8e52c148d68dfd28e6297895173ee4b58948bf10b7c81a2683c5678fd0eb1d584163ee3997aa0f3abec8a123e4f8ca39",
];

fn sizes<E: Pairing>(g1: usize) {
    let scheme = KzgPlus::<E>::new(4, 8, Encoding::Points).unwrap();
    let srs = Srs::<E>::insecure_from_seed(12, 4, 2);
    let (pk, vk) = scheme.setup(&srs, 1000).unwrap();
    let d = scheme.disperse(&pk, &[0xAB; 1000]).unwrap();
    let m = scheme.file_info(&d.commitment).m;
    assert_eq!(m, 9);
    // §5.7: proof 1 G1; commitment m G1 (+ 33 B metadata + 8 B length prefix)
    assert_eq!(d.proofs[0].compressed_size(), g1);
    assert_eq!(d.commitment.compressed_size(), 33 + 8 + m * g1);
    // verifier key: 1 G1 + 2 G2 (+ m_max)
    assert_eq!(vk.compressed_size(), 5 * g1 + 8);
    assert_eq!(pk.compressed_size(), 8 + 4 * g1 + 5 * g1 + 8);
}

#[test]
fn t12_sizes() {
    sizes::<ark_bls12_381::Bls12_381>(48);
    sizes::<ark_bn254::Bn254>(32);
}

fn fixture<E: Pairing>(
    k: usize,
    n: usize,
    len: usize,
) -> (
    KzgPlus<E>,
    vidkit_kzg_plus::ProverKey<E>,
    vidkit_kzg_plus::VerifierKey<E>,
    vidkit_core::Dispersal<KzgPlus<E>>,
) {
    let scheme = KzgPlus::<E>::new(k, n, Encoding::Fft).unwrap();
    let srs = Srs::<E>::insecure_from_seed(13, k, 2);
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let data: Vec<u8> = (0..len).map(|i| (i * 31 + 5) as u8).collect();
    let d = scheme.disperse(&pk, &data).unwrap();
    (scheme, pk, vk, d)
}

#[test]
fn t17_proof_tampering() {
    type E = ark_bls12_381::Bls12_381;
    let (scheme, _, vk, d) = fixture::<E>(3, 6, 300);
    let g = <E as Pairing>::G1Affine::generator();
    for (j, (s, p)) in d.shards.iter().zip(&d.proofs).enumerate() {
        let id = Proof::<E> {
            pi: <E as Pairing>::G1Affine::zero(),
        };
        assert!(!scheme.verify(&vk, &d.commitment, s, &id).unwrap(), "{j}");
        let shifted = Proof::<E> {
            pi: (p.pi + g).into_affine(),
        };
        assert!(!scheme.verify(&vk, &d.commitment, s, &shifted).unwrap());
        let neg = Proof::<E> { pi: -p.pi };
        assert!(!scheme.verify(&vk, &d.commitment, s, &neg).unwrap());
    }
    // a tampered row commitment rejects every shard
    let info = *d.commitment.info();
    let mut rows = d.commitment.rows().to_vec();
    rows[info.m - 1] = (rows[info.m - 1] + g).into_affine();
    let c = Commitment::new(info, rows).unwrap();
    for (s, p) in d.shards.iter().zip(&d.proofs) {
        assert!(!scheme.verify(&vk, &c, s, p).unwrap());
    }
}

#[test]
fn t19_challenge_binds_everything() {
    type E = ark_bls12_381::Bls12_381;
    type F = ark_bls12_381::Fr;
    let (scheme, _, vk, d) = fixture::<E>(2, 4, 200);
    let c = &d.commitment;
    let s = &d.shards[1];
    let r0 = scheme.challenge(&vk, c, s).unwrap();
    // another index (same values)
    let moved = Shard {
        index: 2,
        values: s.values.clone(),
    };
    assert_ne!(scheme.challenge(&vk, c, &moved).unwrap(), r0, "index");
    // any single value
    for i in 0..s.values.len() {
        let mut t = s.clone();
        t.values[i] += F::one();
        assert_ne!(scheme.challenge(&vk, c, &t).unwrap(), r0, "value {i}");
    }
    // any single commitment
    let info = *c.info();
    for i in 0..info.m {
        let mut rows = c.rows().to_vec();
        rows[i] = (rows[i] + <E as Pairing>::G1Affine::generator()).into_affine();
        let c2 = Commitment::new(info, rows).unwrap();
        assert_ne!(scheme.challenge(&vk, &c2, s).unwrap(), r0, "commitment {i}");
    }
    // the metadata (L)
    let info2 = FileInfo {
        len: info.len - 1,
        ..info
    };
    let c3 = Commitment::new(info2, c.rows().to_vec()).unwrap();
    assert_ne!(scheme.challenge(&vk, &c3, s).unwrap(), r0, "L");
    // the point and the verifier key, through the raw function
    let alpha = scheme.code().point(1).unwrap();
    let raw = |vkd: &[u8; 64], a: F| {
        shard_challenge(TranscriptMode::Sound, vkd, c.digest(), 1, a, &s.values)
    };
    assert_eq!(raw(vk.digest(), alpha), r0);
    assert_ne!(raw(vk.digest(), alpha + F::one()), r0, "point");
    assert_ne!(raw(&[0u8; 64], alpha), r0, "verifier key");
}

#[test]
fn t22_off_curve_and_off_subgroup_points_are_rejected() {
    use ark_bls12_381::{Fq, G1Affine};
    use ark_ff::{BigInteger, PrimeField};
    type E = ark_bls12_381::Bls12_381;
    let (scheme, _, vk, d) = fixture::<E>(2, 4, 200);
    // a point on the curve outside the prime-order subgroup
    let mut x = Fq::from(1u64);
    let off = loop {
        if let Some(p) = G1Affine::get_point_from_x_unchecked(x, true)
            && !p.is_in_correct_subgroup_assuming_on_curve()
        {
            break p;
        }
        x += Fq::from(1u64);
    };
    let mut bytes = Vec::new();
    off.serialize_compressed(&mut bytes).unwrap();
    assert!(from_bytes::<Proof<E>>("proof", &bytes).is_err());
    // an x with no point on the curve, in the ZCash encoding BLS12-381 uses:
    // x big-endian, flags in the top bits of byte 0 (0x80 "compressed")
    let zcash = |x: Fq| {
        let mut bytes = x.into_bigint().to_bytes_be();
        bytes[0] |= 0x80;
        bytes
    };
    // the encoding is right: an x of the curve decodes to a valid proof ...
    let on = G1Affine::generator();
    let back: G1Affine = from_bytes("point", &zcash(on.x)).unwrap();
    assert!(back == on || back == -on);
    assert!(from_bytes::<Proof<E>>("proof", &zcash(on.x)).is_ok());
    // ... so the only thing wrong with this one is the missing point
    let mut x = Fq::from(1u64);
    while G1Affine::get_point_from_x_unchecked(x, true).is_some() {
        x += Fq::from(1u64);
    }
    assert!(from_bytes::<Proof<E>>("proof", &zcash(x)).is_err());
    // commitments: off-subgroup row, wrong row count, trailing bytes
    let mut cbytes = to_bytes(&d.commitment);
    let last = cbytes.len() - 48;
    let mut offb = Vec::new();
    off.serialize_compressed(&mut offb).unwrap();
    cbytes[last..].copy_from_slice(&offb);
    assert!(from_bytes::<Commitment<E>>("commitment", &cbytes).is_err());
    let info = *d.commitment.info();
    assert!(Commitment::<E>::new(info, d.commitment.rows()[1..].to_vec()).is_err());
    let mut long = to_bytes(&d.commitment);
    long.push(0);
    assert!(from_bytes::<Commitment<E>>("commitment", &long).is_err());
    // the honest objects still verify after a byte round trip
    let c: Commitment<E> = from_bytes("commitment", &to_bytes(&d.commitment)).unwrap();
    let p: Proof<E> = from_bytes("proof", &to_bytes(&d.proofs[0])).unwrap();
    assert!(scheme.verify(&vk, &c, &d.shards[0], &p).unwrap());
}

#[test]
fn t23_homomorphism() {
    type E = ark_bn254::Bn254;
    type F = ark_bn254::Fr;
    let (k, n, len) = (3, 5, 250);
    let scheme = KzgPlus::<E>::new(k, n, Encoding::Points).unwrap();
    let srs = Srs::<E>::insecure_from_seed(23, k, 2);
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let a = scheme.encode(&vec![0x11; len]).unwrap();
    let b = scheme.encode(&vec![0x5c; len]).unwrap();
    let sum: Vec<F> = a
        .coefficients
        .iter()
        .zip(&b.coefficients)
        .map(|(x, y)| *x + y)
        .collect();
    let shards: Vec<Shard<F>> = scheme
        .code()
        .evaluate(&sum)
        .unwrap()
        .into_iter()
        .enumerate()
        .map(|(index, values)| Shard { index, values })
        .collect();
    let ab = Encoded {
        info: a.info,
        coefficients: sum,
        shards,
    };
    let (ca, _) = scheme.commit(&pk, &a).unwrap();
    let (cb, _) = scheme.commit(&pk, &b).unwrap();
    let (cab, h) = scheme.commit(&pk, &ab).unwrap();
    let added: Vec<_> = ca
        .rows()
        .iter()
        .zip(cb.rows())
        .map(|(x, y)| (*x + y).into_affine())
        .collect();
    assert_eq!(cab.rows(), &added[..]);
    let summed = Commitment::new(a.info, added).unwrap();
    let proofs = scheme.prove(&pk, &ab, &summed, &h).unwrap();
    for (s, p) in ab.shards.iter().zip(&proofs) {
        assert!(scheme.verify(&vk, &summed, s, p).unwrap());
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6))]

        /// Random (k, n, data): every shard verifies, the batch passes, and
        /// any k shards decode.
        #[test]
        fn random_parameters(k in 1usize..5, extra in 0usize..4, len in 0usize..400, seed: u64) {
            type E = ark_bn254::Bn254;
            let n = k + extra;
            let scheme = KzgPlus::<E>::new(k, n, Encoding::Fft).unwrap();
            let srs = Srs::<E>::insecure_from_seed(seed, k, 2);
            let (pk, vk) = scheme.setup(&srs, len).unwrap();
            let mut rng = ChaCha20Rng::seed_from_u64(seed);
            let mut data = vec![0u8; len];
            ark_std::rand::RngCore::fill_bytes(&mut rng, &mut data);
            let d = scheme.disperse(&pk, &data).unwrap();
            for (s, p) in d.shards.iter().zip(&d.proofs) {
                prop_assert!(scheme.verify(&vk, &d.commitment, s, p).unwrap());
            }
            let items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
            prop_assert!(scheme.batch_verify(&vk, &d.commitment, &items, &mut rng).unwrap());
            let back = scheme.decode(d.commitment.info(), &d.shards[n - k..]).unwrap();
            prop_assert_eq!(back, data);
        }

        /// T-22 fuzz: random bytes fed to deserialization and verification
        /// never panic and never verify.
        #[test]
        fn random_bytes_never_panic(
            cbytes in proptest::collection::vec(any::<u8>(), 0..200),
            pbytes in proptest::collection::vec(any::<u8>(), 0..64),
            sbytes in proptest::collection::vec(any::<u8>(), 0..120),
        ) {
            type E = ark_bls12_381::Bls12_381;
            let (scheme, _, vk, d) = fixture::<E>(2, 4, 200);
            let c = from_bytes::<Commitment<E>>("commitment", &cbytes).ok();
            let p = from_bytes::<Proof<E>>("proof", &pbytes).ok();
            let s = from_bytes::<Shard<ark_bls12_381::Fr>>("shard", &sbytes).ok();
            let c = c.unwrap_or_else(|| d.commitment.clone());
            let p = p.unwrap_or(d.proofs[0]);
            let s_in = s.clone().unwrap_or_else(|| d.shards[0].clone());
            let res = scheme.verify(&vk, &c, &s_in, &p);
            if s.is_some() || c != d.commitment || p != d.proofs[0] {
                prop_assert!(!matches!(res, Ok(true)) || (s_in == d.shards[0] && c == d.commitment && p == d.proofs[0]));
            }
        }
    }

    /// Mangled honest proof bytes that still decode never verify. A random
    /// byte edit of a compressed point almost never decodes (half of all x
    /// have no point, and the subgroup check rejects nearly every other), so
    /// each case flips the sign flag of the ZCash encoding (0x20 of byte 0),
    /// which always decodes to the point's negation, and an assertion that
    /// the case reached the verifier is counted.
    #[test]
    fn sign_flipped_proofs_decode_and_never_verify() {
        use proptest::test_runner::{Config, TestRunner};
        type E = ark_bls12_381::Bls12_381;
        const CASES: u32 = 24;
        let (scheme, _, vk, d) = fixture::<E>(3, 6, 300);
        let reached = std::cell::Cell::new(0u32);
        TestRunner::new(Config::with_cases(CASES))
            .run(&(0..d.shards.len(), 0..d.shards.len()), |(j, other)| {
                let mut bytes = to_bytes(&d.proofs[j]);
                bytes[0] ^= 0x20;
                let p = from_bytes::<Proof<E>>("proof", &bytes).expect("a sign flip decodes");
                prop_assert_ne!(p, d.proofs[j]);
                prop_assert!(!scheme.verify(&vk, &d.commitment, &d.shards[j], &p).unwrap());
                // and the honest proof of another shard is no proof of this one
                if other != j {
                    let q = d.proofs[other];
                    prop_assert!(!scheme.verify(&vk, &d.commitment, &d.shards[j], &q).unwrap());
                }
                reached.set(reached.get() + 1);
                Ok(())
            })
            .unwrap();
        assert_eq!(reached.get(), CASES, "every case reached the verifier");
    }
}
