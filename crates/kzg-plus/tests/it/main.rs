//! Integration tests of `kzg-plus` (KZG+ and KZG+ global), compiled into one
//! test binary (one link step per crate instead of one per file). Each
//! module is one topic.

mod attack;
mod conformance;
mod global_attacks;
mod global_conformance;
mod global_oracles;
mod oracles;
