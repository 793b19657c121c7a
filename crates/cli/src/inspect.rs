//! `vidkit inspect`: print a file's header and sizes.

use crate::conventions::EXIT_OK;
use crate::error::{short_hex, CliError};
use crate::fsio;
use crate::keys::describe_record;
use crate::output::{emit, say};
use ark_ec::pairing::Pairing;
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};
use vidkit::format::{
    detect, CommitmentFile, FileKind, Params, ShardFile, SrsFile, FORMAT_VERSION,
};
use vidkit::{dispatch_curve, CurveVisitor, Srs, SrsShape};

/// The arguments of `vidkit inspect`.
#[derive(Args, Debug)]
pub struct InspectArgs {
    /// A .vid file (shard, commitment) or a setup file.
    file: PathBuf,
}

/// Runs `vidkit inspect`.
pub fn run(a: InspectArgs, json: bool) -> Result<u8, CliError> {
    let report = inspect(&a.file)?;
    emit(json, &report, InspectReport::print);
    Ok(EXIT_OK)
}

/// The report of `inspect`.
#[derive(Clone, Debug, Serialize)]
pub struct InspectReport {
    /// The file inspected.
    pub file: String,
    /// Its kind: `shard`, `commitment` or `srs`.
    pub kind: &'static str,
    /// Its format version.
    pub format_version: u16,
    /// Its size.
    pub file_bytes: usize,
    /// Header fields and sizes, as (name, value) in display order.
    pub fields: Vec<(String, String)>,
}

impl InspectReport {
    /// Human-readable listing.
    pub fn print(&self) {
        say!(
            "{}: vidkit {} file, format version {}, {} bytes",
            self.file,
            self.kind,
            self.format_version,
            self.file_bytes
        );
        for (k, v) in &self.fields {
            say!("  {k:<22} {v}");
        }
    }
}

fn params_fields(p: &Params, out: &mut Vec<(String, String)>) {
    let i = &p.info;
    for (k, v) in [
        ("scheme", p.scheme.to_string()),
        ("curve", p.curve.to_string()),
        ("k", i.k.to_string()),
        ("n", i.n.to_string()),
        ("m (rows)", i.m.to_string()),
        ("L (file bytes)", i.len.to_string()),
        ("encoding", i.encoding.to_string()),
    ] {
        out.push((k.to_owned(), v));
    }
}

fn hex(d: &[u8]) -> String {
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// Numbers of G1 and G2 powers of each string of a setup file, from the
/// length prefixes of its encoding ([`Srs::encoded_shape`]: no point is
/// decoded); `None` for a string that is not a complete encoding.
struct Shapes<'a>(&'a [Vec<u8>]);
impl CurveVisitor for Shapes<'_> {
    type Output = Vec<Option<SrsShape>>;
    fn visit<E: Pairing>(self) -> Self::Output {
        self.0
            .iter()
            .map(|blob| Srs::<E>::encoded_shape(blob).ok())
            .collect()
    }
}

/// Reads and describes any vidkit file.
pub fn inspect(path: &Path) -> Result<InspectReport, CliError> {
    let bytes = fsio::read(path)?;
    let fe = |e| CliError::format(path, e);
    let kind = detect(&bytes).map_err(fe)?;
    let mut fields = Vec::new();
    let mut push = |k: &str, v: String| fields.push((k.to_owned(), v));
    match kind {
        FileKind::Shard => {
            let f = ShardFile::from_bytes(&bytes).map_err(fe)?;
            let mut p = Vec::new();
            params_fields(&f.params, &mut p);
            p.into_iter().for_each(|(k, v)| push(&k, v));
            push("index", f.index.to_string());
            push("commitment digest", hex(&f.commitment_digest));
            push("shard bytes", f.shard.len().to_string());
            push("proof bytes", f.proof.len().to_string());
        }
        FileKind::Commitment => {
            let f = CommitmentFile::from_bytes(&bytes).map_err(fe)?;
            let mut p = Vec::new();
            params_fields(&f.params, &mut p);
            p.into_iter().for_each(|(k, v)| push(&k, v));
            push("setup", describe_record(&f.setup));
            push("setup max bytes", f.setup.max_bytes.to_string());
            push("verifier-key digest", hex(&f.vk_digest));
            push("commitment digest", hex(&f.digest()));
            push("commitment bytes", f.commitment.len().to_string());
        }
        FileKind::Srs => {
            let f = SrsFile::from_bytes(&bytes).map_err(fe)?;
            push("curve", f.curve.to_string());
            push(
                "security",
                if f.insecure {
                    "INSECURE test setup (trapdoor known to its maker)".to_owned()
                } else {
                    "ceremony output".to_owned()
                },
            );
            push("label", f.label.clone());
            push("digest", short_hex(&f.digest()));
            push("powers-of-tau strings", f.powers.len().to_string());
            let shapes = dispatch_curve(f.curve, Shapes(&f.powers)).unwrap_or_default();
            for (t, blob) in f.powers.iter().enumerate() {
                let text = match shapes.get(t).copied().flatten() {
                    Some(s) => format!("{} G1 + {} G2 powers, {} bytes", s.g1, s.g2, blob.len()),
                    None => format!("{} bytes", blob.len()),
                };
                push(&format!("string {t}"), text);
            }
        }
    }
    Ok(InspectReport {
        file: path.display().to_string(),
        kind: kind.name(),
        format_version: FORMAT_VERSION,
        file_bytes: bytes.len(),
        fields,
    })
}
