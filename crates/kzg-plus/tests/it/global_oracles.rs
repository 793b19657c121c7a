//! Scheme-specific oracles of docs/spec.md §10 for KZG+ global: T-10 (known
//! τ: `c = [Q(τ)]_1`, `π_j`), T-12 (sizes: KZG+ + 32 B of commitment,
//! `⌈log2 n⌉·32 + 1` B of path per shard), T-15 (a Merkle path of another
//! index), T-17 (every proof and commitment component tampered), T-19 (the
//! challenge binds the statement), T-22 (path lengths and untrusted bytes),
//! the prepared verifier against the one-shot one, and property tests over
//! random parameters.

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::{One, UniformRand, Zero};

use crate::oracles::eval;
use ark_serialize::CanonicalSerialize;
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::{from_bytes, to_bytes, Dispersal, Encoding, FileInfo, Scheme, Shard, Srs};
use vidkit_kzg_plus::{
    global::merkle, global_challenge, Commitment, GlobalCommitment, GlobalProof, KzgPlus,
    KzgPlusError, KzgPlusGlobal, ProverKey, VerifierKey,
};

type Fixture<E> = (
    KzgPlusGlobal<E>,
    ProverKey<E>,
    VerifierKey<E>,
    Dispersal<KzgPlusGlobal<E>>,
);

fn fixture<E: Pairing>(k: usize, n: usize, len: usize) -> Fixture<E> {
    let scheme = KzgPlusGlobal::<E>::new(k, n, Encoding::Fft).unwrap();
    let srs = Srs::<E>::insecure_from_seed(61, k, 2);
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let data: Vec<u8> = (0..len).map(|i| (i * 29 + 3) as u8).collect();
    let d = scheme.disperse(&pk, &data).unwrap();
    (scheme, pk, vk, d)
}

/// Every encoding, so both proving paths (all openings from one subgroup
/// transform, or one by one at arbitrary points) are checked against τ; `k`
/// from 1 (no quotient) to `n`, `n` a power of two or not.
fn known_tau<E: Pairing>() {
    for (k, n, encoding) in [
        (3, 7, Encoding::Fft),
        (3, 7, Encoding::Points),
        (3, 4, Encoding::Fft),
        (4, 7, Encoding::Systematic),
        (1, 3, Encoding::Fft),
        (1, 2, Encoding::Systematic),
        (2, 2, Encoding::Fft),
        (5, 5, Encoding::Fft),
        (11, 12, Encoding::Fft),
    ] {
        known_tau_for::<E>(k, n, encoding);
    }
}

fn known_tau_for<E: Pairing>(k: usize, n: usize, encoding: Encoding) {
    let mut rng = ChaCha20Rng::seed_from_u64(10);
    let tau = E::ScalarField::rand(&mut rng);
    let scheme = KzgPlusGlobal::<E>::new(k, n, encoding).unwrap();
    let srs = Srs::<E>::insecure_with_tau(tau, k, 2);
    let (pk, vk) = scheme.setup(&srs, 500).unwrap();
    let data: Vec<u8> = (0..400u32).map(|i| (i * 7) as u8).collect();
    let enc = scheme.encode(&data).unwrap();
    let (c, tree) = scheme.commit(&pk, &enc).unwrap();
    let proofs = scheme.prove(&pk, &enc, &c, &tree).unwrap();
    let g = E::G1Affine::generator();
    let m = enc.info.m;
    // the row commitments are KZG+'s
    let plus = KzgPlus::<E>::new(k, n, encoding).unwrap();
    let (rows, ()) = plus.commit(&pk, &enc).unwrap();
    assert_eq!(c.inner(), &rows);
    // the root is the tree's over H(j, y_j)
    let leaves: Vec<_> = enc
        .shards
        .iter()
        .map(|s| merkle::leaf(s.index, &s.values))
        .collect();
    assert_eq!(leaves.len(), n);
    let file = scheme.prepare(&vk, &c).unwrap();
    let r = file.challenge();
    assert_eq!(r, global_challenge(vk.digest(), &c));
    // Q = Σ r^i P_i, c = [Q(τ)]_1
    let mut q = vec![E::ScalarField::zero(); k];
    let mut ri = E::ScalarField::one();
    for i in 0..m {
        for (qc, a) in q.iter_mut().zip(&enc.coefficients[i * k..(i + 1) * k]) {
            *qc += ri * a;
        }
        ri *= r;
    }
    assert_eq!(
        file.combined_commitment(),
        (g * eval(&q, tau)).into_affine()
    );
    for (j, proof) in proofs.iter().enumerate() {
        let alpha = scheme.code().point(j).unwrap();
        let expected = (eval(&q, tau) - eval(&q, alpha)) / (tau - alpha);
        assert_eq!(
            *proof.pi(),
            (g * expected).into_affine(),
            "π_{j}, k = {k}, n = {n}, {encoding:?}"
        );
        let root = merkle::root_from_path(j, leaves[j], proof.path(), merkle::depth(n));
        assert_eq!(root.as_ref(), Some(c.root()), "path {j}");
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

fn sizes<E: Pairing>(g1: usize) {
    for (n, depth) in [(1usize, 0usize), (2, 1), (5, 3), (8, 3), (9, 4)] {
        let k = 1;
        let scheme = KzgPlusGlobal::<E>::new(k, n, Encoding::Points).unwrap();
        let plus = KzgPlus::<E>::new(k, n, Encoding::Points).unwrap();
        let srs = Srs::<E>::insecure_from_seed(12, k, 2);
        let (pk, _) = scheme.setup(&srs, 300).unwrap();
        let d = scheme.disperse(&pk, &[0xAB; 300]).unwrap();
        let p = plus.disperse(&pk, &[0xAB; 300]).unwrap();
        let m = scheme.file_info(&d.commitment).m;
        // commitment: KZG+'s + 32 B of root
        assert_eq!(
            d.commitment.compressed_size(),
            p.commitment.compressed_size() + 32
        );
        assert_eq!(d.commitment.compressed_size(), 33 + 8 + m * g1 + 32);
        // proof: KZG+'s 1 G1 + 1 length byte + ⌈log2 n⌉ hashes
        for proof in &d.proofs {
            assert_eq!(proof.compressed_size(), g1 + 1 + 32 * depth, "n = {n}");
            assert_eq!(proof.compressed_size(), GlobalProof::<E>::size_for(n));
            assert_eq!(proof.path().len(), depth);
        }
    }
}

#[test]
fn t12_sizes() {
    sizes::<ark_bls12_381::Bls12_381>(48);
    sizes::<ark_bn254::Bn254>(32);
    sizes::<vidkit_bls24_317::Bls24_317>(40);
}

#[test]
fn t15_a_merkle_path_of_another_index_is_rejected() {
    type E = ark_bls12_381::Bls12_381;
    let (scheme, _, vk, d) = fixture::<E>(3, 7, 400);
    let n = d.shards.len();
    for j in 0..n {
        for i in (0..n).filter(|&i| i != j) {
            // shard j's opening with shard i's path
            let p = GlobalProof::<E>::new(*d.proofs[j].pi(), d.proofs[i].path().to_vec()).unwrap();
            assert!(
                !scheme.verify(&vk, &d.commitment, &d.shards[j], &p).unwrap(),
                "shard {j} with the path of {i}"
            );
            // shard i's values, opening and path presented under index j
            let moved = Shard {
                index: j,
                values: d.shards[i].values.clone(),
            };
            assert!(!scheme
                .verify(&vk, &d.commitment, &moved, &d.proofs[i])
                .unwrap());
        }
    }
}

#[test]
fn t17_every_component_tampered() {
    type E = ark_bls12_381::Bls12_381;
    let (scheme, _, vk, d) = fixture::<E>(3, 6, 400);
    let g = <E as Pairing>::G1Affine::generator();
    for (j, (s, p)) in d.shards.iter().zip(&d.proofs).enumerate() {
        let with_pi = |pi| GlobalProof::<E>::new(pi, p.path().to_vec()).unwrap();
        for pi in [
            <E as Pairing>::G1Affine::zero(),
            (*p.pi() + g).into_affine(),
            -*p.pi(),
        ] {
            assert!(
                !scheme.verify(&vk, &d.commitment, s, &with_pi(pi)).unwrap(),
                "{j}"
            );
        }
        // every bit of every sibling
        for level in 0..p.path().len() {
            for bit in 0..256 {
                let mut path = p.path().to_vec();
                path[level][bit / 8] ^= 1 << (bit % 8);
                let t = GlobalProof::<E>::new(*p.pi(), path).unwrap();
                assert!(
                    !scheme.verify(&vk, &d.commitment, s, &t).unwrap(),
                    "shard {j}, level {level}, bit {bit}"
                );
            }
        }
        // siblings swapped or reordered
        if p.path().len() > 1 && p.path()[0] != p.path()[1] {
            let mut path = p.path().to_vec();
            path.swap(0, 1);
            let t = GlobalProof::<E>::new(*p.pi(), path).unwrap();
            assert!(!scheme.verify(&vk, &d.commitment, s, &t).unwrap());
        }
    }
    // a tampered root or row commitment rejects every shard
    let info = *d.commitment.info();
    for bit in [0usize, 7, 100, 255] {
        let mut root = *d.commitment.root();
        root[bit / 8] ^= 1 << (bit % 8);
        let c = GlobalCommitment::new(d.commitment.inner().clone(), root);
        for (s, p) in d.shards.iter().zip(&d.proofs) {
            assert!(!scheme.verify(&vk, &c, s, p).unwrap(), "root bit {bit}");
        }
    }
    for i in 0..info.m {
        let mut rows = d.commitment.inner().rows().to_vec();
        rows[i] = (rows[i] + g).into_affine();
        let c = GlobalCommitment::new(Commitment::new(info, rows).unwrap(), *d.commitment.root());
        for (s, p) in d.shards.iter().zip(&d.proofs) {
            assert!(!scheme.verify(&vk, &c, s, p).unwrap(), "row {i}");
        }
    }
}

#[test]
fn t19_challenge_binds_everything() {
    type E = ark_bls12_381::Bls12_381;
    let (scheme, _, vk, d) = fixture::<E>(2, 5, 300);
    let c = &d.commitment;
    let r0 = global_challenge(vk.digest(), c);
    // one challenge for the file: every shard's verifier draws the same
    assert_eq!(scheme.prepare(&vk, c).unwrap().challenge(), r0);
    // the root, bit by bit in every byte
    for byte in 0..32 {
        let mut root = *c.root();
        root[byte] ^= 1;
        let c2 = GlobalCommitment::new(c.inner().clone(), root);
        assert_ne!(global_challenge(vk.digest(), &c2), r0, "root byte {byte}");
    }
    // any single row commitment
    let info = *c.info();
    for i in 0..info.m {
        let mut rows = c.inner().rows().to_vec();
        rows[i] = (rows[i] + <E as Pairing>::G1Affine::generator()).into_affine();
        let c2 = GlobalCommitment::<E>::new(Commitment::new(info, rows).unwrap(), *c.root());
        assert_ne!(global_challenge(vk.digest(), &c2), r0, "row {i}");
    }
    // the metadata: L, n, k, encoding
    for other in [
        FileInfo {
            len: info.len - 1,
            ..info
        },
        FileInfo {
            n: info.n + 1,
            ..info
        },
        FileInfo {
            encoding: Encoding::Points,
            ..info
        },
    ] {
        let c2 = GlobalCommitment::<E>::new(
            Commitment::new(other, c.inner().rows().to_vec()).unwrap(),
            *c.root(),
        );
        assert_ne!(global_challenge(vk.digest(), &c2), r0, "{other:?}");
    }
    // the verifier key
    assert_ne!(global_challenge(&[0u8; 64], c), r0, "verifier key");
}

#[test]
fn t22_path_lengths_are_checked_before_anything_else() {
    type E = ark_bls12_381::Bls12_381;
    let (scheme, _, vk, d) = fixture::<E>(2, 5, 300);
    let info = *d.commitment.info();
    let (s, p) = (&d.shards[1], &d.proofs[1]);
    assert_eq!(p.path().len(), 3);
    // a path one sibling too short or too long is malformed, not wrong
    for path in [
        p.path()[..2].to_vec(),
        [p.path(), &[[0u8; 32]]].concat(),
        vec![],
    ] {
        let t = GlobalProof::<E>::new(*p.pi(), path).unwrap();
        assert!(matches!(
            scheme.verify(&vk, &d.commitment, s, &t),
            Err(KzgPlusError::PathLength { expected: 3, .. })
        ));
        assert!(scheme
            .verify_shards(&vk, &d.commitment, &[(s, &t)])
            .is_err());
        let items = [(s, &t)];
        assert!(scheme
            .batch_verify(&vk, &d.commitment, &items, &mut ark_std::test_rng())
            .is_err());
    }
    assert!(GlobalProof::<E>::new(*p.pi(), vec![[0u8; 32]; 65]).is_err());
    // bytes: the honest proof reads back
    let bytes = to_bytes(p);
    assert_eq!(scheme.proof_from_bytes(&info, &bytes).unwrap(), *p);
    // a stated depth other than ⌈log2 n⌉ is refused before the point is
    // decoded (here the point bytes are garbage)
    for stated in [0u8, 2, 4, 64, 65, 255] {
        let mut t = bytes.clone();
        t[..48].fill(0xFF);
        t[48] = stated;
        assert!(
            matches!(
                scheme.proof_from_bytes(&info, &t),
                Err(KzgPlusError::PathLength { expected: 3, .. })
            ),
            "stated depth {stated}"
        );
    }
    // truncated, trailing, too short to state a depth
    assert!(scheme
        .proof_from_bytes(&info, &bytes[..bytes.len() - 1])
        .is_err());
    assert!(scheme
        .proof_from_bytes(&info, &[&bytes[..], &[0]].concat())
        .is_err());
    assert!(scheme.proof_from_bytes(&info, &bytes[..48]).is_err());
    assert!(scheme.proof_from_bytes(&info, &[]).is_err());
    // plain deserialization bounds the depth (at most 64 siblings, 2 KiB)
    let mut huge = bytes[..49].to_vec();
    huge[48] = 200;
    huge.extend(vec![0u8; 200 * 32]);
    assert!(from_bytes::<GlobalProof<E>>("proof", &huge).is_err());
    // a commitment with its root cut short or extended
    let cbytes = to_bytes(&d.commitment);
    let back: GlobalCommitment<E> = from_bytes("commitment", &cbytes).unwrap();
    assert_eq!(back, d.commitment);
    assert!(from_bytes::<GlobalCommitment<E>>("commitment", &cbytes[..cbytes.len() - 1]).is_err());
    assert!(
        from_bytes::<GlobalCommitment<E>>("commitment", &[&cbytes[..], &[0]].concat()).is_err()
    );
}

#[test]
fn the_prepared_verifier_agrees_with_verify_and_checks_many_shards() {
    type E = ark_bn254::Bn254;
    let (scheme, _, vk, d) = fixture::<E>(3, 7, 500);
    let file = scheme.prepare(&vk, &d.commitment).unwrap();
    assert_eq!(file.commitment(), &d.commitment);
    let mut bad = d.shards[4].clone();
    bad.values[0] += ark_bn254::Fr::one();
    let mut items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
    items.push((&bad, &d.proofs[4]));
    let mut expected = vec![true; d.shards.len()];
    expected.push(false);
    for (&(s, p), e) in items.iter().zip(&expected) {
        assert_eq!(file.verify(s, p).unwrap(), *e);
        assert_eq!(scheme.verify(&vk, &d.commitment, s, p).unwrap(), *e);
    }
    assert_eq!(
        scheme.verify_shards(&vk, &d.commitment, &items).unwrap(),
        expected
    );
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    assert!(!file.batch_verify(&items, &mut rng).unwrap());
    assert!(file.batch_verify(&items[..7], &mut rng).unwrap());
    assert!(file.batch_verify(&[], &mut rng).unwrap());
    // a commitment of other parameters is refused when preparing
    let other = KzgPlusGlobal::<E>::new(3, 8, Encoding::Fft).unwrap();
    assert!(other.prepare(&vk, &d.commitment).is_err());
    // a prover hint of another file is refused
    let (_, pk2, _, _) = fixture::<E>(3, 7, 500);
    let enc = scheme.encode(&[1u8; 500]).unwrap();
    let (c2, tree2) = scheme.commit(&pk2, &enc).unwrap();
    let enc_a = scheme.encode(&[2u8; 500]).unwrap();
    let (_, tree_a) = scheme.commit(&pk2, &enc_a).unwrap();
    assert!(matches!(
        scheme.prove(&pk2, &enc, &c2, &tree_a),
        Err(KzgPlusError::HintMismatch)
    ));
    assert!(scheme.prove(&pk2, &enc, &c2, &tree2).is_ok());
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6))]

        /// Random (k, n, data, encoding): every shard verifies alone, with the
        /// prepared verifier and in a batch; any k shards decode; one altered
        /// value of a random shard is caught by every path.
        #[test]
        fn random_parameters(
            k in 1usize..5,
            extra in 0usize..5,
            len in 0usize..400,
            fft: bool,
            seed: u64,
        ) {
            type E = ark_bn254::Bn254;
            let n = k + extra;
            let encoding = if fft { Encoding::Fft } else { Encoding::Points };
            let scheme = KzgPlusGlobal::<E>::new(k, n, encoding).unwrap();
            let srs = Srs::<E>::insecure_from_seed(seed, k, 2);
            let (pk, vk) = scheme.setup(&srs, len).unwrap();
            let mut rng = ChaCha20Rng::seed_from_u64(seed);
            let mut data = vec![0u8; len];
            ark_std::rand::RngCore::fill_bytes(&mut rng, &mut data);
            let d = scheme.disperse(&pk, &data).unwrap();
            let items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
            prop_assert_eq!(
                scheme.verify_shards(&vk, &d.commitment, &items).unwrap(),
                vec![true; n]
            );
            prop_assert!(scheme.batch_verify(&vk, &d.commitment, &items, &mut rng).unwrap());
            for p in &d.proofs {
                prop_assert_eq!(p.path().len(), merkle::depth(n));
            }
            let back = scheme.decode(d.commitment.info(), &d.shards[n - k..]).unwrap();
            prop_assert_eq!(back, data);
            let j = (seed % n as u64) as usize;
            let mut bad = d.shards[j].clone();
            let row = (seed as usize / 7) % bad.values.len();
            bad.values[row] += ark_bn254::Fr::one();
            prop_assert!(!scheme.verify(&vk, &d.commitment, &bad, &d.proofs[j]).unwrap());
        }

        /// T-22 fuzz: random bytes read as a proof (through the scheme, with
        /// the file's parameters, and plainly) or as a commitment never panic,
        /// and never make a shard verify that is not the honest one.
        #[test]
        fn random_bytes_never_panic(
            cbytes in proptest::collection::vec(any::<u8>(), 0..300),
            pbytes in proptest::collection::vec(any::<u8>(), 0..200),
            depth_byte in any::<u8>(),
        ) {
            type E = ark_bls12_381::Bls12_381;
            let (scheme, _, vk, d) = fixture::<E>(2, 5, 200);
            let info = *d.commitment.info();
            let mut stated = pbytes.clone();
            if stated.len() > 48 {
                stated[48] = depth_byte;
            }
            let p1 = scheme.proof_from_bytes(&info, &stated).ok();
            let p2 = from_bytes::<GlobalProof<E>>("proof", &stated).ok();
            let c = from_bytes::<GlobalCommitment<E>>("commitment", &cbytes).ok();
            let c = c.unwrap_or_else(|| d.commitment.clone());
            for p in [p1, p2].into_iter().flatten() {
                let res = scheme.verify(&vk, &c, &d.shards[0], &p);
                prop_assert!(
                    !matches!(res, Ok(true)) || (p == d.proofs[0] && c == d.commitment)
                );
            }
        }
    }
}
