//! A storage node: keeps the one shard it is given (after verifying it) and
//! serves it back, honestly or not.
//!
//! The protocol logic ([`StorageNode::handle`]) is a plain function of the
//! request so that it can be tested without sockets; [`StorageNode::spawn`]
//! puts it behind a TCP listener on `127.0.0.1` in its own thread.

use super::{Limits, NetError, Refusal, Request, Response};
use ark_ff::One;
use std::{
    io::ErrorKind,
    net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream},
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    thread::{self, JoinHandle},
    time::{Duration, Instant},
};
use vidkit_core::{from_bytes, to_bytes, ScalarOf, Scheme, Shard};

/// How a node behaves.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Behaviour {
    /// Stores and serves faithfully.
    Honest,
    /// Stores, then goes offline: its listener closes and connections are refused.
    GoesOffline,
    /// Serves its shard with one value altered (well-formed bytes that fail verification).
    AltersShard,
    /// Serves bytes that do not even deserialize (its shard, truncated).
    ServesGarbage,
}

/// Why a node's serving loop ended.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// It answered `Limits::max_requests` connections.
    RequestLimit,
    /// `Limits::lifetime` ran out.
    Lifetime,
    /// It was told to stop ([`NodeHandle::stop`]).
    Stopped,
    /// It went offline after storing ([`Behaviour::GoesOffline`]).
    WentOffline,
}

/// What a node did, returned when its thread ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeSummary {
    /// The node's shard index.
    pub index: usize,
    /// Connections accepted.
    pub requests: usize,
    /// Connections that failed (timeout, reset, malformed framing).
    pub failed: usize,
    /// Whether it holds a shard.
    pub stored: bool,
    /// Why it stopped.
    pub stop: StopReason,
}

/// A storage node for the shard with index `index`, for scheme `S`.
pub struct StorageNode<S: Scheme> {
    index: usize,
    scheme: Arc<S>,
    vk: Arc<S::VerifierKey>,
    behaviour: Behaviour,
    limits: Limits,
    stored: Option<(Shard<ScalarOf<S>>, Vec<u8>)>,
}

impl<S: Scheme> StorageNode<S> {
    /// A node that will hold shard `index`, checking it with `vk`.
    pub fn new(
        index: usize,
        scheme: Arc<S>,
        vk: Arc<S::VerifierKey>,
        behaviour: Behaviour,
        limits: Limits,
    ) -> Self {
        Self {
            index,
            scheme,
            vk,
            behaviour,
            limits,
            stored: None,
        }
    }

    /// Whether a shard is stored.
    pub fn is_storing(&self) -> bool {
        self.stored.is_some()
    }

    /// Answers one request: a `Store` is verified (deserialization, the
    /// node's own index, the scheme's `verify`) before it replaces what the
    /// node holds; a `Fetch` returns the stored shard, altered according to
    /// the node's [`Behaviour`].
    pub fn handle(&mut self, request: Request) -> Response {
        match request {
            Request::Store {
                commitment,
                shard,
                proof,
            } => match self.check(&commitment, &shard, &proof) {
                Ok(shard) => {
                    self.stored = Some((shard, proof));
                    Response::Stored
                }
                Err(why) => Response::Refused(why),
            },
            Request::Fetch => match &self.stored {
                None => Response::Empty,
                Some((shard, proof)) => {
                    let mut shard = shard.clone();
                    let proof = proof.clone();
                    match self.behaviour {
                        Behaviour::AltersShard => {
                            if let Some(v) = shard.values.first_mut() {
                                *v += ScalarOf::<S>::one();
                            }
                        }
                        Behaviour::ServesGarbage => {
                            let mut bytes = to_bytes(&shard);
                            bytes.pop();
                            return Response::Shard {
                                shard: bytes,
                                proof,
                            };
                        }
                        _ => {}
                    }
                    Response::Shard {
                        shard: to_bytes(&shard),
                        proof,
                    }
                }
            },
        }
    }

    fn check(
        &self,
        commitment: &[u8],
        shard: &[u8],
        proof: &[u8],
    ) -> Result<Shard<ScalarOf<S>>, Refusal> {
        let malformed = |_| Refusal::Malformed;
        let commitment: S::Commitment = from_bytes("commitment", commitment).map_err(malformed)?;
        let shard: Shard<ScalarOf<S>> = from_bytes("shard", shard).map_err(malformed)?;
        let proof: S::Proof = from_bytes("proof", proof).map_err(malformed)?;
        if shard.index != self.index {
            return Err(Refusal::WrongIndex);
        }
        match self.scheme.verify(&self.vk, &commitment, &shard, &proof) {
            Ok(true) => Ok(shard),
            Ok(false) | Err(_) => Err(Refusal::Invalid),
        }
    }
}

impl<S: Scheme + 'static> StorageNode<S> {
    /// Binds a listener on `127.0.0.1` (an ephemeral port) and serves from a
    /// new thread until `limits.max_requests` connections were answered,
    /// `limits.lifetime` ran out, [`NodeHandle::stop`] was called, or (for
    /// [`Behaviour::GoesOffline`]) a shard was stored.
    pub fn spawn(self) -> Result<NodeHandle, NetError> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).map_err(NetError::io("bind"))?;
        let addr = listener.local_addr().map_err(NetError::io("bind"))?;
        // polled, so that the loop also notices its deadline and the stop flag
        listener
            .set_nonblocking(true)
            .map_err(NetError::io("configure"))?;
        let stop = Arc::new(AtomicBool::new(false));
        let index = self.index;
        let flag = Arc::clone(&stop);
        let thread = thread::Builder::new()
            .name(format!("storage-node-{index}"))
            .spawn(move || self.serve(&listener, &flag))
            .map_err(NetError::io("spawn"))?;
        Ok(NodeHandle {
            index,
            addr,
            stop,
            thread,
        })
    }

    fn serve(mut self, listener: &TcpListener, stop: &AtomicBool) -> NodeSummary {
        let deadline = Instant::now() + self.limits.lifetime;
        let (mut requests, mut failed) = (0, 0);
        let reason = loop {
            if stop.load(Ordering::Relaxed) {
                break StopReason::Stopped;
            }
            if requests >= self.limits.max_requests {
                break StopReason::RequestLimit;
            }
            if Instant::now() >= deadline {
                break StopReason::Lifetime;
            }
            match listener.accept() {
                Ok((stream, _)) => {
                    requests += 1;
                    if self.answer(stream).is_err() {
                        failed += 1;
                    }
                    if self.behaviour == Behaviour::GoesOffline && self.is_storing() {
                        break StopReason::WentOffline;
                    }
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    thread::sleep(Duration::from_millis(2));
                }
                Err(_) => failed += 1,
            }
        };
        NodeSummary {
            index: self.index,
            requests,
            failed,
            stored: self.is_storing(),
            stop: reason,
        }
    }

    /// One request, one answer, then the connection closes.
    fn answer(&mut self, mut stream: TcpStream) -> Result<(), NetError> {
        self.limits.configure(&stream)?;
        let request = Request::read_from(&mut stream, self.limits.max_frame)?;
        self.handle(request).write_to(&mut stream)
    }
}

/// A running node: its address, and the way to stop it and collect its summary.
#[derive(Debug)]
pub struct NodeHandle {
    index: usize,
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: JoinHandle<NodeSummary>,
}

impl NodeHandle {
    /// The node's shard index.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Where the node listens (`127.0.0.1:<ephemeral port>`).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Asks the node to stop (it notices within a few milliseconds, or after
    /// the connection it is answering) and waits for its summary.
    pub fn stop(self) -> NodeSummary {
        self.stop.store(true, Ordering::Relaxed);
        self.join()
    }

    /// Waits until the node stops by itself (request limit, lifetime, offline).
    pub fn join(self) -> NodeSummary {
        match self.thread.join() {
            Ok(summary) => summary,
            // the serving loop has no panicking path; if it ever does, re-raise
            Err(payload) => std::panic::resume_unwind(payload),
        }
    }
}
