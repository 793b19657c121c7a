//! The `vidkit` command-line tool: disperse a file into verifiable shards,
//! verify shards, rebuild the file, inspect files. Run `vidkit --help`.
#![forbid(unsafe_code)]

mod check;
mod cli;
mod demo;
mod disperse;
mod error;
mod fsio;
mod inspect;
mod keys;
mod progress;
mod reconstruct;
mod setup_cmd;
mod verify;

fn main() -> std::process::ExitCode {
    cli::run()
}
