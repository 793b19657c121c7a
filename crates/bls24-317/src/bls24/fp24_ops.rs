//! The trait plumbing of the [`Fp24`] newtype: every impl forwards to the
//! wrapped `QuadExtField` (comparison, hashing, arithmetic operators,
//! integer conversions, sampling, zeroizing and canonical serialization).

use ark_ff::{impl_additive_ops_from_ref, impl_multiplicative_ops_from_ref, One, Zero};
use ark_serialize::{
    CanonicalDeserialize, CanonicalDeserializeWithFlags, CanonicalSerialize,
    CanonicalSerializeWithFlags, Compress, Flags, SerializationError, Valid, Validate,
};
use ark_std::{
    cmp::Ordering,
    fmt,
    hash::{Hash, Hasher},
    io::{Read, Write},
    ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign},
    rand::{
        distributions::{Distribution, Standard},
        Rng,
    },
    UniformRand,
};
use zeroize::Zeroize;

use super::{
    fp12::{fp12_mul, mul_fp12_by_w},
    fp24::{Fp24, Fp24Config, Fp24Inner},
};

impl<P: Fp24Config> Clone for Fp24<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Fp24Config> Copy for Fp24<P> {}

impl<P: Fp24Config> fmt::Debug for Fp24<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl<P: Fp24Config> fmt::Display for Fp24<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl<P: Fp24Config> Default for Fp24<P> {
    fn default() -> Self {
        Self(Fp24Inner::<P>::default())
    }
}

impl<P: Fp24Config> PartialEq for Fp24<P> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<P: Fp24Config> Eq for Fp24<P> {}

impl<P: Fp24Config> Hash for Fp24<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<P: Fp24Config> Ord for Fp24<P> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp(&other.0)
    }
}

impl<P: Fp24Config> PartialOrd for Fp24<P> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<P: Fp24Config> Zero for Fp24<P> {
    fn zero() -> Self {
        Self(Fp24Inner::<P>::zero())
    }

    fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
}

impl<P: Fp24Config> One for Fp24<P> {
    fn one() -> Self {
        Self(Fp24Inner::<P>::one())
    }

    fn is_one(&self) -> bool {
        self.0.is_one()
    }
}

impl<P: Fp24Config> Zeroize for Fp24<P> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl<P: Fp24Config> Distribution<Fp24<P>> for Standard {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Fp24<P> {
        Fp24(Fp24Inner::<P>::rand(rng))
    }
}

impl<P: Fp24Config> Neg for Fp24<P> {
    type Output = Self;

    fn neg(self) -> Self {
        Self(-self.0)
    }
}

impl<P: Fp24Config> Add<&Fp24<P>> for Fp24<P> {
    type Output = Self;

    fn add(mut self, other: &Self) -> Self {
        self.0 += &other.0;
        self
    }
}

impl<P: Fp24Config> Sub<&Fp24<P>> for Fp24<P> {
    type Output = Self;

    fn sub(mut self, other: &Self) -> Self {
        self.0 -= &other.0;
        self
    }
}

impl<P: Fp24Config> Mul<&Fp24<P>> for Fp24<P> {
    type Output = Self;

    fn mul(mut self, other: &Self) -> Self {
        self *= other;
        self
    }
}

impl<P: Fp24Config> Div<&Fp24<P>> for Fp24<P> {
    type Output = Self;

    #[allow(clippy::suspicious_arithmetic_impl)] // division is multiplication by the inverse
    fn div(mut self, other: &Self) -> Self {
        self.0 /= &other.0;
        self
    }
}

impl<P: Fp24Config> AddAssign<&Self> for Fp24<P> {
    fn add_assign(&mut self, other: &Self) {
        self.0 += &other.0;
    }
}

impl<P: Fp24Config> SubAssign<&Self> for Fp24<P> {
    fn sub_assign(&mut self, other: &Self) {
        self.0 -= &other.0;
    }
}

impl<P: Fp24Config> MulAssign<&Self> for Fp24<P> {
    /// Karatsuba over `Fp12` (3 `Fp12` products, `i^2 = w`), with the
    /// curve's `Fp4` product underneath ([`super::fp12::fp12_mul`]).
    fn mul_assign(&mut self, other: &Self) {
        let (a, b) = (&self.0, &other.0);
        let v0 = fp12_mul(&a.c0, &b.c0);
        let v1 = fp12_mul(&a.c1, &b.c1);
        let c1 = fp12_mul(&(a.c0 + a.c1), &(b.c0 + b.c1)) - v0 - v1;
        let mut c0 = v1;
        mul_fp12_by_w(&mut c0);
        c0 += &v0;
        self.0.c0 = c0;
        self.0.c1 = c1;
    }
}

impl<P: Fp24Config> DivAssign<&Self> for Fp24<P> {
    fn div_assign(&mut self, other: &Self) {
        self.0 /= &other.0;
    }
}

impl_additive_ops_from_ref!(Fp24, Fp24Config);
impl_multiplicative_ops_from_ref!(Fp24, Fp24Config);

macro_rules! impl_from_int {
    ($($t:ty),*) => {$(
        impl<P: Fp24Config> From<$t> for Fp24<P> {
            fn from(other: $t) -> Self {
                Self(Fp24Inner::<P>::from(other))
            }
        }
    )*};
}

impl_from_int!(u128, u64, u32, u16, u8, i128, i64, i32, i16, i8, bool);

impl<P: Fp24Config> CanonicalSerializeWithFlags for Fp24<P> {
    fn serialize_with_flags<W: Write, F: Flags>(
        &self,
        writer: W,
        flags: F,
    ) -> Result<(), SerializationError> {
        self.0.serialize_with_flags(writer, flags)
    }

    fn serialized_size_with_flags<F: Flags>(&self) -> usize {
        self.0.serialized_size_with_flags::<F>()
    }
}

impl<P: Fp24Config> CanonicalSerialize for Fp24<P> {
    fn serialize_with_mode<W: Write>(
        &self,
        writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.0.serialize_with_mode(writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.0.serialized_size(compress)
    }
}

impl<P: Fp24Config> CanonicalDeserializeWithFlags for Fp24<P> {
    fn deserialize_with_flags<R: Read, F: Flags>(
        reader: R,
    ) -> Result<(Self, F), SerializationError> {
        Fp24Inner::<P>::deserialize_with_flags(reader).map(|(f, flags)| (Self(f), flags))
    }
}

impl<P: Fp24Config> Valid for Fp24<P> {
    fn check(&self) -> Result<(), SerializationError> {
        self.0.check()
    }
}

impl<P: Fp24Config> CanonicalDeserialize for Fp24<P> {
    fn deserialize_with_mode<R: Read>(
        reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        Fp24Inner::<P>::deserialize_with_mode(reader, compress, validate).map(Self)
    }
}
