//! The `k` G1 powers a row-wise committer needs, with their fixed-base table.
//!
//! Shared by the per-row KZG scheme and KZG+: both commit `m` rows of `k`
//! coefficients (and KZG+ proves with `k − 1`) against the same powers. Only
//! the powers are serialized; the table is rebuilt on deserialization.

use crate::{FixedBaseTable, DEFAULT_POINT_BUDGET};
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    fmt,
    io::{Read, Write},
    sync::Arc,
};

/// `[τ^c]_1` for `c < k` and a [`FixedBaseTable`] over them.
#[derive(Clone)]
pub struct CommitterKey<E: Pairing> {
    powers: Vec<E::G1Affine>,
    table: Arc<FixedBaseTable<E::G1>>,
}

impl<E: Pairing> CommitterKey<E> {
    /// Precomputes the table for `powers` (within [`DEFAULT_POINT_BUDGET`]).
    pub fn new(powers: Vec<E::G1Affine>) -> Self {
        let table = Arc::new(FixedBaseTable::new(&powers, DEFAULT_POINT_BUDGET));
        Self { powers, table }
    }

    /// The powers.
    pub fn powers(&self) -> &[E::G1Affine] {
        &self.powers
    }

    /// Fails with [`vidkit_core::Error::KeyTooShort`] unless the key holds at
    /// least `k` powers (a key read from bytes may be shorter than the code
    /// it is used with).
    pub fn require(&self, k: usize) -> Result<(), vidkit_core::Error> {
        if self.powers.len() < k {
            return Err(vidkit_core::Error::KeyTooShort {
                have: self.powers.len(),
                need: k,
            });
        }
        Ok(())
    }

    /// `Σ_c scalars[c]·[τ^c]_1` with the table; `None` if there are more
    /// scalars than powers.
    pub fn msm(&self, scalars: &[E::ScalarField]) -> Option<E::G1> {
        self.table.msm(scalars)
    }

    /// The MSMs of consecutive rows of `len` scalars at once (KZG+'s `m` row
    /// commitments, its `n` proofs): see [`FixedBaseTable::msm_rows`]. `None`
    /// if `len` exceeds the powers or does not divide `scalars.len()`.
    pub fn msm_rows(&self, scalars: &[E::ScalarField], len: usize) -> Option<Vec<E::G1>> {
        self.table.msm_rows(scalars, len)
    }
}

impl<E: Pairing> fmt::Debug for CommitterKey<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CommitterKey")
            .field("powers", &self.powers.len())
            .field("table_width", &self.table.width())
            .finish()
    }
}

impl<E: Pairing> PartialEq for CommitterKey<E> {
    fn eq(&self, other: &Self) -> bool {
        self.powers == other.powers
    }
}

impl<E: Pairing> Eq for CommitterKey<E> {}

impl<E: Pairing> Valid for CommitterKey<E> {
    fn check(&self) -> Result<(), SerializationError> {
        self.powers.check()
    }
}

impl<E: Pairing> CanonicalSerialize for CommitterKey<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.powers.serialize_with_mode(writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.powers.serialized_size(compress)
    }
}

impl<E: Pairing> CanonicalDeserialize for CommitterKey<E> {
    fn deserialize_with_mode<R: Read>(
        reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        Ok(Self::new(Vec::deserialize_with_mode(
            reader, compress, validate,
        )?))
    }
}
