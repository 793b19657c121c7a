//! The primitives of the final exponentiation against their plain
//! definitions: Karabina's compressed squaring (+ decompression) against
//! Granger–Scott squaring, the exponentiation-by-x schedules against the
//! seed, `exp_by_x` against a generic exponentiation, and the `Fp4`/`Fp12`/
//! `Fp24` product and squaring formulas against arkworks' generic ones.

use ark_ff::{CyclotomicMultSubgroup, Field, One, UniformRand};
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_bls24_317::{
    bls24::{
        compressed::Compressed,
        cyclotomic::is_in_cyclotomic_subgroup,
        exp_by_x::{exp_by_x, sliding_window_digits, ExpSchedule, KARABINA_MIN_RUN},
        fp12::fp12_mul,
        fp4::{fp4_square, Fp4Config},
        pairing::final_exponentiation_easy,
        Bls24Config,
    },
    Config, Fq12, Fq24, Fq4, Fq4Config,
};

/// A random element of the cyclotomic subgroup (the easy part of a random
/// `Fq24` element).
fn random_cyclotomic(rng: &mut ChaCha20Rng) -> Fq24 {
    let m = final_exponentiation_easy::<Config>(&Fq24::rand(rng)).expect("non-zero");
    assert!(is_in_cyclotomic_subgroup(&m));
    m
}

fn gs_square_n(f: &Fq24, n: usize) -> Fq24 {
    let mut r = *f;
    for _ in 0..n {
        r.cyclotomic_square_in_place();
    }
    r
}

#[test]
fn compressed_squaring_matches_granger_scott() {
    let mut rng = ChaCha20Rng::seed_from_u64(31);
    for _ in 0..4 {
        let m = random_cyclotomic(&mut rng);
        // round trip without squaring, then runs of several lengths
        assert_eq!(Compressed::new(&m).decompress(), m);
        for n in [1, 2, 9, 15] {
            let mut c = Compressed::new(&m);
            c.square_n(n);
            let expected = gs_square_n(&m, n);
            assert_eq!(c.decompress(), expected, "run of {n}");
            // and Granger-Scott agrees with plain squaring
            let mut plain = m;
            for _ in 0..n {
                plain.square_in_place();
            }
            assert_eq!(plain, expected);
        }
    }
}

#[test]
fn compressed_one_stays_one() {
    let mut c = Compressed::new(&Fq24::one());
    c.square_n(3);
    assert_eq!(c.decompress(), Fq24::one());
}

#[test]
fn compressed_squaring_is_wrong_off_the_subgroup() {
    // the formulas are only valid on the cyclotomic subgroup: a random
    // element is not recovered, so the test above can fail
    let mut rng = ChaCha20Rng::seed_from_u64(32);
    let f = Fq24::rand(&mut rng);
    assert!(!is_in_cyclotomic_subgroup(&f));
    assert_ne!(Compressed::new(&f).decompress(), f);
}

fn value_of(digits: &[i8]) -> i128 {
    digits
        .iter()
        .enumerate()
        .map(|(i, d)| i128::from(*d) << i)
        .sum()
}

fn schedule_value(s: &ExpSchedule) -> i128 {
    let mut v = i128::from(s.top);
    for (n, d) in &s.steps {
        v = (v << n) + i128::from(*d);
    }
    v << s.tail
}

#[test]
fn exponent_schedules_represent_the_seed() {
    let x = i128::from(<Config as Bls24Config>::X[0]);
    let naf = <Config as Bls24Config>::x_naf();
    let window = sliding_window_digits(<Config as Bls24Config>::X);
    assert_eq!(value_of(&naf), x);
    assert_eq!(value_of(&window), x);
    assert!(window.iter().all(|d| [0, 1, 3].contains(d)));
    for digits in [&naf, &window] {
        assert_eq!(schedule_value(&ExpSchedule::from_digits(digits)), x);
    }
    // for x = 0xd9018000 the window schedule wins: 31 squarings (runs 3, 3,
    // 9, 15 after f^3) and 4 products, like gnark's addition chain
    let s = ExpSchedule::for_seed::<Config>();
    assert_eq!(s, ExpSchedule::from_digits(&window));
    assert_eq!(
        (s.top, s.steps.clone(), s.tail),
        (3, vec![(3, 3), (3, 1), (9, 3)], 15)
    );
    assert!(s.uses_three());
    assert!(s.cost() < ExpSchedule::from_digits(&naf).cost());
    const { assert!(KARABINA_MIN_RUN <= 9) };
    // other shapes: a NAF with negative digits, a single bit
    assert_eq!(
        value_of(&sliding_window_digits(&[0b1011_0111])),
        0b1011_0111
    );
    let s = ExpSchedule::from_digits(&[-1, 0, 0, 1]);
    assert_eq!(schedule_value(&s), 7);
    assert_eq!(ExpSchedule::from_digits(&[0, 0, 1]).tail, 2);
}

#[test]
fn exp_by_x_is_the_power_x() {
    let mut rng = ChaCha20Rng::seed_from_u64(33);
    for _ in 0..3 {
        let m = random_cyclotomic(&mut rng);
        let expected = m.pow(<Config as Bls24Config>::X);
        assert_eq!(exp_by_x::<Config>(&m), expected);
        assert_eq!(m.cyclotomic_exp(<Config as Bls24Config>::X), expected);
    }
}

#[test]
fn tower_products_match_arkworks_generic_ones() {
    let mut rng = ChaCha20Rng::seed_from_u64(34);
    for _ in 0..20 {
        let (a, b) = (Fq4::rand(&mut rng), Fq4::rand(&mut rng));
        assert_eq!(fp4_square(&a), a.square());
        assert_eq!(fp4_square(&a), a * a);
        assert_eq!(<Fq4Config as Fp4Config>::square_fp4(&a), a * a);
        assert_eq!(<Fq4Config as Fp4Config>::mul_fp4(&a, &b), a * b);
        assert_eq!(
            fp12_mul(&Fq12::new(a, b, a + b), &Fq12::new(b, a.square(), a)),
            Fq12::new(a, b, a + b) * Fq12::new(b, a.square(), a)
        );
        let (c, d) = (Fq12::rand(&mut rng), Fq12::rand(&mut rng));
        let (e, f) = (Fq24::new(c, d), Fq24::new(d + c, c.square()));
        // Fq24's product against the schoolbook definition over Fq12
        // (i^2 = w, the non-residue of Fq24)
        let w = Fq12::new(Fq4::from(0u64), Fq4::from(1u64), Fq4::from(0u64));
        let prod = e * f;
        // Fq24 squaring against the product and arkworks' generic squaring
        assert_eq!(e.square(), e * e);
        assert_eq!(e.square().0, e.0.square());
        assert_eq!(prod.0.c0, c * f.0.c0 + d * f.0.c1 * w);
        assert_eq!(prod.0.c1, c * f.0.c1 + d * f.0.c0);
    }
}
