//! Times one `F_p` inversion of BLS12-381, arkworks' against blst's
//! (`vidkit_blst::fp::inverse`), in three alternating rounds of 10 000
//! random elements. A quick check of the figure in `vidkit_blst::fp`'s
//! docs, not a criterion benchmark: run it on a quiet machine.
//!
//! ```sh
//! cargo run --release -p vidkit-blst --example inverse
//! ```

use ark_bls12_381::Fq;
use ark_ff::{Field, UniformRand, Zero};
use ark_std::rand::SeedableRng;
use std::{hint::black_box, time::Instant};

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let xs: Vec<Fq> = (0..10_000).map(|_| Fq::rand(&mut rng)).collect();
    for round in 1..=3 {
        let start = Instant::now();
        let ark: Fq = xs.iter().map(|x| black_box(x).inverse().unwrap()).sum();
        let t_ark = start.elapsed() / xs.len() as u32;
        let start = Instant::now();
        let blst: Fq = xs
            .iter()
            .map(|x| vidkit_blst::fp::inverse(black_box(x)).unwrap())
            .sum();
        let t_blst = start.elapsed() / xs.len() as u32;
        assert_eq!(ark, blst);
        assert!(!ark.is_zero());
        println!("round {round}: arkworks {t_ark:?}, blst {t_blst:?} per inversion");
    }
}
