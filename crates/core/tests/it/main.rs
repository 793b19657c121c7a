//! Integration tests of `core`, compiled into one test binary (one link
//! step per crate instead of one per file). Each module is one topic.

mod canonical;
mod conformance_double;
