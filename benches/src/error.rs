//! The error type of the sweep runner.

use std::path::PathBuf;

/// Everything that can go wrong in a sweep.
#[non_exhaustive]
#[derive(thiserror::Error, Debug)]
pub enum SweepError {
    /// An item of a command-line list could not be parsed.
    #[error("invalid {what} item {item:?}")]
    BadList {
        /// Which list.
        what: &'static str,
        /// The offending item.
        item: String,
    },
    /// A list expands to too many values.
    #[error("the {what} list expands to more than {max} values")]
    ListTooLong {
        /// Which list.
        what: &'static str,
        /// The limit.
        max: usize,
    },
    /// An unknown scheme, curve, encoding or preset name.
    #[error("unknown {what} {name:?} (known: {known})")]
    UnknownName {
        /// What kind of name.
        what: &'static str,
        /// The name given.
        name: String,
        /// The names accepted.
        known: String,
    },
    /// The scheme or curve exists in the grid syntax but not in this build.
    #[error("{scheme} on {curve} is not available in this build")]
    Unavailable {
        /// Scheme name.
        scheme: String,
        /// Curve name.
        curve: String,
    },
    /// A scheme operation failed at a point.
    #[error("{op} failed")]
    Scheme {
        /// The operation (`setup`, `commit`, …).
        op: &'static str,
        /// The scheme's own error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The thread pool could not be built.
    #[error("cannot build a pool of {threads} threads")]
    Pool {
        /// Requested size.
        threads: usize,
        /// Cause.
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
    /// A file could not be read or written.
    #[error("I/O on {path}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Cause.
        #[source]
        source: std::io::Error,
    },
    /// A line of a result file is not a valid record.
    #[error("{path}:{line}: not a result record")]
    BadRecord {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// Cause.
        #[source]
        source: serde_json::Error,
    },
    /// Writing the CSV view failed.
    #[error("CSV output")]
    Csv(#[from] csv::Error),
    /// Drawing a plot failed.
    #[error("drawing {path}")]
    Plot {
        /// The output file.
        path: PathBuf,
        /// The drawing backend's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl SweepError {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Self {
        let path = path.into();
        move |source| Self::Io { path, source }
    }
}
