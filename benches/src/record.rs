//! One result line, and the run metadata (machine, commit, version) every
//! line carries so that merged files from many machines stay interpretable.
//!
//! The field names are a public interface (issue 6): other tools read them.

use crate::grid::Point;
use serde::{Deserialize, Serialize};

/// What `run_point` measures at one point.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measurement {
    /// Rows of the data matrix.
    pub m: usize,
    /// Building the insecure test SRS (not part of any scheme operation;
    /// reported separately from `t_setup_ns`).
    pub t_srs_ns: u64,
    /// `Scheme::setup`: deriving the prover and verifier keys from the SRS.
    pub t_setup_ns: u64,
    /// `Scheme::encode`: packing and Reed-Solomon encoding into n shards.
    pub t_encode_ns: u64,
    /// `Scheme::commit`.
    pub t_commit_ns: u64,
    /// `Scheme::prove` for all n shards.
    pub t_prove_ns: u64,
    /// `Scheme::verify_shards` of k random shards: one verdict each, one after
    /// the other, with the per-file work done once (KZG+ global; for the
    /// other schemes `Scheme::verify` in a loop).
    pub t_verify_ns: u64,
    /// `Scheme::batch_verify` of the same k shards at once.
    pub t_batch_verify_ns: u64,
    /// `Scheme::decode` from the same k shards.
    pub t_decode_ns: u64,
    /// Compressed size of the commitment.
    pub commitment_bytes: usize,
    /// Compressed size of one proof (the largest, if they differ).
    pub proof_bytes_per_shard: usize,
    /// Compressed size of the verifier key.
    pub verifier_key_bytes: usize,
    /// Every one of the k shards verified, alone and in the batch.
    pub all_verified: bool,
    /// Every tampering was rejected: an altered value, a shard moved to
    /// another index, and a batch containing the altered shard.
    pub tamper_rejected: bool,
    /// Decoding the k shards gave back the original bytes.
    pub decoded_ok: bool,
}

/// The machine and build a run happened on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunInfo {
    /// CPU model name (from `/proc/cpuinfo` where available).
    pub cpu: String,
    /// Logical cores available to the process.
    pub cores: usize,
    /// `git rev-parse HEAD` of the checkout (with `-dirty` when it has local changes).
    pub git_commit: String,
    /// The vidkit version.
    pub vidkit_version: String,
}

impl RunInfo {
    /// Collects the information of the current machine and checkout.
    pub fn current() -> Self {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_owned())
            })
            .unwrap_or_else(|| std::env::consts::ARCH.to_owned());
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self {
            cpu,
            cores,
            git_commit: git_commit(),
            vidkit_version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }
}

fn git_commit() -> String {
    let dir = env!("CARGO_MANIFEST_DIR");
    let run = |args: &[&str]| {
        std::process::Command::new("git")
            .args(["-C", dir])
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    match run(&["rev-parse", "HEAD"]) {
        Some(head) if !head.is_empty() => {
            let dirty = run(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty {
                format!("{head}-dirty")
            } else {
                head
            }
        }
        _ => "unknown".to_owned(),
    }
}

/// One line of a result file (JSON lines; the CSV view has the same columns).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Scheme name.
    pub scheme: String,
    /// Curve name.
    pub curve: String,
    /// Code dimension.
    pub k: usize,
    /// Number of shards.
    pub n: usize,
    /// Rows of the data matrix.
    pub m: usize,
    /// |F| in bytes.
    pub bytes: usize,
    /// Rayon pool size.
    pub threads: usize,
    /// `points`, `fft` or `systematic`.
    pub encoding: String,
    /// See [`Measurement::t_setup_ns`].
    pub t_setup_ns: u64,
    /// See [`Measurement::t_encode_ns`].
    pub t_encode_ns: u64,
    /// See [`Measurement::t_commit_ns`].
    pub t_commit_ns: u64,
    /// See [`Measurement::t_prove_ns`].
    pub t_prove_ns: u64,
    /// See [`Measurement::t_verify_ns`].
    pub t_verify_ns: u64,
    /// See [`Measurement::t_batch_verify_ns`].
    pub t_batch_verify_ns: u64,
    /// See [`Measurement::t_decode_ns`].
    pub t_decode_ns: u64,
    /// See [`Measurement::commitment_bytes`].
    pub commitment_bytes: usize,
    /// See [`Measurement::proof_bytes_per_shard`].
    pub proof_bytes_per_shard: usize,
    /// See [`Measurement::verifier_key_bytes`].
    pub verifier_key_bytes: usize,
    /// See [`Measurement::all_verified`].
    pub all_verified: bool,
    /// See [`Measurement::tamper_rejected`].
    pub tamper_rejected: bool,
    /// See [`Measurement::decoded_ok`].
    pub decoded_ok: bool,
    /// See [`Measurement::t_srs_ns`].
    pub t_srs_ns: u64,
    /// See [`RunInfo::cpu`].
    pub cpu: String,
    /// See [`RunInfo::cores`].
    pub cores: usize,
    /// See [`RunInfo::git_commit`].
    pub git_commit: String,
    /// See [`RunInfo::vidkit_version`].
    pub vidkit_version: String,
    /// When the point finished, seconds since the Unix epoch.
    pub unix_time: u64,
}

/// The field names every record has, in order (also the CSV header).
pub const FIELDS: [&str; 27] = [
    "scheme",
    "curve",
    "k",
    "n",
    "m",
    "bytes",
    "threads",
    "encoding",
    "t_setup_ns",
    "t_encode_ns",
    "t_commit_ns",
    "t_prove_ns",
    "t_verify_ns",
    "t_batch_verify_ns",
    "t_decode_ns",
    "commitment_bytes",
    "proof_bytes_per_shard",
    "verifier_key_bytes",
    "all_verified",
    "tamper_rejected",
    "decoded_ok",
    "t_srs_ns",
    "cpu",
    "cores",
    "git_commit",
    "vidkit_version",
    "unix_time",
];

impl Record {
    /// Assembles a record.
    pub fn new(point: &Point, m: &Measurement, run: &RunInfo) -> Self {
        Self {
            scheme: point.scheme.clone(),
            curve: point.curve.clone(),
            k: point.k,
            n: point.n,
            m: m.m,
            bytes: point.bytes,
            threads: point.threads,
            encoding: point.encoding.clone(),
            t_setup_ns: m.t_setup_ns,
            t_encode_ns: m.t_encode_ns,
            t_commit_ns: m.t_commit_ns,
            t_prove_ns: m.t_prove_ns,
            t_verify_ns: m.t_verify_ns,
            t_batch_verify_ns: m.t_batch_verify_ns,
            t_decode_ns: m.t_decode_ns,
            commitment_bytes: m.commitment_bytes,
            proof_bytes_per_shard: m.proof_bytes_per_shard,
            verifier_key_bytes: m.verifier_key_bytes,
            all_verified: m.all_verified,
            tamper_rejected: m.tamper_rejected,
            decoded_ok: m.decoded_ok,
            t_srs_ns: m.t_srs_ns,
            cpu: run.cpu.clone(),
            cores: run.cores,
            git_commit: run.git_commit.clone(),
            vidkit_version: run.vidkit_version.clone(),
            unix_time: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
        }
    }

    /// The grid point this record measured (the resume and merge key).
    pub fn point(&self) -> Point {
        Point {
            scheme: self.scheme.clone(),
            curve: self.curve.clone(),
            k: self.k,
            n: self.n,
            bytes: self.bytes,
            threads: self.threads,
            encoding: self.encoding.clone(),
        }
    }

    /// Whether every verdict is true.
    pub fn all_ok(&self) -> bool {
        self.all_verified && self.tamper_rejected && self.decoded_ok
    }

    /// Proof generation as the paper counts it: commit once + prove n shards.
    pub fn t_proof_total_ns(&self) -> u64 {
        self.t_commit_ns + self.t_prove_ns
    }

    /// Size overhead as in the paper's Table 2: n × (commitment + proof).
    pub fn overhead_bytes(&self) -> usize {
        self.n * (self.commitment_bytes + self.proof_bytes_per_shard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_has_exactly_the_documented_fields() {
        let point = Point {
            scheme: "kzg".into(),
            curve: "bn254".into(),
            k: 4,
            n: 8,
            bytes: 496,
            threads: 1,
            encoding: "points".into(),
        };
        let r = Record::new(&point, &Measurement::default(), &RunInfo::current());
        let v = serde_json::to_value(&r).unwrap();
        let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        let mut expected = FIELDS.to_vec();
        keys.sort_unstable();
        expected.sort_unstable();
        assert_eq!(keys, expected);
        assert_eq!(r.point(), point);
        assert!(!RunInfo::current().cpu.is_empty());
    }
}
