//! The aPlonK global proofs and their wire format (docs/spec.md §7.9.3).
//!
//! * [`FileProof`], the per-file part: `(μ̂, {L_G, R_G, L_r, R_r}_{ℓ<κ},
//!   μ_0, G_0, π_ck)` — `(2κ + 2)` G1, 2 G2, `2κ` G_T and the 8-byte round
//!   count. It depends only on `(com_f, r)`, so every shard of a file
//!   carries the same bytes.
//! * [`GlobalProof`], the proof of shard `j`: the per-file part, the KZG(σ)
//!   opening `π_j` of `f = Σ r^i P_i` at `α_j` (one G1 point), one byte `d`
//!   (the path length) and the `d` Merkle siblings of 32 bytes, leaf level
//!   first.
//!
//! As for aPlonK-PC's [`crate::Proof`], every value is validated whatever
//! [`Validate`] mode deserialization is asked for (points in their
//! prime-order subgroups, G_T elements of order `r`). Counts are not
//! trusted: [`GlobalProof::from_bytes`] compares the round count with
//! `κ = log2(m')`, the path length with `⌈log2 n⌉` and the byte length with
//! [`GlobalProof::size_for`] before it decodes a single point; the generic
//! deserialization refuses more than [`MAX_ROUNDS`] rounds or
//! [`MAX_DEPTH`] siblings before it reads them.

use crate::{commitment::rounds, proof::invalid, AplonkError, Round, MAX_ROUNDS};
use ark_ec::{
    pairing::{Pairing, PairingOutput},
    AffineRepr,
};
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    io::{Read, Write},
    vec::Vec,
};
use vidkit_core::{
    merkle::{depth, Hash, MAX_DEPTH},
    FileInfo,
};

/// The per-file part of every shard's proof: `μ̂ = Σ_i r^i μ_i`, the `κ`
/// IPA rounds, `μ_0`, `G_0 = [g(τ)]_2` and `π_ck`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileProof<E: Pairing> {
    pub(crate) mu_hat: E::G1Affine,
    pub(crate) rounds: Vec<Round<E>>,
    pub(crate) mu_0: E::G1Affine,
    pub(crate) g_0: E::G2Affine,
    pub(crate) pi_ck: E::G2Affine,
}

impl<E: Pairing> FileProof<E> {
    /// A per-file part from its components; fails with a deserialization
    /// error unless every G1 and G2 point is in its prime-order subgroup
    /// (the rounds are validated by construction). The number of rounds is
    /// checked by the verifier, which knows the file's `m'`.
    pub fn new(
        mu_hat: E::G1Affine,
        rounds: Vec<Round<E>>,
        mu_0: E::G1Affine,
        g_0: E::G2Affine,
        pi_ck: E::G2Affine,
    ) -> Result<Self, AplonkError> {
        let p = Self {
            mu_hat,
            rounds,
            mu_0,
            g_0,
            pi_ck,
        };
        p.validate_own_points()
            .map_err(|e| invalid("aPlonK global file proof", e))?;
        Ok(p)
    }

    /// `μ̂ = Σ_i r^i μ_i`: the KZG(σ) commitment to `f = Σ_i r^i P_i`.
    pub fn mu_hat(&self) -> &E::G1Affine {
        &self.mu_hat
    }

    /// The `κ` IPA rounds, first round first.
    pub fn rounds(&self) -> &[Round<E>] {
        &self.rounds
    }

    /// `μ_0`: the fully folded row-commitment vector.
    pub fn mu_0(&self) -> &E::G1Affine {
        &self.mu_0
    }

    /// `G_0 = [g(τ)]_2`: the fully folded commitment key.
    pub fn g_0(&self) -> &E::G2Affine {
        &self.g_0
    }

    /// KZG opening in G2 (under τ) of `g` at `ρ`.
    pub fn pi_ck(&self) -> &E::G2Affine {
        &self.pi_ck
    }

    /// Fails with [`AplonkError::RoundCount`] unless there are
    /// `κ = log2(m')` rounds.
    pub fn check_rounds(&self, m: usize) -> Result<(), AplonkError> {
        let expected = rounds(m);
        if self.rounds.len() != expected {
            return Err(AplonkError::RoundCount {
                got: self.rounds.len(),
                expected,
                m_prime: crate::m_prime(m),
            });
        }
        Ok(())
    }

    /// The compressed size of a per-file part with `kappa` rounds:
    /// `8 + (2κ+2)·|G1| + 2·|G2| + 2κ·|G_T|` bytes.
    pub fn size(kappa: usize) -> usize {
        let g1 = E::G1Affine::generator().compressed_size();
        let g2 = E::G2Affine::generator().compressed_size();
        let gt = PairingOutput::<E>::default().compressed_size();
        8 + (2 * kappa + 2) * g1 + 2 * g2 + 2 * kappa * gt
    }

    fn validate_own_points(&self) -> Result<(), SerializationError> {
        self.mu_hat.check()?;
        self.mu_0.check()?;
        self.g_0.check()?;
        self.pi_ck.check()
    }
}

/// The proof of one shard: the per-file part, the opening `π_j` and the
/// shard's Merkle path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalProof<E: Pairing> {
    file: FileProof<E>,
    pi: E::G1Affine,
    path: Vec<Hash>,
}

impl<E: Pairing> GlobalProof<E> {
    /// A proof from its parts; fails unless `pi` is in the prime-order
    /// subgroup and the path has at most [`MAX_DEPTH`] siblings (the
    /// verifier checks the exact length against `n`).
    pub fn new(file: FileProof<E>, pi: E::G1Affine, path: Vec<Hash>) -> Result<Self, AplonkError> {
        if path.len() > MAX_DEPTH {
            return Err(AplonkError::PathLength {
                got: path.len(),
                expected: MAX_DEPTH,
            });
        }
        pi.check().map_err(|e| invalid("aPlonK global proof", e))?;
        Ok(Self { file, pi, path })
    }

    /// The prover's own proof: `pi` is an opening it computed, in the
    /// prime-order subgroup by construction, and `path` comes from its
    /// Merkle tree, so [`GlobalProof::new`]'s checks (a subgroup check per
    /// shard, about 15 % of proving all `n` shards at k = 64, 31 KiB) are
    /// skipped outside debug builds.
    pub(crate) fn from_prover(file: FileProof<E>, pi: E::G1Affine, path: Vec<Hash>) -> Self {
        debug_assert!(path.len() <= MAX_DEPTH && pi.check().is_ok());
        Self { file, pi, path }
    }

    /// The per-file part (the same in every shard's proof).
    pub fn file(&self) -> &FileProof<E> {
        &self.file
    }

    /// `π_j = [(f(σ) − f(α_j))/(σ − α_j)]_1`.
    pub fn pi(&self) -> &E::G1Affine {
        &self.pi
    }

    /// The Merkle path: the sibling at every level, leaf level first.
    pub fn path(&self) -> &[Hash] {
        &self.path
    }

    /// The parts (e.g. to build a modified proof with [`GlobalProof::new`]).
    pub fn into_parts(self) -> (FileProof<E>, E::G1Affine, Vec<Hash>) {
        (self.file, self.pi, self.path)
    }

    /// The compressed size of the proof of a shard of a file of `m` rows and
    /// `n` shards: [`FileProof::size`]`(κ)`, one G1 point, one length byte
    /// and `⌈log2 n⌉` hashes.
    pub fn size_for(m: usize, n: usize) -> usize {
        FileProof::<E>::size(rounds(m))
            + E::G1Affine::generator().compressed_size()
            + 1
            + 32 * depth(n)
    }

    /// Reads the proof of a shard of the file described by `info` from
    /// untrusted bytes (compressed, validated, no trailing bytes). Before any
    /// point is decoded: the round count must be `κ = log2(m')`
    /// ([`AplonkError::RoundCount`]), the path length byte `⌈log2 n⌉`
    /// ([`AplonkError::PathLength`]) and the length
    /// [`GlobalProof::size_for`]`(m, n)`.
    pub fn from_bytes(bytes: &[u8], info: &FileInfo) -> Result<Self, AplonkError> {
        const WHAT: &str = "aPlonK global proof";
        let g1 = E::G1Affine::generator().compressed_size();
        let count = vidkit_core::u64_at(WHAT, bytes, g1)?;
        let kappa = rounds(info.m);
        if count != kappa as u64 {
            return Err(AplonkError::RoundCount {
                got: usize::try_from(count).unwrap_or(usize::MAX),
                expected: kappa,
                m_prime: crate::m_prime(info.m),
            });
        }
        let at = FileProof::<E>::size(kappa) + g1;
        let stated = *bytes.get(at).ok_or(vidkit_core::Error::Deserialization {
            what: WHAT,
            source: vidkit_core::SerializationFault::Truncated,
        })?;
        let expected = depth(info.n);
        if usize::from(stated) != expected {
            return Err(AplonkError::PathLength {
                got: stated.into(),
                expected,
            });
        }
        vidkit_core::check_length(WHAT, bytes, Self::size_for(info.m, info.n))?;
        Ok(vidkit_core::from_bytes(WHAT, bytes)?)
    }
}

impl<E: Pairing> CanonicalSerialize for FileProof<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.mu_hat.serialize_with_mode(&mut writer, compress)?;
        self.rounds.serialize_with_mode(&mut writer, compress)?;
        self.mu_0.serialize_with_mode(&mut writer, compress)?;
        self.g_0.serialize_with_mode(&mut writer, compress)?;
        self.pi_ck.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.mu_hat.serialized_size(compress)
            + self.rounds.serialized_size(compress)
            + self.mu_0.serialized_size(compress)
            + self.g_0.serialized_size(compress)
            + self.pi_ck.serialized_size(compress)
    }
}

impl<E: Pairing> CanonicalSerialize for GlobalProof<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.file.serialize_with_mode(&mut writer, compress)?;
        self.pi.serialize_with_mode(&mut writer, compress)?;
        let d = u8::try_from(self.path.len()).map_err(|_| SerializationError::InvalidData)?;
        writer.write_all(&[d])?;
        for h in &self.path {
            writer.write_all(h)?;
        }
        Ok(())
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.file.serialized_size(compress)
            + self.pi.serialized_size(compress)
            + 1
            + 32 * self.path.len()
    }
}

/// Every value is validated when it is made, so there is nothing left to check.
impl<E: Pairing> Valid for FileProof<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Ok(())
    }
}

/// Every value is validated when it is made, so there is nothing left to check.
impl<E: Pairing> Valid for GlobalProof<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Ok(())
    }
}

/// Reads the per-file part's points without validating them.
fn read_file_proof<E: Pairing, R: Read>(
    mut reader: R,
    compress: Compress,
) -> Result<FileProof<E>, SerializationError> {
    let no = Validate::No;
    let mu_hat = E::G1Affine::deserialize_with_mode(&mut reader, compress, no)?;
    let count = u64::deserialize_with_mode(&mut reader, compress, no)?;
    let count = usize::try_from(count)
        .ok()
        .filter(|&c| c <= MAX_ROUNDS)
        .ok_or(SerializationError::InvalidData)?;
    let mut rounds = Vec::with_capacity(count);
    for _ in 0..count {
        rounds.push(Round {
            l_g: PairingOutput::deserialize_with_mode(&mut reader, compress, no)?,
            r_g: PairingOutput::deserialize_with_mode(&mut reader, compress, no)?,
            l_r: E::G1Affine::deserialize_with_mode(&mut reader, compress, no)?,
            r_r: E::G1Affine::deserialize_with_mode(&mut reader, compress, no)?,
        });
    }
    Ok(FileProof {
        mu_hat,
        rounds,
        mu_0: E::G1Affine::deserialize_with_mode(&mut reader, compress, no)?,
        g_0: E::G2Affine::deserialize_with_mode(&mut reader, compress, no)?,
        pi_ck: E::G2Affine::deserialize_with_mode(&mut reader, compress, no)?,
    })
}

/// The checks of a decoded per-file part: the cheap point checks first, the
/// G_T checks (an exponentiation each) last.
fn validate_file_proof<E: Pairing>(p: &FileProof<E>) -> Result<(), SerializationError> {
    p.validate_own_points()?;
    for round in &p.rounds {
        round.validate_points()?;
    }
    for round in &p.rounds {
        round.validate_gt()?;
    }
    Ok(())
}

/// Reads a per-file part and validates it **whatever `validate` says**; at
/// most [`MAX_ROUNDS`] rounds are read.
impl<E: Pairing> CanonicalDeserialize for FileProof<E> {
    fn deserialize_with_mode<R: Read>(
        reader: R,
        compress: Compress,
        _validate: Validate,
    ) -> Result<Self, SerializationError> {
        let p = read_file_proof::<E, R>(reader, compress)?;
        validate_file_proof(&p)?;
        Ok(p)
    }
}

/// Reads a proof and validates it **whatever `validate` says**; at most
/// [`MAX_ROUNDS`] rounds and [`MAX_DEPTH`] siblings are read, every point is
/// decoded before any is checked.
impl<E: Pairing> CanonicalDeserialize for GlobalProof<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        _validate: Validate,
    ) -> Result<Self, SerializationError> {
        let file = read_file_proof::<E, _>(&mut reader, compress)?;
        let pi = E::G1Affine::deserialize_with_mode(&mut reader, compress, Validate::No)?;
        let mut d = [0u8; 1];
        reader.read_exact(&mut d)?;
        let d = usize::from(d[0]);
        // bounded before anything is allocated
        if d > MAX_DEPTH {
            return Err(SerializationError::InvalidData);
        }
        let mut path = Vec::with_capacity(d);
        for _ in 0..d {
            let mut h = [0u8; 32];
            reader.read_exact(&mut h)?;
            path.push(h);
        }
        pi.check()?;
        validate_file_proof(&file)?;
        Ok(Self { file, pi, path })
    }
}
