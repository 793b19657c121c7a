//! Integration tests of `benches`, compiled into one test binary (one link
//! step per crate instead of one per file). Each module is one topic.

mod claims;
mod end_to_end;
mod figures;
mod repeats;
mod statistics;
