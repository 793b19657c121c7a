//! The scalar field `Fr`, `r = x^8 - x^4 + 1` (255 bits).
//!
//! `r - 1 = x^4 (x^4 - 1)` with `x = 2^15 · 111107`, so the two-adicity is 60:
//! radix-2 FFTs of every size up to `2^60`. The generator 7 is gnark-crypto's
//! FFT generator; `scripts/derive_constants.py` checks that it generates all of
//! `Fr^*` from the factorisation of `r - 1`.

use ark_ff::fields::{Fp256, MontBackend, MontConfig};

/// The Montgomery configuration of `Fr` (4 limbs).
#[derive(MontConfig)]
#[modulus = "30869589236456844204538189757527902584594726589286811523515204428962673459201"]
#[generator = "7"]
pub struct FrConfig;

/// An element of the scalar field.
pub type Fr = Fp256<MontBackend<FrConfig, 4>>;
