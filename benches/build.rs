//! Records how the sweep binary was built, for the run metadata of every
//! result line (`vidkit_benches::record::RunInfo`): the compiler's version,
//! the build profile and optimisation level, the flags passed to rustc and
//! the package's enabled features.
//!
//! Hand-written rather than with the `built` or `rustc_version` crates: it
//! reads five environment variables that Cargo sets for build scripts and
//! runs `$RUSTC -V`, which is all those crates would do here.

use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let version = Command::new(&rustc)
        .arg("-V")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=VIDKIT_RUSTC_VERSION={version}");

    let var = |name: &str| env::var(name).unwrap_or_default();
    println!(
        "cargo:rustc-env=VIDKIT_BUILD_PROFILE={} opt-level={} debug={}",
        var("PROFILE"),
        var("OPT_LEVEL"),
        var("DEBUG")
    );
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
