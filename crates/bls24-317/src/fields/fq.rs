//! The base field `Fq`, `q = p` (317 bits): `p = (x - 1)^2 r / 3 + x`.
//!
//! `p ≡ 3 mod 4`, so the two-adicity of `p - 1` is 1 and square roots take
//! arkworks' `(p + 1)/4` path. The "generator" 2 is the smallest quadratic
//! non-residue, which is all arkworks needs here: `2^((p-1)/2) = -1` is the
//! 2-adic root of unity (`p - 1` is not factored, and nothing uses a
//! generator of the whole of `Fq^*`).

use ark_ff::fields::{Fp320, MontBackend, MontConfig};

/// The Montgomery configuration of `Fq` (5 limbs).
#[derive(MontConfig)]
#[modulus = "136393071104295911515099765908274057061945112121419593977210139303905973197232025618026156731051"]
#[generator = "2"]
pub struct FqConfig;

/// An element of the base field.
pub type Fq = Fp320<MontBackend<FqConfig, 5>>;
