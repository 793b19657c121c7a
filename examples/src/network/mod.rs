//! Dispersal over real sockets: storage nodes on `127.0.0.1`, a client that
//! disperses a file to them and rebuilds it from what they serve back.
//!
//! * A [`StorageNode`] holds shard `j`. On `Store` it deserializes the
//!   commitment, shard and proof (validated arkworks bytes), checks that the
//!   shard carries its own index and **verifies it before storing** (the
//!   point of verifiable dispersal: a node can tell at once whether it got a
//!   valid piece of the committed file). On `Fetch` it serves it back,
//!   faithfully or not ([`Behaviour`]).
//! * The [`Client`] sends shard `j` + proof + commitment to node `j`, later
//!   fetches every shard, verifies each one against the commitment **it kept**
//!   (never one a node sends), names the nodes that served bad data, and
//!   decodes from the shards that verified (any `k` suffice).
//! * [`run_scenario`] does all of it with one node per shard and returns a
//!   [`ScenarioReport`].
//!
//! Wire format: [length-prefixed frames](write_frame) of the compressed
//! arkworks bytes ([`vidkit_core::to_bytes`] / [`vidkit_core::from_bytes`]),
//! one request and one answer per TCP connection (see [`Request`]).
//!
//! Bounds: everything listens on and connects to loopback addresses only
//! (the client refuses any other address); every socket has read and write
//! timeouts; frames above [`Limits::max_frame`] are refused before
//! allocation; a node answers at most [`Limits::max_requests`] connections
//! and stops by itself after [`Limits::lifetime`].

mod client;
mod error;
mod frame;
mod message;
mod node;
mod scenario;

pub use client::{bad_nodes, Client, NodeOutcome, Retrieval, RetrieveError, StoreOutcome};
pub use error::NetError;
pub use frame::{read_frame, write_frame};
pub use message::{Refusal, Request, Response};
pub use node::{Behaviour, NodeHandle, NodeSummary, StopReason, StorageNode};
pub use scenario::{run_scenario, ScenarioError, ScenarioReport};

use std::{net::TcpStream, time::Duration};

/// Time and size bounds of nodes and clients.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connect, read and write timeout of every socket.
    pub io_timeout: Duration,
    /// A node stops after this long, whatever happens.
    pub lifetime: Duration,
    /// A node stops after answering this many connections.
    pub max_requests: usize,
    /// Largest frame accepted, in bytes.
    pub max_frame: usize,
}

impl Default for Limits {
    /// 2 s timeouts, 30 s lifetime, 8 requests per node, 16 MiB frames.
    fn default() -> Self {
        Self {
            io_timeout: Duration::from_secs(2),
            lifetime: Duration::from_secs(30),
            max_requests: 8,
            max_frame: 16 << 20,
        }
    }
}

impl Limits {
    /// Blocking mode with this configuration's read and write timeouts.
    fn configure(&self, stream: &TcpStream) -> Result<(), NetError> {
        stream
            .set_nonblocking(false)
            .and_then(|()| stream.set_read_timeout(Some(self.io_timeout)))
            .and_then(|()| stream.set_write_timeout(Some(self.io_timeout)))
            .and_then(|()| stream.set_nodelay(true))
            .map_err(NetError::io("configure"))
    }
}
