//! The folded mode (one proof per shard for all polynomials, docs/spec.md
//! §11.4): conformance on all three curves, the known-τ oracle of the
//! folded proofs, and the attack that a challenge not bound to every
//! commitment allows — it succeeds against the folded equation with an
//! unbound challenge and fails against the scheme's.

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::{Field, UniformRand, Zero};
use ark_std::rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use vidkit_core::{
    conformance::{run_grid, GridPoint},
    Encoding, Scheme, Shard, Srs,
};
use vidkit_kzg_cells::{Commitment, KzgCells, Proof};

use crate::oracles::eval;

/// Several polynomials per file (the case folding is for), one, and a
/// partial last one.
const GRID: &[GridPoint] = &[
    (2, 4, Encoding::Fft, 31 * 2 * 7),
    (3, 5, Encoding::Fft, 31 * 3 * 2),
    (4, 8, Encoding::Systematic, 31 * 4 * 9 + 1),
];

fn conformance<E: Pairing>(seed: u64) {
    run_grid::<E, _, _, _>(
        |k, n, e| KzgCells::<E>::new(k, n, e, 2).map(KzgCells::folded),
        GRID,
        seed,
    );
}

#[test]
fn folded_conformance_bls12_381() {
    conformance::<ark_bls12_381::Bls12_381>(31);
}

#[test]
fn folded_conformance_bn254() {
    conformance::<ark_bn254::Bn254>(32);
}

#[test]
fn folded_conformance_bls24_317() {
    conformance::<vidkit_bls24_317::Bls24_317>(33);
}

/// Known τ: the folded proof of shard j is `[(g(τ) − I_g(τ)) / (τ^ℓ − α_j)]_1`
/// with `g = Σ_b r^b f_b`, and it is one point.
fn known_tau<E: Pairing>(seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let tau = E::ScalarField::rand(&mut rng);
    let (k, n, l) = (3, 4, 2);
    let scheme = KzgCells::<E>::new(k, n, Encoding::Fft, l).unwrap().folded();
    let len = 31 * k * 5;
    let srs = Srs::<E>::insecure_with_tau(tau, k * l, l + 1);
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let mut data = vec![0u8; len];
    rng.fill_bytes(&mut data);
    let d = scheme.disperse(&pk, &data).unwrap();
    let enc = scheme.encode(&data).unwrap();
    let m = enc.info.m;
    let p = scheme.polynomial_count(m);
    assert_eq!(p, 3);
    let r = scheme.polynomial_challenge(&vk, &d.commitment);
    let polys = scheme.polynomials(&enc.coefficients, m);
    let g = E::G1Affine::generator();
    for (j, proof) in d.proofs.iter().enumerate() {
        assert_eq!(proof.cells.len(), 1);
        let alpha = scheme.code().point(j).unwrap();
        let (mut num, mut rb) = (E::ScalarField::zero(), E::ScalarField::ONE);
        for b in 0..p {
            let f = &polys[b * k * l..(b + 1) * k * l];
            let cell = &d.shards[j].values[b * l..((b + 1) * l).min(m)];
            num += rb * (eval(f, tau) - eval(cell, tau));
            rb *= r;
        }
        let expected = num / (tau.pow([l as u64]) - alpha);
        assert_eq!(proof.cells[0], (g * expected).into_affine(), "π_{j}");
    }
}

#[test]
fn folded_known_tau_bls12_381() {
    known_tau::<ark_bls12_381::Bls12_381>(1);
}

#[test]
fn folded_known_tau_bn254() {
    known_tau::<ark_bn254::Bn254>(2);
}

#[test]
fn folded_known_tau_bls24_317() {
    known_tau::<vidkit_bls24_317::Bls24_317>(3);
}

/// The attack on an unbound folding challenge. If the prover knows `r'`
/// before it fixes the commitments, it takes an honest polynomial `g`,
/// random garbage cells `y1_j` for the second polynomial (no low-degree
/// polynomial behind them), cells `y0_j = g_j − r'·y1_j` for the first, a
/// random `C_1` and `C_0 = [g(τ)]_1 − r'·C_1`: every shard then satisfies
/// the folded equation with `r'`, yet two `k`-subsets of the shards decode
/// to different files. With the challenge of the scheme, which hashes
/// `C_0` and `C_1`, every forged shard is rejected, alone and in a batch.
fn unbound_challenge_attack<E: Pairing>(seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let (k, n, l) = (2, 4, 2);
    let scheme = KzgCells::<E>::new(k, n, Encoding::Fft, l).unwrap().folded();
    let len = 31 * k * 4; // m = 4: two polynomials
    let srs = scheme.insecure_srs(len, seed).unwrap();
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let mut data = vec![0u8; len];
    rng.fill_bytes(&mut data);
    let enc = scheme.encode(&data).unwrap();
    let info = enc.info;
    assert_eq!(scheme.polynomial_count(info.m), 2);
    // the challenge the prover knows in advance
    let r_unbound = E::ScalarField::rand(&mut rng);
    // an honest g = f_0 + r'·f_1, its commitment, cells and FK20 proofs
    let kl = k * l;
    let polys = scheme.polynomials(&enc.coefficients, info.m);
    let g_poly: Vec<E::ScalarField> = (0..kl)
        .map(|c| polys[c] + r_unbound * polys[kl + c])
        .collect();
    let c_g = vidkit_kzg::commit::<E::G1>(pk.powers(), &g_poly).unwrap();
    let proofs: Vec<Proof<E>> = scheme
        .prove_polynomial(&pk, &g_poly)
        .unwrap()
        .into_iter()
        .map(|pi| Proof { cells: vec![pi] })
        .collect();
    let c1 = E::G1::rand(&mut rng);
    let c0 = c_g - c1 * r_unbound;
    let forged_c = Commitment::<E>::new(info, l, E::G1::normalize_batch(&[c0, c1])).unwrap();
    let shards: Vec<Shard<E::ScalarField>> = (0..n)
        .map(|j| {
            // g's cell j: coefficients of g mod (X^ℓ − α_j)
            let alpha = scheme.code().point(j).unwrap();
            let (g_cell, _) = vidkit_kzg::fk20::divide_by_coset(&g_poly, l, alpha);
            let y1: Vec<E::ScalarField> = (0..l).map(|_| E::ScalarField::rand(&mut rng)).collect();
            let y0: Vec<E::ScalarField> = g_cell
                .iter()
                .zip(&y1)
                .map(|(g, y)| *g - r_unbound * y)
                .collect();
            Shard {
                index: j,
                values: [y0, y1].concat(),
            }
        })
        .collect();
    // the attack works against the unbound challenge ...
    for (s, p) in shards.iter().zip(&proofs) {
        assert_eq!(
            scheme.verify_folded_with(&vk, &forged_c, s, p, r_unbound),
            Ok(true),
            "forged shard {} under the unbound challenge",
            s.index
        );
    }
    // ... and the shards are no codeword: two k-subsets disagree
    let decode = |idx: &[usize]| {
        let views: Vec<(usize, &[E::ScalarField])> =
            idx.iter().map(|j| (*j, &shards[*j].values[..])).collect();
        scheme.code().decode_coefficients(&views).unwrap()
    };
    assert_ne!(decode(&[0, 1]), decode(&[2, 3]), "inconsistent shards");
    // the scheme's challenge binds C_0 and C_1: every forged shard fails
    assert_ne!(scheme.polynomial_challenge(&vk, &forged_c), r_unbound);
    for (s, p) in shards.iter().zip(&proofs) {
        assert_eq!(
            scheme.verify(&vk, &forged_c, s, p),
            Ok(false),
            "forged shard {} under the bound challenge",
            s.index
        );
    }
    let items: Vec<_> = shards.iter().zip(&proofs).collect();
    assert_eq!(
        scheme.batch_verify(&vk, &forged_c, &items, &mut rng),
        Ok(false)
    );
}

#[test]
fn unbound_challenge_attack_bls12_381() {
    unbound_challenge_attack::<ark_bls12_381::Bls12_381>(1);
}

#[test]
fn unbound_challenge_attack_bn254() {
    unbound_challenge_attack::<ark_bn254::Bn254>(2);
}

#[test]
fn unbound_challenge_attack_bls24_317() {
    unbound_challenge_attack::<vidkit_bls24_317::Bls24_317>(3);
}
