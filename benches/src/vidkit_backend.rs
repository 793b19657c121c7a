//! The real backend: the facade's [`vidkit::dispatch()`] builds the scheme for
//! a point's names and parameters, [`vidkit::Scheme::insecure_srs`] makes
//! its (insecure, benchmark-only) SRS, and [`run_point`] measures it.

use crate::{grid::Point, measure::run_point, record::Measurement, Backend, SweepError};
use vidkit::{dispatch, CurveName, Scheme, SchemeName, SchemeVisitor};

/// Fixed seed of the insecure test SRS (benchmarks only).
pub const SRS_SEED: u64 = 0x5eed_5eed;

/// Measures points with the schemes compiled into the `vidkit` facade.
#[derive(Clone, Copy, Debug, Default)]
pub struct VidkitBackend;

struct Visit<'a> {
    point: &'a Point,
    seed: u64,
}

impl SchemeVisitor for Visit<'_> {
    type Output = Result<Measurement, SweepError>;

    fn visit<S: Scheme>(self, scheme: S) -> Self::Output {
        let bytes = self.point.bytes;
        let start = std::time::Instant::now();
        let srs = scheme
            .insecure_srs(bytes, SRS_SEED)
            .map_err(|e| SweepError::Scheme {
                op: "test SRS",
                source: Box::new(e),
            })?;
        let t_srs_ns = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let mut m = run_point(&scheme, &srs, bytes, self.seed)?;
        m.t_srs_ns = t_srs_ns;
        m.srs_bytes = srs_bytes::<S>(&scheme, bytes)?;
        Ok(m)
    }
}

/// Compressed size of the SRS strings `scheme` reads for files of `bytes`
/// bytes: every string's G1 and G2 powers at their compressed sizes.
fn srs_bytes<S: Scheme>(scheme: &S, bytes: usize) -> Result<usize, SweepError> {
    use ark_ec::pairing::Pairing;
    use ark_serialize::CanonicalSerialize;
    let g1 = <S::Curve as Pairing>::G1Affine::default().compressed_size();
    let g2 = <S::Curve as Pairing>::G2Affine::default().compressed_size();
    let shapes = scheme.srs_shape(bytes).map_err(|e| SweepError::Scheme {
        op: "SRS shape",
        source: Box::new(e),
    })?;
    Ok(shapes.iter().map(|s| s.g1 * g1 + s.g2 * g2).sum())
}

impl Backend for VidkitBackend {
    fn measure(&self, point: &Point, seed: u64) -> Result<Measurement, SweepError> {
        let unknown = |what: &'static str, name: &str| SweepError::UnknownName {
            what,
            name: name.to_owned(),
            known: match what {
                "scheme" => crate::grid::SCHEMES.join(", "),
                _ => crate::grid::CURVES.join(", "),
            },
        };
        let scheme: SchemeName = point
            .scheme
            .parse()
            .map_err(|_| unknown("scheme", &point.scheme))?;
        let curve: CurveName = point
            .curve
            .parse()
            .map_err(|_| unknown("curve", &point.curve))?;
        let visit = Visit { point, seed };
        match dispatch(scheme, curve, point.k, point.n, point.encoding()?, visit) {
            Ok(result) => result,
            Err(vidkit::Error::SchemeUnavailable(_) | vidkit::Error::CurveUnavailable(_)) => {
                Err(SweepError::Unavailable {
                    scheme: point.scheme.clone(),
                    curve: point.curve.clone(),
                })
            }
            Err(e) => Err(SweepError::Scheme {
                op: "new",
                source: Box::new(e),
            }),
        }
    }
}
