//! File input and output: whole-file reads with the path in every error, and
//! atomic writes (temporary file in the target directory, then rename) that
//! never replace an existing file without `--force`.

use crate::conventions::is_shard_file_name;
use crate::error::CliError;
use std::io::Write;
use std::path::Path;

/// Reads a whole file.
pub fn read(path: &Path) -> Result<Vec<u8>, CliError> {
    std::fs::read(path).map_err(|e| CliError::io(path, e))
}

/// Fails with [`CliError::Exists`] if `path` exists and `force` is off.
pub fn check_free(path: &Path, force: bool) -> Result<(), CliError> {
    if !force && path.exists() {
        return Err(CliError::Exists {
            path: path.to_owned(),
        });
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory is written, flushed to disk and renamed over `path`. Without
/// `force`, an existing `path` is an error (checked again at the rename, so a
/// file created meanwhile is not replaced either).
pub fn write_atomic(path: &Path, bytes: &[u8], force: bool) -> Result<(), CliError> {
    check_free(path, force)?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".vidkit-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| CliError::io(dir, e))?;
    tmp.write_all(bytes).map_err(|e| CliError::io(path, e))?;
    tmp.as_file()
        .sync_all()
        .map_err(|e| CliError::io(path, e))?;
    if force {
        tmp.persist(path).map_err(|e| CliError::io(path, e.error))?;
    } else {
        tmp.persist_noclobber(path).map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                CliError::Exists {
                    path: path.to_owned(),
                }
            } else {
                CliError::io(path, e.error)
            }
        })?;
    }
    Ok(())
}

/// Creates `dir` (and parents) if needed.
pub fn ensure_dir(dir: &Path) -> Result<(), CliError> {
    std::fs::create_dir_all(dir).map_err(|e| CliError::io(dir, e))
}

/// The shard files of a directory ([`is_shard_file_name`]: `*.vid` except
/// `commitment.vid`), sorted by name.
pub fn shard_files(dir: &Path) -> Result<Vec<std::path::PathBuf>, CliError> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| CliError::io(dir, e))? {
        let path = entry.map_err(|e| CliError::io(dir, e))?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_file() && is_shard_file_name(name) {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}
