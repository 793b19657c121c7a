//! The [`Scheme`] implementation: setup, commit, (empty) prove, canonical
//! verification of shard `j` (docs/spec.md §6.1–§6.4).

use crate::{
    hash_to_curve::{HashToG1, TransparentCurve},
    msm, Bases, NoProof, SemiAvidCommitment, SemiAvidError,
};
use ark_ec::pairing::Pairing;
use ark_std::rand::RngCore;
use vidkit_core::{
    packing, Encoded, Encoding, FileInfo, ReedSolomon, Scheme, Shard, Srs, SrsShape,
};

/// Semi-AVID-PC over the pairing-friendly curve `E` (only its group G1 is
/// used: there is no pairing in this scheme).
///
/// A value is one configuration `(k, n, encoding)`; see the crate docs for the
/// protocol and an example.
#[derive(Clone, Debug)]
pub struct SemiAvid<E: Pairing> {
    code: ReedSolomon<E::ScalarField>,
}

impl<E: Pairing> SemiAvid<E> {
    /// Semi-AVID with `k` source shards, `n ≥ k` encoded shards and the given
    /// evaluation points; fails with a typed error on invalid parameters.
    pub fn new(k: usize, n: usize, encoding: Encoding) -> Result<Self, SemiAvidError> {
        Ok(Self {
            code: ReedSolomon::new(k, n, encoding)?,
        })
    }

    /// Transparent keys for files of up to `max_bytes` bytes: `m_max` bases
    /// hashed from `seed` with method `H` (no trusted setup, docs/spec.md §6.1).
    /// Prover key and verifier key are the same `m_max` points.
    pub fn setup_transparent_with<H: HashToG1<E::G1>>(
        &self,
        seed: &[u8],
        max_bytes: usize,
    ) -> Result<(Bases<E>, Bases<E>), SemiAvidError> {
        let bases = Bases::transparent::<H>(seed, self.m_max(max_bytes)?)?;
        Ok((bases.clone(), bases))
    }

    /// `m_max` for files of up to `max_bytes` bytes.
    fn m_max(&self, max_bytes: usize) -> Result<usize, SemiAvidError> {
        Ok(packing::rows_for::<E::ScalarField>(
            max_bytes,
            self.code.k(),
        )?)
    }

    /// The shape of the one powers-of-τ string [`Scheme::setup`] reads for
    /// `m_max` rows: the bases are the first `m_max` G1 powers (`[1]_2` and
    /// `[τ]_2` are not used, but every [`Srs`] holds them).
    fn string_shape(m_max: usize) -> SrsShape {
        SrsShape { g1: m_max, g2: 2 }
    }

    /// Validates a commitment against this scheme and the key: metadata of this
    /// code, `k` column points, `m ≤ m_max`. Returns the metadata.
    pub(crate) fn check_commitment<'a>(
        &self,
        vk: &Bases<E>,
        commitment: &'a SemiAvidCommitment<E>,
    ) -> Result<&'a FileInfo, SemiAvidError> {
        let info = commitment.info();
        info.check(&self.code)?;
        if commitment.columns().len() != info.k {
            return Err(SemiAvidError::ColumnCount {
                got: commitment.columns().len(),
                expected: info.k,
            });
        }
        check_rows(info.m, vk)?;
        Ok(info)
    }
}

fn check_rows<E: Pairing>(m: usize, key: &Bases<E>) -> Result<(), SemiAvidError> {
    if m > key.m_max() {
        return Err(vidkit_core::Error::TooManyRows {
            m,
            max: key.m_max(),
        }
        .into());
    }
    Ok(())
}

impl<E: TransparentCurve> SemiAvid<E> {
    /// Transparent keys with the curve's default hash-to-curve method
    /// ([`TransparentCurve`]: RFC 9380 on BLS12-381, try-and-increment on BN254).
    ///
    /// ```
    /// use ark_bls12_381::Bls12_381;
    /// use vidkit_core::{Encoding, Scheme};
    /// use vidkit_semi_avid::SemiAvid;
    ///
    /// let scheme = SemiAvid::<Bls12_381>::new(2, 4, Encoding::Fft)?;
    /// let (pk, vk) = scheme.setup_transparent(b"my public seed", 200)?;
    /// assert_eq!(vk.m_max(), 4); // ⌈200 / 31 / 2⌉ rows
    /// let d = scheme.disperse(&pk, b"no trusted setup at all")?;
    /// assert!(scheme.verify(&vk, &d.commitment, &d.shards[3], &d.proofs[3])?);
    /// # Ok::<(), vidkit_semi_avid::SemiAvidError>(())
    /// ```
    pub fn setup_transparent(
        &self,
        seed: &[u8],
        max_bytes: usize,
    ) -> Result<(Bases<E>, Bases<E>), SemiAvidError> {
        self.setup_transparent_with::<E::Hasher>(seed, max_bytes)
    }
}

impl<E: Pairing> Scheme for SemiAvid<E> {
    type Curve = E;
    type Srs = Srs<E>;
    /// The `m_max` bases.
    type ProverKey = Bases<E>;
    /// The same `m_max` bases: a verifier recomputes `Com(y)` of a shard.
    type VerifierKey = Bases<E>;
    type Commitment = SemiAvidCommitment<E>;
    type Proof = NoProof;
    type ProverHint = ();
    type Error = SemiAvidError;

    const NAME: &'static str = "semi-avid";
    const TRAPDOORS: usize = 1;

    fn code(&self) -> &ReedSolomon<E::ScalarField> {
        &self.code
    }

    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, SemiAvidError> {
        Ok(vec![Self::string_shape(self.m_max(max_bytes)?)])
    }

    fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<Srs<E>, SemiAvidError> {
        Ok(Srs::single(powers)?)
    }

    /// Keys from the first `m_max` G1 powers of τ (the paper's setup).
    fn setup(&self, srs: &Srs<E>, max_bytes: usize) -> Result<(Bases<E>, Bases<E>), Self::Error> {
        let shape = Self::string_shape(self.m_max(max_bytes)?);
        let bases = Bases::from_srs(srs, shape.g1)?;
        Ok((bases.clone(), bases))
    }

    fn commit(
        &self,
        pk: &Bases<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<(SemiAvidCommitment<E>, ()), Self::Error> {
        let info = encoded.info;
        encoded.check(&self.code, pk.m_max())?;
        let columns = msm::commit_columns::<E>(pk, &encoded.coefficients, info.k);
        Ok((SemiAvidCommitment::new_unchecked(info, columns), ()))
    }

    /// Nothing to prove: `n` copies of [`NoProof`].
    fn prove(
        &self,
        pk: &Bases<E>,
        encoded: &Encoded<E::ScalarField>,
        _commitment: &SemiAvidCommitment<E>,
        _hint: &(),
    ) -> Result<Vec<NoProof>, Self::Error> {
        encoded.check(&self.code, pk.m_max())?;
        Ok(vec![NoProof; self.code.n()])
    }

    /// Canonical verification of shard `j` (docs/spec.md §6.4): with
    /// `λ = (α_j^c)_{c<k}` **derived from j**, accept iff
    /// `Σ_i y_i·B_i = Σ_c λ_c·γ_c`. An accepted shard is Reed-Solomon symbol
    /// `j` of the committed file.
    fn verify(
        &self,
        vk: &Bases<E>,
        commitment: &SemiAvidCommitment<E>,
        shard: &Shard<E::ScalarField>,
        _proof: &NoProof,
    ) -> Result<bool, Self::Error> {
        let info = self.check_commitment(vk, commitment)?;
        info.check_shard(shard)?;
        let lambda = self.code.combination(shard.index)?;
        Ok(msm::homomorphic_check::<E>(
            vk.points(),
            commitment.columns(),
            &shard.values,
            &lambda,
        ))
    }

    /// One MSM of size `m + k` for any number of shards (docs/spec.md §6.5):
    /// with private 128-bit `ρ_u` from `rng`, accept iff
    /// `Σ_i (Σ_u ρ_u y_u[i])·B_i = Σ_c (Σ_u ρ_u α_{j_u}^c)·γ_c`.
    fn batch_verify<R: RngCore + ?Sized>(
        &self,
        vk: &Bases<E>,
        commitment: &SemiAvidCommitment<E>,
        items: &[(&Shard<E::ScalarField>, &NoProof)],
        rng: &mut R,
    ) -> Result<bool, Self::Error> {
        crate::batch::batch_verify(self, vk, commitment, items, rng)
    }

    fn file_info<'a>(&self, commitment: &'a SemiAvidCommitment<E>) -> &'a FileInfo {
        commitment.info()
    }
}
