//! Recoded shards: verification against a carried combination vector and
//! random linear recoding (docs/spec.md §6.6, komodo's `recode`).
//!
//! A *combination shard* `(λ, y)` claims `y[i] = Σ_c λ_c·M̂[i][c]` for the
//! coefficient matrix `M̂` (RS shard `j` is the combination `λ = (α_j^c)_c`).
//! By linearity of the commitment, `Com(y) = Σ_c λ_c·γ_c` holds for every such
//! shard, and any linear combination `Σ_u β_u (λ_u, y_u)` is again one: a node
//! holding some shards can hand out fresh random combinations without knowing
//! the file, and any `k` shards with linearly independent `λ` decode.
//!
//! [`SemiAvid::verify_combination`] checks the homomorphic equation with the
//! **carried** λ, so it proves only "y is the combination λ of the committed
//! columns": it does not prove that λ is the vector of any RS index, and a set
//! of accepted combination shards need not be MDS (e.g. `k` copies of
//! column 0 with `λ = e_0` all pass). Use it only where recoding is intended;
//! the canonical [`vidkit_core::Scheme::verify`] derives λ from the index.

use crate::{msm, Bases, SemiAvid, SemiAvidCommitment, SemiAvidError};
use ark_ec::pairing::Pairing;
use ark_ff::{PrimeField, UniformRand};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use ark_std::rand::RngCore;
use vidkit_core::{packing, Encoding, FileInfo, Scheme, Shard};

/// A shard with an explicit combination vector: `values[i] = Σ_c combination[c]·M̂[i][c]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, CanonicalSerialize, CanonicalDeserialize)]
pub struct CombinationShard<F: PrimeField> {
    /// `λ ∈ F^k`.
    pub combination: Vec<F>,
    /// The `m` values.
    pub values: Vec<F>,
}

impl<E: Pairing> SemiAvid<E> {
    /// RS shard `j` as a combination shard, with `λ = (α_j^c)_c` derived from
    /// its index (fails if the index is not below `n`).
    pub fn combination_shard(
        &self,
        shard: &Shard<E::ScalarField>,
    ) -> Result<CombinationShard<E::ScalarField>, SemiAvidError> {
        Ok(CombinationShard {
            combination: self.code().combination(shard.index)?,
            values: shard.values.clone(),
        })
    }

    /// Checks a combination shard against the **carried** λ (docs/spec.md §6.6):
    /// accept iff `Σ_i y_i·B_i = Σ_c λ_c·γ_c`. Weaker than
    /// [`Scheme::verify`]: see the module docs.
    ///
    /// Errors: λ not of length `k` ([`SemiAvidError::CombinationLength`]),
    /// values not of length `m` ([`SemiAvidError::ValuesLength`]), a
    /// commitment of other parameters.
    pub fn verify_combination(
        &self,
        vk: &Bases<E>,
        commitment: &SemiAvidCommitment<E>,
        shard: &CombinationShard<E::ScalarField>,
    ) -> Result<bool, SemiAvidError> {
        let info = self.check_commitment(vk, commitment)?;
        check_shape(info, shard)?;
        Ok(msm::homomorphic_check::<E>(
            vk.points(),
            commitment.columns(),
            &shard.values,
            &shard.combination,
        ))
    }

    /// `Σ_u β_u·shards_u` with the given coefficients (one per shard).
    pub fn recode_with(
        &self,
        info: &FileInfo,
        shards: &[CombinationShard<E::ScalarField>],
        betas: &[E::ScalarField],
    ) -> Result<CombinationShard<E::ScalarField>, SemiAvidError> {
        info.check(self.code())?;
        for s in shards {
            check_shape(info, s)?;
        }
        let views: Vec<_> = shards
            .iter()
            .map(|s| (&s.combination[..], &s.values[..]))
            .collect();
        let (combination, values) = vidkit_erasure::recode(&views, betas)?;
        Ok(CombinationShard {
            combination,
            values,
        })
    }

    /// A random combination of `shards` (uniform non-secret coefficients from
    /// `rng`), e.g. for a node re-spreading what it holds.
    pub fn recode<R: RngCore + ?Sized>(
        &self,
        info: &FileInfo,
        shards: &[CombinationShard<E::ScalarField>],
        rng: &mut R,
    ) -> Result<CombinationShard<E::ScalarField>, SemiAvidError> {
        let mut rng = RngAdapter(rng);
        let betas: Vec<E::ScalarField> = shards
            .iter()
            .map(|_| E::ScalarField::rand(&mut rng))
            .collect();
        self.recode_with(info, shards, &betas)
    }

    /// Rebuilds the bytes from combination shards whose combination vectors
    /// span `F^k` (the first `k` independent ones are used). As with
    /// [`Scheme::decode`], verify the shards first.
    pub fn decode_combinations(
        &self,
        info: &FileInfo,
        shards: &[CombinationShard<E::ScalarField>],
    ) -> Result<Vec<u8>, SemiAvidError> {
        info.check(self.code())?;
        for s in shards {
            check_shape(info, s)?;
        }
        let views: Vec<_> = shards
            .iter()
            .map(|s| (&s.combination[..], &s.values[..]))
            .collect();
        let coefficients = vidkit_erasure::decode_combinations(&views, info.k)?;
        let matrix = match self.code().encoding() {
            Encoding::Systematic => self.data_from_coefficients(&coefficients)?,
            Encoding::Points | Encoding::Fft => coefficients,
        };
        let len = usize::try_from(info.len).map_err(|_| vidkit_core::Error::LengthTooLarge {
            len: info.len,
            elements: matrix.len(),
            per_element: packing::bytes_per_element::<E::ScalarField>(),
        })?;
        Ok(packing::matrix_to_bytes(&matrix, len)?)
    }

    /// Systematic mode: the data matrix holds `P_i(ω_k^c)`, i.e. source column
    /// `c` is RS shard `systematic_indices()[c]`.
    fn data_from_coefficients(
        &self,
        coefficients: &[E::ScalarField],
    ) -> Result<Vec<E::ScalarField>, SemiAvidError> {
        let code = self.code();
        let shards = code.evaluate(coefficients)?;
        let columns = code.systematic_indices().unwrap_or_default();
        let m = coefficients.len() / code.k();
        Ok((0..m)
            .flat_map(|i| columns.iter().map(move |&j| (j, i)))
            .map(|(j, i)| shards[j][i])
            .collect())
    }
}

fn check_shape<F: PrimeField>(
    info: &FileInfo,
    shard: &CombinationShard<F>,
) -> Result<(), SemiAvidError> {
    if shard.combination.len() != info.k {
        return Err(SemiAvidError::CombinationLength {
            got: shard.combination.len(),
            expected: info.k,
        });
    }
    if shard.values.len() != info.m {
        return Err(SemiAvidError::ValuesLength {
            got: shard.values.len(),
            expected: info.m,
        });
    }
    Ok(())
}

/// Lets an unsized `RngCore` drive `UniformRand` (which needs `Rng: Sized`).
struct RngAdapter<'a, R: RngCore + ?Sized>(&'a mut R);

impl<R: RngCore + ?Sized> RngCore for RngAdapter<'_, R> {
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), ark_std::rand::Error> {
        self.0.try_fill_bytes(dest)
    }
}
