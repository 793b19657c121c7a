//! Integration tests of `examples`, compiled into one test binary (one link
//! step per crate instead of one per file). Each module is one topic.

mod common;
mod network_double;
mod network_schemes;
mod walk_double;
mod walk_schemes;
