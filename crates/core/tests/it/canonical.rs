//! `from_bytes` reads only canonical encodings: arkworks' default
//! short-Weierstrass point encoding (BN254 here; BLS24-317 too) reads any
//! x-coordinate under the point-at-infinity flag as the identity, so without
//! the re-encoding check altered bytes would read as an unaltered identity.

use ark_bn254::{G1Affine, G2Affine};
use ark_ec::AffineRepr;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use vidkit_core::{from_bytes, to_bytes, Error, SerializationFault, Srs, SrsShape};

/// The compressed identity with bit 0 of byte `at` set (an x-coordinate
/// byte: the flags are the top bits of the last byte).
fn altered_identity<P: AffineRepr>(at: usize) -> Vec<u8> {
    let mut b = to_bytes(&P::zero());
    assert_eq!(*b.last().unwrap(), 0x40, "the identity's flags");
    b[at] ^= 0x01;
    b
}

fn non_canonical(e: Result<impl core::fmt::Debug, Error>) -> usize {
    match e {
        Err(Error::Deserialization {
            source: SerializationFault::NonCanonical(byte),
            ..
        }) => byte,
        other => panic!("expected a non-canonical-encoding error, got {other:?}"),
    }
}

#[test]
fn an_identity_with_a_non_zero_x_is_refused() {
    let g1 = G1Affine::zero().compressed_size();
    for at in [0, g1 / 2, g1 - 1] {
        let b = altered_identity::<G1Affine>(at);
        // arkworks alone reads these bytes as the identity …
        assert!(G1Affine::deserialize_compressed(&b[..]).unwrap().is_zero());
        // … `from_bytes` names the first byte that differs from its encoding
        assert_eq!(non_canonical(from_bytes::<G1Affine>("p", &b)), at);
    }
    let g2 = G2Affine::zero().compressed_size();
    for at in [0, g2 - 1] {
        let b = altered_identity::<G2Affine>(at);
        assert!(G2Affine::deserialize_compressed(&b[..]).unwrap().is_zero());
        assert_eq!(non_canonical(from_bytes::<G2Affine>("p", &b)), at);
    }
    // inside a larger object: a vector whose second point is the identity
    let v = vec![G1Affine::generator(), G1Affine::zero()];
    let mut b = to_bytes(&v);
    assert_eq!(from_bytes::<Vec<G1Affine>>("v", &b).unwrap(), v);
    let at = 8 + g1 + 3;
    b[at] ^= 0x01;
    assert_eq!(non_canonical(from_bytes::<Vec<G1Affine>>("v", &b)), at);
}

#[test]
fn canonical_encodings_still_read() {
    for p in [
        G1Affine::zero(),
        G1Affine::generator(),
        -G1Affine::generator(),
    ] {
        assert_eq!(from_bytes::<G1Affine>("p", &to_bytes(&p)).unwrap(), p);
    }
    let q = G2Affine::generator();
    assert_eq!(from_bytes::<G2Affine>("p", &to_bytes(&q)).unwrap(), q);
    // the error says what was wrong
    let e = from_bytes::<G1Affine>("proof", &altered_identity::<G1Affine>(4)).unwrap_err();
    assert!(e.to_string().contains("not the canonical encoding"), "{e}");
    assert!(e.to_string().contains("byte 4"), "{e}");
}

#[test]
fn setup_strings_are_read_canonically() {
    let srs = Srs::<ark_bn254::Bn254>::insecure_from_seed(7, 3, 2);
    let mut bytes = to_bytes(&srs);
    let mut rng = ark_std::test_rng();
    // G1 power 1 replaced by an identity with a non-zero x: refused (the
    // other checks of a setup would refuse a zero power too; the encoding
    // is refused first, by the reader)
    let g1 = G1Affine::zero().compressed_size();
    let at = 8 + g1;
    bytes[at..at + g1].copy_from_slice(&altered_identity::<G1Affine>(0));
    assert_eq!(
        non_canonical(Srs::<ark_bn254::Bn254>::from_bytes(&bytes, &mut rng)),
        at
    );
    let shape = SrsShape { g1: 2, g2: 1 };
    assert_eq!(
        non_canonical(Srs::<ark_bn254::Bn254>::from_bytes_prefix(
            &bytes, shape, &mut rng
        )),
        at
    );
}
