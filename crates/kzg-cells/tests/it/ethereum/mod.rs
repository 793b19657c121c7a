//! The EIP-7594 cell API against c-kzg (the Ethereum reference, C over
//! blst) on the mainnet setup, both directions: cells, proofs and recovered
//! cells byte-identical, each side verifies the other's proofs, and both
//! reject the same wrong and malformed inputs.

mod compute;
mod known_tau;
mod malformed;
mod mutations;
mod recover;
mod verify;

use ark_bls12_381::Fr;
use ark_ff::{One, UniformRand};
use ark_std::rand::SeedableRng;
use c_kzg::{Blob, Bytes48, KzgSettings};
use rand_chacha::ChaCha20Rng;
use std::sync::OnceLock;
use vidkit_kzg::ethereum::{field_element_to_bytes, EthereumSetup, FIELD_ELEMENTS_PER_BLOB};
use vidkit_kzg_cells::ethereum::{Cell, EthereumCells, G1Bytes};

/// The mainnet ceremony file checked in beside vidkit-kzg's tests.
const MAINNET: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../kzg/tests/data/trusted_setup.txt"
);

pub fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// Our cell API on the mainnet setup, built once per test binary.
pub fn ours() -> &'static EthereumCells {
    static CELLS: OnceLock<EthereumCells> = OnceLock::new();
    CELLS.get_or_init(|| {
        let text = std::fs::read(MAINNET).expect("the mainnet setup is checked in");
        let setup = EthereumSetup::from_text(&text, &mut rng(1)).expect("valid setup");
        EthereumCells::new(&setup).expect("the mainnet setup supports cells")
    })
}

/// c-kzg's embedded mainnet settings (the same file, see vidkit-kzg's
/// `embedded_ckzg_settings_are_the_checked_in_file`), no precomputation.
pub fn ckzg() -> &'static KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

/// A blob of random field elements.
pub fn random_blob(r: &mut ChaCha20Rng) -> Vec<u8> {
    (0..FIELD_ELEMENTS_PER_BLOB)
        .flat_map(|_| field_element_to_bytes(Fr::rand(r)))
        .collect()
}

/// Two random blobs, the zero blob and the blob of r − 1.
pub fn blobs() -> Vec<Vec<u8>> {
    let mut r = rng(300);
    vec![
        random_blob(&mut r),
        random_blob(&mut r),
        vec![0u8; 32 * FIELD_ELEMENTS_PER_BLOB],
        (0..FIELD_ELEMENTS_PER_BLOB)
            .flat_map(|_| field_element_to_bytes(-Fr::one()))
            .collect(),
    ]
}

pub fn cblob(bytes: &[u8]) -> Blob {
    Blob::from_bytes(bytes).expect("a blob-sized byte string")
}

pub fn ccells(cells: &[Cell]) -> Vec<c_kzg::Cell> {
    cells
        .iter()
        .map(|c| c_kzg::Cell::from_bytes(c).expect("2048 bytes"))
        .collect()
}

pub fn b48s(points: &[G1Bytes]) -> Vec<Bytes48> {
    points.iter().map(|p| Bytes48::new(*p)).collect()
}

/// Cells and proofs of a blob, computed by us and checked equal to c-kzg's.
pub fn cells_and_proofs(blob: &[u8]) -> (Vec<Cell>, Vec<G1Bytes>) {
    let (cells, proofs) = ours().compute_cells_and_kzg_proofs(blob).unwrap();
    let (ccells, cproofs) = ckzg().compute_cells_and_kzg_proofs(&cblob(blob)).unwrap();
    assert!(cells
        .iter()
        .zip(ccells.iter())
        .all(|(a, b)| *a == b.to_bytes()));
    assert!(proofs.iter().zip(cproofs.iter()).all(|(a, b)| a == &**b));
    (cells, proofs)
}

/// Both verifiers on the same input; asserts they agree, returns the verdict
/// (`Err(())` when both refuse the input).
pub fn verify_both(
    commitments: &[G1Bytes],
    indices: &[u64],
    cells: &[Cell],
    proofs: &[G1Bytes],
) -> Result<bool, ()> {
    let a = ours().verify_cell_kzg_proof_batch(commitments, indices, cells, proofs);
    let b = ckzg().verify_cell_kzg_proof_batch(
        &b48s(commitments),
        indices,
        &ccells(cells),
        &b48s(proofs),
    );
    match (a, b) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "verdicts differ");
            Ok(a)
        }
        (Err(_), Err(_)) => Err(()),
        (a, b) => panic!("one side refuses: ours {a:?}, c-kzg {b:?}"),
    }
}

/// Both recoveries on the same input; asserts byte-identical outputs (or
/// that both refuse), returns ours.
pub fn recover_both(indices: &[u64], cells: &[Cell]) -> Result<(Vec<Cell>, Vec<G1Bytes>), ()> {
    let a = ours().recover_cells_and_kzg_proofs(indices, cells);
    let b = ckzg().recover_cells_and_kzg_proofs(indices, &ccells(cells));
    match (a, b) {
        (Ok((cells, proofs)), Ok((ccells, cproofs))) => {
            assert!(cells
                .iter()
                .zip(ccells.iter())
                .all(|(a, b)| *a == b.to_bytes()));
            assert!(proofs.iter().zip(cproofs.iter()).all(|(a, b)| a == &**b));
            Ok((cells, proofs))
        }
        (Err(_), Err(_)) => Err(()),
        (a, b) => panic!(
            "one side refuses: ours {:?}, c-kzg {:?}",
            a.map(|_| ()),
            b.map(|_| ())
        ),
    }
}
