//! `--emit-jobs`: the grid as one shell command per grid cell (the points
//! of one curve, k, n, |F|, threads and encoding, every scheme), for an
//! existing scheduler (GNU parallel, a Slurm job array, …). A job measures
//! its cell's schemes in interleaved rounds like a local run; each job
//! writes its own JSON-lines file; `--merge` joins them afterwards.

use crate::{driver::cells, grid::Point};
use std::path::Path;

/// The file a job writes its records to, inside `dir`: the cell's schemes
/// joined with `+`, then its parameters.
pub fn job_file(dir: &Path, schemes: &[&str], p: &Point) -> String {
    dir.join(format!(
        "{}_{}_k{}_n{}_b{}_t{}_{}.jsonl",
        schemes.join("+"),
        p.curve,
        p.k,
        p.n,
        p.bytes,
        p.threads,
        p.encoding
    ))
    .display()
    .to_string()
}

/// One command line per cell of `points`: `prefix` (how to start the sweep
/// binary) followed by the options selecting exactly that cell.
pub fn emit_jobs(points: &[Point], prefix: &str, dir: &Path) -> Vec<String> {
    emit_cell_jobs(points, prefix, dir, &[])
}

/// [`emit_jobs`] with `extra` options (e.g. `--repeats 10`) appended to
/// every command.
pub fn emit_cell_jobs(points: &[Point], prefix: &str, dir: &Path, extra: &[String]) -> Vec<String> {
    cells(points)
        .iter()
        .map(|cell| {
            let schemes = cell.schemes();
            let p = &cell.points[0];
            let mut line = format!(
                "{prefix} --no-progress --schemes {} --curves {} --k {} --n {} --bytes {} --threads {} --encoding {} --out {}",
                schemes.join(","),
                p.curve,
                p.k,
                p.n,
                p.bytes,
                p.threads,
                p.encoding,
                shell_quote(&job_file(dir, &schemes, p))
            );
            for e in extra {
                line.push(' ');
                line.push_str(&shell_quote(e));
            }
            line
        })
        .collect()
}

/// Quotes a path for POSIX shells when it contains anything unusual.
fn shell_quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+=,".contains(c))
    {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_command_per_point() {
        let p = Point {
            scheme: "semi-avid".into(),
            curve: "bn254".into(),
            k: 4,
            n: 8,
            bytes: 496,
            threads: 2,
            encoding: "fft".into(),
        };
        let jobs = emit_jobs(
            &[p.clone(), Point { k: 8, n: 16, ..p }],
            "sweep",
            Path::new("parts dir"),
        );
        assert_eq!(jobs.len(), 2);
        assert_eq!(
            jobs[0],
            "sweep --no-progress --schemes semi-avid --curves bn254 --k 4 --n 8 --bytes 496 --threads 2 --encoding fft --out 'parts dir/semi-avid_bn254_k4_n8_b496_t2_fft.jsonl'"
        );
        assert!(jobs[1].contains("--k 8 --n 16"));
    }

    #[test]
    fn one_command_per_cell_with_every_scheme() {
        let p = Point {
            scheme: "kzg".into(),
            curve: "bn254".into(),
            k: 4,
            n: 8,
            bytes: 496,
            threads: 1,
            encoding: "points".into(),
        };
        let points = [
            p.clone(),
            Point {
                scheme: "aplonk".into(),
                ..p.clone()
            },
            Point {
                bytes: 992,
                ..p.clone()
            },
        ];
        let extra = ["--repeats".to_owned(), "5".to_owned()];
        let jobs = emit_cell_jobs(&points, "sweep", Path::new("parts"), &extra);
        assert_eq!(jobs.len(), 2, "{jobs:?}");
        assert!(jobs[0].contains("--schemes kzg,aplonk --curves bn254"));
        assert!(jobs[0].contains("--out parts/kzg+aplonk_bn254_k4_n8_b496_t1_points.jsonl"));
        assert!(jobs[0].ends_with(" --repeats 5"));
        assert!(jobs[1].contains("--schemes kzg --") && jobs[1].contains("--bytes 992"));
    }
}
