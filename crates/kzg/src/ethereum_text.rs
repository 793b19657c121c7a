//! The `trusted_setup.txt` text format of c-kzg: reading and writing.
//!
//! ```text
//! 4096                      number of G1 points (n)
//! 65                        number of G2 points
//! n lines                   [ℓ_i(τ)]_1, Lagrange basis over ω^i (natural order)
//! 65 lines                  [τ^j]_2
//! n lines                   [τ^j]_1
//! ```
//!
//! Each point is the lowercase hex of its compressed ZCash/IETF encoding
//! (48 bytes in G1, 96 in G2; big-endian x with the compression, infinity
//! and sign flags in the top three bits), one per line, no prefix. This is
//! the encoding of `ark-bls12-381`'s `serialize_compressed`. Lines end with
//! `\n` (a `\r` before it is tolerated); nothing may follow the last point.
//!
//! Decoding checks each point fully: the hex, the flags, that the coordinate
//! is reduced and on the curve (decompression), then membership in the
//! prime-order subgroup, each failure with its own error and line number.

use crate::ethereum_error::{EthereumError, Group, Section};
use ark_bls12_381::{g1, g2, G1Affine, G2Affine};
use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use ark_std::{string::String, vec::Vec};

/// Bytes of a compressed G1 point.
pub const G1_BYTES: usize = 48;
/// Bytes of a compressed G2 point.
pub const G2_BYTES: usize = 96;

/// The three point lists of a ceremony file, in file order.
pub(crate) struct RawPoints {
    pub g1_lagrange: Vec<G1Affine>,
    pub g2_monomial: Vec<G2Affine>,
    pub g1_monomial: Vec<G1Affine>,
}

/// Splits on `\n`, dropping one final `\n` and a `\r` at the end of each line.
fn lines(text: &[u8]) -> Vec<&[u8]> {
    if text.is_empty() {
        return Vec::new();
    }
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    body.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect()
}

/// Parses count line `line` (1-based) and checks it equals `expected`.
fn count(lines: &[&[u8]], line: usize, group: Group, expected: usize) -> Result<(), EthereumError> {
    let text = lines.get(line - 1).ok_or(EthereumError::Truncated {
        lines: lines.len(),
        expected: line,
    })?;
    let bad = EthereumError::BadCount { line, group };
    if text.is_empty() || text.len() > 9 || !text.iter().all(u8::is_ascii_digit) {
        return Err(bad);
    }
    let found = text
        .iter()
        .fold(0usize, |acc, d| acc * 10 + usize::from(d - b'0'));
    if found != expected {
        return Err(EthereumError::WrongCount {
            line,
            group,
            found,
            expected,
        });
    }
    Ok(())
}

/// Decodes one hex line into a point of the curve `P`, checking everything.
fn point<P: SWCurveConfig, const N: usize>(
    text: &[u8],
    line: usize,
    section: Section,
) -> Result<Affine<P>, EthereumError>
where
    Affine<P>: CanonicalDeserialize,
{
    if text.len() != 2 * N {
        return Err(EthereumError::HexLength {
            line,
            group: section.group(),
            found: text.len(),
            expected: 2 * N,
        });
    }
    let mut bytes = [0u8; N];
    hex::decode_to_slice(text, &mut bytes).map_err(|_| EthereumError::NotHex { line })?;
    // decompression puts the point on the curve; the subgroup is checked next
    // so that the two failures get distinct errors
    let p = Affine::<P>::deserialize_with_mode(&bytes[..], Compress::Yes, Validate::No)
        .map_err(|_| EthereumError::InvalidPoint { line, section })?;
    if !p.is_in_correct_subgroup_assuming_on_curve() {
        return Err(EthereumError::NotInSubgroup { line, section });
    }
    Ok(p)
}

/// Decodes the lines of one section (`first` = 1-based number of its first line).
fn section<P: SWCurveConfig, const N: usize>(
    lines: &[&[u8]],
    first: usize,
    section: Section,
) -> Result<Vec<Affine<P>>, EthereumError>
where
    Affine<P>: CanonicalDeserialize,
{
    let decode = |(i, text): (usize, &&[u8])| point::<P, N>(text, first + i, section);
    #[cfg(feature = "parallel")]
    let results: Vec<_> = {
        use rayon::prelude::*;
        lines.par_iter().enumerate().map(decode).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let results: Vec<_> = lines.iter().enumerate().map(decode).collect();
    // sequential collection: the error reported is the first one in the file
    results.into_iter().collect()
}

/// Parses a ceremony file with `n1` G1 points per list and `n2` G2 points.
///
/// The structure (counts, number of lines) is checked before any point is
/// decoded, so a truncated or over-long file fails fast.
pub(crate) fn parse(text: &[u8], n1: usize, n2: usize) -> Result<RawPoints, EthereumError> {
    let lines = lines(text);
    count(&lines, 1, Group::G1, n1)?;
    count(&lines, 2, Group::G2, n2)?;
    let expected = 2 + 2 * n1 + n2;
    if lines.len() < expected {
        return Err(EthereumError::Truncated {
            lines: lines.len(),
            expected,
        });
    }
    if lines.len() > expected {
        return Err(EthereumError::TrailingLines {
            line: expected + 1,
            count: lines.len() - expected,
        });
    }
    let (lagrange, rest) = lines[2..].split_at(n1);
    let (g2, g1) = rest.split_at(n2);
    Ok(RawPoints {
        g1_lagrange: section::<g1::Config, G1_BYTES>(lagrange, 3, Section::G1Lagrange)?,
        g2_monomial: section::<g2::Config, G2_BYTES>(g2, 3 + n1, Section::G2Monomial)?,
        g1_monomial: section::<g1::Config, G1_BYTES>(g1, 3 + n1 + n2, Section::G1Monomial)?,
    })
}

/// Appends the hex of the compressed encoding of `p` and a newline.
fn push_hex<T: CanonicalSerialize>(out: &mut String, p: &T) {
    let mut bytes = Vec::with_capacity(G2_BYTES);
    p.serialize_compressed(&mut bytes)
        .expect("writing to a Vec cannot fail");
    out.push_str(&hex::encode(bytes));
    out.push('\n');
}

/// Writes the three lists in the format above.
pub(crate) fn write(g1_lagrange: &[G1Affine], g2: &[G2Affine], g1: &[G1Affine]) -> String {
    let mut out = String::with_capacity((g1_lagrange.len() + g1.len()) * 97 + g2.len() * 193 + 16);
    out.push_str(&ark_std::format!("{}\n{}\n", g1_lagrange.len(), g2.len()));
    g1_lagrange.iter().for_each(|p| push_hex(&mut out, p));
    g2.iter().for_each(|p| push_hex(&mut out, p));
    g1.iter().for_each(|p| push_hex(&mut out, p));
    out
}
