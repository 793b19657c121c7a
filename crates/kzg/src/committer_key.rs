//! The `k` G1 powers a row-wise committer needs, prepared for many MSMs.
//!
//! Shared by the per-row KZG scheme, KZG+ and aPlonK's row key: they commit
//! `m` rows of `k` coefficients (and prove with `k − 1`) against the same
//! powers, for as long as the key lives. The powers are prepared by
//! vidkit-msm as its table policy plans for bases kept for good and used
//! many rows at a time ([`vidkit_msm::Workload::Rows`] with `usize::MAX`
//! MSMs): up to a few dozen powers (101 on BLS12-381, 64 on BN254, 36 on
//! BLS24-317, whose rows stay projective) the signed-digit multiples table
//! [`vidkit_msm::FixedBases`] (no doubling, cache-blocked rows, batch-affine
//! additions on BLS12-381 and BN254), for more a windows table or none.
//! Only the powers are serialized; the table is rebuilt on deserialization.

use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    fmt,
    io::{Read, Write},
    sync::Arc,
};
use vidkit_msm::{MsmBases, TablePlan, TablePolicy, Workload};

/// `[τ^c]_1` for `c < k`, prepared for many MSMs (see the module docs).
#[derive(Clone)]
pub struct CommitterKey<E: Pairing> {
    powers: Vec<E::G1Affine>,
    bases: Arc<MsmBases<E::G1>>,
}

impl<E: Pairing> CommitterKey<E> {
    /// Prepares `powers` for MSMs as vidkit-msm's table policy plans for a
    /// key kept for good.
    pub fn new(powers: Vec<E::G1Affine>) -> Self {
        let plan = TablePolicy::DEFAULT.plan::<E::G1>(powers.len(), Workload::Rows(usize::MAX));
        let bases = Arc::new(MsmBases::with_plan(&powers, plan));
        Self { powers, bases }
    }

    /// The precomputation the powers got: [`TablePlan::Multiples`] for
    /// keys of up to a few dozen powers (32 on BLS12-381), a windows table
    /// for larger ones on BLS12-381 and BN254, none for larger ones on other
    /// curves.
    pub fn table(&self) -> TablePlan {
        self.bases.plan()
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

    /// `Σ_c scalars[c]·[τ^c]_1`; `None` if there are more scalars than
    /// powers.
    pub fn msm(&self, scalars: &[E::ScalarField]) -> Option<E::G1> {
        (scalars.len() <= self.powers.len()).then(|| self.bases.msm(scalars))
    }

    /// The MSMs of consecutive rows of `len` scalars at once (KZG+'s `m` row
    /// commitments, its `n` proofs): `scalars.len() / len` results, in one
    /// cache-friendly pass on a multiples table
    /// ([`vidkit_msm::FixedBases::msm_rows`]), row by row otherwise. `None`
    /// if `len` exceeds the powers or does not divide `scalars.len()`
    /// (`len = 0` gives no row).
    pub fn msm_rows(&self, scalars: &[E::ScalarField], len: usize) -> Option<Vec<E::G1>> {
        self.bases.msm_rows(scalars, len)
    }
}

impl<E: Pairing> fmt::Debug for CommitterKey<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CommitterKey")
            .field("powers", &self.powers.len())
            .field("table", &self.bases.plan())
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
