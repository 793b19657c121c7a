//! The `vidkit` command-line tool (placeholder).
fn main() {}
