//! Property tests: random parameters and data round-trip and verify, tampered
//! shards are rejected (T-9, T-13); random bytes never make deserialization
//! or verification panic (T-22 fuzz); golden vectors (T-11), identical with
//! and without the `parallel` feature (T-24).

use ark_bls12_381::{Bls12_381, Fr};
use ark_ff::One;
use ark_std::rand::{RngCore, SeedableRng};
use proptest::prelude::*;
use vidkit_aplonk::{m_prime, Aplonk, AplonkSrs, Commitment, Proof};
use vidkit_core::{packing, Encoding, Scheme};

fn encoding(i: u8) -> Encoding {
    match i % 3 {
        0 => Encoding::Points,
        1 => Encoding::Fft,
        _ => Encoding::Systematic,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    #[test]
    fn random_files_verify_and_tampering_is_caught(
        k in 1usize..5,
        extra in 0usize..3,
        enc in 0u8..3,
        len in 0usize..600,
        seed in any::<u64>(),
    ) {
        let enc = if encoding(enc) == Encoding::Systematic && !k.is_power_of_two() {
            Encoding::Fft
        } else {
            encoding(enc)
        };
        // systematic needs every source column c·(n'/k) < n: take n ∈ {k, 2k}
        let n = if enc == Encoding::Systematic { k << (extra % 2) } else { k + extra };
        let scheme = Aplonk::<Bls12_381>::new(k, n, enc)
            .unwrap_or_else(|e| panic!("k = {k}, n = {n}, {enc:?}: {e}"));
        let m = packing::rows_for::<Fr>(len, k).unwrap();
        let srs = AplonkSrs::<Bls12_381>::insecure_from_seeds(seed, seed ^ 1, k, m_prime(m));
        let (pk, vk) = scheme.setup(&srs, len).unwrap();
        let mut data = vec![0u8; len];
        rand_chacha::ChaCha20Rng::seed_from_u64(seed).fill_bytes(&mut data);
        let d = scheme.disperse(&pk, &data).unwrap();
        for (s, p) in d.shards.iter().zip(&d.proofs) {
            prop_assert!(scheme.verify(&vk, &d.commitment, s, p).unwrap());
            let mut t = s.clone();
            let row = (seed as usize) % t.values.len();
            t.values[row] += Fr::one();
            prop_assert!(!scheme.verify(&vk, &d.commitment, &t, p).unwrap());
        }
        let info = scheme.file_info(&d.commitment);
        prop_assert_eq!(scheme.decode(info, &d.shards[n - k..]).unwrap(), data);
    }
}

fn honest() -> (
    Aplonk<Bls12_381>,
    vidkit_aplonk::VerifierKey<Bls12_381>,
    vidkit_core::Dispersal<Aplonk<Bls12_381>>,
) {
    let scheme = Aplonk::<Bls12_381>::new(2, 3, Encoding::Points).unwrap();
    let srs = AplonkSrs::<Bls12_381>::insecure_from_seeds(3, 4, 2, 4);
    let (pk, vk) = scheme.setup(&srs, 200).unwrap();
    let d = scheme.disperse(&pk, &[7u8; 150]).unwrap();
    (scheme, vk, d)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Random bytes, and honest proof bytes with random edits, never panic;
    /// anything that deserializes to a different proof is rejected (rarely:
    /// see `sign_flipped_proofs_decode_and_never_verify` for edits that
    /// always decode).
    #[test]
    fn fuzz_proof_bytes(
        noise in proptest::collection::vec(any::<u8>(), 0..700),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4),
        cut in any::<usize>(),
    ) {
        let (scheme, vk, d) = honest();
        let m = d.commitment.info().m;
        let _ = Proof::<Bls12_381>::from_bytes(&noise, m);
        let _ = vidkit_core::from_bytes::<Commitment<Bls12_381>>("commitment", &noise);
        let mut bytes = vidkit_core::to_bytes(&d.proofs[0]);
        for (pos, x) in edits {
            let i = pos % bytes.len();
            bytes[i] ^= x.max(1);
        }
        if let Ok(p) = Proof::<Bls12_381>::from_bytes(&bytes, m)
            && p != d.proofs[0] {
                prop_assert!(!scheme.verify(&vk, &d.commitment, &d.shards[0], &p).unwrap());
            }
        let short = &bytes[..cut % bytes.len()];
        prop_assert!(Proof::<Bls12_381>::from_bytes(short, m).is_err());
    }
}

/// Mangled honest proof bytes that still decode never verify. A random byte
/// edit of a compressed point almost never decodes (off the curve or off the
/// subgroup), so each case flips the sign flag (0x20 of the first byte, ZCash
/// encoding) of one of the proof's G1/G2 elements — `μ̂`, `π_kzg`, `μ_0`,
/// `G_0`, `π_ck` — which always decodes to that element's negation; every case
/// must reach the verifier, and the cases are counted.
#[test]
fn sign_flipped_proofs_decode_and_never_verify() {
    use ark_serialize::CanonicalSerialize;
    use proptest::test_runner::{Config, TestRunner};
    const CASES: u32 = 30;
    let (scheme, vk, d) = honest();
    let m = d.commitment.info().m;
    let reached = std::cell::Cell::new(0u32);
    TestRunner::new(Config::with_cases(CASES))
        .run(&(0usize..5, 0..d.shards.len()), |(which, j)| {
            let proof = &d.proofs[j];
            let mut bytes = vidkit_core::to_bytes(proof);
            let (g1, g2) = (
                proof.mu_hat().compressed_size(),
                proof.g_0().compressed_size(),
            );
            let len = bytes.len();
            // layout: μ̂, π_kzg, rounds, μ_0, G_0, π_ck
            let at = [0, g1, len - g2 - g2 - g1, len - g2 - g2, len - g2][which];
            bytes[at] ^= 0x20;
            let p = Proof::<Bls12_381>::from_bytes(&bytes, m).expect("a sign flip decodes");
            prop_assert_ne!(&p, proof);
            prop_assert!(!scheme.verify(&vk, &d.commitment, &d.shards[j], &p).unwrap());
            reached.set(reached.get() + 1);
            Ok(())
        })
        .unwrap();
    assert_eq!(reached.get(), CASES, "every case reached the verifier");
}

/// T-11: pinned SHA-256 digests of the commitment and of every proof for a
/// fixed setup and input (the same with and without `parallel`).
#[test]
fn golden_vectors() {
    use sha2::{Digest, Sha256};
    let scheme = Aplonk::<Bls12_381>::new(2, 4, Encoding::Fft).unwrap();
    let srs = AplonkSrs::<Bls12_381>::insecure_from_seeds(2024, 2025, 2, 4);
    let (pk, _vk) = scheme.setup(&srs, 31 * 2 * 3).unwrap();
    let data: Vec<u8> = (0..31 * 2 * 3).map(|i| (i * 7 + 1) as u8).collect();
    let d = scheme.disperse(&pk, &data).unwrap();
    let hex = |b: Vec<u8>| hex::encode(Sha256::digest(b));
    let got: Vec<String> = std::iter::once(hex(vidkit_core::to_bytes(&d.commitment)))
        .chain(d.proofs.iter().map(|p| hex(vidkit_core::to_bytes(p))))
        .collect();
    let expected: [&str; 5] = [
        "827afe2de269344cbdc9b4a79b77253a3a0672693bee4dd37d427c67b5d039d7",
        "05b37acca83532080661c4912c0ca01af8df54d58b5c5a92c9424c34e728a04c",
        "a1c5a7b50c2e14abdd179a3eebda8ba942c9b28c8bcfb72888e15569efff42b1",
        "522fe1d983f3eeb5182b6368e26bf20c70fcb5e7ae306c6dfa5005faa99ae681",
        "c163dcda17ce60d918c498146a623d8458357d17755b5e8f252496862cc6f48f",
    ];
    assert_eq!(got, expected);
}

/// The file-wide shortcuts (shared round 1, window tables of the fixed key
/// and of `[σ^c]_1`, `G_T` tables) are taken only when many shards are
/// proved at once; proving the shards one at a time takes none of them. The
/// proofs must be bit-identical, over `m'` from 2 to 32, `m` a power of two
/// or not, and BLS12-381 and BN254.
#[test]
fn many_shard_shortcuts_give_the_one_shard_proofs() {
    fn check<E: ark_ec::pairing::Pairing>(k: usize, len: usize) {
        let n = 64;
        let scheme = Aplonk::<E>::new(k, n, Encoding::Fft).unwrap();
        let m = packing::rows_for::<E::ScalarField>(len, k).unwrap();
        let srs = AplonkSrs::<E>::insecure_from_seeds(7, 8, k, m_prime(m));
        let (pk, vk) = scheme.setup(&srs, len).unwrap();
        let mut data = vec![0u8; len];
        rand_chacha::ChaCha20Rng::seed_from_u64(len as u64).fill_bytes(&mut data);
        let enc = scheme.encode(&data).unwrap();
        let (c, hint) = scheme.commit(&pk, &enc).unwrap();
        let all = scheme.prove(&pk, &enc, &c, &hint).unwrap();
        for j in [0, 17, n - 1] {
            let one = scheme.prove_shards(&pk, &enc, &c, &hint, &[j]).unwrap();
            assert!(one[0] == all[j], "k = {k}, m = {m}, shard {j}");
            assert!(scheme.verify(&vk, &c, &enc.shards[j], &all[j]).unwrap());
        }
    }
    for (k, len) in [
        (4, 31 * 4 * 2),
        (4, 31 * 4 * 5),
        (2, 31 * 2 * 16),
        (3, 31 * 3 * 27),
    ] {
        check::<Bls12_381>(k, len);
    }
    check::<ark_bn254::Bn254>(4, 31 * 4 * 13);
}
