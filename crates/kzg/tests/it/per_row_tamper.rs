//! Soundness oracles T-13…T-17 of docs/spec.md §10 for the per-row KZG scheme,
//! aimed at its proof layout (one opening per row, one commitment per row):
//! tampered values in the first, last and padding rows, swapped / scaled /
//! zeroed shards, wrong indices, another file's commitment, and every single
//! opening or row commitment altered, reordered or replaced by the identity.
//! Each case is checked by `verify` and by `batch_verify` over the shard and
//! an honest one.

use ark_bls12_381::{Bls12_381, Fr, G1Affine};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{One, Zero};
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::{Dispersal, Encoding, Scheme, Shard, Srs};
use vidkit_kzg::per_row::{PerRowCommitment, PerRowProof, PerRowVerifierKey};
use vidkit_kzg::KzgPerRow;

type E = Bls12_381;

struct Fixture {
    scheme: KzgPerRow<E>,
    vk: PerRowVerifierKey<E>,
    a: Dispersal<KzgPerRow<E>>,
    b: Dispersal<KzgPerRow<E>>,
}

/// k = 3, n = 6, m = 4 rows; the last row is partly padding.
fn fixture() -> Fixture {
    let scheme = KzgPerRow::<E>::new(3, 6, Encoding::Fft).unwrap();
    let srs = Srs::<E>::insecure_from_seed(17, 3, 2);
    let len = 31 * 3 * 3 + 40;
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let file = |s: u8| -> Vec<u8> { (0..len).map(|i| (i as u8).wrapping_mul(s)).collect() };
    let a = scheme.disperse(&pk, &file(3)).unwrap();
    let b = scheme.disperse(&pk, &file(5)).unwrap();
    assert_eq!(a.commitment.info.m, 4);
    Fixture { scheme, vk, a, b }
}

impl Fixture {
    /// Rejected one by one and in a batch with an honest shard.
    #[track_caller]
    fn rejects(&self, c: &PerRowCommitment<E>, s: &Shard<Fr>, p: &PerRowProof<E>, what: &str) {
        assert_eq!(self.scheme.verify(&self.vk, c, s, p), Ok(false), "{what}");
        let items = [(&self.a.shards[0], &self.a.proofs[0]), (s, p)];
        let mut rng = ChaCha20Rng::seed_from_u64(9);
        let batch = self.scheme.batch_verify(&self.vk, c, &items, &mut rng);
        assert!(!matches!(batch, Ok(true)), "{what}: batch accepts");
    }

    fn shard(&self, j: usize) -> (&Shard<Fr>, &PerRowProof<E>) {
        (&self.a.shards[j], &self.a.proofs[j])
    }
}

#[test]
fn honest_shards_pass() {
    let f = fixture();
    for j in 0..6 {
        let (s, p) = f.shard(j);
        assert_eq!(f.scheme.verify(&f.vk, &f.a.commitment, s, p), Ok(true));
    }
}

#[test]
fn t13_flipped_values_in_first_last_and_padding_rows() {
    let f = fixture();
    let (s, p) = f.shard(2);
    for row in [0, 1, 3] {
        let mut t = s.clone();
        t.values[row] += Fr::one();
        f.rejects(&f.a.commitment, &t, p, &format!("row {row} flipped"));
    }
}

#[test]
fn t14_swapped_scaled_and_zeroed_shards() {
    let f = fixture();
    let (s, p) = f.shard(4);
    let mut t = s.clone();
    t.values.swap(0, 3);
    f.rejects(&f.a.commitment, &t, p, "rows swapped");
    let mut t = s.clone();
    t.values.iter_mut().for_each(|v| *v *= Fr::from(2u64));
    f.rejects(&f.a.commitment, &t, p, "scaled by 2");
    let mut t = s.clone();
    t.values.iter_mut().for_each(|v| *v = Fr::zero());
    f.rejects(&f.a.commitment, &t, p, "zeroed");
}

#[test]
fn t15_wrong_index_and_mismatched_proof() {
    let f = fixture();
    let (s, p) = f.shard(1);
    let mut t = s.clone();
    t.index = 2;
    f.rejects(&f.a.commitment, &t, p, "shard 1 under index 2");
    f.rejects(
        &f.a.commitment,
        s,
        &f.a.proofs[2],
        "proof of shard 2 with shard 1",
    );
}

#[test]
fn t16_other_files_commitment() {
    let f = fixture();
    let (s, p) = f.shard(3);
    f.rejects(
        &f.b.commitment,
        s,
        p,
        "file A shard under file B commitment",
    );
    f.rejects(
        &f.a.commitment,
        &f.b.shards[3],
        &f.b.proofs[3],
        "file B shard under A",
    );
}

#[test]
fn t17_each_opening_and_row_commitment_tampered() {
    let f = fixture();
    let (s, p) = f.shard(5);
    let g = G1Affine::generator();
    for row in 0..4 {
        let mut q = p.clone();
        q.openings[row] = (q.openings[row] + g).into_affine();
        f.rejects(&f.a.commitment, s, &q, &format!("opening {row} + G"));
        let mut q = p.clone();
        q.openings[row] = G1Affine::zero();
        f.rejects(&f.a.commitment, s, &q, &format!("opening {row} = identity"));
        let mut c = f.a.commitment.clone();
        c.rows[row] = (c.rows[row] + g).into_affine();
        f.rejects(&c, s, p, &format!("row commitment {row} + G"));
    }
    // reordered openings and reordered row commitments
    let mut q = p.clone();
    q.openings.swap(0, 2);
    f.rejects(&f.a.commitment, s, &q, "openings 0 and 2 swapped");
    let mut c = f.a.commitment.clone();
    c.rows.swap(1, 3);
    f.rejects(&c, s, p, "row commitments 1 and 3 swapped");
    // the opening of another shard for one row only
    let mut q = p.clone();
    q.openings[1] = f.a.proofs[0].openings[1];
    f.rejects(&f.a.commitment, s, &q, "row 1 opening of shard 0");
}

/// Proof bytes that state another number of openings than the file's `m`
/// are refused by that count before any opening is decoded (the 5 MB of
/// `0xff` after it would fail to decode with another error), and the right
/// count with the wrong length by the length.
#[test]
fn t22_opening_count_is_checked_before_decoding() {
    let f = fixture();
    let info = f.a.commitment.info;
    let honest = vidkit_core::to_bytes(&f.a.proofs[2]);
    assert_eq!(
        f.scheme.proof_from_bytes(&info, &honest),
        Ok(f.a.proofs[2].clone())
    );
    let mut many = 100_000u64.to_le_bytes().to_vec();
    many.extend_from_slice(&vec![0xff; 5_000_000]);
    assert_eq!(
        f.scheme.proof_from_bytes(&info, &many),
        Err(vidkit_kzg::KzgError::OpeningCount {
            got: 100_000,
            expected: 4
        })
    );
    let mut long = honest.clone();
    long.extend_from_slice(&[0xff; 48]);
    long[8] = 0xff;
    assert!(matches!(
        f.scheme.proof_from_bytes(&info, &long),
        Err(vidkit_kzg::KzgError::Core(
            vidkit_core::Error::Deserialization {
                source: vidkit_core::SerializationFault::TrailingBytes(48),
                ..
            }
        ))
    ));
    assert!(matches!(
        f.scheme.proof_from_bytes(&info, &honest[..7]),
        Err(vidkit_kzg::KzgError::Core(
            vidkit_core::Error::Deserialization {
                source: vidkit_core::SerializationFault::Truncated,
                ..
            }
        ))
    ));
}
