//! Progress display on standard error (hidden with `--json` and when standard
//! error is not a terminal).

use indicatif::{ProgressBar, ProgressStyle};
use std::time::{Duration, Instant};

/// Makes progress bars, or hidden ones.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    enabled: bool,
}

impl Progress {
    /// Progress shown unless `quiet`.
    pub fn new(quiet: bool) -> Self {
        Self { enabled: !quiet }
    }

    /// A bar of `len` steps.
    pub fn bar(&self, len: usize, msg: &'static str) -> ProgressBar {
        if !self.enabled {
            return ProgressBar::hidden();
        }
        let style = ProgressStyle::with_template("{msg:>12} [{bar:30}] {pos}/{len} ({elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        ProgressBar::new(len as u64)
            .with_style(style)
            .with_message(msg)
    }

    /// Runs `f` under a spinner labelled `msg`; returns its result and duration.
    pub fn step<T>(&self, msg: &'static str, f: impl FnOnce() -> T) -> (T, Duration) {
        let spinner = if self.enabled {
            let s = ProgressBar::new_spinner().with_message(msg);
            s.enable_steady_tick(Duration::from_millis(100));
            s
        } else {
            ProgressBar::hidden()
        };
        let start = Instant::now();
        let out = f();
        let took = start.elapsed();
        spinner.finish_and_clear();
        (out, took)
    }
}

/// Milliseconds, with microsecond precision.
pub fn ms(d: Duration) -> f64 {
    (d.as_micros() as f64) / 1000.0
}
