//! [`SchemeSetup`] for every scheme crate compiled into this build.
//!
//! Shapes follow each scheme's `setup` (schemes.md §4–§7): with `m_max` the
//! number of rows of a `max_bytes`-byte file,
//!
//! | scheme | strings | G1 powers | G2 powers |
//! | --- | --- | --- | --- |
//! | kzg, kzg-plus | τ | k | 2 |
//! | semi-avid | τ | m_max | 2 |
//! | aplonk | σ, τ | k, 2 | 2, next_pow2(m_max) |

#[allow(unused_imports)] // which ones are used depends on the scheme features
use crate::{setup::single, Error, SchemeSetup, SrsShape};
#[allow(unused_imports)]
use ark_ec::pairing::Pairing;
#[allow(unused_imports)]
use vidkit_core::{packing, Scheme, Srs};

/// `m_max` of a scheme for files of up to `max_bytes` bytes.
#[allow(dead_code)]
fn m_max<S: Scheme>(scheme: &S, max_bytes: usize) -> Result<usize, Error> {
    Ok(packing::rows_for::<vidkit_core::ScalarOf<S>>(
        max_bytes,
        scheme.code().k(),
    )?)
}

/// KZG and KZG+ commit to rows of k coefficients: k G1 powers, `[1]_2, [τ]_2`.
#[allow(unused_macros)]
macro_rules! kzg_like {
    ($t:ty) => {
        impl<E: Pairing> SchemeSetup for $t {
            const TRAPDOORS: usize = 1;

            fn srs_shape(&self, _max_bytes: usize) -> Result<Vec<SrsShape>, Error> {
                Ok(vec![SrsShape {
                    g1: self.code().k(),
                    g2: 2,
                }])
            }

            fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<Srs<E>, Error> {
                single(Self::NAME, powers)
            }
        }
    };
}

#[cfg(feature = "kzg")]
kzg_like!(vidkit_kzg::KzgPerRow<E>);
#[cfg(feature = "kzg-plus")]
kzg_like!(vidkit_kzg_plus::KzgPlus<E>);

#[cfg(feature = "semi-avid")]
impl<E: Pairing> SchemeSetup for vidkit_semi_avid::SemiAvid<E> {
    const TRAPDOORS: usize = 1;

    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, Error> {
        Ok(vec![SrsShape {
            g1: m_max(self, max_bytes)?,
            g2: 2,
        }])
    }

    fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<Srs<E>, Error> {
        single(Self::NAME, powers)
    }
}

#[cfg(feature = "aplonk")]
impl<E: Pairing> SchemeSetup for vidkit_aplonk::Aplonk<E> {
    const TRAPDOORS: usize = 2;

    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, Error> {
        let m_prime = vidkit_aplonk::m_prime(m_max(self, max_bytes)?);
        Ok(vec![
            SrsShape {
                g1: self.code().k(),
                g2: 2,
            },
            SrsShape { g1: 2, g2: m_prime },
        ])
    }

    fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<vidkit_aplonk::AplonkSrs<E>, Error> {
        let got = powers.len();
        let mut it = powers.into_iter();
        match (it.next(), it.next(), it.next()) {
            (Some(sigma), Some(tau), None) => {
                vidkit_aplonk::AplonkSrs::new(sigma, tau).map_err(|e| Error::scheme(Self::NAME, e))
            }
            _ => Err(Error::TrapdoorCount {
                scheme: Self::NAME,
                need: 2,
                got,
            }),
        }
    }
}
