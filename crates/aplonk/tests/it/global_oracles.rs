//! aPlonK global oracles (docs/spec.md §7.9): known trapdoors, sizes, the
//! per-file part shared by every shard, every tamper class, the per-file
//! cache of the prepared verifier, Merkle paths of other indices, batches
//! against individual checks, malformed bytes and property tests.

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{Field, UniformRand, Zero};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use ark_std::rand::SeedableRng;
use proptest::prelude::*;
use vidkit_aplonk::{
    global::LEAF_DST, global_challenge, m_prime, poly, rounds, AplonkError, AplonkGlobal,
    AplonkSrs, Commitment, FileProof, GlobalCommitment, GlobalProof, ProverKey, Round, VerifierKey,
};
use vidkit_core::{merkle, packing, Dispersal, Encoding, Scheme, Shard};

type Rng = rand_chacha::ChaCha20Rng;

fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

pub(crate) struct Fixture<E: Pairing> {
    pub scheme: AplonkGlobal<E>,
    pub pk: ProverKey<E>,
    pub vk: VerifierKey<E>,
    pub sigma: E::ScalarField,
    pub tau: E::ScalarField,
}

/// aPlonK global with known trapdoors σ and τ.
pub(crate) fn fixture<E: Pairing>(
    k: usize,
    n: usize,
    enc: Encoding,
    max_bytes: usize,
    seed: u64,
) -> Fixture<E> {
    let mut r = rng(seed);
    let (sigma, tau) = (E::ScalarField::rand(&mut r), E::ScalarField::rand(&mut r));
    let scheme = AplonkGlobal::<E>::new(k, n, enc).unwrap();
    let m = packing::rows_for::<E::ScalarField>(max_bytes, k).unwrap();
    let srs = AplonkSrs::<E>::insecure_with_trapdoors(sigma, tau, k, m_prime(m));
    let (pk, vk) = scheme.setup(&srs, max_bytes).unwrap();
    Fixture {
        scheme,
        pk,
        vk,
        sigma,
        tau,
    }
}

pub(crate) fn data(len: usize, seed: u64) -> Vec<u8> {
    let mut r = rng(seed);
    let mut d = vec![0u8; len];
    ark_std::rand::RngCore::fill_bytes(&mut r, &mut d);
    d
}

type D<E> = Dispersal<AplonkGlobal<E>>;

fn ok<E: Pairing>(f: &Fixture<E>, d: &D<E>, s: &Shard<E::ScalarField>, p: &GlobalProof<E>) -> bool {
    f.scheme
        .verify(&f.vk, &d.commitment, s, p)
        .expect("well-formed")
}

/// What the per-shard pairing check alone says: `e(μ̂ − v̂G + απ, H) =
/// e(π, [σ]_2)`, with `v̂ = Σ r^i y[i]`.
pub(crate) fn opening_holds<E: Pairing>(
    vk: &VerifierKey<E>,
    r: E::ScalarField,
    alpha: E::ScalarField,
    values: &[E::ScalarField],
    p: &GlobalProof<E>,
) -> bool {
    let v = poly::horner(values, r);
    let pi = *p.pi();
    let lhs = p.file().mu_hat().into_group() - vk.g * v + pi * alpha;
    E::pairing(lhs, vk.h) == E::pairing(pi, vk.sigma_h)
}

/// The proof `p` with its per-file part replaced.
pub(crate) fn with_file<E: Pairing>(p: &GlobalProof<E>, file: FileProof<E>) -> GlobalProof<E> {
    GlobalProof::new(file, *p.pi(), p.path().to_vec()).unwrap()
}

fn with_pi<E: Pairing>(p: &GlobalProof<E>, pi: E::G1Affine) -> GlobalProof<E> {
    GlobalProof::new(p.file().clone(), pi, p.path().to_vec()).unwrap()
}

fn with_path<E: Pairing>(p: &GlobalProof<E>, path: Vec<[u8; 32]>) -> GlobalProof<E> {
    GlobalProof::new(p.file().clone(), *p.pi(), path).unwrap()
}

/// A per-file part rebuilt from edited components.
struct Parts<E: Pairing> {
    mu_hat: E::G1Affine,
    rounds: Vec<Round<E>>,
    mu_0: E::G1Affine,
    g_0: E::G2Affine,
    pi_ck: E::G2Affine,
}

fn edited<E: Pairing>(p: &FileProof<E>, edit: &dyn Fn(&mut Parts<E>)) -> FileProof<E> {
    let mut q = Parts {
        mu_hat: *p.mu_hat(),
        rounds: p.rounds().to_vec(),
        mu_0: *p.mu_0(),
        g_0: *p.g_0(),
        pi_ck: *p.pi_ck(),
    };
    edit(&mut q);
    FileProof::new(q.mu_hat, q.rounds, q.mu_0, q.g_0, q.pi_ck).unwrap()
}

fn edit_round<E: Pairing>(
    q: &mut Parts<E>,
    l: usize,
    edit: impl FnOnce(
        &mut ark_ec::pairing::PairingOutput<E>,
        &mut ark_ec::pairing::PairingOutput<E>,
        &mut E::G1Affine,
        &mut E::G1Affine,
    ),
) {
    let r = &q.rounds[l];
    let (mut a, mut b, mut c, mut d) = (*r.l_g(), *r.r_g(), *r.l_r(), *r.r_r());
    edit(&mut a, &mut b, &mut c, &mut d);
    q.rounds[l] = Round::new(a, b, c, d).unwrap();
}

/// Known σ, τ: `μ̂ = f(σ)·G` for `f = Σ r^i P_i` with the file's one `r`,
/// every `π_j` is the KZG(σ) opening of `f` at `α_j`, the per-file part is
/// the same bytes in every proof, `G_0 ≠ H`, and the root is the tree of
/// the leaves `H(j, y_j)`. Every encoding, so both ways of computing the
/// `π_j` (all at once from one subgroup transform with `fft` and
/// `systematic`, one by one with `points`) are checked against σ.
fn known_trapdoors<E: Pairing>() {
    for (k, n, encoding) in [
        (3, 6, Encoding::Points),
        (3, 6, Encoding::Fft),
        (3, 4, Encoding::Fft),
        (4, 7, Encoding::Systematic),
        (1, 3, Encoding::Fft),
        (5, 5, Encoding::Fft),
    ] {
        known_trapdoors_for::<E>(k, n, encoding);
    }
}

fn known_trapdoors_for<E: Pairing>(k: usize, n: usize, encoding: Encoding) {
    let f = fixture::<E>(k, n, encoding, 31 * k * 5, 1);
    let bytes = data(31 * k * 5 - 4, 2);
    let enc = f.scheme.encode(&bytes).unwrap();
    let (c, hint) = f.scheme.commit(&f.pk, &enc).unwrap();
    let proofs = f.scheme.prove(&f.pk, &enc, &c, &hint).unwrap();
    let r = global_challenge(f.vk.digest(), &c);
    let poly_f = poly::combine_rows(&enc.coefficients, k, r);
    let g = E::G1::generator();
    let f_sigma = poly::horner(&poly_f, f.sigma);
    let file_bytes = vidkit_core::to_bytes(proofs[0].file());
    let leaves: Vec<[u8; 32]> = enc
        .shards
        .iter()
        .map(|s| merkle::leaf(LEAF_DST, s.index, &s.values))
        .collect();
    for (j, p) in proofs.iter().enumerate() {
        assert_eq!(p.file().mu_hat().into_group(), g * f_sigma, "μ̂ = f(σ)·G");
        assert_eq!(
            vidkit_core::to_bytes(p.file()),
            file_bytes,
            "one per-file part"
        );
        let alpha = f.scheme.code().point(j).unwrap();
        let v = poly::horner(&poly_f, alpha);
        assert_eq!(v, poly::horner(&enc.shards[j].values, r), "f(α_j) = v̂_j");
        let q = (f_sigma - v) * (f.sigma - alpha).inverse().unwrap();
        assert_eq!(
            p.pi().into_group(),
            g * q,
            "π_{j}, k = {k}, n = {n}, {encoding:?}"
        );
        let root = merkle::root_from_path(j, leaves[j], p.path(), merkle::depth(n));
        assert_eq!(root.as_ref(), Some(c.root()));
    }
    // com_f is aPlonK-PC's: (Σ_i P_i(σ) τ^i)·e(G, H)
    let rows: Vec<E::ScalarField> = enc
        .coefficients
        .chunks(k)
        .map(|row| poly::horner(row, f.sigma))
        .collect();
    let e = E::pairing(E::G1::generator(), E::G2::generator());
    assert_eq!(*c.inner().com_f(), e * poly::horner(&rows, f.tau));
    assert_eq!(
        c.inner(),
        &vidkit_aplonk::Aplonk::<E>::new(k, n, encoding)
            .unwrap()
            .commit(&f.pk, &enc)
            .unwrap()
            .0,
        "the commitment is aPlonK-PC's and a root"
    );
    assert_eq!(hint.tree.root(), *c.root());
    // the root is bound into r
    let other = GlobalCommitment::new(c.inner().clone(), [9; 32]);
    assert_ne!(global_challenge(f.vk.digest(), &other), r);
    assert_ne!(*proofs[0].file().g_0(), E::G2Affine::generator());
}

#[test]
fn known_trapdoors_bls12_381() {
    known_trapdoors::<ark_bls12_381::Bls12_381>();
}

#[test]
fn known_trapdoors_bn254() {
    known_trapdoors::<ark_bn254::Bn254>();
}

/// Sizes: the commitment is aPlonK-PC's + 32 bytes, a proof
/// `8 + (2κ+3)|G1| + 2|G2| + 2κ|G_T| + 1 + 32⌈log2 n⌉` bytes: aPlonK-PC's
/// proof size plus the path.
#[test]
fn sizes() {
    type E = ark_bls12_381::Bls12_381;
    for (k, n, m) in [(2, 3, 1), (2, 4, 5), (3, 9, 8)] {
        let f = fixture::<E>(k, n, Encoding::Fft, 31 * k * m, 3);
        let d = f.scheme.disperse(&f.pk, &data(31 * k * m, 4)).unwrap();
        assert_eq!(d.commitment.info().m, m);
        let c = d.commitment.serialized_size(Compress::Yes);
        assert_eq!(c, d.commitment.inner().serialized_size(Compress::Yes) + 32);
        let kappa = rounds(m);
        let expected =
            8 + (2 * kappa + 3) * 48 + 2 * 96 + 2 * kappa * 576 + 1 + 32 * merkle::depth(n);
        assert_eq!(GlobalProof::<E>::size_for(m, n), expected);
        assert_eq!(
            expected,
            vidkit_aplonk::Proof::<E>::size(kappa) + 1 + 32 * merkle::depth(n)
        );
        for p in &d.proofs {
            assert_eq!(p.serialized_size(Compress::Yes), expected);
            assert_eq!(vidkit_core::to_bytes(p).len(), expected);
        }
    }
}

/// Every tamper class: an altered value, an altered `π_j`, every field of
/// the per-file part, a proof moved to another index, a shard of another
/// file, another file's commitment and a wrong root — alone, one by one
/// through a prepared verifier, and in a batch.
fn tamper<E: Pairing>() {
    let k = 2;
    let f = fixture::<E>(k, 5, Encoding::Fft, 31 * k * 7, 5); // m = 7, κ = 3
    let d = f.scheme.disperse(&f.pk, &data(31 * k * 7, 6)).unwrap();
    let other = f.scheme.disperse(&f.pk, &data(31 * k * 7, 7)).unwrap();
    for (s, p) in d.shards.iter().zip(&d.proofs) {
        assert!(ok(&f, &d, s, p));
    }
    let j = 1;
    let (s, p) = (&d.shards[j], &d.proofs[j]);
    let g1 = E::G1Affine::generator();
    let g2 = E::G2Affine::generator();
    let gt = E::pairing(g1, g2);
    let bump1 = |x: E::G1Affine| (x + g1).into_affine();
    let bump2 = |x: E::G2Affine| (x + g2).into_affine();
    let file = p.file();
    let mut parts: Vec<(String, FileProof<E>)> = Vec::new();
    let mut add = |name: &str, edit: &dyn Fn(&mut Parts<E>)| {
        parts.push((name.to_string(), edited(file, edit)));
    };
    add("mu_hat", &|q| q.mu_hat = bump1(q.mu_hat));
    add("mu_hat = 0", &|q| q.mu_hat = E::G1Affine::zero());
    add("mu_0", &|q| q.mu_0 = bump1(q.mu_0));
    add("mu_0 = 0", &|q| q.mu_0 = E::G1Affine::zero());
    add("G_0", &|q| q.g_0 = bump2(q.g_0));
    add("pi_ck", &|q| q.pi_ck = bump2(q.pi_ck));
    add("pi_ck = 0", &|q| q.pi_ck = E::G2Affine::zero());
    for l in 0..file.rounds().len() {
        add(&format!("L_G[{l}]"), &|q| {
            edit_round(q, l, |a, _, _, _| *a += gt)
        });
        add(&format!("R_G[{l}]"), &|q| {
            edit_round(q, l, |_, b, _, _| *b += gt)
        });
        add(&format!("L_r[{l}]"), &|q| {
            edit_round(q, l, |_, _, c, _| *c = bump1(*c))
        });
        add(&format!("R_r[{l}]"), &|q| {
            edit_round(q, l, |_, _, _, d| *d = bump1(*d))
        });
    }
    add("rounds reversed", &|q| q.rounds.reverse());
    add("L and R swapped", &|q| {
        edit_round(q, 0, |a, b, c, d| {
            std::mem::swap(a, b);
            std::mem::swap(c, d);
        })
    });
    let mut cases: Vec<(String, Shard<E::ScalarField>, GlobalProof<E>)> = parts
        .into_iter()
        .map(|(name, part)| (name, s.clone(), with_file(p, part)))
        .collect();
    let mut altered = s.clone();
    altered.values[3] += E::ScalarField::ONE;
    cases.push(("value".into(), altered, p.clone()));
    cases.push(("pi_j".into(), s.clone(), with_pi(p, bump1(*p.pi()))));
    cases.push((
        "pi_j = 0".into(),
        s.clone(),
        with_pi(p, E::G1Affine::zero()),
    ));
    cases.push(("proof of shard 2".into(), s.clone(), d.proofs[2].clone()));
    let mut moved = s.clone();
    moved.index = 2;
    cases.push(("shard moved to index 2".into(), moved, p.clone()));
    cases.push((
        "shard and proof of another file".into(),
        other.shards[j].clone(),
        other.proofs[j].clone(),
    ));
    cases.push((
        "proof of another file".into(),
        s.clone(),
        other.proofs[j].clone(),
    ));
    for (name, ts, tp) in &cases {
        assert!(
            !(ts == s && tp == p),
            "{name} must change the shard or the proof"
        );
        assert!(!ok(&f, &d, ts, tp), "tampered {name} must be rejected");
        // after the honest per-file part is cached, and before
        let mut file = f.scheme.prepare(&f.vk, &d.commitment).unwrap();
        assert!(file.verify(&d.shards[0], &d.proofs[0]).unwrap());
        assert!(!file.verify(ts, tp).unwrap(), "{name} after the cache");
        let mut fresh = f.scheme.prepare(&f.vk, &d.commitment).unwrap();
        assert!(!fresh.verify(ts, tp).unwrap(), "{name}, fresh");
        assert!(fresh.verify(&d.shards[0], &d.proofs[0]).unwrap());
        let items = [(&d.shards[0], &d.proofs[0]), (ts, tp)];
        assert!(
            !f.scheme
                .batch_verify(&f.vk, &d.commitment, &items, &mut rng(9))
                .unwrap(),
            "batch with tampered {name}"
        );
        assert_eq!(
            f.scheme
                .verify_shards(&f.vk, &d.commitment, &items)
                .unwrap(),
            vec![true, false],
            "{name}"
        );
    }
    // another file's commitment, a wrong root, a root of another file
    let wrong = [
        other.commitment.clone(),
        GlobalCommitment::new(d.commitment.inner().clone(), [7; 32]),
        GlobalCommitment::new(d.commitment.inner().clone(), *other.commitment.root()),
        GlobalCommitment::new(other.commitment.inner().clone(), *d.commitment.root()),
    ];
    for c in &wrong {
        for (s, p) in d.shards.iter().zip(&d.proofs) {
            assert!(!f.scheme.verify(&f.vk, c, s, p).unwrap());
        }
        let items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
        assert!(!f
            .scheme
            .batch_verify(&f.vk, c, &items, &mut rng(2))
            .unwrap());
    }
    // a wrong number of rounds and an identity G_0: typed errors
    let short = edited(file, &|q| {
        q.rounds.pop();
    });
    let err = f
        .scheme
        .verify(&f.vk, &d.commitment, s, &with_file(p, short));
    assert!(
        matches!(
            err,
            Err(AplonkError::RoundCount {
                expected: 3,
                m_prime: 8,
                ..
            })
        ),
        "{err:?}"
    );
    let zero_key = with_file(p, edited(file, &|q| q.g_0 = E::G2Affine::zero()));
    assert_eq!(
        f.scheme.verify(&f.vk, &d.commitment, s, &zero_key),
        Err(AplonkError::IdentityPoint { what: "G_0" })
    );
}

#[test]
fn every_tamper_class_is_rejected_bls12_381() {
    tamper::<ark_bls12_381::Bls12_381>();
}

#[test]
fn every_tamper_class_is_rejected_bn254() {
    tamper::<ark_bn254::Bn254>();
}

/// The cache never vouches for a per-file part it has not checked: with
/// known σ, a proof whose `μ̂` is shifted and whose `π_j` is forged to match
/// passes the per-shard pairing check, and is rejected whether or not the
/// honest part was verified before; a failing part is never kept.
#[test]
fn the_cache_keeps_only_checked_per_file_parts() {
    type E = ark_bls12_381::Bls12_381;
    type Fr = ark_bls12_381::Fr;
    let k = 2;
    let f = fixture::<E>(k, 4, Encoding::Points, 31 * k * 3, 8);
    let d = f.scheme.disperse(&f.pk, &data(31 * k * 3, 9)).unwrap();
    let j = 2;
    let (s, p) = (&d.shards[j], &d.proofs[j]);
    let alpha = f.scheme.code().point(j).unwrap();
    let mut file = f.scheme.prepare(&f.vk, &d.commitment).unwrap();
    let r = file.challenge();
    // μ̂' = μ̂ + G and π' = π + G/(σ − α): e(μ̂' − v̂G + απ', H) = e(π', [σ]_2)
    let g = <E as Pairing>::G1::generator();
    let shift = (f.sigma - alpha).inverse().unwrap();
    let bad_file = edited(p.file(), &|q| q.mu_hat = (q.mu_hat + g).into_affine());
    let forged = GlobalProof::new(
        bad_file.clone(),
        (p.pi().into_group() + g * shift).into_affine(),
        p.path().to_vec(),
    )
    .unwrap();
    assert!(opening_holds(&f.vk, r, alpha, &s.values, &forged));
    assert!(file.verified_file_proof().is_none());
    assert!(!file.verify(s, &forged).unwrap(), "before the cache");
    assert!(
        file.verified_file_proof().is_none(),
        "a failing part is not kept"
    );
    assert!(!file.check_file_proof(&bad_file).unwrap());
    assert!(file.verify(s, p).unwrap());
    assert_eq!(file.verified_file_proof(), Some(p.file()));
    assert!(!file.verify(s, &forged).unwrap(), "after the cache");
    assert_eq!(file.verified_file_proof(), Some(p.file()));
    let items = [(s, p), (s, &forged)];
    assert!(!file.batch_verify(&items, &mut rng(3)).unwrap());
    assert!(!f
        .scheme
        .batch_verify(&f.vk, &d.commitment, &items[1..], &mut rng(3))
        .unwrap());
    let _ = Fr::zero();
}

/// T-15: a Merkle path of another index, and every single-bit change of a
/// sibling, are rejected; a path of the wrong length is an error.
#[test]
fn paths_of_other_indices_and_flipped_bits_are_rejected() {
    type E = ark_bls12_381::Bls12_381;
    let k = 2;
    let n = 5; // depth 3, padding leaves
    let f = fixture::<E>(k, n, Encoding::Points, 31 * k * 2, 10);
    let d = f.scheme.disperse(&f.pk, &data(31 * k * 2, 11)).unwrap();
    let mut file = f.scheme.prepare(&f.vk, &d.commitment).unwrap();
    for j in 0..n {
        let (s, p) = (&d.shards[j], &d.proofs[j]);
        for i in (0..n).filter(|&i| i != j) {
            let q = with_path(p, d.proofs[i].path().to_vec());
            assert!(!file.verify(s, &q).unwrap(), "path of {i} for {j}");
        }
        for level in 0..p.path().len() {
            for bit in [0usize, 77, 255] {
                let mut path = p.path().to_vec();
                path[level][bit / 8] ^= 1 << (bit % 8);
                assert!(!file.verify(s, &with_path(p, path)).unwrap());
            }
        }
        let mut long = p.path().to_vec();
        long.push([0; 32]);
        assert_eq!(
            file.verify(s, &with_path(p, long)),
            Err(AplonkError::PathLength {
                got: 4,
                expected: 3
            })
        );
        assert!(matches!(
            file.verify(s, &with_path(p, p.path()[1..].to_vec())),
            Err(AplonkError::PathLength { got: 2, .. })
        ));
        assert!(file.verify(s, p).unwrap());
    }
}

/// T-21: a batch accepts iff every item verifies; an empty batch accepts.
#[test]
fn batches_agree_with_individual_checks() {
    type E = ark_bn254::Bn254;
    let k = 3;
    let f = fixture::<E>(k, 7, Encoding::Fft, 31 * k * 4, 12);
    let d = f.scheme.disperse(&f.pk, &data(31 * k * 4, 13)).unwrap();
    let items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
    assert!(f
        .scheme
        .batch_verify(&f.vk, &d.commitment, &items, &mut rng(1))
        .unwrap());
    assert!(f
        .scheme
        .batch_verify(&f.vk, &d.commitment, &[], &mut rng(1))
        .unwrap());
    assert_eq!(
        f.scheme
            .verify_shards(&f.vk, &d.commitment, &items)
            .unwrap(),
        vec![true; 7]
    );
    for j in 0..7 {
        let mut bad = d.shards[j].clone();
        bad.values[0] += <E as Pairing>::ScalarField::ONE;
        let mut items = items.clone();
        items[j] = (&bad, &d.proofs[j]);
        assert!(!f
            .scheme
            .batch_verify(&f.vk, &d.commitment, &items, &mut rng(j as u64))
            .unwrap());
        let mut expected = vec![true; 7];
        expected[j] = false;
        assert_eq!(
            f.scheme
                .verify_shards(&f.vk, &d.commitment, &items)
                .unwrap(),
            expected
        );
    }
    // the same shard twice, and a subset
    let twice = [items[3], items[3], items[0]];
    assert!(f
        .scheme
        .batch_verify(&f.vk, &d.commitment, &twice, &mut rng(4))
        .unwrap());
}

/// T-22: malformed bytes give typed errors, never panics, before any point
/// is decoded: a wrong round count, a wrong path length byte, truncated and
/// trailing bytes; the generic deserialization bounds both counts.
#[test]
fn malformed_bytes_give_typed_errors() {
    type E = ark_bls12_381::Bls12_381;
    let k = 2;
    let f = fixture::<E>(k, 6, Encoding::Fft, 31 * k * 3, 14); // m = 3, κ = 2, depth 3
    let d = f.scheme.disperse(&f.pk, &data(31 * k * 3, 15)).unwrap();
    let info = *d.commitment.info();
    let bytes = vidkit_core::to_bytes(&d.proofs[1]);
    assert_eq!(
        f.scheme.proof_from_bytes(&info, &bytes).unwrap(),
        d.proofs[1]
    );
    // the round count sits after μ̂
    for count in [0u64, 1, 3, 63, u64::MAX] {
        let mut b = bytes.clone();
        b[48..56].copy_from_slice(&count.to_le_bytes());
        assert!(
            matches!(
                f.scheme.proof_from_bytes(&info, &b),
                Err(AplonkError::RoundCount { expected: 2, .. })
            ),
            "count {count}"
        );
    }
    // the path length byte sits after the per-file part and π_j
    let at = FileProof::<E>::size(2) + 48;
    assert_eq!(usize::from(bytes[at]), 3);
    for depth in [0u8, 2, 4, 64, 65, 255] {
        let mut b = bytes.clone();
        b[at] = depth;
        assert_eq!(
            f.scheme.proof_from_bytes(&info, &b),
            Err(AplonkError::PathLength {
                got: depth.into(),
                expected: 3
            }),
            "depth {depth}"
        );
    }
    for len in [0, 1, 48, 55, 56, at, at + 1, bytes.len() - 1] {
        assert!(
            f.scheme.proof_from_bytes(&info, &bytes[..len]).is_err(),
            "truncated to {len}"
        );
    }
    let mut long = bytes.clone();
    long.push(0);
    assert!(f.scheme.proof_from_bytes(&info, &long).is_err());
    // a corrupted point is a deserialization error
    let mut b = bytes.clone();
    b[at - 10] ^= 0x5a;
    assert!(matches!(
        f.scheme.proof_from_bytes(&info, &b),
        Err(AplonkError::Core(
            vidkit_core::Error::Deserialization { .. }
        ))
    ));
    // the generic path refuses counts beyond any file before reading them
    for mode in [Validate::Yes, Validate::No] {
        let mut b = bytes.clone();
        b[48..56].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(GlobalProof::<E>::deserialize_with_mode(&b[..], Compress::Yes, mode).is_err());
        let mut b = bytes.clone();
        b[at] = 65;
        assert!(GlobalProof::<E>::deserialize_with_mode(&b[..], Compress::Yes, mode).is_err());
        // and validates the points whatever the mode says
        let mut b = bytes.clone();
        b[at - 10] ^= 0x5a;
        assert!(GlobalProof::<E>::deserialize_with_mode(&b[..], Compress::Yes, mode).is_err());
    }
    // commitments: round trip, truncated root
    let cb = vidkit_core::to_bytes(&d.commitment);
    assert_eq!(
        vidkit_core::from_bytes::<GlobalCommitment<E>>("c", &cb).unwrap(),
        d.commitment
    );
    assert!(vidkit_core::from_bytes::<GlobalCommitment<E>>("c", &cb[..cb.len() - 1]).is_err());
    let inner = Commitment::<E>::new(info, *d.commitment.inner().com_f()).unwrap();
    assert_eq!(&inner, d.commitment.inner());
    // a path longer than any file cannot be built
    let p = &d.proofs[0];
    assert_eq!(
        GlobalProof::new(p.file().clone(), *p.pi(), vec![[0; 32]; 65]),
        Err(AplonkError::PathLength {
            got: 65,
            expected: 64
        })
    );
}

/// The proofs are bit-identical whatever the prover's parallelism, and the
/// per-file part does not depend on which shard carries it; proving twice
/// gives the same bytes (deterministic).
#[test]
fn proving_is_deterministic() {
    type E = ark_bls12_381::Bls12_381;
    let k = 4;
    let f = fixture::<E>(k, 8, Encoding::Systematic, 31 * k * 9, 16);
    let bytes = data(31 * k * 9, 17);
    let a = f.scheme.disperse(&f.pk, &bytes).unwrap();
    let b = f.scheme.disperse(&f.pk, &bytes).unwrap();
    assert_eq!(a.commitment, b.commitment);
    assert_eq!(a.proofs, b.proofs);
    assert!(a.proofs.iter().all(|p| p.file() == a.proofs[0].file()));
}

fn encoding(i: u8) -> Encoding {
    match i % 3 {
        0 => Encoding::Points,
        1 => Encoding::Fft,
        _ => Encoding::Systematic,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, .. ProptestConfig::default() })]

    /// Random files verify, through a prepared verifier too; a random
    /// change of one value of one shard is caught.
    #[test]
    fn random_files_verify_and_tampering_is_caught(
        k in 1usize..5,
        extra in 0usize..4,
        len in 1usize..400,
        enc in 0u8..3,
        seed in any::<u64>(),
        pick in any::<usize>(),
        delta in 1u64..u64::MAX,
    ) {
        type E = ark_bls12_381::Bls12_381;
        // the systematic encoding needs k a power of two and every source
        // column inside the code: n ∈ {k, 2k} (as aPlonK-PC's property test)
        let enc = if encoding(enc) == Encoding::Systematic && !k.is_power_of_two() {
            Encoding::Fft
        } else {
            encoding(enc)
        };
        let n = if enc == Encoding::Systematic { k << (extra % 2) } else { k + extra };
        let scheme = AplonkGlobal::<E>::new(k, n, enc).unwrap();
        let m = packing::rows_for::<ark_bls12_381::Fr>(400, k).unwrap();
        let srs = AplonkSrs::<E>::insecure_from_seeds(seed, seed ^ 1, k, m_prime(m));
        let (pk, vk) = scheme.setup(&srs, 400).unwrap();
        let d = scheme.disperse(&pk, &data(len, seed)).unwrap();
        let mut file = scheme.prepare(&vk, &d.commitment).unwrap();
        for (s, p) in d.shards.iter().zip(&d.proofs) {
            prop_assert!(file.verify(s, p).unwrap());
            prop_assert_eq!(p.path().len(), merkle::depth(n));
        }
        let j = pick % n;
        let i = (pick / n) % d.commitment.info().m;
        let mut bad = d.shards[j].clone();
        bad.values[i] += ark_bls12_381::Fr::from(delta);
        prop_assert!(!file.verify(&bad, &d.proofs[j]).unwrap());
        prop_assert!(!scheme.verify(&vk, &d.commitment, &bad, &d.proofs[j]).unwrap());
        let info = d.commitment.info();
        let bytes = vidkit_core::to_bytes(&d.proofs[j]);
        prop_assert_eq!(&scheme.proof_from_bytes(info, &bytes).unwrap(), &d.proofs[j]);
    }

    /// Arbitrary bytes never panic `proof_from_bytes`.
    #[test]
    fn arbitrary_proof_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        type E = ark_bls12_381::Bls12_381;
        let scheme = AplonkGlobal::<E>::new(2, 5, Encoding::Fft).unwrap();
        let info = vidkit_core::FileInfo::new(scheme.code(), 31 * 2 * 3).unwrap();
        let _ = scheme.proof_from_bytes(&info, &bytes);
        let _ = GlobalProof::<E>::deserialize_compressed(&bytes[..]);
    }
}

/// Pinned SHA-256 digests of an aPlonK global commitment and of every proof
/// for a fixed setup and input: the format is stable, and the same with and
/// without `parallel` (the per-shard openings run on the rayon pool).
#[test]
fn golden_vectors() {
    use sha2::{Digest, Sha256};
    type E = ark_bls12_381::Bls12_381;
    let scheme = AplonkGlobal::<E>::new(2, 5, Encoding::Fft).unwrap();
    let srs = AplonkSrs::<E>::insecure_from_seeds(2024, 2025, 2, 4);
    let (pk, _vk) = scheme.setup(&srs, 31 * 2 * 3).unwrap();
    let data: Vec<u8> = (0..31 * 2 * 3).map(|i| (i * 7 + 1) as u8).collect();
    let d = scheme.disperse(&pk, &data).unwrap();
    let hex = |b: Vec<u8>| hex::encode(Sha256::digest(b));
    let got: Vec<String> = std::iter::once(hex(vidkit_core::to_bytes(&d.commitment)))
        .chain(d.proofs.iter().map(|p| hex(vidkit_core::to_bytes(p))))
        .collect();
    let expected: [&str; 6] = [
        "0fcf0e4e58079992e7854de37779fe00c09a603ae31ab6aa8c225a8301764977",
        "5ed16d82af01e58f9c0ead3ed786460a62644f111c6186f0eeca53673a37af42",
        "080418980021e1ba7eff8a124ba53e318f8c2eb29a769f0f9aeea0f4aef6426a",
        "da5af727cd38ee5730848b4a3015f7ab3d1e7136bbc45296be9e003dafaf288f",
        "ff9097d37f91840730c7d0df4cef8bb56c10303ede1cc3c7d28ccb77bd56fde4",
        "162e9bf00a7e0cdcd0283c8aa141c141848020320660321a996c2dda0aeaad49",
    ];
    assert_eq!(got, expected);
}
