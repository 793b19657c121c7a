//! Running inputs: panics caught, time and memory bounded.

use std::{
    alloc::System,
    panic::{catch_unwind, AssertUnwindSafe},
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use cap::Cap;

use crate::{mutate, targets::Check, Target};

/// The most one input may take.
pub const TIME_LIMIT: Duration = Duration::from_secs(1);

/// The most one input may allocate on top of what was allocated before it.
pub const MEMORY_LIMIT: usize = 64 << 20;

/// The global allocator of the harness's binaries: it refuses an allocation
/// past its limit, which makes Rust abort the process (a failure the `fuzz`
/// binary's supervisor attributes to the input that caused it).
pub type Allocator = Cap<System>;

/// Why an input failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The decoder panicked (with this message).
    Panic(String),
    /// The decoder took longer than [`TIME_LIMIT`].
    Slow(Duration),
    /// The process died on this input (abort, allocation over
    /// [`MEMORY_LIMIT`], stack overflow, or no progress for this long).
    Died(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Panic(m) => write!(f, "panic: {m}"),
            Fault::Slow(d) => write!(f, "took {d:?} (limit {TIME_LIMIT:?})"),
            Fault::Died(why) => write!(f, "process died: {why}"),
        }
    }
}

/// One failing input.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The target's name.
    pub target: String,
    /// Its index in the run (none for a replayed file).
    pub index: Option<u64>,
    /// What went wrong.
    pub fault: Fault,
    /// The input.
    pub input: Vec<u8>,
}

/// What a run of one target did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Inputs run.
    pub inputs: u64,
    /// Inputs the decoders accepted.
    pub accepted: u64,
    /// The longest time one input took.
    pub slowest: Duration,
    /// Total time spent in the decoders.
    pub busy: Duration,
    /// The failing inputs.
    pub failures: Vec<Failure>,
}

/// Bounds the memory of each input with the process's [`Allocator`].
#[derive(Clone, Copy)]
pub struct Limits {
    allocator: Option<&'static Allocator>,
}

impl Limits {
    /// Inputs may allocate [`MEMORY_LIMIT`] bytes on top of what is
    /// allocated when they start; more aborts the process.
    pub fn capped(allocator: &'static Allocator) -> Self {
        Self {
            allocator: Some(allocator),
        }
    }

    /// No memory bound (time and panics only).
    pub fn uncapped() -> Self {
        Self { allocator: None }
    }

    fn arm(&self) {
        if let Some(a) = self.allocator {
            // cannot fail: the limit is above what is allocated
            let _ = a.set_limit(a.allocated().saturating_add(MEMORY_LIMIT));
        }
    }

    fn disarm(&self) {
        if let Some(a) = self.allocator {
            let _ = a.set_limit(usize::MAX);
        }
    }
}

/// Runs `check` on `input` within the limits.
pub fn run_one(check: Check<'_>, input: &[u8], limits: Limits) -> Result<(bool, Duration), Fault> {
    limits.arm();
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| check(input)));
    let took = start.elapsed();
    limits.disarm();
    match result {
        Err(payload) => Err(Fault::Panic(panic_message(payload.as_ref()))),
        Ok(_) if took > TIME_LIMIT => Err(Fault::Slow(took)),
        Ok(accepted) => Ok((accepted, took)),
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "non-string panic payload".to_owned()
    }
}

/// Runs inputs `range` of `target`'s run of seed `seed`; `progress` is
/// told each index before its input runs.
pub fn fuzz(
    target: Target,
    seed: u64,
    range: std::ops::Range<u64>,
    limits: Limits,
    progress: &mut dyn FnMut(u64),
) -> Report {
    let name = target.name();
    target.with(|seeds, check| {
        let mut report = Report::default();
        for index in range {
            let input = mutate::input(seeds, seed, &name, index);
            progress(index);
            account(&mut report, &name, Some(index), input, check, limits);
        }
        report
    })
}

/// Runs the given files through `target`.
pub fn replay(target: Target, files: &[PathBuf], limits: Limits) -> std::io::Result<Report> {
    let inputs: Vec<Vec<u8>> = files.iter().map(std::fs::read).collect::<Result<_, _>>()?;
    let name = target.name();
    Ok(target.with(|_, check| {
        let mut report = Report::default();
        for input in inputs {
            account(&mut report, &name, None, input, check, limits);
        }
        report
    }))
}

fn account(
    report: &mut Report,
    name: &str,
    index: Option<u64>,
    input: Vec<u8>,
    check: Check<'_>,
    limits: Limits,
) {
    report.inputs += 1;
    match run_one(check, &input, limits) {
        Ok((accepted, took)) => {
            report.accepted += u64::from(accepted);
            report.slowest = report.slowest.max(took);
            report.busy += took;
        }
        Err(fault) => {
            if let Fault::Slow(took) = fault {
                report.slowest = report.slowest.max(took);
                report.busy += took;
            }
            report.failures.push(Failure {
                target: name.to_owned(),
                index,
                fault,
                input,
            });
        }
    }
}

/// The directory name of a target (`/` becomes `.`).
pub fn dir_name(target: &str) -> String {
    target.replace('/', ".")
}

/// The regression corpus of `target` under `root`: every file in
/// `root/<dir_name(target)>/`, sorted.
pub fn corpus_files(root: &Path, target: &str) -> std::io::Result<Vec<PathBuf>> {
    let dir = root.join(dir_name(target));
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.retain(|p| p.is_file() && p.extension().is_some_and(|e| e == "bin"));
    files.sort();
    Ok(files)
}

/// Saves a failing input as `root/<dir_name(target)>/<name>.bin`.
pub fn save(root: &Path, failure: &Failure, name: &str) -> std::io::Result<PathBuf> {
    let dir = root.join(dir_name(&failure.target));
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("{name}.bin"));
    std::fs::write(&path, &failure.input)?;
    Ok(path)
}
