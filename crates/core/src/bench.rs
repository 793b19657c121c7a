//! The criterion bench template every scheme crate uses (feature `bench`).
//!
//! One shape for the four operations a dispersal scheme is compared on, so
//! that the figures of different schemes measure the same thing:
//!
//! | group                          | what one iteration does                              |
//! |--------------------------------|------------------------------------------------------|
//! | `{scheme}/commit/{curve}`      | [`Scheme::commit`] of one encoded file               |
//! | `{scheme}/prove/{curve}`       | [`Scheme::prove`]: the proofs of all `n` shards      |
//! | `{scheme}/verify/{curve}`      | [`Scheme::verify_shards`] of `k` shards, one by one  |
//! | `{scheme}/batch_verify/{curve}`| [`Scheme::batch_verify`] of the same `k` shards      |
//!
//! Each benchmark id is `k={k},n={n},F={size}` with `n = 2k` and throughput
//! set to the file size in bytes. The `k` verified shards are the parity
//! shards `k..2k` (with a systematic code the data shards are the file itself,
//! and a verifier is most interested in the ones that are not). `verify`
//! gives each shard its own verdict, with what depends only on the file done
//! once per iteration, as a verifier of several shards of one file would:
//! for schemes without such work (every one but KZG+ global and aPlonK
//! global) that is
//! [`Scheme::verify`] in a loop. Everything
//! else (SRS, keys, encoding, the commitment and proofs that are verified)
//! happens once per point, outside the timed closures.
//!
//! The default grid ([`Grid::paper`]) is the founding paper's: `k ∈ {4, 16,
//! 64}` × `|F| ∈ {31 KiB, 496 KiB, 3.9 MiB}` (2^10, 2^14, 2^17 field elements
//! of 31 bytes). With `VIDKIT_BENCH_SMOKE=1` (set by CI for `cargo bench --
//! --test`) every grid keeps only its first point, so that a smoke run of all
//! benches spends seconds in setup rather than minutes.
//!
//! ```no_run
//! use vidkit_core::conformance::{Flaw, HashList};
//! use vidkit_core::{bench, Encoding};
//! type E = ark_bls12_381::Bls12_381;
//!
//! // in a bench target with `harness = false`, inside the function that
//! // criterion_group! names:
//! let mut c = bench::config();
//! let points = bench::points(
//!     &bench::Grid::paper(),
//!     |k, n| HashList::<E>::new(k, n, Encoding::Fft, Flaw::None).unwrap(),
//!     |_scheme, _max_bytes| (),
//! );
//! bench::scheme_ops(&mut c, "hash-list", "bls12-381", &points);
//! ```
//!
//! Scheme-specific benches (e.g. Semi-AVID's `verify_each`) use the same
//! [`Point`]s and add their own groups beside these.

use crate::{rng, Encoded, ScalarOf, Scheme};
use ark_std::rand::{RngCore, SeedableRng};
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// Whether `VIDKIT_BENCH_SMOKE=1` is set: benches keep their smallest point.
pub fn smoke() -> bool {
    std::env::var("VIDKIT_BENCH_SMOKE").is_ok_and(|v| v == "1")
}

/// Whether `VIDKIT_BENCH_LARGE=1` is set: benches whose largest points take
/// minutes include them ([`Grid::up_to_unless_large`]).
pub fn large() -> bool {
    std::env::var("VIDKIT_BENCH_LARGE").is_ok_and(|v| v == "1")
}

/// The criterion settings of vidkit's benches: 10 samples, 0.5 s warm-up,
/// 3 s of measurement (a prove at 3.9 MiB takes seconds; more samples would
/// make a full run last hours on a laptop).
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
}

/// The parameter points of a bench: every `k` of `ks` with every file size.
#[derive(Clone, Debug)]
pub struct Grid {
    /// Numbers of source shards; `n = 2k`.
    pub ks: Vec<usize>,
    /// File sizes in bytes with their labels (e.g. `(31 << 10, "31KiB")`).
    pub sizes: Vec<(usize, &'static str)>,
}

impl Grid {
    /// The founding paper's grid: `k ∈ {4, 16, 64}`, `|F| ∈ {31 KiB,
    /// 496 KiB, 3.9 MiB}`.
    pub fn paper() -> Self {
        Self {
            ks: vec![4, 16, 64],
            sizes: vec![
                (31 << 10, "31KiB"),
                (31 << 14, "496KiB"),
                (31 << 17, "3.9MiB"),
            ],
        }
    }

    /// Keeps only the sizes of at most `max_bytes` bytes.
    pub fn up_to(mut self, max_bytes: usize) -> Self {
        self.sizes.retain(|(len, _)| *len <= max_bytes);
        self
    }

    /// [`Grid::up_to`] unless [`large`] is set: for schemes whose prover
    /// takes minutes at the largest sizes, which join on request.
    pub fn up_to_unless_large(self, max_bytes: usize) -> Self {
        if large() {
            self
        } else {
            self.up_to(max_bytes)
        }
    }

    /// `(k, len, label)` for every point, size-major; only the first one
    /// under [`smoke`].
    pub fn points(&self) -> Vec<(usize, usize, &'static str)> {
        let mut out: Vec<_> = self
            .sizes
            .iter()
            .flat_map(|&(len, label)| self.ks.iter().map(move |&k| (k, len, label)))
            .collect();
        if smoke() {
            out.truncate(1);
        }
        out
    }
}

/// One parameter point with everything its benches need, built outside the
/// timed closures.
pub struct Point<S: Scheme> {
    /// The benchmark id, `k={k},n={n},F={label}`.
    pub id: String,
    /// File size in bytes (the throughput).
    pub len: usize,
    /// Number of source shards.
    pub k: usize,
    /// The scheme with code `(k, 2k)`.
    pub scheme: S,
    /// Prover key for files of `len` bytes.
    pub pk: S::ProverKey,
    /// Verifier key.
    pub vk: S::VerifierKey,
    /// The encoded random file.
    pub encoded: Encoded<ScalarOf<S>>,
    /// Its prover hint (from `commit`).
    pub hint: S::ProverHint,
    /// Its commitment.
    pub commitment: S::Commitment,
    /// The proofs of all `n` shards (`encoded.shards`), in shard order.
    pub proofs: Vec<S::Proof>,
}

impl<S: Scheme> Point<S> {
    /// The parity shards `k..2k` with their proofs: what `verify` and
    /// `batch_verify` check.
    pub fn verified(&self) -> Vec<(&crate::Shard<ScalarOf<S>>, &S::Proof)> {
        self.encoded
            .shards
            .iter()
            .zip(&self.proofs)
            .skip(self.k)
            .take(self.k)
            .collect()
    }
}

/// Builds the points of `grid`: `new(k, n)` makes the scheme, `srs(scheme,
/// len)` an SRS for files of `len` bytes (for instance an insecure one with a
/// fixed seed). The file bytes come from a seeded generator, so two runs
/// measure the same files.
pub fn points<S: Scheme>(
    grid: &Grid,
    new: impl Fn(usize, usize) -> S,
    srs: impl Fn(&S, usize) -> S::Srs,
) -> Vec<Point<S>> {
    let mut bytes = rand_chacha::ChaCha20Rng::seed_from_u64(5);
    grid.points()
        .into_iter()
        .map(|(k, len, label)| {
            let n = 2 * k;
            let scheme = new(k, n);
            let (pk, vk) = scheme.setup(&srs(&scheme, len), len).expect("setup");
            let mut data = vec![0u8; len];
            bytes.fill_bytes(&mut data);
            let encoded = scheme.encode(&data).expect("encode");
            let (commitment, hint) = scheme.commit(&pk, &encoded).expect("commit");
            let proofs = scheme
                .prove(&pk, &encoded, &commitment, &hint)
                .expect("prove");
            Point {
                id: format!("k={k},n={n},F={label}"),
                len,
                k,
                scheme,
                pk,
                vk,
                encoded,
                hint,
                commitment,
                proofs,
            }
        })
        .collect()
}

/// Runs the four groups of the table above over `points`.
pub fn scheme_ops<S: Scheme>(c: &mut Criterion, scheme: &str, curve: &str, points: &[Point<S>]) {
    let mut group = c.benchmark_group(format!("{scheme}/commit/{curve}"));
    for p in points {
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| p.scheme.commit(&p.pk, black_box(&p.encoded)).unwrap())
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("{scheme}/prove/{curve}"));
    for p in points {
        let commitment = &p.commitment;
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                p.scheme
                    .prove(&p.pk, black_box(&p.encoded), commitment, &p.hint)
                    .unwrap()
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("{scheme}/verify/{curve}"));
    for p in points {
        let (commitment, items) = (&p.commitment, p.verified());
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                let verdicts = p
                    .scheme
                    .verify_shards(&p.vk, commitment, black_box(&items))
                    .unwrap();
                assert!(verdicts.iter().all(|v| *v));
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("{scheme}/batch_verify/{curve}"));
    for p in points {
        let (commitment, items) = (&p.commitment, p.verified());
        let mut rng = rng::os_rng();
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                assert!(p
                    .scheme
                    .batch_verify(&p.vk, commitment, black_box(&items), &mut rng)
                    .unwrap())
            })
        });
    }
    group.finish();
}
