//! Recoding (random linear network coding) and decoding from arbitrary combinations,
//! including singular detection; on BLS12-381 Fr and BN254 Fr.

use crate::common;

use ark_ff::FftField;
use common::*;
use rand::Rng;
use vidkit_erasure::{decode_combinations, recode, Encoding, Error, ReedSolomon};

type Shard<F> = (Vec<F>, Vec<F>);

fn as_refs<F>(shards: &[Shard<F>]) -> Vec<(&[F], &[F])> {
    shards
        .iter()
        .map(|(l, v)| (l.as_slice(), v.as_slice()))
        .collect()
}

fn round_trip<F: FftField>(seed: u64) {
    let mut rng = rng(seed);
    for encoding in Encoding::ALL {
        for (k, n) in [(1, 2), (3, 5), (4, 8), (8, 10)] {
            let Some(rs) = coder::<F>(k, n, encoding) else {
                continue;
            };
            let m = 7;
            let data = random_matrix::<F>(&mut rng, m * k);
            let coefficients = rs.coefficients(&data).unwrap();
            let shards = rs.encode(&data).unwrap();
            let mut pool: Vec<Shard<F>> = (0..n)
                .map(|j| (rs.combination(j).unwrap(), shards[j].clone()))
                .collect();
            // RS shards are combination shards: any k of them decode to the coefficients
            assert_eq!(
                decode_combinations(&as_refs(&pool[n - k..]), k).unwrap(),
                coefficients
            );
            // several generations of recoding from random subsets
            for _ in 0..5 {
                let next: Vec<Shard<F>> = (0..k)
                    .map(|_| {
                        let size = rng.gen_range(1..=pool.len());
                        let start = rng.gen_range(0..=pool.len() - size);
                        let betas = random_matrix::<F>(&mut rng, size);
                        recode(&as_refs(&pool[start..start + size]), &betas).unwrap()
                    })
                    .collect();
                pool.extend(next);
            }
            let fresh = &pool[pool.len() - k..];
            for (lambda, values) in fresh {
                // invariant: values = Λ·coefficients row by row
                for (i, v) in values.iter().enumerate() {
                    let row = &coefficients[i * k..(i + 1) * k];
                    let expected: F = row.iter().zip(lambda).map(|(a, b)| *a * b).sum();
                    assert_eq!(*v, expected);
                }
            }
            match decode_combinations(&as_refs(fresh), k) {
                Ok(c) => assert_eq!(c, coefficients),
                // only possible when the random combinations happen to be dependent
                Err(e) => panic!("random recoded shards should span F^k: {e}"),
            }
        }
    }
}

#[test]
fn recoded_shards_decode_bls12_381() {
    round_trip::<Bls>(31);
}

#[test]
fn recoded_shards_decode_bn254() {
    round_trip::<Bn>(32);
}

#[test]
fn recode_is_the_weighted_sum() {
    let f = |x: u64| Bls::from(x);
    let a: (&[Bls], &[Bls]) = (&[f(1), f(0)], &[f(1), f(2), f(3)]);
    let b: (&[Bls], &[Bls]) = (&[f(0), f(1)], &[f(4), f(5), f(6)]);
    let (l, v) = recode(&[a, b], &[f(3), f(5)]).unwrap();
    assert_eq!(l, vec![f(3), f(5)]);
    assert_eq!(v, vec![f(23), f(31), f(39)]);
}

#[test]
fn dependent_combinations_are_singular_and_extra_shards_are_skipped() {
    let mut rng = rng(33);
    let k = 4;
    let rs = ReedSolomon::<Bls>::new(k, 8, Encoding::Points).unwrap();
    let data = random_matrix::<Bls>(&mut rng, 5 * k);
    let shards = rs.encode(&data).unwrap();
    let base: Vec<Shard<Bls>> = (0..3)
        .map(|j| (rs.combination(j).unwrap(), shards[j].clone()))
        .collect();
    // a fourth shard recoded from the first three: rank 3 < 4
    let betas = random_matrix::<Bls>(&mut rng, 3);
    let dependent = recode(&as_refs(&base), &betas).unwrap();
    let mut set = base.clone();
    set.push(dependent.clone());
    assert_eq!(
        decode_combinations(&as_refs(&set), k).unwrap_err(),
        Error::SingularMatrix
    );
    // a zero combination is dependent too
    let mut with_zero = base.clone();
    with_zero.push((vec![Bls::from(0u64); k], vec![Bls::from(0u64); 5]));
    assert_eq!(
        decode_combinations(&as_refs(&with_zero), k).unwrap_err(),
        Error::SingularMatrix
    );
    // adding an independent shard after the dependent one: it is used, the dependent skipped
    set.push((rs.combination(7).unwrap(), shards[7].clone()));
    assert_eq!(decode_combinations(&as_refs(&set), k).unwrap(), data);
    // permutation matrix: zero leading pivot, needs row swaps
    let e = |c: usize| {
        (0..k)
            .map(|i| Bls::from((i == c) as u64))
            .collect::<Vec<_>>()
    };
    let column = |c: usize| data.iter().skip(c).step_by(k).copied().collect::<Vec<_>>();
    let perm: Vec<Shard<Bls>> = [2, 0, 3, 1].iter().map(|&c| (e(c), column(c))).collect();
    assert_eq!(decode_combinations(&as_refs(&perm), k).unwrap(), data);
}
