//! The `vidkit` command line: the arguments, which command runs, and how an
//! error ends the process (one line on standard error, the exit status of
//! [`conventions`](crate::conventions)).

use crate::conventions::{self, EXIT_ERROR, EXIT_REJECTED};
use crate::demo::{self, DemoArgs};
use crate::disperse::{self, DisperseArgs};
use crate::inspect::{self, InspectArgs};
use crate::reconstruct::{self, ReconstructArgs};
use crate::setup::{self, SetupArgs};
use crate::verify::{self, VerifyArgs};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Disperse a file across untrusted storage nodes as verifiable shards, check
/// shards, and rebuild the file from any k valid ones.
///
/// Without a subcommand, runs the demonstration: the embedded sample file is
/// dispersed with every scheme on BLS12-381 (k = 4, n = 8), shards are lost
/// and one is corrupted, and the file is rebuilt.
///
/// Exit status: 0 success; 1 a shard is invalid or too few valid shards
/// remain; 2 any other error (unreadable or malformed file, usage).
#[derive(Parser, Debug)]
// `about` is spelled out, not taken from the package description, so that
// `vidkit -h` does not change with the package metadata.
#[command(
    name = "vidkit",
    version,
    about = "Verifiable information dispersal: erasure-coded shards checkable with polynomial commitments",
    long_about
)]
pub struct Cli {
    /// Print machine-readable JSON on standard output (no progress bars).
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

// The subcommands (a plain comment: clap would take a doc comment for help
// text); each is run by the `run` function of its module.
#[derive(Subcommand, Debug)]
enum Command {
    /// Write a setup (SRS) file: an INSECURE test setup, or the Ethereum KZG
    /// ceremony output converted with --from-ethereum.
    Setup(SetupArgs),
    /// Encode FILE into n shards, commit and prove; write DIR/shard-NNNN.vid and DIR/commitment.vid.
    Disperse(DisperseArgs),
    /// Check shard files (or every shard of a directory) against the commitment.
    Verify(VerifyArgs),
    /// Verify the shards of a directory, discard bad ones, and rebuild the file from k valid shards.
    Reconstruct(ReconstructArgs),
    /// Print the header and sizes of a shard, commitment or setup file.
    Inspect(InspectArgs),
    /// The default job: disperse, lose, corrupt and rebuild the embedded sample with every scheme.
    Demo(DemoArgs),
}

/// Parses the arguments, runs the command, reports errors on one line.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = conventions::parse_exit_code(&e);
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let json = cli.json;
    let result = match cli.command {
        None => demo::run(DemoArgs::default(), json),
        Some(Command::Setup(a)) => setup::run(a, json),
        Some(Command::Disperse(a)) => disperse::run(a, json),
        Some(Command::Verify(a)) => verify::run(a, json),
        Some(Command::Reconstruct(a)) => reconstruct::run(a, json),
        Some(Command::Inspect(a)) => inspect::run(a, json),
        Some(Command::Demo(a)) => demo::run(a, json),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            let code = conventions::exit_code(&e);
            // file names and file contents in the message cannot forge lines
            let line = crate::output::escape(&e.to_string());
            if json {
                let v = serde_json::json!({ "error": line, "exit_code": code });
                println!("{v}");
            }
            eprintln!("error: {line}");
            debug_assert!(code == EXIT_REJECTED || code == EXIT_ERROR);
            ExitCode::from(code)
        }
    }
}
