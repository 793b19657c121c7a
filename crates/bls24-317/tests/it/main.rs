//! Integration tests of `bls24-317`, compiled into one test binary (one link
//! step per crate instead of one per file). Each module is one topic.

mod common;
mod conformance;
mod final_exp;
mod groups;
mod montgomery;
mod msm;
mod pairing;
mod vectors;
