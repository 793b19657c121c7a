//! Commit-side precomputation kept with the prover key.
//!
//! A commitment is `k` MSMs over the same bases `B_0 … B_{m−1}`, and a
//! disperser commits file after file over the same key. vidkit-msm can
//! prepare fixed bases with a table (one bucket pass per MSM instead of one
//! per window, or no doubling at all; 1.5–2× faster at a few thousand bases,
//! `docs/msm.md`), but building one costs about as much as ten MSMs or more,
//! so it is not worth it for one file with few columns — and the key cannot
//! know how many files will follow.
//!
//! [`PreparedBases`] therefore rents before it buys: MSMs run on plain bases
//! and are counted per **size class** (`m` rounded up to a power of two,
//! capped by `m_max`). After each commit it asks vidkit-msm's table policy
//! ([`vidkit_msm::TablePolicy::plan`]) which table the MSMs counted so far
//! would have paid for; the first time the answer is a table, that table is
//! built over the class's bases and serves the later commits of the class.
//! Whether the policy builds is monotone in the count, so this happens at
//! its break-even count ([`vidkit_msm::TablePolicy::break_even`]): a one-off
//! commit never pays for a table, and the work is at most about twice what
//! it would be knowing the future.
//!
//! The table bought first is the one that pays for the MSMs seen so far
//! (over 16 bases after 64 MSMs, a windows table of width 9); another one
//! costs more to build and saves more per MSM (a multiples table of width
//! 10 runs these MSMs 1.7× faster, `docs/msm.md`). So the count goes on, and each time
//! it has doubled since the table was planned, the policy is asked again
//! for the count so far; a different answer is built and replaces the
//! table. A long-running disperser thus ends up on the table the policy
//! plans for its volume, and the builds form a geometric series: their
//! total is within a small factor of the last one.
//!
//! One class is kept at a time (the policy's budgets bound the table:
//! about 100 MiB at most for BLS12-381); a file of another class starts a
//! new count.
//!
//! The results are the same group elements with or without the table (exact
//! arithmetic); only the time differs. The state is shared by clones of a
//! key and is not serialised: a key read from disk starts counting afresh.

use ark_ec::CurveGroup;
use std::sync::{Arc, Mutex};
use vidkit_msm::{MsmBases, TablePlan, TablePolicy, Workload};

/// The table state of one key (see the module docs).
pub(crate) struct PreparedBases<G: CurveGroup> {
    state: Arc<Mutex<State<G>>>,
}

struct State<G: CurveGroup> {
    /// rows covered by the current class (a power of two, or `m_max`)
    rows: usize,
    /// MSMs done in this class, with or without the table
    msms: usize,
    /// the class table, if one was bought
    table: Option<Arc<MsmBases<G>>>,
    /// `msms` when `table` was planned (it is planned again at twice this)
    planned_at: usize,
}

impl<G: CurveGroup> State<G> {
    /// A new size class with no MSM counted and no table.
    fn class(rows: usize) -> Self {
        Self {
            rows,
            msms: 0,
            table: None,
            planned_at: 0,
        }
    }
}

impl<G: CurveGroup> Default for PreparedBases<G> {
    fn default() -> Self {
        Self {
            state: Arc::new(Mutex::new(State::class(0))),
        }
    }
}

impl<G: CurveGroup> Clone for PreparedBases<G> {
    /// Clones share the state (they hold the same bases).
    fn clone(&self) -> Self {
        Self {
            state: Arc::clone(&self.state),
        }
    }
}

impl<G: CurveGroup> core::fmt::Debug for PreparedBases<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let state = self.state.lock().ok();
        f.debug_struct("PreparedBases")
            .field("rows", &state.as_ref().map(|s| s.rows))
            .field("table", &state.as_ref().map(|s| s.table.is_some()))
            .finish()
    }
}

impl<G: CurveGroup> PreparedBases<G> {
    /// Bases prepared for `count` MSMs over `bases[..m]`: the class table if
    /// one is held (or a wider one, once the count has doubled since it was
    /// planned and the policy now plans another), a new table if the MSMs
    /// counted in the class now pay for one, plain bases otherwise.
    pub(crate) fn for_commit(&self, bases: &[G::Affine], m: usize, count: usize) -> MsmChoice<G> {
        let rows = m.next_power_of_two().min(bases.len()).max(m);
        let (plan, msms) = {
            // A poisoned lock only means another commit panicked mid-update;
            // the state is a cache, so start it afresh.
            let mut state = match self.state.lock() {
                Ok(guard) => guard,
                Err(poisoned) => {
                    let mut guard = poisoned.into_inner();
                    *guard = State::class(0);
                    guard
                }
            };
            if state.rows != rows {
                *state = State::class(rows);
            }
            state.msms = state.msms.saturating_add(count);
            let msms = state.msms;
            if let Some(table) = state.table.clone() {
                if msms / 2 < state.planned_at {
                    return MsmChoice::Table(table);
                }
                let plan = TablePolicy::DEFAULT.plan::<G>(rows, Workload::Msms(msms));
                if plan == table.plan() || plan == TablePlan::Plain {
                    state.planned_at = msms;
                    return MsmChoice::Table(table);
                }
                // a wider table pays now: build it, the old one serves meanwhile
                state.planned_at = msms;
                (plan, msms)
            } else {
                let plan = TablePolicy::DEFAULT.plan::<G>(rows, Workload::Msms(msms));
                if plan == TablePlan::Plain {
                    return MsmChoice::Plain(MsmBases::new(&bases[..m]));
                }
                (plan, msms)
            }
        };
        // built outside the lock: other commits go on with what is held meanwhile
        let table = Arc::new(MsmBases::with_plan(&bases[..rows], plan));
        if let Ok(mut state) = self.state.lock()
            && state.rows == rows
        {
            state.table = Some(Arc::clone(&table));
            state.planned_at = state.planned_at.max(msms);
        }
        MsmChoice::Table(table)
    }

    /// Whether a table is held for files of `m` rows (for tests and benches).
    pub(crate) fn has_table_for(&self, m: usize, m_max: usize) -> bool {
        let rows = m.next_power_of_two().min(m_max).max(m);
        self.state
            .lock()
            .map(|s| s.rows == rows && s.table.is_some())
            .unwrap_or(false)
    }
}

/// Bases ready for the MSMs of one commit.
pub(crate) enum MsmChoice<G: CurveGroup> {
    /// the class table, shared with the key
    Table(Arc<MsmBases<G>>),
    /// plain bases for this commit only
    Plain(MsmBases<G>),
}

impl<G: CurveGroup> core::ops::Deref for MsmChoice<G> {
    type Target = MsmBases<G>;
    fn deref(&self) -> &MsmBases<G> {
        match self {
            Self::Table(t) => t,
            Self::Plain(p) => p,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::{G1Affine, G1Projective};
    use ark_ec::AffineRepr;
    use ark_ff::UniformRand;
    use ark_std::rand::SeedableRng;

    /// The plan of the bases one commit of `k` MSMs over `m` rows gets.
    fn commit(
        p: &PreparedBases<G1Projective>,
        bases: &[G1Affine],
        m: usize,
        k: usize,
    ) -> TablePlan {
        p.for_commit(bases, m, k).plan()
    }

    #[test]
    fn rents_then_buys_then_replans_as_the_count_doubles() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        let g = G1Affine::generator();
        let bases: Vec<G1Affine> = (0..16)
            .map(|_| (g * ark_bls12_381::Fr::rand(&mut rng)).into_affine())
            .collect();
        let (m, k) = (16, 64);
        let policy = TablePolicy::DEFAULT;
        let p = PreparedBases::<G1Projective>::default();
        let mut plans = Vec::new();
        let mut msms = 0usize;
        for _ in 0..64 {
            msms += k;
            let got = commit(&p, &bases, m, k);
            plans.push(got);
            if got != TablePlan::Plain {
                // never a table before the policy's break-even count
                assert!(
                    msms >= policy
                        .break_even::<G1Projective>(m, Workload::Msms(0))
                        .unwrap()
                );
            }
        }
        // the first table is the one that pays for the first MSMs: narrow
        let first = plans
            .iter()
            .copied()
            .find(|&t| t != TablePlan::Plain)
            .unwrap();
        assert_eq!(
            first,
            policy.plan::<G1Projective>(
                m,
                Workload::Msms(plans.iter().position(|&t| t != TablePlan::Plain).unwrap() * k + k)
            )
        );
        // after 64 commits it holds what the policy plans for 64·k MSMs or
        // half of them (it re-plans each time the count doubles)
        let last = *plans.last().unwrap();
        assert_ne!(last, first, "the table was never widened: {plans:?}");
        let planned =
            [msms, msms / 2, msms / 4].map(|u| policy.plan::<G1Projective>(m, Workload::Msms(u)));
        assert!(planned.contains(&last), "{last:?} not in {planned:?}");
        // every change is to what the policy plans for the count at that commit
        for (i, pair) in plans.windows(2).enumerate() {
            if pair[0] != pair[1] {
                let count = (i + 2) * k;
                assert_eq!(
                    pair[1],
                    policy.plan::<G1Projective>(m, Workload::Msms(count)),
                    "commit {}: {plans:?}",
                    i + 1
                );
            }
        }
        // every plan gives the same MSMs
        let scalars: Vec<_> = (0..m).map(|_| ark_bls12_381::Fr::rand(&mut rng)).collect();
        let table = p.for_commit(&bases, m, k);
        assert_eq!(
            table.msm(&scalars),
            MsmBases::<G1Projective>::new(&bases).msm(&scalars)
        );
    }
}
