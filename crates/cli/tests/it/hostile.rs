//! Hostile files (issue #16): sizes stated by headers, special files, the
//! verifier's trust anchor, names that forge report lines, errors that name
//! their file, shards that verify but do not decode. Every test here fails on
//! the tool before its hardening (an abort, a hang, a forged line, a VALID
//! verdict, or an error without the file).

use super::cli::{assert_error, assert_ok, disperse, errors, sample, text, vidkit};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use vidkit::core::{to_bytes, ScalarOf};
use vidkit::format::{digest, CommitmentFile, Params, SetupRecord, ShardFile, SrsSource};
use vidkit::{CurveName, Encoding, Scheme, SchemeName, Shard};

/// The seed of the tool's built-in insecure setup (docs/cli.md).
const BUILTIN_SEED: u64 = 0x7669_646b_6974;

/// Runs the tool and fails the test if it is still running after `secs`
/// seconds (a hang, or work in proportion to a hostile size).
fn vidkit_within(secs: u64, args: &[&str], cwd: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidkit"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("vidkit {args:?} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// Rewrites `dir/commitment.vid` with `edit` applied to its parsed form.
fn edit_commitment(dir: &Path, edit: impl FnOnce(&mut CommitmentFile)) {
    let path = dir.join("commitment.vid");
    let mut c = CommitmentFile::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
    edit(&mut c);
    std::fs::write(&path, c.to_bytes()).unwrap();
}

#[test]
fn sizes_in_headers_are_refused_before_anything_is_built() {
    if !SchemeName::SemiAvid.is_available() {
        return;
    }
    let d = disperse(SchemeName::SemiAvid, 2, 4, 150);
    let good = std::fs::read(d.root.join("d/commitment.vid")).unwrap();
    let verify = || vidkit_within(30, &["verify", "d", "--insecure-test-setup"], &d.root);
    type Edit = fn(&mut CommitmentFile);
    let cases: [(Edit, &[&str]); 7] = [
        // FFT mode: tables of next_pow2(n) elements
        (
            |c| c.params.info.n = (1 << 31) + 1,
            &["2147483649 shards", "65536"],
        ),
        // points mode, k = 1, n = 2^44: verified VALID, then reconstruct aborted
        (
            |c| {
                c.params.info = vidkit::FileInfo {
                    k: 1,
                    n: 1 << 44,
                    m: 5,
                    len: 150,
                    encoding: Encoding::Points,
                }
            },
            &["17592186044416 shards", "65536"],
        ),
        // the built-in setup sized from the header: 36 s, then an abort
        (
            |c| c.setup.max_bytes = 1 << 28,
            &["setup size of 268435456 bytes", "--max-bytes"],
        ),
        (
            |c| c.setup.max_bytes = 1 << 40,
            &["setup size", "above the limit"],
        ),
        (
            |c| c.setup.max_bytes = u64::MAX,
            &["setup size", "above the limit"],
        ),
        (
            |c| {
                c.params.info.len = 1 << 40;
                c.params.info.m = 1 << 34;
            },
            &["file length L of 1099511627776 bytes", "above the limit"],
        ),
        // k = 0 says so (it read "point not on the curve")
        (|c| c.params.info.k = 0, &["k must be at least 1"]),
    ];
    for (edit, needles) in cases {
        std::fs::write(d.root.join("d/commitment.vid"), &good).unwrap();
        edit_commitment(&d.root.join("d"), edit);
        let mut all = vec!["d/commitment.vid"];
        all.extend_from_slice(needles);
        assert_error(&verify(), 2, &all);
        let o = vidkit_within(
            30,
            &[
                "reconstruct",
                "d",
                "--out",
                "r.bin",
                "--insecure-test-setup",
            ],
            &d.root,
        );
        assert_error(&o, 2, &all);
        assert!(!d.root.join("r.bin").exists());
    }
}

#[test]
fn single_byte_corruption_of_a_commitment_header_never_aborts() {
    if !SchemeName::SemiAvid.is_available() {
        return;
    }
    let d = disperse(SchemeName::SemiAvid, 2, 4, 100);
    let path = d.root.join("d/commitment.vid");
    let good = std::fs::read(&path).unwrap();
    let c = CommitmentFile::from_bytes(&good).unwrap();
    // every byte before the commitment blob: names, k, n, m, L, encoding,
    // setup size and source, verifier-key digest, blob length
    let header = good.len() - c.commitment.len();
    for at in 10..header {
        for value in [0xff, good[at] ^ 0x40] {
            let mut b = good.clone();
            b[at] = value;
            std::fs::write(&path, &b).unwrap();
            let o = vidkit_within(60, &["verify", "d", "--insecure-test-setup"], &d.root);
            let code = o.status.code();
            assert!(
                matches!(code, Some(0..=2)),
                "byte {at} = {value:#x}: killed by a signal ({:?}); stderr: {}",
                o.status,
                text(&o.stderr)
            );
            if code != Some(0) {
                let errs = errors(&o);
                assert!(
                    errs.iter().any(|l| l.starts_with("error: "))
                        && !text(&o.stderr).contains("panicked"),
                    "byte {at} = {value:#x}: {errs:?}"
                );
            }
        }
    }
}

#[test]
fn limits_are_configurable() {
    if !SchemeName::Kzg.is_available() {
        return;
    }
    // per-row KZG with k = 1 writes the largest files for their data
    let d = disperse(SchemeName::Kzg, 1, 2, 3000);
    let o = vidkit(
        &[
            "verify",
            "d",
            "--insecure-test-setup",
            "--max-bytes",
            "2999",
        ],
        &d.root,
    );
    assert_error(
        &o,
        2,
        &["d/commitment.vid", "L of 3000 bytes", "limit of 2999"],
    );
    assert_ok(&vidkit(
        &[
            "verify",
            "d",
            "--insecure-test-setup",
            "--max-bytes",
            "3000",
        ],
        &d.root,
    ));
    let o = vidkit(
        &[
            "disperse",
            "f.bin",
            "--scheme",
            "kzg",
            "-k",
            "1",
            "-n",
            "2",
            "--out",
            "e",
            "--max-bytes",
            "2999",
        ],
        &d.root,
    );
    assert_error(
        &o,
        2,
        &["f.bin", "file size of 3000 bytes", "limit of 2999"],
    );
    assert!(!d.root.join("e").exists());
}

#[cfg(unix)]
#[test]
fn only_regular_files_are_read() {
    let Some(&scheme) = SchemeName::available().first() else {
        return;
    };
    let d = disperse(scheme, 2, 3, 100);
    let root = &d.root;
    let made = Command::new("mkfifo").arg(root.join("pipe.vid")).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo on this system
    }
    let c = "--commitment=d/commitment.vid";
    // a named pipe as a shard: refused, not read (it waited forever)
    let o = vidkit_within(
        30,
        &["verify", "pipe.vid", c, "--insecure-test-setup"],
        root,
    );
    assert_error(&o, 1, &["pipe.vid", "is a named pipe, not a regular file"]);
    // as the commitment
    let o = vidkit_within(
        30,
        &[
            "verify",
            "d",
            "--commitment",
            "pipe.vid",
            "--insecure-test-setup",
        ],
        root,
    );
    assert_error(&o, 2, &["pipe.vid", "named pipe"]);
    // a device: /dev/zero grew the process to gigabytes
    let o = vidkit_within(
        30,
        &["verify", "/dev/zero", c, "--insecure-test-setup"],
        root,
    );
    assert_error(&o, 1, &["/dev/zero", "is a device"]);
    let o = vidkit_within(
        30,
        &[
            "verify",
            "d",
            "--commitment",
            "/dev/zero",
            "--insecure-test-setup",
        ],
        root,
    );
    assert_error(&o, 2, &["/dev/zero", "is a device"]);
    // a directory as the commitment, a pipe as the file to disperse
    let o = vidkit_within(
        30,
        &["verify", "d", "--commitment", "d", "--insecure-test-setup"],
        root,
    );
    assert_error(&o, 2, &["d: is a directory"]);
    let o = vidkit_within(
        30,
        &[
            "disperse",
            "pipe.vid",
            "--scheme",
            scheme.name(),
            "-k",
            "2",
            "-n",
            "3",
            "--out",
            "e",
        ],
        root,
    );
    assert_error(&o, 2, &["pipe.vid", "named pipe"]);
    // a file over the size a shard file may have is not read
    let big = std::fs::File::create(root.join("d/huge.vid")).unwrap();
    big.set_len(1 << 40).unwrap(); // sparse
    let o = vidkit_within(30, &["verify", "d", "--insecure-test-setup"], root);
    assert_error(&o, 1, &["1 of 4 shard files"]);
    assert!(
        text(&o.stdout).contains("d/huge.vid: file size of 1099511627776 bytes is above the limit"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn file_names_cannot_forge_report_lines() {
    let Some(&scheme) = SchemeName::available().first() else {
        return;
    };
    let d = disperse(scheme, 2, 3, 100);
    std::fs::remove_file(d.shard(2)).unwrap();
    // no '/' in a name, but the line is as convincing
    let forged = "junk\n  VALID    shard-0002.vid (shard 2)\nx.vid";
    std::fs::write(d.root.join("d").join(forged), b"junk").unwrap();
    std::fs::write(d.root.join("d/\u{1b}[2J\u{1b}]0;owned\u{7}.vid"), b"junk").unwrap();
    // a bidirectional override would show the name reversed; other
    // non-ASCII text is a legitimate name and stays as it is
    std::fs::write(d.root.join("d/x\u{202e}div.é ü.vid"), b"junk").unwrap();
    let o = vidkit(&["verify", "d", "--insecure-test-setup"], &d.root);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(!out.contains('\u{202e}'), "{out:?}");
    assert!(out.contains("x\\u{202e}div.é ü.vid"), "{out}");
    assert!(out.contains("\\u{1b}[2J\\u{1b}]0;owned\\u{7}.vid"), "{out}");
    assert!(
        !out.lines().any(|l| l.starts_with("  VALID    shard-0002")),
        "{out}"
    );
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("  VALID")).count(),
        2,
        "{out}"
    );
    assert!(out.contains("junk\\n  VALID"), "{out}");
    // the error line too
    let o = vidkit(
        &["verify", &format!("d/{forged}"), "--insecure-test-setup"],
        &d.root,
    );
    assert_error(&o, 1, &["junk\\n  VALID"]);
    assert_eq!(
        text(&o.stderr)
            .lines()
            .filter(|l| l.contains("VALID "))
            .count(),
        1
    );
    // JSON keeps the name exactly
    let o = vidkit(&["--json", "verify", "d", "--insecure-test-setup"], &d.root);
    let v: serde_json::Value = serde_json::Deserializer::from_slice(&o.stdout)
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    let names: Vec<&str> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap())
        .collect();
    assert!(names.contains(&format!("d/{forged}").as_str()), "{names:?}");
}

#[test]
fn errors_name_the_file() {
    let Some(&scheme) = SchemeName::available().first() else {
        return;
    };
    let d = disperse(scheme, 2, 3, 100);
    // a missing shard is named, not the commitment beside it
    std::fs::create_dir(d.root.join("elsewhere")).unwrap();
    let o = vidkit(
        &["verify", "elsewhere/nope.vid", "--insecure-test-setup"],
        &d.root,
    );
    assert_error(&o, 2, &["elsewhere/nope.vid"]);
    assert!(
        !errors(&o)[0].contains("commitment.vid"),
        "{:?}",
        errors(&o)
    );
    // the scheme's refusal of the parameters names the commitment (it said
    // "error: <scheme>: …")
    edit_commitment(&d.root.join("d"), |c| {
        c.params.info.k = 3;
        c.params.info.encoding = Encoding::Systematic;
    });
    let o = vidkit(&["verify", "d", "--insecure-test-setup"], &d.root);
    assert_error(
        &o,
        2,
        &["error: d/commitment.vid: ", scheme.name(), "power of two"],
    );
}

/// Writes a dispersal made with the library directly, as its maker chooses:
/// the setup seed (the tool uses [`BUILTIN_SEED`]) and, with `garbage`, a
/// data matrix of field elements that are not packed bytes (`p − 1`), so
/// that every shard verifies but no set of k decodes to bytes.
fn forge<S: Scheme>(scheme: S, name: SchemeName, dir: &Path, seed: u64, garbage: bool) {
    let data = sample(200, 5);
    let max = data.len();
    let srs = scheme.insecure_srs(max, seed).unwrap();
    let (pk, vk) = scheme.setup(&srs, max).unwrap();
    let mut enc = scheme.encode(&data).unwrap();
    if garbage {
        let minus_one = ScalarOf::<S>::from(0u64) - ScalarOf::<S>::from(1u64);
        let matrix = vec![minus_one; enc.info.m * enc.info.k];
        let code = scheme.code();
        enc.coefficients = code.coefficients(&matrix).unwrap();
        enc.shards = code
            .evaluate(&enc.coefficients)
            .unwrap()
            .into_iter()
            .enumerate()
            .map(|(index, values)| Shard { index, values })
            .collect();
    }
    let (c, hint) = scheme.commit(&pk, &enc).unwrap();
    let proofs = scheme.prove(&pk, &enc, &c, &hint).unwrap();
    let params = Params {
        scheme: name,
        curve: CurveName::Bls12_381,
        info: enc.info,
    };
    let cfile = CommitmentFile {
        params,
        setup: SetupRecord {
            max_bytes: max as u64,
            source: SrsSource::BuiltinInsecure { seed },
        },
        vk_digest: digest("verifier-key", &to_bytes(&vk)),
        commitment: to_bytes(&c),
    };
    std::fs::create_dir_all(dir).unwrap();
    for (shard, proof) in enc.shards.iter().zip(&proofs) {
        let file = ShardFile {
            params,
            index: shard.index,
            commitment_digest: cfile.digest(),
            shard: to_bytes(shard),
            proof: to_bytes(proof),
        };
        let path = dir.join(format!("shard-{:04}.vid", shard.index));
        std::fs::write(path, file.to_bytes()).unwrap();
    }
    std::fs::write(dir.join("commitment.vid"), cfile.to_bytes()).unwrap();
}

fn kzg_plus() -> vidkit::kzg_plus::KzgPlus<ark_bls12_381::Bls12_381> {
    vidkit::kzg_plus::KzgPlus::new(2, 4, Encoding::Fft).unwrap()
}

#[test]
fn the_verifier_chooses_the_setup_not_the_commitment() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    // a dispersal on another public seed: whoever made it knows τ and can
    // forge; it verified VALID with no option at all
    forge(
        kzg_plus(),
        SchemeName::KzgPlus,
        &root.join("d"),
        12345,
        false,
    );
    let o = vidkit(&["verify", "d"], root);
    assert_error(
        &o,
        2,
        &[
            "d/commitment.vid",
            "--srs FILE",
            "--insecure-test-setup",
            "seed 0x3039",
        ],
    );
    assert!(!text(&o.stdout).contains("VALID"), "{}", text(&o.stdout));
    for args in [
        &["verify", "d", "--insecure-test-setup"][..],
        &[
            "reconstruct",
            "d",
            "--out",
            "r.bin",
            "--insecure-test-setup",
        ][..],
    ] {
        let o = vidkit(args, root);
        assert_error(
            &o,
            2,
            &[
                "d/commitment.vid",
                "made with the built-in INSECURE test setup (seed 0x3039)",
                "not with the built-in INSECURE test setup (seed 0x7669646b6974)",
            ],
        );
    }
    assert!(!root.join("r.bin").exists());
    // --srs and --insecure-test-setup exclude each other
    let o = vidkit(
        &["verify", "d", "--insecure-test-setup", "--srs", "x.srs"],
        root,
    );
    assert_eq!(o.status.code(), Some(2));
    // the same dispersal on the tool's seed is accepted with the flag
    forge(
        kzg_plus(),
        SchemeName::KzgPlus,
        &root.join("e"),
        BUILTIN_SEED,
        false,
    );
    assert_ok(&vidkit(&["verify", "e", "--insecure-test-setup"], root));
}

#[test]
fn shards_that_verify_but_do_not_decode_are_named_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    forge(
        kzg_plus(),
        SchemeName::KzgPlus,
        &root.join("d"),
        BUILTIN_SEED,
        true,
    );
    let o = vidkit(&["verify", "d", "--insecure-test-setup"], root);
    assert_ok(&o);
    let o = vidkit(
        &[
            "reconstruct",
            "d",
            "--out",
            "r.bin",
            "--insecure-test-setup",
        ],
        root,
    );
    assert_error(
        &o,
        1,
        &[
            "error: d: cannot reconstruct",
            "3 set(s) of k tried",
            "d/shard-0000.vid, d/shard-0001.vid",
            "not a canonical data element",
        ],
    );
    let out = text(&o.stdout);
    assert_eq!(
        out.matches("could not decode from shards").count(),
        3,
        "{out}"
    );
    assert!(!root.join("r.bin").exists());
    let leftovers = std::fs::read_dir(root).unwrap().count();
    assert_eq!(leftovers, 1, "only d/ remains");
}

/// A proof that holds the point at infinity (per-row KZG with `k = 1`: every
/// row is a constant, so every opening proof is the identity) on the curves
/// whose point encoding is arkworks' default (BN254, BLS24-317), with a byte
/// of the identity's unused x-coordinate changed: before proofs had to be
/// canonical the altered shard file read as the same proof and verified.
#[test]
fn altered_bytes_of_an_identity_proof_are_rejected() {
    if !SchemeName::Kzg.is_available() {
        return;
    }
    for curve in ["bn254", "bls24-317"] {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::write(root.join("f.bin"), sample(40, 5)).unwrap();
        let args = [
            "disperse", "f.bin", "--scheme", "kzg", "--curve", curve, "-k", "1", "-n", "2",
            "--out", "d",
        ];
        assert_ok(&vidkit(&args, root));
        let path = root.join("d/shard-0001.vid");
        let mut bytes = std::fs::read(&path).unwrap();
        let file = ShardFile::from_bytes(&bytes).unwrap();
        // the proof ends the file: a count, then `m` compressed identities
        // whose last byte holds the flags (0x40: point at infinity)
        assert!(file.proof.len() > 9 && bytes.ends_with(&file.proof));
        assert_eq!(
            *file.proof.last().unwrap(),
            0x40,
            "{curve}: an identity proof"
        );
        let at = bytes.len() - 2;
        bytes[at] ^= 0x01;
        std::fs::write(&path, &bytes).unwrap();
        let o = vidkit(
            &[
                "verify",
                "d/shard-0001.vid",
                "--commitment",
                "d/commitment.vid",
                "--insecure-test-setup",
            ],
            root,
        );
        assert_error(&o, 1, &["shard-0001.vid", "not the canonical encoding"]);
    }
}
