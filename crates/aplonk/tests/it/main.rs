//! Integration tests of `aplonk`, compiled into one test binary (one link
//! step per crate instead of one per file). Each module is one topic.

mod conformance;
mod global_attacks;
mod global_conformance;
mod global_oracles;
mod oracles;
mod properties;
mod same_trapdoor;
mod untrusted_bytes;
