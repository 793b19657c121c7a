//! Integration tests of `semi-avid`, compiled into one test binary (one link
//! step per crate instead of one per file). Each module is one topic.

mod bases;
mod commit_table;
mod common;
mod conformance;
mod malformed;
mod oracles;
mod properties;
mod recode;
