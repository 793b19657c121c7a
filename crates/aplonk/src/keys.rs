//! Prover and verifier keys (docs/spec.md §7.1).
//!
//! * Prover: `[σ^c]_1` for `c < k` (row KZG, a `vidkit_kzg::CommitterKey`
//!   with the fixed-base table vidkit-msm plans for it, as in KZG+), the IPA
//!   commitment key `ck = ([τ^i]_2)_{i<m'_max}`, and the digest of the
//!   verifier key (bound into every transcript).
//! * Verifier: `G`, `H`, `[σ]_2`, `[τ]_1` (2 G1 + 2 G2): constant size, the
//!   verifier never needs `ck`. `(G, H, [σ]_2)` is the row KZG's verifier
//!   key (`vidkit_kzg::VerifierKey`: `H` and `[σ]_2` in prepared form,
//!   docs/spec.md §8.3, and a table of multiples of `G`); only the four
//!   points are serialized.

use crate::{m_prime, AplonkError, AplonkSrs, NAME};
use ark_ec::{pairing::Pairing, AffineRepr};
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};
use vidkit_core::{SrsShape, Transcript};
use vidkit_kzg::CommitterKey;

/// What the prover needs besides the data.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct ProverKey<E: Pairing> {
    /// `[σ^c]_1` for `c < k`, with the fixed-base table vidkit-msm plans for
    /// a key kept for good (built with the key; only the powers are
    /// serialized): the row commitments and every `π_kzg` are MSMs over them.
    pub sigma: CommitterKey<E>,
    /// `ck = [τ^i]_2` for `i < m'_max`.
    pub ck: Vec<E::G2Affine>,
    /// Largest number of rows these keys support.
    pub m_max: usize,
    /// Digest of the matching verifier key (see [`VerifierKey::digest`]).
    pub vk_digest: [u8; 64],
}

/// What a verifier needs: `G`, `H`, `[σ]_2`, `[τ]_1` and the largest `m`.
#[derive(Clone, Debug)]
pub struct VerifierKey<E: Pairing> {
    /// `G = [1]_1`.
    pub g: E::G1Affine,
    /// `H = [1]_2`.
    pub h: E::G2Affine,
    /// `[σ]_2` (row KZG).
    pub sigma_h: E::G2Affine,
    /// `[τ]_1` (KZG opening of the final IPA key).
    pub tau_g: E::G1Affine,
    /// Largest number of rows the keys support.
    pub m_max: usize,
    /// `(G, H, [σ]_2)`: the row KZG's verifier key
    pub(crate) row: vidkit_kzg::VerifierKey<E>,
    digest: [u8; 64],
}

impl<E: Pairing> VerifierKey<E> {
    /// A verifier key from its points; fails if any of them is the identity.
    pub fn new(
        g: E::G1Affine,
        h: E::G2Affine,
        sigma_h: E::G2Affine,
        tau_g: E::G1Affine,
        m_max: usize,
    ) -> Result<Self, AplonkError> {
        if g.is_zero() || h.is_zero() || sigma_h.is_zero() || tau_g.is_zero() {
            return Err(
                vidkit_core::Error::InvalidSrs(vidkit_core::SrsFault::IdentityGenerator).into(),
            );
        }
        Ok(Self::new_unchecked(g, h, sigma_h, tau_g, m_max))
    }

    fn new_unchecked(
        g: E::G1Affine,
        h: E::G2Affine,
        sigma_h: E::G2Affine,
        tau_g: E::G1Affine,
        m_max: usize,
    ) -> Self {
        let mut t = Transcript::new(&Transcript::dst(NAME, "verifier-key"));
        t.append_curve::<E>();
        t.append(b"G", &g);
        t.append(b"H", &h);
        t.append(b"sigma_H", &sigma_h);
        t.append(b"tau_G", &tau_g);
        Self {
            g,
            h,
            sigma_h,
            tau_g,
            m_max,
            row: vidkit_kzg::VerifierKey::new_unchecked(g, h, sigma_h),
            digest: t.digest(),
        }
    }

    /// A 64-byte digest of the four points (not of `m_max`, so keys derived
    /// for different maximal sizes accept the same proofs). Bound into every
    /// Fiat-Shamir transcript.
    pub fn digest(&self) -> &[u8; 64] {
        &self.digest
    }
}

/// Derives both keys for at most `m_max` rows from `srs`, after checking
/// that its strings have at least the `[sigma, tau]` shapes of the scheme's
/// `srs_shape` (`k` G1 powers of σ and `[1]_2, [σ]_2`; `[1]_1, [τ]_1` and at
/// least `m' = next_pow2(m_max)` G2 powers of τ). The IPA key is the first
/// `m'` G2 powers of τ.
pub(crate) fn derive<E: Pairing>(
    srs: &AplonkSrs<E>,
    [sigma, tau]: [SrsShape; 2],
    m_max: usize,
) -> Result<(ProverKey<E>, VerifierKey<E>), AplonkError> {
    srs.check()?;
    srs.sigma().check_len(sigma.g1, sigma.g2)?;
    srs.tau().check_len(tau.g1, tau.g2)?;
    let (s1, s2) = (srs.sigma().powers_g1(), srs.sigma().powers_g2());
    let (t1, t2) = (srs.tau().powers_g1(), srs.tau().powers_g2());
    // `tau.g2 ≥ m'`: the IPA key is in the checked prefix
    let ck = t2[..m_prime(m_max)].to_vec();
    let vk = VerifierKey::new(s1[0], s2[0], s2[1], t1[1], m_max)?;
    let pk = ProverKey {
        sigma: CommitterKey::new(s1[..sigma.g1].to_vec()),
        ck,
        m_max,
        vk_digest: vk.digest,
    };
    Ok((pk, vk))
}

impl<E: Pairing> PartialEq for VerifierKey<E> {
    fn eq(&self, other: &Self) -> bool {
        (self.g, self.h, self.sigma_h, self.tau_g, self.m_max)
            == (other.g, other.h, other.sigma_h, other.tau_g, other.m_max)
    }
}

impl<E: Pairing> Eq for VerifierKey<E> {}

impl<E: Pairing> Valid for VerifierKey<E> {
    fn check(&self) -> Result<(), SerializationError> {
        self.g.check()?;
        self.h.check()?;
        self.sigma_h.check()?;
        self.tau_g.check()?;
        if self.g.is_zero() || self.h.is_zero() || self.sigma_h.is_zero() || self.tau_g.is_zero() {
            return Err(SerializationError::InvalidData);
        }
        Ok(())
    }
}

impl<E: Pairing> CanonicalSerialize for VerifierKey<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.g.serialize_with_mode(&mut writer, compress)?;
        self.h.serialize_with_mode(&mut writer, compress)?;
        self.sigma_h.serialize_with_mode(&mut writer, compress)?;
        self.tau_g.serialize_with_mode(&mut writer, compress)?;
        self.m_max.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.g.serialized_size(compress)
            + self.h.serialized_size(compress)
            + self.sigma_h.serialized_size(compress)
            + self.tau_g.serialized_size(compress)
            + self.m_max.serialized_size(compress)
    }
}

impl<E: Pairing> CanonicalDeserialize for VerifierKey<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let g = E::G1Affine::deserialize_with_mode(&mut reader, compress, validate)?;
        let h = E::G2Affine::deserialize_with_mode(&mut reader, compress, validate)?;
        let sigma_h = E::G2Affine::deserialize_with_mode(&mut reader, compress, validate)?;
        let tau_g = E::G1Affine::deserialize_with_mode(&mut reader, compress, validate)?;
        let m_max = usize::deserialize_with_mode(&mut reader, compress, validate)?;
        let vk = Self::new_unchecked(g, h, sigma_h, tau_g, m_max);
        if validate == Validate::Yes {
            Valid::check(&vk)?;
        }
        Ok(vk)
    }
}
