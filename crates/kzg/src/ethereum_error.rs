//! The error type of the Ethereum ceremony loader and blob functions.
//!
//! A separate enum from [`KzgError`](crate::KzgError) because its variants
//! locate problems in a text file (line numbers) and in EIP-4844 byte strings,
//! which the generic KZG primitive never sees.

use thiserror::Error;

/// The group a point belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// G1 (48-byte compressed points).
    G1,
    /// G2 (96-byte compressed points).
    G2,
}

impl core::fmt::Display for Group {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Group::G1 => "G1",
            Group::G2 => "G2",
        })
    }
}

/// Which list of points of a ceremony file a line belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// The G1 points in Lagrange form (first list).
    G1Lagrange,
    /// The G2 powers of τ (second list).
    G2Monomial,
    /// The G1 powers of τ (third list).
    G1Monomial,
}

impl Section {
    /// The group of the section's points.
    pub fn group(self) -> Group {
        match self {
            Section::G2Monomial => Group::G2,
            Section::G1Lagrange | Section::G1Monomial => Group::G1,
        }
    }
}

impl core::fmt::Display for Section {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Section::G1Lagrange => "G1 Lagrange",
            Section::G2Monomial => "G2 monomial",
            Section::G1Monomial => "G1 monomial",
        })
    }
}

/// Why 48 bytes are not a KZG commitment or proof (the checks of c-kzg's
/// `validate_kzg_g1`: blst's decompression, then the subgroup check).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum G1Fault {
    /// The compression flag (top bit) is not set, or the sort flag is set
    /// together with the infinity flag.
    Flags,
    /// The infinity flag is set but the other bits are not all zero (the
    /// identity is exactly `0xc0` followed by 47 zero bytes).
    MalformedInfinity,
    /// The x coordinate is not below the base-field modulus.
    NotReduced,
    /// No point of the curve has this x coordinate.
    NotOnCurve,
    /// A curve point outside the prime-order subgroup.
    NotInSubgroup,
}

impl core::fmt::Display for G1Fault {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            G1Fault::Flags => "bad flag bits",
            G1Fault::MalformedInfinity => "the infinity flag with non-zero bits",
            G1Fault::NotReduced => "x is not below the field modulus",
            G1Fault::NotOnCurve => "no curve point has this x",
            G1Fault::NotInSubgroup => "the point is not in the prime-order subgroup",
        })
    }
}

/// Everything that can be wrong with a ceremony file, a blob, or the bytes
/// of a commitment, proof or field element. Line numbers start at 1.
#[non_exhaustive]
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum EthereumError {
    /// A count line (line 1 or 2) is not a decimal number.
    #[error("line {line}: expected the number of {group} points (a decimal number)")]
    BadCount {
        /// line number
        line: usize,
        /// whose count
        group: Group,
    },
    /// A count line holds another number than expected.
    #[error("line {line}: the file declares {found} {group} points, expected {expected}")]
    WrongCount {
        /// line number
        line: usize,
        /// whose count
        group: Group,
        /// declared
        found: usize,
        /// expected
        expected: usize,
    },
    /// The file ends before the last point.
    #[error("truncated file: {lines} lines, {expected} expected (2 counts and the points)")]
    Truncated {
        /// lines present
        lines: usize,
        /// lines needed
        expected: usize,
    },
    /// Lines follow the last point.
    #[error("line {line}: {count} unexpected line(s) after the last point")]
    TrailingLines {
        /// first extra line
        line: usize,
        /// number of extra lines
        count: usize,
    },
    /// A point line has the wrong length.
    #[error(
        "line {line}: {found} characters, a compressed {group} point is {expected} hex digits"
    )]
    HexLength {
        /// line number
        line: usize,
        /// group of the expected point
        group: Group,
        /// characters found
        found: usize,
        /// hex digits expected
        expected: usize,
    },
    /// A point line holds a character that is not a hex digit.
    #[error("line {line}: not hexadecimal")]
    NotHex {
        /// line number
        line: usize,
    },
    /// The bytes are not the compressed encoding of a curve point (bad flags,
    /// coordinate not reduced, or no point with that x on the curve).
    #[error("line {line}: the {section} point is not a valid compressed {group} point (bad flags, unreduced or off the curve)", group = section.group())]
    InvalidPoint {
        /// line number
        line: usize,
        /// which list
        section: Section,
    },
    /// The point is on the curve but outside the prime-order subgroup.
    #[error("line {line}: the {section} point is not in the prime-order subgroup")]
    NotInSubgroup {
        /// line number
        line: usize,
        /// which list
        section: Section,
    },
    /// The first monomial point of a group is not the standard generator
    /// (c-kzg and the EIP-4844 verifier assume it is).
    #[error("the first {group} monomial point is not the standard {group} generator")]
    NonStandardGenerator {
        /// group
        group: Group,
    },
    /// The monomial points are not powers of one τ (randomised pairing check).
    #[error("the monomial points are not powers of one secret: {0}")]
    Inconsistent(vidkit_core::Error),
    /// The Lagrange points are not the Lagrange basis of the monomial points
    /// over the roots of unity (randomised check).
    #[error("the G1 Lagrange points are not the Lagrange basis of the G1 monomial points")]
    LagrangeMismatch,
    /// The number of G1 points is not a power of two at least 2 (no
    /// evaluation domain), or fewer than 2 G2 points are asked for.
    #[error(
        "unsupported sizes: {g1} G1 points (a power of two ≥ 2 is needed) and {g2} G2 points (≥ 2)"
    )]
    UnsupportedSizes {
        /// G1 points
        g1: usize,
        /// G2 points
        g2: usize,
    },
    /// A polynomial in evaluation form has the wrong number of values.
    #[error("{found} evaluations, the domain has {expected} points")]
    EvaluationCount {
        /// values given
        found: usize,
        /// size of the evaluation domain
        expected: usize,
    },
    /// A blob has the wrong length.
    #[error("a blob of {found} bytes, expected {expected}")]
    BlobLength {
        /// bytes given
        found: usize,
        /// 32 bytes per field element
        expected: usize,
    },
    /// A 32-byte big-endian field element is not below the field modulus.
    #[error("field element {index} is not canonical (not below the BLS12-381 scalar modulus)")]
    NonCanonicalScalar {
        /// position in the blob (0 for a lone z or y)
        index: usize,
    },
    /// 48 bytes that are not a valid compressed G1 point of the subgroup.
    #[error(
        "the bytes of the {what} are not a valid compressed G1 point of the subgroup: {fault}"
    )]
    InvalidG1 {
        /// `"commitment"` or `"proof"`
        what: &'static str,
        /// what is wrong with them
        fault: G1Fault,
    },
    /// Lists that must have one entry each (blobs, commitments and proofs;
    /// cells, cell indices, commitments and proofs) have different lengths.
    #[error("{found} {what}, expected {expected} (one per {per})")]
    LengthMismatch {
        /// the list that has the wrong length
        what: &'static str,
        /// its length
        found: usize,
        /// the length of the list it must match
        expected: usize,
        /// what that list holds
        per: &'static str,
    },
    /// A cell index is not below the number of cells of an extended blob.
    #[error("cell index {index} at position {position}: an extended blob has {cells} cells")]
    CellIndexOutOfRange {
        /// position in the list
        position: usize,
        /// the index
        index: u64,
        /// cells per extended blob
        cells: usize,
    },
    /// Recovery needs the cell indices in strictly ascending order (as
    /// c-kzg does): repeated or unsorted indices are rejected.
    #[error("cell index {index} at position {position} is not above the one before it (indices must be strictly ascending)")]
    CellIndicesNotAscending {
        /// position in the list
        position: usize,
        /// the index
        index: u64,
    },
    /// Too few cells to recover the blob (half of the extended blob's).
    #[error("{found} cells, recovery needs at least {needed}")]
    NotEnoughCells {
        /// cells given
        found: usize,
        /// cells per blob
        needed: usize,
    },
    /// More cells than an extended blob has.
    #[error("{found} cells, an extended blob has {max}")]
    TooManyCells {
        /// cells given
        found: usize,
        /// cells per extended blob
        max: usize,
    },
    /// A 32-byte field element of a cell is not below the field modulus.
    #[error("element {element} of cell {cell} is not canonical (not below the BLS12-381 scalar modulus)")]
    NonCanonicalCellElement {
        /// position of the cell in the list
        cell: usize,
        /// position of the element in the cell
        element: usize,
    },
}

impl EthereumError {
    /// The lists of one batch call have one entry per `per` (blob, cell):
    /// [`EthereumError::LengthMismatch`] for the first of `lists` (name,
    /// length) whose length is not `expected`, in the order given (c-kzg's).
    pub fn check_lengths(
        expected: usize,
        per: &'static str,
        lists: &[(&'static str, usize)],
    ) -> Result<(), Self> {
        match lists.iter().find(|(_, found)| *found != expected) {
            Some(&(what, found)) => Err(EthereumError::LengthMismatch {
                what,
                found,
                expected,
                per,
            }),
            None => Ok(()),
        }
    }
}
