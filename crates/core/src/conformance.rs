//! The generic conformance suite every scheme instantiates (behind `test-utils`).
//!
//! A scheme crate instantiates it with [`conformance_suite!`](crate::conformance_suite)
//! (one `#[test]` per curve over a grid of `(k, n, encoding, max_bytes)`,
//! with the scheme's own insecure test setup), or calls [`run_all`] with an
//! SRS of its choice:
//!
//! ```text
//! vidkit_core::conformance::run_all(&scheme, &srs, 2_000, &mut rng);
//! ```
//!
//! It checks the contracts of [`Scheme`]: round trips through any `k` of the
//! `n` shards for boundary lengths (docs/spec.md §10 T-1, T-2), completeness
//! (T-9), rejection of tampered shards (T-13, T-14), shards under another index
//! and proofs of other shards (T-15), commitments to another file (T-16),
//! tampered proof bytes (part of T-17), malformed input (T-22), batch
//! verification agreeing with one-by-one verification (T-21, T-24) and
//! serialization round trips in every compress × validate mode (T-12), and
//! that the scheme's setup shape ([`Scheme::srs_shape`]) is exactly what its
//! `setup` reads ([`setup_shape_is_exact`]).
//! Each check panics with a message naming the failing case.
//! Scheme crates add their scheme-specific oracles (known τ, component-wise
//! proof tampering, transcript binding) on top.
//!
//! [`HashList`] is a hash-list test double (with deliberate [`Flaw`]s) for
//! testing generic tools, and the suite itself, without a commitment scheme.

mod double;
pub use double::{Flaw, HashCommitment, HashList};

use crate::{packing, Dispersal, Encoding, ScalarOf, Scheme, Shard, Srs, SrsShape};
use ark_ff::{One, PrimeField, Zero};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use ark_std::rand::{seq::SliceRandom, Rng, RngCore};

/// Runs every generic check on `scheme`, with keys for files up to `max_bytes`.
///
/// `max_bytes` should allow at least two rows (`max_bytes > 31·k`) so that
/// row-specific tampering is exercised.
///
/// Returns what [`soundness`] returns: how many byte-tampered proofs reached
/// the verifier (`None` when the scheme's proofs are empty).
pub fn run_all<S: Scheme, R: RngCore>(
    scheme: &S,
    srs: &S::Srs,
    max_bytes: usize,
    rng: &mut R,
) -> Option<usize> {
    let (pk, vk) = scheme.setup(srs, max_bytes).expect("setup");
    round_trips(scheme, &pk, &vk, max_bytes, rng);
    let a = random_dispersal(scheme, &pk, max_bytes, rng);
    let tampered = soundness(scheme, &pk, &vk, &a, rng);
    malformed(scheme, &vk, &a);
    batch(scheme, &vk, &a, rng);
    serialization(scheme, &pk, &vk, &a);
    setup_shape_is_exact(scheme, max_bytes);
    tampered
}

/// The setup contract of [`Scheme::srs_shape`], [`Scheme::srs_from_powers`]
/// and [`Scheme::insecure_srs`] for files of up to `max_bytes` bytes:
///
/// * one shape per string ([`Scheme::TRAPDOORS`]), each one a valid [`Srs`]
///   can have (`g1 ≥ 1`, `g2 ≥ 2`);
/// * strings of exactly those shapes give keys, and so do the first powers
///   of longer strings read back with [`Srs::from_bytes_prefix`] (what the
///   `vidkit` tool does with a setup file) and the longer strings
///   themselves, all three with the same keys as [`Scheme::insecure_srs`]
///   with the same seed (string `t` from seed `seed + t`): the keys depend
///   on the prefix only;
/// * a string one power shorter in either group (where a valid string can
///   be shorter) gives no keys: the shape is exact;
/// * another number of strings is refused.
pub fn setup_shape_is_exact<S: Scheme>(scheme: &S, max_bytes: usize) {
    use ark_std::rand::SeedableRng;
    const SEED: u64 = 0x5e7;
    const EXTRA: usize = 3;
    let name = S::NAME;
    let strings = |shapes: &[SrsShape]| -> Vec<Srs<S::Curve>> {
        shapes
            .iter()
            .zip(0u64..)
            .map(|(s, t)| Srs::insecure_from_seed(SEED + t, s.g1, s.g2))
            .collect()
    };
    let keys = |strings: Vec<Srs<S::Curve>>, what: &str| -> (Vec<u8>, Vec<u8>) {
        let srs = scheme
            .srs_from_powers(strings)
            .unwrap_or_else(|e| panic!("{name}: srs_from_powers ({what}): {e}"));
        let (pk, vk) = scheme
            .setup(&srs, max_bytes)
            .unwrap_or_else(|e| panic!("{name}: setup ({what}): {e}"));
        (crate::to_bytes(&pk), crate::to_bytes(&vk))
    };

    let shapes = scheme.srs_shape(max_bytes).expect("srs_shape");
    assert_eq!(shapes.len(), S::TRAPDOORS, "{name}: one shape per string");
    for s in &shapes {
        assert!(
            s.g1 >= 1 && s.g2 >= 2,
            "{name}: {s:?} is no valid Srs shape"
        );
    }
    let exact = keys(strings(&shapes), "exact shapes");
    let provided = scheme.insecure_srs(max_bytes, SEED).expect("insecure_srs");
    let (pk, vk) = scheme
        .setup(&provided, max_bytes)
        .expect("setup from insecure_srs");
    assert_eq!(
        (crate::to_bytes(&pk), crate::to_bytes(&vk)),
        exact,
        "{name}: insecure_srs follows the seed convention"
    );
    let longer: Vec<SrsShape> = shapes
        .iter()
        .map(|s| SrsShape {
            g1: s.g1 + EXTRA,
            g2: s.g2 + EXTRA,
        })
        .collect();
    let longer = strings(&longer);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(SEED);
    let prefixes = longer
        .iter()
        .zip(&shapes)
        .map(|(srs, shape)| {
            Srs::from_bytes_prefix(&crate::to_bytes(srs), *shape, &mut rng)
                .unwrap_or_else(|e| panic!("{name}: from_bytes_prefix {shape:?}: {e}"))
        })
        .collect();
    assert_eq!(
        keys(prefixes, "read prefixes"),
        exact,
        "{name}: keys from prefixes"
    );
    assert_eq!(
        keys(longer, "longer strings"),
        exact,
        "{name}: keys from longer strings"
    );

    for (t, shape) in shapes.iter().enumerate() {
        let mut shorter = vec![SrsShape {
            g1: shape.g1 - 1,
            ..*shape
        }];
        if shape.g2 > 2 {
            shorter.push(SrsShape {
                g2: shape.g2 - 1,
                ..*shape
            });
        }
        for short in shorter {
            let mut s = shapes.clone();
            s[t] = short;
            let ok = scheme
                .srs_from_powers(strings(&s))
                .map(|srs| scheme.setup(&srs, max_bytes).is_ok())
                .unwrap_or(false);
            assert!(
                !ok,
                "{name}: string {t} of shape {short:?} (< {shape:?}) should not suffice"
            );
        }
    }
    let mut more = shapes.clone();
    more.push(SrsShape { g1: 2, g2: 2 });
    assert!(
        scheme.srs_from_powers(strings(&more)).is_err(),
        "{name}: one string too many"
    );
    if let Some((_, fewer)) = shapes.split_last() {
        assert!(
            scheme.srs_from_powers(strings(fewer)).is_err(),
            "{name}: one string too few"
        );
    }
}

/// One point of a conformance grid: `(k, n, encoding, max_bytes)`.
pub type GridPoint = (usize, usize, Encoding, usize);

/// Runs [`run_all`] on `make(k, n, encoding)` over the pairing `E` for every
/// point of `grid`, each with the scheme's own insecure test setup
/// ([`Scheme::insecure_srs`]) for `max_bytes` and an RNG, both seeded
/// `seed + i` for the `i`-th point. Panics (naming the scheme and the point)
/// if the constructor refuses a point or a check fails, and if the scheme's
/// proofs are not empty but no byte-tampered proof reached the verifier over
/// the whole grid (a point's proofs can all be the identity, e.g. `k = 1`,
/// where no flipped flag decodes; the grid as a whole must exercise the
/// oracle). What
/// [`conformance_suite!`](crate::conformance_suite) expands to.
pub fn run_grid<E, S, X, F>(make: F, grid: &[GridPoint], seed: u64)
where
    E: ark_ec::pairing::Pairing,
    S: Scheme<Curve = E>,
    X: core::fmt::Debug,
    F: Fn(usize, usize, Encoding) -> Result<S, X>,
{
    use ark_std::rand::SeedableRng;
    let mut tampered: Option<usize> = None;
    for (i, &(k, n, encoding, max_bytes)) in grid.iter().enumerate() {
        let at = format!(
            "{} (k = {k}, n = {n}, {encoding:?}, {max_bytes} bytes)",
            S::NAME
        );
        let seed = seed.wrapping_add(i as u64);
        let scheme = make(k, n, encoding).unwrap_or_else(|e| panic!("{at}: new: {e:?}"));
        let srs = scheme
            .insecure_srs(max_bytes, seed)
            .unwrap_or_else(|e| panic!("{at}: insecure_srs: {e}"));
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        if let Some(count) = run_all(&scheme, &srs, max_bytes, &mut rng) {
            *tampered.get_or_insert(0) += count;
        }
    }
    assert_ne!(
        tampered,
        Some(0),
        "{}: no byte-tampered proof decoded anywhere in the grid, so T-17 (bytes) checked nothing",
        S::NAME
    );
}

/// Instantiates the conformance suite ([`run_grid`], i.e. [`run_all`] with
/// the scheme's insecure test setup) as one `#[test]` function per curve.
///
/// `scheme:` is a constructor `(k, n, encoding) -> Result<S, _>` of a scheme
/// type generic over its curve (a function such as `KzgPerRow::new`, or a
/// closure); each line names a test function, its curve, its grid
/// (`&[GridPoint]`) and the seed of its first point:
///
/// ```text
/// const GRID: &[GridPoint] = &[(1, 1, Encoding::Points, 62), (2, 3, Encoding::Fft, 200)];
///
/// vidkit_core::conformance_suite! {
///     scheme: vidkit_kzg::KzgPerRow::new;
///     conformance_bls12_381: ark_bls12_381::Bls12_381, GRID, seed = 1;
///     conformance_bn254: ark_bn254::Bn254, GRID, seed = 2;
/// }
/// ```
///
/// Attributes (doc comments, `#[ignore]`) before a line go to its function.
#[macro_export]
macro_rules! conformance_suite {
    (
        scheme: $make:expr;
        $( $(#[$attr:meta])* $name:ident: $curve:ty, $grid:expr, seed = $seed:expr; )+
    ) => {
        $(
            $(#[$attr])*
            #[test]
            fn $name() {
                $crate::conformance::run_grid::<$curve, _, _, _>($make, $grid, $seed);
            }
        )+
    };
}

/// Lengths at the packing boundaries (docs/spec.md §10): 0, 1, s−1, s, s+1,
/// s·k−1, s·k, s·k+1, a random one and `max_bytes`, all capped at `max_bytes`.
pub fn boundary_lengths<S: Scheme, R: RngCore>(
    scheme: &S,
    max_bytes: usize,
    rng: &mut R,
) -> Vec<usize> {
    let s = packing::bytes_per_element::<ScalarOf<S>>();
    let k = scheme.code().k();
    let mut v = vec![0, 1, s - 1, s, s + 1, s * k - 1, s * k, s * k + 1];
    v.push(rng.gen_range(0..=max_bytes));
    v.push(max_bytes);
    v.retain(|l| *l <= max_bytes);
    v.sort_unstable();
    v.dedup();
    v
}

fn random_bytes<R: RngCore>(len: usize, rng: &mut R) -> Vec<u8> {
    let mut data = vec![0u8; len];
    rng.fill_bytes(&mut data);
    data
}

fn random_dispersal<S: Scheme, R: RngCore>(
    scheme: &S,
    pk: &S::ProverKey,
    max_bytes: usize,
    rng: &mut R,
) -> Dispersal<S> {
    let data = random_bytes(max_bytes, rng);
    scheme.disperse(pk, &data).expect("disperse")
}

/// T-1, T-2, T-9: every length round-trips through random k-subsets (all of
/// them when `n ≤ 8`), every honest shard verifies alone and in a batch, and
/// too few or duplicated shards fail to decode.
pub fn round_trips<S: Scheme, R: RngCore>(
    scheme: &S,
    pk: &S::ProverKey,
    vk: &S::VerifierKey,
    max_bytes: usize,
    rng: &mut R,
) {
    let (k, n) = (scheme.code().k(), scheme.code().n());
    for len in boundary_lengths(scheme, max_bytes, rng) {
        let data = random_bytes(len, rng);
        let d = scheme.disperse(pk, &data).expect("disperse");
        let info = *scheme.file_info(&d.commitment);
        assert_eq!(info.len, len as u64, "L is recorded");
        assert_eq!(
            (d.shards.len(), d.proofs.len()),
            (n, n),
            "n shards and proofs"
        );
        for (shard, proof) in d.shards.iter().zip(&d.proofs) {
            assert!(
                scheme
                    .verify(vk, &d.commitment, shard, proof)
                    .expect("verify"),
                "honest shard {} of a {len}-byte file must verify",
                shard.index
            );
        }
        let all: Vec<_> = d.shards.iter().zip(&d.proofs).collect();
        assert!(
            scheme
                .batch_verify(vk, &d.commitment, &all, rng)
                .expect("batch"),
            "batch of all honest shards ({len} bytes)"
        );
        for subset in subsets(n, k, rng) {
            let picked: Vec<_> = subset.iter().map(|j| d.shards[*j].clone()).collect();
            assert_eq!(
                scheme.decode(&info, &picked).expect("decode"),
                data,
                "decode {len} bytes from shards {subset:?}"
            );
        }
        if k > 1 {
            let few: Vec<_> = d.shards[..k - 1].to_vec();
            assert!(
                scheme.decode(&info, &few).is_err(),
                "k-1 shards must not decode"
            );
            let mut dup: Vec<_> = d.shards[..k - 1].to_vec();
            dup.push(d.shards[0].clone());
            assert!(
                scheme.decode(&info, &dup).is_err(),
                "duplicated index must not decode"
            );
        }
    }
}

/// Every k-subset when there are at most 70 of them, else 20 random ones.
fn subsets<R: RngCore>(n: usize, k: usize, rng: &mut R) -> Vec<Vec<usize>> {
    let count = binomial(n, k);
    if count <= 70 {
        let mut out = Vec::new();
        let mut cur = Vec::new();
        fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if cur.len() == k {
                out.push(cur.clone());
                return;
            }
            for j in start..n {
                cur.push(j);
                rec(j + 1, n, k, cur, out);
                cur.pop();
            }
        }
        rec(0, n, k, &mut cur, &mut out);
        out
    } else {
        let idx: Vec<usize> = (0..n).collect();
        (0..20)
            .map(|_| {
                let mut s: Vec<usize> = idx.choose_multiple(rng, k).copied().collect();
                s.shuffle(rng);
                s
            })
            .collect()
    }
}

fn binomial(n: usize, k: usize) -> u128 {
    let mut r: u128 = 1;
    for i in 0..k.min(n - k) as u128 {
        r = r * (n as u128 - i) / (i + 1);
        if r > 1_000_000 {
            return r;
        }
    }
    r
}

fn rejects<S: Scheme>(
    scheme: &S,
    vk: &S::VerifierKey,
    c: &S::Commitment,
    shard: &Shard<ScalarOf<S>>,
    proof: &S::Proof,
) -> bool {
    !matches!(scheme.verify(vk, c, shard, proof), Ok(true))
}

/// T-13…T-16 and the byte-level part of T-17. Returns how many
/// byte-tampered proofs decoded and were checked (`None` when every proof
/// serializes to no bytes, as Semi-AVID's do).
pub fn soundness<S: Scheme, R: RngCore>(
    scheme: &S,
    pk: &S::ProverKey,
    vk: &S::VerifierKey,
    d: &Dispersal<S>,
    rng: &mut R,
) -> Option<usize> {
    let mut tampered: Option<usize> = None;
    let n = scheme.code().n();
    let c = &d.commitment;
    let m = scheme.file_info(c).m;
    for (j, (shard, proof)) in d.shards.iter().zip(&d.proofs).enumerate() {
        // T-13: flip one element (first row, last row, a random row)
        for row in [0, m - 1, rng.gen_range(0..m)] {
            let mut t = shard.clone();
            t.values[row] += ScalarOf::<S>::one();
            assert!(
                matches!(scheme.verify(vk, c, &t, proof), Ok(false)),
                "shard {j} with row {row} altered must be rejected with Ok(false)"
            );
        }
        // T-14: scale, zero, swap two different rows
        let two = ScalarOf::<S>::from(2u64);
        let scaled = Shard {
            index: j,
            values: shard.values.iter().map(|v| *v * two).collect(),
        };
        if scaled != *shard {
            assert!(rejects(scheme, vk, c, &scaled, proof), "scaled shard {j}");
        }
        let zero = Shard {
            index: j,
            values: vec![ScalarOf::<S>::zero(); m],
        };
        if zero != *shard {
            assert!(rejects(scheme, vk, c, &zero, proof), "zeroed shard {j}");
        }
        if let Some(r2) = (1..m).find(|r| shard.values[*r] != shard.values[0]) {
            let mut sw = shard.clone();
            sw.values.swap(0, r2);
            assert!(
                rejects(scheme, vk, c, &sw, proof),
                "rows swapped in shard {j}"
            );
        }
        // T-15: the same values under another index; another shard's proof
        if n > 1 {
            let other = (j + 1 + rng.gen_range(0..n - 1)) % n;
            let moved = Shard {
                index: other,
                values: shard.values.clone(),
            };
            if moved.values != d.shards[other].values {
                assert!(
                    rejects(scheme, vk, c, &moved, proof),
                    "shard {j} presented as {other}"
                );
            }
            if d.proofs[other] != *proof {
                assert!(
                    rejects(scheme, vk, c, shard, &d.proofs[other]),
                    "shard {j} with the proof of shard {other}"
                );
            }
        }
        // T-17 (generic part): flipped bits in the proof bytes
        if let Some(count) = tampered_proof_bytes(scheme, vk, c, shard, proof, rng) {
            *tampered.get_or_insert(0) += count;
        }
    }
    // T-17 (canonical part): no altered byte reads as the same object
    canonical_encodings(scheme, d);
    // T-16: shards of file A under the commitment of file B (same parameters)
    let len = scheme.file_info(c).len as usize;
    let mut other_data = random_bytes(len, rng);
    if len == 0 {
        other_data = vec![];
    }
    let b = scheme.disperse(pk, &other_data).expect("disperse B");
    if b.commitment != d.commitment {
        for (shard, proof) in d.shards.iter().zip(&d.proofs) {
            assert!(
                rejects(scheme, vk, &b.commitment, shard, proof),
                "shard {} of file A under B's commitment",
                shard.index
            );
        }
    }
    tampered
}

/// T-17 (generic part): single-bit flips of the proof bytes that still decode
/// are rejected. Returns how many were checked (`None` for an empty proof).
///
/// A random flip of a compressed curve point almost never decodes (half of
/// all x have no point, and the subgroup check refuses nearly every other),
/// so a random-flip oracle would hardly ever reach its assertion. The
/// candidates here are the flag bits (0x20, 0x40, 0x80) of the first and last
/// 100 bytes, where the first and last group elements keep their flags
/// (ZCash-style encodings in an element's first byte, arkworks' default in its
/// last): flipping a sign flag decodes to the element's negation (unless the
/// element is the identity). They are tried in random order, the head before
/// the tail, until two decode to another proof; each of those must be
/// rejected.
fn tampered_proof_bytes<S: Scheme, R: RngCore>(
    scheme: &S,
    vk: &S::VerifierKey,
    c: &S::Commitment,
    shard: &Shard<ScalarOf<S>>,
    proof: &S::Proof,
    rng: &mut R,
) -> Option<usize> {
    const WINDOW: usize = 100;
    let mut bytes = Vec::new();
    proof
        .serialize_compressed(&mut bytes)
        .expect("serialize proof");
    let n = bytes.len();
    if n == 0 {
        return None;
    }
    let head = n.min(WINDOW);
    let flags = |range: core::ops::Range<usize>, rng: &mut R| {
        let mut v: Vec<(usize, u8)> = range
            .flat_map(|pos| [0x20u8, 0x40, 0x80].map(|mask| (pos, mask)))
            .collect();
        v.shuffle(rng);
        v
    };
    // the head first: a flip there fails (or succeeds) at the first elements,
    // while a flip in the tail is only found after decoding the whole proof
    let mut candidates = flags(0..head, rng);
    candidates.extend(flags(n.saturating_sub(WINDOW).max(head)..n, rng));
    let mut checked = 0;
    for (pos, mask) in candidates {
        let mut t = bytes.clone();
        t[pos] ^= mask;
        if let Ok(p) = S::Proof::deserialize_compressed(&t[..])
            && p != *proof
        {
            assert!(
                rejects(scheme, vk, c, shard, &p),
                "proof of shard {} with bit {mask:#04x} of byte {pos} flipped",
                shard.index
            );
            checked += 1;
            if checked == 2 {
                break;
            }
        }
    }
    Some(checked)
}

/// T-17 (canonical part): every object a verifier reads from bytes has one
/// encoding. The lowest bit of each of the first [`CANONICAL_HEAD`] bytes of
/// shard 0's proof (read with [`Scheme::proof_from_bytes`]), of the
/// commitment and of shard 0 (read with [`crate::from_bytes`]) is flipped in
/// turn; where the result still decodes, it must be another object (which
/// the other checks then reject), never the same one. (arkworks' default
/// point encoding, used by BN254 and BLS24-317, reads any x-coordinate
/// under the point-at-infinity flag as the identity: a proof or commitment
/// holding the identity, as those of a file with `k = 1` do, would
/// otherwise pass with altered bytes.)
pub fn canonical_encodings<S: Scheme>(scheme: &S, d: &Dispersal<S>) {
    let info = scheme.file_info(&d.commitment);
    let proof = |b: &[u8]| scheme.proof_from_bytes(info, b).ok();
    never_reads_as_itself(S::NAME, "the proof of shard 0", &d.proofs[0], proof);
    let commitment = |b: &[u8]| crate::from_bytes::<S::Commitment>("commitment", b).ok();
    never_reads_as_itself(S::NAME, "the commitment", &d.commitment, commitment);
    let shard = |b: &[u8]| crate::from_bytes::<Shard<ScalarOf<S>>>("shard", b).ok();
    never_reads_as_itself(S::NAME, "shard 0", &d.shards[0], shard);
}

/// Flips bit 0 of each of the first [`CANONICAL_HEAD`] bytes of `value`'s
/// encoding in turn and asserts that `read` gives no value or another one.
fn never_reads_as_itself<T: CanonicalSerialize + PartialEq>(
    scheme: &str,
    what: &str,
    value: &T,
    read: impl Fn(&[u8]) -> Option<T>,
) {
    let mut bytes = crate::to_bytes(value);
    for pos in 0..bytes.len().min(CANONICAL_HEAD) {
        bytes[pos] ^= 0x01;
        assert!(
            read(&bytes).is_none_or(|v| v != *value),
            "{scheme}: {what} with bit 0 of byte {pos} flipped reads as the same object"
        );
        bytes[pos] ^= 0x01;
    }
}

/// How many leading bytes of each encoding [`canonical_encodings`] alters:
/// every byte of the small objects, the leading elements of the large
/// ones (aPlonK's proofs), whose decoding is the same code.
pub const CANONICAL_HEAD: usize = 256;

/// T-22: malformed shards give `Err`, never a panic or `Ok(true)` (also
/// inside a batch, and for [`Scheme::verify_shards`]).
pub fn malformed<S: Scheme>(scheme: &S, vk: &S::VerifierKey, d: &Dispersal<S>) {
    let n = scheme.code().n();
    let c = &d.commitment;
    let (shard, proof) = (&d.shards[0], &d.proofs[0]);
    let mut long = shard.clone();
    long.values.push(ScalarOf::<S>::one());
    assert!(
        scheme.verify(vk, c, &long, proof).is_err(),
        "shard with m+1 values"
    );
    let empty = Shard {
        index: 0,
        values: vec![],
    };
    assert!(scheme.verify(vk, c, &empty, proof).is_err(), "empty shard");
    for index in [n, n + 1, usize::MAX] {
        let far = Shard {
            index,
            values: shard.values.clone(),
        };
        assert!(
            scheme.verify(vk, c, &far, proof).is_err(),
            "index {index} ≥ n"
        );
    }
    let bad = [(&far_shard(shard, n), proof)];
    assert!(
        !matches!(
            scheme.batch_verify(vk, c, &bad, &mut ark_std::test_rng()),
            Ok(true)
        ),
        "batch with an out-of-range index"
    );
    let mixed = [(shard, proof), (&far_shard(shard, n), proof)];
    assert!(
        scheme.verify_shards(vk, c, &mixed).is_err(),
        "verify_shards with an out-of-range index"
    );
}

fn far_shard<F: PrimeField>(s: &Shard<F>, n: usize) -> Shard<F> {
    Shard {
        index: n,
        values: s.values.clone(),
    }
}

/// T-21, T-24: batches agree with one-by-one verification on random mixes of
/// honest and tampered shards, and [`Scheme::verify_shards`] gives exactly
/// the verdicts of [`Scheme::verify`].
pub fn batch<S: Scheme, R: RngCore>(
    scheme: &S,
    vk: &S::VerifierKey,
    d: &Dispersal<S>,
    rng: &mut R,
) {
    let n = d.shards.len();
    let c = &d.commitment;
    let tampered: Vec<Shard<ScalarOf<S>>> = d
        .shards
        .iter()
        .map(|s| {
            let mut t = s.clone();
            let row = t.values.len() - 1;
            t.values[row] += ScalarOf::<S>::one();
            t
        })
        .collect();
    for round in 0..8 {
        let t = rng.gen_range(1..=n);
        let mut idx: Vec<usize> = (0..n).collect();
        idx.shuffle(rng);
        let bad_count = match round {
            0 => 0,
            1 => 1,
            _ => rng.gen_range(0..=t.min(3)),
        };
        let items: Vec<_> = idx[..t]
            .iter()
            .enumerate()
            .map(|(u, j)| {
                let s = if u < bad_count {
                    &tampered[*j]
                } else {
                    &d.shards[*j]
                };
                (s, &d.proofs[*j])
            })
            .collect();
        let verdicts: Vec<bool> = items
            .iter()
            .map(|(s, p)| scheme.verify(vk, c, s, p).expect("verify"))
            .collect();
        assert_eq!(
            scheme.verify_shards(vk, c, &items).expect("verify_shards"),
            verdicts,
            "verify_shards of {t} with {bad_count} bad shards gives verify's verdicts"
        );
        let one_by_one = verdicts.iter().all(|v| *v);
        let batched = scheme.batch_verify(vk, c, &items, rng).expect("batch");
        assert_eq!(
            batched, one_by_one,
            "batch of {t} with {bad_count} bad shards"
        );
        assert_eq!(
            batched,
            bad_count == 0,
            "batch of {t} with {bad_count} bad shards"
        );
    }
    // two tampered shards whose errors would cancel under fixed coefficients 1, −1
    if n >= 2 {
        let delta = ScalarOf::<S>::from(5u64);
        let mut s0 = d.shards[0].clone();
        let mut s1 = d.shards[1].clone();
        s0.values[0] += delta;
        s1.values[0] -= delta;
        let items = [(&s0, &d.proofs[0]), (&s1, &d.proofs[1])];
        assert!(
            !scheme.batch_verify(vk, c, &items, rng).expect("batch"),
            "two cancelling tampered shards"
        );
    }
    let empty: [(&Shard<ScalarOf<S>>, &S::Proof); 0] = [];
    assert!(
        scheme
            .batch_verify(vk, c, &empty, rng)
            .expect("empty batch"),
        "an empty batch is vacuously valid"
    );
    assert_eq!(
        scheme
            .verify_shards(vk, c, &empty)
            .expect("verify_shards of none"),
        Vec::<bool>::new(),
        "no shards, no verdicts"
    );
}

/// T-12: every wire type round-trips in all compress × validate modes, and
/// the declared sizes match the bytes written.
pub fn serialization<S: Scheme>(
    _scheme: &S,
    pk: &S::ProverKey,
    vk: &S::VerifierKey,
    d: &Dispersal<S>,
) {
    round_trip("prover key", pk);
    round_trip("verifier key", vk);
    round_trip("commitment", &d.commitment);
    round_trip("shard", &d.shards[0]);
    for p in &d.proofs {
        round_trip("proof", p);
    }
}

/// Serializes and deserializes `v` in every mode and checks equality and sizes.
pub fn round_trip<T: CanonicalSerialize + CanonicalDeserialize + PartialEq + core::fmt::Debug>(
    what: &str,
    v: &T,
) {
    for (compress, c) in [
        (Compress::Yes, "compressed"),
        (Compress::No, "uncompressed"),
    ] {
        for (validate, val) in [(Validate::Yes, "validated"), (Validate::No, "unvalidated")] {
            let mut bytes = Vec::new();
            v.serialize_with_mode(&mut bytes, compress)
                .expect("serialize");
            assert_eq!(bytes.len(), v.serialized_size(compress), "{what}: size");
            let back = T::deserialize_with_mode(&bytes[..], compress, validate)
                .unwrap_or_else(|e| panic!("{what}: deserialize ({c}, {val}): {e}"));
            assert_eq!(&back, v, "{what}: round trip ({c}, {val})");
            if !bytes.is_empty() {
                let cut = &bytes[..bytes.len() - 1];
                assert!(
                    T::deserialize_with_mode(cut, compress, validate).is_err(),
                    "{what}: truncated bytes must fail"
                );
            }
        }
    }
}
