//! Dispersal to storage nodes over real TCP sockets on 127.0.0.1.
//!
//! Eight nodes, one per shard (any three rebuild the file), each a thread
//! listening on an ephemeral loopback port. The client sends every node its
//! shard, proof and the commitment; each node verifies before storing. Then
//! two nodes go offline, one serves an altered shard and one serves bytes
//! that do not deserialize: the client fetches all shards, verifies each
//! against the commitment it kept, names the nodes that served bad data and
//! rebuilds the file from the rest. A second run loses too many nodes and
//! fails with a clear error. Everything is bounded (timeouts, a fixed number
//! of requests per node) and stops by itself.
//!
//! ```text
//! cargo run --release -p vidkit-examples --example network [-- <scheme>]
//! ```
//! where `<scheme>` is one of `kzg`, `kzg-plus`, `semi-avid` (default) or
//! `aplonk`.

use ark_bls12_381::Bls12_381;
use std::{error::Error, sync::Arc};
use vidkit_core::{Encoding, Scheme};
use vidkit_examples::{
    network::{run_scenario, Behaviour, Limits},
    sample_file, setups,
};

use Behaviour::{AltersShard, GoesOffline, Honest, ServesGarbage};

const K: usize = 3;
const N: usize = 8;

fn demo<S: Scheme + 'static>(scheme: S) -> Result<(), Box<dyn Error>> {
    let data = sample_file(4_000);
    let srs = scheme.insecure_srs(data.len(), setups::SEED)?; // INSECURE test setup
    let (pk, vk) = scheme.setup(&srs, data.len())?;
    let (scheme, vk) = (Arc::new(scheme), Arc::new(vk));

    println!("-- two nodes go offline, one alters its shard, one serves garbage --");
    let faults = [
        Honest,
        GoesOffline,
        Honest,
        AltersShard,
        Honest,
        GoesOffline,
        ServesGarbage,
        Honest,
    ];
    let report = run_scenario(
        Arc::clone(&scheme),
        &pk,
        Arc::clone(&vk),
        &data,
        &faults,
        Limits::default(),
    )?;
    println!("{report}\n");
    let rebuilt = report.retrieval.map_err(|e| e.to_string())?;
    assert_eq!(
        rebuilt.data, data,
        "verified shards always rebuild the file"
    );
    let first_line = rebuilt.data.split(|b| *b == b'\n').next().unwrap_or(&[]);
    println!(
        "  first line of the rebuilt file: {:?}\n",
        String::from_utf8_lossy(first_line)
    );

    println!("-- five nodes go offline, one alters its shard: 2 good shards, 3 needed --");
    let faults = [
        GoesOffline,
        Honest,
        GoesOffline,
        AltersShard,
        GoesOffline,
        Honest,
        GoesOffline,
        GoesOffline,
    ];
    let report = run_scenario(scheme, &pk, vk, &data, &faults, Limits::default())?;
    println!("{report}");
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    println!("{}\n", setups::INSECURE_BANNER);
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "semi-avid".into());
    match name.as_str() {
        "semi-avid" => demo(vidkit_semi_avid::SemiAvid::<Bls12_381>::new(
            K,
            N,
            Encoding::Fft,
        )?),
        "kzg" => demo(vidkit_kzg::KzgPerRow::<Bls12_381>::new(
            K,
            N,
            Encoding::Fft,
        )?),
        "kzg-plus" => demo(vidkit_kzg_plus::KzgPlus::<Bls12_381>::new(
            K,
            N,
            Encoding::Fft,
        )?),
        "aplonk" => demo(vidkit_aplonk::Aplonk::<Bls12_381>::new(
            K,
            N,
            Encoding::Fft,
        )?),
        other => {
            Err(format!("unknown scheme {other:?}; try kzg, kzg-plus, semi-avid or aplonk").into())
        }
    }
}
