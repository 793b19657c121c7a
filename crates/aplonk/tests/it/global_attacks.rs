//! The attacks aPlonK global must rule out (docs/spec.md §7.9.5):
//!
//! * a shard whose values change after the root is fixed — even when the
//!   change keeps `Σ r^i y[i]`, so that the per-shard pairing check alone
//!   passes;
//! * a Merkle path of another index (also in `global_oracles`);
//! * a root that does not match the shards (a made-up root, another file's
//!   root);
//! * a per-file part from another file (its IPA is for another `com_f` and
//!   `r`), even with openings `π_j` that match its `μ̂`;
//! * the paper's per-shard malicious disperser (T-20, docs/spec.md §5.6):
//!   garbage shards fixed first and rows solved so that every shard opens
//!   under a per-shard challenge computed from the shard alone; all are
//!   rejected under the scheme's one challenge.

use crate::global_oracles::{data, fixture, opening_holds, with_file};
use ark_bls12_381::{Bls12_381, Fr};
use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{Field, UniformRand, Zero};
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_aplonk::{global_challenge, poly, GlobalCommitment, GlobalProof};
use vidkit_core::{Encoded, Encoding, FileInfo, Scheme, Shard, Transcript};

type E = Bls12_381;

#[test]
fn values_changed_after_the_root_is_fixed_are_rejected() {
    let (k, n) = (2, 4);
    let f = fixture::<E>(k, n, Encoding::Points, 31 * k * 3, 30);
    let bytes = data(31 * k * 3, 31);
    let d = f.scheme.disperse(&f.pk, &bytes).unwrap();
    assert_eq!(d.commitment.info().m, 3);
    let mut file = f.scheme.prepare(&f.vk, &d.commitment).unwrap();
    let r = file.challenge();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for j in 0..n {
        // y'[0] = y[0] + r·δ, y'[1] = y[1] − δ keeps Σ r^i y'[i]
        let delta = Fr::rand(&mut rng);
        let mut changed = d.shards[j].clone();
        changed.values[0] += r * delta;
        changed.values[1] -= delta;
        assert_eq!(
            poly::horner(&changed.values, r),
            poly::horner(&d.shards[j].values, r)
        );
        let alpha = f.scheme.code().point(j).unwrap();
        // the opening alone would accept the changed shard …
        assert!(opening_holds(
            &f.vk,
            r,
            alpha,
            &changed.values,
            &d.proofs[j]
        ));
        // … the path does not
        assert!(!file.verify(&changed, &d.proofs[j]).unwrap(), "shard {j}");
        let mut items: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
        items[j] = (&changed, &d.proofs[j]);
        assert!(!f
            .scheme
            .batch_verify(&f.vk, &d.commitment, &items, &mut rng)
            .unwrap());
        let mut expected = vec![true; n];
        expected[j] = false;
        assert_eq!(
            f.scheme
                .verify_shards(&f.vk, &d.commitment, &items)
                .unwrap(),
            expected
        );
        // re-rooting over the changed shard draws another challenge, under
        // which the changed shard no longer opens (honest rows and tree)
        let mut enc = f.scheme.encode(&bytes).unwrap();
        enc.shards[j] = changed.clone();
        let (c2, hint2) = f.scheme.commit(&f.pk, &enc).unwrap();
        assert_ne!(c2.root(), d.commitment.root());
        assert_ne!(global_challenge(f.vk.digest(), &c2), r);
        let proofs2 = f.scheme.prove(&f.pk, &enc, &c2, &hint2).unwrap();
        for (i, (s, p)) in enc.shards.iter().zip(&proofs2).enumerate() {
            assert_eq!(
                f.scheme.verify(&f.vk, &c2, s, p).unwrap(),
                i != j,
                "{j}: {i}"
            );
        }
    }
}

#[test]
fn a_root_that_does_not_match_the_shards_is_rejected() {
    let (k, n) = (3, 6);
    let len = 31 * 3 * 4;
    let f = fixture::<E>(k, n, Encoding::Fft, len, 32);
    let a = f.scheme.encode(&vec![0x3c; len]).unwrap();
    let b = f.scheme.encode(&vec![0xa5; len]).unwrap();
    let (ca, ha) = f.scheme.commit(&f.pk, &a).unwrap();
    let (cb, hb) = f.scheme.commit(&f.pk, &b).unwrap();
    let proofs_a = f.scheme.prove(&f.pk, &a, &ca, &ha).unwrap();
    let proofs_b = f.scheme.prove(&f.pk, &b, &cb, &hb).unwrap();
    // A's com_f under a made-up root and under B's root: a prover who knows
    // A's rows proves honestly under the challenge that root gives (the
    // hint's tree is A's, so the prover refuses; we assemble the proofs
    // from A's rows under the forged commitment by hand)
    let forged = [
        GlobalCommitment::new(ca.inner().clone(), [7u8; 32]),
        GlobalCommitment::new(ca.inner().clone(), *cb.root()),
    ];
    for c in &forged {
        assert!(f.scheme.prove(&f.pk, &a, c, &ha).is_err(), "hint mismatch");
        let file = f.scheme.prepare(&f.vk, c).unwrap();
        let r = file.challenge();
        drop(file);
        // the openings of f = Σ r^i P_i at α_j with known σ, and a per-file
        // part for that r: A's proofs re-proved with a tree under c's root
        let poly_f = poly::combine_rows(&a.coefficients, k, r);
        let f_sigma = poly::horner(&poly_f, f.sigma);
        let g = <E as Pairing>::G1::generator();
        for (j, s) in a.shards.iter().enumerate() {
            let alpha = f.scheme.code().point(j).unwrap();
            let v = poly::horner(&poly_f, alpha);
            let pi = (g * ((f_sigma - v) * (f.sigma - alpha).inverse().unwrap())).into_affine();
            for path in [proofs_a[j].path(), proofs_b[j].path()] {
                let p = GlobalProof::new(proofs_a[j].file().clone(), pi, path.to_vec()).unwrap();
                assert!(!f.scheme.verify(&f.vk, c, s, &p).unwrap(), "shard {j}");
            }
        }
    }
    // B's shards and paths under A's com_f and B's root
    let mixed = GlobalCommitment::new(ca.inner().clone(), *cb.root());
    for (s, p) in b.shards.iter().zip(&proofs_b) {
        assert!(!f.scheme.verify(&f.vk, &mixed, s, p).unwrap());
    }
    // each file's shards under the other's commitment
    for (s, p) in a.shards.iter().zip(&proofs_a) {
        assert!(!f.scheme.verify(&f.vk, &cb, s, p).unwrap());
    }
}

/// A per-file part from another file, with openings `π_j` forged (known σ)
/// so that the per-shard pairing check passes against its `μ̂`: rejected,
/// because its IPA does not open A's `com_f` at A's `r`.
#[test]
fn a_per_file_part_of_another_file_is_rejected() {
    let (k, n) = (2, 5);
    let len = 31 * 2 * 4;
    let f = fixture::<E>(k, n, Encoding::Points, len, 33);
    let a = f.scheme.disperse(&f.pk, &data(len, 34)).unwrap();
    let b = f.scheme.disperse(&f.pk, &data(len, 35)).unwrap();
    let mut file = f.scheme.prepare(&f.vk, &a.commitment).unwrap();
    let r = file.challenge();
    let g = <E as Pairing>::G1::generator();
    // B's μ̂ = [f_B(σ)]_1; an opening of "μ̂_B" at α_j to A's v̂_j
    let mu_b = b.proofs[0].file().mu_hat().into_group();
    for (j, s) in a.shards.iter().enumerate() {
        let alpha = f.scheme.code().point(j).unwrap();
        let v = poly::horner(&s.values, r);
        // π = (μ̂_B − v·G)/(σ − α) needs the discrete log of μ̂_B: with known
        // σ, μ̂_B = f_B(σ)·G where f_B is B's combined row under B's r
        let r_b = global_challenge(f.vk.digest(), &b.commitment);
        let enc_b = f.scheme.encode(&data(len, 35)).unwrap();
        let fb_sigma = poly::horner(&poly::combine_rows(&enc_b.coefficients, k, r_b), f.sigma);
        assert_eq!(mu_b, g * fb_sigma);
        let pi = (g * ((fb_sigma - v) * (f.sigma - alpha).inverse().unwrap())).into_affine();
        let p =
            GlobalProof::new(b.proofs[0].file().clone(), pi, a.proofs[j].path().to_vec()).unwrap();
        assert!(opening_holds(&f.vk, r, alpha, &s.values, &p));
        assert!(!file.verify(s, &p).unwrap(), "shard {j}");
        assert!(!f.scheme.verify(&f.vk, &a.commitment, s, &p).unwrap());
        // and B's part alone on A's honest openings
        let q = with_file(&a.proofs[j], b.proofs[j].file().clone());
        assert!(!file.verify(s, &q).unwrap());
        assert!(file.verify(s, &a.proofs[j]).unwrap());
    }
}

/// Solves `a·x = b` (square, Gauss–Jordan with pivoting); `None` if singular.
fn solve(mut a: Vec<Vec<Fr>>, mut b: Vec<Fr>) -> Option<Vec<Fr>> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n).find(|&r| !a[r][col].is_zero())?;
        a.swap(col, piv);
        b.swap(col, piv);
        let inv = a[col][col].inverse()?;
        for x in a[col].iter_mut() {
            *x *= inv;
        }
        b[col] *= inv;
        for r in 0..n {
            if r != col && !a[r][col].is_zero() {
                let fct = a[r][col];
                let pivot_row = a[col].clone();
                for (x, v) in a[r].iter_mut().zip(&pivot_row) {
                    *x -= fct * v;
                }
                let v = b[col];
                b[r] -= fct * v;
            }
        }
    }
    Some(b)
}

/// T-20 (docs/spec.md §5.6) against aPlonK global: garbage shards are fixed
/// first, each gets a per-shard challenge `r_j = H(y_j)` that depends on the
/// shard alone (the seed paper's / komodo's), and the `m·k = 4` row
/// coefficients are solved so that `Σ_i r_j^i P_i(α_j) = Σ_i r_j^i y_j[i]`
/// for all four shards: under per-shard challenges every shard would open.
/// Committed and proved honestly under aPlonK global, no shard verifies,
/// alone, one by one or in a batch, and two `k`-subsets decode differently.
#[test]
fn t20_the_papers_malicious_disperser_fails() {
    let (k, n, len) = (2, 4, 100);
    let f = fixture::<E>(k, n, Encoding::Points, len, 36);
    let info = FileInfo::new(f.scheme.code(), len).unwrap();
    assert_eq!(info.m, 2);
    let mut rng = ChaCha20Rng::seed_from_u64(2020);
    let shards: Vec<Shard<Fr>> = (0..n)
        .map(|index| Shard {
            index,
            values: (0..info.m).map(|_| Fr::rand(&mut rng)).collect(),
        })
        .collect();
    let r: Vec<Fr> = shards
        .iter()
        .map(|s| {
            let mut t = Transcript::new(b"test/paper-r");
            t.append_all(b"y", &s.values);
            t.challenge(b"r")
        })
        .collect();
    let rows: Vec<Vec<Fr>> = (0..n)
        .map(|j| {
            let alpha = f.scheme.code().point(j).unwrap();
            vec![Fr::ONE, alpha, r[j], r[j] * alpha]
        })
        .collect();
    let rhs: Vec<Fr> = shards
        .iter()
        .zip(&r)
        .map(|(s, r)| s.values[0] + *r * s.values[1])
        .collect();
    let coefficients = solve(rows, rhs).expect("generic system is solvable");
    // under each shard's own challenge the shard opens: f_j(α_j) = v̂_j
    for (j, s) in shards.iter().enumerate() {
        let f_j = poly::combine_rows(&coefficients, k, r[j]);
        let alpha = f.scheme.code().point(j).unwrap();
        assert_eq!(poly::horner(&f_j, alpha), poly::horner(&s.values, r[j]));
    }
    let encoded = Encoded {
        info,
        coefficients,
        shards: shards.clone(),
    };
    let (c, hint) = f.scheme.commit(&f.pk, &encoded).unwrap();
    let proofs = f.scheme.prove(&f.pk, &encoded, &c, &hint).unwrap();
    for (s, p) in shards.iter().zip(&proofs) {
        assert!(
            !f.scheme.verify(&f.vk, &c, s, p).unwrap(),
            "shard {}",
            s.index
        );
    }
    let items: Vec<_> = shards.iter().zip(&proofs).collect();
    assert_eq!(
        f.scheme.verify_shards(&f.vk, &c, &items).unwrap(),
        vec![false; n]
    );
    assert!(!f
        .scheme
        .batch_verify(&f.vk, &c, &items, &mut ChaCha20Rng::seed_from_u64(9))
        .unwrap());
    let view = |a: usize, b: usize| vec![(a, &shards[a].values[..]), (b, &shards[b].values[..])];
    let d01 = f.scheme.code().decode(&view(0, 1)).unwrap();
    let d23 = f.scheme.code().decode(&view(2, 3)).unwrap();
    assert_ne!(d01, d23, "the garbage shards are inconsistent");
}
