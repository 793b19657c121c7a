//! The fuzz targets: every decoder of untrusted bytes, with valid seeds.
//!
//! * `<scheme>/<curve>/{shard,proof,commitment}` for the four schemes on the
//!   three curves: the readers a verifier runs on received bytes
//!   ([`vidkit_core::from_bytes`] for shards and commitments,
//!   [`Scheme::proof_from_bytes`] for proofs), then the cheap checks of the
//!   decoded value against the file (`FileInfo::check_shard`,
//!   `FileInfo::check`);
//! * `file/{shard,commitment,srs}`: the `vidkit::format` files, and the
//!   blobs inside them decoded by the scheme and curve the header names;
//! * `srs/<curve>`: `Srs::from_bytes` and `Srs::from_bytes_prefix`;
//! * `ethereum/text`: the ceremony's `trusted_setup.txt` parser with the
//!   setup's validation;
//! * `ethereum/bytes`: the c-kzg-compatible byte API (`blob_to_kzg_commitment`,
//!   `compute_kzg_proof`, `verify_kzg_proof`);
//! * `ethereum/blob-proofs`: the EIP-4844 blob proofs, one by one and in
//!   batches;
//! * `ethereum/cells`: the EIP-7594 cell API (cells, recovery, batch
//!   verification), with checks of the answers (module `ethereum_api`).
//!
//! Seeds are small: dispersals with `k = 2`, `n = 4` of 200 bytes (`m = 4`,
//! two aPlonK rounds) over insecure seeded setups, setups of a few powers,
//! a 4-element Ethereum setup (128-byte blobs) and a 128-element one for
//! the cell API (4 cells of 64).

mod ethereum_api;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
};

use ark_ec::pairing::Pairing;
use rand_chacha::{rand_core::SeedableRng, ChaCha20Rng};
use vidkit::{
    core::{check_canonical, from_bytes, to_bytes, ScalarOf},
    dispatch, dispatch_curve,
    format::{digest, CommitmentFile, Params, SetupRecord, ShardFile, SrsFile, SrsSource},
    CurveName, CurveVisitor, Encoding, FileInfo, Scheme, SchemeName, SchemeVisitor, Shard, Srs,
    SrsShape,
};
use vidkit_kzg::EthereumSetup;

/// The check a target runs on one input: `true` if the input was accepted
/// (decoded), `false` if it was refused with an error.
pub type Check<'a> = &'a dyn Fn(&[u8]) -> bool;

/// What the bytes of a scheme target are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// A shard (index and values).
    Shard,
    /// A shard's proof.
    Proof,
    /// A commitment.
    Commitment,
}

impl Part {
    const ALL: [Part; 3] = [Part::Shard, Part::Proof, Part::Commitment];

    fn name(self) -> &'static str {
        match self {
            Part::Shard => "shard",
            Part::Proof => "proof",
            Part::Commitment => "commitment",
        }
    }
}

/// One fuzz target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A scheme's shard, proof or commitment decoder on one curve.
    Scheme(SchemeName, CurveName, Part),
    /// `vidkit::format::ShardFile` and the blobs it carries.
    ShardFile,
    /// `vidkit::format::CommitmentFile` and the commitment it carries.
    CommitmentFile,
    /// `vidkit::format::SrsFile` and the strings it carries.
    SrsFile,
    /// `Srs::from_bytes` and `Srs::from_bytes_prefix` on one curve.
    Srs(CurveName),
    /// The Ethereum ceremony text parser.
    EthereumText,
    /// The Ethereum (c-kzg) byte API.
    EthereumBytes,
    /// The EIP-4844 blob proofs of the Ethereum API.
    EthereumBlobProofs,
    /// The EIP-7594 cell API (`vidkit_kzg_cells::ethereum::EthereumCells`).
    EthereumCells,
}

/// The public seed of the insecure setups of the seeds.
const SETUP_SEED: u64 = 7;
/// Bytes dispersed for the seeds: `m = 4` rows at `k = 2`.
const SEED_BYTES: usize = 200;
/// Powers in the seed setups (`Srs` targets and SRS files).
const SEED_SHAPE: SrsShape = SrsShape { g1: 4, g2: 2 };
/// What the prefix readers ask for.
const PREFIX_SHAPE: SrsShape = SrsShape { g1: 2, g2: 2 };
/// Field elements per blob of the seed Ethereum setup.
const ETH_POINTS: usize = 4;

impl Target {
    /// Every target, scheme targets first.
    pub fn all() -> Vec<Target> {
        let mut all = Vec::new();
        for scheme in SchemeName::ALL {
            for curve in CurveName::ALL {
                for part in Part::ALL {
                    all.push(Target::Scheme(scheme, curve, part));
                }
            }
        }
        all.extend([Target::ShardFile, Target::CommitmentFile, Target::SrsFile]);
        all.extend(CurveName::ALL.map(Target::Srs));
        all.extend([
            Target::EthereumText,
            Target::EthereumBytes,
            Target::EthereumBlobProofs,
            Target::EthereumCells,
        ]);
        all
    }

    /// The target's name (`aplonk/bls12-381/proof`, `file/shard`, …).
    pub fn name(&self) -> String {
        match self {
            Target::Scheme(s, c, p) => format!("{}/{}/{}", s.name(), c.name(), p.name()),
            Target::ShardFile => "file/shard".into(),
            Target::CommitmentFile => "file/commitment".into(),
            Target::SrsFile => "file/srs".into(),
            Target::Srs(c) => format!("srs/{}", c.name()),
            Target::EthereumText => "ethereum/text".into(),
            Target::EthereumBytes => "ethereum/bytes".into(),
            Target::EthereumBlobProofs => "ethereum/blob-proofs".into(),
            Target::EthereumCells => "ethereum/cells".into(),
        }
    }

    /// The target of this name.
    pub fn by_name(name: &str) -> Option<Target> {
        Self::all().into_iter().find(|t| t.name() == name)
    }

    /// Builds the seeds and the check of this target and hands them to `f`.
    pub fn with<R>(&self, f: impl FnOnce(&[Vec<u8>], Check<'_>) -> R) -> R {
        match *self {
            Target::Scheme(scheme, curve, part) => {
                let d = dispersed(scheme, curve);
                let seeds = match part {
                    Part::Shard => d.shards.clone(),
                    Part::Proof => d.proofs.clone(),
                    Part::Commitment => vec![d.commitment.clone()],
                };
                let visitor = SchemeCheck {
                    part,
                    info: d.info,
                    seeds,
                    f,
                };
                dispatch(scheme, curve, d.info.k, d.info.n, d.info.encoding, visitor)
                    .expect("the seed parameters are valid")
            }
            Target::ShardFile => {
                let seeds: Vec<Vec<u8>> = every_dispersal()
                    .iter()
                    .flat_map(|d| d.shard_files.iter().take(2).cloned())
                    .collect();
                f(&seeds, &check_shard_file)
            }
            Target::CommitmentFile => {
                let seeds: Vec<Vec<u8>> = every_dispersal()
                    .iter()
                    .map(|d| d.commitment_file.clone())
                    .collect();
                f(&seeds, &check_commitment_file)
            }
            Target::SrsFile => f(&srs_files(), &check_srs_file),
            Target::Srs(curve) => {
                let seeds = dispatch_curve(curve, SrsSeeds).expect("every curve is built in");
                f(&seeds, &|b: &[u8]| {
                    dispatch_curve(curve, SrsCheck(b)).expect("every curve is built in")
                })
            }
            Target::EthereumText => {
                let seeds = vec![eth_setup().to_text().into_bytes(), eth_text(8, 3)];
                f(&seeds, &check_ethereum_text)
            }
            Target::EthereumBytes => f(&eth_bytes_seeds(), &check_ethereum_bytes),
            Target::EthereumBlobProofs => f(
                &ethereum_api::eth_blob_proof_seeds(),
                &ethereum_api::check_ethereum_blob_proofs,
            ),
            Target::EthereumCells => f(
                &ethereum_api::eth_cells_seeds(),
                &ethereum_api::check_ethereum_cells,
            ),
        }
    }
}

/// The seed bytes of one dispersal.
struct Dispersed {
    info: FileInfo,
    shards: Vec<Vec<u8>>,
    proofs: Vec<Vec<u8>>,
    commitment: Vec<u8>,
    shard_files: Vec<Vec<u8>>,
    commitment_file: Vec<u8>,
}

/// The dispersal of `(scheme, curve)`, built once per process.
fn dispersed(scheme: SchemeName, curve: CurveName) -> Arc<Dispersed> {
    type Cache = Mutex<HashMap<(SchemeName, CurveName), Arc<Dispersed>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(d) = cache
        .lock()
        .expect("no panic while held")
        .get(&(scheme, curve))
    {
        return d.clone();
    }
    let d = Arc::new(
        dispatch(
            scheme,
            curve,
            2,
            4,
            Encoding::Fft,
            Disperse { scheme, curve },
        )
        .expect("the seed parameters are valid")
        .unwrap_or_else(|e| panic!("seed dispersal {scheme:?}/{curve:?}: {e}")),
    );
    cache
        .lock()
        .expect("no panic while held")
        .insert((scheme, curve), d.clone());
    d
}

fn every_dispersal() -> Vec<Arc<Dispersed>> {
    SchemeName::ALL
        .into_iter()
        .flat_map(|s| CurveName::ALL.map(|c| dispersed(s, c)))
        .collect()
}

/// Disperses the seed file and writes every object and file of it.
struct Disperse {
    scheme: SchemeName,
    curve: CurveName,
}

impl SchemeVisitor for Disperse {
    type Output = Result<Dispersed, String>;

    fn visit<S: Scheme>(self, scheme: S) -> Self::Output {
        let e = |e: S::Error| e.to_string();
        let srs = scheme.insecure_srs(SEED_BYTES, SETUP_SEED).map_err(e)?;
        let (pk, vk) = scheme.setup(&srs, SEED_BYTES).map_err(e)?;
        let data: Vec<u8> = (0..SEED_BYTES).map(|i| (i * 37 + 11) as u8).collect();
        let d = scheme.disperse(&pk, &data).map_err(e)?;
        let info = *scheme.file_info(&d.commitment);
        let params = Params {
            scheme: self.scheme,
            curve: self.curve,
            info,
        };
        let commitment = to_bytes(&d.commitment);
        let cfile = CommitmentFile {
            params,
            setup: SetupRecord {
                max_bytes: SEED_BYTES as u64,
                source: SrsSource::BuiltinInsecure { seed: SETUP_SEED },
            },
            vk_digest: digest("verifier-key", &to_bytes(&vk)),
            commitment: commitment.clone(),
        };
        let shards: Vec<Vec<u8>> = d.shards.iter().map(to_bytes).collect();
        let proofs: Vec<Vec<u8>> = d.proofs.iter().map(to_bytes).collect();
        let shard_files = shards
            .iter()
            .zip(&proofs)
            .enumerate()
            .map(|(index, (shard, proof))| {
                ShardFile {
                    params,
                    index,
                    commitment_digest: cfile.digest(),
                    shard: shard.clone(),
                    proof: proof.clone(),
                }
                .to_bytes()
            })
            .collect();
        Ok(Dispersed {
            info,
            shards,
            proofs,
            commitment,
            shard_files,
            commitment_file: cfile.to_bytes(),
        })
    }
}

/// Runs `f` on the seeds and the decoder of one part of scheme `S`.
struct SchemeCheck<F> {
    part: Part,
    info: FileInfo,
    seeds: Vec<Vec<u8>>,
    f: F,
}

impl<F, R> SchemeVisitor for SchemeCheck<F>
where
    F: FnOnce(&[Vec<u8>], Check<'_>) -> R,
{
    type Output = R;

    fn visit<S: Scheme>(self, scheme: S) -> R {
        let info = self.info;
        let check = |b: &[u8]| decode_part(&scheme, self.part, &info, b);
        (self.f)(&self.seeds, &check)
    }
}

/// A verifier's reading of one part, and its cheap checks against `info`.
/// Whatever a reader accepts must be the canonical encoding of what it read
/// (one encoding per object: an altered byte never reads as the same
/// object); a violation panics, which the harness reports.
fn decode_part<S: Scheme>(scheme: &S, part: Part, info: &FileInfo, bytes: &[u8]) -> bool {
    match part {
        Part::Shard => match from_bytes::<Shard<ScalarOf<S>>>("shard", bytes) {
            Ok(shard) => {
                canonical(check_canonical("shard", &shard, bytes))
                    && info.check_shard(&shard).is_ok()
            }
            Err(_) => false,
        },
        Part::Proof => match scheme.proof_from_bytes(info, bytes) {
            Ok(proof) => canonical(check_canonical("proof", &proof, bytes)),
            Err(_) => false,
        },
        Part::Commitment => match from_bytes::<S::Commitment>("commitment", bytes) {
            Ok(c) => {
                let got = scheme.file_info(&c);
                canonical(check_canonical("commitment", &c, bytes))
                    && got.check(scheme.code()).is_ok()
                    && got == info
            }
            Err(_) => false,
        },
    }
}

/// Panics unless the check of [`vidkit_core::check_canonical`] passed (see
/// [`decode_part`]).
fn canonical(check: Result<(), vidkit::core::Error>) -> bool {
    assert!(
        check.is_ok(),
        "a reader accepted bytes that are not the canonical encoding of what it read"
    );
    true
}

/// A shard file, then its blobs by the scheme and curve of its header.
fn check_shard_file(bytes: &[u8]) -> bool {
    let Ok(file) = ShardFile::from_bytes(bytes) else {
        return false;
    };
    let info = file.params.info;
    let blobs = BlobCheck {
        info,
        parts: vec![(Part::Shard, file.shard), (Part::Proof, file.proof)],
    };
    let (p, c) = (file.params.scheme, file.params.curve);
    dispatch(p, c, info.k, info.n, info.encoding, blobs).unwrap_or(false)
}

/// A commitment file, then its commitment by the scheme and curve of its header.
fn check_commitment_file(bytes: &[u8]) -> bool {
    let Ok(file) = CommitmentFile::from_bytes(bytes) else {
        return false;
    };
    let info = file.params.info;
    let blobs = BlobCheck {
        info,
        parts: vec![(Part::Commitment, file.commitment)],
    };
    let (p, c) = (file.params.scheme, file.params.curve);
    dispatch(p, c, info.k, info.n, info.encoding, blobs).unwrap_or(false)
}

/// Decodes the blobs of a file with the scheme its header names.
struct BlobCheck {
    info: FileInfo,
    parts: Vec<(Part, Vec<u8>)>,
}

impl SchemeVisitor for BlobCheck {
    type Output = bool;

    fn visit<S: Scheme>(self, scheme: S) -> bool {
        // every part is decoded, whatever the others give
        let results: Vec<bool> = self
            .parts
            .iter()
            .map(|(part, bytes)| decode_part(&scheme, *part, &self.info, bytes))
            .collect();
        results.into_iter().all(|ok| ok)
    }
}

/// A setup file, then every string by the curve of its header.
fn check_srs_file(bytes: &[u8]) -> bool {
    let Ok(file) = SrsFile::from_bytes(bytes) else {
        return false;
    };
    let curve = file.curve;
    // every string is decoded, whatever the others give
    let results: Vec<bool> = file
        .powers
        .iter()
        .map(|p| dispatch_curve(curve, SrsCheck(p)).unwrap_or(false))
        .collect();
    results.into_iter().all(|ok| ok)
}

/// Setup files of one and two strings on every curve.
fn srs_files() -> Vec<Vec<u8>> {
    CurveName::ALL
        .into_iter()
        .flat_map(|curve| {
            let strings = dispatch_curve(curve, SrsSeeds).expect("every curve is built in");
            [1usize, 2].map(|count| {
                SrsFile {
                    curve,
                    insecure: true,
                    label: "fuzz seed".into(),
                    powers: strings.iter().take(count).cloned().collect(),
                }
                .to_bytes()
            })
        })
        .collect()
}

/// Two small insecure strings of one curve.
struct SrsSeeds;

impl CurveVisitor for SrsSeeds {
    type Output = Vec<Vec<u8>>;

    fn visit<E: Pairing>(self) -> Vec<Vec<u8>> {
        [SETUP_SEED, SETUP_SEED + 1]
            .map(|s| {
                to_bytes(&Srs::<E>::insecure_from_seed(
                    s,
                    SEED_SHAPE.g1,
                    SEED_SHAPE.g2,
                ))
            })
            .to_vec()
    }
}

/// `Srs::from_bytes` and `Srs::from_bytes_prefix` of one curve on the bytes.
struct SrsCheck<'a>(&'a [u8]);

impl CurveVisitor for SrsCheck<'_> {
    type Output = bool;

    fn visit<E: Pairing>(self) -> bool {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        let whole = Srs::<E>::from_bytes(self.0, &mut rng).is_ok();
        let prefix = Srs::<E>::from_bytes_prefix(self.0, PREFIX_SHAPE, &mut rng).is_ok();
        whole && prefix
    }
}

/// The seed Ethereum setup (4 field elements per blob, 2 G2 points).
fn eth_setup() -> &'static EthereumSetup {
    static SETUP: OnceLock<EthereumSetup> = OnceLock::new();
    SETUP.get_or_init(|| eth(ETH_POINTS, 2))
}

fn eth(g1: usize, g2: usize) -> EthereumSetup {
    EthereumSetup::insecure_with_tau(ark_bls12_381::Fr::from(12_345u64), g1, g2)
        .expect("valid sizes")
}

fn eth_text(g1: usize, g2: usize) -> Vec<u8> {
    eth(g1, g2).to_text().into_bytes()
}

/// The ceremony parser at the seed sizes, at other sizes, and at mainnet's.
fn check_ethereum_text(bytes: &[u8]) -> bool {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let small = EthereumSetup::from_text_with_sizes(bytes, ETH_POINTS, 2, &mut rng).is_ok();
    let other = EthereumSetup::from_text_with_sizes(bytes, 8, 3, &mut rng).is_ok();
    let mainnet = EthereumSetup::from_text(bytes, &mut rng).is_ok();
    small || other || mainnet
}

/// Bytes after the blob: `z`, `y`, the commitment and the proof.
const ETH_TAIL: usize = 32 + 32 + 48 + 48;

/// The byte API on `blob ‖ z ‖ y ‖ commitment ‖ proof` (the last
/// [`ETH_TAIL`] bytes are the fixed-size arguments; shorter inputs are all blob).
fn check_ethereum_bytes(bytes: &[u8]) -> bool {
    let setup = eth_setup();
    let split = bytes.len().saturating_sub(ETH_TAIL);
    let (blob, tail) = if bytes.len() >= ETH_TAIL {
        bytes.split_at(split)
    } else {
        (bytes, &[][..])
    };
    let _ = vidkit_kzg::ethereum::blob_to_field_elements(blob);
    let committed = setup.blob_to_kzg_commitment(blob).is_ok();
    if tail.len() != ETH_TAIL {
        return committed;
    }
    let (z, rest) = tail.split_at(32);
    let (y, rest) = rest.split_at(32);
    let (c, proof) = rest.split_at(48);
    let z: &[u8; 32] = z.try_into().expect("32 bytes");
    let y: &[u8; 32] = y.try_into().expect("32 bytes");
    let c: &[u8; 48] = c.try_into().expect("48 bytes");
    let proof: &[u8; 48] = proof.try_into().expect("48 bytes");
    let _ = vidkit_kzg::ethereum::g1_from_bytes(c, "commitment");
    let proved = setup.compute_kzg_proof(blob, z).is_ok();
    let verified = setup.verify_kzg_proof(c, z, y, proof).is_ok();
    committed && proved && verified
}

/// Valid argument sets of the byte API.
fn eth_bytes_seeds() -> Vec<Vec<u8>> {
    let setup = eth_setup();
    (0u8..2)
        .map(|s| {
            let blob = ethereum_api::eth_blob(setup.blob_len(), s);
            let mut z = [0u8; 32];
            z[31] = 5 + s;
            let c = setup.blob_to_kzg_commitment(&blob).expect("a valid blob");
            let (proof, y) = setup.compute_kzg_proof(&blob, &z).expect("a valid blob");
            let mut out = blob;
            out.extend_from_slice(&z);
            out.extend_from_slice(&y);
            out.extend_from_slice(&c);
            out.extend_from_slice(&proof);
            out
        })
        .collect()
}
