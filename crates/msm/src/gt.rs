//! Multi-exponentiation in the pairing target group `G_T`.
//!
//! `Π_i T_i^{s_i}` (written additively, `Σ_i s_i·T_i`, as arkworks'
//! [`PairingOutput`] does) for elements `T_i` of the order-`r` subgroup of
//! `F_{p^k}^*`. arkworks' generic `VariableBaseMSM` treats `G_T` like any
//! group: full squarings (not the cheaper cyclotomic ones), inversions that
//! are not free, and 255-bit exponents. Three facts about `G_T` make it much
//! cheaper:
//!
//! * **Cyclotomic squaring.** `G_T` lies in the cyclotomic subgroup, where
//!   squaring costs about 60 % of a multiplication (Granger–Scott,
//!   arkworks' [`CyclotomicMultSubgroup`]).
//! * **Free inversion.** There an inverse is a conjugation, so signed digits
//!   (w-NAF, signed buckets) cost nothing extra.
//! * **Frobenius decomposition (GLS).** The `p`-power Frobenius `π` maps
//!   `T ↦ T^p = T^{p mod r}` on the order-`r` subgroup, and costs a few
//!   multiplications by constants. If some power `p^e` is congruent to a
//!   small `±L` modulo `r`, then `T^L = π^e(T)^{±1}` and, writing
//!   `s = Σ_d s_d·L^d` in base `L` (digits `< L`),
//!   `T^s = Π_d (φ^d(T))^{s_d}` with `φ = (π^e)^{±1}`. The exponents shrink
//!   from `log r` to `log L` bits, and with them the shared squarings. On
//!   BLS12 curves `p ≡ x (mod r)` gives four 64-bit digits (BLS12-381); on
//!   BN254 `p ≡ 6u² (mod r)` gives two 127-bit digits (and a tiny third: `L²`
//!   is just below `r`); on BLS24-317 eight
//!   32-bit digits. `e` and the sign are found at run time from the moduli,
//!   so this works for any arkworks pairing (none found: no decomposition).
//!
//! The exponentiation itself is Straus's interleaved w-NAF for few bases
//! (one table of odd powers per base) and signed-bucket Pippenger for many,
//! whichever a cost model counting multiplications picks.
//!
//! **Precondition**: every `T_i` has order dividing `r` (is in `G_T`). The
//! outputs of pairings are, and so are elements that pass [`gt_contains`]
//! (or arkworks' validation, `T^r = 1`). For any other element the
//! Frobenius decomposition computes a different power than `T^{s}`.
//!
//! # Membership
//!
//! The same Frobenius relation tests membership in `G_T` with a short
//! exponent instead of `T^r = 1` (Scott, "A note on group membership tests
//! for G1, G2 and GT on BLS pairing-friendly curves", eprint 2021/1130).
//! For embedding degree `k = 2^a·3^b` (`a, b ≥ 1`: 12 and 24 here) the
//! cyclotomic subgroup `G_Φ` has order `Φ_k(p) = p^{k/3} − p^{k/6} + 1`, and
//! `T ∈ G_Φ` iff `π^{k/3}(T)·T = π^{k/6}(T)` (three Frobenius maps and a
//! multiplication). In the cyclic group `G_Φ`, `T^{p^e} = T^{±L}` holds for
//! exactly the elements of order dividing `N = gcd(p^e ∓ L, Φ_k(p))`, a
//! multiple of `r`; where `N = r` the two equations together are
//! **exactly** membership in `G_T`, at the cost of one exponentiation by
//! `L` (64 bits on BLS12-381, 127 on BN254, 32 on BLS24-317, with
//! cyclotomic squarings; on BLS12-381 with blst's arithmetic) instead of
//! one by `r`. [`gt_contains`] checks
//! `N = r` from the moduli and falls back to `T^r = 1` for a curve where it
//! fails (none of the shipped ones).

use crate::{
    digits::{recode_into, window_count},
    LengthMismatch,
};
use ark_ec::pairing::{Pairing, PairingOutput};
use ark_ff::{BigInteger, CyclotomicMultSubgroup, Field, One, PrimeField, Zero};
use ark_std::{vec, vec::Vec};
use num_bigint::BigUint;

/// The scalar field's big integer of the pairing `E`.
type BigIntOf<E> = <<E as Pairing>::ScalarField as PrimeField>::BigInt;

/// `Σ_i scalars[i]·bases[i]` in `G_T` (see the module docs; every base must
/// be in `G_T`).
///
/// # Panics
/// If `bases` and `scalars` differ in length (never a silent truncation);
/// [`try_gt_msm`] returns an error instead.
///
/// ```
/// use ark_bls12_381::{Bls12_381, Fr, G1Affine, G2Affine};
/// use ark_ec::{pairing::Pairing, AffineRepr};
/// let t = Bls12_381::pairing(G1Affine::generator(), G2Affine::generator());
/// let u = t * Fr::from(3u64);
/// let sum = vidkit_msm::gt_msm::<Bls12_381>(&[t, u], &[Fr::from(2u64), -Fr::from(5u64)]);
/// assert_eq!(sum, t * -Fr::from(13u64));
/// ```
#[track_caller]
pub fn gt_msm<E: Pairing>(
    bases: &[PairingOutput<E>],
    scalars: &[E::ScalarField],
) -> PairingOutput<E> {
    try_gt_msm(bases, scalars).unwrap_or_else(|e| panic!("vidkit_msm::gt_msm: {e}"))
}

/// [`gt_msm`], or [`LengthMismatch`] if `bases` and `scalars` differ in length.
pub fn try_gt_msm<E: Pairing>(
    bases: &[PairingOutput<E>],
    scalars: &[E::ScalarField],
) -> Result<PairingOutput<E>, LengthMismatch> {
    LengthMismatch::check(bases.len(), scalars.len())?;
    Ok(gt_msm_unchecked(bases, scalars))
}

/// [`gt_msm`] on inputs of equal length.
fn gt_msm_unchecked<E: Pairing>(
    bases: &[PairingOutput<E>],
    scalars: &[E::ScalarField],
) -> PairingOutput<E> {
    let split = Frobenius::find::<E>();
    let (virtual_bases, digits) = match &split {
        Some(f) => f.decompose::<E>(bases, scalars),
        None => (
            bases.iter().map(|b| b.0).collect(),
            scalars.iter().map(|s| s.into_bigint()).collect(),
        ),
    };
    PairingOutput(exponentiate::<E>(&virtual_bases, &digits))
}

/// Whether `t` is in `G_T`, the order-`r` subgroup of `F_{p^k}^*` (the
/// check arkworks' validation of a [`PairingOutput`] makes, `t^r = 1`, but
/// with a 64-bit exponent on BLS12-381: see the module docs). Zero and
/// elements outside `G_T` are refused.
///
/// ```
/// use ark_bls12_381::{Bls12_381, Fq12, G1Affine, G2Affine};
/// use ark_ec::{pairing::{Pairing, PairingOutput}, AffineRepr};
/// use ark_ff::{AdditiveGroup, One};
/// let t = Bls12_381::pairing(G1Affine::generator(), G2Affine::generator());
/// assert!(vidkit_msm::gt_contains(&t));
/// // 2 is not in G_T (not even in the cyclotomic subgroup)
/// assert!(!vidkit_msm::gt_contains(&PairingOutput::<Bls12_381>(Fq12::one().double())));
/// ```
pub fn gt_contains<E: Pairing>(t: &PairingOutput<E>) -> bool {
    let f = &t.0;
    if f.is_zero() {
        return false;
    }
    match Membership::find::<E>() {
        Some(m) => m.contains(f),
        None => f.pow(E::ScalarField::MODULUS).is_one(),
    }
}

/// The short membership test of `G_T` (module docs), where it is exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Membership {
    /// `k`, the degree of `F_{p^k}` over `F_p`.
    degree: usize,
    /// `T^{p^e} = T^{±L}` on `G_T`.
    split: Frobenius,
    /// `L` as little-endian limbs, for the exponentiation.
    l: Vec<u64>,
}

impl Membership {
    /// The test for `E`, if `k = 2^a·3^b` (`a, b ≥ 1`), a Frobenius split
    /// exists and `gcd(p^e ∓ L, Φ_k(p)) = r`.
    pub(crate) fn find<E: Pairing>() -> Option<Self> {
        type Base<E> = <<E as Pairing>::TargetField as Field>::BasePrimeField;
        let degree = E::TargetField::extension_degree() as usize;
        let mut rest = degree;
        for q in [2, 3] {
            while rest.is_multiple_of(q) {
                rest /= q;
            }
        }
        if !degree.is_multiple_of(6) || rest != 1 {
            return None;
        }
        let split = Frobenius::find::<E>()?;
        let p: BigUint = Base::<E>::MODULUS.into();
        let r: BigUint = E::ScalarField::MODULUS.into();
        let phi = p.pow((degree / 3) as u32) + 1u32 - p.pow((degree / 6) as u32);
        let pe = p.pow(split.power as u32);
        let n = if split.inverse {
            pe + &split.l
        } else {
            pe - &split.l
        };
        if gcd(n, phi) != r {
            return None;
        }
        let l = split.l.to_u64_digits();
        Some(Self { degree, split, l })
    }

    /// `t ∈ G_Φ`: `π^{k/3}(t)·t = π^{k/6}(t)`, i.e. `t^{Φ_k(p)} = 1`.
    fn cyclotomic<F: Field>(&self, t: &F) -> bool {
        let mut a = *t;
        a.frobenius_map_in_place(self.degree / 3);
        a *= t;
        let mut b = *t;
        b.frobenius_map_in_place(self.degree / 6);
        a == b
    }

    /// `t ∈ G_Φ` and `t^{p^e} = t^{±L}` (for `t ≠ 0`).
    fn contains<F: CyclotomicMultSubgroup>(&self, t: &F) -> bool {
        // first: the cyclotomic squarings and inversions of the
        // exponentiation are only right on G_Φ
        if !self.cyclotomic(t) {
            return false;
        }
        let mut lhs = *t;
        lhs.frobenius_map_in_place(self.split.power);
        let mut rhs = power(t, &self.l);
        if self.split.inverse {
            rhs = rhs.gt_inverse();
        }
        lhs == rhs
    }
}

/// `t^e` for `t` in the cyclotomic subgroup (`e` as little-endian limbs):
/// on blst's arithmetic for BLS12-381 (with `std` on 64-bit targets), else
/// arkworks' `cyclotomic_exp`.
fn power<F: CyclotomicMultSubgroup>(t: &F, e: &[u64]) -> F {
    #[cfg(all(feature = "std", target_pointer_width = "64"))]
    if let Some(out) = crate::blst::gt_pow(t, e) {
        return out;
    }
    t.cyclotomic_exp(e)
}

/// `t^e` on the arithmetic `F` (`e` as little-endian limbs; `t` in the
/// cyclotomic subgroup) over the non-adjacent form of `e`, as arkworks'
/// `cyclotomic_exp`: one cyclotomic squaring per digit and a
/// multiplication by `t` or `t⁻¹` per non-zero one.
#[cfg_attr(
    not(all(feature = "std", target_pointer_width = "64")),
    allow(dead_code) // only the blst path and the tests use it there
)]
pub(crate) fn pow_with<F: GtArith>(t: &F, e: &[u64]) -> F {
    let inverse = t.gt_inverse();
    let mut acc = F::gt_one();
    let mut started = false;
    for d in ark_ff::biginteger::arithmetic::find_naf(e)
        .into_iter()
        .rev()
    {
        if started {
            acc.gt_square();
        }
        match d {
            1 => acc.gt_mul(t),
            -1 => acc.gt_mul(&inverse),
            _ => continue,
        }
        started = true;
    }
    acc
}

/// Euclid's greatest common divisor.
fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
    while b.bits() != 0 {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}

/// A Frobenius power `π^e` that acts on `G_T` as `T ↦ T^{±L}` with a small `L`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Frobenius {
    /// `e`: `π^e(T) = T^{p^e}`.
    pub power: usize,
    /// `true` if `p^e ≡ −L (mod r)`: then `T^L = π^e(T)^{-1}`.
    pub inverse: bool,
    /// `L` (at least 2).
    pub l: BigUint,
    /// The number of base-`L` digits of a scalar (`L^digits ≥ r`).
    pub digits: usize,
}

impl Frobenius {
    /// The `(e, ±)` with the smallest `L = ±p^e mod r` for `1 ≤ e < k`,
    /// if it gives at least two digits.
    pub fn find<E: Pairing>() -> Option<Self> {
        type Base<E> = <<E as Pairing>::TargetField as Field>::BasePrimeField;
        let r: BigUint = E::ScalarField::MODULUS.into();
        let p_mod_r = E::ScalarField::from_le_bytes_mod_order(&Base::<E>::MODULUS.to_bytes_le());
        let degree = E::TargetField::extension_degree() as usize;
        let mut best: Option<(BigUint, usize, bool)> = None;
        let mut c = E::ScalarField::one();
        for e in 1..degree {
            c *= p_mod_r;
            let a: BigUint = c.into_bigint().into();
            let b = &r - &a;
            for (l, inverse) in [(a, false), (b, true)] {
                if l.bits() >= 2 && best.as_ref().is_none_or(|(x, _, _)| l < *x) {
                    best = Some((l, e, inverse));
                }
            }
        }
        let (l, power, inverse) = best?;
        let mut digits = 0;
        let mut reach = BigUint::one();
        while reach < r {
            reach *= &l;
            digits += 1;
        }
        (digits >= 2).then_some(Self {
            power,
            inverse,
            l,
            digits,
        })
    }

    /// `T ↦ T^L`.
    fn apply<F: CyclotomicMultSubgroup>(&self, t: &F) -> F {
        let mut out = *t;
        out.frobenius_map_in_place(self.power);
        if self.inverse {
            out.cyclotomic_inverse_in_place()
                .expect("G_T elements are invertible");
        }
        out
    }

    /// The `digits` base-`L` digits of `s` (least significant first).
    pub fn digits_of<B: BigInteger>(&self, s: B) -> Vec<B> {
        let mut rest: BigUint = s.into();
        let mut out = Vec::with_capacity(self.digits);
        for _ in 0..self.digits {
            let digit = &rest % &self.l;
            rest /= &self.l;
            out.push(B::try_from(digit).expect("a digit is below L < r"));
        }
        debug_assert!(rest.bits() == 0, "L^digits ≥ r > s");
        out
    }

    /// The virtual bases `φ^d(T_i)` and their digits, base-major.
    fn decompose<E: Pairing>(
        &self,
        bases: &[PairingOutput<E>],
        scalars: &[E::ScalarField],
    ) -> (Vec<E::TargetField>, Vec<BigIntOf<E>>) {
        let mut out_bases = Vec::with_capacity(bases.len() * self.digits);
        let mut out_digits = Vec::with_capacity(bases.len() * self.digits);
        for (t, s) in bases.iter().zip(scalars) {
            let mut b = t.0;
            for (d, digit) in self.digits_of(s.into_bigint()).into_iter().enumerate() {
                if d > 0 {
                    b = self.apply(&b);
                }
                if !digit.is_zero() {
                    out_bases.push(b);
                    out_digits.push(digit);
                }
            }
        }
        (out_bases, out_digits)
    }
}

/// Fixed elements of `G_T` prepared for many multi-exponentiations: signed
/// window tables `V^{j·2^{c·w}}` (`1 ≤ j ≤ 2^{c−1}`) of every Frobenius image
/// `V = φ^d(T)` of every base (module docs). An exponentiation then costs one
/// multiplication per non-zero window digit: no squarings.
///
/// ```
/// use ark_bls12_381::{Bls12_381, Fr, G1Affine, G2Affine};
/// use ark_ec::{pairing::Pairing, AffineRepr};
/// use vidkit_msm::GtFixedBases;
/// let t = Bls12_381::pairing(G1Affine::generator(), G2Affine::generator());
/// let fixed = GtFixedBases::<Bls12_381>::new(&[t, t * Fr::from(2u64)], 4);
/// let s = [Fr::from(3u64), -Fr::from(1u64)];
/// assert_eq!(fixed.msm(&s), t * Fr::from(1u64));
/// ```
pub struct GtFixedBases<E: Pairing> {
    split: Option<Frobenius>,
    c: usize,
    windows: usize,
    len: usize,
    /// base-major, then digit, then window: `2^{c−1}` powers each
    table: Vec<E::TargetField>,
}

impl<E: Pairing> GtFixedBases<E> {
    /// The tables of `bases` (elements of `G_T`) with `c`-bit signed windows
    /// (`2 ≤ c ≤ 12`).
    pub fn new(bases: &[PairingOutput<E>], c: usize) -> Self {
        assert!((2..=12).contains(&c), "window width 2..=12");
        let split = Frobenius::find::<E>();
        let (digits, bits) = Self::shape(&split);
        let windows = window_count(bits as u32, c as u32);
        let half = 1usize << (c - 1);
        let mut table = Vec::with_capacity(bases.len() * digits * windows * half);
        for t in bases {
            let mut v = t.0;
            for d in 0..digits {
                if d > 0 {
                    v = split
                        .as_ref()
                        .expect("several digits only with a split")
                        .apply(&v);
                }
                let mut p = v;
                for _ in 0..windows {
                    let mut power = p;
                    for _ in 0..half {
                        table.push(power);
                        power *= &p;
                    }
                    for _ in 0..c {
                        p.cyclotomic_square_in_place();
                    }
                }
            }
        }
        Self {
            split,
            c,
            windows,
            len: bases.len(),
            table,
        }
    }

    /// Digits per scalar and bits per digit.
    fn shape(split: &Option<Frobenius>) -> (usize, usize) {
        match split {
            Some(f) => (f.digits, f.l.bits() as usize),
            None => (1, E::ScalarField::MODULUS_BIT_SIZE as usize),
        }
    }

    /// Tables for `calls` multi-exponentiations over `bases`, with the width
    /// that saves the most multiplications over [`gt_msm`], or `None` if no
    /// width saves any (a cyclotomic squaring counted as 0.6 multiplication).
    pub fn for_calls(bases: &[PairingOutput<E>], calls: usize) -> Option<Self> {
        if bases.is_empty() {
            return None;
        }
        let (digits, bits) = Self::shape(&Frobenius::find::<E>());
        let m = bases.len() * digits;
        let plain = 10 * (2..=7).map(|w| straus_cost(m, bits, w)).min()? + 6 * bits;
        (2..=10usize)
            .filter_map(|c| {
                let windows = window_count(bits as u32, c as u32);
                let half = 1usize << (c - 1);
                let per_call = 10 * m * windows;
                let build = m * windows * (10 * (half - 1) + 6 * c);
                let net = (calls as i128) * (plain as i128 - per_call as i128) - build as i128;
                (net > 0).then_some((c, net))
            })
            .max_by_key(|x| x.1)
            .map(|(c, _)| Self::new(bases, c))
    }

    /// Number of prepared bases.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no base is prepared.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `Σ_i scalars[i]·T_i` over the first `scalars.len()` prepared elements.
    ///
    /// # Panics
    /// If there are more scalars than prepared elements.
    #[track_caller]
    pub fn msm(&self, scalars: &[E::ScalarField]) -> PairingOutput<E> {
        LengthMismatch::require_prefix("GtFixedBases::msm", self.len, scalars.len());
        let (digits, _) = Self::shape(&self.split);
        let half = 1usize << (self.c - 1);
        let per_digit = self.windows * half;
        let mut recoded = vec![0i32; self.windows];
        let mut acc = E::TargetField::one();
        for (i, s) in scalars.iter().take(self.len).enumerate() {
            let parts = match &self.split {
                Some(f) => f.digits_of(s.into_bigint()),
                None => vec![s.into_bigint()],
            };
            for (d, part) in parts.iter().enumerate() {
                recode_into(part, self.c as u32, self.windows, &mut recoded, 1);
                let base = (i * digits + d) * per_digit;
                for (w, &x) in recoded.iter().enumerate() {
                    if x != 0 {
                        let t = &self.table[base + w * half + x.unsigned_abs() as usize - 1];
                        mul_signed(&mut acc, t, x < 0);
                    }
                }
            }
        }
        PairingOutput(acc)
    }
}

/// Multiplications of Straus's w-NAF with window `w` for `m` exponents of `bits` bits.
fn straus_cost(m: usize, bits: usize, w: usize) -> usize {
    m * ((1 << (w - 2)) + bits / (w + 1))
}

/// Multiplications of signed-bucket Pippenger with `c`-bit windows.
fn pippenger_cost(m: usize, bits: usize, c: usize) -> usize {
    (bits + 1).div_ceil(c) * (m + (1 << c))
}

/// The arithmetic of `G_T` the exponentiations run on: arkworks' for every
/// pairing (any [`CyclotomicMultSubgroup`] field), and blst's for
/// BLS12-381 ([`crate::blst`]). Squaring and inversion are the cyclotomic
/// subgroup's.
pub(crate) trait GtArith: Copy + Send + Sync {
    /// 1.
    fn gt_one() -> Self;
    /// `self ← self·t`.
    fn gt_mul(&mut self, t: &Self);
    /// `self ← self²`, on the cyclotomic subgroup.
    fn gt_square(&mut self);
    /// `self⁻¹`, on the cyclotomic subgroup (a conjugation).
    fn gt_inverse(&self) -> Self;
}

impl<F: CyclotomicMultSubgroup> GtArith for F {
    fn gt_one() -> Self {
        F::one()
    }
    fn gt_mul(&mut self, t: &Self) {
        *self *= t;
    }
    fn gt_square(&mut self) {
        self.cyclotomic_square_in_place();
    }
    fn gt_inverse(&self) -> Self {
        let mut inv = *self;
        inv.cyclotomic_inverse_in_place()
            .expect("G_T elements are invertible");
        inv
    }
}

/// `Π_i bases[i]^{digits[i]}` with the cheaper of Straus and Pippenger, on
/// blst's arithmetic for BLS12-381 (with `std` on 64-bit targets).
fn exponentiate<E: Pairing>(bases: &[E::TargetField], digits: &[BigIntOf<E>]) -> E::TargetField {
    #[cfg(all(feature = "std", target_pointer_width = "64"))]
    if let Some(out) = crate::blst::gt_exponentiate(bases, digits) {
        return out;
    }
    exponentiate_with(bases, digits)
}

/// [`exponentiate`] on the arithmetic `F`.
pub(crate) fn exponentiate_with<F: GtArith, B: BigInteger>(bases: &[F], digits: &[B]) -> F {
    let m = bases.len();
    if m == 0 {
        return F::gt_one();
    }
    let bits = digits.iter().map(|d| d.num_bits()).max().unwrap_or(0) as usize;
    if bits == 0 {
        return F::gt_one();
    }
    let (w, straus) = (2..=7)
        .map(|w| (w, straus_cost(m, bits, w)))
        .min_by_key(|x| x.1)
        .expect("non-empty range");
    let (c, pippenger) = (2..=16)
        .map(|c| (c, pippenger_cost(m, bits, c)))
        .min_by_key(|x| x.1)
        .expect("non-empty range");
    let run = |b: &[F], d: &[B]| {
        if straus <= pippenger {
            self::straus(b, d, w)
        } else {
            self::pippenger(b, d, bits, c)
        }
    };
    // one run of at least 64 bases per thread, the runs' powers multiplied
    vidkit_pool::per_thread_reduce(
        m,
        64,
        |r| run(&bases[r.clone()], &digits[r]),
        |mut a, b| {
            a.gt_mul(&b);
            a
        },
    )
}

/// `a·t` or `a·t⁻¹` for a signed digit.
#[inline]
fn mul_signed<F: GtArith>(acc: &mut F, t: &F, negative: bool) {
    if negative {
        acc.gt_mul(&t.gt_inverse());
    } else {
        acc.gt_mul(t);
    }
}

/// Straus's interleaved w-NAF: one table `t, t³, …, t^{2^{w−1}−1}` per base,
/// one shared cyclotomic squaring per bit.
fn straus<F: GtArith, B: BigInteger>(bases: &[F], digits: &[B], w: usize) -> F {
    let nafs: Vec<Vec<i64>> = digits
        .iter()
        .map(|d| d.find_wnaf(w).expect("2 ≤ w < 64"))
        .collect();
    let tables: Vec<Vec<F>> = bases
        .iter()
        .map(|t| {
            let mut square = *t;
            square.gt_square();
            let mut table = Vec::with_capacity(1 << (w - 2));
            table.push(*t);
            for i in 1..(1 << (w - 2)) {
                let mut next = table[i - 1];
                next.gt_mul(&square);
                table.push(next);
            }
            table
        })
        .collect();
    let len = nafs.iter().map(Vec::len).max().unwrap_or(0);
    let mut acc = F::gt_one();
    let mut started = false;
    for i in (0..len).rev() {
        if started {
            acc.gt_square();
        }
        for (naf, table) in nafs.iter().zip(&tables) {
            match naf.get(i) {
                Some(&d) if d != 0 => {
                    mul_signed(&mut acc, &table[(d.unsigned_abs() as usize) / 2], d < 0);
                    started = true;
                }
                _ => {}
            }
        }
    }
    acc
}

/// Signed-bucket Pippenger with `c`-bit windows (`2^{c−1}` buckets).
fn pippenger<F: GtArith, B: BigInteger>(bases: &[F], digits: &[B], bits: usize, c: usize) -> F {
    let windows = window_count(bits as u32, c as u32);
    let mut recoded = vec![0i32; digits.len() * windows];
    for (d, out) in digits.iter().zip(recoded.chunks_exact_mut(windows)) {
        recode_into(d, c as u32, windows, out, 1);
    }
    let mut buckets: Vec<Option<F>> = vec![None; 1 << (c - 1)];
    let mut acc = F::gt_one();
    for win in (0..windows).rev() {
        for _ in 0..c {
            acc.gt_square();
        }
        buckets.iter_mut().for_each(|b| *b = None);
        for (t, ds) in bases.iter().zip(recoded.chunks_exact(windows)) {
            let d = ds[win];
            if d == 0 {
                continue;
            }
            let bucket = &mut buckets[d.unsigned_abs() as usize - 1];
            match bucket {
                Some(b) => mul_signed(b, t, d < 0),
                None => *bucket = Some(if d < 0 { t.gt_inverse() } else { *t }),
            }
        }
        // Π_j bucket_j^{j+1} by running products
        let mut running: Option<F> = None;
        let mut total: Option<F> = None;
        for b in buckets.iter().rev() {
            if let Some(b) = b {
                running = Some(running.map_or(*b, |mut r| {
                    r.gt_mul(b);
                    r
                }));
            }
            if let Some(r) = &running {
                total = Some(total.map_or(*r, |mut t| {
                    t.gt_mul(r);
                    t
                }));
            }
        }
        if let Some(t) = total {
            acc.gt_mul(&t);
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ec::{pairing::Pairing, AffineRepr, VariableBaseMSM};
    use ark_ff::{UniformRand, Zero};
    use ark_std::rand::SeedableRng;

    fn check<E: Pairing>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let t = E::pairing(E::G1Affine::generator(), E::G2Affine::generator());
        for m in [0usize, 1, 2, 3, 8, 33, 200] {
            let bases: Vec<PairingOutput<E>> =
                (0..m).map(|_| t * E::ScalarField::rand(&mut rng)).collect();
            let mut scalars: Vec<E::ScalarField> =
                (0..m).map(|_| E::ScalarField::rand(&mut rng)).collect();
            if m > 2 {
                scalars[0] = E::ScalarField::zero();
                scalars[1] = -E::ScalarField::one();
                scalars[2] = E::ScalarField::one();
            }
            let want = PairingOutput::<E>::msm_unchecked(&bases, &scalars);
            assert_eq!(gt_msm::<E>(&bases, &scalars), want, "m = {m}");
        }
        // both algorithms on the same input
        let bases: Vec<E::TargetField> = (0..20)
            .map(|_| (t * E::ScalarField::rand(&mut rng)).0)
            .collect();
        let digits: Vec<BigIntOf<E>> = (0..20)
            .map(|_| E::ScalarField::rand(&mut rng).into_bigint())
            .collect();
        let bits = E::ScalarField::MODULUS_BIT_SIZE as usize;
        let s = straus::<E::TargetField, _>(&bases, &digits, 5);
        for c in [2, 5, 9] {
            assert_eq!(pippenger::<E::TargetField, _>(&bases, &digits, bits, c), s);
        }
    }

    fn check_fixed<E: Pairing>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let t = E::pairing(E::G1Affine::generator(), E::G2Affine::generator());
        let bases: Vec<PairingOutput<E>> =
            (0..3).map(|_| t * E::ScalarField::rand(&mut rng)).collect();
        let scalars = [
            E::ScalarField::rand(&mut rng),
            -E::ScalarField::one(),
            E::ScalarField::zero(),
        ];
        let want = PairingOutput::<E>::msm_unchecked(&bases, &scalars);
        for c in [2, 5, 8] {
            let f = GtFixedBases::<E>::new(&bases, c);
            assert_eq!(f.msm(&scalars), want, "c = {c}");
            assert_eq!(f.msm(&scalars[..1]), bases[0] * scalars[0]);
        }
        assert!(GtFixedBases::<E>::for_calls(&bases, 1).is_none());
        let f = GtFixedBases::<E>::for_calls(&bases, 1000).unwrap();
        assert_eq!(f.msm(&scalars), want);
    }

    #[test]
    fn fixed_bases_match_arkworks() {
        check_fixed::<ark_bls12_381::Bls12_381>(4);
        check_fixed::<ark_bn254::Bn254>(5);
    }

    #[test]
    fn matches_arkworks_bls12_381() {
        check::<ark_bls12_381::Bls12_381>(1);
    }

    /// On BLS12-381 the exponentiation runs on blst's arithmetic: the same
    /// element as on arkworks' for Straus (few bases) and Pippenger (many),
    /// with digits of every size; other fields are not taken.
    #[cfg(all(feature = "std", target_pointer_width = "64"))]
    #[test]
    fn blst_arithmetic_matches_arkworks() {
        use ark_bls12_381::{Bls12_381, Fr};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        let t = Bls12_381::pairing(
            ark_bls12_381::G1Affine::generator(),
            ark_bls12_381::G2Affine::generator(),
        )
        .0;
        let step = t.pow(Fr::rand(&mut rng).0);
        for m in [1usize, 2, 5, 40, 1000] {
            // Straus up to 40 bases, Pippenger at 1000 (full-size digits)
            let bases: Vec<_> = (0..m)
                .scan(t.pow(Fr::rand(&mut rng).0), |b, _| {
                    *b *= step;
                    Some(*b)
                })
                .collect();
            let digits: Vec<_> = (0..m)
                .map(|i| match i % 3 {
                    0 => Fr::rand(&mut rng).into_bigint(),
                    1 => Fr::from(u64::from(i as u32)).into_bigint(),
                    _ => (-Fr::from(1u64)).into_bigint(),
                })
                .collect();
            let want = exponentiate_with(&bases, &digits);
            assert_eq!(
                crate::blst::gt_exponentiate(&bases, &digits),
                Some(want),
                "m = {m}"
            );
        }
        let bn = ark_bn254::Bn254::pairing(
            ark_bn254::G1Affine::generator(),
            ark_bn254::G2Affine::generator(),
        )
        .0;
        let one = [ark_bn254::Fr::from(3u64).into_bigint()];
        assert_eq!(crate::blst::gt_exponentiate(&[bn], &one), None);
        // the exponentiation of the membership test: 0, one limb, several
        for e in [
            vec![],
            vec![0u64],
            vec![1],
            vec![0xd201_0000_0001_0000],
            vec![
                ark_std::rand::RngCore::next_u64(&mut rng),
                ark_std::rand::RngCore::next_u64(&mut rng),
                5,
            ],
        ] {
            let want = t.pow(&e);
            assert_eq!(crate::blst::gt_pow(&t, &e), Some(want), "{e:?}");
            assert_eq!(pow_with(&t, &e), want, "{e:?}");
            assert_eq!(pow_with(&bn, &e), bn.pow(&e), "{e:?}");
        }
        assert_eq!(crate::blst::gt_pow(&bn, &[3]), None);
    }

    #[test]
    fn matches_arkworks_bn254() {
        check::<ark_bn254::Bn254>(2);
    }

    #[test]
    fn frobenius_splits_are_the_known_ones() {
        let f = Frobenius::find::<ark_bls12_381::Bls12_381>().unwrap();
        // p ≡ x = −0xd201000000010000 (mod r): L = |x|, inverted
        assert_eq!((f.power, f.inverse, f.digits), (1, true, 4));
        assert_eq!(f.l, BigUint::from(0xd201_0000_0001_0000u64));
        let f = Frobenius::find::<ark_bn254::Bn254>().unwrap();
        // p ≡ 6u² (mod r), u = 4965661367192848881
        let u = BigUint::from(4_965_661_367_192_848_881u64);
        assert_eq!(f.l, BigUint::from(6u8) * &u * &u);
        assert_eq!(
            (f.power, f.inverse, f.digits),
            (1, false, 3),
            "L² is just below r"
        );
    }

    /// [`gt_contains`] against arkworks' check (`t^r = 1`) on elements of
    /// `G_T` (pairing values and their powers, one), of the cyclotomic
    /// subgroup outside `G_T` (random, and of order dividing the cofactor
    /// `Φ_k(p)/r`), of `F_p` (2, −1), random elements and zero; the short
    /// test is the one used (not the fallback).
    pub(crate) fn membership_matches_arkworks<E: Pairing>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        assert!(Membership::find::<E>().is_some(), "the short test applies");
        let arkworks = |f: &E::TargetField| f.pow(E::ScalarField::MODULUS).is_one();
        let t = E::pairing(E::G1Affine::generator(), E::G2Affine::generator());
        let mut inside = vec![t.0, E::TargetField::one()];
        let mut outside = vec![
            E::TargetField::zero(),
            E::TargetField::one() + E::TargetField::one(),
            -E::TargetField::one(),
        ];
        let k = E::TargetField::extension_degree() as usize;
        for _ in 0..4 {
            inside.push((t * E::ScalarField::rand(&mut rng)).0);
            let f = E::TargetField::rand(&mut rng);
            outside.push(f);
            // f^{(p^{k/2} − 1)(p^{k/6} + 1)}: in the cyclotomic subgroup
            let mut g = f;
            g.frobenius_map_in_place(k / 2);
            g *= f.inverse().unwrap();
            let mut h = g;
            h.frobenius_map_in_place(k / 6);
            g *= h;
            let cofactor_part = g.cyclotomic_exp(E::ScalarField::MODULUS);
            assert!(!cofactor_part.is_one(), "a non-trivial cofactor part");
            outside.extend([g, cofactor_part, g * t.0]);
        }
        let m = Membership::find::<E>().unwrap();
        for f in &inside {
            assert!(arkworks(f) && gt_contains(&PairingOutput::<E>(*f)));
            assert!(m.cyclotomic(f));
        }
        for (i, f) in outside.iter().enumerate() {
            // 2, −1 and the random elements are not cyclotomic, the three
            // built from each random one are; zero satisfies the equation
            // (gt_contains refuses it before)
            assert_eq!(
                m.cyclotomic(f),
                i == 0 || (i >= 3 && (i - 3) % 4 != 0),
                "{i}"
            );
        }
        for (i, f) in outside.iter().enumerate() {
            assert!(!arkworks(f), "{i}: the sample is outside G_T");
            assert!(!gt_contains(&PairingOutput::<E>(*f)), "{i} refused");
        }
    }

    #[test]
    fn membership_matches_arkworks_bls12_381() {
        membership_matches_arkworks::<ark_bls12_381::Bls12_381>(6);
    }

    #[test]
    fn membership_matches_arkworks_bn254() {
        membership_matches_arkworks::<ark_bn254::Bn254>(7);
    }

    #[test]
    fn digits_reconstruct_extreme_scalars() {
        use ark_bls12_381::Fr;
        let f = Frobenius::find::<ark_bls12_381::Bls12_381>().unwrap();
        for s in [Fr::zero(), Fr::one(), -Fr::one(), Fr::from(u64::MAX)] {
            let digits = f.digits_of(s.into_bigint());
            let mut back = BigUint::from(0u8);
            for d in digits.iter().rev() {
                back = back * &f.l + BigUint::from(*d);
            }
            assert_eq!(back, BigUint::from(s.into_bigint()));
        }
    }
}
