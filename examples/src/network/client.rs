//! The client: sends shard `j` (with its proof and the commitment) to node
//! `j`, later fetches the shards back, verifies each one against the
//! commitment it kept, names the nodes that served bad ones, and rebuilds the
//! file from the shards that verified.

use super::{Limits, NetError, Refusal, Request, Response};
use std::net::{SocketAddr, TcpStream};
use vidkit_core::{from_bytes, to_bytes, Dispersal, ScalarOf, Scheme, Shard};

/// What happened when a shard was sent to its node.
#[derive(Debug)]
#[non_exhaustive]
pub enum StoreOutcome {
    /// The node verified and stored it.
    Stored,
    /// The node refused it.
    Refused(Refusal),
    /// The node could not be reached or answered nonsense.
    Failed(NetError),
}

/// What the client concluded about one node when retrieving.
#[derive(Debug)]
#[non_exhaustive]
pub enum NodeOutcome<E> {
    /// The node served its shard and it verified.
    Verified,
    /// The node could not be reached (offline, timed out) or broke the protocol.
    Unreachable(NetError),
    /// The node holds nothing.
    Empty,
    /// **Misbehaviour**: the bytes did not deserialize.
    Malformed(vidkit_core::Error),
    /// **Misbehaviour**: the node served the shard of another index.
    WrongIndex {
        /// the index in the served shard
        got: usize,
    },
    /// **Misbehaviour**: the shard failed verification.
    Rejected,
    /// **Misbehaviour**: the shard could not be checked (wrong length, …).
    Unverifiable(E),
}

impl<E> NodeOutcome<E> {
    /// Whether the node provably served bad data (as opposed to being absent).
    pub fn is_misbehaviour(&self) -> bool {
        matches!(
            self,
            Self::Malformed(_) | Self::WrongIndex { .. } | Self::Rejected | Self::Unverifiable(_)
        )
    }

    /// A short label for reports.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Verified => "verified",
            Self::Unreachable(_) => "unreachable",
            Self::Empty => "empty",
            Self::Malformed(_) => "BAD: malformed bytes",
            Self::WrongIndex { .. } => "BAD: shard of another index",
            Self::Rejected => "BAD: shard failed verification",
            Self::Unverifiable(_) => "BAD: shard could not be checked",
        }
    }
}

/// A successful retrieval.
#[derive(Debug)]
pub struct Retrieval<E> {
    /// The rebuilt bytes.
    pub data: Vec<u8>,
    /// What each node did, node `j` at position `j`.
    pub outcomes: Vec<NodeOutcome<E>>,
    /// The shard indices the bytes were rebuilt from.
    pub decoded_from: Vec<usize>,
}

/// Nodes whose outcome is a misbehaviour, by index.
pub fn bad_nodes<E>(outcomes: &[NodeOutcome<E>]) -> Vec<usize> {
    outcomes
        .iter()
        .enumerate()
        .filter(|(_, o)| o.is_misbehaviour())
        .map(|(j, _)| j)
        .collect()
}

impl<E> Retrieval<E> {
    /// Nodes that served bad shards.
    pub fn bad_nodes(&self) -> Vec<usize> {
        bad_nodes(&self.outcomes)
    }
}

/// Why a retrieval failed.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum RetrieveError<E: std::error::Error + 'static> {
    /// The node list is unusable (count, non-loopback address).
    #[error(transparent)]
    Net(#[from] NetError),
    /// Fewer than `k` shards verified: the file cannot be rebuilt.
    #[error(
        "only {verified} of the {needed} shards needed verified (bad nodes: {:?})",
        bad_nodes(outcomes)
    )]
    TooFewShards {
        /// shards that verified
        verified: usize,
        /// shards needed (k)
        needed: usize,
        /// what each node did
        outcomes: Vec<NodeOutcome<E>>,
    },
    /// Decoding the verified shards failed.
    #[error("decoding failed: {0}")]
    Decode(#[source] E),
}

/// A client of the storage nodes for scheme `S`.
pub struct Client<'a, S: Scheme> {
    scheme: &'a S,
    vk: &'a S::VerifierKey,
    limits: Limits,
}

impl<'a, S: Scheme> Client<'a, S> {
    /// A client that verifies with `vk` and talks within `limits`.
    pub fn new(scheme: &'a S, vk: &'a S::VerifierKey, limits: Limits) -> Self {
        Self { scheme, vk, limits }
    }

    /// Sends shard `j`, its proof and the commitment to `nodes[j]`, one
    /// connection per node. Fails without contacting anyone when the number
    /// of addresses is not `n` or one is not a loopback address.
    pub fn disperse(
        &self,
        dispersal: &Dispersal<S>,
        nodes: &[SocketAddr],
    ) -> Result<Vec<StoreOutcome>, NetError> {
        check_nodes(nodes, dispersal.shards.len())?;
        let commitment = to_bytes(&dispersal.commitment);
        let outcomes = nodes
            .iter()
            .zip(dispersal.shards.iter().zip(&dispersal.proofs))
            .map(|(addr, (shard, proof))| {
                let request = Request::Store {
                    commitment: commitment.clone(),
                    shard: to_bytes(shard),
                    proof: to_bytes(proof),
                };
                match self.exchange(*addr, &request) {
                    Ok(Response::Stored) => StoreOutcome::Stored,
                    Ok(Response::Refused(why)) => StoreOutcome::Refused(why),
                    Ok(other) => StoreOutcome::Failed(NetError::UnexpectedAnswer {
                        request: "Store",
                        got: other.name(),
                    }),
                    Err(e) => StoreOutcome::Failed(e),
                }
            })
            .collect();
        Ok(outcomes)
    }

    /// Fetches the shard of every node (`nodes[j]` holds shard `j`; one
    /// connection each), verifies each against `commitment`, and rebuilds the
    /// file from the shards that verified. The outcome per node says who was
    /// unreachable and who served bad data.
    pub fn retrieve(
        &self,
        commitment: &S::Commitment,
        nodes: &[SocketAddr],
    ) -> Result<Retrieval<S::Error>, RetrieveError<S::Error>> {
        let info = *self.scheme.file_info(commitment);
        check_nodes(nodes, info.n)?;
        let mut good = Vec::new();
        let outcomes: Vec<_> = nodes
            .iter()
            .enumerate()
            .map(|(j, addr)| match self.fetch(j, *addr, commitment) {
                Ok(shard) => {
                    good.push(shard);
                    NodeOutcome::Verified
                }
                Err(outcome) => outcome,
            })
            .collect();
        if good.len() < info.k {
            return Err(RetrieveError::TooFewShards {
                verified: good.len(),
                needed: info.k,
                outcomes,
            });
        }
        let data = self
            .scheme
            .decode(&info, &good)
            .map_err(RetrieveError::Decode)?;
        Ok(Retrieval {
            data,
            outcomes,
            decoded_from: good.iter().map(|s| s.index).collect(),
        })
    }

    /// Fetches and verifies shard `j` from `addr`.
    fn fetch(
        &self,
        j: usize,
        addr: SocketAddr,
        commitment: &S::Commitment,
    ) -> Result<Shard<ScalarOf<S>>, NodeOutcome<S::Error>> {
        let (shard, proof) = match self.exchange(addr, &Request::Fetch) {
            Ok(Response::Shard { shard, proof }) => (shard, proof),
            Ok(Response::Empty) => return Err(NodeOutcome::Empty),
            Ok(other) => {
                return Err(NodeOutcome::Unreachable(NetError::UnexpectedAnswer {
                    request: "Fetch",
                    got: other.name(),
                }))
            }
            Err(e) => return Err(NodeOutcome::Unreachable(e)),
        };
        let shard: Shard<ScalarOf<S>> =
            from_bytes("shard", &shard).map_err(NodeOutcome::Malformed)?;
        let proof: S::Proof = from_bytes("proof", &proof).map_err(NodeOutcome::Malformed)?;
        if shard.index != j {
            return Err(NodeOutcome::WrongIndex { got: shard.index });
        }
        match self.scheme.verify(self.vk, commitment, &shard, &proof) {
            Ok(true) => Ok(shard),
            Ok(false) => Err(NodeOutcome::Rejected),
            Err(e) => Err(NodeOutcome::Unverifiable(e)),
        }
    }

    /// One connection: send `request`, read the answer.
    fn exchange(&self, addr: SocketAddr, request: &Request) -> Result<Response, NetError> {
        check_loopback(addr)?;
        let mut stream = TcpStream::connect_timeout(&addr, self.limits.io_timeout)
            .map_err(NetError::io("connect"))?;
        self.limits.configure(&stream)?;
        request.write_to(&mut stream)?;
        Response::read_from(&mut stream, self.limits.max_frame)
    }
}

fn check_loopback(addr: SocketAddr) -> Result<(), NetError> {
    if addr.ip().is_loopback() {
        Ok(())
    } else {
        Err(NetError::NotLoopback { addr })
    }
}

fn check_nodes(nodes: &[SocketAddr], shards: usize) -> Result<(), NetError> {
    if nodes.len() != shards {
        return Err(NetError::NodeCount {
            nodes: nodes.len(),
            shards,
        });
    }
    nodes.iter().try_for_each(|a| check_loopback(*a))
}
