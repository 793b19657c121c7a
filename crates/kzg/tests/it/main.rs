//! Integration tests of `kzg`, compiled into one test binary (one link
//! step per crate instead of one per file). Each module is one topic.

mod committer_key;
mod ethereum_blob_ckzg;
mod ethereum_ckzg;
mod ethereum_common;
mod ethereum_setup;
mod ethereum_tables;
mod fk20;
mod multi_open;
mod per_row_conformance;
mod per_row_tamper;
mod primitive;
