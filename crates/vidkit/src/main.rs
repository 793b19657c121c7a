//! The `vidkit` command-line tool: disperse a file into verifiable shards,
//! verify shards, rebuild the file, inspect files. Run `vidkit --help`.
#![forbid(unsafe_code)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
