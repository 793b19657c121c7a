//! aPlonK-specific oracles of docs/spec.md §10: known trapdoors (T-10), sizes
//! (T-12), component-wise proof tampering (T-17), transcript binding (T-19),
//! batches (T-21), malformed input (T-22), homomorphism (T-23), m = 1 and
//! padding extremes (T-26).

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{Field, One, UniformRand, Zero};
use ark_serialize::{CanonicalSerialize, Compress};
use ark_std::rand::SeedableRng;
use vidkit_aplonk::{
    m_prime, poly, rounds, Aplonk, AplonkError, AplonkSrs, Commitment, Proof, ProofParts, Round,
    ShardTranscript,
};
use vidkit_core::{packing, Dispersal, Encoded, Encoding, Scheme, Shard};

type Rng = rand_chacha::ChaCha20Rng;

fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

struct Fixture<E: Pairing> {
    scheme: Aplonk<E>,
    pk: vidkit_aplonk::ProverKey<E>,
    vk: vidkit_aplonk::VerifierKey<E>,
    sigma: E::ScalarField,
    tau: E::ScalarField,
}

fn fixture<E: Pairing>(
    k: usize,
    n: usize,
    enc: Encoding,
    max_bytes: usize,
    seed: u64,
) -> Fixture<E> {
    let mut r = rng(seed);
    let (sigma, tau) = (E::ScalarField::rand(&mut r), E::ScalarField::rand(&mut r));
    let scheme = Aplonk::<E>::new(k, n, enc).unwrap();
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

fn data(len: usize, seed: u64) -> Vec<u8> {
    let mut r = rng(seed);
    let mut d = vec![0u8; len];
    ark_std::rand::RngCore::fill_bytes(&mut r, &mut d);
    d
}

fn ok<E: Pairing>(f: &Fixture<E>, d: &Dispersal<Aplonk<E>>, j: usize, p: &Proof<E>) -> bool {
    f.scheme
        .verify(&f.vk, &d.commitment, &d.shards[j], p)
        .expect("well-formed")
}

/// T-10: every proof element equals its closed form under known σ and τ.
fn known_trapdoors<E: Pairing>() {
    let (k, n) = (3, 5);
    let f = fixture::<E>(k, n, Encoding::Points, 31 * k * 6, 1);
    let bytes = data(31 * k * 6 - 7, 2);
    let enc = f.scheme.encode(&bytes).unwrap();
    let (c, hint) = f.scheme.commit(&f.pk, &enc).unwrap();
    let proofs = f.scheme.prove(&f.pk, &enc, &c, &hint).unwrap();
    let (g, h) = (E::G1::generator(), E::G2::generator());
    let rows: Vec<E::ScalarField> = enc
        .coefficients
        .chunks(k)
        .map(|row| poly::horner(row, f.sigma))
        .collect();
    for (i, mu) in hint.mu.iter().enumerate() {
        assert_eq!(mu.into_group(), g * rows[i], "μ_{i} = P_i(σ)·G");
    }
    assert_eq!(
        *c.com_f(),
        E::pairing(g, h) * poly::horner(&rows, f.tau),
        "com_f"
    );
    for (shard, proof) in enc.shards.iter().zip(&proofs) {
        let j = shard.index;
        let alpha = f.scheme.code().point(j).unwrap();
        let (mut t, r) = ShardTranscript::new::<E>(f.vk.digest(), &c, j, alpha, &shard.values);
        let fr = poly::horner(&rows, r); // f(σ)
        assert_eq!(proof.mu_hat().into_group(), g * fr, "μ̂ = f(σ)·G");
        let v = poly::horner(&shard.values, r);
        let w = (fr - v) / (f.sigma - alpha);
        assert_eq!(proof.pi_kzg().into_group(), g * w, "π_kzg");
        t.opening::<E>(proof.mu_hat(), proof.pi_kzg());
        let us: Vec<_> = proof.rounds().iter().map(|rd| t.round::<E>(rd)).collect();
        let uis: Vec<_> = us.iter().map(|u| u.inverse().unwrap()).collect();
        let rho = t.final_key::<E>(proof.mu_0(), proof.g_0());
        let g_tau = poly::g_eval(&us, &uis, f.tau);
        assert_eq!(proof.g_0().into_group(), h * g_tau, "G_0 = g(τ)·H");
        // a folds as u·a_L + u⁻¹·a_R: its weights are g's with u ↔ u⁻¹
        let coeffs = poly::g_coeffs(&uis, &us);
        let mu0: E::ScalarField = rows.iter().zip(&coeffs).map(|(p, gi)| *p * gi).sum();
        assert_eq!(proof.mu_0().into_group(), g * mu0, "μ_0 = Σ g̃_i P_i(σ)·G");
        let q = (g_tau - poly::g_eval(&us, &uis, rho)) / (f.tau - rho);
        assert_eq!(proof.pi_ck().into_group(), h * q, "π_ck");
        // the G1 relation with b[0] = g(r)
        assert_eq!(g * (mu0 * poly::g_eval(&us, &uis, r)), {
            let mut acc = g * fr;
            for ((rd, u), ui) in proof.rounds().iter().zip(&us).zip(&uis) {
                acc += *rd.l_r() * u.square() + *rd.r_r() * ui.square();
            }
            acc
        });
    }
}

#[test]
fn t10_known_trapdoors_bls12_381() {
    known_trapdoors::<ark_bls12_381::Bls12_381>();
}

#[test]
fn t10_known_trapdoors_bn254() {
    known_trapdoors::<ark_bn254::Bn254>();
}

/// T-12: serialized sizes follow the formula of the implemented proof.
fn sizes<E: Pairing>(g1: usize, g2: usize, gt: usize) {
    for (m_rows, kappa) in [(1usize, 0usize), (2, 1), (3, 2), (5, 3)] {
        let k = 2;
        let f = fixture::<E>(k, 4, Encoding::Fft, 31 * k * m_rows, 3);
        let d = f.scheme.disperse(&f.pk, &data(31 * k * m_rows, 4)).unwrap();
        assert_eq!(d.commitment.info().m, m_rows);
        assert_eq!(rounds(m_rows), kappa);
        let expected = 8 + (2 * kappa + 3) * g1 + 2 * g2 + 2 * kappa * gt;
        assert_eq!(Proof::<E>::size(kappa), expected);
        for p in &d.proofs {
            assert_eq!(p.serialized_size(Compress::Yes), expected, "κ = {kappa}");
        }
        assert_eq!(
            d.commitment.serialized_size(Compress::Yes),
            33 + gt,
            "1 G_T + metadata"
        );
    }
}

#[test]
fn t12_sizes_bls12_381() {
    sizes::<ark_bls12_381::Bls12_381>(48, 96, 576);
}

#[test]
fn t12_sizes_bn254() {
    sizes::<ark_bn254::Bn254>(32, 64, 384);
}

/// T-17: each proof component tampered separately is rejected; so are
/// reordered rounds; a wrong number of rounds or an identity `G_0` is an error.
fn tamper_components<E: Pairing>() {
    let k = 2;
    let f = fixture::<E>(k, 4, Encoding::Fft, 31 * k * 7, 5); // m = 7, m' = 8, κ = 3
    let d = f.scheme.disperse(&f.pk, &data(31 * k * 7, 6)).unwrap();
    let p = &d.proofs[1];
    assert!(ok(&f, &d, 1, p));
    let g1 = E::G1Affine::generator();
    let g2 = E::G2Affine::generator();
    let gt = E::pairing(g1, g2);
    let bump1 = |x: E::G1Affine| (x + g1).into_affine();
    let bump2 = |x: E::G2Affine| (x + g2).into_affine();
    let mut cases: Vec<(String, Proof<E>)> = Vec::new();
    let mut add = |name: &str, edit: &dyn Fn(&mut ProofParts<E>)| {
        cases.push((name.to_string(), edited(p, edit)));
    };
    add("mu_hat", &|q| q.mu_hat = bump1(q.mu_hat));
    add("mu_hat = 0", &|q| q.mu_hat = E::G1Affine::zero());
    add("pi_kzg", &|q| q.pi_kzg = bump1(q.pi_kzg));
    add("pi_kzg = 0", &|q| q.pi_kzg = E::G1Affine::zero());
    add("mu_0", &|q| q.mu_0 = bump1(q.mu_0));
    add("mu_0 = 0", &|q| q.mu_0 = E::G1Affine::zero());
    add("G_0", &|q| q.g_0 = bump2(q.g_0));
    add("pi_ck", &|q| q.pi_ck = bump2(q.pi_ck));
    add("pi_ck = 0", &|q| q.pi_ck = E::G2Affine::zero());
    for l in 0..p.rounds().len() {
        add(&format!("L_G[{l}]"), &|q| edit_round(q, l, |r| r.l_g += gt));
        add(&format!("R_G[{l}]"), &|q| edit_round(q, l, |r| r.r_g += gt));
        add(&format!("L_G[{l}] = 1"), &|q| {
            edit_round(q, l, |r| r.l_g = Zero::zero())
        });
        add(&format!("L_r[{l}]"), &|q| {
            edit_round(q, l, |r| r.l_r = bump1(r.l_r))
        });
        add(&format!("R_r[{l}]"), &|q| {
            edit_round(q, l, |r| r.r_r = bump1(r.r_r))
        });
        add(&format!("R_r[{l}] = 0"), &|q| {
            edit_round(q, l, |r| r.r_r = E::G1Affine::zero())
        });
    }
    add("rounds 0 and 1 swapped", &|q| q.rounds.swap(0, 1));
    add("rounds reversed", &|q| q.rounds.reverse());
    add("L and R swapped", &|q| {
        edit_round(q, 0, |r| {
            std::mem::swap(&mut r.l_g, &mut r.r_g);
            std::mem::swap(&mut r.l_r, &mut r.r_r);
        })
    });
    for (name, q) in &cases {
        assert_ne!(q, p, "{name} must change the proof");
        assert!(!ok(&f, &d, 1, q), "tampered {name} must be rejected");
        let items = [(&d.shards[0], &d.proofs[0]), (&d.shards[1], q)];
        assert!(
            !f.scheme
                .batch_verify(&f.vk, &d.commitment, &items, &mut rng(9))
                .unwrap(),
            "batch with tampered {name}"
        );
    }
    // the proof of another shard, and a proof for another commitment
    assert!(!ok(&f, &d, 1, &d.proofs[2]));
    // wrong number of rounds: typed error, also from the wire
    let short = edited(p, &|q| {
        q.rounds.pop();
    });
    let long = edited(p, &|q| q.rounds.push(p.rounds()[0].clone()));
    for q in [&short, &long] {
        let err = f.scheme.verify(&f.vk, &d.commitment, &d.shards[1], q);
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
        let bytes = vidkit_core::to_bytes(q);
        assert!(matches!(
            Proof::<E>::from_bytes(&bytes, 7),
            Err(AplonkError::RoundCount { expected: 3, .. })
        ));
        let items = [(&d.shards[1], q)];
        assert!(f
            .scheme
            .batch_verify(&f.vk, &d.commitment, &items, &mut rng(1))
            .is_err());
    }
    assert_eq!(
        Proof::<E>::from_bytes(&vidkit_core::to_bytes(p), 7).unwrap(),
        *p
    );
    let zero_key = edited(p, &|q| q.g_0 = E::G2Affine::zero());
    assert_eq!(
        f.scheme
            .verify(&f.vk, &d.commitment, &d.shards[1], &zero_key),
        Err(AplonkError::IdentityPoint { what: "G_0" })
    );
}

#[test]
fn t17_tamper_each_component_bls12_381() {
    tamper_components::<ark_bls12_381::Bls12_381>();
}

#[test]
fn t17_tamper_each_component_bn254() {
    tamper_components::<ark_bn254::Bn254>();
}

/// T-19: r changes with any single input of the statement.
#[test]
fn t19_transcript_binds_the_statement() {
    type E = ark_bls12_381::Bls12_381;
    type Fr = ark_bls12_381::Fr;
    let k = 2;
    let f = fixture::<E>(k, 4, Encoding::Fft, 31 * k * 3, 7);
    let d = f.scheme.disperse(&f.pk, &data(31 * k * 3, 8)).unwrap();
    let c = &d.commitment;
    let y = d.shards[1].values.clone();
    let alpha = f.scheme.code().point(1).unwrap();
    let digest = *f.vk.digest();
    let r = |digest: &[u8; 64], c: &Commitment<E>, j: usize, a: Fr, y: &[Fr]| {
        ShardTranscript::new::<E>(digest, c, j, a, y).1
    };
    let base = r(&digest, c, 1, alpha, &y);
    assert_eq!(base, r(&digest, c, 1, alpha, &y), "deterministic");
    let mut other_digest = digest;
    other_digest[0] ^= 1;
    assert_ne!(base, r(&other_digest, c, 1, alpha, &y), "verifier key");
    let c2 = Commitment::new(*c.info(), *c.com_f() + gen_pair::<E>()).unwrap();
    assert_ne!(base, r(&digest, &c2, 1, alpha, &y), "com_f");
    type Edit = Box<dyn Fn(&mut vidkit_core::FileInfo)>;
    let edits: Vec<(&str, Edit)> = vec![
        ("L", Box::new(|i| i.len += 1)),
        ("m", Box::new(|i| i.m += 1)),
        ("n", Box::new(|i| i.n += 1)),
        ("k", Box::new(|i| i.k += 1)),
        ("encoding", Box::new(|i| i.encoding = Encoding::Points)),
    ];
    for (what, edit) in edits {
        let mut info = *c.info();
        edit(&mut info);
        let c3 = Commitment::new(info, *c.com_f()).unwrap();
        assert_ne!(base, r(&digest, &c3, 1, alpha, &y), "{what}");
    }
    assert_ne!(base, r(&digest, c, 2, alpha, &y), "index");
    assert_ne!(base, r(&digest, c, 1, alpha + Fr::one(), &y), "point");
    for i in 0..y.len() {
        let mut y2 = y.clone();
        y2[i] += Fr::one();
        assert_ne!(base, r(&digest, c, 1, alpha, &y2), "value {i}");
    }
    // the IPA challenges chain the whole state: same round, different history
    let p = &d.proofs[1];
    let u = |j: usize, y: &[Fr]| {
        let (mut t, _) = ShardTranscript::new::<E>(&digest, c, j, alpha, y);
        t.opening::<E>(p.mu_hat(), p.pi_kzg());
        t.round::<E>(&p.rounds()[0])
    };
    let mut y2 = y.clone();
    y2[0] += Fr::one();
    assert_ne!(u(1, &y), u(1, &y2), "u_0 depends on the shard");
}

/// T-21: mixes of honest shards with a shard under a tampered proof, and
/// shards of several indices, batch == AND of the individual results.
#[test]
fn t21_batch_agrees_with_individual_checks() {
    type E = ark_bn254::Bn254;
    let k = 3;
    let f = fixture::<E>(k, 7, Encoding::Points, 31 * k * 5, 9);
    let d = f.scheme.disperse(&f.pk, &data(31 * k * 5, 10)).unwrap();
    let all: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
    assert!(f
        .scheme
        .batch_verify(&f.vk, &d.commitment, &all, &mut rng(1))
        .unwrap());
    let bad = edited(&d.proofs[3], &|q| {
        edit_round(q, 1, |r| r.l_g += gen_pair::<E>())
    });
    let mut items = all.clone();
    items[3].1 = &bad;
    assert!(!f
        .scheme
        .batch_verify(&f.vk, &d.commitment, &items, &mut rng(2))
        .unwrap());
    // the same shard twice is fine
    let twice = [all[2], all[2]];
    assert!(f
        .scheme
        .batch_verify(&f.vk, &d.commitment, &twice, &mut rng(3))
        .unwrap());
    // two proofs whose G_T errors cancel under coefficients (1, 1) are caught
    let delta = gen_pair::<E>();
    let p0 = edited(&d.proofs[0], &|q| edit_round(q, 0, |r| r.l_g += delta));
    let p1 = edited(&d.proofs[1], &|q| edit_round(q, 0, |r| r.l_g -= delta));
    let items = [(&d.shards[0], &p0), (&d.shards[1], &p1)];
    assert!(!f
        .scheme
        .batch_verify(&f.vk, &d.commitment, &items, &mut rng(4))
        .unwrap());
}

/// T-22: bytes with off-curve or off-subgroup points, invalid G_T elements,
/// truncation and trailing bytes are errors.
#[test]
fn t22_malformed_bytes() {
    type E = ark_bls12_381::Bls12_381;
    use ark_bls12_381::{Fq, Fq2, G1Affine, G2Affine};
    let k = 2;
    let f = fixture::<E>(k, 4, Encoding::Fft, 31 * k * 4, 11);
    let d = f.scheme.disperse(&f.pk, &data(31 * k * 4, 12)).unwrap();
    let p = &d.proofs[0];
    let bytes = vidkit_core::to_bytes(p);
    assert!(Proof::<E>::from_bytes(&bytes, 4).is_ok());
    let mut trailing = bytes.clone();
    trailing.push(0);
    assert!(Proof::<E>::from_bytes(&trailing, 4).is_err());
    assert!(Proof::<E>::from_bytes(&bytes[..bytes.len() - 1], 4).is_err());
    // a G1 point on the curve but outside the prime-order subgroup (as μ̂)
    let off_g1 = (1u64..)
        .find_map(|x| {
            G1Affine::get_point_from_x_unchecked(Fq::from(x), false)
                .filter(|p| !p.is_in_correct_subgroup_assuming_on_curve())
        })
        .unwrap();
    let q = spliced(&bytes, 0, &off_g1);
    assert!(matches!(
        Proof::<E>::from_bytes(&q, 4),
        Err(AplonkError::Core(
            vidkit_core::Error::Deserialization { .. }
        ))
    ));
    // a G2 point outside the subgroup (as G_0)
    let off_g2 = (1u64..)
        .find_map(|x| {
            G2Affine::get_point_from_x_unchecked(Fq2::new(Fq::from(x), Fq::one()), false)
                .filter(|p| !p.is_in_correct_subgroup_assuming_on_curve())
        })
        .unwrap();
    let g_0_at = bytes.len() - 2 * G2Affine::generator().compressed_size();
    let q = spliced(&bytes, g_0_at, &off_g2);
    assert!(Proof::<E>::from_bytes(&q, 4).is_err());
    // an F_p^12 element outside G_T (as L_G of round 0)
    let mut l_g = *p.rounds()[0].l_g();
    l_g.0 += <E as Pairing>::TargetField::one();
    let l_g_at = 2 * G1Affine::generator().compressed_size() + 8;
    let q = spliced(&bytes, l_g_at, &l_g);
    assert!(Proof::<E>::from_bytes(&q, 4).is_err());
    // the same elements are refused by the constructors
    assert!(Proof::new(ProofParts {
        mu_hat: off_g1,
        ..p.clone().into_parts()
    })
    .is_err());
    assert!(Proof::new(ProofParts {
        g_0: off_g2,
        ..p.clone().into_parts()
    })
    .is_err());
    let r0 = &p.rounds()[0];
    assert!(Round::new(l_g, *r0.r_g(), *r0.l_r(), *r0.r_r()).is_err());
    assert!(Round::new(*r0.l_g(), *r0.r_g(), off_g1, *r0.r_r()).is_err());
    assert!(Commitment::new(*d.commitment.info(), l_g).is_err());
    // an x coordinate that is not on the curve: flip bytes of the first point
    let mut off = bytes.clone();
    off[5] ^= 0x55;
    assert!(Proof::<E>::from_bytes(&off, 4).is_err());
    // commitments, keys and shards from bytes
    let cbytes = vidkit_core::to_bytes(&d.commitment);
    let c: Commitment<E> = vidkit_core::from_bytes("commitment", &cbytes).unwrap();
    assert_eq!(c, d.commitment);
    let mut cbad = cbytes.clone();
    *cbad.last_mut().unwrap() ^= 1;
    assert!(vidkit_core::from_bytes::<Commitment<E>>("commitment", &cbad).is_err());
}

/// T-23: com_f is additive in G_T and shards of A + B verify against it.
#[test]
fn t23_commitments_are_additive() {
    type E = ark_bls12_381::Bls12_381;
    type Fr = ark_bls12_381::Fr;
    let k = 2;
    let len = 31 * k * 3;
    let f = fixture::<E>(k, 4, Encoding::Fft, len, 13);
    let a = f.scheme.encode(&data(len, 14)).unwrap();
    let b = f.scheme.encode(&data(len, 15)).unwrap();
    let beta = Fr::from(7u64);
    let sum = Encoded {
        info: a.info,
        coefficients: a
            .coefficients
            .iter()
            .zip(&b.coefficients)
            .map(|(x, y)| *x + beta * y)
            .collect(),
        shards: a
            .shards
            .iter()
            .zip(&b.shards)
            .map(|(x, y)| Shard {
                index: x.index,
                values: x
                    .values
                    .iter()
                    .zip(&y.values)
                    .map(|(u, v)| *u + beta * v)
                    .collect(),
            })
            .collect(),
    };
    let (ca, _) = f.scheme.commit(&f.pk, &a).unwrap();
    let (cb, _) = f.scheme.commit(&f.pk, &b).unwrap();
    let (cs, hs) = f.scheme.commit(&f.pk, &sum).unwrap();
    assert_eq!(*cs.com_f(), *ca.com_f() + *cb.com_f() * beta);
    let combined = Commitment::new(a.info, *ca.com_f() + *cb.com_f() * beta).unwrap();
    let proofs = f.scheme.prove(&f.pk, &sum, &combined, &hs).unwrap();
    for (s, p) in sum.shards.iter().zip(&proofs) {
        assert!(f.scheme.verify(&f.vk, &combined, s, p).unwrap());
    }
}

/// T-26: m = 1 (κ = 0: μ_0 = μ̂, G_0 = H), m = m'/2 + 1 and m = m' − 1.
fn padding_extremes<E: Pairing>() {
    let k = 2;
    for (m_rows, m_p) in [(1usize, 1usize), (5, 8), (7, 8), (9, 16), (8, 8)] {
        let f = fixture::<E>(k, 3, Encoding::Points, 31 * k * m_rows, 16);
        let d = f
            .scheme
            .disperse(&f.pk, &data(31 * k * m_rows, 17))
            .unwrap();
        assert_eq!(
            (d.commitment.info().m, d.commitment.m_prime()),
            (m_rows, m_p)
        );
        for (j, p) in d.proofs.iter().enumerate() {
            assert!(ok(&f, &d, j, p), "m = {m_rows}, shard {j}");
            assert_eq!(p.rounds().len(), m_p.trailing_zeros() as usize);
            if m_rows == 1 {
                assert_eq!(p.mu_0(), p.mu_hat());
                assert_eq!(*p.g_0(), E::G2Affine::generator());
                assert!(p.pi_ck().is_zero());
            }
            let mut bad = d.shards[j].clone();
            bad.values[m_rows - 1] += E::ScalarField::one();
            assert!(!f.scheme.verify(&f.vk, &d.commitment, &bad, p).unwrap());
        }
    }
}

#[test]
fn t26_padding_extremes_bls12_381() {
    padding_extremes::<ark_bls12_381::Bls12_381>();
}

#[test]
fn t26_padding_extremes_bn254() {
    padding_extremes::<ark_bn254::Bn254>();
}

/// Keys: too small an SRS is a typed error; files larger than the keys are
/// refused; mismatching generators are refused.
#[test]
fn setup_and_size_limits() {
    type E = ark_bls12_381::Bls12_381;
    let scheme = Aplonk::<E>::new(4, 8, Encoding::Fft).unwrap();
    let srs = AplonkSrs::<E>::insecure_from_seeds(1, 2, 4, 4);
    assert!(matches!(
        scheme.setup(&srs, 31 * 4 * 5),
        Err(AplonkError::Core(vidkit_core::Error::SrsTooShort {
            group: "G2",
            have: 4,
            need: 8
        }))
    ));
    let small = AplonkSrs::<E>::insecure_from_seeds(1, 2, 3, 4);
    assert!(matches!(
        scheme.setup(&small, 100),
        Err(AplonkError::Core(vidkit_core::Error::SrsTooShort {
            group: "G1",
            ..
        }))
    ));
    let (pk, vk) = scheme.setup(&srs, 31 * 4 * 2).unwrap();
    assert!(matches!(
        scheme.disperse(&pk, &data(31 * 4 * 3, 1)),
        Err(AplonkError::Core(vidkit_core::Error::TooManyRows {
            m: 3,
            max: 2
        }))
    ));
    // a commitment for more rows than the verifier key supports
    let big = AplonkSrs::<E>::insecure_from_seeds(1, 2, 4, 4);
    let (pk4, _) = scheme.setup(&big, 31 * 4 * 4).unwrap();
    let d = scheme.disperse(&pk4, &data(31 * 4 * 3, 2)).unwrap();
    assert!(matches!(
        scheme.verify(&vk, &d.commitment, &d.shards[0], &d.proofs[0]),
        Err(AplonkError::Core(vidkit_core::Error::TooManyRows {
            m: 3,
            max: 2
        }))
    ));
    let other = vidkit_core::Srs::<E>::new_unchecked(
        vec![(<E as Pairing>::G1::generator() * ark_bls12_381::Fr::from(2u64)).into_affine(); 2],
        srs.tau().powers_g2().to_vec(),
    );
    assert_eq!(
        AplonkSrs::new(other, srs.tau().clone()),
        Err(AplonkError::GeneratorMismatch { group: "G1" })
    );
}

fn gen_pair<E: Pairing>() -> ark_ec::pairing::PairingOutput<E> {
    E::pairing(E::G1::generator(), E::G2::generator())
}

/// `p` with its components edited by `edit`, rebuilt by the validating
/// constructor (every edit here keeps the elements in their groups).
fn edited<E: Pairing>(p: &Proof<E>, edit: &dyn Fn(&mut ProofParts<E>)) -> Proof<E> {
    let mut parts = p.clone().into_parts();
    edit(&mut parts);
    Proof::new(parts).expect("edits keep every element in its group")
}

/// The messages of one round, editable.
struct RoundEdit<E: Pairing> {
    l_g: ark_ec::pairing::PairingOutput<E>,
    r_g: ark_ec::pairing::PairingOutput<E>,
    l_r: E::G1Affine,
    r_r: E::G1Affine,
}

/// Replaces round `l` of `q` by its messages edited by `edit`.
fn edit_round<E: Pairing>(q: &mut ProofParts<E>, l: usize, edit: impl FnOnce(&mut RoundEdit<E>)) {
    let r = &q.rounds[l];
    let mut e = RoundEdit {
        l_g: *r.l_g(),
        r_g: *r.r_g(),
        l_r: *r.l_r(),
        r_r: *r.r_r(),
    };
    edit(&mut e);
    q.rounds[l] = Round::new(e.l_g, e.r_g, e.l_r, e.r_r).expect("a valid round");
}

/// `bytes` with the compressed encoding of `x` written at `offset`.
fn spliced(bytes: &[u8], offset: usize, x: &impl CanonicalSerialize) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let enc = vidkit_core::to_bytes(x);
    out[offset..offset + enc.len()].copy_from_slice(&enc);
    out
}
