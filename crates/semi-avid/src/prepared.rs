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
//! built over the class's bases and serves every later commit of the class.
//! Whether the policy builds is monotone in the count, so this happens at
//! its break-even count ([`vidkit_msm::TablePolicy::break_even`]): a one-off
//! commit never pays for a table, a long-running disperser ends up on one,
//! and the work is at most about twice what it would be knowing the future.
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
    /// MSMs done in this class without the table
    plain_msms: usize,
    table: Option<Arc<MsmBases<G>>>,
}

impl<G: CurveGroup> State<G> {
    /// A new size class with no MSM counted and no table.
    fn class(rows: usize) -> Self {
        Self {
            rows,
            plain_msms: 0,
            table: None,
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
    /// it exists or the MSMs counted in the class now pay for one, plain
    /// bases otherwise.
    pub(crate) fn for_commit(&self, bases: &[G::Affine], m: usize, count: usize) -> MsmChoice<G> {
        let rows = m.next_power_of_two().min(bases.len()).max(m);
        let plan = {
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
            if let Some(table) = &state.table {
                return MsmChoice::Table(Arc::clone(table));
            }
            state.plain_msms = state.plain_msms.saturating_add(count);
            TablePolicy::DEFAULT.plan::<G>(rows, Workload::Msms(state.plain_msms))
        };
        if plan == TablePlan::Plain {
            return MsmChoice::Plain(MsmBases::new(&bases[..m]));
        }
        // built outside the lock: other commits go on with plain bases meanwhile
        let table = Arc::new(MsmBases::with_plan(&bases[..rows], plan));
        if let Ok(mut state) = self.state.lock() {
            if state.rows == rows {
                state.table = Some(Arc::clone(&table));
            }
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
