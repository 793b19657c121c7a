//! # vidkit-examples
//!
//! Walk-throughs of vidkit's dispersal schemes, written to be read.
//!
//! * [`walk_through`] takes any [`vidkit_core::Scheme`] through setup,
//!   dispersal, verification of every shard, batch verification, rejection of
//!   a tampered shard and decoding from `k` random shards, and returns a
//!   [`Report`]. The per-scheme examples (`examples/<scheme>.rs`) and
//!   `examples/generic.rs` are thin mains around it.
//! * [`network`] disperses a file to storage nodes over real TCP sockets on
//!   `127.0.0.1` (some of them crash, one serves altered shards) and rebuilds
//!   it, reporting which node misbehaved. `examples/network.rs` runs it.
//! * [`setups`]: the banner and the public seed of the **INSECURE** test
//!   SRS every example uses (`Scheme::insecure_srs`).
//!
//! See `docs/examples.md` for how to run each example and what it shows.
//!
//! Everything here runs on test setups whose trapdoor is known to anyone who
//! knows the seed: a real deployment loads a ceremony SRS
//! ([`vidkit_core::Srs::from_bytes`]).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod network;
pub mod setups;
mod walk;

pub use walk::{walk_through, Report, Step, Timings, WalkError};

/// A short name for the curve of a pairing type: `bls12-381`, `bn254`,
/// `bls24-317`, or the Rust type name for any other curve.
pub fn curve_name<E: ark_ec::pairing::Pairing>() -> &'static str {
    let name = core::any::type_name::<E>();
    [
        ("bls12_381", "bls12-381"),
        ("bn254", "bn254"),
        ("bls24_317", "bls24-317"),
    ]
    .into_iter()
    .find(|(needle, _)| name.contains(needle))
    .map_or(name, |(_, short)| short)
}

/// Prints the insecure-setup banner, runs [`walk_through`] on `scheme` with an
/// insecure test SRS ([`vidkit_core::Scheme::insecure_srs`] with
/// [`setups::SEED`]) and a secret RNG, and prints the report: the body of
/// every per-scheme example.
pub fn show<S: vidkit_core::Scheme>(
    scheme: &S,
    data: &[u8],
) -> Result<Report, WalkError<S::Error>> {
    println!("{}", setups::INSECURE_BANNER);
    let srs = scheme
        .insecure_srs(data.len(), setups::SEED)
        .map_err(|source| WalkError::Scheme {
            step: Step::Setup,
            source,
        })?;
    let report = walk_through(scheme, &srs, data, &mut vidkit_core::rng::os_rng())?;
    println!("{report}\n");
    Ok(report)
}

/// A readable sample file of exactly `len` bytes (numbered lines of text), so
/// that a rebuilt file can be eyeballed as well as compared.
pub fn sample_file(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 64);
    let mut line = 0;
    while out.len() < len {
        line += 1;
        out.extend_from_slice(format!("vidkit sample file, line {line:04}\n").as_bytes());
    }
    out.truncate(len);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn sample_file_has_the_requested_length() {
        for len in [0, 1, 30, 1000] {
            assert_eq!(super::sample_file(len).len(), len);
        }
        assert!(super::sample_file(60).starts_with(b"vidkit sample file, line 0001\n"));
    }

    #[test]
    fn curve_names() {
        assert_eq!(super::curve_name::<ark_bls12_381::Bls12_381>(), "bls12-381");
        assert_eq!(super::curve_name::<ark_bn254::Bn254>(), "bn254");
    }
}
