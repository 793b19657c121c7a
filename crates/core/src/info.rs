//! Public metadata of one dispersed file and the shard type shared by every scheme.

use crate::{packing, transcript::Transcript, Error};
use ark_ff::PrimeField;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};
use vidkit_erasure::{Encoding, ReedSolomon};

/// What every verifier must know about a dispersed file besides the
/// commitment itself: the code (k, n, encoding), the matrix height m and the
/// byte length L.
///
/// It is part of every commitment and bound into every Fiat-Shamir transcript
/// (docs/spec.md §1.1, §2): changing L or m changes the challenges, so a verifier
/// can never be talked into truncating or extending the recovered payload.
/// Deserialization checks that `m` is the row count that `L` and `k` imply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FileInfo {
    /// Number of source shards (code dimension).
    pub k: usize,
    /// Number of encoded shards.
    pub n: usize,
    /// Number of rows of the data matrix (= length of every shard).
    pub m: usize,
    /// Length of the original data in bytes.
    pub len: u64,
    /// Evaluation domain of the Reed-Solomon code.
    pub encoding: Encoding,
}

impl FileInfo {
    /// Metadata of a file of `len` bytes dispersed with `code` over field `F`.
    pub fn new<F: PrimeField>(code: &ReedSolomon<F>, len: usize) -> Result<Self, Error> {
        Ok(Self {
            k: code.k(),
            n: code.n(),
            m: packing::rows_for::<F>(len, code.k())?,
            len: len as u64,
            encoding: code.encoding(),
        })
    }

    /// Checks that this metadata belongs to `code` (same k, n and encoding)
    /// and is self-consistent for field `F`.
    pub fn check<F: PrimeField>(&self, code: &ReedSolomon<F>) -> Result<(), Error> {
        let mismatch = |what, got: usize, expected: usize| Error::ParameterMismatch {
            what,
            got: got as u64,
            expected: expected as u64,
        };
        if self.k != code.k() {
            return Err(mismatch("k", self.k, code.k()));
        }
        if self.n != code.n() {
            return Err(mismatch("n", self.n, code.n()));
        }
        if self.encoding != code.encoding() {
            return Err(mismatch(
                "encoding",
                self.encoding.id() as usize,
                code.encoding().id() as usize,
            ));
        }
        self.check_rows::<F>()
    }

    /// Checks that `m` is the row count implied by `len` and `k` for field `F`.
    pub fn check_rows<F: PrimeField>(&self) -> Result<(), Error> {
        let len = usize::try_from(self.len).map_err(|_| Error::LengthTooLarge {
            len: self.len,
            elements: self.m.saturating_mul(self.k),
            per_element: packing::bytes_per_element::<F>(),
        })?;
        let expected = packing::rows_for::<F>(len, self.k)?;
        if expected != self.m {
            return Err(Error::InconsistentRows {
                m: self.m,
                len: self.len,
                k: self.k,
                expected,
            });
        }
        Ok(())
    }

    /// Checks what holds for the metadata of any file, whatever the field:
    /// `k ≥ 1`, `n ≥ k`, `m ≥ 1`, and `L` fits in `m·k` elements of at most
    /// 64 bytes (every supported field packs at most 64 bytes per element;
    /// [`FileInfo::check_rows`] is the exact, field-dependent check).
    /// Deserialization runs it; the error says which field is wrong.
    pub fn validate(&self) -> Result<(), Error> {
        if self.k == 0 {
            return Err(Error::ZeroK);
        }
        if self.n < self.k {
            return Err(Error::NLessThanK {
                k: self.k,
                n: self.n,
            });
        }
        if self.m == 0 {
            return Err(Error::ZeroRows);
        }
        let elements = self.m.saturating_mul(self.k);
        if self.len > (elements as u64).saturating_mul(64) {
            return Err(Error::LengthTooLarge {
                len: self.len,
                elements,
                per_element: 64,
            });
        }
        Ok(())
    }

    /// Decodes metadata from its compressed canonical encoding (exactly
    /// those bytes) and validates it with [`FileInfo::validate`]: unlike
    /// `deserialize_compressed`, the error names the field that is wrong
    /// (`k = 0` is [`Error::ZeroK`], not "invalid data").
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let mut reader = bytes;
        let fault = |source| Error::Deserialization {
            what: "file metadata",
            source,
        };
        let info = Self::deserialize_with_mode(&mut reader, Compress::Yes, Validate::No)
            .map_err(|e| fault(e.into()))?;
        if !reader.is_empty() {
            return Err(fault(crate::SerializationFault::TrailingBytes(
                reader.len(),
            )));
        }
        info.validate()?;
        Ok(info)
    }

    /// Checks that `shard` has an index below `n` and exactly `m` values.
    pub fn check_shard<F: PrimeField>(&self, shard: &Shard<F>) -> Result<(), Error> {
        if shard.index >= self.n {
            return Err(Error::IndexOutOfRange {
                index: shard.index,
                n: self.n,
            });
        }
        if shard.values.len() != self.m {
            return Err(Error::ShardLength {
                index: shard.index,
                got: shard.values.len(),
                expected: self.m,
            });
        }
        Ok(())
    }

    /// Appends every field to a transcript (as u64 little-endian integers).
    pub fn append_to(&self, t: &mut Transcript) {
        t.append_u64(b"k", self.k as u64);
        t.append_u64(b"n", self.n as u64);
        t.append_u64(b"m", self.m as u64);
        t.append_u64(b"L", self.len);
        t.append_u64(b"encoding", u64::from(self.encoding.id()));
    }
}

impl Valid for FileInfo {
    fn check(&self) -> Result<(), SerializationError> {
        self.validate().map_err(|_| SerializationError::InvalidData)
    }
}

impl CanonicalSerialize for FileInfo {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        (self.k as u64).serialize_with_mode(&mut writer, compress)?;
        (self.n as u64).serialize_with_mode(&mut writer, compress)?;
        (self.m as u64).serialize_with_mode(&mut writer, compress)?;
        self.len.serialize_with_mode(&mut writer, compress)?;
        self.encoding
            .id()
            .serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, _compress: Compress) -> usize {
        4 * 8 + 1
    }
}

impl CanonicalDeserialize for FileInfo {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let mut read_usize = || -> Result<usize, SerializationError> {
            let v = u64::deserialize_with_mode(&mut reader, compress, validate)?;
            usize::try_from(v).map_err(|_| SerializationError::InvalidData)
        };
        let k = read_usize()?;
        let n = read_usize()?;
        let m = read_usize()?;
        let len = u64::deserialize_with_mode(&mut reader, compress, validate)?;
        let id = u8::deserialize_with_mode(&mut reader, compress, validate)?;
        let encoding = Encoding::from_id(id).ok_or(SerializationError::InvalidData)?;
        let info = Self {
            k,
            n,
            m,
            len,
            encoding,
        };
        if validate == Validate::Yes {
            Valid::check(&info)?;
        }
        Ok(info)
    }
}

/// One encoded shard: its index `j` and the `m` values `y_j[i] = P_i(α_j)`.
///
/// The evaluation point `α_j` is never carried: verifiers derive it from the
/// index and the code (docs/spec.md §5.6), so a shard cannot choose its own point.
#[derive(Clone, Debug, PartialEq, Eq, Hash, CanonicalSerialize, CanonicalDeserialize)]
pub struct Shard<F: PrimeField> {
    /// The shard's index `j < n`.
    pub index: usize,
    /// The shard's values, one per row.
    pub values: Vec<F>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::Fr;

    #[test]
    fn file_info_round_trips_and_validates() {
        let code = ReedSolomon::<Fr>::new(4, 8, Encoding::Fft).unwrap();
        let info = FileInfo::new(&code, 1000).unwrap();
        assert_eq!(info.m, 9);
        let mut bytes = Vec::new();
        info.serialize_compressed(&mut bytes).unwrap();
        assert_eq!(bytes.len(), info.compressed_size());
        assert_eq!(FileInfo::deserialize_compressed(&bytes[..]).unwrap(), info);
        info.check(&code).unwrap();
        // unknown encoding id
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() = 9;
        assert!(FileInfo::deserialize_compressed(&bad[..]).is_err());
        // every invalid field is named
        let enc = |i: FileInfo| {
            let mut b = Vec::new();
            i.serialize_compressed(&mut b).unwrap();
            b
        };
        for (bad, expected) in [
            (FileInfo { k: 0, ..info }, Error::ZeroK),
            (FileInfo { n: 3, ..info }, Error::NLessThanK { k: 4, n: 3 }),
            (FileInfo { m: 0, ..info }, Error::ZeroRows),
            (
                FileInfo {
                    len: 9 * 4 * 64 + 1,
                    ..info
                },
                Error::LengthTooLarge {
                    len: 9 * 4 * 64 + 1,
                    elements: 36,
                    per_element: 64,
                },
            ),
        ] {
            assert_eq!(FileInfo::from_bytes(&enc(bad)), Err(expected));
            assert!(FileInfo::deserialize_compressed(&enc(bad)[..]).is_err());
        }
        assert_eq!(FileInfo::from_bytes(&bytes), Ok(info));
        // inconsistent m
        let wrong = FileInfo { m: 10, ..info };
        assert!(matches!(
            wrong.check(&code),
            Err(Error::InconsistentRows { expected: 9, .. })
        ));
        let other = ReedSolomon::<Fr>::new(4, 16, Encoding::Fft).unwrap();
        assert!(matches!(
            info.check(&other),
            Err(Error::ParameterMismatch { what: "n", .. })
        ));
    }

    #[test]
    fn shard_checks() {
        let code = ReedSolomon::<Fr>::new(2, 3, Encoding::Points).unwrap();
        let info = FileInfo::new(&code, 100).unwrap();
        let ok = Shard {
            index: 2,
            values: vec![Fr::from(1u64); info.m],
        };
        info.check_shard(&ok).unwrap();
        let far = Shard {
            index: 3,
            ..ok.clone()
        };
        assert_eq!(
            info.check_shard(&far),
            Err(Error::IndexOutOfRange { index: 3, n: 3 })
        );
        let short = Shard::<Fr> {
            index: 0,
            values: vec![],
        };
        assert!(matches!(
            info.check_shard(&short),
            Err(Error::ShardLength { got: 0, .. })
        ));
    }
}
