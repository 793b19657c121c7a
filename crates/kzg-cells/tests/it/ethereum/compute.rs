//! compute_cells / compute_cells_and_kzg_proofs: byte-identical to c-kzg,
//! and each side accepts the other's cells and proofs.

use super::{cblob, cells_and_proofs, ckzg, ours, verify_both};
use vidkit_kzg_cells::ethereum::EthereumCells;

#[test]
fn cells_and_proofs_are_byte_identical_and_cross_verify() {
    for (b, blob) in super::blobs().iter().enumerate() {
        // compare with c-kzg inside
        let (cells, proofs) = cells_and_proofs(blob);
        assert_eq!(cells.len(), 128);
        assert_eq!(ours().compute_cells(blob).unwrap(), cells, "blob {b}");
        let ccells = ckzg().compute_cells(&cblob(blob)).unwrap();
        assert!(cells
            .iter()
            .zip(ccells.iter())
            .all(|(a, c)| *a == c.to_bytes()));
        // the first 64 cells are the blob itself (bit-reversed order)
        assert_eq!(cells[..64].concat(), *blob, "blob {b}");
        let commitment = ours().setup().blob_to_kzg_commitment(blob).unwrap();
        let indices: Vec<u64> = (0..128).collect();
        assert_eq!(
            verify_both(&vec![commitment; 128], &indices, &cells, &proofs),
            Ok(true),
            "blob {b}"
        );
    }
}

/// `EthereumCells::new` keeps a windows table for FK20's MSMs; without any
/// table (`with_fk20_plan(TablePlan::Plain)`) cells, proofs and recovered
/// proofs are the same bytes.
#[test]
fn fk20_table_and_plain_agree() {
    use vidkit_msm::TablePlan;
    let table = ours();
    assert_eq!(table.fk20().plan(), TablePlan::Windows(10));
    assert_eq!(table.fk20().table_points(), 128 * 64 * 26);
    let plain = EthereumCells::with_fk20_plan(table.setup(), TablePlan::Plain).unwrap();
    assert_eq!(plain.fk20().plan(), TablePlan::Plain);
    assert_eq!(plain.fk20().table_points(), 0);
    let blob = super::random_blob(&mut super::rng(77));
    let want = table.compute_cells_and_kzg_proofs(&blob).unwrap();
    assert_eq!(plain.compute_cells_and_kzg_proofs(&blob).unwrap(), want);
    let odd: Vec<u64> = (1..128).step_by(2).collect();
    let cells: Vec<_> = odd.iter().map(|&i| want.0[i as usize]).collect();
    assert_eq!(
        plain.recover_cells_and_kzg_proofs(&odd, &cells).unwrap(),
        want
    );
}
