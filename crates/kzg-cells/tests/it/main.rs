//! Integration tests of `kzg-cells`, compiled into one test binary. Each
//! module is one topic.

mod conformance;
mod decode;
mod ethereum;
mod fk20;
mod fk20_tables;
mod folding;
mod many_files;
mod oracles;
mod tamper;
