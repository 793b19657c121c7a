//! The generic conformance suite of vidkit-core (schemes.md §10: T-1, T-2,
//! T-9, T-12…T-16, T-21, T-22, T-24) on BLS12-381 and BN254, with SRS bases
//! and with transparent bases.

use crate::common;

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use vidkit_core::{conformance, Encoding};
use vidkit_semi_avid::{SemiAvid, TransparentCurve};

/// (k, n, encoding, max_bytes): k = 1, n = k, n = k + 1, m = 1, m not a power
/// of two, every encoding.
const GRID: [(usize, usize, Encoding, usize); 7] = [
    (1, 1, Encoding::Points, 31 * 3),      // k = n = 1, m = 3
    (1, 3, Encoding::Fft, 31 * 2 + 5),     // k = 1, m = 3
    (2, 3, Encoding::Points, 31 * 2),      // n = k + 1, m = 1
    (3, 3, Encoding::Fft, 31 * 3 * 5 + 1), // n = k, m = 6
    (4, 8, Encoding::Systematic, 31 * 4 * 3 + 7),
    (3, 7, Encoding::Fft, 31 * 3 * 5),
    (4, 5, Encoding::Points, 31 * 4 * 2 + 1),
];

fn suite<E: Pairing>() {
    for (i, (k, n, enc, max)) in GRID.into_iter().enumerate() {
        let (scheme, srs) = common::setup::<E>(k, n, enc, max);
        conformance::run_all(&scheme, &srs, max, &mut common::rng(i as u64));
    }
}

#[test]
fn conformance_bls12_381() {
    suite::<Bls12_381>();
}

#[test]
fn conformance_bn254() {
    suite::<Bn254>();
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

    fn suite<E: TransparentCurve>() {
        for (i, (k, n, enc, max)) in GRID.into_iter().enumerate().step_by(2) {
            let scheme = Transparent(SemiAvid::<E>::new(k, n, enc).unwrap());
            conformance::run_all(&scheme, &(), max, &mut common::rng(100 + i as u64));
        }
    }

    #[test]
    fn conformance_transparent_bls12_381() {
        suite::<Bls12_381>();
    }

    #[test]
    fn conformance_transparent_bn254() {
        suite::<Bn254>();
    }
}
