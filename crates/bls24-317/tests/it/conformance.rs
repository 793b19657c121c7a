//! arkworks' conformance suites (`ark-algebra-test-templates` 0.6) for every
//! field, both groups and the pairing. Iteration counts are reduced for the
//! large extension fields and G2 to keep the debug-profile run short (10 is
//! the least that runs `test_pow`, which loops `ITERATIONS / 10` times).
//!
//! G2 runs the basic group suite (addition, subtraction,
//! scalar multiplication, serialization) without the `sw`/`msm` parts: those
//! build 1024-point MSMs with a naive reference, minutes per test for G2
//! in the test profile (the target group is covered by `test_pairing!`). `tests/groups.rs` covers what they would add for
//! G2 (subgroup membership, cofactor clearing, serialization with
//! validation, and an MSM against the naive sum).

use ark_algebra_test_templates::*;
use vidkit_bls24_317::{Fq, Fq12, Fq2, Fq24, Fq4, Fr, G1Projective, G2Projective};

test_field!(fr; Fr; mont_prime_field);
test_field!(fq; Fq; mont_prime_field);
test_field!(200; fq2; Fq2);
test_field!(50; fq4; Fq4);
test_field!(10; fq12; Fq12);
test_field!(10; fq24; Fq24);

test_group!(50; g1; G1Projective; sw);
test_group!(50; g1_glv; G1Projective; glv);
test_group!(10; g2; G2Projective);
test_pairing!(pairing; vidkit_bls24_317::Bls24_317);
