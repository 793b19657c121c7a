//! The network scenario with real schemes: rebuild despite offline and lying
//! nodes, the lying node named, a clear failure when too few nodes survive.

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use std::{sync::Arc, time::Duration};
use vidkit_core::Encoding;
use vidkit_core::Scheme;
use vidkit_examples::setups::SEED;
use vidkit_examples::{
    network::{run_scenario, Behaviour, Limits, NodeOutcome, RetrieveError, StoreOutcome},
    sample_file,
};

use Behaviour::{AltersShard as Alters, GoesOffline as Offline, Honest, ServesGarbage as Garbage};

fn limits() -> Limits {
    Limits {
        io_timeout: Duration::from_secs(2),
        lifetime: Duration::from_secs(20),
        max_requests: 4,
        max_frame: 1 << 20,
    }
}

/// k = 3 of n = 6: two offline, one altering, one garbage → 2 honest… too few;
/// with one offline, one altering: 4 honest → rebuild.
fn scenario<S: Scheme + 'static>(scheme: S) {
    let data = sample_file(300);
    let (pk, vk) = scheme
        .setup(&scheme.insecure_srs(data.len(), SEED).unwrap(), data.len())
        .unwrap();
    let (scheme, vk) = (Arc::new(scheme), Arc::new(vk));

    let ok = [Honest, Offline, Honest, Alters, Honest, Honest];
    let report = run_scenario(
        Arc::clone(&scheme),
        &pk,
        Arc::clone(&vk),
        &data,
        &ok,
        limits(),
    )
    .unwrap();
    assert!(
        report
            .stored
            .iter()
            .all(|s| matches!(s, StoreOutcome::Stored)),
        "{report}"
    );
    let r = report
        .retrieval
        .as_ref()
        .unwrap_or_else(|e| panic!("{e}\n{report}"));
    assert_eq!(r.data, data);
    assert_eq!(r.decoded_from, vec![0, 2, 4, 5]);
    assert_eq!(report.bad_nodes(), vec![3], "{report}");
    assert!(matches!(r.outcomes[3], NodeOutcome::Rejected));
    assert!(matches!(r.outcomes[1], NodeOutcome::Unreachable(_)));

    let too_few = [Offline, Honest, Alters, Offline, Garbage, Honest];
    let report = run_scenario(scheme, &pk, vk, &data, &too_few, limits()).unwrap();
    assert!(
        matches!(
            report.retrieval,
            Err(RetrieveError::TooFewShards {
                verified: 2,
                needed: 3,
                ..
            })
        ),
        "{report}"
    );
    assert_eq!(report.bad_nodes(), vec![2, 4], "{report}");
}

#[test]
fn semi_avid_over_sockets() {
    scenario(vidkit_semi_avid::SemiAvid::<Bls12_381>::new(3, 6, Encoding::Fft).unwrap());
    scenario(vidkit_semi_avid::SemiAvid::<Bn254>::new(3, 6, Encoding::Points).unwrap());
}

#[test]
fn aplonk_over_sockets() {
    // one curve: aPlonK proving is the slowest step in the test profile
    scenario(vidkit_aplonk::Aplonk::<Bn254>::new(3, 6, Encoding::Points).unwrap());
}

#[test]
fn kzg_over_sockets() {
    scenario(vidkit_kzg::KzgPerRow::<Bn254>::new(3, 6, Encoding::Fft).unwrap());
}

#[test]
fn kzg_plus_over_sockets() {
    scenario(vidkit_kzg_plus::KzgPlus::<Bls12_381>::new(3, 6, Encoding::Points).unwrap());
}
