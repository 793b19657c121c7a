//! The attacks KZG+ global must rule out (docs/spec.md §5.8.5):
//!
//! * a shard whose values change after the root is fixed — even when the
//!   change keeps `Σ r^i y[i]`, so that the pairing check alone would pass;
//! * a root that does not match the shards (a made-up root, another file's
//!   root);
//! * the paper's malicious disperser (T-20, docs/spec.md §5.6): garbage
//!   shards fixed first and rows solved so that they open under the paper's
//!   per-shard challenge; all are rejected under the scheme's;
//! * rows that are not the shards' rows, committed after a challenge that
//!   binds the root but not the rows: each opening is shown to pass the
//!   pairing check under that challenge, and is rejected under the scheme's.
//!
//! A Merkle path of another index is in `global_oracles` (T-15).

use crate::attack::solve;
use ark_bls12_381::{Bls12_381, Fr, G1Projective};
use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::{Field, UniformRand};
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::{
    poly::{combine_rows, horner},
    Encoded, Encoding, FileInfo, Scheme, Shard, Srs, Transcript,
};
use vidkit_kzg_plus::{
    global_challenge, shard_challenge, GlobalCommitment, GlobalProof, KzgPlusGlobal, ProverKey,
    TranscriptMode, VerifierKey,
};

type E = Bls12_381;

fn setup(k: usize, n: usize, len: usize) -> (KzgPlusGlobal<E>, ProverKey<E>, VerifierKey<E>) {
    let scheme = KzgPlusGlobal::<E>::new(k, n, Encoding::Points).unwrap();
    let srs = Srs::<E>::insecure_from_seed(20, k, 2);
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    (scheme, pk, vk)
}

/// The KZG opening of `q` at `alpha` with the prover key's powers.
fn open(pk: &ProverKey<E>, q: &[Fr], alpha: Fr) -> <E as Pairing>::G1Affine {
    let (_, pi) = vidkit_kzg::open::<G1Projective>(pk.powers(), q, alpha).unwrap();
    pi.into_affine()
}

/// The pairing check of an opening `pi` of the polynomial committed in `c`
/// at `alpha` to `v` — what verification reduces to once the path is checked.
fn opening_holds(
    vk: &VerifierKey<E>,
    c: G1Projective,
    alpha: Fr,
    v: Fr,
    pi: &GlobalProof<E>,
) -> bool {
    let kzg = vk.kzg();
    let pi = *pi.pi();
    kzg.pairing_check(c + pi * alpha - kzg.g * v, -pi.into_group())
}

#[test]
fn values_changed_after_the_root_is_fixed_are_rejected() {
    let (k, n) = (2, 4);
    let (scheme, pk, vk) = setup(k, n, 31 * 2 * 3);
    let data: Vec<u8> = (0..31 * 2 * 3).map(|i| (i * 11 + 1) as u8).collect();
    let d = scheme.disperse(&pk, &data).unwrap();
    assert_eq!(d.commitment.info().m, 3);
    let file = scheme.prepare(&vk, &d.commitment).unwrap();
    let r = file.challenge();
    let c = file.combined_commitment().into_group();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for j in 0..n {
        // y'[0] = y[0] + r·δ, y'[1] = y[1] − δ keeps Σ r^i y'[i] = Σ r^i y[i]
        let delta = Fr::rand(&mut rng);
        let mut changed = d.shards[j].clone();
        changed.values[0] += r * delta;
        changed.values[1] -= delta;
        let v = horner(&changed.values, r);
        assert_eq!(v, horner(&d.shards[j].values, r));
        let alpha = scheme.code().point(j).unwrap();
        // the opening alone would accept the changed shard …
        assert!(opening_holds(&vk, c, alpha, v, &d.proofs[j]));
        // … the path does not
        assert!(!file.verify(&changed, &d.proofs[j]).unwrap(), "shard {j}");
        assert!(!scheme
            .verify(&vk, &d.commitment, &changed, &d.proofs[j])
            .unwrap());
        let mut items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
        items[j] = (&changed, &d.proofs[j]);
        assert!(!scheme
            .batch_verify(&vk, &d.commitment, &items, &mut rng)
            .unwrap());
        let mut expected = vec![true; n];
        expected[j] = false;
        assert_eq!(
            scheme.verify_shards(&vk, &d.commitment, &items).unwrap(),
            expected
        );

        // re-rooting over the changed shard draws another challenge, under
        // which the changed shard no longer opens (the prover is honest
        // about the rows and the new tree)
        let mut enc = scheme.encode(&data).unwrap();
        enc.shards[j] = changed.clone();
        let (c2, tree2) = scheme.commit(&pk, &enc).unwrap();
        assert_ne!(c2.root(), d.commitment.root());
        assert_ne!(global_challenge(vk.digest(), &c2), r);
        let proofs2 = scheme.prove(&pk, &enc, &c2, &tree2).unwrap();
        for (i, (s, p)) in enc.shards.iter().zip(&proofs2).enumerate() {
            assert_eq!(scheme.verify(&vk, &c2, s, p).unwrap(), i != j, "{j}: {i}");
        }
    }
}

#[test]
fn a_root_that_does_not_match_the_shards_is_rejected() {
    let (k, n) = (3, 6);
    let len = 31 * 3 * 4;
    let (scheme, pk, vk) = setup(k, n, len);
    let a = scheme.encode(&vec![0x3c; len]).unwrap();
    let b = scheme.encode(&vec![0xa5; len]).unwrap();
    let (ca, tree_a) = scheme.commit(&pk, &a).unwrap();
    let (cb, tree_b) = scheme.commit(&pk, &b).unwrap();
    let proofs_a = scheme.prove(&pk, &a, &ca, &tree_a).unwrap();
    let proofs_b = scheme.prove(&pk, &b, &cb, &tree_b).unwrap();

    // A's rows under a made-up root, with openings of Q under the challenge
    // that root gives, and A's honest paths
    // (and B's rows under A's root)
    let forged = [
        GlobalCommitment::new(ca.inner().clone(), [7u8; 32]),
        GlobalCommitment::new(ca.inner().clone(), *cb.root()),
    ];
    for c in &forged {
        let file = scheme.prepare(&vk, c).unwrap();
        let r = file.challenge();
        let q = combine_rows(&a.coefficients, k, r);
        for (j, s) in a.shards.iter().enumerate() {
            let alpha = scheme.code().point(j).unwrap();
            for path in [proofs_a[j].path(), proofs_b[j].path()] {
                let p = GlobalProof::<E>::new(open(&pk, &q, alpha), path.to_vec()).unwrap();
                // the opening is right …
                let v = horner(&s.values, r);
                assert!(opening_holds(
                    &vk,
                    file.combined_commitment().into_group(),
                    alpha,
                    v,
                    &p
                ));
                // … the shards are not under the root
                assert!(!file.verify(s, &p).unwrap(), "shard {j}");
            }
        }
    }
    // B's shards and paths (which lead to B's root) under A's rows and B's root
    let mixed = GlobalCommitment::new(ca.inner().clone(), *cb.root());
    for (s, p) in b.shards.iter().zip(&proofs_b) {
        assert!(!scheme.verify(&vk, &mixed, s, p).unwrap());
    }
    // and each file's shards under the other's commitment
    for (s, p) in a.shards.iter().zip(&proofs_a) {
        assert!(!scheme.verify(&vk, &cb, s, p).unwrap());
    }
}

/// Garbage shards for `k = 2`, `m = 2`, `n = 4` and the rows that make
/// `Σ_i r_j^i P_i(α_j) = Σ_i r_j^i y_j[i]` for the given per-shard
/// challenges (four equations, four unknowns).
fn solved_rows(scheme: &KzgPlusGlobal<E>, shards: &[Shard<Fr>], r: &[Fr]) -> Vec<Fr> {
    let rows: Vec<Vec<Fr>> = (0..shards.len())
        .map(|j| {
            let alpha = scheme.code().point(j).unwrap();
            vec![Fr::ONE, alpha, r[j], r[j] * alpha]
        })
        .collect();
    let rhs: Vec<Fr> = shards
        .iter()
        .zip(r)
        .map(|(s, r)| s.values[0] + *r * s.values[1])
        .collect();
    solve(rows, rhs).expect("generic system is solvable")
}

fn garbage(n: usize, m: usize, seed: u64) -> Vec<Shard<Fr>> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    (0..n)
        .map(|index| Shard {
            index,
            values: (0..m).map(|_| Fr::rand(&mut rng)).collect(),
        })
        .collect()
}

/// Commits to `coefficients` with the garbage shards, proves honestly, and
/// checks that no shard verifies (alone, one by one, in a batch), and that
/// the shards are inconsistent (two k-subsets decode differently).
fn all_rejected(
    scheme: &KzgPlusGlobal<E>,
    pk: &ProverKey<E>,
    vk: &VerifierKey<E>,
    info: FileInfo,
    coefficients: Vec<Fr>,
    shards: &[Shard<Fr>],
) {
    let encoded = Encoded {
        info,
        coefficients,
        shards: shards.to_vec(),
    };
    let (c, tree) = scheme.commit(pk, &encoded).unwrap();
    let proofs = scheme.prove(pk, &encoded, &c, &tree).unwrap();
    for (s, p) in shards.iter().zip(&proofs) {
        assert!(!scheme.verify(vk, &c, s, p).unwrap(), "shard {}", s.index);
    }
    let items: Vec<_> = shards.iter().zip(&proofs).collect();
    assert_eq!(
        scheme.verify_shards(vk, &c, &items).unwrap(),
        vec![false; shards.len()]
    );
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    assert!(!scheme.batch_verify(vk, &c, &items, &mut rng).unwrap());
    let view = |a: usize, b: usize| vec![(a, &shards[a].values[..]), (b, &shards[b].values[..])];
    let d01 = scheme.code().decode(&view(0, 1)).unwrap();
    let d23 = scheme.code().decode(&view(2, 3)).unwrap();
    assert_ne!(d01, d23, "the garbage shards are inconsistent");
}

#[test]
fn t20_the_papers_malicious_disperser_fails() {
    let (k, n, len) = (2, 4, 100);
    let (scheme, pk, vk) = setup(k, n, len);
    let info = FileInfo::new(scheme.code(), len).unwrap();
    assert_eq!(info.m, 2);
    let shards = garbage(n, info.m, 2020);
    // the paper's r_j = H(y_j), known before anything is committed
    let unused = [0u8; 64];
    let r: Vec<Fr> = shards
        .iter()
        .map(|s| {
            let alpha = scheme.code().point(s.index).unwrap();
            shard_challenge(
                TranscriptMode::PaperUnsound,
                &unused,
                &unused,
                s.index,
                alpha,
                &s.values,
            )
        })
        .collect();
    let coefficients = solved_rows(&scheme, &shards, &r);
    all_rejected(&scheme, &pk, &vk, info, coefficients, &shards);
}

#[test]
fn a_challenge_blind_to_the_rows_would_unbind_the_commitment_ours_does_not() {
    // Honest shards of file A under its root. A challenge of the root alone
    // is known before the rows are committed, so a disperser can commit to
    // other rows P''_0 = P_0 + r*·D, P''_1 = P_1 − D (D any polynomial of
    // degree < k) with Σ r*^i P''_i = Σ r*^i P_i: every shard of A opens
    // against rows that are not A's.
    let (k, n, len) = (2, 4, 31 * 2 * 2);
    let (scheme, pk, vk) = setup(k, n, len);
    let a = scheme.encode(&vec![0x42; len]).unwrap();
    assert_eq!(a.info.m, 2);
    let (honest, tree) = scheme.commit(&pk, &a).unwrap();
    let mut t = Transcript::new(b"test/root-only-challenge");
    t.append_bytes(b"root", &tree.root());
    let r_star: Fr = t.challenge(b"r");
    let mut rng = ChaCha20Rng::seed_from_u64(22);
    let mut other = a.coefficients.clone();
    for c in 0..k {
        let dc = Fr::rand(&mut rng);
        other[c] += r_star * dc;
        other[k + c] -= dc;
    }
    let encoded = Encoded {
        info: a.info,
        coefficients: other.clone(),
        shards: a.shards.clone(),
    };
    let (c, tree2) = scheme.commit(&pk, &encoded).unwrap();
    assert_eq!(c.root(), honest.root());
    assert_ne!(c.inner(), honest.inner(), "the committed rows are not A's");
    let rows = c.inner().rows();
    let c_star = rows[0].into_group() + rows[1] * r_star;
    let q_star = combine_rows(&other, k, r_star);
    assert_eq!(q_star, combine_rows(&a.coefficients, k, r_star));
    for (j, s) in a.shards.iter().enumerate() {
        let alpha = scheme.code().point(j).unwrap();
        let p = GlobalProof::<E>::new(open(&pk, &q_star, alpha), tree2.path(j).unwrap()).unwrap();
        let v = horner(&s.values, r_star);
        assert!(
            opening_holds(&vk, c_star, alpha, v, &p),
            "shard {j} of A opens against other rows under the rows-blind challenge"
        );
        // under the scheme's challenge (which binds h_C) it does not
        assert!(!scheme.verify(&vk, &c, s, &p).unwrap(), "shard {j}");
    }
    assert_ne!(global_challenge(vk.digest(), &c), r_star);
    // nor do the scheme's own proofs for the other rows
    let proofs = scheme.prove(&pk, &encoded, &c, &tree2).unwrap();
    for (s, p) in a.shards.iter().zip(&proofs) {
        assert!(!scheme.verify(&vk, &c, s, p).unwrap(), "shard {}", s.index);
    }
}
