//! Named grids: `smoke`, `quick`, `paper-small` and `paper`.
//!
//! The paper's grid (seed paper §4.1, Table 1) is k = 2^2 … 2^10 and
//! |F| = 31·2^4 B (496 B) … 31·2^22 B (124 MiB) at code rate 1/2 on BLS12-381,
//! proving and verifying one shard after the other on one thread. (The paper's
//! text says "31×2^4 to 31×2^18 bytes" but also "496 B to 124 MiB", and Table 1
//! goes up to 124 MiB = 31·2^22 B; we follow the table.)

use crate::grid::{CodeAxis, Grid, Threads};
use crate::SweepError;
use vidkit_core::Encoding;

/// Names of the presets, for help texts and errors.
pub const PRESETS: [&str; 4] = ["smoke", "quick", "paper-small", "paper"];

/// The schemes the paper compares (KZG+, aPlonK-PC, Semi-AVID-PC).
const PAPER_SCHEMES: [&str; 3] = ["kzg-plus", "aplonk", "semi-avid"];

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_owned()).collect()
}

fn paper(max_bytes_log2: u32) -> Grid {
    Grid {
        schemes: names(&PAPER_SCHEMES),
        curves: names(&["bls12-381"]),
        ks: (2..=10).map(|e| 1 << e).collect(),
        code: CodeAxis::Rate(vec![(1, 2)]),
        bytes: (4..=max_bytes_log2).map(|e| 31 << e).collect(),
        threads: vec![Threads::Fixed(1)],
        encodings: vec![Encoding::Points],
    }
}

/// The grid of a named preset.
///
/// * `smoke`: the smallest points of `quick` (k = 4, |F| ≤ 1984 B, one thread,
///   both encodings): a CI check that every scheme runs end to end, < 1 min.
/// * `quick`: every scheme on BLS12-381 and BN254, k ∈ {4, 16, 64},
///   |F| = 496 B … 124 KiB (×4), rate 1/2, one thread and all threads.
/// * `paper-small`: the paper's grid up to 496 KiB (31·2^14 B): 234 points.
/// * `paper`: the paper's whole grid, up to 124 MiB (hours to days): 450
///   points (3 schemes × 150 possible (k, |F|) pairs), including what earlier
///   runs lacked — every size above 496 KiB, aPlonK at every k, and KZG+ and
///   Semi-AVID at k = 512 and 1024. Running it on a file that holds
///   `paper-small` measures only the rest (resume).
pub fn preset(name: &str) -> Result<Grid, SweepError> {
    Ok(match name {
        "smoke" => Grid {
            schemes: names(&crate::grid::SCHEMES),
            curves: names(&["bls12-381", "bn254"]),
            ks: vec![4],
            code: CodeAxis::Rate(vec![(1, 2)]),
            bytes: vec![496, 1984],
            threads: vec![Threads::Fixed(1)],
            encodings: vec![Encoding::Points, Encoding::Fft],
        },
        "quick" => Grid {
            schemes: names(&crate::grid::SCHEMES),
            curves: names(&["bls12-381", "bn254"]),
            ks: vec![4, 16, 64],
            code: CodeAxis::Rate(vec![(1, 2)]),
            bytes: (0..5).map(|i| 496 << (2 * i)).collect(),
            threads: vec![Threads::Fixed(1), Threads::All],
            encodings: vec![Encoding::Points],
        },
        "paper-small" => paper(14),
        "paper" => paper(22),
        _ => {
            return Err(SweepError::UnknownName {
                what: "preset",
                name: name.to_owned(),
                known: PRESETS.join(", "),
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_expand() {
        let quick = preset("quick").unwrap();
        assert_eq!(quick.bytes, [496, 1984, 7936, 31744, 126976]);
        let smoke = preset("smoke").unwrap().expand(2);
        // every scheme × 2 curves × 2 sizes × 2 encodings, but kzg-cells
        // only with the FFT encoding (its cells are cosets of a radix-2 domain)
        assert_eq!(
            smoke.points.len(),
            (crate::grid::SCHEMES.len() * 2 - 1) * 2 * 2
        );
        assert_eq!(smoke.skipped.len(), 2 * 2);
        // smoke is a subset of quick's smallest k and |F| (plus the FFT encoding)
        assert!(smoke
            .points
            .iter()
            .all(|p| p.k == 4 && p.bytes <= 1984 && p.threads == 1));

        let small = preset("paper-small").unwrap();
        assert_eq!(*small.bytes.last().unwrap(), 507_904);
        let full = preset("paper").unwrap();
        assert_eq!(full.ks, [4, 8, 16, 32, 64, 128, 256, 512, 1024]);
        assert_eq!(full.bytes.len(), 19, "Table 1 has 19 sizes");
        assert_eq!(*full.bytes.last().unwrap(), 31 << 22);
        let e = full.expand(1);
        // 496 B holds 16 elements: only k = 4, 8, 16 are possible
        let at_496: Vec<usize> = e
            .points
            .iter()
            .filter(|p| p.bytes == 496 && p.scheme == "aplonk")
            .map(|p| p.k)
            .collect();
        assert_eq!(at_496, [4, 8, 16]);
        assert!(e.points.iter().all(|p| p.n == 2 * p.k));
        assert!(preset("huge").is_err());

        // the whole grid: 3 schemes × 150 possible (k, |F|) = 450 points,
        // paper-small its 234 smallest
        assert_eq!(e.points.len(), 450);
        assert_eq!(preset("paper-small").unwrap().expand(1).points.len(), 234);
        for scheme in PAPER_SCHEMES {
            let of = |k: usize, bytes: usize| {
                e.points
                    .iter()
                    .any(|p| p.scheme == scheme && p.k == k && p.bytes == bytes)
            };
            // what earlier runs lacked: every k for every scheme at 124 MiB,
            // sizes above 496 KiB, k = 512 and 1024
            for k in [4, 8, 16, 32, 64, 128, 256, 512, 1024] {
                assert!(of(k, 31 << 22), "{scheme} k={k} at 124 MiB");
                assert!(of(k, 31 << 15), "{scheme} k={k} at 992 KiB");
            }
            assert_eq!(e.points.iter().filter(|p| p.scheme == scheme).count(), 150);
        }
        assert!(e
            .points
            .iter()
            .all(|p| p.threads == 1 && p.curve == "bls12-381" && p.encoding == "points"));
    }
}
