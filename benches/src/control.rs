//! The control workload: a fixed piece of work timed next to every sample,
//! so that a machine whose speed drifts during a sweep (frequency scaling,
//! other tenants, thermal limits) shows it in the data instead of in the
//! scheme comparisons.
//!
//! Two parts, each on one thread in a pool of its own (so the result does
//! not depend on the point's pool size), both with arkworks' own code rather
//! than vidkit's so that a change to vidkit cannot move the control:
//! * a variable-base MSM of [`MSM_TERMS`] fixed pseudo-random G1 points and
//!   scalars on BLS12-381 (`ark_ec::VariableBaseMSM`);
//! * a dependent chain of [`FIELD_STEPS`] multiply-adds in BLS12-381's
//!   scalar field.
//!
//! [`spread`] is the ratio max/min of a set of control times; tables flag
//! cells whose control spread exceeds [`SPREAD_THRESHOLD`].

use ark_bls12_381::{Fr, G1Affine, G1Projective};
use ark_ec::{CurveGroup, VariableBaseMSM};
use ark_ff::UniformRand;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::sync::OnceLock;
use std::time::Instant;

/// Terms of the control MSM.
pub const MSM_TERMS: usize = 256;
/// Steps of the control field loop.
pub const FIELD_STEPS: usize = 1 << 16;
/// A cell (or a table) whose control times vary by more than this factor
/// (max/min) was measured on a drifting machine and is flagged.
pub const SPREAD_THRESHOLD: f64 = 1.25;

/// The two control times of one sample, in nanoseconds (0 = not measured).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ControlTimes {
    /// The fixed MSM.
    pub msm_ns: u64,
    /// The fixed field loop.
    pub field_ns: u64,
}

struct Inputs {
    bases: Vec<G1Affine>,
    scalars: Vec<Fr>,
    pool: rayon::ThreadPool,
}

fn inputs() -> &'static Inputs {
    static INPUTS: OnceLock<Inputs> = OnceLock::new();
    INPUTS.get_or_init(|| {
        let mut rng = ChaCha20Rng::seed_from_u64(0xc0_47_01);
        let points: Vec<G1Projective> = (0..MSM_TERMS)
            .map(|_| G1Projective::rand(&mut rng))
            .collect();
        Inputs {
            bases: G1Projective::normalize_batch(&points),
            scalars: (0..MSM_TERMS).map(|_| Fr::rand(&mut rng)).collect(),
            pool: rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .expect("a one-thread pool"),
        }
    })
}

fn elapsed_ns(start: Instant) -> u64 {
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// Times the control workload once (both parts, one thread).
pub fn run() -> ControlTimes {
    let inp = inputs();
    inp.pool.install(|| {
        let start = Instant::now();
        let r = G1Projective::msm(&inp.bases, &inp.scalars).expect("equal lengths");
        let _ = std::hint::black_box(r);
        let msm_ns = elapsed_ns(start);

        let start = Instant::now();
        let (mut acc, step) = (inp.scalars[0], inp.scalars[1]);
        for _ in 0..FIELD_STEPS {
            acc = acc * step + step;
        }
        std::hint::black_box(acc);
        ControlTimes {
            msm_ns,
            field_ns: elapsed_ns(start),
        }
    })
}

/// max/min of the non-zero times (1.0 for fewer than two).
pub fn spread(times: impl IntoIterator<Item = u64>) -> f64 {
    let (mut lo, mut hi) = (u64::MAX, 0u64);
    let mut count = 0;
    for t in times.into_iter().filter(|&t| t > 0) {
        lo = lo.min(t);
        hi = hi.max(t);
        count += 1;
    }
    if count < 2 {
        1.0
    } else {
        hi as f64 / lo as f64
    }
}

/// Whether a spread exceeds [`SPREAD_THRESHOLD`].
pub fn drifted(spread: f64) -> bool {
    spread > SPREAD_THRESHOLD
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_runs_and_spread_is_max_over_min() {
        let t = run();
        assert!(t.msm_ns > 0 && t.field_ns > 0, "{t:?}");
        assert_eq!(spread([100, 0, 150, 120]), 1.5);
        assert_eq!(spread([100]), 1.0);
        assert_eq!(spread([]), 1.0);
        assert!(drifted(spread([100, 130])));
        assert!(!drifted(spread([100, 120])));
    }
}
