//! The evaluation-domain descriptor (docs/spec.md §1.3).
//!
//! The encoding is part of every transcript that binds a dispersal, so its numeric
//! [`id`](Encoding::id) and textual [`name`](Encoding::name) are stable and must never change.

use core::{fmt, str::FromStr};

/// How shard indices map to evaluation points, and how rows map to polynomials.
///
/// | variant | `α_j` | row `i` of the data is |
/// | --- | --- | --- |
/// | [`Points`](Encoding::Points) | `j` (as a field element) | the coefficients of `P_i` |
/// | [`Fft`](Encoding::Fft) | `ω^j`, `ω` a primitive `n'`-th root of unity, `n' = next_pow2(n)` | the coefficients of `P_i` |
/// | [`Systematic`](Encoding::Systematic) | `ω^j` as in `Fft` | the evaluations `P_i(ω_k^c)`, `ω_k = ω^(n'/k)` |
///
/// In the systematic encoding shard `c·(n'/k)` equals source column `c` (see
/// [`ReedSolomon::systematic_indices`](crate::ReedSolomon::systematic_indices)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// `α_j = j`: komodo's and the seed paper's choice; works over any prime field.
    Points,
    /// `α_j = ω^j` on the radix-2 subgroup of size `next_pow2(n)`: FFT encoding and decoding.
    Fft,
    /// Like [`Fft`](Encoding::Fft), but the data values are evaluations on the size-`k`
    /// subgroup, so `k` of the shards are the source columns themselves.
    Systematic,
}

impl Encoding {
    /// All encodings, in id order.
    pub const ALL: [Encoding; 3] = [Encoding::Points, Encoding::Fft, Encoding::Systematic];

    /// Stable numeric identifier, bound into transcripts: `Points = 0`, `Fft = 1`,
    /// `Systematic = 2`.
    pub fn id(self) -> u8 {
        match self {
            Encoding::Points => 0,
            Encoding::Fft => 1,
            Encoding::Systematic => 2,
        }
    }

    /// Inverse of [`id`](Encoding::id); `None` for unknown identifiers.
    pub fn from_id(id: u8) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.id() == id)
    }

    /// Stable lowercase name: `"points"`, `"fft"` or `"systematic"`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Points => "points",
            Encoding::Fft => "fft",
            Encoding::Systematic => "systematic",
        }
    }

    /// Whether evaluation points are powers of a root of unity (FFT and systematic modes).
    pub fn is_fft(self) -> bool {
        !matches!(self, Encoding::Points)
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error of [`Encoding::from_str`]: the string is none of `"points"`, `"fft"`, `"systematic"`.
#[derive(thiserror::Error, Debug, Clone, Copy, PartialEq, Eq)]
#[error("unknown encoding name (expected \"points\", \"fft\" or \"systematic\")")]
pub struct UnknownEncoding;

impl FromStr for Encoding {
    type Err = UnknownEncoding;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or(UnknownEncoding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names_are_stable_and_round_trip() {
        assert_eq!(
            Encoding::ALL.map(Encoding::id),
            [0, 1, 2],
            "ids are bound into transcripts"
        );
        assert_eq!(
            Encoding::ALL.map(Encoding::name),
            ["points", "fft", "systematic"]
        );
        for e in Encoding::ALL {
            assert_eq!(Encoding::from_id(e.id()), Some(e));
            assert_eq!(e.to_string().parse::<Encoding>(), Ok(e));
        }
        assert_eq!(Encoding::from_id(3), None);
        assert_eq!("FFT".parse::<Encoding>(), Err(UnknownEncoding));
        assert_eq!("".parse::<Encoding>(), Err(UnknownEncoding));
    }
}
