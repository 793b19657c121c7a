//! The one cost policy of precomputed fixed-base tables.
//!
//! Every caller that keeps fixed bases (KZG's committer key, Semi-AVID's
//! prover key, aPlonK's prover) asks [`TablePolicy::plan`] whether a table
//! pays for itself and how wide it should be; nothing else in vidkit does
//! this arithmetic.
//!
//! # The tables
//!
//! For `n` bases `B_i`, scalars of `b` bits and window width `c`, a scalar
//! is recoded into `W(c) = ⌈(b + 1)/c⌉` signed digits
//! `d_w ∈ [−2^{c−1}, 2^{c−1}]` with `s = Σ_w d_w·2^{c·w}` (`crate::digits`;
//! the extra bit absorbs the top carry), so `s·B = Σ_w d_w·(2^{c·w}·B)`.
//!
//! * **windows** ([`TablePlan::Windows`], kept inside [`crate::MsmBases`]):
//!   the `n·W` points `2^{c·w}·B_i`. An MSM becomes one MSM over `n·W`
//!   points with digit-sized scalars: **one** batch-affine bucket pass into
//!   `2^{c−1}` buckets, no per-window reduction and no Horner doublings.
//! * **multiples** ([`TablePlan::Multiples`], the type [`crate::FixedBases`]):
//!   the `n·W·2^{c−1}` points `d·2^{c·w}·B_i`, `1 ≤ d ≤ 2^{c−1}`. A scalar
//!   times a base is then `Σ_w ±T_{i,w,|d_w|}`: at most `W` mixed additions
//!   and no doubling (negating an affine point is free). An MSM is `n·W`
//!   additions into one accumulator (no buckets, no reduction), and so is
//!   `lo_i + x·B_i` for all `i` (one recoding of `x`).
//!
//! # The cost model
//!
//! Everything is counted in base-field multiplications: a doubling `D = 8`,
//! a mixed addition `A = 10` (`A_t = 18` for an addition of a point looked
//! up in a multiples table when it is weighed against batch-affine MSMs,
//! `A_r = 11` when many MSMs run at once on BLS12-381 or BN254 and share
//! their inversions: both measured, see below), a batch-affine addition into `k` buckets
//! `a(k) = 6 + I/β(k)` (its share of one field inversion `I` per batch of
//! `β(k) = clamp(k/8, 16, 512)` additions, `crate::buckets`), an XYZZ
//! addition of a bucket reduction `R = 12`, normalising and storing one
//! table point `N = 6`. `I` is arkworks' binary-Euclid inversion, measured
//! ≈ 384 multiplications for BLS12-381's 381-bit `Fq` and ≈ 186 for BN254's
//! 254-bit one, i.e. `I ≈ bits(p)²/380`, divided by `deg²` on an extension
//! of degree `deg` (one base-field inversion against dearer
//! multiplications). On BLS12-381 with `std` on 64-bit targets the batches
//! invert with blst instead (≈ 68 multiplications, `crate::field`); the
//! model keeps arkworks' figure, so the plans stay those it was calibrated
//! with (they lean to wider windows, whose larger batches need the
//! inversion less).
//!
//! | use of the bases | cost of one use |
//! | --- | --- |
//! | plain MSM, `n ≤ 4` (a GLV multiplication per point) | `n·(128·D + 96·A)` |
//! | plain MSM, `4 < n < 32` (arkworks' Pippenger, 3-bit windows) | `W(3)·(n·A + 8·R)` |
//! | plain MSM, `n ≥ 32` (batch-affine Pippenger, width `c_p` = `pippenger::window_size(n)`) | `W(c_p)·(n·a(4096) + 2^{c_p}·R)` |
//! | MSM on a windows table | `n·W(c)·a(2^{c−1}) + 2^c·R` |
//! | MSM, or `lo_i + x·B_i` for all `i`, on a multiples table | `n·W(c)·A_t` |
//! | one of many MSMs at once ([`Workload::Rows`]) on a multiples table, BLS12-381 or BN254 | `n·W(c)·A_r` |
//! | `lo_i + x·B_i` for all `i` without a table (GLV double-and-add) | `n·(128·D + 96·A)` |
//!
//! Building a windows table costs `n·W·(c·D + N)`, a multiples table
//! `n·W·(c·D + 2^{c−1}·(A + N))`.
//!
//! # The rule
//!
//! For `u` expected uses ([`Workload`]), a table of width `c` pays when its
//! **net saving** is positive:
//!
//! ```text
//! net(c) = u·(plain − with_table(c)) − ρ·build(c)  >  0
//! ```
//!
//! The repay factor is `ρ = 2` for multiples tables: building one was
//! measured at ≈ 1.7× its count (one addition and one normalisation per
//! stored point, so the batch inversion and the memory traffic of a table
//! larger than the caches weigh), and a table that only breaks even is not
//! worth its memory. That was the projective build; on BLS12-381 and BN254
//! the multiples are now added in affine coordinates with shared
//! inversions, which is faster (figures in `docs/msm.md`), and the count
//! is kept: there the rule builds a table somewhat later than a
//! tighter count would, never earlier. It is `ρ = 1` for windows tables (`c` doublings per
//! stored point: the count stands).
//!
//! * **Multiples width**: among `c ∈ 2..=10` whose table fits in
//!   [`TablePolicy::multiple_points`], the one with the largest positive
//!   `net(c)` (the wider on a tie). Ten ([`MAX_MULTIPLES_WIDTH`]) is the cap
//!   because the `2^{c−1}` multiples of one window must stay in L1/L2 for
//!   the lookups and the cache blocks of [`crate::FixedBases::msm_rows`]
//!   (512 points at `c = 10`, about 50 KiB of BLS12-381 G1); a wider window
//!   saves at most 2 of 26 additions per scalar and repays its ≈ 2× larger
//!   build only after some 18 000 uses.
//! * **Windows width**: among `c ∈ 4..=20` whose `n·W` points fit in
//!   [`TablePolicy::window_points`], the one minimising the cost of one
//!   MSM (it does not depend on `u`; narrow windows have few buckets, hence
//!   small batches that pay a large share of their inversion).
//! * **MSMs** ([`Workload::Msms`], and [`Workload::Rows`] with `A_r` in
//!   place of `A_t`): on a group over a prime field (a G1),
//!   the best multiples table and the windows table are both candidates,
//!   and the one with the larger net saving is planned (none if neither
//!   pays); on a group over an extension field (a G2, where the
//!   batch-affine table amortises the dear inversions) only the windows
//!   table. A key kept for its lifetime asks with `u = usize::MAX`: the
//!   table with the cheapest use — on BLS12-381 G1, for MSMs one at a time
//!   a multiples table of width 10 up to a few dozen bases and a windows
//!   table beyond (the multiples budget caps the width at 8 from 64 bases);
//!   for rows of MSMs (a committer key, [`Workload::Rows`]) a multiples
//!   table up to 101 bases (width 8 at 64, 7 from 65) and a windows table
//!   beyond.
//!
//! `A_t` and `A_r` are what the msm bench's `plans/` group (64 MSMs at
//! once, each kind of table, `n` = 4 … 256 bases) measures, `A_t` with
//! projective accumulators, `A_r` with the batch-affine rows of
//! [`crate::FixedBases::msm_rows`]; with `A_t = A` the model preferred
//! narrow multiples tables that run as slowly as windows tables.
//! * **Scalings** ([`Workload::Scalings`], `lo_i + x·B_i`): only a
//!   multiples table applies.
//! * Nothing is planned beyond the budgets: bases too many for any table
//!   stay plain.
//!
//! Whether a table is built is monotone in `u` (every `net(c)` grows with
//! `u`), so a caller that learns `u` as it goes (Semi-AVID's prover key,
//! which sees one file at a time) can use the bases plainly, count the
//! uses, and build the table `plan` gives for the count so far the first
//! time it gives one — at [`TablePolicy::break_even`] uses. With `ρ = 1`
//! that is the classic rent-or-buy rule: at most about twice the cost of
//! knowing `u` in advance.

use ark_ec::CurveGroup;
use ark_ff::{Field, PrimeField};

use crate::{
    digits::window_count,
    pippenger::{ADD_COST, REDUCE_COST, SMALL_MSM},
    PER_POINT_MSM,
};

/// A doubling (projective/Jacobian, `a = 0`), in multiplications.
const DOUBLE: usize = 8;
/// A mixed addition (XYZZ bucket or projective accumulator + affine point).
const MIXED_ADD: usize = 10;
/// A mixed addition of a point looked up in a multiples table into a
/// projective accumulator, as measured: ≈ 0.55 µs on BLS12-381 (the msm
/// bench's `plans/` group), about 18 multiplications. [`MIXED_ADD`] counts
/// the formula's multiplications only; here the field additions and the
/// cache misses of lookups spread over a table of megabytes weigh as much.
const LOOKUP_ADD: usize = 18;
/// The same addition when many MSMs run at once ([`Workload::Rows`],
/// [`crate::FixedBases::msm_rows`]) on a group with batch-affine rows
/// (BLS12-381, BN254): 5M + 1S, a share of one inversion and the lookup, as
/// measured: ≈ 0.26–0.31 µs on BLS12-381 (64 to 1024 rows of 16 bases,
/// width 10; the msm bench's `plans/` group), about 11 multiplications.
const AFFINE_LOOKUP_ADD: usize = 11;
/// Normalising and storing one table point (its share of the batch inversion).
const NORMALISE: usize = 6;
/// `lo + x·B` without a table: a GLV double-and-add (≈ 128 doublings and 96
/// additions). Groups without GLV pay more, so this only under-states what a
/// table saves.
const GLV_SCALE: usize = 128 * DOUBLE + 96 * MIXED_ADD;
/// Widest multiples table the policy plans (see the module docs).
pub const MAX_MULTIPLES_WIDTH: u32 = 10;
/// Narrowest windows table: below, the batches of the few buckets are too
/// small to share their inversion.
const MIN_WINDOWS_WIDTH: u32 = 4;
/// Widest windows table considered (2^19 buckets).
const MAX_WINDOWS_WIDTH: u32 = 20;
/// A multiples table must repay this many times its counted build cost.
const REPAY_MULTIPLES: i128 = 2;
/// A windows table must repay its counted build cost once.
const REPAY_WINDOWS: i128 = 1;

/// Default budget of a windows table, in points (about 100 MiB of
/// BLS12-381 G1 points).
pub const DEFAULT_TABLE_POINTS: usize = 1 << 20;
/// Default budget of a multiples table, in points (about 25 MiB of
/// BLS12-381 G1 points, 48 MiB of G2).
pub const DEFAULT_MULTIPLE_POINTS: usize = 1 << 18;

/// What the bases are used for, and how many times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    /// `count` MSMs `Σ_i s_i·B_i` one at a time (`usize::MAX`: a key kept
    /// for its lifetime).
    Msms(usize),
    /// `count` MSMs `Σ_i s_i·B_i` taken many at a time
    /// ([`crate::MsmBases::msm_rows`]: the row commitments and quotient
    /// openings of a committer key); on a multiples table of BLS12-381 or
    /// BN254 their additions share field inversions.
    Rows(usize),
    /// `count` calls of `lo_i + x·B_i` for all `i` (the folds of a folding
    /// argument: [`crate::FixedBases::add_scaled`], `sum_scaled`).
    Scalings(usize),
}

/// The precomputation [`TablePolicy::plan`] chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TablePlan {
    /// No table: batch-affine Pippenger (or arkworks) per MSM.
    Plain,
    /// Window multiples `2^{c·w}·B_i` of width `c` ([`crate::MsmBases`]).
    Windows(u32),
    /// Signed-digit multiples `d·2^{c·w}·B_i` of width `c` ([`crate::FixedBases`]).
    Multiples(u32),
}

impl TablePlan {
    /// Number of affine points of this table over `n` bases of `G`
    /// (0 for [`TablePlan::Plain`]): `n·W` for windows of width `c`,
    /// `n·W·2^{c−1}` for multiples, `W = ⌈(bits + 1)/c⌉` signed windows.
    pub fn points<G: CurveGroup>(self, n: usize) -> usize {
        let bits = G::ScalarField::MODULUS_BIT_SIZE;
        match self {
            TablePlan::Plain => 0,
            TablePlan::Windows(c) => n.saturating_mul(window_count(bits, c)),
            TablePlan::Multiples(c) => n.saturating_mul(window_count(bits, c) << (c - 1)),
        }
    }
}

/// The cost policy of precomputed tables: point budgets, and the cost model
/// of the module docs.
///
/// ```
/// use ark_bls12_381::{G1Projective, G2Projective};
/// use vidkit_msm::{TablePlan, TablePolicy, Workload};
/// let policy = TablePolicy::default();
/// // one MSM never repays a table
/// assert_eq!(policy.plan::<G1Projective>(16, Workload::Msms(1)), TablePlan::Plain);
/// // a key of 16 G1 powers kept for good: the widest multiples table
/// assert_eq!(
///     policy.plan::<G1Projective>(16, Workload::Msms(usize::MAX)),
///     TablePlan::Multiples(10)
/// );
/// // many MSMs over 4096 G2 bases: a windows table
/// assert!(matches!(
///     policy.plan::<G2Projective>(4096, Workload::Msms(1000)),
///     TablePlan::Windows(_)
/// ));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablePolicy {
    /// Most points of a windows table ([`DEFAULT_TABLE_POINTS`]).
    pub window_points: usize,
    /// Most points of a multiples table ([`DEFAULT_MULTIPLE_POINTS`]).
    pub multiple_points: usize,
}

impl Default for TablePolicy {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// What the model needs to know of a group.
#[derive(Clone, Copy)]
struct Curve {
    /// bits of the scalar field modulus
    bits: u32,
    /// a base-field inversion, in multiplications ([`inversion_cost`])
    inversion: usize,
    /// whether the base field is prime (a G1)
    prime_base: bool,
    /// whether `msm_rows` on a multiples table adds in affine batches
    affine_rows: bool,
}

impl Curve {
    fn of<G: CurveGroup>() -> Self {
        Self {
            bits: G::ScalarField::MODULUS_BIT_SIZE,
            inversion: inversion_cost::<G::BaseField>(),
            prime_base: G::BaseField::extension_degree() == 1,
            affine_rows: crate::fixed::affine_group::<G>(),
        }
    }

    fn windows(&self, c: u32) -> usize {
        window_count(self.bits, c)
    }

    /// One batch-affine addition into `buckets` buckets, with its share of
    /// the batch's field inversion.
    fn batch_add(&self, buckets: usize) -> usize {
        ADD_COST + self.inversion / crate::buckets::batch_size(buckets)
    }

    /// One plain MSM over `n` bases.
    fn plain_msm(&self, n: usize) -> usize {
        if n <= PER_POINT_MSM {
            // a GLV multiplication per point (`crate::msm`, plain `MsmBases`)
            n * GLV_SCALE
        } else if n < SMALL_MSM {
            // arkworks' Pippenger (what small MSMs run on without a table):
            // 3-bit signed windows, mixed XYZZ additions
            self.windows(3) * (n * MIXED_ADD + (REDUCE_COST << 3))
        } else {
            // batch-affine with window groups of GROUP_BUCKETS buckets
            let c = crate::pippenger::window_size(n);
            self.windows(c)
                * (n * self.batch_add(crate::pippenger::GROUP_BUCKETS) + (REDUCE_COST << c))
        }
    }

    /// One MSM on a windows table of width `c`.
    fn windows_msm(&self, n: usize, c: u32) -> usize {
        n * self.windows(c) * self.batch_add(1 << (c - 1)) + (REDUCE_COST << c)
    }

    /// What one MSM saves on a windows table of width `c` (0 if nothing).
    fn windows_saving(&self, n: usize, c: u32) -> usize {
        self.plain_msm(n).saturating_sub(self.windows_msm(n, c))
    }

    fn windows_build(&self, n: usize, c: u32) -> usize {
        n * self.windows(c) * (c as usize * DOUBLE + NORMALISE)
    }

    /// One MSM or one `lo + x·B` over `n` bases on a multiples table, its
    /// additions counted at `add` (see [`lookup_add`]).
    fn multiples_use(&self, n: usize, c: u32, add: usize) -> usize {
        n * self.windows(c) * add
    }

    fn multiples_build(&self, n: usize, c: u32) -> usize {
        let half = 1usize << (c - 1);
        n * self.windows(c) * (c as usize * DOUBLE + half * (MIXED_ADD + NORMALISE))
    }

    fn multiples_points(&self, n: usize, c: u32) -> usize {
        n.saturating_mul(self.windows(c) << (c - 1))
    }
}

/// What one addition of a looked-up multiple counts for `work` on `curve`:
/// against batch-affine MSMs the measured [`LOOKUP_ADD`], or
/// [`AFFINE_LOOKUP_ADD`] for rows of MSMs on a group that batches them;
/// against a GLV double-and-add ([`Workload::Scalings`]), whose projective
/// additions and doublings carry the same formula overheads, the formula's
/// [`MIXED_ADD`].
fn lookup_add(curve: &Curve, work: Workload) -> usize {
    match work {
        Workload::Rows(_) if curve.affine_rows => AFFINE_LOOKUP_ADD,
        Workload::Msms(_) | Workload::Rows(_) => LOOKUP_ADD,
        Workload::Scalings(_) => MIXED_ADD,
    }
}

/// `u·saving − ρ·build` (exact in `i128` unless `u·saving ≥ 2^127`, where
/// it saturates).
fn net(uses: usize, saving: usize, repay: i128, build: usize) -> i128 {
    (uses as i128).saturating_mul(saving as i128) - repay * build as i128
}

/// The smallest `u` with `net(u) > 0`, if the saving is positive.
fn first_paying(saving: usize, repay: i128, build: usize) -> Option<usize> {
    if saving == 0 {
        return None;
    }
    let need = repay * build as i128 / saving as i128 + 1;
    usize::try_from(need).ok()
}

impl TablePolicy {
    /// The default budgets.
    pub const DEFAULT: Self = Self {
        window_points: DEFAULT_TABLE_POINTS,
        multiple_points: DEFAULT_MULTIPLE_POINTS,
    };

    /// Whether to build a table over `n` bases of `G` for `work`, and which
    /// (see the module docs for the model and the rule). Only tables within
    /// the budgets are planned.
    pub fn plan<G: CurveGroup>(&self, n: usize, work: Workload) -> TablePlan {
        if n == 0 {
            return TablePlan::Plain;
        }
        let curve = Curve::of::<G>();
        match work {
            Workload::Scalings(uses) => self
                .multiples_width(&curve, n, uses, n * GLV_SCALE, lookup_add(&curve, work))
                .map_or(TablePlan::Plain, |(c, _)| TablePlan::Multiples(c)),
            Workload::Msms(uses) | Workload::Rows(uses) => {
                let multiples = if curve.prime_base {
                    let add = lookup_add(&curve, work);
                    self.multiples_width(&curve, n, uses, curve.plain_msm(n), add)
                } else {
                    None
                };
                let windows = self.fitting_windows_width(&curve, n).and_then(|c| {
                    let net = net(
                        uses,
                        curve.windows_saving(n, c),
                        REPAY_WINDOWS,
                        curve.windows_build(n, c),
                    );
                    (net > 0).then_some((TablePlan::Windows(c), net))
                });
                multiples
                    .map(|(c, net)| (TablePlan::Multiples(c), net))
                    .into_iter()
                    .chain(windows)
                    .max_by_key(|x| x.1)
                    .map_or(TablePlan::Plain, |x| x.0)
            }
        }
    }

    /// The smallest number of uses for which [`TablePolicy::plan`] builds a
    /// table over `n` bases (`None`: never). `work` only says which kind of
    /// use; its count is ignored.
    ///
    /// Whether `plan` builds is monotone in the count, so a caller that
    /// learns the count as it goes can do the uses plainly, count them, and
    /// build the table `plan` gives for the count so far once it reaches
    /// this (rent or buy; Semi-AVID's prover key).
    ///
    /// ```
    /// use ark_bls12_381::G1Projective;
    /// use vidkit_msm::{TablePlan, TablePolicy, Workload};
    /// let policy = TablePolicy::default();
    /// assert_eq!(policy.break_even::<G1Projective>(0, Workload::Msms(0)), None);
    /// let r = policy.break_even::<G1Projective>(4096, Workload::Msms(0)).unwrap();
    /// assert!(r > 1);
    /// assert_eq!(policy.plan::<G1Projective>(4096, Workload::Msms(r - 1)), TablePlan::Plain);
    /// assert_ne!(policy.plan::<G1Projective>(4096, Workload::Msms(r)), TablePlan::Plain);
    /// ```
    pub fn break_even<G: CurveGroup>(&self, n: usize, work: Workload) -> Option<usize> {
        if n == 0 {
            return None;
        }
        let curve = Curve::of::<G>();
        let multiples = |plain: usize| {
            (2..=MAX_MULTIPLES_WIDTH)
                .filter(|&c| curve.multiples_points(n, c) <= self.multiple_points)
                .filter_map(|c| {
                    let add = lookup_add(&curve, work);
                    let saving = plain.saturating_sub(curve.multiples_use(n, c, add));
                    first_paying(saving, REPAY_MULTIPLES, curve.multiples_build(n, c))
                })
                .min()
        };
        match work {
            Workload::Scalings(_) => multiples(n * GLV_SCALE),
            Workload::Msms(_) | Workload::Rows(_) => {
                let windows = self.fitting_windows_width(&curve, n).and_then(|c| {
                    first_paying(
                        curve.windows_saving(n, c),
                        REPAY_WINDOWS,
                        curve.windows_build(n, c),
                    )
                });
                let multiples = if curve.prime_base {
                    multiples(curve.plain_msm(n))
                } else {
                    None
                };
                windows.into_iter().chain(multiples).min()
            }
        }
    }

    /// The width of a windows table over `n` bases of `G`: the `c ∈ 4..=20`
    /// minimising the counted cost of one MSM among tables of at most
    /// [`TablePolicy::window_points`] points, or 4 when none fits (for
    /// [`crate::MsmBases::with_precomputation`], which builds a table
    /// whatever its size; [`TablePolicy::plan`] plans none then).
    pub fn windows_width<G: CurveGroup>(&self, n: usize) -> u32 {
        self.fitting_windows_width(&Curve::of::<G>(), n)
            .unwrap_or(MIN_WINDOWS_WIDTH)
    }

    /// The windows width of the cheapest MSM within the budget, if one fits.
    fn fitting_windows_width(&self, curve: &Curve, n: usize) -> Option<u32> {
        // narrow windows have few buckets, hence small batches that pay a
        // large share of their inversion (≈ 380 multiplications on BLS12-381)
        (MIN_WINDOWS_WIDTH..=MAX_WINDOWS_WIDTH)
            .filter(|&c| n.saturating_mul(curve.windows(c)) <= self.window_points)
            .min_by_key(|&c| curve.windows_msm(n, c))
    }

    /// The multiples width with the largest positive net saving over `uses`
    /// uses that cost `plain` each without a table, and that saving, if any
    /// (the wider one on a tie).
    fn multiples_width(
        &self,
        curve: &Curve,
        n: usize,
        uses: usize,
        plain: usize,
        add: usize,
    ) -> Option<(u32, i128)> {
        (2..=MAX_MULTIPLES_WIDTH)
            .filter(|&c| curve.multiples_points(n, c) <= self.multiple_points)
            .filter_map(|c| {
                let saving = plain.checked_sub(curve.multiples_use(n, c, add))?;
                let net = net(uses, saving, REPAY_MULTIPLES, curve.multiples_build(n, c));
                (net > 0).then_some((c, net))
            })
            .max_by_key(|x| x.1)
    }
}

/// A field inversion (arkworks' binary extended Euclid) in multiplications
/// of `F`: measured ≈ 384 for BLS12-381's 381-bit `Fq` and ≈ 186 for BN254's
/// 254-bit one, i.e. about `bits²/380`; an extension inverts through one
/// base-field inversion, so its share per (dearer) multiplication is smaller.
fn inversion_cost<F: Field>() -> usize {
    let bits = F::BasePrimeField::MODULUS_BIT_SIZE as usize;
    let degree = F::extension_degree() as usize;
    (bits * bits / 380 / (degree * degree).max(1)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::{G1Projective as G1, G2Projective as G2};
    use ark_std::vec::Vec;
    type Bn1 = ark_bn254::G1Projective;

    const P: TablePolicy = TablePolicy::DEFAULT;

    fn builds(plan: TablePlan) -> bool {
        plan != TablePlan::Plain
    }

    /// The figures of the module docs' cost table.
    #[test]
    fn the_model_counts_what_the_docs_say() {
        let g1 = Curve::of::<G1>();
        let g2 = Curve::of::<G2>();
        let bn = Curve::of::<Bn1>();
        assert_eq!(
            (g1.bits, g1.inversion, g1.prime_base),
            (255, 381 * 381 / 380, true)
        );
        assert_eq!(
            (g2.bits, g2.inversion, g2.prime_base),
            (255, 381 * 381 / 380 / 4, false)
        );
        assert_eq!(
            (bn.bits, bn.inversion, bn.prime_base),
            (254, 254 * 254 / 380, true)
        );
        // a(k) = 6 + I/clamp(k/8, 16, 512)
        assert_eq!(g1.batch_add(8), 6 + 382 / 16);
        assert_eq!(g1.batch_add(512), 6 + 382 / 64);
        assert_eq!(g1.batch_add(4096), 6, "382 / 512 rounds to 0");
        // plain MSMs: GLV per point up to 4, arkworks below 32, batch-affine
        assert_eq!(g1.plain_msm(4), 4 * (128 * 8 + 96 * 10));
        assert_eq!(g1.plain_msm(5), 86 * (5 * 10 + 8 * 12));
        assert_eq!(g1.plain_msm(31), 86 * (31 * 10 + 8 * 12));
        let c = crate::pippenger::window_size(64);
        assert_eq!(
            g1.plain_msm(64),
            window_count(255, c) * (64 * g1.batch_add(4096) + (12 << c))
        );
        // tables: W(10) = 26, W(8) = 32
        assert_eq!(
            g1.windows_msm(64, 10),
            64 * 26 * g1.batch_add(512) + 12 * 1024
        );
        assert_eq!(g1.windows_build(64, 10), 64 * 26 * (10 * 8 + 6));
        assert_eq!(g1.multiples_use(16, 10, LOOKUP_ADD), 16 * 26 * 18);
        assert_eq!(lookup_add(&g1, Workload::Msms(1)), 18);
        assert_eq!(lookup_add(&g1, Workload::Rows(1)), 11);
        assert_eq!(lookup_add(&bn, Workload::Rows(1)), 11);
        assert_eq!(lookup_add(&g1, Workload::Scalings(1)), 10);
        assert!(g1.affine_rows && g2.affine_rows && bn.affine_rows);
        assert_eq!(g1.multiples_build(16, 8), 16 * 32 * (8 * 8 + 128 * 16));
        assert_eq!(g1.multiples_points(64, 8), 64 * 32 * 128);
        // u·saving − ρ·build, and the first u where it is positive
        assert_eq!(net(3, 10, 2, 15), 0);
        assert_eq!(net(4, 10, 2, 15), 10);
        assert_eq!(first_paying(10, 2, 15), Some(4));
        assert_eq!(first_paying(10, 2, 14), Some(3));
        assert_eq!(first_paying(0, 1, 1), None);
        assert_eq!(
            net(usize::MAX, usize::MAX, 2, 1),
            i128::MAX - 2,
            "saturates"
        );
        assert!(net(usize::MAX, 1 << 40, 2, usize::MAX) > 0);
    }

    #[test]
    fn never_a_table_for_one_small_msm_or_no_bases() {
        for n in [1, 2, 4, 16, 64] {
            assert_eq!(P.plan::<G1>(n, Workload::Msms(1)), TablePlan::Plain, "{n}");
            assert_eq!(P.plan::<G2>(n, Workload::Msms(1)), TablePlan::Plain, "{n}");
            assert_eq!(P.plan::<G1>(n, Workload::Scalings(1)), TablePlan::Plain);
            assert_eq!(P.plan::<G2>(n, Workload::Msms(0)), TablePlan::Plain);
            assert_eq!(P.plan::<G1>(n, Workload::Scalings(0)), TablePlan::Plain);
        }
        for work in [Workload::Msms(usize::MAX), Workload::Scalings(usize::MAX)] {
            assert_eq!(P.plan::<G1>(0, work), TablePlan::Plain);
            assert_eq!(P.break_even::<G1>(0, work), None);
        }
    }

    #[test]
    fn a_table_for_many_msms_over_many_bases() {
        for n in [1024, 4096, 1 << 14] {
            // too many G1 bases for a multiples table within 2^18 points
            assert!(matches!(
                P.plan::<G1>(n, Workload::Msms(1000)),
                TablePlan::Windows(_)
            ));
            assert!(matches!(
                P.plan::<G2>(n, Workload::Msms(1000)),
                TablePlan::Windows(_)
            ));
            assert!(matches!(
                P.plan::<Bn1>(n, Workload::Msms(1000)),
                TablePlan::Windows(_)
            ));
        }
    }

    /// G1 takes the kind of table that saves more (a multiples table for
    /// many MSMs over few bases), G2 keeps to windows tables for MSMs; folds
    /// only ever get a multiples table.
    #[test]
    fn which_table_for_which_group_and_use() {
        assert!(matches!(
            P.plan::<G1>(16, Workload::Msms(100)),
            TablePlan::Windows(_)
        ));
        assert_eq!(
            P.plan::<G1>(16, Workload::Msms(1000)),
            TablePlan::Multiples(8)
        );
        assert_eq!(
            P.plan::<Bn1>(16, Workload::Msms(usize::MAX)),
            TablePlan::Multiples(10)
        );
        assert_eq!(
            P.plan::<G1>(16, Workload::Msms(10_000)),
            TablePlan::Multiples(10)
        );
        // 64 bases: the widest multiples table within the budget (8) runs
        // slower than a windows table of width 10
        assert_eq!(
            P.plan::<G1>(64, Workload::Msms(10_000)),
            TablePlan::Windows(10)
        );
        assert!(matches!(
            P.plan::<G2>(64, Workload::Msms(1000)),
            TablePlan::Windows(_)
        ));
        let counts = [1, 10, 100, 1000, 1 << 20, usize::MAX];
        for n in [1, 3, 8, 64, 300, 5000] {
            for u in counts {
                assert!(
                    !matches!(P.plan::<G2>(n, Workload::Msms(u)), TablePlan::Multiples(_)),
                    "G2 MSMs, n = {n}, u = {u}"
                );
                for plan in [
                    P.plan::<G1>(n, Workload::Scalings(u)),
                    P.plan::<G2>(n, Workload::Scalings(u)),
                ] {
                    assert!(
                        !matches!(plan, TablePlan::Windows(_)),
                        "folds, n = {n}, u = {u}"
                    );
                }
            }
        }
    }

    #[test]
    fn decisions_are_monotone_in_the_count() {
        let counts: Vec<usize> = (0..40)
            .map(|i| 1usize << (i / 2))
            .chain([usize::MAX])
            .collect();
        for n in [1, 3, 8, 31, 32, 64, 100, 256, 1000, 5000] {
            for kind in [Workload::Msms, Workload::Rows, Workload::Scalings] {
                let mut built = false;
                let mut width = 0;
                for &u in &counts {
                    let g1 = P.plan::<G1>(n, kind(u));
                    let g2 = P.plan::<G2>(n, kind(u));
                    assert!(!built || builds(g1), "n = {n}, u = {u}: {g1:?}");
                    built = builds(g1);
                    let r1 = P.break_even::<G1>(n, kind(0));
                    let r2 = P.break_even::<G2>(n, kind(0));
                    assert_eq!(
                        builds(g1),
                        r1.is_some_and(|r| u >= r),
                        "G1 n = {n}, u = {u}"
                    );
                    assert_eq!(
                        builds(g2),
                        r2.is_some_and(|r| u >= r),
                        "G2 n = {n}, u = {u}"
                    );
                    if let TablePlan::Multiples(c) = P.plan::<G2>(n, Workload::Scalings(u)) {
                        assert!(c >= width, "widths grow with the calls");
                        width = c;
                    }
                }
            }
        }
    }

    /// The multiples width is the fitting one with the largest net saving,
    /// and it is planned unless the windows table saves more.
    #[test]
    fn the_widest_paying_multiples_table_is_the_best_one() {
        let g1 = Curve::of::<G1>();
        let mut multiples = 0;
        for n in [1, 5, 16, 64] {
            for u in [30, 300, 3000, 30_000, usize::MAX] {
                let plain = g1.plain_msm(n);
                let best = (2..=MAX_MULTIPLES_WIDTH)
                    .filter(|&c| g1.multiples_points(n, c) <= DEFAULT_MULTIPLE_POINTS)
                    .map(|c| {
                        let saving = plain.saturating_sub(g1.multiples_use(n, c, LOOKUP_ADD));
                        (c, net(u, saving, 2, g1.multiples_build(n, c)))
                    })
                    .max_by_key(|x| x.1)
                    .filter(|x| x.1 > 0);
                let windows = |c| net(u, g1.windows_saving(n, c), 1, g1.windows_build(n, c));
                match (P.plan::<G1>(n, Workload::Msms(u)), best) {
                    (TablePlan::Multiples(c), Some((b, _))) => {
                        multiples += 1;
                        assert_eq!(c, b, "n {n}, u {u}")
                    }
                    (TablePlan::Windows(c), Some((_, m))) => {
                        assert!(windows(c) >= m, "n {n}, u {u}")
                    }
                    (plan, None) => assert!(!matches!(plan, TablePlan::Multiples(_))),
                    (plan, best) => panic!("n {n}, u {u}: {plan:?}, best {best:?}"),
                }
            }
        }
        assert!(multiples >= 5, "the multiples arm ran {multiples} times");
    }

    #[test]
    fn tables_stay_within_their_budgets() {
        let tight = TablePolicy {
            window_points: 1 << 12,
            multiple_points: 8 * 128 * 2,
        };
        for n in [1, 8, 64, 512] {
            for u in [10, 1000, usize::MAX] {
                for work in [Workload::Msms(u), Workload::Scalings(u)] {
                    match tight.plan::<G1>(n, work) {
                        TablePlan::Multiples(c) => {
                            assert!((2..=MAX_MULTIPLES_WIDTH).contains(&c));
                            assert!((n * window_count(255, c)) << (c - 1) <= 8 * 128 * 2);
                        }
                        TablePlan::Windows(c) => assert!(n * window_count(255, c) <= 1 << 12),
                        TablePlan::Plain => {}
                    }
                }
            }
        }
        // no room: no table, however many uses
        let none = TablePolicy {
            window_points: 0,
            multiple_points: 0,
        };
        for n in [1, 64, 4096] {
            for work in [Workload::Msms(usize::MAX), Workload::Scalings(usize::MAX)] {
                assert_eq!(none.plan::<G1>(n, work), TablePlan::Plain);
                assert_eq!(none.plan::<G2>(n, work), TablePlan::Plain);
                assert_eq!(none.break_even::<G1>(n, work), None);
            }
            // an explicit windows table is built whatever its size
            assert_eq!(none.windows_width::<G1>(n), MIN_WINDOWS_WIDTH);
        }
        // the default budget: 60 000 bases get 17 windows of 16 bits; at
        // 70 000 only widths ≥ 19 fit, and they do not beat plain MSMs
        assert_eq!(
            P.plan::<G1>(60_000, Workload::Msms(usize::MAX)),
            TablePlan::Windows(16)
        );
        assert_eq!(
            P.plan::<G1>(70_000, Workload::Msms(usize::MAX)),
            TablePlan::Plain
        );
        assert_eq!(P.break_even::<G1>(70_000, Workload::Msms(0)), None);
    }

    /// Rows of MSMs (a committer key) on BLS12-381 and BN254 G1 price the
    /// batch-affine additions: a multiples table where one-at-a-time MSMs
    /// would take a windows table (64 bases: width 8, measured 40.8 ms
    /// against 56.4 ms for windows of width 10 for 64 rows), the same plan
    /// where the multiples table won anyway; G2 keeps to windows tables.
    #[test]
    fn rows_take_multiples_tables_further() {
        for (k, one, rows) in [
            (16, TablePlan::Multiples(10), TablePlan::Multiples(10)),
            (64, TablePlan::Windows(10), TablePlan::Multiples(8)),
        ] {
            assert_eq!(P.plan::<G1>(k, Workload::Msms(usize::MAX)), one, "k = {k}");
            assert_eq!(P.plan::<G1>(k, Workload::Rows(usize::MAX)), rows, "k = {k}");
            assert_eq!(
                P.plan::<Bn1>(k, Workload::Rows(usize::MAX)),
                rows,
                "k = {k}"
            );
        }
        // beyond the multiples budget at useful widths: windows
        assert!(matches!(
            P.plan::<G1>(256, Workload::Rows(usize::MAX)),
            TablePlan::Windows(_)
        ));
        for n in [8, 64, 4096] {
            assert!(!matches!(
                P.plan::<G2>(n, Workload::Rows(usize::MAX)),
                TablePlan::Multiples(_)
            ));
        }
        // rows never cost more than single MSMs: a table pays no later
        for n in [1, 16, 64, 100, 1000] {
            let (one, rows) = (
                P.break_even::<G1>(n, Workload::Msms(0)),
                P.break_even::<G1>(n, Workload::Rows(0)),
            );
            let ok = match (rows, one) {
                (Some(r), Some(o)) => r <= o,
                (_, None) => true,
                (None, Some(_)) => false,
            };
            assert!(ok, "n = {n}: rows {rows:?}, one at a time {one:?}");
        }
    }

    /// Decisions the callers rely on.
    #[test]
    fn pinned_decisions() {
        // committer keys of k G1 powers kept for good (KZG per row, KZG+,
        // aPlonK's σ key): the widest multiples table within 2^18 points up
        // to 32 powers, a windows table from 64 (the msm bench's `plans/`)
        for (k, plan) in [
            (1, TablePlan::Multiples(10)),
            (4, TablePlan::Multiples(10)),
            (16, TablePlan::Multiples(10)),
            (32, TablePlan::Multiples(9)),
            (64, TablePlan::Windows(10)),
            (128, TablePlan::Windows(10)),
        ] {
            assert_eq!(P.plan::<G1>(k, Workload::Msms(usize::MAX)), plan, "k = {k}");
        }
        let key = P.plan::<G1>(256, Workload::Msms(usize::MAX));
        assert!(matches!(key, TablePlan::Windows(_)), "{key:?}");
        // aPlonK's fixed key (`FixedBases::for_calls`): none for one shard,
        // wider for more shards
        assert_eq!(P.plan::<G2>(8, Workload::Scalings(1)), TablePlan::Plain);
        let few = P.plan::<G2>(8, Workload::Scalings(20));
        let many = P.plan::<G2>(8, Workload::Scalings(10_000));
        match (few, many) {
            (TablePlan::Multiples(f), TablePlan::Multiples(m)) => assert!(m > f, "{m} > {f}"),
            other => panic!("{other:?}"),
        }
        // G2 MSMs (aPlonK's π_ck bases): a windows table once the count
        // repays it
        let r = P.break_even::<G2>(4096, Workload::Msms(0)).unwrap();
        assert!(r > 1);
        assert_eq!(P.plan::<G2>(4096, Workload::Msms(r - 1)), TablePlan::Plain);
        assert!(matches!(
            P.plan::<G2>(4096, Workload::Msms(r)),
            TablePlan::Windows(_)
        ));
        // Semi-AVID's class of 64 rows on G1: a windows table after 23 MSMs
        assert_eq!(P.break_even::<G1>(64, Workload::Msms(0)), Some(23));
        assert_eq!(P.plan::<G1>(64, Workload::Msms(22)), TablePlan::Plain);
        assert!(matches!(
            P.plan::<G1>(64, Workload::Msms(23)),
            TablePlan::Windows(_)
        ));
    }
}
