//! The `vidkit` command-line tool: disperse a file into verifiable shards,
//! verify shards, rebuild the file, inspect files. Run `vidkit --help`;
//! install with `cargo install --path crates/cli`. `docs/cli.md` is the
//! user's guide.
//!
//! The tool is its own package (`vidkit-cli`) on top of the `vidkit` library,
//! so that the library does not carry the tool's dependencies (clap,
//! indicatif, serde, serde_json, tempfile, rand) and has no insecure setup by
//! default. The tool turns on the library's `test-srs` feature for its
//! built-in, clearly labelled INSECURE default setup (used when `--srs` is
//! not given, and by the demonstration) and for `vidkit setup`'s test setups.
//!
//! One module per command ([`setup`], [`disperse`], [`verify`],
//! [`reconstruct`], [`inspect`], [`demo`]), each with its arguments and its
//! `run`; [`cli`] parses the command line and ends the process; the file
//! names and the exit-status policy are in [`conventions`]. Shared parts:
//! [`check`] (loading a commitment, checking shard files), [`keys`] (which
//! setup, deriving the keys), [`fsio`] (reads, atomic writes), [`output`]
//! (text or JSON), [`limits`] (what a file may make the tool do),
//! [`progress`], [`error`].
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
mod limits;
mod output;
mod progress;
mod reconstruct;
mod setup;
mod verify;

fn main() -> std::process::ExitCode {
    cli::run()
}
