//! What every command agrees on: the names of the files in a dispersal
//! directory, and the exit-status policy.
//!
//! Exit status: [`EXIT_OK`] (0) on success; [`EXIT_REJECTED`] (1) when a
//! shard is invalid or unusable, or too few valid shards remain, or the
//! valid ones do not decode;
//! [`EXIT_ERROR`] (2) on any other error (unreadable or malformed commitment
//! or setup file, usage, refusing to overwrite).

use crate::check::{FileResult, Status};
use crate::error::CliError;
use std::path::{Path, PathBuf};

/// File name of the commitment in a dispersal directory.
pub const COMMITMENT_FILE: &str = "commitment.vid";

/// File name of shard `j` in a dispersal directory (`shard-0007.vid`).
pub fn shard_file_name(j: usize) -> String {
    format!("shard-{j:04}.vid")
}

/// Whether a directory entry named `name` is taken for a shard file: any
/// `*.vid` file except the commitment.
pub fn is_shard_file_name(name: &str) -> bool {
    name.ends_with(".vid") && name != COMMITMENT_FILE
}

/// Exit status when everything is fine.
pub const EXIT_OK: u8 = 0;
/// Exit status when a shard is invalid or too few valid shards remain.
pub const EXIT_REJECTED: u8 = 1;
/// Exit status on any other error (bad input file, I/O, usage).
pub const EXIT_ERROR: u8 = 2;

/// The exit status for an error: [`EXIT_REJECTED`] when shards were checked
/// and found wanting, [`EXIT_ERROR`] for everything else.
pub fn exit_code(e: &CliError) -> u8 {
    match e {
        CliError::Invalid { .. }
        | CliError::Unusable { .. }
        | CliError::SomeInvalid { .. }
        | CliError::NotEnoughShards { .. }
        | CliError::Undecodable { .. } => EXIT_REJECTED,
        _ => EXIT_ERROR,
    }
}

/// The exit status after an argument-parsing outcome of clap: [`EXIT_OK`]
/// for `--help` and `--version` (printed on standard output), [`EXIT_ERROR`]
/// for a usage error.
pub fn parse_exit_code(e: &clap::Error) -> u8 {
    if e.use_stderr() {
        EXIT_ERROR
    } else {
        EXIT_OK
    }
}

/// The outcome of `verify` from its per-file results: [`EXIT_OK`] only if
/// every file is valid. Otherwise the error to report (exit
/// [`EXIT_REJECTED`]): for one shard file given alone (`single`), that file's
/// own verdict; else how many of the files are bad, naming `first_target`.
pub fn verify_outcome(
    files: &[FileResult],
    single: bool,
    first_target: &Path,
) -> Result<u8, CliError> {
    let bad = files.iter().filter(|f| f.status != Status::Valid).count();
    if bad == 0 {
        return Ok(EXIT_OK);
    }
    if single {
        let f = &files[0];
        let path = PathBuf::from(&f.file);
        return Err(match (f.status.clone(), f.index) {
            (Status::Invalid, Some(index)) => CliError::Invalid { path, index },
            _ => CliError::Unusable {
                path,
                reason: f.reason.clone().unwrap_or_default(),
            },
        });
    }
    Err(CliError::SomeInvalid {
        dir: first_target.to_owned(),
        bad,
        total: files.len(),
    })
}
