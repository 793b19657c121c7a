//! T-2 and parameter validation: every bad input is a typed error carrying the numbers, never
//! a panic and never wrong data.

use crate::common;

use common::*;
use vidkit_erasure::{
    decode, decode_combinations, encode, recode, DecodeStrategy, Encoding, Error, ReedSolomon,
};

#[test]
fn bad_parameters_are_rejected() {
    for e in Encoding::ALL {
        assert_eq!(ReedSolomon::<Bls>::new(0, 4, e).unwrap_err(), Error::ZeroK);
        assert_eq!(ReedSolomon::<Bls>::new(0, 0, e).unwrap_err(), Error::ZeroK);
        assert_eq!(
            ReedSolomon::<Bls>::new(5, 4, e).unwrap_err(),
            Error::NLessThanK { k: 5, n: 4 }
        );
        assert_eq!(
            encode::<Bls>(&[Bls::from(1u64)], 2, 1, e).unwrap_err(),
            Error::NLessThanK { k: 2, n: 1 }
        );
    }
    // FFT domains larger than the 2-adicity (32 for BLS12-381 Fr, 28 for BN254 Fr),
    // with the bound on n lifted
    let unbounded = |k, n, e| ReedSolomon::<Bls>::with_max_shards(k, n, e, usize::MAX);
    for e in [Encoding::Fft, Encoding::Systematic] {
        let n = (1usize << 32) + 1;
        assert_eq!(
            unbounded(1, n, e).unwrap_err(),
            Error::DomainTooLarge { n, max: 1 << 32 }
        );
        let n = (1usize << 28) + 1;
        assert_eq!(
            ReedSolomon::<Bn>::with_max_shards(1, n, e, usize::MAX).unwrap_err(),
            Error::DomainTooLarge { n, max: 1 << 28 }
        );
        assert_eq!(
            unbounded(1, usize::MAX, e).unwrap_err(),
            Error::DomainTooLarge {
                n: usize::MAX,
                max: 1 << 32
            }
        );
    }
    // systematic needs a power-of-two k whose columns all land on distributed shards
    assert_eq!(
        ReedSolomon::<Bls>::new(3, 8, Encoding::Systematic).unwrap_err(),
        Error::NotPowerOfTwo { k: 3 }
    );
    assert_eq!(
        ReedSolomon::<Bls>::new(4, 6, Encoding::Systematic).unwrap_err(),
        Error::SystematicShardMissing {
            k: 4,
            n: 6,
            column: 3,
            index: 6
        }
    );
    assert!(ReedSolomon::<Bls>::new(4, 7, Encoding::Systematic).is_ok());
    // points mode over a huge n builds no table: only the bound stops it
    assert!(unbounded(1, usize::MAX, Encoding::Points).is_ok());
}

/// A hostile header's n (from a commitment file) is refused before anything
/// is allocated: in every encoding, on every curve, just above the bound and
/// at the sizes that used to abort (2^31 + 1 on BLS12-381, 2^27 + 1 on BN254,
/// 2^44 in points mode, 2^59 + 1).
#[test]
fn n_above_max_shards_is_refused_before_allocating() {
    use vidkit_erasure::MAX_SHARDS;
    for e in Encoding::ALL {
        for n in [
            MAX_SHARDS + 1,
            (1 << 31) + 1,
            (1 << 27) + 1,
            1 << 44,
            (1 << 59) + 1,
        ] {
            assert_eq!(
                ReedSolomon::<Bls>::new(1, n, e).unwrap_err(),
                Error::TooManyShards { n, max: MAX_SHARDS },
                "{e:?}, n = {n}"
            );
            assert_eq!(
                ReedSolomon::<Bn>::new(1, n, e).unwrap_err(),
                Error::TooManyShards { n, max: MAX_SHARDS },
                "{e:?}, n = {n}"
            );
        }
        // the bound itself is allowed, and can be raised or lowered
        let k = if e == Encoding::Systematic { 1 } else { 3 };
        assert!(ReedSolomon::<Bls>::new(k, MAX_SHARDS, e).is_ok(), "{e:?}");
        assert!(ReedSolomon::<Bls>::with_max_shards(k, MAX_SHARDS + 1, e, MAX_SHARDS + 1).is_ok());
        assert_eq!(
            ReedSolomon::<Bls>::with_max_shards(k, 9, e, 8).unwrap_err(),
            Error::TooManyShards { n: 9, max: 8 }
        );
    }
}

#[test]
fn bad_data_is_rejected() {
    for e in Encoding::ALL {
        let rs = ReedSolomon::<Bls>::new(4, 8, e).unwrap();
        assert_eq!(rs.encode(&[]).unwrap_err(), Error::EmptyData);
        assert_eq!(rs.coefficients(&[]).unwrap_err(), Error::EmptyData);
        assert_eq!(rs.evaluate(&[]).unwrap_err(), Error::EmptyData);
        let six = vec![Bls::from(1u64); 6];
        assert_eq!(
            rs.encode(&six).unwrap_err(),
            Error::NotAMultipleOfK { len: 6, k: 4 }
        );
        assert_eq!(
            rs.coefficients(&six).unwrap_err(),
            Error::NotAMultipleOfK { len: 6, k: 4 }
        );
        assert_eq!(
            rs.evaluate(&six).unwrap_err(),
            Error::NotAMultipleOfK { len: 6, k: 4 }
        );
        assert_eq!(
            rs.point(8).unwrap_err(),
            Error::IndexOutOfRange { index: 8, n: 8 }
        );
        assert_eq!(
            rs.combination(100).unwrap_err(),
            Error::IndexOutOfRange { index: 100, n: 8 }
        );
    }
}

#[test]
fn bad_shards_are_rejected_never_wrong_data() {
    let mut rng = rng(21);
    for e in Encoding::ALL {
        let (k, n) = (4, 8);
        let rs = ReedSolomon::<Bls>::new(k, n, e).unwrap();
        let data = random_matrix::<Bls>(&mut rng, 3 * k);
        let shards = rs.encode(&data).unwrap();
        for strategy in [
            DecodeStrategy::Auto,
            DecodeStrategy::Vandermonde,
            DecodeStrategy::Fft,
        ] {
            let dec = |input: &[(usize, &[Bls])]| rs.decode_with(input, strategy);
            // fewer than k
            assert_eq!(
                dec(&pick(&shards, &[0, 1, 2])).unwrap_err(),
                Error::NotEnoughShards { got: 3, need: 4 }
            );
            assert_eq!(
                dec(&[]).unwrap_err(),
                Error::NotEnoughShards { got: 0, need: 4 }
            );
            // k shards, one duplicated (also when the duplicate lies beyond the first k)
            assert_eq!(
                dec(&pick(&shards, &[0, 1, 2, 2])).unwrap_err(),
                Error::DuplicateIndex { index: 2 }
            );
            assert_eq!(
                dec(&pick(&shards, &[5, 1, 2, 3, 5])).unwrap_err(),
                Error::DuplicateIndex { index: 5 }
            );
            // out of range
            let mut bad = pick(&shards, &[0, 1, 2]);
            bad.push((8, shards[3].as_slice()));
            assert_eq!(
                dec(&bad).unwrap_err(),
                Error::IndexOutOfRange { index: 8, n: 8 }
            );
            bad.push((usize::MAX, shards[4].as_slice()));
            assert!(dec(&bad).is_err());
            // lengths
            let short = &shards[3][..2];
            let mut bad = pick(&shards, &[0, 1, 2]);
            bad.push((3, short));
            assert_eq!(
                dec(&bad).unwrap_err(),
                Error::LengthMismatch {
                    expected: 3,
                    got: 2
                }
            );
            let empty: Vec<(usize, &[Bls])> = (0..k).map(|j| (j, &[][..])).collect();
            assert_eq!(dec(&empty).unwrap_err(), Error::EmptyData);
            assert!(rs.decode_coefficients_with(&empty, strategy).is_err());
        }
        assert_eq!(
            decode::<Bls>(&pick(&shards, &[0, 1]), 4, 8, e).unwrap_err(),
            Error::NotEnoughShards { got: 2, need: 4 }
        );
        assert_eq!(
            decode::<Bls>(&pick(&shards, &[0, 1]), 0, 8, e).unwrap_err(),
            Error::ZeroK
        );
    }
}

#[test]
fn bad_combinations_are_rejected() {
    let one = Bls::from(1u64);
    let l: &[Bls] = &[one, one];
    let v: &[Bls] = &[one, one, one];
    assert_eq!(
        recode::<Bls>(&[], &[]).unwrap_err(),
        Error::NotEnoughShards { got: 0, need: 1 }
    );
    assert_eq!(
        recode(&[(l, v)], &[one, one]).unwrap_err(),
        Error::LengthMismatch {
            expected: 1,
            got: 2
        }
    );
    assert_eq!(
        recode(&[(l, v), (&l[..1], v)], &[one, one]).unwrap_err(),
        Error::LengthMismatch {
            expected: 2,
            got: 1
        }
    );
    assert_eq!(
        recode(&[(l, v), (l, &v[..2])], &[one, one]).unwrap_err(),
        Error::LengthMismatch {
            expected: 3,
            got: 2
        }
    );
    assert_eq!(decode_combinations(&[(l, v)], 0).unwrap_err(), Error::ZeroK);
    assert_eq!(
        decode_combinations(&[(l, v)], 2).unwrap_err(),
        Error::NotEnoughShards { got: 1, need: 2 }
    );
    assert_eq!(
        decode_combinations(&[(l, v), (&l[..1], v)], 2).unwrap_err(),
        Error::LengthMismatch {
            expected: 2,
            got: 1
        }
    );
    assert_eq!(
        decode_combinations(&[(l, v), (l, &v[..1])], 2).unwrap_err(),
        Error::LengthMismatch {
            expected: 3,
            got: 1
        }
    );
    assert_eq!(
        decode_combinations(&[(l, &v[..0]), (l, &v[..0])], 2).unwrap_err(),
        Error::EmptyData
    );
    assert_eq!(
        decode_combinations(&[(l, v), (l, v)], 2).unwrap_err(),
        Error::SingularMatrix
    );
}

#[test]
fn errors_carry_their_numbers_in_messages() {
    let msg = Error::NotEnoughShards { got: 3, need: 4 }.to_string();
    assert!(msg.contains('3') && msg.contains('4'), "{msg}");
    let msg = Error::DomainTooLarge { n: 9, max: 8 }.to_string();
    assert!(msg.contains('9') && msg.contains('8'), "{msg}");
}
