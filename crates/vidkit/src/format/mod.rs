//! The self-describing files of vidkit: shards, commitments and setups
//! (SRS), as the `vidkit` tool writes and reads them, for any program that
//! exchanges files with it.
//!
//! Every file starts with an 8-byte magic naming its kind (`VIDKSHRD`,
//! `VIDKCOMT`, `VIDKSRS_`) and a little-endian `u16` format version
//! ([`FORMAT_VERSION`]); integers are little-endian, names are a `u8` length
//! and UTF-8 bytes, byte strings ("blobs") a `u64` length and the bytes.
//!
//! | file | after magic and version |
//! | --- | --- |
//! | shard | scheme, curve, [`FileInfo`] (k, n, m, L, encoding), index `u64`, commitment digest (32 B), shard blob, proof blob |
//! | commitment | scheme, curve, [`FileInfo`], setup record (max bytes, SRS source), verifier-key digest (32 B), commitment blob |
//! | SRS | curve, insecure flag `u8`, label blob (UTF-8), count `u8`, one blob per powers-of-τ string |
//!
//! The blobs hold the schemes' own canonical (compressed arkworks)
//! encodings; this module only frames them. Parsing never panics: a short,
//! over-long, unknown-kind or unknown-version file gives a [`FormatError`].
//! Integrity of the *content* is not a checksum's job here: a shard's values
//! and proof are checked against the commitment by the scheme itself, and the
//! shard header records the [`digest`] of the commitment it belongs to.

mod codec;

use crate::{CurveName, SchemeName};
use codec::{Reader, Writer};
use sha2::{Digest as _, Sha256};
use vidkit_core::FileInfo;

/// Version of the file formats written by this crate.
pub const FORMAT_VERSION: u16 = 1;

/// A SHA-256 digest.
pub type Digest = [u8; 32];

/// SHA-256 of `bytes` under a domain-separation `label`
/// (`SHA-256(len(label) ‖ label ‖ bytes)`, length as u64 little-endian).
pub fn digest(label: &str, bytes: &[u8]) -> Digest {
    Sha256::new()
        .chain_update((label.len() as u64).to_le_bytes())
        .chain_update(label.as_bytes())
        .chain_update(bytes)
        .finalize()
        .into()
}

/// Which kind of file the magic announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// One shard and its proof.
    Shard,
    /// The commitment to a dispersed file.
    Commitment,
    /// A setup (one or more powers-of-τ strings).
    Srs,
}

impl FileKind {
    fn magic(self) -> &'static [u8; 8] {
        match self {
            FileKind::Shard => b"VIDKSHRD",
            FileKind::Commitment => b"VIDKCOMT",
            FileKind::Srs => b"VIDKSRS_",
        }
    }

    /// Lowercase name (`shard`, `commitment`, `srs`).
    pub fn name(self) -> &'static str {
        match self {
            FileKind::Shard => "shard",
            FileKind::Commitment => "commitment",
            FileKind::Srs => "srs",
        }
    }
}

impl core::fmt::Display for FileKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a file could not be read.
#[non_exhaustive]
#[derive(thiserror::Error, Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// The file does not start with a vidkit magic.
    #[error("not a vidkit file (unknown magic)")]
    NotVidkit,
    /// The file is of another kind than expected.
    #[error("this is a {found} file, expected a {expected} file")]
    WrongKind {
        /// what was expected
        expected: FileKind,
        /// what the magic says
        found: FileKind,
    },
    /// The file was written by another version of the format.
    #[error("unsupported format version {found} (this build reads version {supported})")]
    UnsupportedVersion {
        /// version in the file
        found: u16,
        /// version this build reads
        supported: u16,
    },
    /// The file ends too early.
    #[error("truncated file: {what} at byte {offset} needs {need} bytes, {have} left")]
    Truncated {
        /// field being read
        what: &'static str,
        /// its offset
        offset: usize,
        /// bytes needed
        need: usize,
        /// bytes left
        have: usize,
    },
    /// Bytes are left after the last field.
    #[error("{0} unexpected bytes after the end of the file's content")]
    TrailingBytes(usize),
    /// A number does not fit this platform.
    #[error("{what} is too large ({value})")]
    ValueTooLarge {
        /// field
        what: &'static str,
        /// value read
        value: u64,
    },
    /// A name is not UTF-8.
    #[error("{what} is not valid UTF-8")]
    NotUtf8 {
        /// field
        what: &'static str,
    },
    /// The scheme name is unknown.
    #[error("unknown scheme name in header")]
    UnknownScheme,
    /// The curve name is unknown.
    #[error("unknown curve name in header")]
    UnknownCurve,
    /// An enumeration tag has no meaning.
    #[error("invalid {what} tag {tag}")]
    InvalidTag {
        /// field
        what: &'static str,
        /// tag read
        tag: u8,
    },
    /// The file metadata (k, n, m, L, encoding) is invalid.
    #[error("invalid file metadata: {0}")]
    Metadata(vidkit_core::Error),
    /// The shard index is not below n.
    #[error("shard index {index} is out of range (n = {n})")]
    IndexOutOfRange {
        /// index in the header
        index: usize,
        /// n in the header
        n: usize,
    },
}

/// What every shard and commitment header says about the dispersal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// The scheme.
    pub scheme: SchemeName,
    /// The curve.
    pub curve: CurveName,
    /// k, n, m, L and the encoding.
    pub info: FileInfo,
}

impl Params {
    fn write(&self, w: &mut Writer) {
        w.name(self.scheme.name());
        w.name(self.curve.name());
        w.bytes(&vidkit_core::to_bytes(&self.info));
    }

    fn read(r: &mut Reader<'_>) -> Result<Self, FormatError> {
        let scheme = r
            .name("scheme name")?
            .parse()
            .map_err(|_| FormatError::UnknownScheme)?;
        let curve = r
            .name("curve name")?
            .parse()
            .map_err(|_| FormatError::UnknownCurve)?;
        let info_len = vidkit_core::to_bytes(&FileInfo {
            k: 1,
            n: 1,
            m: 1,
            len: 0,
            encoding: vidkit_core::Encoding::Points,
        })
        .len();
        let info = FileInfo::from_bytes(r.take(info_len, "file metadata")?)
            .map_err(FormatError::Metadata)?;
        Ok(Self {
            scheme,
            curve,
            info,
        })
    }
}

fn start(kind: FileKind) -> Writer {
    let mut w = Writer::default();
    w.bytes(kind.magic());
    w.u16(FORMAT_VERSION);
    w
}

/// The kind of a vidkit file, from its magic (the version is not checked).
pub fn detect(bytes: &[u8]) -> Result<FileKind, FormatError> {
    let magic = bytes.get(..8).ok_or(FormatError::NotVidkit)?;
    [FileKind::Shard, FileKind::Commitment, FileKind::Srs]
        .into_iter()
        .find(|k| k.magic() == magic)
        .ok_or(FormatError::NotVidkit)
}

fn open(bytes: &[u8], expected: FileKind) -> Result<Reader<'_>, FormatError> {
    let found = detect(bytes)?;
    if found != expected {
        return Err(FormatError::WrongKind { expected, found });
    }
    let mut r = Reader::new(bytes);
    r.take(8, "magic")?;
    let version = r.u16("format version")?;
    if version != FORMAT_VERSION {
        return Err(FormatError::UnsupportedVersion {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    Ok(r)
}

/// One shard file: the header, the shard and its proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardFile {
    /// The dispersal's parameters.
    pub params: Params,
    /// The shard's index `j < n`.
    pub index: usize,
    /// [`CommitmentFile::digest`] of the commitment this shard belongs to.
    pub commitment_digest: Digest,
    /// The scheme's encoding of the [`vidkit_core::Shard`].
    pub shard: Vec<u8>,
    /// The scheme's encoding of the proof.
    pub proof: Vec<u8>,
}

impl ShardFile {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = start(FileKind::Shard);
        self.params.write(&mut w);
        w.u64(self.index as u64);
        w.bytes(&self.commitment_digest);
        w.blob(&self.shard);
        w.blob(&self.proof);
        w.0
    }

    /// Parses a shard file (framing only: the blobs are checked by the scheme).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, FormatError> {
        let mut r = open(bytes, FileKind::Shard)?;
        let params = Params::read(&mut r)?;
        let index = r.usize("shard index")?;
        if index >= params.info.n {
            return Err(FormatError::IndexOutOfRange {
                index,
                n: params.info.n,
            });
        }
        let commitment_digest = r.array("commitment digest")?;
        let shard = r.blob("shard")?.to_vec();
        let proof = r.blob("proof")?.to_vec();
        r.finish()?;
        Ok(Self {
            params,
            index,
            commitment_digest,
            shard,
            proof,
        })
    }
}

/// Where the SRS a commitment was made with came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SrsSource {
    /// The built-in **insecure** test setup with this seed.
    BuiltinInsecure {
        /// seed of the trapdoors
        seed: u64,
    },
    /// An SRS file, identified by [`SrsFile::digest`].
    File {
        /// digest of the SRS file's content
        digest: Digest,
    },
}

/// How the keys of a dispersal were derived: `Scheme::setup(srs, max_bytes)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupRecord {
    /// The `max_bytes` argument of `setup`.
    pub max_bytes: u64,
    /// The SRS.
    pub source: SrsSource,
}

/// The commitment file of one dispersal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommitmentFile {
    /// The dispersal's parameters.
    pub params: Params,
    /// How to re-derive the verifier key.
    pub setup: SetupRecord,
    /// [`digest`] (label `"verifier-key"`) of the verifier key's encoding: a
    /// verifier that re-derives another key fails clearly instead of rejecting
    /// every shard.
    pub vk_digest: Digest,
    /// The scheme's encoding of the commitment.
    pub commitment: Vec<u8>,
}

impl CommitmentFile {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = start(FileKind::Commitment);
        self.params.write(&mut w);
        w.u64(self.setup.max_bytes);
        match self.setup.source {
            SrsSource::BuiltinInsecure { seed } => {
                w.u8(0);
                w.u64(seed);
            }
            SrsSource::File { digest } => {
                w.u8(1);
                w.bytes(&digest);
            }
        }
        w.bytes(&self.vk_digest);
        w.blob(&self.commitment);
        w.0
    }

    /// Parses a commitment file (framing only).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, FormatError> {
        let mut r = open(bytes, FileKind::Commitment)?;
        let params = Params::read(&mut r)?;
        let max_bytes = r.u64("setup size")?;
        let source = match r.u8("SRS source")? {
            0 => SrsSource::BuiltinInsecure {
                seed: r.u64("SRS seed")?,
            },
            1 => SrsSource::File {
                digest: r.array("SRS digest")?,
            },
            tag => {
                return Err(FormatError::InvalidTag {
                    what: "SRS source",
                    tag,
                })
            }
        };
        let vk_digest = r.array("verifier-key digest")?;
        let commitment = r.blob("commitment")?.to_vec();
        r.finish()?;
        Ok(Self {
            params,
            setup: SetupRecord { max_bytes, source },
            vk_digest,
            commitment,
        })
    }

    /// The digest that shard files record (label `"commitment"`, over the
    /// header and the commitment: a shard of another dispersal is told apart
    /// before any cryptography runs).
    pub fn digest(&self) -> Digest {
        digest("commitment", &self.to_bytes())
    }
}

/// A setup file: powers-of-τ strings for one curve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SrsFile {
    /// The curve.
    pub curve: CurveName,
    /// Whether the trapdoors are known (a test setup): printed loudly.
    pub insecure: bool,
    /// Free text describing the origin.
    pub label: String,
    /// Compressed [`vidkit_core::Srs`] encodings, one per trapdoor.
    pub powers: Vec<Vec<u8>>,
}

impl SrsFile {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = start(FileKind::Srs);
        w.name(self.curve.name());
        w.u8(u8::from(self.insecure));
        w.blob(self.label.as_bytes());
        w.u8(self.powers.len().min(255) as u8);
        for p in self.powers.iter().take(255) {
            w.blob(p);
        }
        w.0
    }

    /// Parses a setup file (framing only: the points are validated when the
    /// strings are deserialized with [`vidkit_core::Srs::from_bytes`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, FormatError> {
        let mut r = open(bytes, FileKind::Srs)?;
        let curve = r
            .name("curve name")?
            .parse()
            .map_err(|_| FormatError::UnknownCurve)?;
        let insecure = match r.u8("insecure flag")? {
            0 => false,
            1 => true,
            tag => {
                return Err(FormatError::InvalidTag {
                    what: "insecure flag",
                    tag,
                })
            }
        };
        let label = core::str::from_utf8(r.blob("label")?)
            .map_err(|_| FormatError::NotUtf8 { what: "label" })?
            .to_owned();
        let count = r.u8("string count")?;
        let powers = (0..count)
            .map(|_| r.blob("powers of tau").map(<[u8]>::to_vec))
            .collect::<Result<_, _>>()?;
        r.finish()?;
        Ok(Self {
            curve,
            insecure,
            label,
            powers,
        })
    }

    /// Digest of the file's content (label `"srs"`), recorded in commitments.
    pub fn digest(&self) -> Digest {
        digest("srs", &self.to_bytes())
    }
}

#[cfg(test)]
mod tests;
