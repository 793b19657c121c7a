//! Structured reference string: powers of a secret τ in G1 and G2 (docs/spec.md §3).
//!
//! `Srs { g1: [τ^i]_1 for i < d1, g2: [τ^i]_2 for i < d2 }` with `d2 ≥ 2`
//! (`[1]_2 = H` and `[τ]_2` are what every KZG verifier needs; aPlonK's IPA key
//! needs more G2 powers). The validating constructor [`Srs::new`] rejects an
//! identity generator and checks that all powers belong to one τ with a
//! randomised batch of the pairing relation
//!
//! `e(Σ_i ρ_i [τ^{i+1}]_1, H) = e(Σ_i ρ_i [τ^i]_1, [τ]_2)`
//!
//! (and the mirror relation on the G2 side), i.e. two multi-pairings for the
//! whole string instead of one pairing check per power: a single wrong power
//! survives only with probability about `1/|ρ-space|`.
//!
//! Setups with a known trapdoor are **insecure** and only exist behind the
//! `test-srs` feature ([`Srs::insecure_from_seed`], [`Srs::insecure_with_tau`]).
//! Bytes read from outside go through [`Srs::from_bytes`], which validates
//! every point (curve and subgroup) and then runs the pairing self-check;
//! [`Srs::from_bytes_prefix`] does the same for only the first powers of a
//! longer string (a ceremony output holds far more powers than one scheme
//! needs, and validation costs time in proportion to the powers read).
//!
//! A scheme says how many strings of which [`SrsShape`] its setup needs
//! ([`crate::Scheme::srs_shape`]).

use crate::{Error, SrsFault};
use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup, VariableBaseMSM};
use ark_ff::Zero;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use ark_std::rand::RngCore;

/// Numbers of G1 and G2 powers of one powers-of-τ string: what a scheme's
/// `setup` reads from each string of its SRS ([`crate::Scheme::srs_shape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SrsShape {
    /// `[τ^i]_1` for `i < g1`.
    pub g1: usize,
    /// `[τ^i]_2` for `i < g2` (at least 2 for a valid [`Srs`]).
    pub g2: usize,
}

/// Powers of τ in G1 and G2.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct Srs<E: Pairing> {
    g1: Vec<E::G1Affine>,
    g2: Vec<E::G2Affine>,
}

impl<E: Pairing> Srs<E> {
    /// Builds an SRS after validating it (non-identity generator, at least one
    /// G1 and two G2 powers, randomised pairing self-check). `rng` supplies the
    /// verifier-private batching coefficients.
    pub fn new<R: RngCore + ?Sized>(
        g1: Vec<E::G1Affine>,
        g2: Vec<E::G2Affine>,
        rng: &mut R,
    ) -> Result<Self, Error> {
        let srs = Self::new_unchecked(g1, g2);
        srs.validate(rng)?;
        Ok(srs)
    }

    /// Builds an SRS **without** any check. Only for powers that were produced
    /// or validated by this process.
    pub fn new_unchecked(g1: Vec<E::G1Affine>, g2: Vec<E::G2Affine>) -> Self {
        Self { g1, g2 }
    }

    /// Reads an SRS from its compressed arkworks encoding, checking every point
    /// (on the curve, in the subgroup) and then the pairing relations.
    pub fn from_bytes<R: RngCore + ?Sized>(bytes: &[u8], rng: &mut R) -> Result<Self, Error> {
        let mut reader = bytes;
        let srs =
            Self::deserialize_compressed(&mut reader).map_err(|e| Error::Deserialization {
                what: "SRS",
                source: e.into(),
            })?;
        if !reader.is_empty() {
            return Err(Error::Deserialization {
                what: "SRS",
                source: crate::SerializationFault::TrailingBytes(reader.len()),
            });
        }
        crate::check_canonical("SRS", &srs, bytes)?;
        srs.validate(rng)?;
        Ok(srs)
    }

    /// Reads the first `shape.g1` G1 and `shape.g2` G2 powers of the
    /// compressed arkworks encoding of a (possibly much longer) [`Srs`],
    /// checking each point read (on the curve, in the subgroup) and then the
    /// pairing relations of [`Srs::new`] on the prefix. `rng` supplies the
    /// verifier-private batching coefficients.
    ///
    /// The two `u64` length prefixes of the encoding are checked against the
    /// bytes present (the encoding must be complete, with no trailing bytes)
    /// and against `shape` before anything is allocated: memory and time are
    /// proportional to `shape`, never to a count read from `bytes`. The
    /// result equals `Srs::from_bytes(bytes)?.trim(shape.g1, shape.g2)?`,
    /// without validating the powers beyond the prefix.
    ///
    /// # Errors
    /// [`Error::Deserialization`] for a truncated encoding, counts larger than
    /// the bytes present, trailing bytes or an invalid point;
    /// [`Error::SrsTooShort`] if the string has fewer powers than `shape`;
    /// [`Error::InvalidSrs`] if the prefix fails the checks of [`Srs::new`].
    pub fn from_bytes_prefix<R: RngCore + ?Sized>(
        bytes: &[u8],
        shape: SrsShape,
        rng: &mut R,
    ) -> Result<Self, Error> {
        let (s1, s2) = Self::point_sizes();
        let [(n1, g1_bytes), (n2, g2_bytes)] = Self::split_encoding(bytes)?;
        for (group, have, need) in [("G1", n1, shape.g1), ("G2", n2, shape.g2)] {
            if have < need {
                return Err(Error::SrsTooShort { group, have, need });
            }
        }
        // `shape.g1 ≤ n1` and `n1 · s1` bytes are present (likewise for G2)
        // where each string's points start in `bytes` (after its length prefix)
        let (at1, at2) = (8, 8 + n1 * s1 + 8);
        let g1 = read_points::<E::G1Affine>(&g1_bytes[..shape.g1 * s1], shape.g1, at1)?;
        let g2 = read_points::<E::G2Affine>(&g2_bytes[..shape.g2 * s2], shape.g2, at2)?;
        Self::new(g1, g2, rng)
    }

    /// The numbers of powers in the compressed encoding of an [`Srs`], read
    /// from its two length prefixes and checked against the bytes present
    /// (complete, no trailing bytes); no point is decoded or validated. For
    /// describing a setup file cheaply; use [`Srs::from_bytes_prefix`] to
    /// read powers.
    pub fn encoded_shape(bytes: &[u8]) -> Result<SrsShape, Error> {
        let [(g1, _), (g2, _)] = Self::split_encoding(bytes)?;
        Ok(SrsShape { g1, g2 })
    }

    /// Compressed sizes of a G1 and a G2 point.
    fn point_sizes() -> (usize, usize) {
        (
            E::G1Affine::generator().compressed_size(),
            E::G2Affine::generator().compressed_size(),
        )
    }

    /// The counts and point bytes of both groups of a compressed encoding,
    /// without decoding any point: fails unless the encoding is complete and
    /// has no trailing bytes.
    fn split_encoding(bytes: &[u8]) -> Result<[Points<'_>; 2], Error> {
        let (s1, s2) = Self::point_sizes();
        let mut rest = bytes;
        let g1 = take_points(&mut rest, s1)?;
        let g2 = take_points(&mut rest, s2)?;
        if !rest.is_empty() {
            return Err(Error::Deserialization {
                what: "SRS",
                source: crate::SerializationFault::TrailingBytes(rest.len()),
            });
        }
        Ok([g1, g2])
    }

    /// The one string of a scheme whose SRS is a single powers-of-τ string:
    /// `strings` must hold exactly one, else [`Error::SrsStringCount`]. For
    /// implementations of [`crate::Scheme::srs_from_powers`].
    pub fn single(strings: Vec<Self>) -> Result<Self, Error> {
        let got = strings.len();
        match <[Self; 1]>::try_from(strings) {
            Ok([srs]) => Ok(srs),
            Err(_) => Err(Error::SrsStringCount { need: 1, got }),
        }
    }

    /// The numbers of powers of this SRS.
    pub fn shape(&self) -> SrsShape {
        SrsShape {
            g1: self.g1.len(),
            g2: self.g2.len(),
        }
    }

    /// Runs the checks of [`Srs::new`] on this SRS.
    pub fn validate<R: RngCore + ?Sized>(&self, rng: &mut R) -> Result<(), Error> {
        let (g1, g2) = (&self.g1, &self.g2);
        if g1.is_empty() || g2.len() < 2 {
            return Err(Error::InvalidSrs(SrsFault::TooFewPowers {
                g1: g1.len(),
                g2: g2.len(),
            }));
        }
        if g1[0].is_zero() || g2[0].is_zero() {
            return Err(Error::InvalidSrs(SrsFault::IdentityGenerator));
        }
        // G1 side: Σ ρ_i [τ^{i+1}]_1 paired with H equals Σ ρ_i [τ^i]_1 paired with [τ]_2.
        if g1.len() >= 2 {
            let rho = random_scalars::<E, R>(g1.len() - 1, rng);
            let hi = E::G1::msm_unchecked(&g1[1..], &rho);
            let lo = E::G1::msm_unchecked(&g1[..g1.len() - 1], &rho);
            if !pairing_eq::<E>(hi, g2[0].into_group(), lo, g2[1].into_group()) {
                return Err(Error::InvalidSrs(SrsFault::InconsistentG1));
            }
        }
        // G2 side needs [τ]_1: e(G, Σ ρ_i [τ^{i+1}]_2) = e([τ]_1, Σ ρ_i [τ^i]_2).
        if g2.len() >= 2 {
            if g1.len() < 2 {
                // cannot relate the G2 powers to anything but [τ]_2 itself
                if g2.len() > 2 {
                    return Err(Error::InvalidSrs(SrsFault::TooFewPowers {
                        g1: g1.len(),
                        g2: g2.len(),
                    }));
                }
                return Ok(());
            }
            let rho = random_scalars::<E, R>(g2.len() - 1, rng);
            let hi = E::G2::msm_unchecked(&g2[1..], &rho);
            let lo = E::G2::msm_unchecked(&g2[..g2.len() - 1], &rho);
            if !pairing_eq::<E>(g1[0].into_group(), hi, g1[1].into_group(), lo) {
                return Err(Error::InvalidSrs(SrsFault::InconsistentG2));
            }
        }
        Ok(())
    }

    /// `[τ^i]_1` for `i < d1`.
    pub fn powers_g1(&self) -> &[E::G1Affine] {
        &self.g1
    }

    /// `[τ^i]_2` for `i < d2`.
    pub fn powers_g2(&self) -> &[E::G2Affine] {
        &self.g2
    }

    /// The first `d1` G1 powers and `d2` G2 powers, or [`Error::SrsTooShort`].
    pub fn trim(&self, d1: usize, d2: usize) -> Result<Self, Error> {
        self.check_len(d1, d2)?;
        Ok(Self::new_unchecked(
            self.g1[..d1].to_vec(),
            self.g2[..d2].to_vec(),
        ))
    }

    /// Fails with [`Error::SrsTooShort`] unless at least `d1` G1 and `d2` G2 powers exist.
    pub fn check_len(&self, d1: usize, d2: usize) -> Result<(), Error> {
        if self.g1.len() < d1 {
            return Err(Error::SrsTooShort {
                group: "G1",
                have: self.g1.len(),
                need: d1,
            });
        }
        if self.g2.len() < d2 {
            return Err(Error::SrsTooShort {
                group: "G2",
                have: self.g2.len(),
                need: d2,
            });
        }
        Ok(())
    }
}

#[cfg(feature = "test-srs")]
impl<E: Pairing> Srs<E> {
    /// **INSECURE**: powers of a τ drawn from a seeded RNG, so anyone who knows
    /// the seed knows τ and can forge proofs. For tests and benchmarks only.
    pub fn insecure_from_seed(seed: u64, d1: usize, d2: usize) -> Self {
        use ark_ff::UniformRand;
        use ark_std::rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        Self::insecure_with_tau(E::ScalarField::rand(&mut rng), d1, d2)
    }

    /// **INSECURE**: powers of a caller-chosen τ. For tests (known-answer
    /// oracles need τ) and benchmarks only.
    pub fn insecure_with_tau(tau: E::ScalarField, d1: usize, d2: usize) -> Self {
        use ark_ec::{PrimeGroup, ScalarMul};
        let powers = |d: usize| {
            let mut p = Vec::with_capacity(d);
            let mut cur = E::ScalarField::from(1u64);
            for _ in 0..d {
                p.push(cur);
                cur *= tau;
            }
            p
        };
        let g1 = E::G1::generator().batch_mul(&powers(d1));
        let g2 = E::G2::generator().batch_mul(&powers(d2.max(2)));
        Self::new_unchecked(g1, g2)
    }
}

/// A length-prefixed vector of compressed points, not decoded: its count and
/// its bytes (`count` encodings).
type Points<'a> = (usize, &'a [u8]);

/// Splits a length-prefixed vector of `size`-byte points off the front of
/// `rest`: its count and its bytes. Fails (without allocating) if the prefix
/// or the `count · size` bytes it announces are not all present.
fn take_points<'a>(rest: &mut &'a [u8], size: usize) -> Result<Points<'a>, Error> {
    let truncated = || Error::Deserialization {
        what: "SRS",
        source: crate::SerializationFault::Truncated,
    };
    let (prefix, tail) = rest.split_at_checked(8).ok_or_else(truncated)?;
    let mut le = [0u8; 8];
    le.copy_from_slice(prefix);
    let count = usize::try_from(u64::from_le_bytes(le)).map_err(|_| truncated())?;
    let len = count.checked_mul(size).ok_or_else(truncated)?;
    let (points, tail) = tail.split_at_checked(len).ok_or_else(truncated)?;
    *rest = tail;
    Ok((count, points))
}

/// Reads `count` compressed points from `bytes` (exactly `count` encodings,
/// starting at byte `at` of the whole encoding, which errors name), each
/// checked to be on the curve, in the prime-order subgroup and in its
/// canonical encoding.
fn read_points<P: CanonicalDeserialize + CanonicalSerialize>(
    mut bytes: &[u8],
    count: usize,
    at: usize,
) -> Result<Vec<P>, Error> {
    let all = bytes.len();
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let encoding = bytes;
        let p =
            P::deserialize_with_mode(&mut bytes, Compress::Yes, Validate::Yes).map_err(|e| {
                Error::Deserialization {
                    what: "SRS",
                    source: e.into(),
                }
            })?;
        let used = encoding.len() - bytes.len();
        let start = at + all - encoding.len();
        crate::check_canonical_at("SRS", &p, &encoding[..used], start)?;
        out.push(p);
    }
    Ok(out)
}

/// 128-bit random scalars: enough for batching soundness (2^-128).
pub(crate) fn random_scalars<E: Pairing, R: RngCore + ?Sized>(
    n: usize,
    rng: &mut R,
) -> Vec<E::ScalarField> {
    (0..n)
        .map(|_| {
            let lo = u128::from(rng.next_u64()) | (u128::from(rng.next_u64()) << 64);
            E::ScalarField::from(lo)
        })
        .collect()
}

/// `e(a1, b1) == e(a2, b2)` as one multi-pairing `FE(ML(a1,b1)·ML(−a2,b2)) == 1`.
fn pairing_eq<E: Pairing>(a1: E::G1, b1: E::G2, a2: E::G1, b2: E::G2) -> bool {
    let a = E::G1::normalize_batch(&[a1, -a2]);
    let b = E::G2::normalize_batch(&[b1, b2]);
    vidkit_pairing::multi_pairing::<E>(&a, &b).is_zero()
}

#[cfg(all(test, feature = "test-srs"))]
mod tests {
    use super::*;
    use ark_bls12_381::{Bls12_381, Fr, G1Affine};
    use ark_ec::AffineRepr;
    use ark_std::rand::SeedableRng;

    fn rng() -> rand_chacha::ChaCha20Rng {
        rand_chacha::ChaCha20Rng::seed_from_u64(7)
    }

    #[test]
    fn honest_srs_validates_and_round_trips() {
        let srs = Srs::<Bls12_381>::insecure_from_seed(1, 16, 4);
        srs.validate(&mut rng()).unwrap();
        let mut bytes = Vec::new();
        srs.serialize_compressed(&mut bytes).unwrap();
        assert_eq!(
            Srs::<Bls12_381>::from_bytes(&bytes, &mut rng()).unwrap(),
            srs
        );
        bytes.push(0);
        assert!(matches!(
            Srs::<Bls12_381>::from_bytes(&bytes, &mut rng()),
            Err(Error::Deserialization { .. })
        ));
    }

    #[test]
    fn known_tau() {
        let tau = Fr::from(5u64);
        let srs = Srs::<Bls12_381>::insecure_with_tau(tau, 3, 2);
        assert_eq!(
            srs.powers_g1()[2],
            (G1Affine::generator() * Fr::from(25u64)).into_affine()
        );
    }

    #[test]
    fn corrupted_power_is_detected() {
        let srs = Srs::<Bls12_381>::insecure_from_seed(2, 8, 3);
        for i in 1..8 {
            let mut g1 = srs.powers_g1().to_vec();
            g1[i] = (g1[i] + G1Affine::generator()).into_affine();
            assert_eq!(
                Srs::<Bls12_381>::new(g1, srs.powers_g2().to_vec(), &mut rng()),
                Err(Error::InvalidSrs(SrsFault::InconsistentG1)),
                "power {i}"
            );
        }
        let mut g2 = srs.powers_g2().to_vec();
        g2[2] = (g2[2] + g2[0]).into_affine();
        assert_eq!(
            Srs::<Bls12_381>::new(srs.powers_g1().to_vec(), g2, &mut rng()),
            Err(Error::InvalidSrs(SrsFault::InconsistentG2))
        );
        assert!(matches!(
            Srs::<Bls12_381>::new(vec![], srs.powers_g2().to_vec(), &mut rng()),
            Err(Error::InvalidSrs(SrsFault::TooFewPowers { .. }))
        ));
        let mut g1 = srs.powers_g1().to_vec();
        g1[0] = G1Affine::zero();
        assert_eq!(
            Srs::<Bls12_381>::new(g1, srs.powers_g2().to_vec(), &mut rng()),
            Err(Error::InvalidSrs(SrsFault::IdentityGenerator))
        );
    }

    #[test]
    fn trim_and_lengths() {
        let srs = Srs::<Bls12_381>::insecure_from_seed(3, 8, 2);
        assert_eq!(srs.trim(4, 2).unwrap().powers_g1().len(), 4);
        assert_eq!(
            srs.trim(9, 2),
            Err(Error::SrsTooShort {
                group: "G1",
                have: 8,
                need: 9
            })
        );
    }

    fn shape(g1: usize, g2: usize) -> SrsShape {
        SrsShape { g1, g2 }
    }

    fn encoded(srs: &Srs<Bls12_381>) -> Vec<u8> {
        crate::to_bytes(srs)
    }

    fn truncated() -> Error {
        Error::Deserialization {
            what: "SRS",
            source: crate::SerializationFault::Truncated,
        }
    }

    #[test]
    fn prefix_equals_trimmed_full_read() {
        let srs = Srs::<Bls12_381>::insecure_from_seed(4, 12, 5);
        let bytes = encoded(&srs);
        for (g1, g2) in [(1, 2), (2, 2), (7, 3), (12, 5), (12, 2), (3, 5)] {
            let full = Srs::<Bls12_381>::from_bytes(&bytes, &mut rng())
                .unwrap()
                .trim(g1, g2)
                .unwrap();
            let prefix =
                Srs::<Bls12_381>::from_bytes_prefix(&bytes, shape(g1, g2), &mut rng()).unwrap();
            assert_eq!(prefix, full, "shape ({g1}, {g2})");
            assert_eq!(Srs::<Bls12_381>::encoded_shape(&bytes), Ok(srs.shape()));
            assert_eq!(prefix.shape(), shape(g1, g2));
        }
        // exact fit: the whole string
        assert_eq!(
            Srs::<Bls12_381>::from_bytes_prefix(&bytes, srs.shape(), &mut rng()).unwrap(),
            srs
        );
    }

    #[test]
    fn prefix_shape_larger_than_the_string() {
        let srs = Srs::<Bls12_381>::insecure_from_seed(5, 6, 3);
        let bytes = encoded(&srs);
        assert_eq!(
            Srs::<Bls12_381>::from_bytes_prefix(&bytes, shape(7, 2), &mut rng()),
            Err(Error::SrsTooShort {
                group: "G1",
                have: 6,
                need: 7
            })
        );
        assert_eq!(
            Srs::<Bls12_381>::from_bytes_prefix(&bytes, shape(6, 4), &mut rng()),
            Err(Error::SrsTooShort {
                group: "G2",
                have: 3,
                need: 4
            })
        );
        // a prefix too short to be a valid SRS on its own
        assert!(matches!(
            Srs::<Bls12_381>::from_bytes_prefix(&bytes, shape(0, 2), &mut rng()),
            Err(Error::InvalidSrs(SrsFault::TooFewPowers { .. }))
        ));
    }

    #[test]
    fn prefix_of_truncated_or_padded_input() {
        let srs = Srs::<Bls12_381>::insecure_from_seed(6, 4, 2);
        let bytes = encoded(&srs);
        // every truncation fails cleanly, whatever the shape asked for
        for len in 0..bytes.len() {
            assert_eq!(
                Srs::<Bls12_381>::from_bytes_prefix(&bytes[..len], shape(1, 2), &mut rng()),
                Err(truncated()),
                "{len} bytes"
            );
        }
        let mut long = bytes.clone();
        long.push(0);
        assert_eq!(
            Srs::<Bls12_381>::from_bytes_prefix(&long, shape(1, 2), &mut rng()),
            Err(Error::Deserialization {
                what: "SRS",
                source: crate::SerializationFault::TrailingBytes(1)
            })
        );
    }

    #[test]
    fn prefix_counts_larger_than_the_bytes() {
        let srs = Srs::<Bls12_381>::insecure_from_seed(7, 4, 2);
        let bytes = encoded(&srs);
        let g2_at = 8 + 4 * 48;
        for (at, count) in [
            (0, 5u64),
            (0, u64::MAX),
            (0, u64::MAX / 48 + 1),
            (0, 1 << 40),
            (g2_at, 3),
            (g2_at, u64::MAX),
        ] {
            let mut b = bytes.clone();
            b[at..at + 8].copy_from_slice(&count.to_le_bytes());
            assert_eq!(
                Srs::<Bls12_381>::from_bytes_prefix(&b, shape(1, 2), &mut rng()),
                Err(truncated()),
                "count {count} at {at}"
            );
        }
        // a smaller count leaves bytes over
        let mut b = bytes.clone();
        b[g2_at..g2_at + 8].copy_from_slice(&1u64.to_le_bytes());
        assert!(matches!(
            Srs::<Bls12_381>::from_bytes_prefix(&b, shape(1, 1), &mut rng()),
            Err(Error::Deserialization {
                source: crate::SerializationFault::TrailingBytes(_),
                ..
            })
        ));
    }

    #[test]
    fn prefix_points_are_validated() {
        let srs = Srs::<Bls12_381>::insecure_from_seed(8, 6, 3);
        let bytes = encoded(&srs);
        // a corrupted G1 power inside the prefix: not on the curve, or a
        // point of another τ (caught by the pairing check)
        let mut b = bytes.clone();
        b[8 + 48 + 5] ^= 0x55;
        assert!(Srs::<Bls12_381>::from_bytes_prefix(&b, shape(3, 2), &mut rng()).is_err());
        // the same power outside the prefix is not read
        assert!(Srs::<Bls12_381>::from_bytes_prefix(&b, shape(1, 2), &mut rng()).is_ok());
        // a wrong power of the right form inside the prefix
        let mut g1 = srs.powers_g1().to_vec();
        g1[2] = (g1[2] + G1Affine::generator()).into_affine();
        let forged = encoded(&Srs::new_unchecked(g1, srs.powers_g2().to_vec()));
        assert_eq!(
            Srs::<Bls12_381>::from_bytes_prefix(&forged, shape(4, 2), &mut rng()),
            Err(Error::InvalidSrs(SrsFault::InconsistentG1))
        );
        assert!(Srs::<Bls12_381>::from_bytes_prefix(&forged, shape(2, 2), &mut rng()).is_ok());
    }

    #[test]
    fn single_string() {
        let srs = Srs::<Bls12_381>::insecure_from_seed(9, 2, 2);
        assert_eq!(Srs::single(vec![srs.clone()]), Ok(srs.clone()));
        assert_eq!(
            Srs::<Bls12_381>::single(vec![]),
            Err(Error::SrsStringCount { need: 1, got: 0 })
        );
        assert_eq!(
            Srs::single(vec![srs.clone(), srs]),
            Err(Error::SrsStringCount { need: 1, got: 2 })
        );
    }
}
