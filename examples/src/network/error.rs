//! Errors of the network layer.

use std::net::SocketAddr;

/// What can go wrong on the wire (independent of any scheme).
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// A socket operation failed (refused, timed out, reset, …).
    #[error("{op} failed: {source}")]
    Io {
        /// the operation (`connect`, `read`, `write`, `bind`, …)
        op: &'static str,
        /// the operating system's error
        #[source]
        source: std::io::Error,
    },
    /// A frame announced more bytes than the receiver accepts.
    #[error("a frame of {len} bytes exceeds the limit of {max} bytes")]
    FrameTooLarge {
        /// announced length
        len: u64,
        /// the limit
        max: usize,
    },
    /// A message started with an unknown tag (or a tag frame of the wrong size).
    #[error("unexpected message tag {tag:?} (tag frame of {len} bytes)")]
    UnexpectedTag {
        /// the first byte of the tag frame, if any
        tag: Option<u8>,
        /// the tag frame's length (1 expected)
        len: usize,
    },
    /// The peer answered with a message that does not answer the request.
    #[error("unexpected answer {got} to a {request} request")]
    UnexpectedAnswer {
        /// the request sent
        request: &'static str,
        /// the answer's name
        got: &'static str,
    },
    /// Only loopback addresses are ever contacted.
    #[error("{addr} is not a loopback address: the examples only talk to 127.0.0.1")]
    NotLoopback {
        /// the refused address
        addr: SocketAddr,
    },
    /// One node per shard is needed.
    #[error("{nodes} node addresses for {shards} shards")]
    NodeCount {
        /// addresses given
        nodes: usize,
        /// shards to place
        shards: usize,
    },
}

impl NetError {
    pub(crate) fn io(op: &'static str) -> impl FnOnce(std::io::Error) -> Self {
        move |source| Self::Io { op, source }
    }
}
