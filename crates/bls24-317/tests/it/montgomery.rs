//! Montgomery multiplication and squaring of every base and scalar field the
//! workspace uses, against big-integer arithmetic modulo `p`.
//!
//! These are the functions ark-ff's `asm` feature replaces with `mulx`/`adcx`/
//! `adox` assembly (when compiled with the `bmi2` and `adx` target features):
//! the same test runs in the default build and in the assembly build
//! (`RUSTFLAGS="-C target-feature=+bmi2,+adx" cargo test -p vidkit-bls24-317
//! --features asm`), so both are checked against the same reference.

use ark_ff::{BigInteger, Field, Fp, MontBackend, MontConfig, PrimeField, UniformRand};
use ark_std::rand::SeedableRng;
use num_bigint::BigUint;
use rand_chacha::ChaCha20Rng;

/// Raw limbs to check: small values, values next to `p`, and values next to
/// each limb boundary `2^(64·i)` (carries out of every limb), each reduced
/// below `p`; then random limbs below `p`.
fn raw_inputs<const N: usize>(p: &BigUint, rng: &mut ChaCha20Rng) -> Vec<BigUint> {
    let one = BigUint::from(1u8);
    let mut v: Vec<BigUint> = vec![0u8.into(), 1u8.into(), 2u8.into(), p - 1u8, p - 2u8, p >> 1];
    for i in 1..=N {
        let b = &one << (64 * i);
        for x in [&b - 1u8, b.clone(), &b + 1u8, &b >> 1, (&b >> 1) - 1u8] {
            v.push(x % p);
        }
        v.push(p - (&one << (64 * (i - 1))));
    }
    // the top limb of p with all ones or the complement of p - 1 below it
    let low = (&one << (64 * (N - 1))) - 1u8;
    let top = (p >> (64 * (N - 1))) << (64 * (N - 1));
    v.push(&top - 1u8);
    v.push(((p - 1u8) ^ &low) % p);
    for _ in 0..200 {
        let limbs: Vec<u64> = (0..N).map(|_| u64::rand(rng)).collect();
        let mut bytes = Vec::with_capacity(8 * N);
        for l in limbs {
            bytes.extend_from_slice(&l.to_le_bytes());
        }
        v.push(BigUint::from_bytes_le(&bytes) % p);
    }
    v
}

fn check<T: MontConfig<N>, const N: usize>(name: &str) {
    type F<T, const N: usize> = Fp<MontBackend<T, N>, N>;
    let p: BigUint = T::MODULUS.into();
    let r = (BigUint::from(1u8) << (64 * N)) % &p;
    let r_inv = r.modpow(&(&p - 2u8), &p);
    let mut rng = ChaCha20Rng::seed_from_u64(17);
    let xs = raw_inputs::<N>(&p, &mut rng);
    let raw = |x: &BigUint| {
        assert!(x < &p, "{name}: input {x:#x} not reduced");
        F::<T, N>::new_unchecked(x.clone().try_into().expect("below p"))
    };
    let limbs = |f: &F<T, N>| -> BigUint { f.0.into() };
    for (i, x) in xs.iter().enumerate() {
        let a = raw(x);
        let sq = (x * x * &r_inv) % &p;
        assert_eq!(limbs(&a.square()), sq, "{name}: square of raw limbs {x:#x}");
        let mut s = a;
        s.square_in_place();
        assert_eq!(limbs(&s), sq, "{name}: square_in_place of raw limbs {x:#x}");
        // every edge input against every other, random ones against a few
        let others = if i < 64 {
            &xs[..]
        } else {
            &xs[i..(i + 4).min(xs.len())]
        };
        for y in others {
            let b = raw(y);
            let want = (x * y * &r_inv) % &p;
            assert_eq!(
                limbs(&(a * b)),
                want,
                "{name}: Montgomery product of {x:#x} and {y:#x}"
            );
            let mut m = a;
            m *= &b;
            assert_eq!(limbs(&m), want, "{name}: mul_assign of {x:#x} and {y:#x}");
        }
    }
    // the same through the field's own conversions: values, not limbs
    for _ in 0..100 {
        let (a, b) = (F::<T, N>::rand(&mut rng), F::<T, N>::rand(&mut rng));
        let (x, y): (BigUint, BigUint) = (a.into_bigint().into(), b.into_bigint().into());
        assert_eq!(
            BigUint::from((a * b).into_bigint()),
            (&x * &y) % &p,
            "{name}: a·b"
        );
        assert_eq!(
            BigUint::from(a.square().into_bigint()),
            (&x * &x) % &p,
            "{name}: a²"
        );
        assert_eq!((a * b).into_bigint().to_bytes_le().len(), 8 * N);
    }
}

#[test]
fn montgomery_products_match_big_integers() {
    check::<vidkit_bls24_317::FqConfig, 5>("BLS24-317 Fq");
    check::<vidkit_bls24_317::FrConfig, 4>("BLS24-317 Fr");
    check::<ark_bls12_381::FqConfig, 6>("BLS12-381 Fq");
    check::<ark_bls12_381::FrConfig, 4>("BLS12-381 Fr");
    check::<ark_bn254::FqConfig, 4>("BN254 Fq");
    check::<ark_bn254::FrConfig, 4>("BN254 Fr");
}

/// ark-ff takes its assembly path only for moduli that leave the top bit of
/// the top limb free and are not all ones below it (the "no-carry" condition,
/// checked for squaring too); every field here does, so an `asm` build runs
/// the assembly for all of them (asserted so that a change of modulus or of
/// ark-ff's condition is noticed).
#[test]
fn every_field_meets_the_no_carry_condition() {
    let fields = [
        (
            "BLS24-317 Fq",
            <vidkit_bls24_317::FqConfig as MontConfig<5>>::CAN_USE_NO_CARRY_MUL_OPT,
            <vidkit_bls24_317::FqConfig as MontConfig<5>>::CAN_USE_NO_CARRY_SQUARE_OPT,
        ),
        (
            "BLS24-317 Fr",
            <vidkit_bls24_317::FrConfig as MontConfig<4>>::CAN_USE_NO_CARRY_MUL_OPT,
            <vidkit_bls24_317::FrConfig as MontConfig<4>>::CAN_USE_NO_CARRY_SQUARE_OPT,
        ),
        (
            "BLS12-381 Fq",
            <ark_bls12_381::FqConfig as MontConfig<6>>::CAN_USE_NO_CARRY_MUL_OPT,
            <ark_bls12_381::FqConfig as MontConfig<6>>::CAN_USE_NO_CARRY_SQUARE_OPT,
        ),
        (
            "BLS12-381 Fr",
            <ark_bls12_381::FrConfig as MontConfig<4>>::CAN_USE_NO_CARRY_MUL_OPT,
            <ark_bls12_381::FrConfig as MontConfig<4>>::CAN_USE_NO_CARRY_SQUARE_OPT,
        ),
        (
            "BN254 Fq",
            <ark_bn254::FqConfig as MontConfig<4>>::CAN_USE_NO_CARRY_MUL_OPT,
            <ark_bn254::FqConfig as MontConfig<4>>::CAN_USE_NO_CARRY_SQUARE_OPT,
        ),
        (
            "BN254 Fr",
            <ark_bn254::FrConfig as MontConfig<4>>::CAN_USE_NO_CARRY_MUL_OPT,
            <ark_bn254::FrConfig as MontConfig<4>>::CAN_USE_NO_CARRY_SQUARE_OPT,
        ),
    ];
    for (name, mul, square) in fields {
        assert!(mul && square, "{name}: ark-ff's assembly would not be used");
    }
}
