//! The commitment: the file metadata, the cell size and one KZG commitment
//! per polynomial, with a digest computed once (bound into the
//! Fiat-Shamir challenge that folds a shard's cells in verification).

use crate::{KzgCellsError, NAME};
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    io::{Read, Write},
    vec::Vec,
};
use vidkit_core::{FileInfo, Transcript};

/// Number of polynomials of a file of `m` rows with cells of `cell`
/// elements: `⌈m/ℓ⌉` (`cell ≥ 1`).
pub fn polynomial_count(m: usize, cell: usize) -> usize {
    m.div_ceil(cell.max(1))
}

/// Commitment to one file: metadata, cell size `ℓ`, and
/// `C_b = [f_b(τ)]_1` for each of the `⌈m/ℓ⌉` polynomials.
#[derive(Clone, Debug)]
pub struct Commitment<E: Pairing> {
    info: FileInfo,
    cell: usize,
    polys: Vec<E::G1Affine>,
    digest: [u8; 64],
}

impl<E: Pairing> Commitment<E> {
    /// A commitment from its parts; fails unless `cell` is a power of two
    /// and there is one point per polynomial.
    pub fn new(
        info: FileInfo,
        cell: usize,
        polys: Vec<E::G1Affine>,
    ) -> Result<Self, KzgCellsError> {
        if !cell.is_power_of_two() {
            return Err(KzgCellsError::CellSize(cell));
        }
        let expected = polynomial_count(info.m, cell);
        if polys.len() != expected {
            return Err(KzgCellsError::CommitmentLength {
                got: polys.len() as u64,
                expected,
            });
        }
        Ok(Self::new_unchecked(info, cell, polys))
    }

    fn new_unchecked(info: FileInfo, cell: usize, polys: Vec<E::G1Affine>) -> Self {
        let mut t = Transcript::new(&Transcript::dst(NAME, "commitment"));
        t.append_curve::<E>();
        info.append_to(&mut t);
        t.append_u64(b"cell", cell as u64);
        t.append(b"polys", &polys);
        let digest = t.digest();
        Self {
            info,
            cell,
            polys,
            digest,
        }
    }

    /// The file metadata.
    pub fn info(&self) -> &FileInfo {
        &self.info
    }

    /// The cell size `ℓ`.
    pub fn cell(&self) -> usize {
        self.cell
    }

    /// The polynomial commitments `C_b`.
    pub fn polynomials(&self) -> &[E::G1Affine] {
        &self.polys
    }

    /// Digest of everything above (curve, metadata, `ℓ`, the `C_b`).
    pub fn digest(&self) -> &[u8; 64] {
        &self.digest
    }
}

impl<E: Pairing> PartialEq for Commitment<E> {
    fn eq(&self, other: &Self) -> bool {
        self.info == other.info && self.cell == other.cell && self.polys == other.polys
    }
}

impl<E: Pairing> Eq for Commitment<E> {}

impl<E: Pairing> Valid for Commitment<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Valid::check(&self.info)?;
        if !self.cell.is_power_of_two()
            || self.polys.len() != polynomial_count(self.info.m, self.cell)
        {
            return Err(SerializationError::InvalidData);
        }
        self.polys.check()
    }
}

impl<E: Pairing> CanonicalSerialize for Commitment<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.info.serialize_with_mode(&mut writer, compress)?;
        (self.cell as u64).serialize_with_mode(&mut writer, compress)?;
        self.polys.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.info.serialized_size(compress) + 8 + self.polys.serialized_size(compress)
    }
}

impl<E: Pairing> CanonicalDeserialize for Commitment<E> {
    /// Reads the metadata and the cell size, then checks the stated number
    /// of points against `⌈m/ℓ⌉` **before** reading any point (so hostile
    /// counts cost nothing), then the points.
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let info = FileInfo::deserialize_with_mode(&mut reader, compress, validate)?;
        let cell = u64::deserialize_with_mode(&mut reader, compress, validate)?;
        let cell = usize::try_from(cell).map_err(|_| SerializationError::InvalidData)?;
        if !cell.is_power_of_two() {
            return Err(SerializationError::InvalidData);
        }
        let count = u64::deserialize_with_mode(&mut reader, compress, validate)?;
        if count != polynomial_count(info.m, cell) as u64 {
            return Err(SerializationError::InvalidData);
        }
        let polys = (0..count)
            .map(|_| E::G1Affine::deserialize_with_mode(&mut reader, compress, validate))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self::new_unchecked(info, cell, polys))
    }
}
