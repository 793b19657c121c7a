//! The error type of the facade.

use crate::{CurveName, SchemeName};

/// What can go wrong in the facade: choosing a scheme, building its SRS, or a
/// failure reported by the scheme itself.
#[non_exhaustive]
#[derive(thiserror::Error, Debug)]
pub enum Error {
    /// The shared layer refused the request (parameters, SRS, packing, …).
    #[error(transparent)]
    Core(#[from] vidkit_core::Error),
    /// The scheme's crate is not compiled into this build.
    #[error("scheme {0} is not available in this build (cargo feature `{0}`)")]
    SchemeUnavailable(SchemeName),
    /// The curve is not compiled into this build.
    #[error("curve {0} is not available in this build (cargo feature `{0}`)")]
    CurveUnavailable(CurveName),
    /// The scheme reported an error (e.g. its constructor refused `(k, n)`).
    #[error("{scheme}: {source}")]
    Scheme {
        /// which scheme
        scheme: &'static str,
        /// the scheme's own error
        source: Box<dyn core::error::Error + Send + Sync + 'static>,
    },
}

impl Error {
    /// Wraps a scheme's error.
    pub fn scheme<E: core::error::Error + Send + Sync + 'static>(
        scheme: &'static str,
        e: E,
    ) -> Self {
        Error::Scheme {
            scheme,
            source: Box::new(e),
        }
    }
}

/// The error of [`crate::dispatch()`] (the facade's [`Error`]).
pub type DispatchError = Error;
