//! A backend that measures vidkit-core's hash-list test double
//! ([`HashList`], a tiny real dispersal scheme whose commitment is the list of
//! the shards' digests), to test the runner without any commitment scheme.
//! [`Flaw`] breaks the double on purpose so tests can show that the runner's
//! verdicts can fail.

use crate::{grid::Point, measure::run_point, record::Measurement, Backend, SweepError};
pub use vidkit_core::conformance::{Flaw, HashList};
use vidkit_core::Error;

/// A [`Backend`] that measures [`HashList`] for every scheme name, on the
/// scalar field of BLS12-381 or BN254 according to the curve name.
#[derive(Clone, Copy, Debug)]
pub struct DoubleBackend {
    /// The defect every measured scheme has.
    pub flaw: Flaw,
}

impl Backend for DoubleBackend {
    fn measure(&self, point: &Point, seed: u64) -> Result<Measurement, SweepError> {
        let enc = point.encoding()?;
        let wrap = |e: Error| SweepError::Scheme {
            op: "new",
            source: Box::new(e),
        };
        match point.curve.as_str() {
            "bls12-381" => {
                let s = HashList::<ark_bls12_381::Bls12_381>::new(point.k, point.n, enc, self.flaw)
                    .map_err(wrap)?;
                run_point(&s, &(), point.bytes, seed)
            }
            "bn254" => {
                let s = HashList::<ark_bn254::Bn254>::new(point.k, point.n, enc, self.flaw)
                    .map_err(wrap)?;
                run_point(&s, &(), point.bytes, seed)
            }
            _ => Err(SweepError::Unavailable {
                scheme: point.scheme.clone(),
                curve: point.curve.clone(),
            }),
        }
    }
}
