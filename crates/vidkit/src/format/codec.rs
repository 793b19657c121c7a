//! Bounds-checked little-endian reader and writer for the file formats.

use super::FormatError;

/// Appends fields to a byte buffer.
#[derive(Default)]
pub(crate) struct Writer(pub(crate) Vec<u8>);

impl Writer {
    pub(crate) fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
    pub(crate) fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    pub(crate) fn u16(&mut self, v: u16) {
        self.bytes(&v.to_le_bytes());
    }
    pub(crate) fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    /// A short string: u8 length, then UTF-8 bytes (callers keep it < 256 bytes).
    pub(crate) fn name(&mut self, s: &str) {
        let b = &s.as_bytes()[..s.len().min(255)];
        self.u8(b.len() as u8);
        self.bytes(b);
    }
    /// A u64 length, then the bytes.
    pub(crate) fn blob(&mut self, b: &[u8]) {
        self.u64(b.len() as u64);
        self.bytes(b);
    }
}

/// Reads fields from a byte slice; every read checks the remaining length.
pub(crate) struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Self {
        Self { data, pos: 0 }
    }

    pub(crate) fn take(&mut self, len: usize, what: &'static str) -> Result<&'a [u8], FormatError> {
        let rest = self.data.len() - self.pos;
        if len > rest {
            return Err(FormatError::Truncated {
                what,
                offset: self.pos,
                need: len,
                have: rest,
            });
        }
        let out = &self.data[self.pos..self.pos + len];
        self.pos += len;
        Ok(out)
    }

    pub(crate) fn array<const N: usize>(
        &mut self,
        what: &'static str,
    ) -> Result<[u8; N], FormatError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N, what)?);
        Ok(out)
    }

    pub(crate) fn u8(&mut self, what: &'static str) -> Result<u8, FormatError> {
        Ok(self.array::<1>(what)?[0])
    }

    pub(crate) fn u16(&mut self, what: &'static str) -> Result<u16, FormatError> {
        Ok(u16::from_le_bytes(self.array(what)?))
    }

    pub(crate) fn u64(&mut self, what: &'static str) -> Result<u64, FormatError> {
        Ok(u64::from_le_bytes(self.array(what)?))
    }

    pub(crate) fn usize(&mut self, what: &'static str) -> Result<usize, FormatError> {
        let v = self.u64(what)?;
        usize::try_from(v).map_err(|_| FormatError::ValueTooLarge { what, value: v })
    }

    pub(crate) fn name(&mut self, what: &'static str) -> Result<&'a str, FormatError> {
        let len = usize::from(self.u8(what)?);
        let bytes = self.take(len, what)?;
        core::str::from_utf8(bytes).map_err(|_| FormatError::NotUtf8 { what })
    }

    pub(crate) fn blob(&mut self, what: &'static str) -> Result<&'a [u8], FormatError> {
        let len = self.u64(what)?;
        let len =
            usize::try_from(len).map_err(|_| FormatError::ValueTooLarge { what, value: len })?;
        self.take(len, what)
    }

    pub(crate) fn finish(self) -> Result<(), FormatError> {
        match self.data.len() - self.pos {
            0 => Ok(()),
            extra => Err(FormatError::TrailingBytes(extra)),
        }
    }
}
