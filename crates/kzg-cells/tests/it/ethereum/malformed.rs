//! Malformed inputs: both implementations refuse exactly the same ones,
//! and ours says why.

use super::{cells_and_proofs, ckzg, ours, recover_both, verify_both};
use vidkit_kzg::ethereum::{EthereumError, G1Fault};

#[test]
fn malformed_inputs_are_refused_by_both() {
    let blob = super::blobs().swap_remove(0);
    let c = ours().setup().blob_to_kzg_commitment(&blob).unwrap();
    let (cells, proofs) = cells_and_proofs(&blob);
    let idx: Vec<u64> = (0..128).collect();
    let cs = vec![c; 128];
    let e = |r: Result<bool, EthereumError>| r.unwrap_err();

    // verification
    assert!(matches!(
        e(ours().verify_cell_kzg_proof_batch(&cs[..127], &idx, &cells, &proofs)),
        EthereumError::LengthMismatch {
            what: "commitments",
            found: 127,
            expected: 128,
            ..
        }
    ));
    assert_eq!(verify_both(&cs[..127], &idx, &cells, &proofs), Err(()));
    assert_eq!(verify_both(&cs, &idx[..3], &cells, &proofs), Err(()));
    assert_eq!(verify_both(&cs, &idx, &cells, &proofs[1..]), Err(()));
    let mut bad_idx = idx.clone();
    bad_idx[9] = 128;
    assert_eq!(
        e(ours().verify_cell_kzg_proof_batch(&cs, &bad_idx, &cells, &proofs)),
        EthereumError::CellIndexOutOfRange {
            position: 9,
            index: 128,
            cells: 128
        }
    );
    assert_eq!(verify_both(&cs, &bad_idx, &cells, &proofs), Err(()));
    bad_idx[9] = u64::MAX;
    assert_eq!(verify_both(&cs, &bad_idx, &cells, &proofs), Err(()));
    let mut bad_cells = cells.clone();
    bad_cells[4][32 * 6..32 * 7].copy_from_slice(&[0xff; 32]);
    assert_eq!(
        e(ours().verify_cell_kzg_proof_batch(&cs, &idx, &bad_cells, &proofs)),
        EthereumError::NonCanonicalCellElement {
            cell: 4,
            element: 6
        }
    );
    assert_eq!(verify_both(&cs, &idx, &bad_cells, &proofs), Err(()));
    let mut bad_proofs = proofs.clone();
    bad_proofs[2][0] &= 0x7f;
    assert_eq!(
        e(ours().verify_cell_kzg_proof_batch(&cs, &idx, &cells, &bad_proofs)),
        EthereumError::InvalidG1 {
            what: "proof",
            fault: G1Fault::Flags
        }
    );
    assert_eq!(verify_both(&cs, &idx, &cells, &bad_proofs), Err(()));
    let mut bad_cs = cs.clone();
    bad_cs[100] = [0u8; 48];
    bad_cs[100][0] = 0xc0;
    bad_cs[100][5] = 1;
    assert_eq!(
        e(ours().verify_cell_kzg_proof_batch(&bad_cs, &idx, &cells, &proofs)),
        EthereumError::InvalidG1 {
            what: "commitment",
            fault: G1Fault::MalformedInfinity
        }
    );
    assert_eq!(verify_both(&bad_cs, &idx, &cells, &proofs), Err(()));

    // recovery
    let r = |i: &[u64], c: &[vidkit_kzg_cells::ethereum::Cell]| {
        ours()
            .recover_cells_and_kzg_proofs(i, c)
            .map(|_| ())
            .unwrap_err()
    };
    assert_eq!(
        r(&idx[..63], &cells[..63]),
        EthereumError::NotEnoughCells {
            found: 63,
            needed: 64
        }
    );
    assert_eq!(recover_both(&idx[..63], &cells[..63]), Err(()));
    assert!(matches!(
        r(&idx[..64], &cells[..65]),
        EthereumError::LengthMismatch { .. }
    ));
    assert!(ckzg()
        .recover_cells_and_kzg_proofs(&idx[..64], &super::ccells(&cells[..65]))
        .is_err());
    let mut many = cells.clone();
    many.push(cells[0]);
    let mut many_idx = idx.clone();
    many_idx.push(0);
    assert_eq!(
        r(&many_idx, &many),
        EthereumError::TooManyCells {
            found: 129,
            max: 128
        }
    );
    assert_eq!(recover_both(&many_idx, &many), Err(()));
    // repeated, unsorted and out-of-range indices
    let mut dup: Vec<u64> = (0..64).collect();
    dup[10] = 9;
    assert_eq!(
        r(&dup, &cells[..64]),
        EthereumError::CellIndicesNotAscending {
            position: 10,
            index: 9
        }
    );
    assert_eq!(recover_both(&dup, &cells[..64]), Err(()));
    let mut unsorted: Vec<u64> = (0..64).collect();
    unsorted.swap(3, 4);
    assert_eq!(recover_both(&unsorted, &cells[..64]), Err(()));
    let mut out_of_range: Vec<u64> = (64..128).collect();
    out_of_range[63] = 128;
    assert!(matches!(
        r(&out_of_range, &cells[..64]),
        EthereumError::CellIndexOutOfRange { position: 63, .. }
    ));
    assert_eq!(recover_both(&out_of_range, &cells[..64]), Err(()));
    // a non-canonical element, with cells missing and with none missing
    assert_eq!(
        r(&idx[..64], &bad_cells[..64]),
        EthereumError::NonCanonicalCellElement {
            cell: 4,
            element: 6
        }
    );
    assert_eq!(recover_both(&idx[..64], &bad_cells[..64]), Err(()));
    assert_eq!(recover_both(&idx, &bad_cells), Err(()));
    // and a blob of the wrong length
    assert!(matches!(
        ours().compute_cells(&blob[1..]),
        Err(EthereumError::BlobLength { .. })
    ));
}
