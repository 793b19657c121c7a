//! One G1 MSM of `2^s` points, for instruction and cache-miss counts under
//! `valgrind --tool=cachegrind` (wall-clock timing is the `msm` bench).
//!
//! `msm_count <curve> <s> [c]`: `curve` is `bls12-381` or `bn254`; `c = 0`
//! builds the inputs only (subtract its counts to isolate the MSM), no `c`
//! lets [`pippenger::window_size`] choose.
//!
//! ```text
//! valgrind --tool=cachegrind --cache-sim=yes \
//!     target/release/examples/msm_count bls12-381 16
//! ```

use ark_ec::{short_weierstrass::SWCurveConfig, CurveGroup};
use ark_ff::{PrimeField, UniformRand};
use ark_std::rand::SeedableRng;
use std::hint::black_box;
use vidkit_msm::pippenger;

#[path = "../benches/common/mod.rs"]
mod common;
use common::points;

fn run<P: SWCurveConfig>(s: u32, c: Option<u32>) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(17);
    let n = 1usize << s;
    let bases = points::<P>(n, &mut rng);
    let scalars: Vec<_> = (0..n)
        .map(|_| P::ScalarField::rand(&mut rng).into_bigint())
        .collect();
    let r = match c {
        Some(0) => return,
        Some(c) => pippenger::msm_bigint_with_window(&bases, &scalars, c),
        None => pippenger::msm_bigint(&bases, &scalars),
    };
    let _ = black_box(r.into_affine());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let curve = args.get(1).map_or("bls12-381", String::as_str);
    let s: u32 = args.get(2).and_then(|v| v.parse().ok()).unwrap_or(12);
    let c: Option<u32> = args.get(3).and_then(|v| v.parse().ok());
    eprintln!(
        "{curve} 2^{s}: c = {}",
        c.unwrap_or_else(|| pippenger::window_size(1 << s))
    );
    match curve {
        "bls12-381" => run::<ark_bls12_381::g1::Config>(s, c),
        "bn254" => run::<ark_bn254::g1::Config>(s, c),
        _ => panic!("curve: bls12-381 or bn254"),
    }
}
