//! The commitment bases `B_0 … B_{m_max−1}` (docs/spec.md §6.1): the prover key
//! and the verifier key of Semi-AVID-PC.
//!
//! A column of the data matrix is committed as `Com(x) = Σ_i x_i·B_i`, and a
//! verifier recomputes `Com(y)` of the shard it checks, so **the verifier needs
//! every base the prover used**: the verifier key is `m_max` G1 points, like
//! the prover key (the seed paper notes that it grows with |F|/k). Both keys
//! are the same [`Bases`] value.
//!
//! Two origins ([`BasisOrigin`]):
//! * powers of τ from an SRS, `B_i = [τ^i]_1` (the paper's choice and the
//!   default; binding under the discrete-log assumption as long as τ is
//!   unknown; needed only if KZG openings of the column polynomials are
//!   wanted, which this crate does not use);
//! * points hashed from a public seed ([`crate::hash_to_curve`]): no trusted
//!   setup; anyone can re-derive and check them ([`Bases::check_derivation`]).

use crate::{
    hash_to_curve::{base_message, HashMethod, HashToG1},
    prepared::PreparedBases,
    SemiAvidError,
};
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};
use vidkit_core::{Srs, Transcript};

/// Where the bases come from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BasisOrigin {
    /// `B_i = [τ^i]_1`, the first G1 powers of an SRS.
    PowersOfTau,
    /// `B_i = hash(seed, i)` with the given method.
    HashToCurve {
        /// the hash-to-curve method
        method: HashMethod,
        /// the public seed
        seed: Vec<u8>,
    },
}

/// The commitment bases: prover key and verifier key of Semi-AVID-PC.
///
/// Besides the points, a key used for committing keeps a window table of
/// them once enough commits have repaid building it (`crate::prepared`:
/// the same commitments, faster; shared by clones, never serialised, not
/// part of equality).
#[derive(Clone, Debug)]
pub struct Bases<E: Pairing> {
    origin: BasisOrigin,
    points: Vec<E::G1Affine>,
    prepared: PreparedBases<E::G1>,
}

impl<E: Pairing> PartialEq for Bases<E> {
    fn eq(&self, other: &Self) -> bool {
        self.origin == other.origin && self.points == other.points
    }
}

impl<E: Pairing> Eq for Bases<E> {}

impl<E: Pairing> Bases<E> {
    /// The first `m` G1 powers of `srs`, or [`vidkit_core::Error::SrsTooShort`].
    pub fn from_srs(srs: &Srs<E>, m: usize) -> Result<Self, SemiAvidError> {
        srs.check_len(m, 0)?;
        Ok(Self::with_points(
            BasisOrigin::PowersOfTau,
            srs.powers_g1()[..m].to_vec(),
        ))
    }

    /// `m` bases hashed from `seed` with method `H` (no trusted setup).
    ///
    /// With the `parallel` feature the points are hashed on the rayon pool
    /// (identical output).
    pub fn transparent<H: HashToG1<E::G1>>(seed: &[u8], m: usize) -> Result<Self, SemiAvidError> {
        Ok(Self::with_points(
            BasisOrigin::HashToCurve {
                method: H::METHOD,
                seed: seed.to_vec(),
            },
            derive::<E, H>(seed, m)?,
        ))
    }

    fn with_points(origin: BasisOrigin, points: Vec<E::G1Affine>) -> Self {
        Self {
            origin,
            points,
            prepared: PreparedBases::default(),
        }
    }

    /// The commit-side precomputation state (`crate::prepared`).
    pub(crate) fn prepared(&self) -> &PreparedBases<E::G1> {
        &self.prepared
    }

    /// Whether this key holds a window table for files of `m` rows, built
    /// after enough commits of that size repaid it (see the `prepared`
    /// module). Commitments are the same either way; this is for tests and
    /// benchmarks that want to know which path a commit took.
    pub fn has_commit_table(&self, m: usize) -> bool {
        self.prepared.has_table_for(m, self.points.len())
    }

    /// How the bases were made.
    pub fn origin(&self) -> &BasisOrigin {
        &self.origin
    }

    /// The bases `B_0 … B_{m_max−1}`.
    pub fn points(&self) -> &[E::G1Affine] {
        &self.points
    }

    /// `m_max`: the largest number of rows these bases can commit.
    pub fn m_max(&self) -> usize {
        self.points.len()
    }

    /// A 64-byte digest of the curve, the origin and every base, for callers
    /// that bind the key into a transcript or compare keys cheaply.
    pub fn digest(&self) -> [u8; 64] {
        let mut t = Transcript::new(&Transcript::dst("semi-avid", "bases"));
        t.append_curve::<E>();
        t.append(b"origin", &self.origin);
        t.append_all(b"bases", &self.points);
        t.digest()
    }

    /// For hashed bases: re-derives every base with `H` and fails with
    /// [`SemiAvidError::BasisMismatch`] at the first one that differs (or if
    /// the key names another method). Powers of τ cannot be checked without
    /// G2 powers: validate the SRS itself ([`Srs::validate`]); they pass here.
    pub fn check_derivation<H: HashToG1<E::G1>>(&self) -> Result<(), SemiAvidError> {
        match &self.origin {
            BasisOrigin::PowersOfTau => Ok(()),
            BasisOrigin::HashToCurve { method, seed } => {
                if *method != H::METHOD {
                    return Err(SemiAvidError::UnknownBasis(method.id()));
                }
                let expected = derive::<E, H>(seed, self.points.len())?;
                match expected.iter().zip(&self.points).position(|(a, b)| a != b) {
                    Some(index) => Err(SemiAvidError::BasisMismatch { index }),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Hashes bases `0..m` of `seed`.
fn derive<E: Pairing, H: HashToG1<E::G1>>(
    seed: &[u8],
    m: usize,
) -> Result<Vec<E::G1Affine>, SemiAvidError> {
    let dst = H::METHOD.dst();
    let one = |index: usize| {
        H::hash(&dst, &base_message(seed, index)).ok_or(SemiAvidError::HashToCurve { index })
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..m).into_par_iter().map(one).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        (0..m).map(one).collect()
    }
}

impl<E: Pairing> CanonicalSerialize for Bases<E> {
    /// The origin, then the points (the commit table is not serialised).
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.origin.serialize_with_mode(&mut writer, compress)?;
        self.points.serialize_with_mode(writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.origin.serialized_size(compress) + self.points.serialized_size(compress)
    }
}

impl<E: Pairing> Valid for Bases<E> {
    fn check(&self) -> Result<(), SerializationError> {
        self.origin.check()?;
        self.points.check()
    }
}

impl<E: Pairing> CanonicalDeserialize for Bases<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let origin = BasisOrigin::deserialize_with_mode(&mut reader, compress, validate)?;
        let points = Vec::deserialize_with_mode(reader, compress, validate)?;
        Ok(Self::with_points(origin, points))
    }
}

const TAG_TAU: u8 = 0;
const TAG_HASH: u8 = 1;

impl CanonicalSerialize for BasisOrigin {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        match self {
            Self::PowersOfTau => TAG_TAU.serialize_with_mode(writer, compress),
            Self::HashToCurve { method, seed } => {
                TAG_HASH.serialize_with_mode(&mut writer, compress)?;
                method.id().serialize_with_mode(&mut writer, compress)?;
                seed.serialize_with_mode(writer, compress)
            }
        }
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        match self {
            Self::PowersOfTau => 1,
            Self::HashToCurve { seed, .. } => 2 + seed.serialized_size(compress),
        }
    }
}

impl Valid for BasisOrigin {
    fn check(&self) -> Result<(), SerializationError> {
        Ok(())
    }
}

impl CanonicalDeserialize for BasisOrigin {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        match u8::deserialize_with_mode(&mut reader, compress, validate)? {
            TAG_TAU => Ok(Self::PowersOfTau),
            TAG_HASH => {
                let id = u8::deserialize_with_mode(&mut reader, compress, validate)?;
                let method = HashMethod::from_id(id).ok_or(SerializationError::InvalidData)?;
                let seed = Vec::<u8>::deserialize_with_mode(reader, compress, validate)?;
                Ok(Self::HashToCurve { method, seed })
            }
            _ => Err(SerializationError::InvalidData),
        }
    }
}
