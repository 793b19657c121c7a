//! File input and output: reads of regular files only, bounded in size, with
//! the path in every error, and atomic writes (temporary file in the target
//! directory, then rename) that never replace an existing file without
//! `--force`.

use crate::conventions::is_shard_file_name;
use crate::error::CliError;
use std::fs::{File, FileType, Metadata};
use std::io::{Read, Write};
use std::path::Path;

/// Reads a whole regular file (see [`read_capped`]), whatever its size.
pub fn read(path: &Path) -> Result<Vec<u8>, CliError> {
    read_capped(path, u64::MAX)
}

/// Reads a regular file of at most `cap` bytes. A directory, a named pipe, a
/// device or a socket is refused before it is opened (reading a pipe could
/// wait forever, a device could never end) and a longer file before it is
/// read; at most `cap` bytes are read even if the file grows meanwhile.
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, CliError> {
    let io = |e| CliError::io(path, e);
    regular(path, &std::fs::metadata(path).map_err(io)?)?;
    let file = File::open(path).map_err(io)?;
    // the same checks on what was opened (the path may have been replaced)
    let meta = file.metadata().map_err(io)?;
    regular(path, &meta)?;
    let too_large = |len| CliError::OverLimit {
        path: path.to_owned(),
        what: "file size",
        value: len,
        limit: cap,
    };
    if meta.len() > cap {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > cap {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Fails with [`CliError::NotRegular`] unless `meta` is a regular file's.
fn regular(path: &Path, meta: &Metadata) -> Result<(), CliError> {
    if meta.is_file() {
        return Ok(());
    }
    Err(CliError::NotRegular {
        path: path.to_owned(),
        kind: kind(meta.file_type()),
    })
}

/// What a file that is not a regular file is (as in "… is a named pipe").
fn kind(t: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
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
