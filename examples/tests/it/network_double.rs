//! The network layer end to end against a test double scheme: real TCP
//! sockets on 127.0.0.1, nodes that go offline or serve bad shards.

use crate::common;

use ark_bls12_381::Bls12_381;
use common::{data, hash_list, Flaw};
use std::{
    net::{Ipv4Addr, SocketAddr, TcpListener},
    sync::Arc,
    time::{Duration, Instant},
};
use vidkit_core::{to_bytes, Scheme};
use vidkit_examples::network::{
    run_scenario, Behaviour, Client, Limits, NetError, NodeOutcome, Refusal, Request, Response,
    RetrieveError, StopReason, StorageNode, StoreOutcome,
};

fn limits() -> Limits {
    Limits {
        io_timeout: Duration::from_millis(500),
        lifetime: Duration::from_secs(10),
        max_requests: 4,
        max_frame: 1 << 20,
    }
}

fn scenario(
    k: usize,
    behaviours: &[Behaviour],
) -> vidkit_examples::network::ScenarioReport<vidkit_core::Error> {
    let scheme = Arc::new(hash_list::<Bls12_381>(k, behaviours.len(), Flaw::None));
    run_scenario(scheme, &(), Arc::new(()), &data(500), behaviours, limits()).unwrap()
}

#[test]
fn rebuilds_and_names_the_nodes_that_served_bad_shards() {
    use Behaviour::*;
    let behaviours = [
        Honest,
        GoesOffline,
        AltersShard,
        Honest,
        ServesGarbage,
        GoesOffline,
        Honest,
        Honest,
    ];
    let report = scenario(3, &behaviours);
    assert!(report
        .stored
        .iter()
        .all(|s| matches!(s, StoreOutcome::Stored)));
    let retrieval = report.retrieval.as_ref().unwrap();
    assert_eq!(retrieval.data, data(500));
    assert_eq!(retrieval.decoded_from, vec![0, 3, 6, 7]);
    assert_eq!(report.bad_nodes(), vec![2, 4]);
    let o = &retrieval.outcomes;
    assert!(matches!(
        o[1],
        NodeOutcome::Unreachable(NetError::Io { op: "connect", .. })
    ));
    assert!(matches!(o[2], NodeOutcome::Rejected));
    assert!(matches!(o[4], NodeOutcome::Malformed(_)));
    for j in [0, 3, 6, 7] {
        assert!(matches!(o[j], NodeOutcome::Verified));
    }
    for s in &report.summaries {
        let expected = if behaviours[s.index] == GoesOffline {
            (StopReason::WentOffline, 1)
        } else {
            (StopReason::Stopped, 2)
        };
        assert_eq!(
            (s.stop, s.requests, s.stored, s.failed),
            (expected.0, expected.1, true, 0)
        );
    }
    let text = report.to_string();
    assert!(text.contains("BAD: shard failed verification"), "{text}");
}

#[test]
fn fails_clearly_when_too_few_nodes_survive() {
    use Behaviour::*;
    // k = 3, only two honest survivors
    let report = scenario(3, &[GoesOffline, Honest, AltersShard, GoesOffline, Honest]);
    match &report.retrieval {
        Err(RetrieveError::TooFewShards {
            verified: 2,
            needed: 3,
            outcomes,
        }) => {
            assert_eq!(outcomes.len(), 5)
        }
        other => panic!("expected TooFewShards, got {other:?}"),
    }
    assert_eq!(report.bad_nodes(), vec![2]);
    let msg = report.retrieval.as_ref().unwrap_err().to_string();
    assert!(msg.contains("only 2 of the 3"), "{msg}");
}

#[test]
fn nodes_verify_before_storing() {
    let scheme = Arc::new(hash_list::<Bls12_381>(2, 3, Flaw::None));
    let d = scheme.disperse(&(), &data(100)).unwrap();
    let mut node = StorageNode::new(
        1,
        Arc::clone(&scheme),
        Arc::new(()),
        Behaviour::Honest,
        limits(),
    );
    let store = |j: usize, shard: &vidkit_core::Shard<_>| Request::Store {
        commitment: to_bytes(&d.commitment),
        shard: to_bytes(shard),
        proof: to_bytes(&d.proofs[j]),
    };
    assert_eq!(node.handle(Request::Fetch), Response::Empty);
    // another node's shard
    assert_eq!(
        node.handle(store(0, &d.shards[0])),
        Response::Refused(Refusal::WrongIndex)
    );
    // an altered shard
    let mut bad = d.shards[1].clone();
    bad.values[0] += ark_bls12_381::Fr::from(1u64);
    assert_eq!(
        node.handle(store(1, &bad)),
        Response::Refused(Refusal::Invalid)
    );
    // garbage
    let garbage = Request::Store {
        commitment: vec![1, 2, 3],
        shard: vec![],
        proof: vec![],
    };
    assert_eq!(node.handle(garbage), Response::Refused(Refusal::Malformed));
    assert!(!node.is_storing());
    assert_eq!(node.handle(store(1, &d.shards[1])), Response::Stored);
    assert_eq!(
        node.handle(Request::Fetch),
        Response::Shard {
            shard: to_bytes(&d.shards[1]),
            proof: to_bytes(&d.proofs[1])
        }
    );
}

#[test]
fn client_refuses_non_loopback_addresses_and_wrong_counts() {
    let scheme = hash_list::<Bls12_381>(1, 2, Flaw::None);
    let d = scheme.disperse(&(), b"x").unwrap();
    let client = Client::new(&scheme, &(), limits());
    let far: SocketAddr = "192.0.2.1:9".parse().unwrap();
    let near: SocketAddr = (Ipv4Addr::LOCALHOST, 9).into();
    assert!(matches!(
        client.disperse(&d, &[near, far]),
        Err(NetError::NotLoopback { .. })
    ));
    assert!(matches!(
        client.disperse(&d, &[near]),
        Err(NetError::NodeCount {
            nodes: 1,
            shards: 2
        })
    ));
    assert!(matches!(
        client.retrieve(&d.commitment, &[far, near]),
        Err(RetrieveError::Net(NetError::NotLoopback { .. }))
    ));
}

#[test]
fn a_silent_peer_times_out_instead_of_hanging() {
    // a listener that accepts but never answers
    let silent = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    let addr = silent.local_addr().unwrap();
    let scheme = hash_list::<Bls12_381>(1, 1, Flaw::None);
    let d = scheme.disperse(&(), b"x").unwrap();
    let limits = Limits {
        io_timeout: Duration::from_millis(200),
        ..limits()
    };
    let start = Instant::now();
    let out = Client::new(&scheme, &(), limits)
        .disperse(&d, &[addr])
        .unwrap();
    assert!(
        matches!(
            out[0],
            StoreOutcome::Failed(NetError::Io { op: "read", .. })
        ),
        "{out:?}"
    );
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn nodes_stop_by_themselves() {
    let scheme = Arc::new(hash_list::<Bls12_381>(1, 1, Flaw::None));
    let short = Limits {
        lifetime: Duration::from_millis(100),
        ..limits()
    };
    let h = StorageNode::new(
        0,
        Arc::clone(&scheme),
        Arc::new(()),
        Behaviour::Honest,
        short,
    )
    .spawn()
    .unwrap();
    assert!(h.addr().ip().is_loopback());
    assert_eq!(h.join().stop, StopReason::Lifetime);
    // request limit: one Fetch, then it stops
    let one = Limits {
        max_requests: 1,
        ..limits()
    };
    let h = StorageNode::new(0, scheme, Arc::new(()), Behaviour::Honest, one)
        .spawn()
        .unwrap();
    let mut s = std::net::TcpStream::connect(h.addr()).unwrap();
    Request::Fetch.write_to(&mut s).unwrap();
    assert_eq!(Response::read_from(&mut s, 16).unwrap(), Response::Empty);
    let summary = h.join();
    assert_eq!(
        (summary.stop, summary.requests),
        (StopReason::RequestLimit, 1)
    );
}
