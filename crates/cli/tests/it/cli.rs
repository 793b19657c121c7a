//! Drives the `vidkit` binary: round trips for every scheme, every malformed
//! file case, no overwriting without `--force`, JSON output, setups.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use vidkit::format::ShardFile;
use vidkit::SchemeName;

pub(crate) fn vidkit(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vidkit"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("the binary runs")
}

pub(crate) fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The `error:` lines of stderr (warnings excluded).
pub(crate) fn errors(o: &Output) -> Vec<String> {
    text(&o.stderr)
        .lines()
        .filter(|l| !l.starts_with("warning:"))
        .map(str::to_owned)
        .collect()
}

/// Asserts a one-line error with exit status `code` that contains every `needle`.
#[track_caller]
pub(crate) fn assert_error(o: &Output, code: i32, needles: &[&str]) {
    let errs = errors(o);
    assert_eq!(
        o.status.code(),
        Some(code),
        "stderr: {errs:?}, stdout: {}",
        text(&o.stdout)
    );
    assert_eq!(errs.len(), 1, "exactly one error line: {errs:?}");
    let line = &errs[0];
    assert!(line.starts_with("error: "), "{line}");
    assert!(!line.contains("panicked"), "{line}");
    for n in needles {
        assert!(line.contains(n), "{line:?} should contain {n:?}");
    }
}

#[track_caller]
pub(crate) fn assert_ok(o: &Output) {
    assert_eq!(
        o.status.code(),
        Some(0),
        "stderr: {}\nstdout: {}",
        text(&o.stderr),
        text(&o.stdout)
    );
}

pub(crate) fn sample(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
        .collect()
}

pub(crate) struct Dispersal {
    _tmp: tempfile::TempDir,
    pub(crate) root: PathBuf,
    pub(crate) data: Vec<u8>,
}

impl Dispersal {
    pub(crate) fn shard(&self, j: usize) -> PathBuf {
        self.root.join(format!("d/shard-{j:04}.vid"))
    }
}

pub(crate) fn disperse(scheme: SchemeName, k: usize, n: usize, len: usize) -> Dispersal {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().to_owned();
    let data = sample(len, 7);
    std::fs::write(root.join("f.bin"), &data).unwrap();
    let (k, n) = (k.to_string(), n.to_string());
    let o = vidkit(
        &[
            "disperse",
            "f.bin",
            "--scheme",
            scheme.name(),
            "-k",
            &k,
            "-n",
            &n,
            "--out",
            "d",
        ],
        &root,
    );
    assert_ok(&o);
    assert!(
        text(&o.stderr).contains("INSECURE"),
        "the built-in setup is announced"
    );
    Dispersal {
        _tmp: tmp,
        root,
        data,
    }
}

/// Alters one value of the shard inside a well-formed shard file.
pub(crate) fn corrupt_value(path: &Path) {
    let mut f = ShardFile::from_bytes(&std::fs::read(path).unwrap()).unwrap();
    f.shard[16] ^= 1; // first byte of the first value
    std::fs::write(path, f.to_bytes()).unwrap();
}

#[test]
fn round_trip_with_loss_and_corruption_for_every_scheme() {
    let schemes = SchemeName::available();
    for scheme in schemes {
        let (k, n) = (2, 5);
        let d = disperse(scheme, k, n, 150);
        // lose n - k - 1 shards, corrupt one more: exactly k valid remain
        for j in [1, 2] {
            std::fs::remove_file(d.shard(j)).unwrap();
        }
        corrupt_value(&d.shard(4));
        let o = vidkit(
            &[
                "reconstruct",
                "d",
                "--out",
                "r.bin",
                "--insecure-test-setup",
            ],
            &d.root,
        );
        assert_ok(&o);
        let out = text(&o.stdout);
        assert!(
            out.contains("INVALID") && out.contains("shard-0004.vid"),
            "{scheme}: {out}"
        );
        assert_eq!(
            std::fs::read(d.root.join("r.bin")).unwrap(),
            d.data,
            "{scheme}"
        );

        // verify names the bad shard and fails
        let o = vidkit(&["verify", "d", "--insecure-test-setup"], &d.root);
        assert_error(&o, 1, &["1 of 3 shard files are invalid"]);
        assert!(
            text(&o.stdout).contains("INVALID  d/shard-0004.vid"),
            "{}",
            text(&o.stdout)
        );
        let o = vidkit(
            &["verify", "d/shard-0004.vid", "--insecure-test-setup"],
            &d.root,
        );
        assert_error(&o, 1, &["d/shard-0004.vid", "INVALID"]);
        let o = vidkit(
            &[
                "verify",
                "--insecure-test-setup",
                "d/shard-0003.vid",
                "--commitment",
                "d/commitment.vid",
            ],
            &d.root,
        );
        assert_ok(&o);
        assert!(text(&o.stdout).contains("VALID    d/shard-0003.vid"));

        // one more loss: fewer than k valid shards
        std::fs::remove_file(d.shard(0)).unwrap();
        let o = vidkit(
            &[
                "reconstruct",
                "d",
                "--out",
                "r2.bin",
                "--insecure-test-setup",
            ],
            &d.root,
        );
        assert_error(&o, 1, &["cannot reconstruct", "1 valid shard", "k = 2"]);
        assert!(!d.root.join("r2.bin").exists());
    }
}

#[test]
fn malformed_files_give_one_line_errors() {
    let Some(&scheme) = SchemeName::available().last() else {
        return;
    };
    let d = disperse(scheme, 2, 4, 100);
    let good = std::fs::read(d.shard(1)).unwrap();
    let write = |bytes: &[u8]| std::fs::write(d.shard(1), bytes).unwrap();
    let verify = || {
        vidkit(
            &["verify", "d/shard-0001.vid", "--insecure-test-setup"],
            &d.root,
        )
    };

    // truncated
    write(&good[..good.len() - 5]);
    assert_error(&verify(), 1, &["d/shard-0001.vid", "truncated"]);
    write(&good[..3]);
    assert_error(&verify(), 1, &["d/shard-0001.vid", "not a vidkit file"]);
    // bit flipped in the magic, the version, the scheme name, the index
    let flipped = |at: usize| {
        let mut b = good.clone();
        b[at] ^= 0x01;
        b
    };
    write(&flipped(0));
    assert_error(&verify(), 1, &["d/shard-0001.vid", "not a vidkit file"]);
    write(&flipped(8));
    assert_error(
        &verify(),
        1,
        &["d/shard-0001.vid", "unsupported format version 0"],
    );
    write(&flipped(11));
    assert_error(&verify(), 1, &["d/shard-0001.vid", "unknown scheme name"]);
    // a bit flip in the values: the proof check rejects it
    write(&good);
    corrupt_value(&d.shard(1));
    assert_error(&verify(), 1, &["d/shard-0001.vid", "INVALID"]);
    // trailing garbage
    let mut long = good.clone();
    long.extend_from_slice(b"xyz");
    write(&long);
    assert_error(&verify(), 1, &["d/shard-0001.vid", "3 unexpected bytes"]);
    // a commitment file where a shard is expected
    write(&std::fs::read(d.root.join("d/commitment.vid")).unwrap());
    assert_error(
        &verify(),
        1,
        &["d/shard-0001.vid", "commitment file, expected a shard file"],
    );
    write(&good);
    assert_ok(&verify());

    // a shard of another dispersal (same scheme, other file)
    let other = disperse(scheme, 2, 4, 100 + 1);
    std::fs::copy(other.shard(1), d.root.join("d/shard-0001.vid")).unwrap();
    assert_error(&verify(), 1, &["d/shard-0001.vid", "parameters"]);
    let other = Dispersal {
        data: Vec::new(),
        ..disperse(scheme, 2, 4, 100)
    };
    std::fs::write(other.root.join("g.bin"), sample(100, 9)).unwrap();
    let o = vidkit(
        &[
            "disperse",
            "g.bin",
            "--scheme",
            scheme.name(),
            "-k",
            "2",
            "-n",
            "4",
            "--out",
            "e",
        ],
        &other.root,
    );
    assert_ok(&o);
    std::fs::copy(other.root.join("e/shard-0001.vid"), d.shard(1)).unwrap();
    assert_error(&verify(), 1, &["d/shard-0001.vid", "another commitment"]);

    // a shard of another scheme
    if let Some(&another) = SchemeName::available().iter().find(|s| **s != scheme) {
        let x = disperse(another, 2, 4, 100);
        std::fs::copy(x.shard(1), d.shard(1)).unwrap();
        assert_error(&verify(), 1, &["d/shard-0001.vid", "wrong scheme"]);
    }

    // broken commitment files
    let cpath = d.root.join("d/commitment.vid");
    let c = std::fs::read(&cpath).unwrap();
    write(&good);
    std::fs::write(&cpath, &c[..c.len() - 1]).unwrap();
    assert_error(&verify(), 2, &["d/commitment.vid", "truncated"]);
    let mut v = c.clone();
    v[8] = 9;
    std::fs::write(&cpath, &v).unwrap();
    assert_error(
        &verify(),
        2,
        &["d/commitment.vid", "unsupported format version 9"],
    );
    std::fs::write(&cpath, b"").unwrap();
    assert_error(&verify(), 2, &["d/commitment.vid", "not a vidkit file"]);
    std::fs::remove_file(&cpath).unwrap();
    assert_error(&verify(), 2, &["d/commitment.vid"]);
    // inspect of garbage, reconstruct of an empty directory
    let o = vidkit(&["inspect", "f.bin"], &d.root);
    assert_error(&o, 2, &["f.bin", "not a vidkit file"]);
    std::fs::create_dir(d.root.join("empty")).unwrap();
    let o = vidkit(&["verify", "empty"], &d.root);
    assert_error(&o, 2, &["empty", "no shard files"]);
}

#[test]
fn nothing_is_overwritten_without_force() {
    let Some(&scheme) = SchemeName::available().last() else {
        return;
    };
    let d = disperse(scheme, 2, 3, 80);
    let before = std::fs::read(d.shard(0)).unwrap();
    std::fs::write(d.root.join("other.bin"), sample(90, 1)).unwrap();
    let args = [
        "disperse",
        "other.bin",
        "--scheme",
        scheme.name(),
        "-k",
        "2",
        "-n",
        "3",
        "--out",
        "d",
    ];
    let o = vidkit(&args, &d.root);
    assert_error(&o, 2, &["already exists", "--force"]);
    assert_eq!(std::fs::read(d.shard(0)).unwrap(), before, "untouched");
    let mut forced = args.to_vec();
    forced.push("--force");
    assert_ok(&vidkit(&forced, &d.root));
    assert_ne!(std::fs::read(d.shard(0)).unwrap(), before);

    std::fs::write(d.root.join("r.bin"), b"keep me").unwrap();
    let o = vidkit(
        &[
            "reconstruct",
            "d",
            "--out",
            "r.bin",
            "--insecure-test-setup",
        ],
        &d.root,
    );
    assert_error(&o, 2, &["r.bin", "already exists"]);
    assert_eq!(std::fs::read(d.root.join("r.bin")).unwrap(), b"keep me");
    assert_ok(&vidkit(
        &[
            "reconstruct",
            "d",
            "--out",
            "r.bin",
            "--force",
            "--insecure-test-setup",
        ],
        &d.root,
    ));
    assert_eq!(std::fs::read(d.root.join("r.bin")).unwrap(), sample(90, 1));

    let o = vidkit(
        &[
            "setup",
            "--curve",
            "bn254",
            "--max-degree",
            "4",
            "--out",
            "r.bin",
        ],
        &d.root,
    );
    assert_error(&o, 2, &["r.bin", "already exists"]);
    // no temporary files are left behind
    let leftovers: Vec<_> = std::fs::read_dir(d.root.join("d"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn json_output_and_inspect() {
    let Some(&scheme) = SchemeName::available().last() else {
        return;
    };
    let d = disperse(scheme, 2, 3, 64);
    let o = vidkit(&["--json", "verify", "d", "--insecure-test-setup"], &d.root);
    assert_ok(&o);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    assert_eq!(v["valid"], 3);
    assert_eq!(v["scheme"], scheme.name());
    assert_eq!(v["files"][2]["status"], "valid");
    assert_eq!(v["insecure_setup"], true);

    corrupt_value(&d.shard(2));
    let o = vidkit(&["verify", "--json", "d", "--insecure-test-setup"], &d.root);
    assert_eq!(o.status.code(), Some(1));
    let first = text(&o.stdout);
    let report: serde_json::Value = serde_json::Deserializer::from_str(&first)
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(report["files"][2]["status"], "invalid");

    let o = vidkit(&["inspect", "--json", "d/shard-0001.vid"], &d.root);
    assert_ok(&o);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["kind"], "shard");
    let o = vidkit(&["inspect", "d/commitment.vid"], &d.root);
    assert_ok(&o);
    let out = text(&o.stdout);
    assert!(
        out.contains("commitment file") && out.contains("INSECURE") && out.contains(scheme.name())
    );
}

#[test]
fn setup_files_are_recorded_and_checked() {
    let Some(&scheme) = SchemeName::available().last() else {
        return;
    };
    let d = disperse(scheme, 2, 3, 64);
    let root = &d.root;
    let setup = |out: &str| {
        vidkit(
            &[
                "setup",
                "--curve",
                "bls12-381",
                "--max-degree",
                "16",
                "--out",
                out,
            ],
            root,
        )
    };
    assert_ok(&setup("a.srs"));
    assert_ok(&setup("b.srs"));
    let o = vidkit(&["inspect", "a.srs"], root);
    assert!(text(&o.stdout).contains("INSECURE"));
    let o = vidkit(
        &[
            "disperse",
            "f.bin",
            "--scheme",
            scheme.name(),
            "-k",
            "2",
            "-n",
            "3",
            "--out",
            "s",
            "--srs",
            "a.srs",
        ],
        root,
    );
    assert_ok(&o);
    assert_ok(&vidkit(&["verify", "s", "--srs", "a.srs"], root));
    assert_error(
        &vidkit(&["verify", "s"], root),
        2,
        &["s/commitment.vid", "--srs FILE", "--insecure-test-setup"],
    );
    assert_error(
        &vidkit(&["verify", "s", "--srs", "b.srs"], root),
        2,
        &["s/commitment.vid", "not with b.srs"],
    );
    // the built-in dispersal checked against a file setup, and back
    assert_error(
        &vidkit(&["verify", "d", "--srs", "a.srs"], root),
        2,
        &["built-in INSECURE test setup", "not with a.srs"],
    );
    assert_error(
        &vidkit(&["verify", "s", "--insecure-test-setup"], root),
        2,
        &[
            "s/commitment.vid",
            "an SRS file of digest",
            "not with the built-in",
        ],
    );
    // a setup for another curve
    assert_ok(&vidkit(
        &[
            "setup",
            "--curve",
            "bn254",
            "--max-degree",
            "4",
            "--out",
            "c.srs",
        ],
        root,
    ));
    assert_error(
        &vidkit(&["verify", "s", "--srs", "c.srs"], root),
        2,
        &["c.srs (bn254", "s/commitment.vid"],
    );
    // a corrupted setup file
    // (the second G1 power of the first string: a power the scheme uses)
    let a = std::fs::read(root.join("a.srs")).unwrap();
    let mut f = vidkit::format::SrsFile::from_bytes(&a).unwrap();
    f.powers[0][8 + 48 + 5] ^= 0x55;
    std::fs::write(root.join("a.srs"), f.to_bytes()).unwrap();
    assert_error(
        &vidkit(&["verify", "s", "--srs", "a.srs"], root),
        2,
        &["a.srs"],
    );
}

#[test]
fn usage_errors_do_not_panic() {
    let tmp = tempfile::tempdir().unwrap();
    let o = vidkit(
        &[
            "disperse", "nope.bin", "--scheme", "kzg+", "-k", "2", "-n", "3", "--out", "d",
        ],
        tmp.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("unknown scheme name"));
    std::fs::write(tmp.path().join("f"), b"x").unwrap();
    if let Some(s) = SchemeName::available().first() {
        let o = vidkit(
            &[
                "disperse",
                "f",
                "--scheme",
                s.name(),
                "-k",
                "3",
                "-n",
                "2",
                "--out",
                "d",
            ],
            tmp.path(),
        );
        assert_error(&o, 2, &[s.name()]);
    }
    let o = vidkit(
        &[
            "disperse", "nope.bin", "--scheme", "aplonk", "-k", "2", "-n", "3", "--out", "d",
        ],
        tmp.path(),
    );
    assert_error(&o, 2, &["nope.bin"]);
}

#[test]
fn other_curves_round_trip() {
    for (scheme, curve) in [
        (SchemeName::KzgPlus, "bls24-317"),
        (SchemeName::SemiAvid, "bn254"),
    ] {
        if !scheme.is_available() {
            continue;
        }
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::write(root.join("f.bin"), sample(120, 3)).unwrap();
        let o = vidkit(
            &[
                "disperse",
                "f.bin",
                "--scheme",
                scheme.name(),
                "--curve",
                curve,
                "-k",
                "2",
                "-n",
                "3",
                "--out",
                "d",
            ],
            root,
        );
        assert_ok(&o);
        let o = vidkit(&["inspect", "d/shard-0002.vid"], root);
        assert!(text(&o.stdout).contains(curve));
        std::fs::remove_file(root.join("d/shard-0000.vid")).unwrap();
        assert_ok(&vidkit(
            &[
                "reconstruct",
                "d",
                "--out",
                "r.bin",
                "--insecure-test-setup",
            ],
            root,
        ));
        assert_eq!(
            std::fs::read(root.join("r.bin")).unwrap(),
            sample(120, 3),
            "{scheme} on {curve}"
        );
    }
}

#[test]
fn default_job_without_arguments() {
    let tmp = tempfile::tempdir().unwrap();
    let o = vidkit(&[], tmp.path());
    assert_ok(&o);
    let out = text(&o.stdout);
    let schemes = SchemeName::available();
    assert_eq!(
        out.matches("identical to the original").count(),
        schemes.len(),
        "{out}"
    );
    assert_eq!(
        out.matches("rejected: shard-0007.vid").count(),
        schemes.len(),
        "{out}"
    );
    assert_eq!(
        out.matches("fails as it must").count(),
        schemes.len(),
        "{out}"
    );
    for s in schemes {
        assert!(
            out.contains(&format!("== {s} on bls12-381 (k = 4, n = 8")),
            "{out}"
        );
    }
    assert!(text(&o.stderr).contains("INSECURE"));
}

/// The Ethereum mainnet ceremony file checked in by vidkit-kzg.
const CEREMONY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../kzg/tests/data/trusted_setup.txt"
);

#[test]
fn ethereum_ceremony_setup_converts_and_disperses() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let data = sample(3000, 3);
    std::fs::write(root.join("f.bin"), &data).unwrap();
    let convert = |out: &str| vidkit(&["setup", "--from-ethereum", CEREMONY, "--out", out], root);
    let o = convert("eth.srs");
    if !SchemeName::available().contains(&SchemeName::Kzg) {
        // without vidkit-kzg the loader is not compiled in
        assert_error(&o, 2, &["not in this build"]);
        return;
    }
    assert_ok(&o);
    assert!(
        text(&o.stdout).contains("ceremony setup for bls12-381, 1 string(s) of 4096 G1 + 65 G2"),
        "{}",
        text(&o.stdout)
    );
    assert!(!text(&o.stderr).contains("INSECURE"), "{}", text(&o.stderr));
    // deterministic: the same ceremony gives the same file
    assert_ok(&vidkit(
        &[
            "setup",
            "--curve",
            "bls12-381",
            "--from-ethereum",
            CEREMONY,
            "--out",
            "again.srs",
        ],
        root,
    ));
    assert_eq!(
        std::fs::read(root.join("eth.srs")).unwrap(),
        std::fs::read(root.join("again.srs")).unwrap()
    );
    assert!(text(&vidkit(&["inspect", "eth.srs"], root).stdout).contains("Ethereum KZG ceremony"));
    assert_error(&convert("eth.srs"), 2, &["eth.srs", "already exists"]);

    for scheme in [
        SchemeName::KzgPlus,
        SchemeName::KzgPlusGlobal,
        SchemeName::SemiAvid,
        SchemeName::Kzg,
        // cells of 64 elements: 64·k G1 and exactly the ceremony's 65 G2 powers
        SchemeName::KzgCells,
    ] {
        if !SchemeName::available().contains(&scheme) {
            continue;
        }
        let dir = format!("d-{}", scheme.name());
        let o = vidkit(
            &[
                "disperse",
                "f.bin",
                "--scheme",
                scheme.name(),
                "-k",
                "4",
                "-n",
                "8",
                "--out",
                &dir,
                "--srs",
                "eth.srs",
            ],
            root,
        );
        assert_ok(&o);
        assert!(!text(&o.stderr).contains("INSECURE"), "{scheme}");
        assert_ok(&vidkit(&["verify", &dir, "--srs", "eth.srs"], root));
        assert_error(&vidkit(&["verify", &dir], root), 2, &["pass --srs FILE"]);
        // lose 3 shards, corrupt a fourth: exactly k = 4 valid remain
        let shard = |j: usize| root.join(format!("{dir}/shard-{j:04}.vid"));
        for j in [0, 3, 6] {
            std::fs::remove_file(shard(j)).unwrap();
        }
        corrupt_value(&shard(5));
        let out = format!("r-{}.bin", scheme.name());
        let o = vidkit(
            &["reconstruct", &dir, "--out", &out, "--srs", "eth.srs"],
            root,
        );
        assert_ok(&o);
        assert!(text(&o.stdout).contains("shard-0005.vid"), "{scheme}");
        assert_eq!(std::fs::read(root.join(&out)).unwrap(), data, "{scheme}");
    }
    // aPlonK needs two independent strings: the ceremony has one
    if SchemeName::available().contains(&SchemeName::Aplonk) {
        let o = vidkit(
            &[
                "disperse", "f.bin", "--scheme", "aplonk", "-k", "4", "-n", "8", "--out", "a",
                "--srs", "eth.srs",
            ],
            root,
        );
        assert_error(&o, 2, &["eth.srs"]);
    }
    // more rows than G1 powers: a semi-avid file of 4097 rows (k = 1)
    if SchemeName::available().contains(&SchemeName::SemiAvid) {
        std::fs::write(root.join("big.bin"), sample(31 * 4097, 1)).unwrap();
        let o = vidkit(
            &[
                "disperse",
                "big.bin",
                "--scheme",
                "semi-avid",
                "-k",
                "1",
                "-n",
                "2",
                "--out",
                "big",
                "--srs",
                "eth.srs",
            ],
            root,
        );
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        assert!(text(&o.stderr).contains("4096"), "{}", text(&o.stderr));
    }
}

#[test]
fn corrupted_ceremony_files_give_one_line_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let good = std::fs::read_to_string(CEREMONY).unwrap();
    let mut lines: Vec<&str> = good.lines().collect();
    let convert = |name: &str, body: &str| {
        std::fs::write(root.join(name), body).unwrap();
        vidkit(&["setup", "--from-ethereum", name, "--out", "x.srs"], root)
    };
    if !SchemeName::available().contains(&SchemeName::Kzg) {
        return;
    }
    // a non-hex character in line 1003 (a G1 Lagrange point)
    let bad = format!("z{}", &lines[1002][1..]);
    lines[1002] = &bad;
    assert_error(
        &convert("bad-hex.txt", &(lines.join("\n") + "\n")),
        2,
        &["bad-hex.txt", "line 1003", "not hexadecimal"],
    );
    // a flipped bit in the x coordinate of the last G1 power
    let last = good.lines().count() - 1;
    let mut l: Vec<String> = good.lines().map(str::to_owned).collect();
    let mut b = hex_bytes(&l[last]);
    b[47] ^= 1;
    l[last] = b.iter().map(|x| format!("{x:02x}")).collect();
    assert_error(
        &convert("flipped.txt", &(l.join("\n") + "\n")),
        2,
        &["flipped.txt", "Ethereum KZG ceremony"],
    );
    // truncated in the middle of a line, and a wrong count
    assert_error(
        &convert("short.txt", &good[..good.len() / 2]),
        2,
        &["short.txt"],
    );
    assert_error(
        &convert("count.txt", &good.replacen("4096", "4095", 1)),
        2,
        &["count.txt", "line 1", "4095"],
    );
    assert!(!root.join("x.srs").exists(), "nothing written on error");
    // other curves, missing files
    let o = vidkit(
        &[
            "setup",
            "--curve",
            "bn254",
            "--from-ethereum",
            CEREMONY,
            "--out",
            "x.srs",
        ],
        root,
    );
    assert_error(&o, 2, &["bls12-381", "bn254"]);
    let o = vidkit(
        &["setup", "--from-ethereum", "missing.txt", "--out", "x.srs"],
        root,
    );
    assert_error(&o, 2, &["missing.txt"]);
}

fn hex_bytes(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// KZG+ global's proofs carry a Merkle path: a flipped path byte makes the
/// shard INVALID, a stated path length other than ⌈log2 n⌉ makes the file
/// unusable (read with `Scheme::proof_from_bytes` before any point is
/// decoded), and the rest of the shards still rebuild the file.
#[test]
fn kzg_plus_global_paths_are_checked() {
    let scheme = SchemeName::KzgPlusGlobal;
    if !SchemeName::available().contains(&scheme) {
        return;
    }
    let d = disperse(scheme, 2, 5, 200);
    let read = |j: usize| ShardFile::from_bytes(&std::fs::read(d.shard(j)).unwrap()).unwrap();
    // BLS12-381: π (48 bytes), the path length ⌈log2 5⌉ = 3, three siblings
    let f = read(1);
    assert_eq!(f.proof.len(), 48 + 1 + 3 * 32);
    assert_eq!(f.proof[48], 3);
    let mut flipped = f.clone();
    flipped.proof[48 + 1 + 32 + 5] ^= 0x10;
    std::fs::write(d.shard(1), flipped.to_bytes()).unwrap();
    let mut long = read(2);
    long.proof[48] = 4;
    long.proof.extend([0u8; 32]);
    std::fs::write(d.shard(2), long.to_bytes()).unwrap();
    let o = vidkit(&["verify", "d", "--insecure-test-setup"], &d.root);
    assert_error(&o, 1, &["2 of 5 shard files are invalid"]);
    let out = text(&o.stdout);
    assert!(out.contains("INVALID  d/shard-0001.vid"), "{out}");
    assert!(out.contains("REJECTED d/shard-0002.vid"), "{out}");
    let o = vidkit(
        &[
            "reconstruct",
            "d",
            "--out",
            "r.bin",
            "--insecure-test-setup",
        ],
        &d.root,
    );
    assert_ok(&o);
    assert_eq!(std::fs::read(d.root.join("r.bin")).unwrap(), d.data);
}

/// KZG cells are cosets of a radix-2 domain: `--encoding points` is refused
/// with the scheme's reason and writes nothing; `systematic` round-trips.
#[test]
fn kzg_cells_needs_a_root_of_unity_encoding() {
    let scheme = SchemeName::KzgCells;
    if !SchemeName::available().contains(&scheme) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let data = sample(700, 5);
    std::fs::write(root.join("f.bin"), &data).unwrap();
    let disperse = |encoding: &str, out: &str| {
        vidkit(
            &[
                "disperse",
                "f.bin",
                "--scheme",
                "kzg-cells",
                "-k",
                "4",
                "-n",
                "8",
                "--encoding",
                encoding,
                "--out",
                out,
            ],
            root,
        )
    };
    let o = disperse("points", "p");
    assert_error(&o, 2, &["kzg-cells", "root-of-unity encoding"]);
    assert!(!root.join("p").exists());
    assert_ok(&disperse("systematic", "s"));
    std::fs::remove_file(root.join("s/shard-0000.vid")).unwrap();
    let o = vidkit(
        &[
            "reconstruct",
            "s",
            "--out",
            "r.bin",
            "--insecure-test-setup",
        ],
        root,
    );
    assert_ok(&o);
    assert_eq!(std::fs::read(root.join("r.bin")).unwrap(), data);
}

/// aPlonK global's proofs carry the per-file part, the opening and a Merkle
/// path: a flipped path byte makes the shard INVALID, a stated path length
/// other than ⌈log2 n⌉ makes the file unusable (read with
/// `Scheme::proof_from_bytes` before any point is decoded), and the rest of
/// the shards still rebuild the file.
#[test]
fn aplonk_global_paths_are_checked() {
    let scheme = SchemeName::AplonkGlobal;
    if !SchemeName::available().contains(&scheme) {
        return;
    }
    let d = disperse(scheme, 2, 5, 200);
    let read = |j: usize| ShardFile::from_bytes(&std::fs::read(d.shard(j)).unwrap()).unwrap();
    // BLS12-381, m = ⌈200/62⌉ = 4 rows, κ = 2: the per-file part
    // 8 + 6·48 + 2·96 + 4·576 bytes, π (48 bytes), the path length
    // ⌈log2 5⌉ = 3, three siblings
    let file_part = 8 + 6 * 48 + 2 * 96 + 4 * 576;
    let at = file_part + 48;
    let f = read(1);
    assert_eq!(f.proof.len(), at + 1 + 3 * 32);
    assert_eq!(f.proof[at], 3);
    // every shard carries the same per-file part
    assert_eq!(read(0).proof[..file_part], f.proof[..file_part]);
    let mut flipped = f.clone();
    flipped.proof[at + 1 + 32 + 5] ^= 0x10;
    std::fs::write(d.shard(1), flipped.to_bytes()).unwrap();
    let mut long = read(2);
    long.proof[at] = 4;
    long.proof.extend([0u8; 32]);
    std::fs::write(d.shard(2), long.to_bytes()).unwrap();
    let o = vidkit(&["verify", "d", "--insecure-test-setup"], &d.root);
    assert_error(&o, 1, &["2 of 5 shard files are invalid"]);
    let out = text(&o.stdout);
    assert!(out.contains("INVALID  d/shard-0001.vid"), "{out}");
    assert!(out.contains("REJECTED d/shard-0002.vid"), "{out}");
    let o = vidkit(
        &[
            "reconstruct",
            "d",
            "--out",
            "r.bin",
            "--insecure-test-setup",
        ],
        &d.root,
    );
    assert_ok(&o);
    assert_eq!(std::fs::read(d.root.join("r.bin")).unwrap(), d.data);
}
