//! One complete run: disperse, spawn one node per shard, store, retrieve,
//! stop the nodes, report.

use super::{
    bad_nodes, Behaviour, Client, Limits, NetError, NodeHandle, NodeOutcome, NodeSummary,
    Retrieval, RetrieveError, StorageNode, StoreOutcome,
};
use core::fmt;
use std::{net::SocketAddr, sync::Arc};
use vidkit_core::Scheme;

/// Why a scenario could not run at all (a failed retrieval is a result, not
/// an error: see [`ScenarioReport::retrieval`]).
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError<E: std::error::Error + 'static> {
    /// The scheme failed to disperse the data.
    #[error("dispersal failed: {0}")]
    Scheme(#[source] E),
    /// Nodes could not be started or addressed.
    #[error(transparent)]
    Net(#[from] NetError),
}

/// Everything that happened in a [`run_scenario`].
#[derive(Debug)]
pub struct ScenarioReport<E: std::error::Error + 'static> {
    /// The scheme's name.
    pub scheme: &'static str,
    /// Source shards.
    pub k: usize,
    /// Where node `j` listened.
    pub nodes: Vec<SocketAddr>,
    /// How node `j` behaved.
    pub behaviours: Vec<Behaviour>,
    /// What node `j` answered to `Store`.
    pub stored: Vec<StoreOutcome>,
    /// The retrieval: the rebuilt data and what each node served, or why
    /// the file could not be rebuilt.
    pub retrieval: Result<Retrieval<E>, RetrieveError<E>>,
    /// What each node reported when it stopped.
    pub summaries: Vec<NodeSummary>,
}

impl<E: std::error::Error + 'static> ScenarioReport<E> {
    /// What the client concluded about each node (empty if the retrieval
    /// could not start).
    pub fn outcomes(&self) -> &[NodeOutcome<E>] {
        match &self.retrieval {
            Ok(r) => &r.outcomes,
            Err(RetrieveError::TooFewShards { outcomes, .. }) => outcomes,
            Err(_) => &[],
        }
    }

    /// Nodes the client caught serving bad data.
    pub fn bad_nodes(&self) -> Vec<usize> {
        bad_nodes(self.outcomes())
    }
}

impl<E: std::error::Error + 'static> fmt::Display for ScenarioReport<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} nodes, any {} of them rebuild the file",
            self.scheme,
            self.nodes.len(),
            self.k
        )?;
        writeln!(
            f,
            "  node  address            behaviour       store     retrieve"
        )?;
        let outcomes = self.outcomes();
        for (j, addr) in self.nodes.iter().enumerate() {
            let store = match self.stored.get(j) {
                Some(StoreOutcome::Stored) => "stored",
                Some(StoreOutcome::Refused(_)) => "refused",
                Some(StoreOutcome::Failed(_)) => "failed",
                None => "-",
            };
            let got = outcomes.get(j).map_or("-", NodeOutcome::label);
            let behaviour = format!("{:?}", self.behaviours[j]);
            writeln!(f, "  {j:>4}  {addr:<18} {behaviour:<15} {store:<9} {got}")?;
        }
        match &self.retrieval {
            Ok(r) => write!(
                f,
                "  rebuilt {} bytes from shards {:?}; nodes caught serving bad shards: {:?}",
                r.data.len(),
                r.decoded_from,
                r.bad_nodes()
            ),
            Err(e) => write!(f, "  retrieval FAILED: {e}"),
        }
    }
}

/// Disperses `data` with `scheme` to one node per shard (node `j` behaving
/// as `behaviours[j]`), retrieves it, stops the nodes and reports.
///
/// Fails before starting anything if `behaviours.len()` is not `n`.
pub fn run_scenario<S: Scheme + 'static>(
    scheme: Arc<S>,
    pk: &S::ProverKey,
    vk: Arc<S::VerifierKey>,
    data: &[u8],
    behaviours: &[Behaviour],
    limits: Limits,
) -> Result<ScenarioReport<S::Error>, ScenarioError<S::Error>> {
    let n = scheme.code().n();
    if behaviours.len() != n {
        return Err(NetError::NodeCount {
            nodes: behaviours.len(),
            shards: n,
        }
        .into());
    }
    let dispersal = scheme.disperse(pk, data).map_err(ScenarioError::Scheme)?;

    let mut handles: Vec<NodeHandle> = Vec::with_capacity(n);
    for (j, behaviour) in behaviours.iter().enumerate() {
        let node = StorageNode::new(j, Arc::clone(&scheme), Arc::clone(&vk), *behaviour, limits);
        match node.spawn() {
            Ok(h) => handles.push(h),
            Err(e) => {
                stop_all(handles);
                return Err(e.into());
            }
        }
    }
    let nodes: Vec<SocketAddr> = handles.iter().map(NodeHandle::addr).collect();

    let client = Client::new(&*scheme, &*vk, limits);
    let stored = match client.disperse(&dispersal, &nodes) {
        Ok(stored) => stored,
        Err(e) => {
            stop_all(handles);
            return Err(e.into());
        }
    };
    let retrieval = client.retrieve(&dispersal.commitment, &nodes);
    let summaries = handles.into_iter().map(NodeHandle::stop).collect();
    Ok(ScenarioReport {
        scheme: S::NAME,
        k: scheme.code().k(),
        nodes,
        behaviours: behaviours.to_vec(),
        stored,
        retrieval,
        summaries,
    })
}

/// Stops nodes whose summaries are not needed (after a failure).
fn stop_all(handles: Vec<NodeHandle>) {
    for h in handles {
        h.stop();
    }
}
