//! Bytes ↔ field elements ↔ the m×k data matrix (docs/spec.md §1.1–1.2).
//!
//! A prime field of `b` bits (`MODULUS_BIT_SIZE`) holds every integer below
//! `2^(b-1)`, so `s = ⌊(b − 1)/8⌋` bytes always fit without reduction
//! (31 bytes for BLS12-381, BN254 and BLS24-317). The input of `L` bytes is cut
//! into `N = ⌈L/s⌉` little-endian chunks, one element each (the last chunk may be
//! short: its high bytes are zero). The elements are laid out **row-major** in an
//! `m × k` matrix with `m = max(1, ⌈N/k⌉)`: element `e` sits at row `⌊e/k⌋`,
//! column `e mod k`, so row `i` holds the `k` coefficients of the row polynomial
//! `P_i` and column `c` is source shard `c`. Missing elements are **zero**.
//!
//! Zero-length input is legal: `N = 0` and `m = 1` (one all-zero row), so every
//! scheme sees a non-empty matrix; decoding returns the empty byte string.
//! Because padding is zero, the byte length `L` must travel with the data and
//! be bound into every commitment (see [`crate::FileInfo`]).
//!
//! Decoding is **strict**: an element whose bytes `s..` are not all zero cannot
//! come from an honest encoder and is rejected with
//! [`Error::NonCanonicalElement`] instead of being silently truncated.

use crate::Error;
use ark_ff::{BigInteger, PrimeField};

/// Bytes of data carried by one element of `F`: `⌊(MODULUS_BIT_SIZE − 1)/8⌋`.
pub fn bytes_per_element<F: PrimeField>() -> usize {
    ((F::MODULUS_BIT_SIZE - 1) / 8) as usize
}

/// Number of field elements `N = ⌈L/s⌉` needed for `len` bytes.
pub fn elements_for<F: PrimeField>(len: usize) -> usize {
    len.div_ceil(bytes_per_element::<F>())
}

/// Number of rows `m = max(1, ⌈N/k⌉)` of the data matrix for `len` bytes.
///
/// Returns [`Error::ZeroK`] when `k = 0`.
pub fn rows_for<F: PrimeField>(len: usize, k: usize) -> Result<usize, Error> {
    if k == 0 {
        return Err(Error::ZeroK);
    }
    Ok(elements_for::<F>(len).div_ceil(k).max(1))
}

/// Largest byte length whose matrix has at most `m` rows with `k` columns.
pub fn max_bytes_for_rows<F: PrimeField>(m: usize, k: usize) -> usize {
    m.saturating_mul(k).saturating_mul(bytes_per_element::<F>())
}

/// Packs `bytes` into the row-major `m × k` matrix (zero padded).
///
/// Returns the elements (length `m·k`) and `m`.
///
/// ```
/// use ark_bls12_381::Fr;
/// let (matrix, m) = vidkit_core::packing::bytes_to_matrix::<Fr>(b"hello, vidkit", 4).unwrap();
/// assert_eq!((m, matrix.len()), (1, 4));
/// let back = vidkit_core::packing::matrix_to_bytes(&matrix, 13).unwrap();
/// assert_eq!(back, b"hello, vidkit");
/// ```
pub fn bytes_to_matrix<F: PrimeField>(bytes: &[u8], k: usize) -> Result<(Vec<F>, usize), Error> {
    let m = rows_for::<F>(bytes.len(), k)?;
    let s = bytes_per_element::<F>();
    let mut out = Vec::with_capacity(m * k);
    out.extend(bytes.chunks(s).map(element_from_chunk::<F>));
    out.resize(m * k, F::zero());
    Ok((out, m))
}

/// Reads one chunk of at most `s` bytes as a little-endian integer.
fn element_from_chunk<F: PrimeField>(chunk: &[u8]) -> F {
    // `chunk.len() <= s`, so the integer is below the modulus: this never reduces.
    F::from_le_bytes_mod_order(chunk)
}

/// Inverse of [`bytes_to_matrix`]: concatenates the `s` data bytes of every
/// element and truncates to `len` bytes.
///
/// Fails with [`Error::NonCanonicalElement`] if any element has a non-zero byte
/// at position `s` or above, and with [`Error::LengthTooLarge`] if the elements
/// cannot hold `len` bytes. Bytes beyond `len` must be zero too (an honest
/// encoder pads with zeros), otherwise [`Error::NonCanonicalElement`].
pub fn matrix_to_bytes<F: PrimeField>(elements: &[F], len: usize) -> Result<Vec<u8>, Error> {
    let s = bytes_per_element::<F>();
    if elements.len().saturating_mul(s) < len {
        return Err(Error::LengthTooLarge {
            len: len as u64,
            elements: elements.len(),
            per_element: s,
        });
    }
    let mut out = Vec::with_capacity(elements.len() * s);
    for (index, e) in elements.iter().enumerate() {
        let bytes = e.into_bigint().to_bytes_le();
        if let Some(byte) = bytes[s..].iter().position(|b| *b != 0) {
            return Err(Error::NonCanonicalElement {
                index,
                byte: s + byte,
            });
        }
        out.extend_from_slice(&bytes[..s]);
    }
    if let Some(pos) = out[len..].iter().position(|b| *b != 0) {
        return Err(Error::NonCanonicalElement {
            index: (len + pos) / s,
            byte: (len + pos) % s,
        });
    }
    out.truncate(len);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::Fr;
    use ark_ff::{One, Zero};
    use proptest::prelude::*;

    #[test]
    fn s_is_31_for_bls12_381_and_bn254() {
        assert_eq!(bytes_per_element::<Fr>(), 31);
        assert_eq!(bytes_per_element::<ark_bn254::Fr>(), 31);
    }

    #[test]
    fn zero_length_is_one_zero_row() {
        let (m, rows) = bytes_to_matrix::<Fr>(&[], 3).unwrap();
        assert_eq!(rows, 1);
        assert_eq!(m, vec![Fr::zero(); 3]);
        assert_eq!(matrix_to_bytes(&m, 0).unwrap(), Vec::<u8>::new());
    }

    #[test]
    fn boundary_lengths_round_trip() {
        for k in [1usize, 2, 3, 8] {
            for len in [0usize, 1, 30, 31, 32, 31 * k - 1, 31 * k, 31 * k + 1, 1000] {
                let data: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
                let (m, rows) = bytes_to_matrix::<Fr>(&data, k).unwrap();
                assert_eq!(rows, rows_for::<Fr>(len, k).unwrap());
                assert_eq!(m.len(), rows * k);
                assert_eq!(matrix_to_bytes(&m, len).unwrap(), data, "k={k} len={len}");
            }
        }
    }

    #[test]
    fn layout_is_row_major() {
        // element e = chunk e goes to row e / k, column e % k
        let data: Vec<u8> = (0..(31 * 6)).map(|i| (i / 31) as u8 + 1).collect();
        let (m, rows) = bytes_to_matrix::<Fr>(&data, 4).unwrap();
        assert_eq!(rows, 2);
        for (e, value) in m.iter().take(6).enumerate() {
            let expected = Fr::from_le_bytes_mod_order(&[(e + 1) as u8; 31]);
            assert_eq!(*value, expected);
        }
        assert!(m[6].is_zero() && m[7].is_zero());
    }

    #[test]
    fn all_ff_bytes_fit() {
        let data = vec![0xffu8; 31 * 5 + 7];
        let (m, _) = bytes_to_matrix::<Fr>(&data, 2).unwrap();
        assert_eq!(matrix_to_bytes(&m, data.len()).unwrap(), data);
    }

    #[test]
    fn non_canonical_element_is_rejected() {
        // 2^(8·31) needs a 32nd byte: an honest encoder never produces it.
        let big = Fr::from(2u64).pow([8 * 31]);
        let m = vec![Fr::one(), big];
        assert_eq!(
            matrix_to_bytes(&m, 40),
            Err(Error::NonCanonicalElement { index: 1, byte: 31 })
        );
    }

    #[test]
    fn non_zero_padding_is_rejected() {
        let m = vec![Fr::from(0x0100u64)];
        // L = 1 means byte 1 must be zero padding.
        assert!(matches!(
            matrix_to_bytes(&m, 1),
            Err(Error::NonCanonicalElement { .. })
        ));
        assert_eq!(matrix_to_bytes(&m, 2).unwrap(), vec![0, 1]);
    }

    #[test]
    fn length_larger_than_matrix_is_rejected() {
        let m = vec![Fr::one(); 2];
        assert!(matches!(
            matrix_to_bytes(&m, 63),
            Err(Error::LengthTooLarge { len: 63, .. })
        ));
    }

    #[test]
    fn k_zero_is_an_error() {
        assert_eq!(bytes_to_matrix::<Fr>(b"x", 0), Err(Error::ZeroK));
    }

    use ark_ff::Field;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn round_trip(data in proptest::collection::vec(any::<u8>(), 0..2000), k in 1usize..20) {
            let (m, rows) = bytes_to_matrix::<Fr>(&data, k).unwrap();
            prop_assert_eq!(m.len(), rows * k);
            prop_assert_eq!(matrix_to_bytes(&m, data.len()).unwrap(), data);
        }
    }
}
