//! What both side-by-side benches share: the komodo-side data preparation
//! (packing into row polynomials, Vandermonde encoding at 0..n−1) and the
//! point grid read from the environment.

use ark_bls12_381_04::Fr as KFr;
use ark_ff_04::PrimeField;
use ark_poly_04::{univariate::DensePolynomial, DenseUVPolynomial};
use komodo::{algebra, algebra::linalg::Matrix, fec::Shard};

/// komodo's polynomial type.
pub type KP = DensePolynomial<KFr>;

/// komodo's packing: `bytes` → rows of `k` coefficients, one polynomial per row.
pub fn komodo_rows(bytes: &[u8], k: usize) -> Vec<KP> {
    algebra::split_data_into_field_elements::<KFr>(bytes, k)
        .chunks(k)
        .map(|c| KP::from_coefficients_vec(c.to_vec()))
        .collect()
}

/// The evaluation points `0..n` komodo (and the paper) use.
pub fn komodo_points(n: usize) -> Vec<KFr> {
    (0..n as u64).map(KFr::from).collect()
}

/// komodo's shards of `bytes` for an `(n, k)` code at `0..n`.
pub fn komodo_shards(bytes: &[u8], k: usize, n: usize) -> Vec<Shard<KFr>> {
    let mat = Matrix::vandermonde_unchecked(&komodo_points(n), k);
    komodo::fec::encode::<KFr>(bytes, &mat).expect("komodo encode")
}

/// `(k, |F|)` points from `VAR` (`k:bytes,k:bytes,…`), or `default`.
pub fn grid(var: &str, default: &str) -> Vec<(usize, usize)> {
    let spec = std::env::var(var).unwrap_or_else(|_| default.to_string());
    spec.split(',')
        .filter(|s| !s.is_empty())
        .map(|p| {
            let (k, b) = p.split_once(':').expect("k:bytes");
            (k.trim().parse().expect("k"), b.trim().parse().expect("bytes"))
        })
        .collect()
}

/// A human label for a byte count (31 KiB, 496 KiB, …).
pub fn label(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1}MiB", bytes as f64 / (1u64 << 20) as f64)
    } else {
        format!("{}KiB", bytes >> 10)
    }
}

/// Bytes per field element in komodo's packing (31 on BLS12-381).
pub fn bytes_per_element() -> usize {
    KFr::MODULUS_BIT_SIZE as usize / 8
}
