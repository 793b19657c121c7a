//! Prepared bases and the safe run-time dispatch to the fast path.
//!
//! vidkit's scheme crates are generic over `E: Pairing`, whose `E::G1` is only
//! known to be a [`CurveGroup`], not a short-Weierstrass `Projective<P>`.
//! Rather than adding `where E::G1: FastMsm` to every generic site, the
//! generic entry points pick an implementation **once per call or per
//! prepared base set**: if `TypeId::of::<G>()` is that of a group vidkit
//! ships (BLS12-381 and BN254, G1 and G2), the bases are moved through
//! `Box<dyn Any>` (a checked downcast, no `unsafe`) into a [`MsmEngine`] of
//! the concrete curve running the batch-affine Pippenger; any other group
//! gets arkworks' `VariableBaseMSM::msm`, which calls its
//! `SWCurveConfig::msm`, so a curve crate plugs in its own fast MSM by
//! overriding that method (vidkit-bls24-317 does). The downcast costs one
//! copy of the bases, negligible against the MSM.

use ark_ec::{
    short_weierstrass::{Affine, Projective, SWCurveConfig},
    CurveGroup,
};
use ark_ff::PrimeField;
use ark_std::{any::Any, boxed::Box, vec::Vec};
use core::any::TypeId;

use crate::{pippenger, table::WindowTable, BigIntOf};

/// Default budget of precomputed points for [`MsmBases::with_precomputation`]
/// (about 100 MiB of BLS12-381 G1 points).
pub const DEFAULT_TABLE_POINTS: usize = 1 << 20;

/// An MSM implementation bound to a fixed list of bases of `G`.
pub trait MsmEngine<G: CurveGroup>: Send + Sync {
    /// Number of bases.
    fn len(&self) -> usize;
    /// Whether there is no base.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// `Σ_i scalars[i]·bases[i]` over the first `min(len)` pairs.
    fn msm(&self, scalars: &[G::ScalarField]) -> G;
    /// As [`MsmEngine::msm`] with canonical big-integer scalars.
    fn msm_bigint(&self, scalars: &[BigIntOf<G>]) -> G;
    /// A short name of the implementation (for tests and benchmarks).
    fn name(&self) -> &'static str;
}

/// Bases prepared once for many MSMs.
///
/// ```
/// use ark_bls12_381::{Fr, G1Affine, G1Projective};
/// use ark_ec::{AffineRepr, VariableBaseMSM};
/// use vidkit_msm::MsmBases;
/// let bases = vec![G1Affine::generator(); 3];
/// let scalars = [Fr::from(1u64), Fr::from(2u64), Fr::from(3u64)];
/// let prepared = MsmBases::<G1Projective>::with_precomputation(&bases, usize::MAX);
/// assert_eq!(prepared.msm(&scalars), G1Affine::generator() * Fr::from(6u64));
/// ```
pub struct MsmBases<G: CurveGroup> {
    engine: Box<dyn MsmEngine<G>>,
}

impl<G: CurveGroup> core::fmt::Debug for MsmBases<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MsmBases")
            .field("len", &self.engine.len())
            .field("engine", &self.engine.name())
            .finish()
    }
}

impl<G: CurveGroup> MsmBases<G> {
    /// Prepares `bases` for the batch-affine Pippenger (no precomputation).
    pub fn new(bases: &[G::Affine]) -> Self {
        Self {
            engine: fast_engine::<G>(bases, None)
                .unwrap_or_else(|| Box::new(Arkworks::<G>(bases.to_vec()))),
        }
    }

    /// Prepares `bases` with a table of window multiples `2^{c·w}·B_i` (at
    /// most `max_points` points), so that each MSM is one bucket pass (see
    /// the `table` module docs). Worth it when many MSMs share the bases;
    /// building costs about `255·len` doublings. Groups without the fast path
    /// get arkworks' MSM as with [`MsmBases::new`].
    pub fn with_precomputation(bases: &[G::Affine], max_points: usize) -> Self {
        Self {
            engine: fast_engine::<G>(bases, Some(max_points))
                .unwrap_or_else(|| Box::new(Arkworks::<G>(bases.to_vec()))),
        }
    }

    /// Prepares `bases` for `count` MSMs: with a window table
    /// ([`MsmBases::with_precomputation`], at most [`DEFAULT_TABLE_POINTS`]
    /// points) when the operation-count model says building it is repaid
    /// by the `count` cheaper MSMs, plainly ([`MsmBases::new`]) otherwise.
    /// Semi-AVID's `k` column commitments over the same `m` bases use this.
    pub fn for_msms(bases: &[G::Affine], count: usize) -> Self {
        let bits = G::ScalarField::MODULUS_BIT_SIZE;
        if crate::table::table_pays(
            bases.len(),
            bits,
            count,
            DEFAULT_TABLE_POINTS,
            crate::table::inversion_cost::<G::BaseField>(),
        ) {
            Self::with_precomputation(bases, DEFAULT_TABLE_POINTS)
        } else {
            Self::new(bases)
        }
    }

    /// How many MSMs over `n` bases repay building the window table of
    /// [`MsmBases::for_msms`] (by the same operation count), or `None` when
    /// a table never pays (no bases, or no saving per MSM). For
    /// callers that keep prepared bases across calls and build the table
    /// only once enough MSMs have been done without it (Semi-AVID's prover
    /// key): at most twice the cost of knowing the future.
    ///
    /// ```
    /// use ark_bls12_381::G1Projective;
    /// use vidkit_msm::MsmBases;
    /// assert_eq!(MsmBases::<G1Projective>::msms_to_repay_table(0), None);
    /// let r = MsmBases::<G1Projective>::msms_to_repay_table(4096).unwrap();
    /// assert!(r > 1);
    /// ```
    pub fn msms_to_repay_table(n: usize) -> Option<usize> {
        crate::table::repay_count(
            n,
            G::ScalarField::MODULUS_BIT_SIZE,
            DEFAULT_TABLE_POINTS,
            crate::table::inversion_cost::<G::BaseField>(),
        )
    }

    /// Number of bases.
    pub fn len(&self) -> usize {
        self.engine.len()
    }

    /// Whether there is no base.
    pub fn is_empty(&self) -> bool {
        self.engine.is_empty()
    }

    /// The implementation in use: `"batch-affine"`, `"batch-affine-table"`
    /// or `"arkworks"`.
    pub fn engine(&self) -> &'static str {
        self.engine.name()
    }

    /// `Σ_i scalars[i]·bases[i]` over the first `min(len)` pairs.
    pub fn msm(&self, scalars: &[G::ScalarField]) -> G {
        self.engine.msm(scalars)
    }

    /// As [`MsmBases::msm`] with canonical big-integer scalars.
    pub fn msm_bigint(&self, scalars: &[BigIntOf<G>]) -> G {
        self.engine.msm_bigint(scalars)
    }
}

/// arkworks' MSM for groups without a fast path here.
struct Arkworks<G: CurveGroup>(Vec<G::Affine>);

impl<G: CurveGroup> MsmEngine<G> for Arkworks<G> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn msm(&self, scalars: &[G::ScalarField]) -> G {
        let n = self.0.len().min(scalars.len());
        // the checked `msm` reaches `SWCurveConfig::msm`, the curve's hook
        G::msm(&self.0[..n], &scalars[..n])
            .unwrap_or_else(|_| G::msm_unchecked(&self.0[..n], &scalars[..n]))
    }
    fn msm_bigint(&self, scalars: &[BigIntOf<G>]) -> G {
        let n = self.0.len().min(scalars.len());
        let fields: Option<Vec<G::ScalarField>> = scalars[..n]
            .iter()
            .map(|b| G::ScalarField::from_bigint(*b))
            .collect();
        match fields {
            Some(f) => self.msm(&f),
            None => G::msm_bigint(&self.0[..n], &scalars[..n]),
        }
    }
    fn name(&self) -> &'static str {
        "arkworks"
    }
}

/// The batch-affine engine of one short-Weierstrass curve.
struct Fast<P: SWCurveConfig> {
    bases: Vec<Affine<P>>,
    table: Option<WindowTable<P>>,
}

impl<P: SWCurveConfig> MsmEngine<Projective<P>> for Fast<P> {
    fn len(&self) -> usize {
        self.bases.len()
    }
    fn msm(&self, scalars: &[P::ScalarField]) -> Projective<P> {
        let n = self.bases.len().min(scalars.len());
        let bigints: Vec<_> = scalars[..n].iter().map(|s| s.into_bigint()).collect();
        self.msm_bigint(&bigints)
    }
    fn msm_bigint(&self, scalars: &[<P::ScalarField as PrimeField>::BigInt]) -> Projective<P> {
        match &self.table {
            // a table beats arkworks' small-MSM path too: one pass of n·W
            // additions instead of W passes with their bucket reductions
            Some(t) => t.msm_bigint(scalars),
            _ => pippenger::msm_bigint(&self.bases, scalars),
        }
    }
    fn name(&self) -> &'static str {
        if self.table.is_some() {
            "batch-affine-table"
        } else {
            "batch-affine"
        }
    }
}

/// The fast engine for `G` if `G` is one of the groups listed here.
fn fast_engine<G: CurveGroup>(
    bases: &[G::Affine],
    table: Option<usize>,
) -> Option<Box<dyn MsmEngine<G>>> {
    downcast_engine::<G, ark_bls12_381::g1::Config>(bases, table)
        .or_else(|| downcast_engine::<G, ark_bn254::g1::Config>(bases, table))
        .or_else(|| downcast_engine::<G, ark_bls12_381::g2::Config>(bases, table))
        .or_else(|| downcast_engine::<G, ark_bn254::g2::Config>(bases, table))
}

/// If `G` is `Projective<P>`: the bases as `Affine<P>` (checked downcast of
/// a copy) in a [`Fast`] engine, returned as `Box<dyn MsmEngine<G>>` (the
/// same type, recovered by a second checked downcast).
fn downcast_engine<G: CurveGroup, P: SWCurveConfig>(
    bases: &[G::Affine],
    table: Option<usize>,
) -> Option<Box<dyn MsmEngine<G>>> {
    if TypeId::of::<G>() != TypeId::of::<Projective<P>>() {
        return None;
    }
    let copy: Box<dyn Any> = Box::new(bases.to_vec());
    let bases: Vec<Affine<P>> = *copy.downcast::<Vec<Affine<P>>>().ok()?;
    let table = table.map(|max_points| {
        let c = crate::table::table_window(
            bases.len(),
            P::ScalarField::MODULUS_BIT_SIZE,
            max_points,
            crate::table::inversion_cost::<P::BaseField>(),
        );
        WindowTable::new(&bases, c)
    });
    let engine: Box<dyn MsmEngine<Projective<P>>> = Box::new(Fast { bases, table });
    let any: Box<dyn Any> = Box::new(engine);
    any.downcast::<Box<dyn MsmEngine<G>>>().ok().map(|b| *b)
}
