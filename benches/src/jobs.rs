//! `--emit-jobs`: the grid as one shell command per point, for an existing
//! scheduler (GNU parallel, a Slurm job array, …). Each job writes its own
//! JSON-lines file; `--merge` joins them afterwards.

use crate::grid::Point;
use std::path::Path;

/// The file a job writes its record to, inside `dir`.
pub fn job_file(dir: &Path, p: &Point) -> String {
    dir.join(format!(
        "{}_{}_k{}_n{}_b{}_t{}_{}.jsonl",
        p.scheme, p.curve, p.k, p.n, p.bytes, p.threads, p.encoding
    ))
    .display()
    .to_string()
}

/// One command line per point: `prefix` (how to start the sweep binary)
/// followed by the options selecting exactly that point.
pub fn emit_jobs(points: &[Point], prefix: &str, dir: &Path) -> Vec<String> {
    points
        .iter()
        .map(|p| {
            format!(
                "{prefix} --no-progress --schemes {} --curves {} --k {} --n {} --bytes {} --threads {} --encoding {} --out {}",
                p.scheme,
                p.curve,
                p.k,
                p.n,
                p.bytes,
                p.threads,
                p.encoding,
                shell_quote(&job_file(dir, p))
            )
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
}
