//! The tamper classes of issue #14 on all three curves, one at a time, with
//! the verdict each must get: altered value, altered proof, proof moved to
//! another index, shard of another file, wrong commitment, out-of-range and
//! duplicate indices in a batch; plus the cross-polynomial cancellation
//! that folding with a fixed challenge would let through, and malformed
//! proof and commitment bytes.

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::One;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use ark_std::rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use vidkit_core::{Encoding, Scheme, Shard};
use vidkit_kzg_cells::{Commitment, KzgCells, KzgCellsError, Proof};

type Fr<E> = <E as Pairing>::ScalarField;

fn data(len: usize, rng: &mut impl RngCore) -> Vec<u8> {
    let mut d = vec![0u8; len];
    rng.fill_bytes(&mut d);
    d
}

fn tamper_classes<E: Pairing>(seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    // k = 3, n = 8, ℓ = 4, m = 6: two polynomials, the second partial.
    // (With k = 2 every quotient by X^ℓ − a is the same polynomial, so all
    // shards of a file carry the same proof and moving one is no tampering.)
    let (k, n, l) = (3, 8, 4);
    let scheme = KzgCells::<E>::new(k, n, Encoding::Fft, l).unwrap();
    let s = vidkit_core::packing::bytes_per_element::<Fr<E>>();
    let len = s * k * 6;
    let srs = scheme.insecure_srs(len, seed).unwrap();
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let a = scheme.disperse(&pk, &data(len, &mut rng)).unwrap();
    let b = scheme.disperse(&pk, &data(len, &mut rng)).unwrap();
    assert_eq!(a.commitment.polynomials().len(), 2);
    let c = &a.commitment;
    let ok = |shard: &Shard<Fr<E>>, proof: &Proof<E>, com: &Commitment<E>| {
        scheme.verify(&vk, com, shard, proof)
    };
    for j in 0..n {
        let (shard, proof) = (&a.shards[j], &a.proofs[j]);
        assert_eq!(ok(shard, proof, c), Ok(true), "honest shard {j}");
        // altered value, in each polynomial's cell
        for row in [0, 3, 4, 5] {
            let mut t = shard.clone();
            t.values[row] += Fr::<E>::one();
            assert_eq!(ok(&t, proof, c), Ok(false), "shard {j}, row {row} altered");
        }
        // altered proof: each cell proof moved by G, and the two swapped
        for cell in 0..2 {
            let mut p = proof.clone();
            p.cells[cell] = (p.cells[cell] + E::G1Affine::generator()).into_affine();
            assert_eq!(
                ok(shard, &p, c),
                Ok(false),
                "shard {j}, proof {cell} altered"
            );
        }
        let mut p = proof.clone();
        p.cells.swap(0, 1);
        assert_eq!(
            ok(shard, &p, c),
            Ok(false),
            "shard {j}, cell proofs swapped"
        );
        // proof moved to another index (and shard moved to another index)
        let other = (j + 1) % n;
        assert_ne!(a.proofs[other], *proof, "proofs {j} and {other} differ");
        assert_eq!(
            ok(shard, &a.proofs[other], c),
            Ok(false),
            "proof of {other} on {j}"
        );
        let moved = Shard {
            index: other,
            values: shard.values.clone(),
        };
        assert_eq!(ok(&moved, proof, c), Ok(false), "shard {j} as {other}");
        // shard of another file, under A's commitment; A's shard under B's
        assert_eq!(
            ok(&b.shards[j], &b.proofs[j], c),
            Ok(false),
            "B's shard {j} under A"
        );
        assert_eq!(
            ok(shard, proof, &b.commitment),
            Ok(false),
            "A's shard {j} under B"
        );
        // wrong commitment: one polynomial commitment altered
        for poly in 0..2 {
            let mut points = c.polynomials().to_vec();
            points[poly] = (points[poly] + E::G1Affine::generator()).into_affine();
            let wrong = Commitment::<E>::new(*c.info(), l, points).unwrap();
            assert_eq!(
                ok(shard, proof, &wrong),
                Ok(false),
                "C_{poly} altered, shard {j}"
            );
        }
    }
    // a commitment for another cell size or number of polynomials: errors
    let other_cell = Commitment::<E>::new(*c.info(), 2, vec![c.polynomials()[0]; 3]).unwrap();
    assert!(matches!(
        ok(&a.shards[0], &a.proofs[0], &other_cell),
        Err(KzgCellsError::CellSizeMismatch {
            got: 2,
            expected: 4
        })
    ));
    assert!(Commitment::<E>::new(*c.info(), l, vec![c.polynomials()[0]]).is_err());
    // a proof with a missing cell proof: an error
    let mut short = a.proofs[0].clone();
    short.cells.pop();
    assert!(matches!(
        ok(&a.shards[0], &short, c),
        Err(KzgCellsError::ProofLength {
            got: 1,
            expected: 2
        })
    ));

    // errors that cancel across the two cells of one shard: +δ in the first
    // polynomial's cell, −δ at the same position in the second. Folding
    // with γ = 1 would see the sum of the two interpolation polynomials
    // unchanged and accept; the Fiat-Shamir γ rejects.
    let delta = Fr::<E>::from(7u64);
    let mut t = a.shards[1].clone();
    t.values[0] += delta;
    t.values[l] -= delta;
    assert_eq!(
        ok(&t, &a.proofs[1], c),
        Ok(false),
        "cancelling errors across cells"
    );
    let gamma = scheme.fold_challenge(&vk, c, &t, &a.proofs[1]);
    assert_ne!(gamma, Fr::<E>::one());

    // batches: out-of-range index → Err; duplicates → each copy verified
    let far = Shard {
        index: n,
        values: a.shards[0].values.clone(),
    };
    let items = [(&a.shards[0], &a.proofs[0]), (&far, &a.proofs[0])];
    assert!(matches!(
        scheme.batch_verify(&vk, c, &items, &mut rng),
        Err(KzgCellsError::Core(
            vidkit_core::Error::IndexOutOfRange { .. }
        ))
    ));
    let dup = [(&a.shards[2], &a.proofs[2]), (&a.shards[2], &a.proofs[2])];
    assert_eq!(
        scheme.batch_verify(&vk, c, &dup, &mut rng),
        Ok(true),
        "honest duplicate"
    );
    let mut bad = a.shards[2].clone();
    bad.values[1] += delta;
    let dup_bad = [(&a.shards[2], &a.proofs[2]), (&bad, &a.proofs[2])];
    assert_eq!(
        scheme.batch_verify(&vk, c, &dup_bad, &mut rng),
        Ok(false),
        "duplicate index, one copy altered"
    );
    // the same index twice with errors that cancel under coefficients 1, 1
    let mut plus = a.shards[2].clone();
    let mut minus = a.shards[2].clone();
    plus.values[1] += delta;
    minus.values[1] -= delta;
    let cancel = [(&plus, &a.proofs[2]), (&minus, &a.proofs[2])];
    assert_eq!(
        scheme.batch_verify(&vk, c, &cancel, &mut rng),
        Ok(false),
        "duplicate index, cancelling errors"
    );
    // a batch mixing every honest shard and one moved proof
    let mut mixed: Vec<_> = a.shards.iter().zip(&a.proofs).collect();
    assert_eq!(scheme.batch_verify(&vk, c, &mixed, &mut rng), Ok(true));
    mixed[3].1 = &a.proofs[0];
    assert_eq!(scheme.batch_verify(&vk, c, &mixed, &mut rng), Ok(false));

    // decoding refuses duplicates and out-of-range indices with typed errors
    let info = scheme.file_info(c);
    let dup_shards = vec![
        a.shards[0].clone(),
        a.shards[1].clone(),
        a.shards[1].clone(),
    ];
    assert!(matches!(
        scheme.decode(info, &dup_shards),
        Err(KzgCellsError::Core(vidkit_core::Error::Erasure(
            vidkit_erasure::Error::DuplicateIndex { .. }
        )))
    ));
    assert!(matches!(
        scheme.decode(
            info,
            &[a.shards[0].clone(), a.shards[1].clone(), far.clone()]
        ),
        Err(KzgCellsError::Core(
            vidkit_core::Error::IndexOutOfRange { .. }
        ))
    ));
}

#[test]
fn tamper_classes_bls12_381() {
    tamper_classes::<ark_bls12_381::Bls12_381>(1);
}

#[test]
fn tamper_classes_bn254() {
    tamper_classes::<ark_bn254::Bn254>(2);
}

#[test]
fn tamper_classes_bls24_317() {
    tamper_classes::<vidkit_bls24_317::Bls24_317>(3);
}

/// Untrusted proof and commitment bytes: counts are checked against the
/// metadata before any point is read, and nothing panics.
#[test]
fn untrusted_bytes() {
    type E = ark_bls12_381::Bls12_381;
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let scheme = KzgCells::<E>::new(2, 4, Encoding::Fft, 4).unwrap();
    let len = 31 * 2 * 6;
    let srs = scheme.insecure_srs(len, 4).unwrap();
    let (pk, _) = scheme.setup(&srs, len).unwrap();
    let d = scheme.disperse(&pk, &data(len, &mut rng)).unwrap();
    let info = *scheme.file_info(&d.commitment);
    let bytes = vidkit_core::to_bytes(&d.proofs[0]);
    assert_eq!(bytes.len(), 8 + 2 * 48);
    assert_eq!(
        scheme.proof_from_bytes(&info, &bytes),
        Ok(d.proofs[0].clone())
    );
    for count in [0u64, 1, 3, u64::MAX, 1 << 40] {
        let mut b = bytes.clone();
        b[..8].copy_from_slice(&count.to_le_bytes());
        assert_eq!(
            scheme.proof_from_bytes(&info, &b),
            Err(KzgCellsError::ProofLength {
                got: count,
                expected: 2
            }),
            "count {count}"
        );
    }
    for cut in [0, 7, 8, 50, bytes.len() - 1] {
        assert!(
            scheme.proof_from_bytes(&info, &bytes[..cut]).is_err(),
            "{cut} bytes"
        );
    }
    let mut long = bytes.clone();
    long.push(0);
    assert!(scheme.proof_from_bytes(&info, &long).is_err());
    // a point that is not on the curve
    let mut off = bytes.clone();
    off[8 + 47] ^= 1;
    assert!(scheme.proof_from_bytes(&info, &off).is_err());

    // commitments: the count is checked against ⌈m/ℓ⌉ before the points
    let cb = vidkit_core::to_bytes(&d.commitment);
    assert_eq!(
        Commitment::<E>::deserialize_compressed(&cb[..]).unwrap(),
        d.commitment
    );
    let count_at = info.compressed_size() + 8;
    for count in [1u64, 3, u64::MAX] {
        let mut b = cb.clone();
        b[count_at..count_at + 8].copy_from_slice(&count.to_le_bytes());
        assert!(
            Commitment::<E>::deserialize_compressed(&b[..]).is_err(),
            "count {count}"
        );
    }
    let cell_at = info.compressed_size();
    let mut b = cb.clone();
    b[cell_at..cell_at + 8].copy_from_slice(&3u64.to_le_bytes());
    assert!(
        Commitment::<E>::deserialize_compressed(&b[..]).is_err(),
        "ℓ = 3"
    );
}

/// Random bytes, and valid encodings with random bytes overwritten, never
/// make the readers of proofs, commitments and keys panic (T-22).
#[test]
fn random_bytes_never_panic() {
    use ark_serialize::{Compress, Validate};
    use vidkit_kzg_cells::{ProverKey, VerifierKey};
    type E = ark_bls12_381::Bls12_381;
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let scheme = KzgCells::<E>::new(2, 4, Encoding::Fft, 2).unwrap();
    let len = 31 * 2 * 3;
    let srs = scheme.insecure_srs(len, 5).unwrap();
    let (pk, vk) = scheme.setup(&srs, len).unwrap();
    let d = scheme.disperse(&pk, &data(len, &mut rng)).unwrap();
    let info = *scheme.file_info(&d.commitment);
    let valid = [
        vidkit_core::to_bytes(&d.proofs[1]),
        vidkit_core::to_bytes(&d.commitment),
        vidkit_core::to_bytes(&vk),
        vidkit_core::to_bytes(&pk),
    ];
    for round in 0..200 {
        let mut inputs = vec![data((rng.next_u32() % 200) as usize, &mut rng)];
        for v in &valid {
            let mut b = v.clone();
            for _ in 0..1 + round % 3 {
                let at = rng.next_u32() as usize % b.len();
                b[at] = rng.next_u32() as u8;
            }
            inputs.push(b);
        }
        for b in &inputs {
            let _ = scheme.proof_from_bytes(&info, b);
            for compress in [Compress::Yes, Compress::No] {
                for validate in [Validate::Yes, Validate::No] {
                    let _ = Commitment::<E>::deserialize_with_mode(&b[..], compress, validate);
                    let _ = VerifierKey::<E>::deserialize_with_mode(&b[..], compress, validate);
                    let _ = ProverKey::<E>::deserialize_with_mode(&b[..], compress, validate);
                }
            }
        }
    }
}
