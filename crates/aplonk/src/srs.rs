//! The two-trapdoor setup of aPlonK-PC (docs/spec.md §7.1).
//!
//! aPlonK-PC needs two **independent** powers-of-secret strings: `σ` for the
//! KZG commitments of the row polynomials (`[σ^c]_1` for `c < k`, and `[σ]_2`
//! for the verifier) and `τ` for the commitment key of the inner-pairing
//! product (`ck = ([τ^i]_2)_{i<m'}`, and `[τ]_1` for the verifier). Both are
//! [`vidkit_core::Srs`] values and must share the generators `G = [1]_1`,
//! `H = [1]_2`.

use crate::AplonkError;
use ark_ec::pairing::Pairing;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use vidkit_core::Srs;

/// The universal setup of aPlonK-PC: powers of `σ` (row KZG) and of `τ` (IPA key).
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct AplonkSrs<E: Pairing> {
    sigma: Srs<E>,
    tau: Srs<E>,
}

impl<E: Pairing> AplonkSrs<E> {
    /// Pairs two (already validated) SRSs: `sigma` needs `[σ^c]_1` for
    /// `c < k` and `[1]_2, [σ]_2`; `tau` needs `[1]_1, [τ]_1` and `[τ^i]_2`
    /// for `i < m'`. Fails if their generators differ, or if the two strings
    /// have the same trapdoor ([`AplonkSrs::check`]).
    pub fn new(sigma: Srs<E>, tau: Srs<E>) -> Result<Self, AplonkError> {
        let srs = Self { sigma, tau };
        srs.check()?;
        Ok(srs)
    }

    /// The checks of [`AplonkSrs::new`], for an SRS read from bytes (key
    /// derivation runs them too): the same generators `[1]_1`, `[1]_2`, and
    /// `σ ≠ τ`.
    ///
    /// With `σ = τ` the commitment `com_f = Π_i e(μ_i, [τ^i]_2)` is
    /// `[Σ_i Σ_c P_{i,c} τ^{i+c}]_T`: it depends only on the sums of the
    /// coefficients along each anti-diagonal `i + c`, so moving a coefficient
    /// from row `i`, column `c + 1` to row `i + 1`, column `c` gives another
    /// file with the same commitment, and no trapdoor is needed to find it.
    /// `σ = τ` is detected by `[σ]_2 = [τ]_2` (both strings hold their second
    /// G2 power) and, where both strings hold it, `[σ]_1 = [τ]_1`. The two
    /// strings must come from independent ceremonies; a check can only catch
    /// equal trapdoors, not related ones.
    pub fn check(&self) -> Result<(), AplonkError> {
        let (s1, t1) = (self.sigma.powers_g1(), self.tau.powers_g1());
        let (s2, t2) = (self.sigma.powers_g2(), self.tau.powers_g2());
        if s1.first() != t1.first() {
            return Err(AplonkError::GeneratorMismatch { group: "G1" });
        }
        if s2.first() != t2.first() {
            return Err(AplonkError::GeneratorMismatch { group: "G2" });
        }
        let same_g2 = s2.get(1).is_some() && s2.get(1) == t2.get(1);
        let same_g1 = s1.get(1).is_some() && s1.get(1) == t1.get(1);
        if same_g1 || same_g2 {
            return Err(AplonkError::SameTrapdoor);
        }
        Ok(())
    }

    /// The powers of `σ`.
    pub fn sigma(&self) -> &Srs<E> {
        &self.sigma
    }

    /// The powers of `τ`.
    pub fn tau(&self) -> &Srs<E> {
        &self.tau
    }
}

#[cfg(feature = "test-srs")]
impl<E: Pairing> AplonkSrs<E> {
    /// **INSECURE**: `σ` and `τ` drawn from two seeded RNGs, so anyone who
    /// knows the seeds can forge proofs. For tests and benchmarks only.
    /// `k` G1 powers of `σ`, `m_prime` G2 powers of `τ`.
    pub fn insecure_from_seeds(seed_sigma: u64, seed_tau: u64, k: usize, m_prime: usize) -> Self {
        Self {
            sigma: Srs::insecure_from_seed(seed_sigma, k.max(1), 2),
            tau: Srs::insecure_from_seed(seed_tau, 2, m_prime.max(2)),
        }
    }

    /// **INSECURE**: caller-chosen trapdoors (known-answer tests need them).
    pub fn insecure_with_trapdoors(
        sigma: E::ScalarField,
        tau: E::ScalarField,
        k: usize,
        m_prime: usize,
    ) -> Self {
        Self {
            sigma: Srs::insecure_with_tau(sigma, k.max(1), 2),
            tau: Srs::insecure_with_tau(tau, 2, m_prime.max(2)),
        }
    }
}
