//! Known-trapdoor oracles (docs/spec.md §10 T-10) for KZG cells: with an
//! insecure SRS of known τ, every commitment and every cell proof is
//! recomputed in the field with the test's own arithmetic; the cells'
//! evaluations are checked against direct evaluation of the polynomials on
//! the domain of size `n'·ℓ`; and the sizes of keys, commitments and proofs.

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::{Field, UniformRand};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use vidkit_core::{Encoding, Scheme, Srs};
use vidkit_kzg_cells::KzgCells;

/// The test's own Horner evaluation.
pub(crate) fn eval<F: Field>(coeffs: &[F], x: F) -> F {
    coeffs.iter().rev().fold(F::zero(), |acc, &c| acc * x + c)
}

/// The test's own layout: `f_b[ℓc + r] = P_{bℓ+r}[c]` (docs/spec.md §11.1).
fn layout<F: Field>(coefficients: &[F], k: usize, m: usize, l: usize) -> Vec<Vec<F>> {
    (0..m.div_ceil(l))
        .map(|b| {
            let mut f = vec![F::zero(); k * l];
            for r in 0..l {
                let i = b * l + r;
                if i < m {
                    for c in 0..k {
                        f[c * l + r] = coefficients[i * k + c];
                    }
                }
            }
            f
        })
        .collect()
}

fn known_tau<E: Pairing>(k: usize, n: usize, l: usize, len: usize, seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let tau = E::ScalarField::rand(&mut rng);
    let scheme = KzgCells::<E>::new(k, n, Encoding::Fft, l).unwrap();
    let srs = Srs::<E>::insecure_with_tau(tau, k * l, l + 1);
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let mut data = vec![0u8; len];
    rng.fill_bytes(&mut data);
    let enc = scheme.encode(&data).unwrap();
    let (c, hint) = scheme.commit(&pk, &enc).unwrap();
    let proofs = scheme.prove(&pk, &enc, &c, &hint).unwrap();
    let g = E::G1Affine::generator();
    let m = enc.info.m;
    let polys = layout(&enc.coefficients, k, m, l);
    assert_eq!(
        scheme.polynomials(&enc.coefficients, m).len(),
        polys.len() * k * l
    );
    assert_eq!(c.polynomials().len(), polys.len());
    let cosets = n.next_power_of_two();
    let big = Radix2EvaluationDomain::<E::ScalarField>::new(cosets * l).unwrap();
    let omega = big.group_gen();
    for (b, f) in polys.iter().enumerate() {
        assert_eq!(
            c.polynomials()[b],
            (g * eval(f, tau)).into_affine(),
            "C_{b}"
        );
        for (j, proof) in proofs.iter().enumerate() {
            let alpha = omega.pow([(j * l) as u64]);
            assert_eq!(alpha, scheme.code().point(j).unwrap(), "α_{j} = ω^(ℓj)");
            // the cell in the shard: coefficients of f mod (X^ℓ − α_j)
            let cell = &enc.shards[j].values[b * l..((b + 1) * l).min(m)];
            // its evaluations on the coset are f's there
            let evals = scheme.cell_evaluations(j, cell).unwrap();
            for (t, e) in evals.iter().enumerate() {
                let x = omega.pow([(j + cosets * t) as u64]);
                assert_eq!(*e, eval(f, x), "poly {b}, cell {j}, point {t}");
            }
            let mut padded = cell.to_vec();
            padded.resize(l, E::ScalarField::zero());
            assert_eq!(scheme.cell_from_evaluations(j, &evals).unwrap(), padded);
            // π = [(f(τ) − I(τ)) / (τ^ℓ − α_j)]_1
            let expected = (eval(f, tau) - eval(cell, tau)) / (tau.pow([l as u64]) - alpha);
            assert_eq!(
                proof.cells[b],
                (g * expected).into_affine(),
                "π for poly {b}, cell {j}"
            );
        }
    }
    // key contents
    assert_eq!(vk.cell(), l);
    assert_eq!(
        vk.tau_cell_h(),
        (E::G2Affine::generator() * tau.pow([l as u64])).into_affine()
    );
    for (t, p) in vk.powers().iter().enumerate() {
        assert_eq!(*p, (g * tau.pow([t as u64])).into_affine());
    }
    // sizes: one point per polynomial in every proof
    let point = E::G1Affine::generator().compressed_size();
    for p in &proofs {
        assert_eq!(vidkit_core::to_bytes(p).len(), 8 + polys.len() * point);
    }
}

use ark_ff::Zero;
use ark_serialize::CanonicalSerialize;

#[test]
fn t10_known_tau_bls12_381() {
    type E = ark_bls12_381::Bls12_381;
    known_tau::<E>(2, 4, 4, 31 * 2 * 5 + 3, 1); // two polynomials, the last partial
    known_tau::<E>(3, 5, 2, 31 * 3 * 2, 2); // k and n not powers of two
    known_tau::<E>(4, 8, 1, 31 * 4 * 2, 3);
}

#[test]
fn t10_known_tau_bn254() {
    known_tau::<ark_bn254::Bn254>(2, 4, 4, 31 * 2 * 5 + 3, 4);
}

#[test]
fn t10_known_tau_bls24_317() {
    known_tau::<vidkit_bls24_317::Bls24_317>(2, 4, 2, 31 * 2 * 3, 5);
}

/// T-12: serialized sizes follow docs/kzg-cells.md (BLS12-381: G1 48 B,
/// G2 96 B): proof `8 + 48·p` (folded `8 + 48`), commitment
/// `33 + 8 + 8 + 48·p`, verifier key `48 + 2·96 + 8 + 48·ℓ + 8`, prover key
/// `8 + 48·kℓ` + the verifier key.
#[test]
fn t12_sizes() {
    type E = ark_bls12_381::Bls12_381;
    let (k, n, l) = (4, 8, 4);
    for folded in [false, true] {
        let mut scheme = KzgCells::<E>::new(k, n, Encoding::Fft, l).unwrap();
        if folded {
            scheme = scheme.folded();
        }
        let len = 31 * k * 10; // m = 10: p = 3
        let srs = scheme.insecure_srs(len, 9).unwrap();
        let (pk, vk) = scheme.setup(&srs, len).unwrap();
        let d = scheme.disperse(&pk, &vec![7u8; len]).unwrap();
        let p = 3;
        let proof = vidkit_core::to_bytes(&d.proofs[0]).len();
        assert_eq!(proof, 8 + 48 * if folded { 1 } else { p });
        assert_eq!(
            vidkit_core::to_bytes(&d.commitment).len(),
            33 + 8 + 8 + 48 * p
        );
        let vk_len = vidkit_core::to_bytes(&vk).len();
        assert_eq!(vk_len, 48 + 2 * 96 + 8 + 48 * l + 8);
        assert_eq!(vidkit_core::to_bytes(&pk).len(), 8 + 48 * k * l + vk_len);
    }
}

/// T-19: the challenges bind what they must. The folded mode's `r`
/// changes with every polynomial commitment, the metadata and the key; the
/// per-shard `γ` with the index, every value and every proof point.
#[test]
fn t19_challenges_bind_everything() {
    use vidkit_core::Shard;
    use vidkit_kzg_cells::{Commitment, Proof};
    type E = ark_bls12_381::Bls12_381;
    let (k, n, l) = (2, 4, 2);
    let scheme = KzgCells::<E>::new(k, n, Encoding::Fft, l).unwrap();
    let len = 31 * k * 5; // m = 5: p = 3
    let srs = scheme.insecure_srs(len, 3).unwrap();
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let d = scheme.disperse(&pk, &vec![1u8; len]).unwrap();
    let c = &d.commitment;
    let r = scheme.polynomial_challenge(&vk, c);
    let g = <E as Pairing>::G1Affine::generator();
    for b in 0..c.polynomials().len() {
        let mut pts = c.polynomials().to_vec();
        pts[b] = (pts[b] + g).into_affine();
        let other = Commitment::<E>::new(*c.info(), l, pts).unwrap();
        assert_ne!(scheme.polynomial_challenge(&vk, &other), r, "C_{b}");
    }
    let mut info = *c.info();
    info.len -= 1;
    let shorter = Commitment::<E>::new(info, l, c.polynomials().to_vec()).unwrap();
    assert_ne!(scheme.polynomial_challenge(&vk, &shorter), r, "L");
    let srs2 = scheme.insecure_srs(len, 4).unwrap();
    let (_, vk2) = scheme.setup(&srs2, len).unwrap();
    assert_ne!(scheme.polynomial_challenge(&vk2, c), r, "key");

    let (shard, proof) = (&d.shards[1], &d.proofs[1]);
    let gamma = scheme.fold_challenge(&vk, c, shard, proof);
    let moved = Shard {
        index: 2,
        values: shard.values.clone(),
    };
    assert_ne!(scheme.fold_challenge(&vk, c, &moved, proof), gamma, "index");
    for i in 0..shard.values.len() {
        let mut t = shard.clone();
        t.values[i] += <E as Pairing>::ScalarField::from(1u64);
        assert_ne!(scheme.fold_challenge(&vk, c, &t, proof), gamma, "value {i}");
    }
    for i in 0..proof.cells.len() {
        let mut p: Proof<E> = proof.clone();
        p.cells[i] = (p.cells[i] + g).into_affine();
        assert_ne!(scheme.fold_challenge(&vk, c, shard, &p), gamma, "proof {i}");
    }
    assert_ne!(
        scheme.fold_challenge(&vk, &shorter, shard, proof),
        gamma,
        "commitment"
    );
}
