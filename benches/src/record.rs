//! One result line, and the run metadata (machine, commit, version) every
//! line carries so that merged files from many machines stay interpretable.
//!
//! The field names are a public interface (issue 6): other tools read them.
//! Format version 2 (issue 15) only adds fields; every one of them has a
//! serde default, so version-1 lines (without `format_version`) still parse,
//! as repeat 0 of their point with the new measurements unknown.

use crate::grid::Point;
use serde::{Deserialize, Serialize};

/// The `format_version` written by this build. Version 1 (no such field)
/// had one record per point; version 2 has one record per repeat of a point,
/// with the round, control, memory, size and build fields.
pub const FORMAT_VERSION: u32 = 2;

fn version_1() -> u32 {
    1
}

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
    /// the other, with the per-file work done once (KZG+ global and aPlonK
    /// global; for the other schemes `Scheme::verify` in a loop).
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
    /// Compressed size of the prover key.
    pub prover_key_bytes: usize,
    /// Compressed size of the SRS strings the keys are derived from (0 when
    /// the scheme has none); filled in by the backend.
    pub srs_bytes: usize,
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
    /// `git rev-parse HEAD` of the tree the sweep binary was built from
    /// (with `-dirty` when its tracked files had local changes; `unknown`
    /// outside a git checkout), fixed at build time, so a binary copied
    /// elsewhere or run in another checkout still names its own commit.
    /// (Records written before this field was fixed at build time name the
    /// checkout the binary ran in.)
    pub git_commit: String,
    /// The vidkit version.
    pub vidkit_version: String,
    /// `rustc -V` of the compiler that built the sweep binary.
    pub rustc_version: String,
    /// The enabled features of `vidkit-benches` (comma separated).
    pub features: String,
    /// Build profile, optimisation level and debug info, and for release
    /// builds the codegen units, e.g.
    /// `release opt-level=3 debug=false codegen-units=1` (records written
    /// before the release profile's units were recorded had 16).
    pub build_profile: String,
    /// Extra flags passed to rustc (`RUSTFLAGS`), empty when none.
    pub rustflags: String,
}

impl RunInfo {
    /// Collects the information of the current machine and of the build.
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
            git_commit: env!("VIDKIT_GIT_COMMIT").to_owned(),
            vidkit_version: env!("CARGO_PKG_VERSION").to_owned(),
            rustc_version: env!("VIDKIT_RUSTC_VERSION").to_owned(),
            features: env!("VIDKIT_FEATURES").to_owned(),
            build_profile: env!("VIDKIT_BUILD_PROFILE").to_owned(),
            rustflags: env!("VIDKIT_RUSTFLAGS").to_owned(),
        }
    }
}

/// The 1, 5 and 15 minute load averages (`/proc/loadavg`; `None` where
/// the file does not exist, i.e. off Linux).
pub fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut it = text.split_whitespace().map(|v| v.parse::<f64>().ok());
    Some([it.next()??, it.next()??, it.next()??])
}

/// Where a sample sits in the measurement plan: which repeat of its point,
/// its place in the interleaved round, and what ran around it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Round {
    /// Repeat index (0-based) of the point.
    pub repeat: u32,
    /// Warm-up rounds the grid cell ran (and discarded) before its first
    /// measured round in this process.
    pub warmup: u32,
    /// Seed of the shuffled round orders.
    pub order_seed: u64,
    /// 0-based place of this scheme in its round.
    pub round_position: u32,
    /// Control workload timed just before this sample.
    pub control: crate::control::ControlTimes,
    /// Resident set when the sample started and its peak during the
    /// sample, in bytes (`None` where it cannot be read or reset).
    pub rss: Option<crate::mem::PeakRss>,
    /// Load averages when the sample finished.
    pub load: Option<[f64; 3]>,
}

/// One line of a result file (JSON lines; the CSV view has the same columns):
/// one repeat of one point.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Record format version ([`FORMAT_VERSION`]; 1 for lines without it).
    #[serde(default = "version_1")]
    pub format_version: u32,
    /// See [`Round::repeat`] (0 in version-1 lines).
    #[serde(default)]
    pub repeat: u32,
    /// See [`Round::warmup`].
    #[serde(default)]
    pub warmup: u32,
    /// See [`Round::order_seed`].
    #[serde(default)]
    pub order_seed: u64,
    /// See [`Round::round_position`].
    #[serde(default)]
    pub round_position: u32,
    /// Control workload: a fixed 256-term G1 MSM on BLS12-381, one thread
    /// (0 = not measured). See [`crate::control`].
    #[serde(default)]
    pub t_control_msm_ns: u64,
    /// Control workload: a fixed loop of 2^16 multiply-adds in BLS12-381's
    /// scalar field (0 = not measured).
    #[serde(default)]
    pub t_control_field_ns: u64,
    /// Peak resident set size of the process during this sample (VmHWM
    /// after a reset through `/proc/self/clear_refs`; see [`crate::mem`]).
    #[serde(default)]
    pub peak_rss_bytes: Option<u64>,
    /// Resident set size when the sample started (the baseline of
    /// `peak_rss_bytes`).
    #[serde(default)]
    pub start_rss_bytes: Option<u64>,
    /// See [`Measurement::prover_key_bytes`] (`None` in version-1 lines).
    #[serde(default)]
    pub prover_key_bytes: Option<usize>,
    /// See [`Measurement::srs_bytes`] (`None` in version-1 lines).
    #[serde(default)]
    pub srs_bytes: Option<usize>,
    /// See [`RunInfo::rustc_version`].
    #[serde(default)]
    pub rustc_version: String,
    /// See [`RunInfo::features`].
    #[serde(default)]
    pub features: String,
    /// See [`RunInfo::build_profile`].
    #[serde(default)]
    pub build_profile: String,
    /// See [`RunInfo::rustflags`].
    #[serde(default)]
    pub rustflags: String,
    /// 1-minute load average when the sample finished.
    #[serde(default)]
    pub load_avg_1m: Option<f64>,
    /// 5-minute load average.
    #[serde(default)]
    pub load_avg_5m: Option<f64>,
    /// 15-minute load average.
    #[serde(default)]
    pub load_avg_15m: Option<f64>,
}

/// The field names every record has, in order (also the CSV header): the 27
/// of format version 1, then the 18 that version 2 added.
pub const FIELDS: [&str; 45] = [
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
    "format_version",
    "repeat",
    "warmup",
    "order_seed",
    "round_position",
    "t_control_msm_ns",
    "t_control_field_ns",
    "peak_rss_bytes",
    "start_rss_bytes",
    "prover_key_bytes",
    "srs_bytes",
    "rustc_version",
    "features",
    "build_profile",
    "rustflags",
    "load_avg_1m",
    "load_avg_5m",
    "load_avg_15m",
];

/// The fields of format version 1 (the first 27 of [`FIELDS`]).
pub const FIELDS_V1: usize = 27;

impl Record {
    /// Assembles a record of repeat 0 without round information (see
    /// [`Record::in_round`]).
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
            format_version: FORMAT_VERSION,
            repeat: 0,
            warmup: 0,
            order_seed: 0,
            round_position: 0,
            t_control_msm_ns: 0,
            t_control_field_ns: 0,
            peak_rss_bytes: None,
            start_rss_bytes: None,
            prover_key_bytes: Some(m.prover_key_bytes),
            srs_bytes: Some(m.srs_bytes),
            rustc_version: run.rustc_version.clone(),
            features: run.features.clone(),
            build_profile: run.build_profile.clone(),
            rustflags: run.rustflags.clone(),
            load_avg_1m: None,
            load_avg_5m: None,
            load_avg_15m: None,
        }
    }

    /// This record with the round information of its sample.
    pub fn in_round(mut self, round: &Round) -> Self {
        self.repeat = round.repeat;
        self.warmup = round.warmup;
        self.order_seed = round.order_seed;
        self.round_position = round.round_position;
        self.t_control_msm_ns = round.control.msm_ns;
        self.t_control_field_ns = round.control.field_ns;
        self.peak_rss_bytes = round.rss.map(|r| r.peak_bytes);
        self.start_rss_bytes = round.rss.map(|r| r.start_bytes);
        if let Some([a, b, c]) = round.load {
            (self.load_avg_1m, self.load_avg_5m, self.load_avg_15m) = (Some(a), Some(b), Some(c));
        }
        self
    }

    /// The resume and merge key of this sample: its point and repeat.
    pub fn sample_key(&self) -> (Point, u32) {
        (self.point(), self.repeat)
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

    /// The commit comes from the build script: in a git checkout the `HEAD`
    /// this test was built from, forty hex digits with at most `-dirty`
    /// after them; `unknown` in a tree without `.git`.
    #[test]
    fn git_commit_is_the_build_trees_head() {
        let commit = RunInfo::current().git_commit;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        if !root.join(".git").exists() {
            assert_eq!(commit, "unknown");
            return;
        }
        let head = commit.strip_suffix("-dirty").unwrap_or(&commit);
        assert_eq!(head.len(), 40, "{commit}");
        assert!(head.bytes().all(|b| b.is_ascii_hexdigit()), "{commit}");
    }
}
