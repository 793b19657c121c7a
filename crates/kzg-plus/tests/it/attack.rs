//! T-20: the malicious-disperser attack of docs/spec.md §5.6.
//!
//! With the seed paper's / komodo's challenge `r_j = H(y_j)`, a disperser
//! picks arbitrary, mutually inconsistent shards first, computes every `r_j`
//! from them, and then solves the `n` linear equations
//! `Σ_i r_j^i P_i(α_j) = Σ_i r_j^i y_j[i]` for the `m·k` row coefficients
//! (k = 2, m = 2, n = 4: four equations, four unknowns). Committing to those
//! rows and proving honestly makes **every garbage shard verify**, while two
//! different k-subsets decode to two different files. Under this crate's
//! transcript (which binds the commitments, the point and the index) the same
//! shards are all rejected.

use ark_bls12_381::{Bls12_381, Fr};
use ark_ff::{Field, UniformRand, Zero};
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::{Encoded, Encoding, FileInfo, Scheme, Shard, Srs};
use vidkit_kzg_plus::{shard_challenge, KzgPlus, TranscriptMode};

/// Solves `a·x = b` (square, by Gauss–Jordan with pivoting); `None` if singular.
pub(crate) fn solve(mut a: Vec<Vec<Fr>>, mut b: Vec<Fr>) -> Option<Vec<Fr>> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n).find(|&r| !a[r][col].is_zero())?;
        a.swap(col, piv);
        b.swap(col, piv);
        let inv = a[col][col].inverse()?;
        for x in a[col].iter_mut() {
            *x *= inv;
        }
        b[col] *= inv;
        for r in 0..n {
            if r != col && !a[r][col].is_zero() {
                let f = a[r][col];
                let pivot_row = a[col].clone();
                for (x, v) in a[r].iter_mut().zip(&pivot_row) {
                    *x -= f * v;
                }
                let v = b[col];
                b[r] -= f * v;
            }
        }
    }
    Some(b)
}

#[test]
fn t20_garbage_shards_pass_the_paper_transcript_and_fail_ours() {
    let (k, n) = (2, 4);
    let paper = KzgPlus::<Bls12_381>::new(k, n, Encoding::Points)
        .unwrap()
        .with_paper_transcript_unsound();
    let ours = KzgPlus::<Bls12_381>::new(k, n, Encoding::Points).unwrap();
    assert_eq!(ours.transcript_mode(), TranscriptMode::Sound);
    let srs = Srs::<Bls12_381>::insecure_from_seed(20, k, 2);
    let len = 100; // 4 elements: m = 2 rows of k = 2
    let (pk, vk) = paper.setup(&srs, len).unwrap();
    let info = FileInfo::new(paper.code(), len).unwrap();
    assert_eq!(info.m, 2);

    // 1. arbitrary garbage shards, chosen first
    let mut rng = ChaCha20Rng::seed_from_u64(2020);
    let shards: Vec<Shard<Fr>> = (0..n)
        .map(|index| Shard {
            index,
            values: (0..info.m).map(|_| Fr::rand(&mut rng)).collect(),
        })
        .collect();
    // 2. r_j = H(y_j) does not depend on anything else: compute it now
    let unused = [0u8; 64];
    let r: Vec<Fr> = shards
        .iter()
        .map(|s| {
            let alpha = paper.code().point(s.index).unwrap();
            shard_challenge(
                TranscriptMode::PaperUnsound,
                &unused,
                &unused,
                s.index,
                alpha,
                &s.values,
            )
        })
        .collect();
    // 3. solve a0 + a1·α + r(b0 + b1·α) = y[0] + r·y[1] for (a0, a1, b0, b1)
    let rows: Vec<Vec<Fr>> = (0..n)
        .map(|j| {
            let alpha = paper.code().point(j).unwrap();
            vec![Fr::from(1u64), alpha, r[j], r[j] * alpha]
        })
        .collect();
    let rhs: Vec<Fr> = (0..n)
        .map(|j| shards[j].values[0] + r[j] * shards[j].values[1])
        .collect();
    let coefficients = solve(rows, rhs).expect("generic system is solvable");
    let encoded = Encoded {
        info,
        coefficients,
        shards: shards.clone(),
    };

    // 4. commit and prove honestly under the paper's transcript: all pass
    let (c, hint) = paper.commit(&pk, &encoded).unwrap();
    let proofs = paper.prove(&pk, &encoded, &c, &hint).unwrap();
    for (s, p) in shards.iter().zip(&proofs) {
        assert!(
            paper.verify(&vk, &c, s, p).unwrap(),
            "garbage shard {} must pass the paper transcript (attack reproduced)",
            s.index
        );
    }
    // …and the shards are inconsistent: two k-subsets decode differently
    let view = |a: usize, b: usize| vec![(a, &shards[a].values[..]), (b, &shards[b].values[..])];
    let d01 = paper.code().decode(&view(0, 1)).unwrap();
    let d23 = paper.code().decode(&view(2, 3)).unwrap();
    assert_ne!(d01, d23, "different subsets decode to different files");

    // 5. the same shards under our transcript: all rejected, whatever the
    //    disperser proves (honest proofs for the solved rows)
    let (c2, hint2) = ours.commit(&pk, &encoded).unwrap();
    assert_eq!(c2, c);
    let proofs2 = ours.prove(&pk, &encoded, &c2, &hint2).unwrap();
    for (s, (p_ours, p_paper)) in shards.iter().zip(proofs2.iter().zip(&proofs)) {
        assert!(
            !ours.verify(&vk, &c, s, p_ours).unwrap(),
            "shard {}",
            s.index
        );
        assert!(
            !ours.verify(&vk, &c, s, p_paper).unwrap(),
            "shard {}",
            s.index
        );
    }
    let items: Vec<_> = shards.iter().zip(&proofs2).collect();
    assert!(!ours.batch_verify(&vk, &c, &items, &mut rng).unwrap());
}
