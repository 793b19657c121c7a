//! Parsing of the known-answer vectors (gnark-crypto v0.22.0) shared by the
//! integration tests. `tests/data/bls24-317.json` is a verbatim copy of the
//! project's `shared/vectors/bls24-317.json` (its `encoding` section says how
//! every value is written), embedded at build time.
#![allow(dead_code)] // each test binary uses a different subset

use ark_ff::{BigInteger, PrimeField};
use serde_json::Value;
use vidkit_bls24_317::{Fq, Fq12, Fq2, Fq24, Fq4, Fr, G1Affine, G2Affine};

/// The vectors file (embedded so the tests do not depend on the working dir).
pub const VECTORS_JSON: &str = include_str!("../../data/bls24-317.json");

pub fn vectors() -> Value {
    serde_json::from_str(VECTORS_JSON).expect("valid JSON")
}

fn hex_to_bytes(s: &str) -> Vec<u8> {
    hex::decode(s).expect("hex")
}

/// A canonical big-endian Fp value; rejects non-canonical encodings.
pub fn fq(v: &Value) -> Fq {
    let bytes = hex_to_bytes(v.as_str().expect("string"));
    assert_eq!(bytes.len(), 40);
    let x = Fq::from_be_bytes_mod_order(&bytes);
    let back = x.into_bigint().to_bytes_be();
    assert_eq!(back[back.len() - 40..], bytes[..], "non-canonical Fp value");
    x
}

pub fn fr(v: &Value) -> Fr {
    let bytes = hex_to_bytes(v.as_str().expect("string"));
    assert_eq!(bytes.len(), 32);
    let x = Fr::from_be_bytes_mod_order(&bytes);
    assert_eq!(
        x.into_bigint().to_bytes_be(),
        bytes,
        "non-canonical Fr value"
    );
    x
}

fn list(v: &Value, n: usize) -> &[Value] {
    let a = v.as_array().expect("array");
    assert_eq!(a.len(), n);
    a
}

pub fn fq2(v: &Value) -> Fq2 {
    let a = list(v, 2);
    Fq2::new(fq(&a[0]), fq(&a[1]))
}

pub fn fq4_from(a: &[Value]) -> Fq4 {
    assert_eq!(a.len(), 4);
    Fq4::new(
        Fq2::new(fq(&a[0]), fq(&a[1])),
        Fq2::new(fq(&a[2]), fq(&a[3])),
    )
}

pub fn fq4(v: &Value) -> Fq4 {
    fq4_from(list(v, 4))
}

pub fn fq12_from(a: &[Value]) -> Fq12 {
    assert_eq!(a.len(), 12);
    Fq12::new(fq4_from(&a[0..4]), fq4_from(&a[4..8]), fq4_from(&a[8..12]))
}

pub fn fq12(v: &Value) -> Fq12 {
    fq12_from(list(v, 12))
}

pub fn fq24(v: &Value) -> Fq24 {
    let a = list(v, 24);
    Fq24::new(fq12_from(&a[0..12]), fq12_from(&a[12..24]))
}

pub fn g1(v: &Value) -> G1Affine {
    let p = G1Affine::new_unchecked(fq(&v["x"]), fq(&v["y"]));
    assert!(p.is_on_curve());
    p
}

pub fn g2(v: &Value) -> G2Affine {
    let p = G2Affine::new_unchecked(fq4(&v["x"]), fq4(&v["y"]));
    assert!(p.is_on_curve());
    p
}
