//! The two requests and four answers of the storage protocol.
//!
//! Every message is a one-byte tag frame followed by the frames its kind
//! carries; payloads are the compressed arkworks bytes of the scheme's objects
//! ([`vidkit_core::to_bytes`]), read back with [`vidkit_core::from_bytes`]
//! (validated: points on the curve and in the subgroup, no trailing bytes).
//!
//! | message | tag | frames |
//! | --- | --- | --- |
//! | `Store` | `0x01` | commitment, shard, proof |
//! | `Fetch` | `0x02` | — |
//! | `Stored` | `0x10` | — |
//! | `Refused` | `0x11` | one byte: [`Refusal`] code |
//! | `Shard` | `0x12` | shard, proof |
//! | `Empty` | `0x13` | — |

use super::{
    frame::{read_frame, write_frame},
    NetError,
};
use std::io::{Read, Write};

/// A client's request to a storage node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Keep this shard and its proof for the file with this commitment.
    Store {
        /// the commitment's bytes
        commitment: Vec<u8>,
        /// the shard's bytes
        shard: Vec<u8>,
        /// the proof's bytes
        proof: Vec<u8>,
    },
    /// Send back the stored shard and proof.
    Fetch,
}

/// Why a node refused to store a shard.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The bytes did not deserialize.
    Malformed,
    /// The shard is not the one for this node's index.
    WrongIndex,
    /// The shard did not verify against the commitment.
    Invalid,
}

/// A storage node's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// The shard verified and is stored.
    Stored,
    /// The shard was not stored.
    Refused(Refusal),
    /// The stored shard and proof.
    Shard {
        /// the shard's bytes
        shard: Vec<u8>,
        /// the proof's bytes
        proof: Vec<u8>,
    },
    /// Nothing is stored.
    Empty,
}

impl Response {
    /// The message's name, for error reports.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Stored => "Stored",
            Self::Refused(_) => "Refused",
            Self::Shard { .. } => "Shard",
            Self::Empty => "Empty",
        }
    }
}

const STORE: u8 = 0x01;
const FETCH: u8 = 0x02;
const STORED: u8 = 0x10;
const REFUSED: u8 = 0x11;
const SHARD: u8 = 0x12;
const EMPTY: u8 = 0x13;

fn read_tag<R: Read + ?Sized>(r: &mut R) -> Result<u8, NetError> {
    match read_frame(r, 1)?[..] {
        [tag] => Ok(tag),
        _ => Err(NetError::UnexpectedTag { tag: None, len: 0 }),
    }
}

impl Request {
    /// Writes the request as frames.
    pub fn write_to<W: Write + ?Sized>(&self, w: &mut W) -> Result<(), NetError> {
        match self {
            Self::Store {
                commitment,
                shard,
                proof,
            } => {
                write_frame(w, &[STORE])?;
                write_frame(w, commitment)?;
                write_frame(w, shard)?;
                write_frame(w, proof)
            }
            Self::Fetch => write_frame(w, &[FETCH]),
        }
    }

    /// Reads one request; no frame may exceed `max_frame` bytes.
    pub fn read_from<R: Read + ?Sized>(r: &mut R, max_frame: usize) -> Result<Self, NetError> {
        match read_tag(r)? {
            STORE => Ok(Self::Store {
                commitment: read_frame(r, max_frame)?,
                shard: read_frame(r, max_frame)?,
                proof: read_frame(r, max_frame)?,
            }),
            FETCH => Ok(Self::Fetch),
            tag => Err(NetError::UnexpectedTag {
                tag: Some(tag),
                len: 1,
            }),
        }
    }
}

impl Refusal {
    fn code(self) -> u8 {
        match self {
            Self::Malformed => 1,
            Self::WrongIndex => 2,
            Self::Invalid => 3,
        }
    }

    fn from_code(code: u8) -> Option<Self> {
        [Self::Malformed, Self::WrongIndex, Self::Invalid]
            .into_iter()
            .find(|r| r.code() == code)
    }
}

impl Response {
    /// Writes the answer as frames.
    pub fn write_to<W: Write + ?Sized>(&self, w: &mut W) -> Result<(), NetError> {
        match self {
            Self::Stored => write_frame(w, &[STORED]),
            Self::Refused(why) => {
                write_frame(w, &[REFUSED])?;
                write_frame(w, &[why.code()])
            }
            Self::Shard { shard, proof } => {
                write_frame(w, &[SHARD])?;
                write_frame(w, shard)?;
                write_frame(w, proof)
            }
            Self::Empty => write_frame(w, &[EMPTY]),
        }
    }

    /// Reads one answer; no frame may exceed `max_frame` bytes.
    pub fn read_from<R: Read + ?Sized>(r: &mut R, max_frame: usize) -> Result<Self, NetError> {
        let tag = read_tag(r)?;
        match tag {
            STORED => Ok(Self::Stored),
            REFUSED => {
                let code = read_frame(r, 1)?;
                code.first()
                    .copied()
                    .and_then(Refusal::from_code)
                    .map(Self::Refused)
                    .ok_or(NetError::UnexpectedTag {
                        tag: code.first().copied(),
                        len: code.len(),
                    })
            }
            SHARD => Ok(Self::Shard {
                shard: read_frame(r, max_frame)?,
                proof: read_frame(r, max_frame)?,
            }),
            EMPTY => Ok(Self::Empty),
            tag => Err(NetError::UnexpectedTag {
                tag: Some(tag),
                len: 1,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let requests = [
            Request::Store {
                commitment: vec![1, 2],
                shard: vec![3],
                proof: vec![],
            },
            Request::Fetch,
        ];
        for req in requests {
            let mut wire = Vec::new();
            req.write_to(&mut wire).unwrap();
            assert_eq!(Request::read_from(&mut &wire[..], 16).unwrap(), req);
        }
        let responses = [
            Response::Stored,
            Response::Refused(Refusal::Malformed),
            Response::Refused(Refusal::WrongIndex),
            Response::Refused(Refusal::Invalid),
            Response::Shard {
                shard: vec![9; 5],
                proof: vec![8],
            },
            Response::Empty,
        ];
        for resp in responses {
            let mut wire = Vec::new();
            resp.write_to(&mut wire).unwrap();
            assert_eq!(Response::read_from(&mut &wire[..], 16).unwrap(), resp);
        }
    }

    #[test]
    fn unknown_tags_and_codes_are_errors() {
        let mut wire = Vec::new();
        write_frame(&mut wire, &[0x7f]).unwrap();
        assert!(matches!(
            Request::read_from(&mut &wire[..], 16),
            Err(NetError::UnexpectedTag {
                tag: Some(0x7f),
                ..
            })
        ));
        assert!(Response::read_from(&mut &wire[..], 16).is_err());
        let mut wire = Vec::new();
        write_frame(&mut wire, &[REFUSED]).unwrap();
        write_frame(&mut wire, &[9]).unwrap();
        assert!(Response::read_from(&mut &wire[..], 16).is_err());
        // a two-byte tag frame is refused
        let mut wire = Vec::new();
        write_frame(&mut wire, &[FETCH, 0]).unwrap();
        assert!(Request::read_from(&mut &wire[..], 16).is_err());
    }
}
