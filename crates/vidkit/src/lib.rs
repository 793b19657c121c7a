//! vidkit facade (placeholder).
pub use vidkit_core as core;
pub use vidkit_erasure as erasure;
