//! Length-prefixed framing: a frame is a 4-byte big-endian length `ℓ`
//! followed by `ℓ` bytes. Readers refuse frames above a limit before
//! allocating, so a peer cannot make them reserve memory it did not send.

use super::NetError;
use std::io::{Read, Write};

/// Writes one frame.
pub fn write_frame<W: Write + ?Sized>(w: &mut W, payload: &[u8]) -> Result<(), NetError> {
    let len = u32::try_from(payload.len()).map_err(|_| NetError::FrameTooLarge {
        len: payload.len() as u64,
        max: u32::MAX as usize,
    })?;
    w.write_all(&len.to_be_bytes())
        .and_then(|()| w.write_all(payload))
        .map_err(NetError::io("write"))
}

/// Reads one frame of at most `max` bytes.
pub fn read_frame<R: Read + ?Sized>(r: &mut R, max: usize) -> Result<Vec<u8>, NetError> {
    let mut len = [0u8; 4];
    r.read_exact(&mut len).map_err(NetError::io("read"))?;
    let len = u32::from_be_bytes(len);
    if len as usize > max {
        return Err(NetError::FrameTooLarge {
            len: len.into(),
            max,
        });
    }
    let mut payload = vec![0u8; len as usize];
    r.read_exact(&mut payload).map_err(NetError::io("read"))?;
    Ok(payload)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_back_to_back() {
        let mut wire = Vec::new();
        for p in [&b""[..], b"a", &[7u8; 300]] {
            write_frame(&mut wire, p).unwrap();
        }
        let mut r = &wire[..];
        assert_eq!(read_frame(&mut r, 300).unwrap(), b"");
        assert_eq!(read_frame(&mut r, 300).unwrap(), b"a");
        assert_eq!(read_frame(&mut r, 300).unwrap(), vec![7u8; 300]);
        assert!(r.is_empty());
    }

    #[test]
    fn oversized_and_truncated_frames_fail() {
        let mut wire = Vec::new();
        write_frame(&mut wire, &[1u8; 10]).unwrap();
        assert!(matches!(
            read_frame(&mut &wire[..], 9),
            Err(NetError::FrameTooLarge { len: 10, max: 9 })
        ));
        assert!(matches!(
            read_frame(&mut &wire[..8], 10),
            Err(NetError::Io { op: "read", .. })
        ));
        // a huge announced length is refused before any allocation
        let huge = u32::MAX.to_be_bytes();
        assert!(matches!(
            read_frame(&mut &huge[..], 1 << 20),
            Err(NetError::FrameTooLarge { .. })
        ));
    }
}
