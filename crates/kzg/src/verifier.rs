//! The verifier key and the pairing checks (docs/spec.md §3, §8.3, §8.4).
//!
//! An opening `(C, z, v, π)` is correct iff `e(C − v·G, H) = e(π, [τ − z]_2)`.
//! Moving the variable scalar `z` to G1 gives
//! `e(C − v·G + z·π, H) · e(−π, [τ]_2) = 1`, which is checked as **one**
//! multi-pairing (two Miller loops, one final exponentiation) whose G2
//! arguments `H` and `[τ]_2` are fixed and kept prepared inside the
//! [`VerifierKey`] (a [`FixedG2`] each; `vidkit-pairing` computes the
//! product, through blst on BLS12-381). (The seed paper and komodo compute `[τ − z]_2` per check:
//! a fresh G2 scalar multiplication and an unprepared G2 point.)
//!
//! The G1 point `C − v·G + z·π` takes two scalar multiplications. `v` is a
//! full-size field element but `G` is fixed: the key keeps a signed-digit
//! multiples table of `G` ([`vidkit_msm::FixedBases`], the width the table
//! policy plans for [`PLANNED_CHECKS`] checks), so `v·G` is about `W` mixed
//! additions and no doubling. `z` is often small (the `points` encoding's
//! code points `α_j = j`), where `z·π` is a short double-and-add
//! ([`vidkit_msm::msm`] on one point).
//!
//! Batch verification of `t` openings draws verifier-private 128-bit
//! coefficients `ρ_u` and checks
//! `e(Σ ρ_u (C_u − v_u G + z_u π_u), H) · e(−Σ ρ_u π_u, [τ]_2) = 1`: three
//! MSMs of size `t` and still one multi-pairing. If any single opening is
//! wrong, the batch passes with probability at most `2^-128`.

use crate::KzgError;
use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    io::{Read, Write},
    rand::RngCore,
};
use vidkit_core::Srs;
use vidkit_msm::FixedBases;
use vidkit_pairing::{FixedG2, PairingProduct};

/// The number of checks a [`VerifierKey`]'s table of `G` is planned for: a
/// key serves at least a file's `k` shards. With the default table policy
/// that is a table of width 4 on the G1 of BLS12-381 and BN254 (512 points,
/// about 50 KiB on BLS12-381, built from 64 window points of 4 doublings
/// each and 448 further additions; `v·G` then takes at most 64 mixed
/// additions and no doubling, against ≈ 128 doublings and 96 additions for
/// a GLV multiplication).
pub const PLANNED_CHECKS: usize = 64;

/// What a KZG verifier needs: `G = [1]_1`, `H = [1]_2`, `[τ]_2`, with `H` and
/// `[τ]_2` cached in prepared form and a table of multiples of `G`.
///
/// Only the three points are serialized; the prepared forms and the table
/// are rebuilt on deserialization. Equality compares the three points.
#[derive(Clone, Debug)]
pub struct VerifierKey<E: Pairing> {
    /// `[1]_1`, the G1 generator of the SRS.
    pub g: E::G1Affine,
    /// `[1]_2`, the G2 generator of the SRS.
    pub h: E::G2Affine,
    /// `[τ]_2`.
    pub tau_h: E::G2Affine,
    h_fixed: FixedG2<E>,
    tau_h_fixed: FixedG2<E>,
    /// multiples of `g` for `v·G` (`None` where no table pays)
    g_table: Option<FixedBases<E::G1>>,
}

impl<E: Pairing> VerifierKey<E> {
    /// A verifier key from its three points; fails if any of them is the
    /// identity (a key with `H = 0` would accept everything).
    pub fn new(g: E::G1Affine, h: E::G2Affine, tau_h: E::G2Affine) -> Result<Self, KzgError> {
        if g.is_zero() || h.is_zero() || tau_h.is_zero() {
            return Err(KzgError::Core(vidkit_core::Error::InvalidSrs(
                vidkit_core::SrsFault::IdentityGenerator,
            )));
        }
        Ok(Self::new_unchecked(g, h, tau_h))
    }

    /// [`VerifierKey::new`] without the identity checks, for keys whose
    /// points the caller has checked (or will check, on deserialization).
    #[doc(hidden)]
    pub fn new_unchecked(g: E::G1Affine, h: E::G2Affine, tau_h: E::G2Affine) -> Self {
        Self {
            g,
            h,
            tau_h,
            h_fixed: FixedG2::new(h),
            tau_h_fixed: FixedG2::new(tau_h),
            g_table: FixedBases::for_calls(
                &[g],
                PLANNED_CHECKS,
                vidkit_msm::DEFAULT_MULTIPLE_POINTS,
            ),
        }
    }

    /// The prepared `H`, for schemes that add their own pairs to a check.
    pub fn h_prepared(&self) -> &FixedG2<E> {
        &self.h_fixed
    }

    /// The prepared `[τ]_2`, for schemes that add their own pairs to a
    /// check.
    pub fn tau_h_prepared(&self) -> &FixedG2<E> {
        &self.tau_h_fixed
    }

    /// `x·G`, on the key's table of `G`.
    pub fn g_times(&self, x: E::ScalarField) -> E::G1 {
        match &self.g_table {
            Some(t) => t.msm(&[x]),
            None => vidkit_msm::msm(&[self.g], &[x]),
        }
    }

    /// `C + z·π − v·G`: the G1 point that a KZG check pairs with `H`
    /// (`e(C − v·G + z·π, H) = e(π, [τ]_2)`); `v·G` on the key's table,
    /// `z·π` by [`vidkit_msm::msm`] on one point (GLV, or a short
    /// double-and-add for a small `z`).
    pub fn opening_g1(
        &self,
        commitment: E::G1,
        z: E::ScalarField,
        value: E::ScalarField,
        proof: E::G1Affine,
    ) -> E::G1 {
        commitment - self.g_times(value) + vidkit_msm::msm::<E::G1>(&[proof], &[z])
    }

    /// The verifier key of an SRS: `[τ^0]_1`, `[τ^0]_2`, `[τ^1]_2`.
    pub fn from_srs(srs: &Srs<E>) -> Result<Self, KzgError> {
        srs.check_len(1, 2)?;
        Self::new(srs.powers_g1()[0], srs.powers_g2()[0], srs.powers_g2()[1])
    }

    /// `FE(ML(a, H) · ML(b, [τ]_2)) == 1`: the pairing check every KZG
    /// verification reduces to. Public so that schemes built on KZG (KZG+,
    /// aPlonK) share the prepared points.
    pub fn pairing_check(&self, a: E::G1, b: E::G1) -> bool {
        let pts = E::G1::normalize_batch(&[a, b]);
        let mut product = PairingProduct::with_capacity(2);
        product
            .add_fixed(pts[0], &self.h_fixed)
            .add_fixed(pts[1], &self.tau_h_fixed);
        product.is_one()
    }

    /// Checks that `proof` opens the polynomial committed in `commitment`
    /// to `value` at `z`: [`VerifierKey::pairing_check`] of
    /// [`VerifierKey::opening_g1`] and `−proof`.
    pub fn check_opening(
        &self,
        commitment: E::G1,
        z: E::ScalarField,
        value: E::ScalarField,
        proof: E::G1Affine,
    ) -> bool {
        self.pairing_check(
            self.opening_g1(commitment, z, value, proof),
            -proof.into_group(),
        )
    }
}

impl<E: Pairing> PartialEq for VerifierKey<E> {
    fn eq(&self, other: &Self) -> bool {
        self.g == other.g && self.h == other.h && self.tau_h == other.tau_h
    }
}

impl<E: Pairing> Eq for VerifierKey<E> {}

impl<E: Pairing> Valid for VerifierKey<E> {
    fn check(&self) -> Result<(), SerializationError> {
        self.g.check()?;
        self.h.check()?;
        self.tau_h.check()?;
        if self.g.is_zero() || self.h.is_zero() || self.tau_h.is_zero() {
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
        self.tau_h.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.g.serialized_size(compress)
            + self.h.serialized_size(compress)
            + self.tau_h.serialized_size(compress)
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
        let tau_h = E::G2Affine::deserialize_with_mode(&mut reader, compress, validate)?;
        let vk = Self::new_unchecked(g, h, tau_h);
        if validate == Validate::Yes {
            Valid::check(&vk)?;
        }
        Ok(vk)
    }
}

/// Checks one opening: `P(z) = value` for the polynomial committed in
/// `commitment`, with witness `proof`.
///
/// One multi-pairing `FE(ML(C − v·G + z·π, H) · ML(−π, [τ]_2)) == 1` with
/// prepared G2 points.
pub fn verify<E: Pairing>(
    vk: &VerifierKey<E>,
    commitment: E::G1Affine,
    z: E::ScalarField,
    value: E::ScalarField,
    proof: E::G1Affine,
) -> bool {
    vk.check_opening(commitment.into_group(), z, value, proof)
}

/// 128-bit verifier-private batching coefficients.
pub fn random_coefficients<F: ark_ff::PrimeField, R: RngCore + ?Sized>(
    count: usize,
    rng: &mut R,
) -> Vec<F> {
    (0..count)
        .map(|_| {
            let lo = u128::from(rng.next_u64()) | (u128::from(rng.next_u64()) << 64);
            F::from(lo)
        })
        .collect()
}

/// One opening to check: `(commitment C, point z, value v, proof π)`.
pub type Opening<E> = (
    <E as Pairing>::G1Affine,
    <E as Pairing>::ScalarField,
    <E as Pairing>::ScalarField,
    <E as Pairing>::G1Affine,
);

/// Checks many openings `(C, z, v, π)` at once, with private random 128-bit
/// coefficients from `rng`: three MSMs of size `t` and one multi-pairing.
/// Returns `true` for an empty batch.
pub fn batch_verify<E: Pairing, R: RngCore + ?Sized>(
    vk: &VerifierKey<E>,
    items: &[Opening<E>],
    rng: &mut R,
) -> bool {
    if items.is_empty() {
        return true;
    }
    let rho: Vec<E::ScalarField> = random_coefficients(items.len(), rng);
    let commitments: Vec<E::G1Affine> = items.iter().map(|it| it.0).collect();
    let proofs: Vec<E::G1Affine> = items.iter().map(|it| it.3).collect();
    let rho_z: Vec<E::ScalarField> = items.iter().zip(&rho).map(|(it, r)| it.1 * r).collect();
    let value: E::ScalarField = items.iter().zip(&rho).map(|(it, r)| it.2 * r).sum();
    let c = vidkit_msm::msm::<E::G1>(&commitments, &rho);
    let proofs = vidkit_msm::MsmBases::<E::G1>::new(&proofs);
    let a = proofs.msm(&rho_z);
    let b = proofs.msm(&rho);
    vk.pairing_check(c + a - vk.g_times(value), -b)
}
