//! Shared helpers of the side-by-side benches (see `src/bin/`).
pub mod common;
