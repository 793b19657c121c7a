//! Integration tests of `erasure`, compiled into one test binary (one link
//! step per crate instead of one per file). Each module is one topic.

mod common;
mod errors;
mod oracles;
mod parallel;
mod recode;
mod roundtrip;
