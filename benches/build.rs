//! Records how the sweep binary was built, for the run metadata of every
//! result line (`vidkit_benches::record::RunInfo`): the commit it was built
//! from, the compiler's version, the build profile and optimisation level,
//! the flags passed to rustc and the package's enabled features.
//!
//! Hand-written rather than with the `built`, `vergen` or `rustc_version`
//! crates: it reads five environment variables that Cargo sets for build
//! scripts and runs `$RUSTC -V` and `git`, which is all those crates would
//! do here. The release
//! profile's codegen units, which cargo does not pass on, are read from the
//! workspace manifest (with `toml`).

use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let version = stdout(Command::new(&rustc).arg("-V")).unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=VIDKIT_RUSTC_VERSION={version}");
    println!("cargo:rustc-env=VIDKIT_GIT_COMMIT={}", git_commit());

    let var = |name: &str| env::var(name).unwrap_or_default();
    let mut profile = format!(
        "{} opt-level={} debug={}",
        var("PROFILE"),
        var("OPT_LEVEL"),
        var("DEBUG")
    );
    if let Some(units) = release_codegen_units() {
        profile.push_str(&format!(" codegen-units={units}"));
    }
    println!("cargo:rustc-env=VIDKIT_BUILD_PROFILE={profile}");
    // CARGO_ENCODED_RUSTFLAGS separates the flags with 0x1f.
    let flags = var("CARGO_ENCODED_RUSTFLAGS").replace('\u{1f}', " ");
    println!("cargo:rustc-env=VIDKIT_RUSTFLAGS={}", flags.trim());
    println!("cargo:rustc-env=VIDKIT_TARGET={}", var("TARGET"));

    let mut features: Vec<String> = env::vars()
        .filter_map(|(k, _)| k.strip_prefix("CARGO_FEATURE_").map(str::to_owned))
        .map(|f| f.to_lowercase().replace('_', "-"))
        .collect();
    features.sort();
    println!("cargo:rustc-env=VIDKIT_FEATURES={}", features.join(","));
}

/// The release profile's codegen units (they change the figures: see the
/// workspace manifest), for release builds: cargo does not tell build
/// scripts, so from `CARGO_PROFILE_RELEASE_CODEGEN_UNITS` if set, else from
/// the workspace manifest's `[profile.release]`.
fn release_codegen_units() -> Option<String> {
    const VAR: &str = "CARGO_PROFILE_RELEASE_CODEGEN_UNITS";
    println!("cargo:rerun-if-env-changed={VAR}");
    if env::var("PROFILE").ok()? != "release" {
        return None;
    }
    if let Ok(units) = env::var(VAR) {
        return Some(units);
    }
    let manifest =
        std::path::Path::new(&env::var("CARGO_MANIFEST_DIR").ok()?).join("../Cargo.toml");
    println!("cargo:rerun-if-changed={}", manifest.display());
    let text = std::fs::read_to_string(manifest).ok()?;
    let doc: toml::Table = text.parse().ok()?;
    doc.get("profile")?
        .get("release")?
        .get("codegen-units")
        .map(|units| units.to_string())
}

/// `git rev-parse HEAD` of the workspace the binary is built from, with
/// `-dirty` when tracked files differ from it, or `unknown` outside a git
/// checkout. The script runs again when the commit, the index or any
/// source of the workspace changes, so a binary names the tree it was
/// built from, wherever and whenever it runs.
fn git_commit() -> String {
    let Ok(manifest) = env::var("CARGO_MANIFEST_DIR") else {
        return "unknown".to_owned();
    };
    let root = std::path::Path::new(&manifest).join("..");
    let run = |args: &[&str]| stdout(Command::new("git").arg("-C").arg(&root).args(args));
    // Only paths that exist: cargo reruns a script on every build while a
    // path it watches is missing (a branch's ref lives in `packed-refs`
    // or in its own file, whichever git last wrote).
    let watch = |path: std::path::PathBuf| {
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    };
    if let Some(git_dir) = run(&["rev-parse", "--absolute-git-dir"]) {
        let git_dir = std::path::Path::new(&git_dir);
        for file in ["HEAD", "index", "packed-refs"] {
            watch(git_dir.join(file));
        }
        if let Some(head_ref) = run(&["symbolic-ref", "-q", "HEAD"]) {
            watch(git_dir.join(head_ref));
        }
    }
    for path in [
        "crates",
        "benches/src",
        "benches/Cargo.toml",
        "Cargo.toml",
        "Cargo.lock",
    ] {
        watch(root.join(path));
    }
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

/// The trimmed standard output of `command`, `None` when it cannot run or
/// fails.
fn stdout(command: &mut Command) -> Option<String> {
    command
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
}
