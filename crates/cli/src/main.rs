//! The `vidkit` command-line tool: disperse a file into verifiable shards,
//! verify shards, rebuild the file, inspect files. Run `vidkit --help`.
//!
//! One module per command ([`setup`], [`disperse`], [`verify`],
//! [`reconstruct`], [`inspect`], [`demo`]), each with its arguments and its
//! `run`; [`cli`] parses the command line and ends the process; the file
//! names and the exit-status policy are in [`conventions`]. Shared parts:
//! [`check`] (loading a commitment, checking shard files), [`keys`] (which
//! setup, deriving the keys), [`fsio`] (reads, atomic writes), [`output`]
//! (text or JSON), [`progress`], [`error`].
#![forbid(unsafe_code)]

mod check;
mod cli;
mod conventions;
mod demo;
mod disperse;
mod error;
mod fsio;
mod inspect;
mod keys;
mod output;
mod progress;
mod reconstruct;
mod setup;
mod verify;

fn main() -> std::process::ExitCode {
    cli::run()
}
