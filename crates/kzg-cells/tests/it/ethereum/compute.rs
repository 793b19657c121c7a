//! compute_cells / compute_cells_and_kzg_proofs: byte-identical to c-kzg,
//! and each side accepts the other's cells and proofs.

use super::{cblob, cells_and_proofs, ckzg, ours, verify_both};

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
