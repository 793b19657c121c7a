//! Known-answer tests against gnark-crypto v0.22.0 (every case of the vectors
//! file): parameters, tower and Frobenius coefficients, generators, scalar
//! multiplications, additions, endomorphisms, encodings and pairings.

use crate::common;

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, Field, One, PrimeField, Zero};
use common::*;
use vidkit_bls24_317::{
    constants, textbook_pairing_from, Bls24_317, Fq, Fq12, Fq12Config, Fq2, Fq24, Fq24Config, Fq4,
    Fq4Config, Fr, G1Affine, G1Projective, G2Affine, G2Projective,
};

fn hex_int(v: &serde_json::Value) -> Vec<u8> {
    let s = v.as_str().unwrap();
    let s = if s.len() % 2 == 1 {
        format!("0{s}")
    } else {
        s.to_string()
    };
    hex::decode(s).unwrap()
}

fn strip_zeros(b: &[u8]) -> &[u8] {
    let i = b.iter().position(|x| *x != 0).unwrap_or(b.len());
    &b[i..]
}

#[test]
fn moduli_and_seed() {
    let v = vectors();
    let c = &v["constants"];
    assert_eq!(strip_zeros(&Fq::MODULUS.to_bytes_be()), hex_int(&c["p"]));
    assert_eq!(strip_zeros(&Fr::MODULUS.to_bytes_be()), hex_int(&c["r"]));
    assert_eq!(
        constants::SEED_X[0],
        u64::from_str_radix(c["seed_x"].as_str().unwrap(), 16).unwrap()
    );
    let naf: Vec<i8> = c["miller_loop_naf_of_x_lsb_first"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_i64().unwrap() as i8)
        .collect();
    assert_eq!(constants::SEED_X_NAF.to_vec(), naf);
    assert_eq!(
        <vidkit_bls24_317::Config as vidkit_bls24_317::bls24::Bls24Config>::x_naf(),
        naf
    );
    assert_eq!(<Fr as ark_ff::FftField>::TWO_ADICITY, 60);
    assert_eq!(
        <Fr as ark_ff::FftField>::GENERATOR,
        fr(&c["fr_multiplicative_generator_gnark_fft"])
    );
    // gnark's fixed 2^60-th root of unity has exact order 2^60 in our Fr.
    let root = fr(&c["fr_root_of_unity_order_2_60_gnark"]);
    assert!(root.pow([1u64 << 59]) == -Fr::one());
    assert_eq!(
        strip_zeros(&ark_ff::BigInt::<1>(constants::G1_COFACTOR).to_bytes_be()),
        hex_int(&c["g1_cofactor"])
    );
    let h2 = ark_ff::BigInt::<16>(constants::G2_COFACTOR).to_bytes_be();
    assert_eq!(strip_zeros(&h2), hex_int(&c["g2_cofactor"]));
}

#[test]
fn tower_nonresidues() {
    let v = vectors();
    let nr = &v["constants"]["tower"]["nonresidues"];
    let u = Fq2::new(Fq::zero(), Fq::one());
    assert_eq!(u.square(), -Fq2::one());
    let vv = Fq4::new(Fq2::zero(), Fq2::one());
    assert_eq!(
        vv.square(),
        Fq4::new(fq2(&nr["fp4_v_squared"]), Fq2::zero())
    );
    let w = Fq12::new(Fq4::zero(), Fq4::one(), Fq4::zero());
    assert_eq!(
        w.square() * w,
        Fq12::new(fq4(&nr["fp12_w_cubed"]), Fq4::zero(), Fq4::zero())
    );
    let i = Fq24::new(Fq12::zero(), Fq12::one());
    assert_eq!(
        i.square(),
        Fq24::new(fq12(&nr["fp24_i_squared"]), Fq12::zero())
    );
    // i^6 = v
    assert_eq!(
        i.pow([6u64]),
        Fq24::new(Fq12::new(vv, Fq4::zero(), Fq4::zero()), Fq12::zero())
    );
}

#[test]
fn frobenius_coefficients() {
    use ark_ff::fields::Fp2Config;
    use vidkit_bls24_317::bls24::{Fp12Config, Fp24Config, Fp4Config};
    let v = vectors();
    let fc = &v["frobenius_coefficients"];
    let c2: Vec<Fq> = fc["fp2_c1"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| fq(&a[0]))
        .collect();
    assert_eq!(c2, vidkit_bls24_317::Fq2Config::FROBENIUS_COEFF_FP2_C1);
    let c4: Vec<Fq2> = fc["fp4_c1"].as_array().unwrap().iter().map(fq2).collect();
    assert_eq!(c4, Fq4Config::FROBENIUS_COEFF_FP4_C1);
    let c12_1: Vec<Fq4> = fc["fp12_c1"].as_array().unwrap().iter().map(fq4).collect();
    assert_eq!(c12_1, Fq12Config::FROBENIUS_COEFF_FP12_C1);
    let c12_2: Vec<Fq4> = fc["fp12_c2"].as_array().unwrap().iter().map(fq4).collect();
    assert_eq!(c12_2, Fq12Config::FROBENIUS_COEFF_FP12_C2);
    // gnark lists the Fq24 coefficients in Fq12; ours are the same values in Fq4.
    let c24: Vec<Fq12> = fc["fp24_c1"].as_array().unwrap().iter().map(fq12).collect();
    let ours: Vec<Fq12> = Fq24Config::FROBENIUS_COEFF_FP24_C1
        .iter()
        .map(|c| Fq12::new(*c, Fq4::zero(), Fq4::zero()))
        .collect();
    assert_eq!(c24, ours);
}

#[test]
fn generators_and_curve_coefficients() {
    let v = vectors();
    let c = &v["constants"];
    assert_eq!(G1Affine::generator(), g1(&c["g1_generator"]));
    assert_eq!(G2Affine::generator(), g2(&c["g2_generator"]));
    assert_eq!(
        <vidkit_bls24_317::g2::Config as ark_ec::short_weierstrass::SWCurveConfig>::COEFF_B,
        fq4(&c["b_twist_g2"])
    );
    assert!(G1Affine::generator().is_in_correct_subgroup_assuming_on_curve());
    assert!(G2Affine::generator().is_in_correct_subgroup_assuming_on_curve());
}

#[test]
fn scalar_multiplications() {
    let v = vectors();
    for section in ["scalar_mul", "scalar_mul_edge"] {
        let cases = v[section].as_array().unwrap();
        assert!(!cases.is_empty());
        for case in cases {
            let s = fr(&case["s"]);
            assert_eq!(
                (G1Projective::generator() * s).into_affine(),
                g1(&case["s_g1"]),
                "{section} G1 s={}",
                case["s"]
            );
            assert_eq!(
                (G2Projective::generator() * s).into_affine(),
                g2(&case["s_g2"]),
                "{section} G2 s={}",
                case["s"]
            );
        }
    }
}

#[test]
fn additions() {
    let v = vectors();
    for case in v["add_g1"].as_array().unwrap() {
        let (p, q) = (g1(&case["p"]), g1(&case["q"]));
        assert_eq!((p + q).into_affine(), g1(&case["p_plus_q"]));
    }
    for case in v["add_g2"].as_array().unwrap() {
        let (p, q) = (g2(&case["p"]), g2(&case["q"]));
        assert_eq!((p + q).into_affine(), g2(&case["p_plus_q"]));
    }
}

#[test]
fn endomorphisms() {
    let v = vectors();
    let e = &v["endomorphisms"];
    assert_eq!(constants::G1_ENDO_BETA, fq(&e["g1_phi_beta"]));
    assert_eq!(constants::G1_LAMBDA, fr(&e["g1_phi_lambda"]));
    assert_eq!(constants::G2_PSI_CX, fq4(&e["g2_psi_x_coeff"]));
    assert_eq!(constants::G2_PSI_CY, fq4(&e["g2_psi_y_coeff"]));
    let g2 = G2Projective::generator();
    assert_eq!(
        vidkit_bls24_317::g2::psi(&g2),
        g2 * Fr::from(constants::SEED_X[0])
    );
    assert_eq!(
        vidkit_bls24_317::g2::psi2(&g2),
        vidkit_bls24_317::g2::psi(&vidkit_bls24_317::g2::psi(&g2))
    );
}

/// gnark's encodings (big-endian, flags in the top 3 bits of byte 0) decoded
/// by hand give our generators, and gnark's "lexicographically largest" is
/// arkworks' `y > -y`.
#[test]
fn gnark_encodings_agree_on_points_and_sign_rule() {
    let v = vectors();
    let s = &v["serialization"];
    let g1_c = hex::decode(s["g1_generator_compressed"].as_str().unwrap()).unwrap();
    let mut x = g1_c.clone();
    let flags = x[0] >> 5;
    x[0] &= 0x1f;
    let g = G1Affine::generator();
    assert_eq!(Fq::from_be_bytes_mod_order(&x), g.x);
    assert_eq!(flags == 0b101, g.y > -g.y);
    assert_eq!(
        flags == 0b101,
        s["g1_generator_y_lexicographically_largest"]
            .as_bool()
            .unwrap()
    );
    let g2_c = hex::decode(s["g2_generator_compressed"].as_str().unwrap()).unwrap();
    let flags = g2_c[0] >> 5;
    let mut b = g2_c.clone();
    b[0] &= 0x1f;
    let limb = |k: usize| Fq::from_be_bytes_mod_order(&b[40 * k..40 * (k + 1)]);
    // x.B1.A1 || x.B1.A0 || x.B0.A1 || x.B0.A0
    let x2 = Fq4::new(Fq2::new(limb(3), limb(2)), Fq2::new(limb(1), limb(0)));
    let g2 = G2Affine::generator();
    assert_eq!(x2, g2.x);
    assert_eq!(flags == 0b101, g2.y > -g2.y);
    assert_eq!(
        flags == 0b101,
        s["g2_generator_y_lexicographically_largest"]
            .as_bool()
            .unwrap()
    );
}

/// Our pairing equals gnark's `Pair` exactly (= textbook^3); the textbook
/// values are recovered with `textbook_pairing_from` and are cube roots.
#[test]
fn pairings_match_gnark() {
    let v = vectors();
    let pr = &v["pairing"];
    let e = Bls24_317::pairing(G1Affine::generator(), G2Affine::generator());
    assert_eq!(e.0, fq24(&pr["generator_gnark"]));
    let exact = fq24(&pr["generator_exact"]);
    assert_eq!(textbook_pairing_from(&e).0, exact);
    assert_eq!(exact.square() * exact, e.0);
    // gnark's 960-byte GT encoding: the 24 Fp coefficients in vector order.
    let gt_hex = pr["generator_gnark_gt_bytes"].as_str().unwrap();
    let flat: String = pr["generator_gnark"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(gt_hex, flat);

    let cases = pr["cases"].as_array().unwrap();
    assert!(!cases.is_empty());
    for case in cases {
        let (a, b) = (fr(&case["a"]), fr(&case["b"]));
        let p = g1(&case["a_g1"]);
        let q = g2(&case["b_g2"]);
        assert_eq!(p, (G1Projective::generator() * a).into_affine());
        assert_eq!(q, (G2Projective::generator() * b).into_affine());
        let e_ab = Bls24_317::pairing(p, q);
        assert_eq!(e_ab.0, fq24(&case["gnark"]));
        assert_eq!(textbook_pairing_from(&e_ab).0, fq24(&case["exact"]));
        assert_eq!(e_ab, e * (a * b));
    }
}

/// Our Miller loop follows gnark's formulas; record whether the raw
/// (non-canonical) Miller-loop value coincides, and check that it reduces to
/// the same pairing either way.
#[test]
fn miller_loop_reduces_like_gnark() {
    let v = vectors();
    let raw = fq24(&v["pairing"]["generator_gnark_miller_loop_noncanonical"]);
    let gnark = Bls24_317::final_exponentiation(ark_ec::pairing::MillerLoopOutput(raw)).unwrap();
    let ours = Bls24_317::miller_loop(G1Affine::generator(), G2Affine::generator());
    let reduced = Bls24_317::final_exponentiation(ours).unwrap();
    assert_eq!(gnark, reduced);
    assert_eq!(gnark.0, fq24(&v["pairing"]["generator_gnark"]));
}

#[test]
fn fq24_frobenius_matches_power() {
    let v = vectors();
    let f = fq24(&v["pairing"]["generator_gnark_miller_loop_noncanonical"]);
    let p = Fq::MODULUS;
    let mut fp = f;
    fp.frobenius_map_in_place(1);
    assert_eq!(fp, f.pow(p));
}
