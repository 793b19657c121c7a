//! Cache of decoding plans keyed by the set of shard indices used (docs/spec.md §8.7): the
//! inverse of `V_J` is computed once per set `J` of received indices.
//!
//! The cache is shared by clones of a coder (`Arc`), guarded by a mutex, and bounded to
//! [`CAPACITY`] entries (it is simply emptied when full: index sets seen in practice repeat,
//! adversarial ones must not grow memory without bound). A poisoned mutex is recovered, never
//! propagated as a panic. Without the `std` feature there is no mutex, and every decode builds
//! its plan afresh.

use alloc::{sync::Arc, vec::Vec};

/// Largest number of cached plans.
#[cfg(feature = "std")]
pub(crate) const CAPACITY: usize = 64;

/// What a plan was built for: the decoding method and the sorted shard indices.
pub(crate) type Key = (u8, Vec<usize>);

/// A cache from [`Key`] to shared plans of type `P`.
pub(crate) struct PlanCache<P> {
    #[cfg(feature = "std")]
    map: std::sync::Mutex<std::collections::HashMap<Key, Arc<P>>>,
    #[cfg(not(feature = "std"))]
    _plan: core::marker::PhantomData<P>,
}

impl<P> Default for PlanCache<P> {
    fn default() -> Self {
        Self {
            #[cfg(feature = "std")]
            map: Default::default(),
            #[cfg(not(feature = "std"))]
            _plan: core::marker::PhantomData,
        }
    }
}

impl<P> core::fmt::Debug for PlanCache<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PlanCache")
            .field("entries", &self.len())
            .finish()
    }
}

impl<P> PlanCache<P> {
    /// The cached plan for `key`, or the one `build` makes (then cached). Building happens
    /// outside the lock, so concurrent decoders never wait on each other's O(k²) work.
    pub(crate) fn get_or_build<E>(
        &self,
        key: Key,
        build: impl FnOnce() -> Result<P, E>,
    ) -> Result<Arc<P>, E> {
        #[cfg(feature = "std")]
        {
            if let Some(plan) = self.lock().get(&key) {
                return Ok(Arc::clone(plan));
            }
            let plan = Arc::new(build()?);
            let mut map = self.lock();
            if map.len() >= CAPACITY {
                map.clear();
            }
            map.insert(key, Arc::clone(&plan));
            Ok(plan)
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = key;
            build().map(Arc::new)
        }
    }

    /// Number of cached plans.
    pub(crate) fn len(&self) -> usize {
        #[cfg(feature = "std")]
        {
            self.lock().len()
        }
        #[cfg(not(feature = "std"))]
        {
            0
        }
    }

    #[cfg(feature = "std")]
    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<Key, Arc<P>>> {
        self.map
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
