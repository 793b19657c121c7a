//! `fuzz`: runs the fuzz targets of `vidkit-fuzz` (docs/fuzzing.md).
//!
//! ```text
//! cargo run --release -p vidkit-fuzz -- --target all --inputs 1000000 --seed 1
//! cargo run --release -p vidkit-fuzz -- --list
//! cargo run --release -p vidkit-fuzz -- --replay fuzz/corpus/regressions
//! ```
//!
//! Each target runs in a worker process (this binary with `--worker`) that
//! reports the index of every input before running it; when a worker dies
//! (abort, an allocation over the 64 MiB cap, stack overflow) or stops
//! making progress, the supervisor regenerates that input, saves it under
//! `--out`, and restarts the worker after it. Panics and slow inputs are
//! caught and saved by the worker itself.

use std::{
    io::{Read, Write},
    path::PathBuf,
    process::{Command, ExitCode, Stdio},
    sync::mpsc,
    time::{Duration, Instant},
};

use clap::Parser;
use vidkit_fuzz::{
    mutate,
    run::{self, Allocator, Failure, Fault, Limits, Report},
    Target,
};

#[global_allocator]
static ALLOCATOR: Allocator = Allocator::new(std::alloc::System, usize::MAX);

/// A worker that reports no input for this long is killed.
const STALL: Duration = Duration::from_secs(60);

/// Marks the end of a worker's progress stream; its report follows.
const DONE: u64 = u64::MAX;

#[derive(Parser, Debug)]
#[command(about = "Structured mutation fuzzing of vidkit's decoders of untrusted bytes")]
struct Args {
    /// A target name (see --list) or `all`.
    #[arg(long, default_value = "all")]
    target: String,
    /// Inputs per target.
    #[arg(long, default_value_t = 10_000)]
    inputs: u64,
    /// The run's seed (input i of a target is a function of seed, target and i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where failing inputs are saved (one directory per target).
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/found"))]
    out: PathBuf,
    /// List the targets and exit.
    #[arg(long)]
    list: bool,
    /// Replay the saved inputs under this directory (one directory per target) instead.
    #[arg(long)]
    replay: Option<PathBuf>,
    /// Internal: run inputs `start..inputs` of one target in this process.
    #[arg(long, hide = true)]
    worker: bool,
    /// Internal: the first input of a worker.
    #[arg(long, hide = true, default_value_t = 0)]
    start: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.list {
        for t in Target::all() {
            println!("{}", t.name());
        }
        return ExitCode::SUCCESS;
    }
    let targets: Vec<Target> = if args.target == "all" {
        Target::all()
    } else {
        match Target::by_name(&args.target) {
            Some(t) => vec![t],
            None => {
                eprintln!("unknown target {:?} (see --list)", args.target);
                return ExitCode::from(2);
            }
        }
    };
    if args.worker {
        return worker(&args, targets[0]);
    }
    if let Some(dir) = &args.replay {
        return replay(dir, &targets);
    }
    supervise(&args, &targets)
}

/// Runs inputs `start..inputs` of `target`, writing each index to stdout
/// before its input runs, then [`DONE`] and the report.
fn worker(args: &Args, target: Target) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let mut progress = |i: u64| {
        // the supervisor must know the index before the input can kill us
        let _ = out.write_all(&i.to_le_bytes());
        let _ = out.flush();
    };
    let report = run::fuzz(
        target,
        args.seed,
        args.start..args.inputs,
        Limits::capped(&ALLOCATOR),
        &mut progress,
    );
    for f in &report.failures {
        let index = f.index.unwrap_or(0);
        let name = format!("seed{}-input{index}", args.seed);
        match run::save(&args.out, f, &name) {
            Ok(path) => eprintln!(
                "FAIL {} input {index}: {} ({})",
                f.target,
                f.fault,
                path.display()
            ),
            Err(e) => eprintln!(
                "FAIL {} input {index}: {} (not saved: {e})",
                f.target, f.fault
            ),
        }
    }
    let words = [
        DONE,
        report.inputs,
        report.accepted,
        report.slowest.as_nanos() as u64,
        report.busy.as_nanos() as u64,
        report.failures.len() as u64,
    ];
    for w in words {
        let _ = out.write_all(&w.to_le_bytes());
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}

/// One target's totals over its workers.
#[derive(Default)]
struct Totals {
    report: Report,
    failures: u64,
    wall: Duration,
}

fn supervise(args: &Args, targets: &[Target]) -> ExitCode {
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("cannot find this executable: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{:<32} {:>9} {:>9} {:>6} {:>10} {:>10} {:>10}",
        "target", "inputs", "accepted", "fail", "slowest", "wall", "inputs/s"
    );
    let mut any_failure = false;
    let started = Instant::now();
    for &target in targets {
        let t = supervise_one(args, &exe, target);
        any_failure |= t.failures > 0;
        let rate = t.report.inputs as f64 / t.wall.as_secs_f64().max(1e-9);
        println!(
            "{:<32} {:>9} {:>9} {:>6} {:>10} {:>10} {:>10.0}",
            target.name(),
            t.report.inputs,
            t.report.accepted,
            t.failures,
            format!("{:.1?}", t.report.slowest),
            format!("{:.1?}", t.wall),
            rate
        );
    }
    println!("total wall time {:.1?}", started.elapsed());
    if any_failure {
        println!("failing inputs saved under {}", args.out.display());
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn supervise_one(args: &Args, exe: &PathBuf, target: Target) -> Totals {
    let mut totals = Totals::default();
    let started = Instant::now();
    let mut start = 0;
    while start < args.inputs {
        let spawned = Command::new(exe)
            .args(["--worker", "--target", &target.name()])
            .args(["--inputs", &args.inputs.to_string()])
            .args(["--seed", &args.seed.to_string()])
            .args(["--start", &start.to_string()])
            .arg("--out")
            .arg(&args.out)
            .stdout(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(c) => c,
            Err(e) => {
                eprintln!("cannot start a worker: {e}");
                totals.failures += 1;
                break;
            }
        };
        let mut stdout = child.stdout.take().expect("piped");
        let (tx, rx) = mpsc::channel::<u64>();
        let reader = std::thread::spawn(move || {
            let mut word = [0u8; 8];
            while stdout.read_exact(&mut word).is_ok() {
                if tx.send(u64::from_le_bytes(word)).is_err() {
                    break;
                }
            }
        });
        let mut last: Option<u64> = None;
        let mut done: Option<Vec<u64>> = None;
        let mut stalled = false;
        loop {
            match rx.recv_timeout(STALL) {
                Ok(DONE) => {
                    let rest: Vec<u64> = rx.iter().take(5).collect();
                    done = Some(rest);
                    break;
                }
                Ok(i) => last = Some(i),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    stalled = true;
                    // the worker is this supervisor's own child
                    let _ = child.kill();
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        let status = child.wait();
        let _ = reader.join();
        match done {
            Some(w) if w.len() == 5 => {
                totals.report.inputs += w[0];
                totals.report.accepted += w[1];
                totals.report.slowest = totals.report.slowest.max(Duration::from_nanos(w[2]));
                totals.report.busy += Duration::from_nanos(w[3]);
                totals.failures += w[4];
                break;
            }
            _ => {
                // the worker died on input `last`: name it, save it, go on after it
                let index = last.unwrap_or(start);
                let why = if stalled {
                    format!("no progress for {STALL:?}")
                } else {
                    match status {
                        Ok(s) => format!("worker exited with {s}"),
                        Err(e) => format!("worker lost: {e}"),
                    }
                };
                let name = target.name();
                let input = target.with(|seeds, _| mutate::input(seeds, args.seed, &name, index));
                let failure = Failure {
                    target: name.clone(),
                    index: Some(index),
                    fault: Fault::Died(why),
                    input,
                };
                let file = format!("seed{}-input{index}", args.seed);
                match run::save(&args.out, &failure, &file) {
                    Ok(p) => eprintln!(
                        "FAIL {name} input {index}: {} ({})",
                        failure.fault,
                        p.display()
                    ),
                    Err(e) => eprintln!(
                        "FAIL {name} input {index}: {} (not saved: {e})",
                        failure.fault
                    ),
                }
                totals.failures += 1;
                totals.report.inputs += index + 1 - start;
                start = index + 1;
            }
        }
    }
    totals.wall = started.elapsed();
    totals
}

/// Replays every saved input under `dir` through its target.
fn replay(dir: &std::path::Path, targets: &[Target]) -> ExitCode {
    let mut failed = false;
    for &target in targets {
        let files = match run::corpus_files(dir, &target.name()) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("{}: {e}", target.name());
                failed = true;
                continue;
            }
        };
        if files.is_empty() {
            continue;
        }
        match run::replay(target, &files, Limits::capped(&ALLOCATOR)) {
            Ok(r) => {
                println!(
                    "{}: {} inputs, {} failures",
                    target.name(),
                    r.inputs,
                    r.failures.len()
                );
                for f in &r.failures {
                    eprintln!("FAIL {}: {}", f.target, f.fault);
                }
                failed |= !r.failures.is_empty();
            }
            Err(e) => {
                eprintln!("{}: {e}", target.name());
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
