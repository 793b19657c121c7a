//! KZG+ global (scheme name `kzg-plus-global`; docs/spec.md §5.8): KZG+ with
//! **one challenge for the whole file**.
//!
//! KZG+ draws a challenge `r_j` per shard, so every shard opens its own
//! polynomial `Q_j = Σ_i r_j^i P_i` and a verifier recomputes the combined
//! commitment `Σ_i r_j^i C_i` (an MSM of size `m`) for every shard. Here the
//! disperser first binds every shard's values with a Merkle root, and only
//! then draws one challenge:
//!
//! 1. **Commit.** The row commitments `C_i = [P_i(τ)]_1` as in KZG+, and the
//!    root `R` of the Merkle tree over the leaves `H(j, y_j)`
//!    ([`merkle`], the tree of `vidkit_core::merkle`). Commitment: KZG+'s and `R` (+32 bytes).
//! 2. **Challenge.** `r = FS("vidkit/kzg-plus-global/r/v1"; curve, (k, n, m,
//!    L, encoding), vk digest, h_C, R)` ([`global_challenge`]), where the
//!    digest `h_C` binds every row commitment.
//! 3. **Prove.** `Q = Σ_i r^i P_i` is the same for every shard (`m·k`
//!    multiplications once per file); shard `j`'s proof is the KZG opening
//!    `π_j` of `Q` at `α_j` and the shard's Merkle path (+`⌈log2 n⌉`·32 bytes
//!    and one length byte), all `n` of them from
//!    [`vidkit_kzg::multi_open::open_at_code_points`]. With the `fft` and
//!    `systematic` encodings the `α_j` are the powers of `ω`, and the
//!    openings come from [`vidkit_kzg::multi_open::open_subgroup`] (`k − 1` table MSMs of
//!    decreasing size and one G1 FFT of size `n'`, or FK20 for large `k`)
//!    where [`vidkit_kzg::multi_open::subgroup_pays`]; with `points`
//!    (`α_j = j`) from [`vidkit_kzg::multi_open::open_at_integers`] (`k − 1`
//!    table MSMs of the same shape for the forward differences at the
//!    first integer, then `k − 2` additions per opening); otherwise (a few coefficients on many points of a
//!    subgroup) one quotient and one table MSM of size `k − 1` each.
//! 4. **Verify.** Once per file ([`FileVerifier`], from
//!    [`KzgPlusGlobal::prepare`]): `r` and `c = Σ_i r^i C_i`. Per shard: the
//!    Merkle path from `H(j, y_j)` to `R`, `v = Σ_i r^i y_j[i]` (Horner, `m`
//!    multiplications) and `FE(ML(c − v·G + α_j·π_j, H)·ML(−π_j, [τ]_2)) == 1`:
//!    two Miller loops, no MSM.
//!
//! **Why one challenge is sound.** A shard passes iff its leaf is under `R`
//! and `Σ_i r^i (y_j[i] − P_i(α_j)) = 0` (KZG binding turns the pairing check
//! into `Q(α_j) = v`). The root fixes every `y_j` and `h_C` fixes every `P_i`
//! before `r` exists; so for a wrong shard (`y_j ≠ (P_i(α_j))_i`) the
//! left-hand side is a non-zero polynomial of degree `≤ m − 1` in `r`, zero
//! for at most `m − 1` values. With `n` shards, one hash query of the
//! disperser makes some wrong shard pass with probability at most about
//! `n·(m − 1)/|F|`. Without the root in the transcript, a disperser would
//! learn `r` first and then choose shards (any `y` with
//! `Σ r^i y[i] = Q(α_j)` passes): binding the values **before** the
//! challenge is what lets one challenge serve all shards.
//!
//! The keys, the row commitments, their digest and the prover's fixed-base
//! openings are KZG+'s ([`crate::KzgPlus`]): this scheme lives in the same
//! crate so that it shares them without widening KZG+'s public API.

mod commitment;
pub mod merkle;
mod proof;

pub use commitment::GlobalCommitment;
pub use proof::GlobalProof;

use crate::{KzgPlus, KzgPlusError, ProverKey, VerifierKey};
use ark_ec::{pairing::Pairing, CurveGroup};
use ark_ff::Zero;
use ark_std::{rand::RngCore, vec::Vec};
use merkle::MerkleTree;
use vidkit_core::{
    poly::{combine_rows, horner, powers},
    Encoded, Encoding, FileInfo, ReedSolomon, Scheme, Shard, Srs, SrsShape, Transcript,
};
use vidkit_kzg::multi_open;

/// The scheme's name in transcripts and reports.
pub const GLOBAL_NAME: &str = "kzg-plus-global";

/// The file's one challenge
/// `r = FS("vidkit/kzg-plus-global/r/v1"; curve, k, n, m, L, encoding,
/// vk digest, h_C, root)`. `h_C` (the row commitments' digest,
/// [`crate::Commitment::digest`]) binds the curve, the metadata and every
/// row commitment; the curve and metadata are absorbed here as well.
pub fn global_challenge<E: Pairing>(
    vk_digest: &[u8; 64],
    commitment: &GlobalCommitment<E>,
) -> E::ScalarField {
    let mut t = Transcript::new(&Transcript::dst(GLOBAL_NAME, "r"));
    t.append_curve::<E>();
    commitment.info().append_to(&mut t);
    t.append_bytes(b"vk", vk_digest);
    t.append_bytes(b"rows", commitment.inner().digest());
    t.append_bytes(b"root", commitment.root());
    t.challenge(b"r")
}

/// KZG+ global over the pairing `E` for a fixed Reed-Solomon code
/// `(k, n, encoding)`. Keys and setup are KZG+'s.
#[derive(Clone, Debug)]
pub struct KzgPlusGlobal<E: Pairing> {
    inner: KzgPlus<E>,
}

impl<E: Pairing> KzgPlusGlobal<E> {
    /// KZG+ global with `k` source shards, `n ≥ k` shards and the given
    /// evaluation domain.
    pub fn new(k: usize, n: usize, encoding: Encoding) -> Result<Self, KzgPlusError> {
        Ok(Self {
            inner: KzgPlus::new(k, n, encoding)?,
        })
    }

    /// The per-file half of verification: checks the commitment against this
    /// code and key, draws `r` and computes `c = Σ_i r^i C_i` (one MSM of
    /// size `m`). The returned [`FileVerifier`] checks any number of shards
    /// of this file without redoing it.
    pub fn prepare<'a>(
        &'a self,
        vk: &'a VerifierKey<E>,
        commitment: &'a GlobalCommitment<E>,
    ) -> Result<FileVerifier<'a, E>, KzgPlusError> {
        self.inner.check_commitment(vk, commitment.inner())?;
        let r = global_challenge(vk.digest(), commitment);
        let rows = commitment.inner().rows();
        let combined: E::G1 = vidkit_msm::msm(rows, &powers(r, rows.len()));
        Ok(FileVerifier {
            scheme: self,
            vk,
            commitment,
            r,
            combined,
            depth: merkle::depth(commitment.info().n),
        })
    }
}

/// A verifier of the shards of one file, with the per-file work done
/// ([`KzgPlusGlobal::prepare`]): the challenge `r` and the combined
/// commitment `c = Σ_i r^i C_i`. Each [`FileVerifier::verify`] costs one
/// Merkle path (`⌈log2 n⌉ + 1` hashes), `m` multiplications and a two-pair
/// multi-pairing.
///
/// ```
/// use ark_bls12_381::Bls12_381;
/// use vidkit_core::{Encoding, Scheme, Srs};
/// use vidkit_kzg_plus::KzgPlusGlobal;
///
/// let scheme = KzgPlusGlobal::<Bls12_381>::new(2, 5, Encoding::Fft).unwrap();
/// let srs = Srs::insecure_from_seed(1, 2, 2); // tests only!
/// let (pk, vk) = scheme.setup(&srs, 1_000).unwrap();
/// let d = scheme.disperse(&pk, b"one challenge for the whole file").unwrap();
/// let file = scheme.prepare(&vk, &d.commitment).unwrap(); // once per file
/// for (shard, proof) in d.shards.iter().zip(&d.proofs) {
///     assert!(file.verify(shard, proof).unwrap()); // two pairings each
/// }
/// ```
#[derive(Clone, Debug)]
pub struct FileVerifier<'a, E: Pairing> {
    scheme: &'a KzgPlusGlobal<E>,
    vk: &'a VerifierKey<E>,
    commitment: &'a GlobalCommitment<E>,
    r: E::ScalarField,
    combined: E::G1,
    depth: usize,
}

/// `(α_j, v_j)` of a shard whose path is checked, or `None` if the path does
/// not lead to the root.
type Checked<F> = Option<(F, F)>;

impl<E: Pairing> FileVerifier<'_, E> {
    /// The file's challenge `r`.
    pub fn challenge(&self) -> E::ScalarField {
        self.r
    }

    /// The combined commitment `c = Σ_i r^i C_i = [Q(τ)]_1`.
    pub fn combined_commitment(&self) -> E::G1Affine {
        self.combined.into_affine()
    }

    /// The commitment this verifier checks shards against.
    pub fn commitment(&self) -> &GlobalCommitment<E> {
        self.commitment
    }

    /// Validates a shard and its path length (`Err` if malformed), checks
    /// the Merkle path, and returns `(α_j, v_j = Σ_i r^i y_j[i])`.
    fn check(
        &self,
        shard: &Shard<E::ScalarField>,
        proof: &GlobalProof<E>,
    ) -> Result<Checked<E::ScalarField>, KzgPlusError> {
        self.commitment.info().check_shard(shard)?;
        if proof.path().len() != self.depth {
            return Err(KzgPlusError::PathLength {
                got: proof.path().len(),
                expected: self.depth,
            });
        }
        let alpha = self.scheme.inner.alpha(shard.index)?;
        let leaf = merkle::leaf(shard.index, &shard.values);
        let root = merkle::root_from_path(shard.index, leaf, proof.path(), self.depth);
        if root.as_ref() != Some(self.commitment.root()) {
            return Ok(None);
        }
        Ok(Some((alpha, horner(&shard.values, self.r))))
    }

    /// Checks one shard: `Ok(true)` accept, `Ok(false)` reject (values not
    /// under the root, or a wrong opening), `Err` for malformed input
    /// (length, index, path length).
    pub fn verify(
        &self,
        shard: &Shard<E::ScalarField>,
        proof: &GlobalProof<E>,
    ) -> Result<bool, KzgPlusError> {
        let Some((alpha, v)) = self.check(shard, proof)? else {
            return Ok(false);
        };
        let kzg = self.vk.kzg();
        let pi = *proof.pi();
        Ok(kzg.check_opening(self.combined, alpha, v, pi))
    }

    /// Checks many shards of this file at once; `Ok(true)` iff every one of
    /// them would verify. Every path is checked; the openings are merged
    /// with verifier-private 128-bit `ρ_u` from `rng` into one two-pair
    /// multi-pairing: `FE(ML((Σρ_u)·c − (Σρ_u v_u)·G + Σρ_u α_u π_u, H) ·
    /// ML(−Σρ_u π_u, [τ]_2)) == 1` (two MSMs of size `t`).
    pub fn batch_verify<R: RngCore + ?Sized>(
        &self,
        items: &[(&Shard<E::ScalarField>, &GlobalProof<E>)],
        rng: &mut R,
    ) -> Result<bool, KzgPlusError> {
        let mut checked = Vec::with_capacity(items.len());
        let mut all_paths = true;
        for (shard, proof) in items {
            match self.check(shard, proof)? {
                Some(c) => checked.push(c),
                None => all_paths = false,
            }
        }
        if !all_paths {
            return Ok(false);
        }
        if items.is_empty() {
            return Ok(true);
        }
        let rho: Vec<E::ScalarField> = vidkit_kzg::random_coefficients(items.len(), rng);
        let (mut sum, mut value) = (E::ScalarField::zero(), E::ScalarField::zero());
        let mut rho_alpha = Vec::with_capacity(items.len());
        for (&(alpha, v), &rho_u) in checked.iter().zip(&rho) {
            sum += rho_u;
            value += rho_u * v;
            rho_alpha.push(rho_u * alpha);
        }
        let proofs: Vec<E::G1Affine> = items.iter().map(|(_, p)| *p.pi()).collect();
        let a: E::G1 = vidkit_msm::msm(&proofs, &rho_alpha);
        let b: E::G1 = vidkit_msm::msm(&proofs, &rho);
        let kzg = self.vk.kzg();
        Ok(kzg.pairing_check(self.combined * sum - kzg.g_times(value) + a, -b))
    }
}

impl<E: Pairing> Scheme for KzgPlusGlobal<E> {
    type Curve = E;
    type Srs = Srs<E>;
    type ProverKey = ProverKey<E>;
    type VerifierKey = VerifierKey<E>;
    type Commitment = GlobalCommitment<E>;
    type Proof = GlobalProof<E>;
    /// The Merkle tree over the shards (for their paths).
    type ProverHint = MerkleTree;
    type Error = KzgPlusError;

    const NAME: &'static str = GLOBAL_NAME;
    const TRAPDOORS: usize = 1;

    fn code(&self) -> &ReedSolomon<E::ScalarField> {
        self.inner.code()
    }

    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, KzgPlusError> {
        self.inner.srs_shape(max_bytes)
    }

    fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<Srs<E>, KzgPlusError> {
        self.inner.srs_from_powers(powers)
    }

    fn setup(
        &self,
        srs: &Srs<E>,
        max_bytes: usize,
    ) -> Result<(ProverKey<E>, VerifierKey<E>), KzgPlusError> {
        self.inner.setup(srs, max_bytes)
    }

    fn commit(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<(GlobalCommitment<E>, MerkleTree), KzgPlusError> {
        // checks the file (n shards, shard j at position j, m values each)
        let rows = self.inner.commit_rows(pk, encoded)?;
        let tree = merkle::tree(&encoded.shards).expect("n ≥ 1 shards (checked)");
        Ok((GlobalCommitment::new(rows, tree.root()), tree))
    }

    fn prove(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
        commitment: &GlobalCommitment<E>,
        tree: &MerkleTree,
    ) -> Result<Vec<GlobalProof<E>>, KzgPlusError> {
        self.inner
            .check_prove_inputs(pk, encoded, commitment.inner())?;
        let (k, n) = (self.code().k(), self.code().n());
        if tree.len() != n || &tree.root() != commitment.root() {
            return Err(KzgPlusError::HintMismatch);
        }
        let r = global_challenge(pk.verifier_key().digest(), commitment);
        // Q = Σ_i r^i P_i, once for the file
        let q = combine_rows(&encoded.coefficients, k, r);
        // all n openings of Q together (one G1 FFT with a root-of-unity code)
        let openings = multi_open::open_at_code_points(&pk.ck, &q, self.code())?;
        openings
            .into_iter()
            .enumerate()
            .map(|(j, pi)| GlobalProof::new(pi, tree.path(j).expect("j < n")))
            .collect()
    }

    fn verify(
        &self,
        vk: &VerifierKey<E>,
        commitment: &GlobalCommitment<E>,
        shard: &Shard<E::ScalarField>,
        proof: &GlobalProof<E>,
    ) -> Result<bool, KzgPlusError> {
        self.prepare(vk, commitment)?.verify(shard, proof)
    }

    fn batch_verify<R: RngCore + ?Sized>(
        &self,
        vk: &VerifierKey<E>,
        commitment: &GlobalCommitment<E>,
        items: &[(&Shard<E::ScalarField>, &GlobalProof<E>)],
        rng: &mut R,
    ) -> Result<bool, KzgPlusError> {
        self.prepare(vk, commitment)?.batch_verify(items, rng)
    }

    /// Prepares the file once ([`KzgPlusGlobal::prepare`]), then checks each
    /// shard with its path and two Miller loops (with `parallel`, the shards
    /// on the rayon pool, [`vidkit_core::pool::map_items`]).
    fn verify_shards(
        &self,
        vk: &VerifierKey<E>,
        commitment: &GlobalCommitment<E>,
        items: &[(&Shard<E::ScalarField>, &GlobalProof<E>)],
    ) -> Result<Vec<bool>, KzgPlusError> {
        let file = self.prepare(vk, commitment)?;
        vidkit_core::pool::map_items(items, |(s, p)| file.verify(s, p))
            .into_iter()
            .collect()
    }

    fn file_info<'a>(&self, commitment: &'a GlobalCommitment<E>) -> &'a FileInfo {
        commitment.info()
    }

    fn proof_from_bytes(
        &self,
        info: &FileInfo,
        bytes: &[u8],
    ) -> Result<GlobalProof<E>, KzgPlusError> {
        GlobalProof::from_bytes(bytes, info)
    }
}
