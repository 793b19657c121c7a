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

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ec::{CurveGroup, VariableBaseMSM};
    use ark_ff::{UniformRand, Zero};
    use ark_std::rand::SeedableRng;

    /// Whatever table the key gets, its MSMs are those of a plain MSM over
    /// the powers, one by one and row by row (a row count that is not a
    /// multiple of the table's blocks, rows shorter than the key), and the
    /// shapes it refuses are refused.
    fn same_as_plain_msms<E: Pairing>() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(17);
        // a multiples table for small keys (batch-affine rows from 16 rows),
        // a windows table for large ones
        for (k, table) in [
            (1, Some(10)),
            (3, Some(10)),
            (16, Some(10)),
            (64, Some(8)),
            (300, None),
        ] {
            let powers: Vec<E::G1Affine> = (0..k)
                .map(|_| E::G1::rand(&mut rng).into_affine())
                .collect();
            let key = CommitterKey::<E>::new(powers.clone());
            match table {
                Some(c) => assert_eq!(key.table(), TablePlan::Multiples(c), "k = {k}"),
                None => assert!(matches!(key.table(), TablePlan::Windows(_)), "k = {k}"),
            }
            let rows = 21;
            let mut s: Vec<E::ScalarField> = (0..rows * k)
                .map(|_| E::ScalarField::rand(&mut rng))
                .collect();
            s[0] = E::ScalarField::zero();
            s[k - 1] = -E::ScalarField::from(1u64);
            let want: Vec<E::G1> = s
                .chunks(k)
                .map(|r| E::G1::msm(&powers, r).unwrap())
                .collect();
            assert_eq!(key.msm(&s[..k]), Some(want[0]), "k = {k}");
            assert_eq!(key.msm_rows(&s, k), Some(want.clone()), "k = {k}");
            let short = &s[..rows * (k - 1)];
            let want_short: Vec<E::G1> = short
                .chunks(k.max(2) - 1)
                .map(|r| E::G1::msm(&powers[..r.len()], r).unwrap())
                .collect();
            if k > 1 {
                assert_eq!(key.msm_rows(short, k - 1), Some(want_short), "k = {k}");
            }
            assert!(key.msm(&[]).unwrap().is_zero());
            assert_eq!(key.msm(&vec![E::ScalarField::from(1u64); k + 1]), None);
            assert_eq!(key.msm_rows(&[], k), Some(vec![]));
            assert_eq!(key.msm_rows(&s[..k], 0), None);
            assert_eq!(
                key.msm_rows(&vec![E::ScalarField::zero(); k + 1], k + 1),
                None
            );
            if k > 1 {
                assert_eq!(key.msm_rows(&s[..k + 1], k), None, "len ∤ count");
            }
            // the table is rebuilt from the serialized powers
            let mut bytes = Vec::new();
            key.serialize_compressed(&mut bytes).unwrap();
            let read = CommitterKey::<E>::deserialize_compressed(&*bytes).unwrap();
            assert_eq!(read, key);
            assert_eq!(read.table(), key.table());
            assert_eq!(read.msm_rows(&s, k), Some(want));
        }
    }

    #[test]
    fn same_as_plain_msms_bls12_381() {
        same_as_plain_msms::<ark_bls12_381::Bls12_381>();
    }

    #[test]
    fn same_as_plain_msms_bn254() {
        same_as_plain_msms::<ark_bn254::Bn254>();
    }
}
