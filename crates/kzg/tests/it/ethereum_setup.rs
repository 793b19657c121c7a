//! The Ethereum ceremony loader: the mainnet file loads, round-trips and
//! agrees with the monomial powers; every malformed file (counts, hex,
//! truncation, extra lines, off-curve / off-subgroup points, swapped or
//! inconsistent points) gives a typed error naming the line; random,
//! truncated and mutated text never panics (property tests); blob commitments
//! and proofs agree with the monomial path and with a known τ.

use crate::ethereum_common;

use ark_bls12_381::{Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{BigInteger, One, PrimeField, UniformRand, Zero};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_serialize::CanonicalSerialize;
use ethereum_common::{blob_of, mainnet, mainnet_text, random_evals, rng};
use proptest::prelude::*;
use vidkit_kzg::ethereum::{
    bit_reverse_permutation, field_element_to_bytes, g1_to_bytes, EthereumError, EthereumSetup,
    G1Fault, Group, Section, FIELD_ELEMENTS_PER_BLOB, NUM_G2_POINTS,
};
use vidkit_kzg::{commit, open, verify};

fn lines(text: &[u8]) -> Vec<String> {
    String::from_utf8(text.to_vec())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn join(lines: &[String]) -> Vec<u8> {
    let mut s = lines.join("\n");
    s.push('\n');
    s.into_bytes()
}

fn hex_of<T: CanonicalSerialize>(p: &T) -> String {
    let mut b = Vec::new();
    p.serialize_compressed(&mut b).unwrap();
    hex::encode(b)
}

/// A point on the G1 curve outside the prime-order subgroup.
fn g1_off_subgroup() -> G1Affine {
    (1u64..)
        .filter_map(|x| G1Affine::get_point_from_x_unchecked(Fq::from(x), false))
        .find(|p| !p.is_in_correct_subgroup_assuming_on_curve())
        .unwrap()
}

/// A point on the G2 curve outside the prime-order subgroup.
fn g2_off_subgroup() -> G2Affine {
    (1u64..)
        .filter_map(|x| {
            G2Affine::get_point_from_x_unchecked(Fq2::new(Fq::from(x), Fq::one()), true)
        })
        .find(|p| !p.is_in_correct_subgroup_assuming_on_curve())
        .unwrap()
}

/// An x coordinate with no G1 point: its compressed encoding is off the curve.
fn g1_off_curve_hex() -> String {
    let x = (1u64..)
        .map(Fq::from)
        .find(|x| G1Affine::get_point_from_x_unchecked(*x, false).is_none())
        .unwrap();
    let mut b = Vec::new();
    x.serialize_compressed(&mut b).unwrap(); // little-endian
    b.reverse();
    b[0] |= 0x80; // compressed flag
    hex::encode(b)
}

/// A small setup of known τ (8 G1 points, 3 G2 points) and its text.
fn small(tau: u64) -> (EthereumSetup, Vec<u8>) {
    let s = EthereumSetup::insecure_with_tau(Fr::from(tau), 8, 3).unwrap();
    let text = s.to_text().into_bytes();
    (s, text)
}

fn parse_small(text: &[u8]) -> Result<EthereumSetup, EthereumError> {
    EthereumSetup::from_text_with_sizes(text, 8, 3, &mut rng(9))
}

#[test]
fn mainnet_file_loads_and_round_trips_byte_for_byte() {
    let s = mainnet();
    assert_eq!(s.srs().powers_g1().len(), FIELD_ELEMENTS_PER_BLOB);
    assert_eq!(s.srs().powers_g2().len(), NUM_G2_POINTS);
    assert_eq!(s.g1_lagrange_brp().len(), FIELD_ELEMENTS_PER_BLOB);
    assert_eq!(s.blob_len(), 131072);
    assert_eq!(s.srs().powers_g1()[0], G1Affine::generator());
    assert_eq!(s.srs().powers_g2()[0], G2Affine::generator());
    // Σ ℓ_i = 1: the Lagrange points sum to the generator
    let sum: G1Projective = s.g1_lagrange_brp().iter().map(|p| p.into_group()).sum();
    assert_eq!(sum.into_affine(), G1Affine::generator());
    // blob order: element 1 sits at ω^{brp(1)} = ω^{2048} = −1
    assert_eq!(s.roots_of_unity_brp()[0], Fr::one());
    assert_eq!(s.roots_of_unity_brp()[1], -Fr::one());
    assert_eq!(s.to_text().as_bytes(), mainnet_text());
}

#[test]
fn lagrange_and_monomial_paths_give_the_same_commitment_and_proof() {
    let s = mainnet();
    let n = FIELD_ELEMENTS_PER_BLOB;
    let domain = Radix2EvaluationDomain::<Fr>::new(n).unwrap();
    let mut r = rng(2);
    let evals = random_evals(n, &mut r);
    // blob order → natural order of ω^i → coefficients
    let coeffs = domain.ifft(&bit_reverse_permutation(&evals));
    let by_lagrange = s.commit_evaluations(&evals).unwrap();
    let by_monomial: G1Projective = commit(s.srs().powers_g1(), &coeffs).unwrap();
    assert_eq!(by_lagrange, by_monomial);
    let z_inside = s.roots_of_unity_brp()[77];
    for z in [Fr::rand(&mut r), z_inside, Fr::zero()] {
        let (y, pi) = s.prove_evaluations(&evals, z).unwrap();
        let (v, w): (Fr, G1Projective) = open(s.srs().powers_g1(), &coeffs, z).unwrap();
        assert_eq!((y, pi), (v, w), "z = {z}");
        let vk = s.verifier_key();
        assert!(verify(
            vk,
            by_lagrange.into_affine(),
            z,
            y,
            pi.into_affine()
        ));
        assert!(!verify(
            vk,
            by_lagrange.into_affine(),
            z,
            y + Fr::one(),
            pi.into_affine()
        ));
    }
    assert_eq!(s.prove_evaluations(&evals, z_inside).unwrap().0, evals[77]);
}

#[test]
fn known_tau_commitments_and_proofs() {
    let tau = Fr::from(123_456_789u64);
    let (s, _) = small(123_456_789);
    let n = s.field_elements_per_blob();
    let domain = Radix2EvaluationDomain::<Fr>::new(n).unwrap();
    let mut r = rng(3);
    let g = G1Affine::generator();
    for _ in 0..4 {
        let evals = random_evals(n, &mut r);
        let coeffs = domain.ifft(&bit_reverse_permutation(&evals));
        let p = |x: Fr| coeffs.iter().rev().fold(Fr::zero(), |acc, c| acc * x + c);
        assert_eq!(s.commit_evaluations(&evals).unwrap(), g * p(tau));
        for z in [Fr::rand(&mut r), s.roots_of_unity_brp()[3]] {
            let (y, pi) = s.prove_evaluations(&evals, z).unwrap();
            assert_eq!(y, p(z));
            assert_eq!(pi, g * ((p(tau) - y) / (tau - z)));
        }
    }
}

#[test]
fn byte_level_functions_reject_malformed_input() {
    let (s, _) = small(5);
    let evals = random_evals(8, &mut rng(4));
    let blob = blob_of(&evals);
    let c = s.blob_to_kzg_commitment(&blob).unwrap();
    let z = field_element_to_bytes(Fr::from(1000u64));
    let (proof, y) = s.compute_kzg_proof(&blob, &z).unwrap();
    assert_eq!(s.verify_kzg_proof(&c, &z, &y, &proof), Ok(true));
    let y1 = field_element_to_bytes(Fr::from_be_bytes_mod_order(&y) + Fr::one());
    assert_eq!(s.verify_kzg_proof(&c, &z, &y1, &proof), Ok(false));
    let z1 = field_element_to_bytes(Fr::from(1001u64));
    assert_eq!(s.verify_kzg_proof(&c, &z1, &y, &proof), Ok(false));
    assert_eq!(s.verify_kzg_proof(&proof, &z, &y, &c), Ok(false));
    let other = g1_to_bytes(&(G1Affine::generator() * Fr::from(3u64)).into_affine());
    assert_eq!(s.verify_kzg_proof(&other, &z, &y, &proof), Ok(false));
    // lengths
    assert_eq!(
        s.blob_to_kzg_commitment(&blob[1..]),
        Err(EthereumError::BlobLength {
            found: 255,
            expected: 256
        })
    );
    assert!(s.compute_kzg_proof(&[], &z).is_err());
    // non-canonical field elements: the modulus itself and all-ones
    let modulus: [u8; 32] = Fr::MODULUS.to_bytes_be().try_into().unwrap();
    let mut bad = blob.clone();
    bad[32 * 5..32 * 6].copy_from_slice(&modulus);
    assert_eq!(
        s.blob_to_kzg_commitment(&bad),
        Err(EthereumError::NonCanonicalScalar { index: 5 })
    );
    assert_eq!(
        s.compute_kzg_proof(&blob, &[0xff; 32]),
        Err(EthereumError::NonCanonicalScalar { index: 0 })
    );
    assert!(s.verify_kzg_proof(&c, &z, &modulus, &proof).is_err());
    // points: off the subgroup, off the curve, garbage flags
    let off = g1_to_bytes(&g1_off_subgroup());
    assert_eq!(
        s.verify_kzg_proof(&off, &z, &y, &proof),
        Err(EthereumError::InvalidG1 {
            what: "commitment",
            fault: G1Fault::NotInSubgroup
        })
    );
    let mut off_curve = [0u8; 48];
    hex::decode_to_slice(g1_off_curve_hex(), &mut off_curve).unwrap();
    assert_eq!(
        s.verify_kzg_proof(&c, &z, &y, &off_curve),
        Err(EthereumError::InvalidG1 {
            what: "proof",
            fault: G1Fault::NotOnCurve
        })
    );
    assert!(s.verify_kzg_proof(&[0u8; 48], &z, &y, &proof).is_err());
    // the identity is a valid commitment (of the zero polynomial)
    let zero_blob = vec![0u8; s.blob_len()];
    let c0 = s.blob_to_kzg_commitment(&zero_blob).unwrap();
    assert_eq!(c0[0], 0xc0);
    let (p0, y0) = s.compute_kzg_proof(&zero_blob, &z).unwrap();
    assert_eq!(s.verify_kzg_proof(&c0, &z, &y0, &p0), Ok(true));
    // evaluation counts
    assert_eq!(
        s.commit_evaluations(&evals[..7]),
        Err(EthereumError::EvaluationCount {
            found: 7,
            expected: 8
        })
    );
}

#[test]
fn small_setups_round_trip_through_text() {
    let (s, text) = small(77);
    assert_eq!(parse_small(&text).unwrap(), s);
    // \r\n line ends and a missing final newline are accepted
    let crlf = String::from_utf8(text.clone())
        .unwrap()
        .replace('\n', "\r\n");
    assert_eq!(parse_small(crlf.as_bytes()).unwrap(), s);
    assert_eq!(parse_small(&text[..text.len() - 1]).unwrap(), s);
    // the parallel and sequential builds decode the same points (this test
    // runs under both feature sets in CI)
    assert_eq!(
        parse_small(s.to_text().as_bytes()).unwrap().to_text(),
        s.to_text()
    );
}

#[test]
fn structural_errors_name_the_line() {
    let (_, text) = small(11);
    let l = lines(&text);
    assert_eq!(l.len(), 2 + 8 + 3 + 8);
    let with = |i: usize, new: &str| {
        let mut l = l.clone();
        l[i] = new.to_owned();
        parse_small(&join(&l))
    };
    assert_eq!(
        parse_small(b""),
        Err(EthereumError::Truncated {
            lines: 0,
            expected: 1
        })
    );
    assert_eq!(
        with(0, "x8"),
        Err(EthereumError::BadCount {
            line: 1,
            group: Group::G1
        })
    );
    assert_eq!(
        with(0, ""),
        Err(EthereumError::BadCount {
            line: 1,
            group: Group::G1
        })
    );
    assert_eq!(
        with(0, "99999999999999999999"),
        Err(EthereumError::BadCount {
            line: 1,
            group: Group::G1
        })
    );
    assert_eq!(
        with(0, "16"),
        Err(EthereumError::WrongCount {
            line: 1,
            group: Group::G1,
            found: 16,
            expected: 8
        })
    );
    assert_eq!(
        with(1, "4"),
        Err(EthereumError::WrongCount {
            line: 2,
            group: Group::G2,
            found: 4,
            expected: 3
        })
    );
    assert_eq!(
        parse_small(&join(&l[..20])),
        Err(EthereumError::Truncated {
            lines: 20,
            expected: 21
        })
    );
    let mut extra = l.clone();
    extra.push(String::new());
    extra.push(l[5].clone());
    assert_eq!(
        parse_small(&join(&extra)),
        Err(EthereumError::TrailingLines { line: 22, count: 2 })
    );
    // line 4 is the second Lagrange point
    assert_eq!(
        with(3, &l[3][2..]),
        Err(EthereumError::HexLength {
            line: 4,
            group: Group::G1,
            found: 94,
            expected: 96
        })
    );
    assert_eq!(
        with(3, &l[12]),
        Err(EthereumError::HexLength {
            line: 4,
            group: Group::G1,
            found: 192,
            expected: 96
        })
    );
    assert_eq!(
        with(3, &format!("zz{}", &l[3][2..])),
        Err(EthereumError::NotHex { line: 4 })
    );
    assert_eq!(
        with(3, &format!(" {}", &l[3][1..])),
        Err(EthereumError::NotHex { line: 4 })
    );
    assert_eq!(
        with(3, &g1_off_curve_hex()),
        Err(EthereumError::InvalidPoint {
            line: 4,
            section: Section::G1Lagrange
        })
    );
    // uncompressed flag cleared
    let mut flagless = hex::decode(&l[3]).unwrap();
    flagless[0] &= 0x7f;
    assert_eq!(
        with(3, &hex::encode(flagless)),
        Err(EthereumError::InvalidPoint {
            line: 4,
            section: Section::G1Lagrange
        })
    );
    assert_eq!(
        with(3, &hex_of(&g1_off_subgroup())),
        Err(EthereumError::NotInSubgroup {
            line: 4,
            section: Section::G1Lagrange
        })
    );
    // lines 11..=13 are the G2 powers, 14..=21 the G1 powers
    assert_eq!(
        with(11, &hex_of(&g2_off_subgroup())),
        Err(EthereumError::NotInSubgroup {
            line: 12,
            section: Section::G2Monomial
        })
    );
    assert_eq!(
        with(20, &hex_of(&g1_off_subgroup())),
        Err(EthereumError::NotInSubgroup {
            line: 21,
            section: Section::G1Monomial
        })
    );
}

#[test]
fn inconsistent_points_are_rejected() {
    let (_, text) = small(12);
    let l = lines(&text);
    let swap = |a: usize, b: usize| {
        let mut l = l.clone();
        l.swap(a, b);
        parse_small(&join(&l))
    };
    // two Lagrange points swapped: valid points, wrong basis
    assert_eq!(swap(3, 4), Err(EthereumError::LagrangeMismatch));
    // two G1 powers swapped, two G2 powers swapped
    assert!(matches!(swap(15, 16), Err(EthereumError::Inconsistent(_))));
    assert!(matches!(swap(11, 12), Err(EthereumError::Inconsistent(_))));
    // generators: [1]_1 replaced by [2]_1 (still a consistent-looking start)
    let mut l2 = l.clone();
    l2[13] = hex_of(&(G1Affine::generator() * Fr::from(2u64)).into_affine());
    assert_eq!(
        parse_small(&join(&l2)),
        Err(EthereumError::NonStandardGenerator { group: Group::G1 })
    );
    let mut l3 = l.clone();
    l3[10] = hex_of(&(G2Affine::generator() * Fr::from(2u64)).into_affine());
    assert_eq!(
        parse_small(&join(&l3)),
        Err(EthereumError::NonStandardGenerator { group: Group::G2 })
    );
    // the Lagrange list of another τ
    let (_, other) = small(13);
    let mut l4 = l.clone();
    l4[2..10].clone_from_slice(&lines(&other)[2..10]);
    assert_eq!(
        parse_small(&join(&l4)),
        Err(EthereumError::LagrangeMismatch)
    );
    // identity points where powers belong
    let mut l5 = l.clone();
    l5[16] = hex_of(&G1Affine::zero());
    assert!(matches!(
        parse_small(&join(&l5)),
        Err(EthereumError::Inconsistent(_))
    ));
    // sizes without an evaluation domain
    assert_eq!(
        EthereumSetup::from_text_with_sizes(&text, 6, 3, &mut rng(1)),
        Err(EthereumError::UnsupportedSizes { g1: 6, g2: 3 })
    );
    assert_eq!(
        EthereumSetup::from_text_with_sizes(&text, 8, 1, &mut rng(1)),
        Err(EthereumError::UnsupportedSizes { g1: 8, g2: 1 })
    );
}

#[test]
fn mainnet_corruptions_are_detected() {
    let l = lines(mainnet_text());
    assert_eq!(l.len(), 2 + 2 * 4096 + 65);
    let load = |l: &[String]| EthereumSetup::from_text(&join(l), &mut rng(5));
    // a Lagrange point off the subgroup (line 1003)
    let mut a = l.clone();
    a[1002] = hex_of(&g1_off_subgroup());
    assert_eq!(
        load(&a),
        Err(EthereumError::NotInSubgroup {
            line: 1003,
            section: Section::G1Lagrange
        })
    );
    // two Lagrange points swapped
    let mut b = l.clone();
    b.swap(2 + 100, 2 + 3000);
    assert_eq!(load(&b), Err(EthereumError::LagrangeMismatch));
    // the last G1 power replaced by another valid point
    let mut c = l.clone();
    let last = c.len() - 1;
    c[last] = hex_of(&(G1Affine::generator() * Fr::from(7u64)).into_affine());
    assert!(matches!(load(&c), Err(EthereumError::Inconsistent(_))));
    // truncated, extra line, wrong sizes
    assert_eq!(
        load(&l[..l.len() - 1]),
        Err(EthereumError::Truncated {
            lines: 8258,
            expected: 8259
        })
    );
    assert_eq!(
        EthereumSetup::from_text_with_sizes(mainnet_text(), 4, 65, &mut rng(1)),
        Err(EthereumError::WrongCount {
            line: 1,
            group: Group::G1,
            found: 4096,
            expected: 4
        })
    );
}

#[test]
fn from_points_checks_sizes_and_generators() {
    let (s, _) = small(21);
    let lag = bit_reverse_permutation(s.g1_lagrange_brp());
    let g1 = s.srs().powers_g1().to_vec();
    let g2 = s.srs().powers_g2().to_vec();
    let again = EthereumSetup::from_points(lag.clone(), g2.clone(), g1.clone(), &mut rng(1));
    assert_eq!(again.unwrap(), s);
    assert_eq!(
        EthereumSetup::from_points(lag[..4].to_vec(), g2.clone(), g1.clone(), &mut rng(1)),
        Err(EthereumError::EvaluationCount {
            found: 4,
            expected: 8
        })
    );
    assert_eq!(
        EthereumSetup::from_points(lag.clone(), g2[..1].to_vec(), g1.clone(), &mut rng(1)),
        Err(EthereumError::UnsupportedSizes { g1: 8, g2: 1 })
    );
    assert_eq!(
        EthereumSetup::from_points(lag[..6].to_vec(), g2, g1[..6].to_vec(), &mut rng(1)),
        Err(EthereumError::UnsupportedSizes { g1: 6, g2: 3 })
    );
}

/// Every error message is one line.
#[test]
fn errors_display_on_one_line() {
    let (_, text) = small(3);
    let mut l = lines(&text);
    l[5] = hex_of(&g1_off_subgroup());
    let e = parse_small(&join(&l)).unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("line 6") && msg.contains("G1 Lagrange") && !msg.contains('\n'));
}

fn small_text() -> &'static [u8] {
    static TEXT: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| small(31).1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        prop_assert!(parse_small(&bytes).is_err());
    }

    #[test]
    fn truncated_text_is_an_error(cut in 0usize..4000) {
        let text = small_text();
        let cut = cut % text.len();
        // dropping only the final newline leaves the same lines
        prop_assume!(cut < text.len() - 1);
        prop_assert!(parse_small(&text[..cut]).is_err());
    }

    #[test]
    fn mutated_text_is_an_error_or_the_same_setup(
        at in 0usize..4000,
        byte in any::<u8>(),
    ) {
        let text = small_text();
        let at = at % text.len();
        let mut m = text.to_vec();
        m[at] = byte;
        match parse_small(&m) {
            Err(e) => prop_assert!(!e.to_string().is_empty()),
            // e.g. a hex digit changed to upper case: only another spelling
            // of the same points can pass
            Ok(s) => prop_assert_eq!(s, parse_small(text).unwrap()),
        }
    }

    #[test]
    fn inserted_or_deleted_lines_are_errors(at in 0usize..21, delete in any::<bool>()) {
        let mut l = lines(small_text());
        if delete {
            l.remove(at);
        } else {
            let dup = l[at].clone();
            l.insert(at, dup);
        }
        prop_assert!(parse_small(&join(&l)).is_err());
    }
}
