//! Exponentiation by the seed `x` in the cyclotomic subgroup of `Fp24`, the
//! building block of the final exponentiation's hard part (eight of them).
//!
//! `|x|` is written in signed digits `{0, ±1, ±3}`, whichever of two
//! representations is cheaper: its 2-NAF (`{0, ±1}`, one product per
//! non-zero digit) or a width-2 sliding window over its binary expansion
//! (`{0, 1, 3}`, one product per window plus one squaring and one product
//! for `f^3`). Negative digits multiply by conjugates (inverses in the
//! cyclotomic subgroup). For BLS24-317 (`x = 0xd9018000`) the window wins:
//! 31 squarings and 4 products, the same count as gnark-crypto's addition
//! chain (`ExptHalf` then one squaring), against 32 and 5 for the NAF.
//!
//! Runs of at least [`KARABINA_MIN_RUN`] squarings are done with Karabina's
//! compressed squaring ([`super::compressed`]) and one decompression; for
//! BLS24-317 those are the runs of 9 and 15 squarings.

use ark_ff::{CyclotomicMultSubgroup, One};
use ark_std::vec::Vec;

use super::{compressed::Compressed, Bls24Config, Fp24};

type Gt<P> = Fp24<<P as Bls24Config>::Fp24Config>;

/// The shortest run of squarings done in compressed form: a Karabina
/// squaring saves about half a Granger–Scott squaring and a decompression
/// (one `Fp4` inversion) costs about two, so short runs do not pay.
pub const KARABINA_MIN_RUN: usize = 6;

/// `|x|` as a left-to-right schedule: start from `f^top`, then for each
/// step square `squarings` times and multiply by `f^digit`; finally square
/// `tail` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpSchedule {
    /// The leading digit (`1` or `3`).
    pub top: i8,
    /// `(squarings, digit)` with `digit ∈ {±1, ±3}`.
    pub steps: Vec<(usize, i8)>,
    /// Squarings after the last product.
    pub tail: usize,
}

impl ExpSchedule {
    /// The schedule of signed digits `digits` (least significant first,
    /// values in `{0, ±1, ±3}`, positive leading digit).
    ///
    /// # Panics
    /// If all digits are zero or the leading one is negative.
    pub fn from_digits(digits: &[i8]) -> Self {
        let top_pos = digits
            .iter()
            .rposition(|d| *d != 0)
            .expect("a non-zero exponent");
        let top = digits[top_pos];
        assert!(top > 0, "the exponent is positive");
        let mut steps = Vec::new();
        let mut run = 0;
        for d in digits[..top_pos].iter().rev() {
            run += 1;
            if *d != 0 {
                steps.push((run, *d));
                run = 0;
            }
        }
        Self {
            top,
            steps,
            tail: run,
        }
    }

    /// Whether `f^3` is needed.
    pub fn uses_three(&self) -> bool {
        self.top == 3 || self.steps.iter().any(|(_, d)| d.abs() == 3)
    }

    /// Cost in cyclotomic squarings, counting a product as 2.6 squarings
    /// (the ratio of their `Fp4` work, products being full `Fp24` ones).
    pub fn cost(&self) -> f64 {
        let extra = usize::from(self.uses_three());
        let squarings = self.steps.iter().map(|(n, _)| n).sum::<usize>() + self.tail + extra;
        let products = self.steps.len() + extra;
        squarings as f64 + 2.6 * products as f64
    }

    /// The cheaper of the NAF and the width-2 sliding-window schedules of
    /// the seed `|x|` of `P`.
    pub fn for_seed<P: Bls24Config>() -> Self {
        let naf = Self::from_digits(&P::x_naf());
        let window = Self::from_digits(&sliding_window_digits(P::X));
        if window.cost() < naf.cost() {
            window
        } else {
            naf
        }
    }
}

/// The width-2 sliding-window digits (`{0, 1, 3}`, least significant
/// first) of the integer with little-endian limbs `limbs`.
pub fn sliding_window_digits(limbs: &[u64]) -> Vec<i8> {
    let bits = limbs.len() * 64;
    let bit = |i: usize| (limbs[i / 64] >> (i % 64)) & 1 == 1;
    let mut digits = ark_std::vec![0i8; bits];
    let mut i = bits;
    while i > 0 {
        i -= 1;
        if !bit(i) {
            continue;
        }
        if i > 0 && bit(i - 1) {
            digits[i - 1] = 3;
            i -= 1;
        } else {
            digits[i] = 1;
        }
    }
    digits
}

/// Squares `f` `n` times: Granger–Scott for short runs, Karabina's
/// compressed squaring and one decompression for runs of at least
/// [`KARABINA_MIN_RUN`].
#[inline]
pub fn cyclotomic_square_run<P: Bls24Config>(f: &mut Gt<P>, n: usize) {
    if n >= KARABINA_MIN_RUN {
        let mut c = Compressed::new(f);
        c.square_n(n);
        *f = c.decompress();
    } else {
        for _ in 0..n {
            f.cyclotomic_square_in_place();
        }
    }
}

/// `f^x` for `f` in the cyclotomic subgroup of `Fp24` (see the module docs),
/// conjugated when `x < 0`.
pub fn exp_by_x<P: Bls24Config>(f: &Gt<P>) -> Gt<P> {
    let schedule = ExpSchedule::for_seed::<P>();
    let f_inv = conj::<P>(f);
    let (f3, f3_inv) = if schedule.uses_three() {
        let mut f3 = *f;
        f3.cyclotomic_square_in_place();
        f3 *= f;
        (f3, conj::<P>(&f3))
    } else {
        (Gt::<P>::one(), Gt::<P>::one())
    };
    let table = |d: i8| match d {
        1 => f,
        -1 => &f_inv,
        3 => &f3,
        -3 => &f3_inv,
        _ => unreachable!("digits are ±1 or ±3"),
    };
    let mut r = *table(schedule.top);
    for (n, d) in &schedule.steps {
        cyclotomic_square_run::<P>(&mut r, *n);
        r *= table(*d);
    }
    cyclotomic_square_run::<P>(&mut r, schedule.tail);
    if P::X_IS_NEGATIVE {
        r.conjugate_in_place();
    }
    r
}

/// The cyclotomic inverse (conjugate) of `f`.
#[inline]
pub(crate) fn conj<P: Bls24Config>(f: &Gt<P>) -> Gt<P> {
    let mut r = *f;
    r.conjugate_in_place();
    r
}
