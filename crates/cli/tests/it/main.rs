//! Integration tests of the `vidkit` binary (one test binary, one module per topic).

mod cli;
mod hostile;
