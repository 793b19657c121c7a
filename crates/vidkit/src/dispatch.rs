//! Runtime choice of a scheme and a curve, calling code that is generic over
//! [`Scheme`].
//!
//! The CLI and the sweep runner pick `(scheme, curve, k, n, encoding)` at run
//! time, while every scheme is a distinct type generic over the pairing. A
//! [`SchemeVisitor`] is the generic code to run; [`dispatch()`] builds the
//! scheme value for the chosen names and hands it to the visitor:
//!
//! ```
//! use vidkit::{dispatch, CurveName, Encoding, SchemeName, Scheme, SchemeVisitor};
//!
//! /// Reports the number of shards and the scheme's name.
//! struct Describe;
//! impl SchemeVisitor for Describe {
//!     type Output = (usize, &'static str);
//!     fn visit<S: Scheme>(self, scheme: S) -> Self::Output {
//!         (scheme.code().n(), S::NAME)
//!     }
//! }
//!
//! for name in SchemeName::available() {
//!     let (n, scheme) = dispatch(name, CurveName::Bls12_381, 4, 8, Encoding::Fft, Describe).unwrap();
//!     assert_eq!((n, scheme), (8, name.name()));
//! }
//! ```

use crate::{CurveName, Error, SchemeName};
use ark_ec::pairing::Pairing;
use vidkit_core::Scheme;
use vidkit_erasure::Encoding;

/// The cell size `ℓ` of the `kzg-cells` scheme built by [`dispatch()`]:
/// 64 field elements, as in Ethereum's PeerDAS (EIP-7594). Its setup has
/// `64·k` G1 and 65 G2 powers, so the Ethereum ceremony setup serves every
/// `k ≤ 64`; a file of `m` rows is `⌈m/64⌉` polynomials of degree `< 64·k`,
/// and [`SchemeName::KzgCells`] folds their proofs into one point per shard
/// (`vidkit_kzg_cells::KzgCells::folded`). Other cell sizes: build
/// `KzgCells` directly.
pub const KZG_CELLS_CELL: usize = 64;

/// Generic code run by [`dispatch()`] on the scheme value it builds.
///
/// The visitor gets the scheme by value; its SRS comes from
/// [`Scheme::srs_from_powers`] (a loaded setup) or, with feature
/// `test-srs`, `Scheme::insecure_srs`.
pub trait SchemeVisitor {
    /// What the visit returns.
    type Output;

    /// Runs on the scheme chosen at run time.
    fn visit<S: Scheme>(self, scheme: S) -> Self::Output;
}

/// Generic code run by [`dispatch_curve`] on the pairing chosen at run time
/// (for what depends on the curve only, e.g. reading or writing an SRS).
pub trait CurveVisitor {
    /// What the visit returns.
    type Output;

    /// Runs on the curve chosen at run time.
    fn visit<E: Pairing>(self) -> Self::Output;
}

/// Runs `visitor` on the pairing named `curve`, or fails with
/// [`Error::CurveUnavailable`].
pub fn dispatch_curve<V: CurveVisitor>(curve: CurveName, visitor: V) -> Result<V::Output, Error> {
    match curve {
        CurveName::Bls12_381 => Ok(visitor.visit::<ark_bls12_381::Bls12_381>()),
        CurveName::Bn254 => Ok(visitor.visit::<ark_bn254::Bn254>()),
        #[cfg(feature = "bls24-317")]
        CurveName::Bls24_317 => Ok(visitor.visit::<vidkit_bls24_317::Bls24_317>()),
        #[cfg(not(feature = "bls24-317"))]
        CurveName::Bls24_317 => Err(Error::CurveUnavailable(curve)),
    }
}

/// Builds `scheme` over `curve` with parameters `(k, n, encoding)` and runs
/// `visitor` on it.
///
/// Fails with [`Error::SchemeUnavailable`] / [`Error::CurveUnavailable`] when
/// the scheme or curve is not compiled into this build, and with
/// [`Error::Scheme`] when the scheme's constructor refuses the parameters.
pub fn dispatch<V: SchemeVisitor>(
    scheme: SchemeName,
    curve: CurveName,
    k: usize,
    n: usize,
    encoding: Encoding,
    visitor: V,
) -> Result<V::Output, Error> {
    match curve {
        CurveName::Bls12_381 => {
            on_curve::<ark_bls12_381::Bls12_381, V>(scheme, k, n, encoding, visitor)
        }
        CurveName::Bn254 => on_curve::<ark_bn254::Bn254, V>(scheme, k, n, encoding, visitor),
        CurveName::Bls24_317 => bls24::<V>(scheme, k, n, encoding, visitor),
    }
}

fn bls24<V: SchemeVisitor>(
    scheme: SchemeName,
    k: usize,
    n: usize,
    encoding: Encoding,
    visitor: V,
) -> Result<V::Output, Error> {
    #[cfg(feature = "bls24-317")]
    return on_curve::<vidkit_bls24_317::Bls24_317, V>(scheme, k, n, encoding, visitor);
    #[cfg(not(feature = "bls24-317"))]
    {
        let _ = (scheme, k, n, encoding, visitor);
        Err(Error::CurveUnavailable(CurveName::Bls24_317))
    }
}

/// The schemes wired into [`on_curve`] in this build.
pub(crate) fn scheme_available(scheme: SchemeName) -> bool {
    match scheme {
        // aPlonK global lives in the aPlonK crate
        SchemeName::Aplonk | SchemeName::AplonkGlobal => cfg!(feature = "aplonk"),
        SchemeName::SemiAvid => cfg!(feature = "semi-avid"),
        SchemeName::KzgCells => cfg!(feature = "kzg-cells"),
        SchemeName::Kzg => cfg!(feature = "kzg"),
        // KZG+ global lives in the KZG+ crate
        SchemeName::KzgPlus | SchemeName::KzgPlusGlobal => cfg!(feature = "kzg-plus"),
    }
}

/// The curves wired into [`dispatch()`] in this build.
pub(crate) fn curve_available(curve: CurveName) -> bool {
    match curve {
        CurveName::Bls12_381 | CurveName::Bn254 => true,
        CurveName::Bls24_317 => cfg!(feature = "bls24-317"),
    }
}

// `E` is unused in a build with no scheme feature
#[cfg_attr(
    not(any(
        feature = "kzg",
        feature = "kzg-plus",
        feature = "kzg-cells",
        feature = "aplonk",
        feature = "semi-avid"
    )),
    allow(clippy::extra_unused_type_parameters)
)]
fn on_curve<E: Pairing, V: SchemeVisitor>(
    scheme: SchemeName,
    k: usize,
    n: usize,
    encoding: Encoding,
    visitor: V,
) -> Result<V::Output, Error> {
    match scheme {
        #[cfg(feature = "kzg")]
        SchemeName::Kzg => visit(vidkit_kzg::KzgPerRow::<E>::new(k, n, encoding), visitor),
        #[cfg(feature = "kzg-plus")]
        SchemeName::KzgPlus => visit(vidkit_kzg_plus::KzgPlus::<E>::new(k, n, encoding), visitor),
        #[cfg(feature = "kzg-plus")]
        SchemeName::KzgPlusGlobal => visit(
            vidkit_kzg_plus::KzgPlusGlobal::<E>::new(k, n, encoding),
            visitor,
        ),
        #[cfg(feature = "aplonk")]
        SchemeName::Aplonk => visit(vidkit_aplonk::Aplonk::<E>::new(k, n, encoding), visitor),
        #[cfg(feature = "aplonk")]
        SchemeName::AplonkGlobal => visit(
            vidkit_aplonk::AplonkGlobal::<E>::new(k, n, encoding),
            visitor,
        ),
        #[cfg(feature = "kzg-cells")]
        SchemeName::KzgCells => visit(
            vidkit_kzg_cells::KzgCells::<E>::new(k, n, encoding, KZG_CELLS_CELL)
                .map(vidkit_kzg_cells::KzgCells::folded),
            visitor,
        ),
        #[cfg(feature = "semi-avid")]
        SchemeName::SemiAvid => visit(
            vidkit_semi_avid::SemiAvid::<E>::new(k, n, encoding),
            visitor,
        ),
        // reachable only when some scheme feature is off
        #[allow(unreachable_patterns)]
        other => {
            let _ = (k, n, encoding, visitor);
            Err(Error::SchemeUnavailable(other))
        }
    }
}

/// Runs `visitor` on a freshly constructed scheme, or reports the constructor's error.
#[allow(dead_code)] // unused when no scheme feature is on
fn visit<S: Scheme, V: SchemeVisitor, X>(made: Result<S, X>, visitor: V) -> Result<V::Output, Error>
where
    X: core::error::Error + Send + Sync + 'static,
{
    let scheme = made.map_err(|e| Error::scheme(S::NAME, e))?;
    Ok(visitor.visit(scheme))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;
    impl SchemeVisitor for Name {
        type Output = &'static str;
        fn visit<S: Scheme>(self, _scheme: S) -> &'static str {
            S::NAME
        }
    }

    #[test]
    fn every_pair_dispatches_or_says_why_not() {
        for s in SchemeName::ALL {
            for c in CurveName::ALL {
                match dispatch(s, c, 2, 4, Encoding::Fft, Name) {
                    Ok(name) => {
                        assert!(s.is_available() && c.is_available());
                        assert_eq!(name, s.name());
                    }
                    Err(Error::SchemeUnavailable(x)) => {
                        assert_eq!(x, s);
                        assert!(!s.is_available());
                    }
                    Err(Error::CurveUnavailable(x)) => {
                        assert_eq!(x, c);
                        assert!(!c.is_available());
                    }
                    Err(e) => panic!("{s} on {c}: {e}"),
                }
            }
        }
    }

    #[test]
    fn bad_parameters_are_a_scheme_error() {
        for s in SchemeName::available() {
            assert!(matches!(
                dispatch(s, CurveName::Bls12_381, 4, 2, Encoding::Fft, Name),
                Err(Error::Scheme { .. })
            ));
        }
    }
}
