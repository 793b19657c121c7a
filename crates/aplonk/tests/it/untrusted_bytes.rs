//! Proof and commitment bytes from an adversary (issue #16): every count the
//! bytes state is compared with the public parameters before any point or
//! G_T element is decoded or validated, and no way of making a value skips
//! its validation.

use ark_bls12_381::{Bls12_381, Fq, G1Affine};
use ark_ec::{pairing::Pairing, AffineRepr};
use ark_ff::One;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use std::time::{Duration, Instant};
use vidkit_aplonk::{Aplonk, AplonkError, AplonkSrs, Commitment, Proof, MAX_ROUNDS};
use vidkit_core::{Dispersal, Encoding, Error, Scheme, SerializationFault};

type E = Bls12_381;

const CLAIMED: u64 = 4_000;

/// k = 2, n = 4, m = 4 rows: κ = 2 rounds.
fn dispersal() -> (Aplonk<E>, Dispersal<Aplonk<E>>) {
    let scheme = Aplonk::<E>::new(2, 4, Encoding::Fft).unwrap();
    let srs = AplonkSrs::<E>::insecure_from_seeds(3, 4, 2, 4);
    let len = 31 * 2 * 4;
    let (pk, _) = scheme.setup(&srs, len).unwrap();
    let data: Vec<u8> = (0..len).map(|i| (i * 7) as u8).collect();
    let d = scheme.disperse(&pk, &data).unwrap();
    assert_eq!(d.commitment.info().m, 4);
    (scheme, d)
}

/// Offset of the round count: after `μ̂` and `π_kzg`.
fn count_at() -> usize {
    2 * G1Affine::generator().compressed_size()
}

/// The honest proof's `μ̂, π_kzg`, a round count of `CLAIMED`, then `body`.
fn claiming_many_rounds(honest: &[u8], body: &[u8]) -> Vec<u8> {
    let mut b = honest[..count_at()].to_vec();
    b.extend_from_slice(&CLAIMED.to_le_bytes());
    b.extend_from_slice(body);
    b
}

/// A proof whose count claims 4 000 rounds, followed by 5 MB of bytes that
/// are no group elements at all: the count is refused with its own error,
/// so decoding stopped before the first round (decoding it would fail with
/// a deserialization error instead).
#[test]
fn a_round_count_above_the_files_is_refused_before_any_round_is_decoded() {
    let (scheme, d) = dispersal();
    let honest = vidkit_core::to_bytes(&d.proofs[1]);
    let b = claiming_many_rounds(&honest, &vec![0xff; 5_000_000]);
    let expected = AplonkError::RoundCount {
        got: CLAIMED as usize,
        expected: 2,
        m_prime: 4,
    };
    assert_eq!(Proof::<E>::from_bytes(&b, 4), Err(expected.clone()));
    assert_eq!(
        scheme.proof_from_bytes(d.commitment.info(), &b),
        Err(expected)
    );
    // a count above what any file can have, and a count that is not a usize
    for count in [MAX_ROUNDS as u64 + 1, u64::MAX] {
        let mut b = honest.clone();
        b[count_at()..count_at() + 8].copy_from_slice(&count.to_le_bytes());
        assert!(matches!(
            Proof::<E>::from_bytes(&b, 4),
            Err(AplonkError::RoundCount { expected: 2, .. })
        ));
    }
    // too short to hold the count at all
    assert_eq!(
        Proof::<E>::from_bytes(&honest[..count_at() + 7], 4),
        Err(AplonkError::Core(Error::Deserialization {
            what: "aPlonK proof",
            source: SerializationFault::Truncated
        }))
    );
}

/// The right count with a wrong length is refused by its length, before the
/// garbage in it is decoded.
#[test]
fn the_length_is_checked_against_the_count_before_decoding() {
    let (_, d) = dispersal();
    let honest = vidkit_core::to_bytes(&d.proofs[1]);
    let mut long = honest.clone();
    long.extend_from_slice(&[0xff; 100]);
    // garbage inside, where the first round starts: still a length error
    long[count_at() + 8] = 0xff;
    assert_eq!(
        Proof::<E>::from_bytes(&long, 4),
        Err(AplonkError::Core(Error::Deserialization {
            what: "aPlonK proof",
            source: SerializationFault::TrailingBytes(100)
        }))
    );
    let mut short = honest[..honest.len() - 1].to_vec();
    short[count_at() + 8] = 0xff;
    assert_eq!(
        Proof::<E>::from_bytes(&short, 4),
        Err(AplonkError::Core(Error::Deserialization {
            what: "aPlonK proof",
            source: SerializationFault::Truncated
        }))
    );
}

/// 4 000 copies of a valid round (a 5 MB proof): validating them would take
/// seconds (one exponentiation per G_T element); the verifier's reader
/// refuses the count at once, and the generic reader, which knows no `m`,
/// refuses any count above [`MAX_ROUNDS`] before reading a round.
#[test]
fn a_proof_of_many_valid_rounds_is_refused_quickly() {
    let (scheme, d) = dispersal();
    let honest = vidkit_core::to_bytes(&d.proofs[1]);
    let round = vidkit_core::to_bytes(&d.proofs[1].rounds()[0]);
    let tail = &honest[honest.len() - (honest.len() - count_at() - 8 - 2 * round.len())..];
    let mut body = round.repeat(CLAIMED as usize);
    body.extend_from_slice(tail);
    let b = claiming_many_rounds(&honest, &body);
    assert!(b.len() > CLAIMED as usize * round.len());
    let start = Instant::now();
    assert!(matches!(
        scheme.proof_from_bytes(d.commitment.info(), &b),
        Err(AplonkError::RoundCount {
            got: 4_000,
            expected: 2,
            ..
        })
    ));
    assert_eq!(
        vidkit_core::from_bytes::<Proof<E>>("proof", &b),
        Err(Error::Deserialization {
            what: "proof",
            source: SerializationFault::InvalidData
        })
    );
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "took {:?}",
        start.elapsed()
    );
}

/// Deserialization validates in every mode: "unchecked" reading cannot make
/// a proof or commitment with elements outside their groups, which the
/// verifier's GLV and Frobenius shortcuts would get wrong.
#[test]
fn unchecked_deserialization_still_validates() {
    let (_, d) = dispersal();
    let honest = vidkit_core::to_bytes(&d.proofs[1]);
    assert_eq!(
        Proof::<E>::deserialize_compressed_unchecked(&honest[..]).unwrap(),
        d.proofs[1]
    );
    // a G1 point on the curve, outside the prime-order subgroup, as μ̂
    let off = (1u64..)
        .find_map(|x| {
            G1Affine::get_point_from_x_unchecked(Fq::from(x), false)
                .filter(|p| !p.is_in_correct_subgroup_assuming_on_curve())
        })
        .unwrap();
    let mut b = honest.clone();
    off.serialize_compressed(&mut b[..count_at() / 2]).unwrap();
    assert!(Proof::<E>::deserialize_compressed_unchecked(&b[..]).is_err());
    // an F_p^12 element outside G_T as com_f
    let mut com_f = *d.commitment.com_f();
    com_f.0 += <E as Pairing>::TargetField::one();
    let mut c = vidkit_core::to_bytes(d.commitment.info());
    c.extend_from_slice(&vidkit_core::to_bytes(&com_f));
    assert!(Commitment::<E>::deserialize_compressed_unchecked(&c[..]).is_err());
    assert!(Commitment::<E>::new(*d.commitment.info(), com_f).is_err());
}
