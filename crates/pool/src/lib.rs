//! How vidkit's work meets the rayon pool.
//!
//! Every crate of vidkit that runs work on threads (MSMs and folds in
//! vidkit-msm, split Miller loops in vidkit-pairing, per-shard work in the
//! schemes) asks this crate three questions, so that the answers are the
//! same everywhere:
//!
//! * **How many threads may this work use?** [`threads`]: the rayon pool's
//!   size with the `parallel` feature, except inside [`on_one_thread`],
//!   where it is one.
//! * **How is a range of independent items cut?** [`per_thread_chunks`] and
//!   [`per_thread_reduce`]: one run of consecutive items per thread (never
//!   below a minimum run length), the outputs in order.
//! * **How do two independent parts of a step run?** [`join`]: side by
//!   side on the pool.
//! * **When does a list of similar items run one item per thread?**
//!   [`map_items`], with the rule of [`items_share_evenly`]: when there are
//!   at least two items per thread, or a multiple of the threads, each item
//!   runs whole on one thread ([`on_one_thread`]); otherwise each item may
//!   use the whole pool for its own inner work.
//!
//! # Why one thread per item
//!
//! An MSM or a pairing product cut over `t` threads does more work in all
//! than on one: each chunk pays its own bucket reduction or Miller-loop
//! squarings, and a several-thread MSM picks narrower windows so that its
//! windows can be shared out. When the pool is kept busy by other items
//! beside it (the shards of a file, the rows of a commitment), each split
//! only adds that overhead; the item is best planned for one thread, with
//! the one-thread engines (blst's MSM on BLS12-381) and widths. Nesting is
//! safe either way (rayon steals work), so the rule is about speed only.
//!
//! # Results do not depend on the pool
//!
//! Nothing here changes a value: callers cut work whose items are
//! independent, or whose parts combine exactly (group additions, products
//! of Miller-loop values), so outputs are identical on every pool size and
//! without the feature (tests in each caller compare pools of 1, 3 and 16
//! threads).
//!
//! Why hand-written: rayon has the parallel iterators, but neither it nor a
//! maintained crate offers a thread-local "plan for one thread" that library
//! code several crates deep can see; the code is small.

#![cfg_attr(not(feature = "parallel"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

use alloc::vec::Vec;
use core::ops::Range;

/// Threads the work started on this thread may use: the current rayon
/// pool's size with the `parallel` feature, one inside [`on_one_thread`]
/// and without the feature.
pub fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        if ONE_THREAD.with(core::cell::Cell::get) {
            1
        } else {
            rayon::current_num_threads()
        }
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

#[cfg(feature = "parallel")]
std::thread_local! {
    /// Set while this thread runs work that the pool's other threads are
    /// busy beside ([`on_one_thread`]).
    static ONE_THREAD: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Runs `f` with the work it starts on this thread planned for one thread:
/// inside it [`threads`] is one, so MSMs take their one-thread engine and
/// window width, and cuts ([`per_thread_chunks`], [`per_thread_reduce`],
/// [`map_items`]) make one run. For items that run side by side, one per
/// thread. The flag is restored when `f` returns or unwinds; without the
/// `parallel` feature this only calls `f`.
pub fn on_one_thread<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(feature = "parallel")]
    {
        /// Restores the flag, also when `f` unwinds.
        struct Restore(bool);
        impl Drop for Restore {
            fn drop(&mut self) {
                ONE_THREAD.with(|c| c.set(self.0));
            }
        }
        let _restore = Restore(ONE_THREAD.with(|c| c.replace(true)));
        f()
    }
    #[cfg(not(feature = "parallel"))]
    f()
}

/// How many runs [`per_thread_chunks`] and [`per_thread_reduce`] cut
/// `len` items into: one per thread ([`threads`]), but none shorter than
/// `min_run` items, and at least one.
pub fn runs(len: usize, min_run: usize) -> usize {
    threads().min(len / min_run.max(1)).max(1)
}

/// The `r`-th of `runs` consecutive ranges that cover `0..len`; their
/// lengths differ by one at most.
#[cfg(feature = "parallel")]
fn run(r: usize, runs: usize, len: usize) -> Range<usize> {
    r * len / runs..(r + 1) * len / runs
}

/// `f` over consecutive ranges that cover `0..len`, the outputs
/// concatenated in order: [`runs`]`(len, min_run)` ranges, each on the
/// pool when there are several (otherwise `f(0..len)` on this thread).
/// For work whose items do not depend on each other (the points of a fold,
/// the integer points of KZG openings).
pub fn per_thread_chunks<T: Send>(
    len: usize,
    min_run: usize,
    f: impl Fn(Range<usize>) -> Vec<T> + Sync,
) -> Vec<T> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        let runs = runs(len, min_run);
        if runs > 1 {
            let parts: Vec<Vec<T>> = (0..runs)
                .into_par_iter()
                .map(|r| f(run(r, runs, len)))
                .collect();
            return parts.into_iter().flatten().collect();
        }
    }
    #[cfg(not(feature = "parallel"))]
    let _ = min_run;
    f(0..len)
}

/// `f` over consecutive ranges that cover `0..len`, the outputs combined
/// in order with the associative `combine`: [`runs`]`(len, min_run)`
/// ranges, each on the pool when there are several (otherwise `f(0..len)`
/// on this thread). For a product of Miller loops cut into runs of pairs.
pub fn per_thread_reduce<M: Send>(
    len: usize,
    min_run: usize,
    f: impl Fn(Range<usize>) -> M + Sync,
    combine: impl Fn(M, M) -> M + Sync + Send,
) -> M {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        let runs = runs(len, min_run);
        if runs > 1 {
            return (0..runs)
                .into_par_iter()
                .map(|r| f(run(r, runs, len)))
                .reduce_with(combine)
                .expect("two runs or more");
        }
    }
    #[cfg(not(feature = "parallel"))]
    let _ = (min_run, combine);
    f(0..len)
}

/// `(a(), b())`: with the `parallel` feature side by side on the pool
/// (`rayon::join`; each may use the pool for its own inner work), otherwise
/// `a` then `b` on this thread. For two independent parts of one step, such
/// as a per-file check and the per-shard checks that do not need its result.
pub fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
    }
}

/// Whether `items` items of similar cost keep the pool busy when each runs
/// whole on one thread: there are several threads ([`threads`]), and at
/// least two items per thread or a multiple of the threads (16 shards on 2
/// or 16 threads, not 4 shards on 16 or 3 on 2, where the last round would
/// leave threads idle that the items' own splits can use).
pub fn items_share_evenly(items: usize) -> bool {
    let t = threads();
    t > 1 && items > 0 && (items >= 2 * t || items.is_multiple_of(t))
}

/// `f` over `items`, the results in the order of `items`. With the
/// `parallel` feature one task per item on the pool, each run
/// [`on_one_thread`] when the items [share the pool evenly](items_share_evenly);
/// otherwise one after the other on this thread. For independent items of
/// similar cost: the shards of a file, the rows of a commitment.
pub fn map_items<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        if items_share_evenly(items.len()) {
            return items.par_iter().map(|x| on_one_thread(|| f(x))).collect();
        }
        items.par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    items.iter().map(f).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// On `threads` threads (a rayon pool of that size with `parallel`;
    /// the calling thread without it, where every case below must hold for
    /// one thread).
    fn on_pool<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
        #[cfg(feature = "parallel")]
        {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool")
                .install(f)
        }
        #[cfg(not(feature = "parallel"))]
        {
            let _ = threads;
            f()
        }
    }

    /// The threads this build can have: pools of several only with
    /// `parallel`.
    fn pools() -> &'static [usize] {
        if cfg!(feature = "parallel") {
            &[1, 2, 3, 16]
        } else {
            &[1]
        }
    }

    /// Inside `on_one_thread` the work sees one thread, also nested; the
    /// pool's size comes back after it, also after a panic inside it.
    #[test]
    fn one_thread_sections_nest_and_restore() {
        for &t in pools() {
            on_pool(t, || {
                assert_eq!(threads(), t);
                assert_eq!(on_one_thread(threads), 1);
                assert_eq!(on_one_thread(|| on_one_thread(threads)), 1);
                assert_eq!(threads(), t);
                #[cfg(feature = "parallel")]
                {
                    let unwound = std::panic::catch_unwind(|| on_one_thread(|| panic!("inside")));
                    assert!(unwound.is_err());
                    assert_eq!(threads(), t, "restored after a panic");
                }
            });
        }
    }

    /// The ranges of a cut cover `0..len` once each, in order, one per
    /// thread at most, none shorter than the minimum when there are
    /// several, and as many as the rule says; inside `on_one_thread`, one.
    #[test]
    fn runs_cover_every_item_once() {
        for &t in pools() {
            for min_run in [1, 4, 16] {
                for len in 0..80 {
                    let (chunks, reduced, single) = on_pool(t, || {
                        let chunks = per_thread_chunks(len, min_run, |r| vec![r]);
                        let reduced = per_thread_reduce(
                            len,
                            min_run,
                            |r| vec![r],
                            |mut a, b| {
                                a.extend(b);
                                a
                            },
                        );
                        let single = on_one_thread(|| per_thread_chunks(len, min_run, |r| vec![r]));
                        (chunks, reduced, single)
                    });
                    assert_eq!(chunks, reduced, "len {len}, {t} threads");
                    let covered: Vec<usize> = chunks.iter().cloned().flatten().collect();
                    assert_eq!(
                        covered,
                        (0..len).collect::<Vec<_>>(),
                        "len {len}, {t} threads"
                    );
                    let want = t.min(len / min_run).max(1);
                    assert_eq!(chunks.len(), want, "len {len}, {t} threads: {chunks:?}");
                    if chunks.len() > 1 {
                        assert!(
                            chunks.iter().all(|r| r.len() >= min_run),
                            "len {len}: {chunks:?}"
                        );
                        let (lo, hi) = (
                            chunks.iter().map(|r| r.len()).min(),
                            chunks.iter().map(|r| r.len()).max(),
                        );
                        assert!(hi.zip(lo).is_some_and(|(h, l)| h - l <= 1), "{chunks:?}");
                    }
                    assert_eq!(single, vec![0..len], "one run inside on_one_thread");
                }
            }
        }
    }

    /// `join` returns both results, in order, on every pool.
    #[test]
    fn join_returns_both_in_order() {
        for &t in pools() {
            let (a, b) = on_pool(t, || {
                join(|| (0..100u64).sum::<u64>(), || vec![threads(); 2])
            });
            assert_eq!(a, 4950);
            assert_eq!(b, vec![t; 2], "{t} threads");
        }
    }

    /// The rule for one item per thread, on the pools the doc names.
    #[test]
    fn items_share_evenly_by_the_rule() {
        on_pool(1, || assert!(!items_share_evenly(16)));
        if cfg!(feature = "parallel") {
            on_pool(2, || {
                assert!(items_share_evenly(16));
                assert!(items_share_evenly(4));
                assert!(items_share_evenly(2));
                assert!(!items_share_evenly(3));
                assert!(items_share_evenly(5));
                assert!(!items_share_evenly(1));
                assert!(!items_share_evenly(0));
            });
            on_pool(16, || {
                assert!(items_share_evenly(16));
                assert!(items_share_evenly(32));
                assert!(items_share_evenly(33));
                assert!(!items_share_evenly(4));
                assert!(!items_share_evenly(17));
                assert!(!on_one_thread(|| items_share_evenly(32)));
            });
        }
    }

    /// `map_items` keeps the order, and runs each item on one thread
    /// exactly when the items share the pool evenly.
    #[test]
    fn map_items_keeps_the_order_and_plans_items_by_the_rule() {
        for &t in pools() {
            for len in [0, 1, 3, 4, 16, 33] {
                let items: Vec<u64> = (0..len).collect();
                let (out, seen, even) = on_pool(t, || {
                    let out = map_items(&items, |x| x * x + 1);
                    let seen = map_items(&items, |_| threads());
                    (out, seen, items_share_evenly(items.len()))
                });
                assert_eq!(out, items.iter().map(|x| x * x + 1).collect::<Vec<_>>());
                let want = if even { 1 } else { t };
                assert!(
                    seen.iter().all(|&s| s == want),
                    "{len} items on {t} threads: each saw {seen:?}, want {want}"
                );
            }
        }
    }
}
