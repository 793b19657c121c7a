//! The targets of the Ethereum KZG API beyond the single-point byte API:
//!
//! * `ethereum/blob-proofs`: the EIP-4844 blob proofs of
//!   [`vidkit_kzg::EthereumSetup`] (`compute_challenge`, `compute_blob_kzg_proof`,
//!   `verify_blob_kzg_proof`, `verify_blob_kzg_proof_batch`);
//! * `ethereum/cells`: the EIP-7594 cell API of [`EthereumCells`]
//!   (`compute_cells`, `compute_cells_and_kzg_proofs`,
//!   `recover_cells_and_kzg_proofs`, `verify_cell_kzg_proof_batch`).
//!
//! The inputs are lists with little-endian `u64` counts and lengths in
//! front (the mutator's size fields), each count clamped to a small bound
//! and each list cut short where the bytes end, so that one input stays
//! within milliseconds while the refusals of the API (lengths that differ,
//! too many or too few cells, bad indices, blobs of the wrong length,
//! non-canonical elements, invalid points) are all reachable.
//!
//! Besides "no panic", the checks assert what must hold of the answers
//! (a failed assertion is a failure of the target): a verified blob proof
//! is the proof `compute_blob_kzg_proof` gives; a computed proof of a blob
//! under its own commitment verifies; a batch agrees with its items one by
//! one (the first malformed item's error, else the conjunction of the
//! verdicts); computed cells start with the blob (the code is systematic),
//! verify under the blob's commitment and come back from half of them;
//! cells that verify under a seed blob's commitment are that blob's cells
//! and proofs; a recovery from exactly half the cells keeps them and equals
//! `compute_cells_and_kzg_proofs` of the blob it implies, and a recovery
//! from cells of a seed blob gives that blob's cells and proofs.

use std::{collections::HashMap, sync::OnceLock};

use vidkit_kzg::EthereumError;
use vidkit_kzg_cells::ethereum::{Cell, EthereumCells, G1Bytes};

use super::{eth, eth_setup};

/// The most blobs, commitments and proofs one `ethereum/blob-proofs` input
/// passes (each count of the input is clamped to this).
pub(super) const MAX_BLOB_BATCH: u64 = 4;

/// Field elements per blob of the cell setup: 2 · 128 / 64 = 4 cells, the
/// smallest size [`EthereumCells::new`] takes beside 64 (2 cells).
const CELL_POINTS: usize = 128;

/// G2 powers of the cell setup: `[τ^64]_2` is the cells' verifier key.
const CELL_G2: usize = 65;

/// The most indices, commitments, cells and proofs one `ethereum/cells`
/// input passes: twice the cells of a blob, so that `TooManyCells` is
/// reachable.
pub(super) const MAX_CELLS: u64 = 8;

/// Reads the framing of the inputs: little-endian `u64` words and byte
/// strings, `None` where the bytes end.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn u64(&mut self) -> Option<u64> {
        let word = self.take(8)?;
        Some(u64::from_le_bytes(word.try_into().expect("8 bytes")))
    }

    /// A count: the word, at most `max`; 0 where the bytes end.
    fn count(&mut self, max: u64) -> usize {
        self.u64().unwrap_or(0).min(max) as usize
    }

    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.bytes.len() < n {
            return None;
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(head)
    }

    /// At most `n` bytes: the rest where fewer are left.
    fn take_at_most(&mut self, n: u64) -> &'a [u8] {
        let n = usize::try_from(n)
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
        self.take(n).expect("n is at most the length")
    }

    /// Up to `count` arrays of `N` bytes, fewer where the bytes end.
    fn arrays<const N: usize>(&mut self, count: usize) -> Vec<[u8; N]> {
        (0..count)
            .map_while(|_| self.take(N))
            .map(|b| b.try_into().expect("N bytes"))
            .collect()
    }

    /// Up to `count` little-endian `u64` words.
    fn words(&mut self, count: usize) -> Vec<u64> {
        (0..count).map_while(|_| self.u64()).collect()
    }
}

/// A seed blob of `len` bytes, every element canonical (top byte 0).
pub(super) fn eth_blob(len: usize, s: u8) -> Vec<u8> {
    let mut blob = vec![0u8; len];
    for (i, b) in blob.iter_mut().enumerate() {
        if i % 32 != 0 {
            *b = (i as u8).wrapping_mul(29).wrapping_add(s);
        }
    }
    blob
}

/// The input of `ethereum/blob-proofs`: `#blobs ‖ #commitments ‖ #proofs`
/// (`u64` LE, each at most [`MAX_BLOB_BATCH`]), the 48-byte commitments and
/// proofs, then the blobs as `length (u64 LE) ‖ bytes` (a length past the
/// end takes the rest). Lists end where the bytes do. The blobs come last
/// so that a changed length leaves the points in place (c-kzg decodes the
/// commitment before the blob).
struct BlobBatch<'a> {
    blobs: Vec<&'a [u8]>,
    commitments: Vec<G1Bytes>,
    proofs: Vec<G1Bytes>,
}

impl<'a> BlobBatch<'a> {
    fn read(bytes: &'a [u8]) -> Self {
        let mut r = Reader { bytes };
        let counts = [(); 3].map(|_| r.count(MAX_BLOB_BATCH));
        let commitments = r.arrays(counts[1]);
        let proofs = r.arrays(counts[2]);
        let blobs = (0..counts[0])
            .map_while(|_| {
                let len = r.u64()?;
                Some(r.take_at_most(len))
            })
            .collect();
        Self {
            blobs,
            commitments,
            proofs,
        }
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for count in [self.blobs.len(), self.commitments.len(), self.proofs.len()] {
            out.extend_from_slice(&(count as u64).to_le_bytes());
        }
        self.commitments
            .iter()
            .for_each(|c| out.extend_from_slice(c));
        self.proofs.iter().for_each(|p| out.extend_from_slice(p));
        for blob in &self.blobs {
            out.extend_from_slice(&(blob.len() as u64).to_le_bytes());
            out.extend_from_slice(blob);
        }
        out
    }
}

/// The blob-proof functions on every `(blob, commitment, proof)` of the
/// input, and the batch on the three lists.
pub(super) fn check_ethereum_blob_proofs(bytes: &[u8]) -> bool {
    let setup = eth_setup();
    let batch = BlobBatch::read(bytes);
    let items = batch
        .blobs
        .iter()
        .zip(&batch.commitments)
        .zip(&batch.proofs);
    let mut verdicts = Vec::new();
    let mut proved_all = true;
    for ((&blob, commitment), proof) in items {
        // never fails: hashes the bytes as given
        let _ = setup.compute_challenge(blob, commitment);
        let verdict = setup.verify_blob_kzg_proof(blob, commitment, proof);
        let proved = setup.compute_blob_kzg_proof(blob, commitment);
        if verdict == Ok(true) {
            // the opening at the challenge is unique
            assert_eq!(
                proved.as_ref(),
                Ok(proof),
                "a verified blob proof differs from compute_blob_kzg_proof's"
            );
        }
        if let (Ok(own), Ok(honest)) = (&proved, setup.blob_to_kzg_commitment(blob))
            && honest == *commitment
        {
            assert_eq!(
                setup.verify_blob_kzg_proof(blob, commitment, own),
                Ok(true),
                "a computed blob proof under the blob's commitment does not verify"
            );
        }
        proved_all &= proved.is_ok();
        verdicts.push(verdict);
    }
    let batch_verdict =
        setup.verify_blob_kzg_proof_batch(&batch.blobs, &batch.commitments, &batch.proofs);
    let t = batch.blobs.len();
    if batch.commitments.len() == t && batch.proofs.len() == t {
        // the first malformed item's error, else every verdict at once
        let expected = match verdicts.iter().find(|v| v.is_err()) {
            Some(error) => error.clone(),
            None => Ok(verdicts.iter().all(|v| *v == Ok(true))),
        };
        assert_eq!(
            batch_verdict, expected,
            "the batch disagrees with its items one by one"
        );
    } else {
        assert!(
            matches!(batch_verdict, Err(EthereumError::LengthMismatch { .. })),
            "lists of different lengths gave {batch_verdict:?}"
        );
    }
    batch_verdict.is_ok() && proved_all && verdicts.iter().all(Result::is_ok)
}

/// Valid batches of one, two and three blobs with their proofs.
pub(super) fn eth_blob_proof_seeds() -> Vec<Vec<u8>> {
    let setup = eth_setup();
    let blobs: Vec<Vec<u8>> = (0u8..3)
        .map(|s| eth_blob(setup.blob_len(), 40 + s))
        .collect();
    let commitments: Vec<G1Bytes> = blobs
        .iter()
        .map(|b| setup.blob_to_kzg_commitment(b).expect("a valid blob"))
        .collect();
    let proofs: Vec<G1Bytes> = blobs
        .iter()
        .zip(&commitments)
        .map(|(b, c)| setup.compute_blob_kzg_proof(b, c).expect("a valid blob"))
        .collect();
    (1..=3)
        .map(|t| {
            BlobBatch {
                blobs: blobs[..t].iter().map(Vec::as_slice).collect(),
                commitments: commitments[..t].to_vec(),
                proofs: proofs[..t].to_vec(),
            }
            .to_bytes()
        })
        .collect()
}

/// The cell API on a 128-element insecure setup (4 cells of 64), built once.
fn eth_cells() -> &'static EthereumCells {
    static CELLS: OnceLock<EthereumCells> = OnceLock::new();
    CELLS.get_or_init(|| {
        EthereumCells::new(&eth(CELL_POINTS, CELL_G2)).expect("sizes the cell API takes")
    })
}

/// The cells and proofs of one blob.
type Extended = (Vec<Cell>, Vec<G1Bytes>);

/// The seed blobs of `ethereum/cells`: blob, commitment, cells and proofs.
fn cell_seed_blobs() -> &'static [(Vec<u8>, G1Bytes, Extended)] {
    static BLOBS: OnceLock<Vec<(Vec<u8>, G1Bytes, Extended)>> = OnceLock::new();
    BLOBS.get_or_init(|| {
        let api = eth_cells();
        (0u8..2)
            .map(|s| {
                let blob = eth_blob(api.setup().blob_len(), 90 + s);
                let c = api.setup().blob_to_kzg_commitment(&blob).expect("valid");
                let extended = api.compute_cells_and_kzg_proofs(&blob).expect("valid");
                (blob, c, extended)
            })
            .collect()
    })
}

/// The seed blobs' cells and proofs by commitment.
fn known_commitments() -> &'static HashMap<G1Bytes, Extended> {
    static KNOWN: OnceLock<HashMap<G1Bytes, Extended>> = OnceLock::new();
    KNOWN.get_or_init(|| {
        cell_seed_blobs()
            .iter()
            .map(|(_, c, extended)| (*c, extended.clone()))
            .collect()
    })
}

/// The input of `ethereum/cells`: `#indices ‖ #commitments ‖ #cells ‖
/// #proofs` (`u64` LE, each at most [`MAX_CELLS`]), the indices (`u64` LE),
/// the 48-byte commitments, the cells
/// ([`vidkit_kzg_cells::ethereum::BYTES_PER_CELL`], 2048 bytes) and the
/// 48-byte proofs, then `blob length (u64 LE) ‖ blob` (a length past the
/// end takes the rest). Lists end where the bytes do.
struct CellLists<'a> {
    blob: &'a [u8],
    indices: Vec<u64>,
    commitments: Vec<G1Bytes>,
    cells: Vec<Cell>,
    proofs: Vec<G1Bytes>,
}

impl<'a> CellLists<'a> {
    fn read(bytes: &'a [u8]) -> Self {
        let mut r = Reader { bytes };
        let counts = [(); 4].map(|_| r.count(MAX_CELLS));
        let indices = r.words(counts[0]);
        let commitments = r.arrays(counts[1]);
        let cells = r.arrays(counts[2]);
        let proofs = r.arrays(counts[3]);
        let blob_len = r.u64().unwrap_or(0);
        Self {
            blob: r.take_at_most(blob_len),
            indices,
            commitments,
            cells,
            proofs,
        }
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for count in [
            self.indices.len(),
            self.commitments.len(),
            self.cells.len(),
            self.proofs.len(),
        ] {
            out.extend_from_slice(&(count as u64).to_le_bytes());
        }
        self.indices
            .iter()
            .for_each(|i| out.extend_from_slice(&i.to_le_bytes()));
        self.commitments
            .iter()
            .for_each(|c| out.extend_from_slice(c));
        self.cells.iter().for_each(|c| out.extend_from_slice(c));
        self.proofs.iter().for_each(|p| out.extend_from_slice(p));
        out.extend_from_slice(&(self.blob.len() as u64).to_le_bytes());
        out.extend_from_slice(self.blob);
        out
    }
}

/// The cell functions on the blob of the input and on its lists.
pub(super) fn check_ethereum_cells(bytes: &[u8]) -> bool {
    let api = eth_cells();
    let input = CellLists::read(bytes);
    let computed = check_computed_cells(api, input.blob);
    let verdict = api.verify_cell_kzg_proof_batch(
        &input.commitments,
        &input.indices,
        &input.cells,
        &input.proofs,
    );
    if verdict == Ok(true) {
        // under a seed blob's commitment only that blob's cells and proofs verify
        let lists = input.commitments.iter().zip(&input.indices);
        for (k, (c, &i)) in lists.enumerate() {
            if let Some((cells, proofs)) = known_commitments().get(c) {
                let i = i as usize; // < 4: verified
                assert!(
                    input.cells[k] == cells[i] && input.proofs[k] == proofs[i],
                    "cell {k} (index {i}) verified under a seed commitment but is not the blob's"
                );
            }
        }
    }
    let recovered = api.recover_cells_and_kzg_proofs(&input.indices, &input.cells);
    if let Ok(out) = &recovered {
        check_recovery(api, &input.indices, &input.cells, out);
    }
    computed && verdict.is_ok() && recovered.is_ok()
}

/// `compute_cells` and `compute_cells_and_kzg_proofs` on `blob`, and what
/// must hold of their answer; whether the blob was accepted.
fn check_computed_cells(api: &EthereumCells, blob: &[u8]) -> bool {
    let cells = api.compute_cells(blob);
    let with_proofs = api.compute_cells_and_kzg_proofs(blob);
    assert_eq!(
        cells.as_ref(),
        with_proofs.as_ref().map(|(c, _)| c),
        "compute_cells and compute_cells_and_kzg_proofs disagree"
    );
    let Ok((cells, proofs)) = with_proofs else {
        return false;
    };
    let total = api.cells_per_ext_blob();
    assert_eq!(cells.len(), total, "cells per extended blob");
    assert_eq!(proofs.len(), total, "proofs per extended blob");
    // the extension is systematic: the first half of the cells is the blob
    assert!(
        cells[..total / 2].concat() == blob,
        "the first half of the cells is not the blob"
    );
    // two cells verify under the blob's commitment
    let c = api
        .setup()
        .blob_to_kzg_commitment(blob)
        .expect("compute_cells took the blob");
    let pick = [usize::from(blob[1]) % total, total - 1];
    assert_eq!(
        api.verify_cell_kzg_proof_batch(
            &[c, c],
            &pick.map(|i| i as u64),
            &pick.map(|i| cells[i]),
            &pick.map(|i| proofs[i]),
        ),
        Ok(true),
        "computed cells {pick:?} do not verify under the blob's commitment"
    );
    // the odd half gives everything back
    let odd: Vec<u64> = (1..total as u64).step_by(2).collect();
    let odd_cells: Vec<Cell> = odd.iter().map(|&i| cells[i as usize]).collect();
    assert_eq!(
        api.recover_cells_and_kzg_proofs(&odd, &odd_cells),
        Ok((cells, proofs)),
        "recovery from the odd cells differs from the computed cells"
    );
    true
}

/// What must hold of an accepted recovery of `cells` at `indices`.
fn check_recovery(api: &EthereumCells, indices: &[u64], cells: &[Cell], out: &Extended) {
    let total = api.cells_per_ext_blob();
    assert_eq!(out.0.len(), total, "recovered cells");
    assert_eq!(out.1.len(), total, "recovered proofs");
    // accepted indices are below `total` and strictly ascending
    let kept = indices
        .iter()
        .zip(cells)
        .all(|(&i, cell)| out.0[i as usize] == *cell);
    if cells.len() == total / 2 || cells.len() == total {
        // half the cells fit one polynomial of degree < n whatever they are
        // (all of them are returned as given)
        assert!(kept, "an accepted recovery changed a given cell");
    }
    if cells.len() == total / 2 {
        // its cells and proofs are those of the blob it implies
        let blob = out.0[..total / 2].concat();
        assert_eq!(
            api.compute_cells_and_kzg_proofs(&blob).as_ref(),
            Ok(out),
            "a recovery from half the cells differs from compute_cells_and_kzg_proofs"
        );
    }
    for (_, _, extended) in cell_seed_blobs() {
        let honest = indices
            .iter()
            .zip(cells)
            .all(|(&i, cell)| extended.0[i as usize] == *cell);
        if honest {
            assert_eq!(
                out, extended,
                "a recovery from a seed blob's cells differs from its cells and proofs"
            );
        }
    }
}

/// Valid cell lists: half the cells of a blob, three quarters, all of them
/// (the recovery's paths), and lists that verify but that recovery refuses:
/// cells of two blobs with a repeated index, five cells, one cell.
pub(super) fn eth_cells_seeds() -> Vec<Vec<u8>> {
    let blobs = cell_seed_blobs();
    let cells_of = |picks: &[(usize, u64)], blob: usize| {
        let get = |b: usize, i: u64| {
            let (_, c, (cells, proofs)) = &blobs[b];
            (*c, cells[i as usize], proofs[i as usize])
        };
        let items: Vec<(u64, (G1Bytes, Cell, G1Bytes))> =
            picks.iter().map(|&(b, i)| (i, get(b, i))).collect();
        CellLists {
            blob: &blobs[blob].0,
            indices: items.iter().map(|(i, _)| *i).collect(),
            commitments: items.iter().map(|(_, (c, _, _))| *c).collect(),
            cells: items.iter().map(|(_, (_, cell, _))| *cell).collect(),
            proofs: items.iter().map(|(_, (_, _, p))| *p).collect(),
        }
        .to_bytes()
    };
    vec![
        cells_of(&[(0, 1), (0, 3)], 0),
        cells_of(&[(1, 0), (1, 2), (1, 3)], 1),
        cells_of(&[(1, 0), (1, 1), (1, 2), (1, 3)], 0),
        cells_of(&[(0, 2), (1, 2), (0, 0)], 1),
        cells_of(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 3)], 1),
        cells_of(&[(1, 3)], 0),
    ]
}
