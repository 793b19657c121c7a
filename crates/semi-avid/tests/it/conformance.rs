//! The generic conformance suite of vidkit-core (docs/spec.md §10: T-1, T-2,
//! T-9, T-12…T-16, T-21, T-22, T-24) on BLS12-381, BN254 and BLS24-317 with
//! SRS bases, and on BLS12-381 and BN254 with transparent bases.

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use vidkit_core::{conformance::GridPoint, Encoding};
use vidkit_semi_avid::{SemiAvid, TransparentCurve};

/// (k, n, encoding, max_bytes): k = 1, n = k, n = k + 1, m = 1, m not a power
/// of two, every encoding.
const GRID: &[GridPoint] = &[
    (1, 1, Encoding::Points, 31 * 3),      // k = n = 1, m = 3
    (1, 3, Encoding::Fft, 31 * 2 + 5),     // k = 1, m = 3
    (2, 3, Encoding::Points, 31 * 2),      // n = k + 1, m = 1
    (3, 3, Encoding::Fft, 31 * 3 * 5 + 1), // n = k, m = 6
    (4, 8, Encoding::Systematic, 31 * 4 * 3 + 7),
    (3, 7, Encoding::Fft, 31 * 3 * 5),
    (4, 5, Encoding::Points, 31 * 4 * 2 + 1),
];

/// BLS24-317: k = n = 1 with m = 3, n = k with m = 6 (FFT), and systematic.
const GRID_BLS24: &[GridPoint] = &[
    (1, 1, Encoding::Points, 31 * 3),
    (3, 3, Encoding::Fft, 31 * 3 * 5 + 1),
    (4, 8, Encoding::Systematic, 31 * 4 * 3 + 7),
];

vidkit_core::conformance_suite! {
    scheme: SemiAvid::new;
    conformance_bls12_381: Bls12_381, GRID, seed = 0;
    conformance_bn254: Bn254, GRID, seed = 0;
    conformance_bls24_317: vidkit_bls24_317::Bls24_317, GRID_BLS24, seed = 0;
}

/// The same suite with hashed bases: `setup` is what the suite calls, so wrap
/// the scheme in a tiny adapter whose setup ignores the SRS.
mod transparent {
    use super::*;
    use ark_std::rand::RngCore;
    use vidkit_core::{Encoded, FileInfo, ReedSolomon, Scheme, Shard};
    use vidkit_semi_avid::{Bases, NoProof, SemiAvidCommitment, SemiAvidError};

    struct Transparent<E: Pairing>(SemiAvid<E>);

    impl<E: TransparentCurve> Scheme for Transparent<E> {
        type Curve = E;
        type Srs = ();
        type ProverKey = Bases<E>;
        type VerifierKey = Bases<E>;
        type Commitment = SemiAvidCommitment<E>;
        type Proof = NoProof;
        type ProverHint = ();
        type Error = SemiAvidError;
        const NAME: &'static str = "semi-avid";
        const TRAPDOORS: usize = 0;

        fn code(&self) -> &ReedSolomon<E::ScalarField> {
            self.0.code()
        }
        fn srs_shape(&self, _: usize) -> Result<Vec<vidkit_core::SrsShape>, SemiAvidError> {
            Ok(Vec::new())
        }
        fn srs_from_powers(&self, p: Vec<vidkit_core::Srs<E>>) -> Result<(), SemiAvidError> {
            match p.len() {
                0 => Ok(()),
                got => Err(vidkit_core::Error::SrsStringCount { need: 0, got }.into()),
            }
        }
        fn setup(&self, _: &(), max: usize) -> Result<(Bases<E>, Bases<E>), SemiAvidError> {
            self.0.setup_transparent(b"conformance", max)
        }
        fn commit(
            &self,
            pk: &Bases<E>,
            e: &Encoded<E::ScalarField>,
        ) -> Result<(SemiAvidCommitment<E>, ()), SemiAvidError> {
            self.0.commit(pk, e)
        }
        fn prove(
            &self,
            pk: &Bases<E>,
            e: &Encoded<E::ScalarField>,
            c: &SemiAvidCommitment<E>,
            h: &(),
        ) -> Result<Vec<NoProof>, SemiAvidError> {
            self.0.prove(pk, e, c, h)
        }
        fn verify(
            &self,
            vk: &Bases<E>,
            c: &SemiAvidCommitment<E>,
            s: &Shard<E::ScalarField>,
            p: &NoProof,
        ) -> Result<bool, SemiAvidError> {
            self.0.verify(vk, c, s, p)
        }
        fn batch_verify<R: RngCore + ?Sized>(
            &self,
            vk: &Bases<E>,
            c: &SemiAvidCommitment<E>,
            items: &[(&Shard<E::ScalarField>, &NoProof)],
            rng: &mut R,
        ) -> Result<bool, SemiAvidError> {
            self.0.batch_verify(vk, c, items, rng)
        }
        fn file_info<'a>(&self, c: &'a SemiAvidCommitment<E>) -> &'a FileInfo {
            c.info()
        }
    }

    /// Every other point of [`GRID`].
    const GRID_TRANSPARENT: &[GridPoint] = &[GRID[0], GRID[2], GRID[4], GRID[6]];

    vidkit_core::conformance_suite! {
        scheme: |k, n, encoding| SemiAvid::new(k, n, encoding).map(Transparent);
        conformance_transparent_bls12_381: Bls12_381, GRID_TRANSPARENT, seed = 100;
        conformance_transparent_bn254: Bn254, GRID_TRANSPARENT, seed = 100;
    }
}
