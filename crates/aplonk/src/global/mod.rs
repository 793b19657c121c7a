//! aPlonK global (scheme name `aplonk-global`; docs/spec.md §7.9):
//! aPlonK-PC with **one challenge for the whole file**.
//!
//! aPlonK-PC draws a challenge `r_j` per shard, so every shard proves its
//! own `μ̂_j = ⟨μ, (r_j^i)⟩` with a whole `κ`-round inner-product argument
//! and a G2 opening `π_ck`. Here the disperser first binds every shard's
//! values with a Merkle root, and only then draws one challenge:
//!
//! 1. **Commit.** `com_f` as in aPlonK-PC, and the root `R` of the Merkle
//!    tree over the leaves `H(j, y_j)` ([`vidkit_core::merkle`], leaf tag
//!    [`LEAF_DST`]). Commitment: aPlonK-PC's and `R` (+32 bytes).
//! 2. **Challenge.** `r = FS("vidkit/aplonk-global/r/v1"; curve, (k, n, m,
//!    L, encoding), m', vk digest, com_f, R)`.
//! 3. **Prove.** `f = Σ_i r^i P_i`, `μ̂ = ⟨μ, (r^i)⟩`, the IPA and `π_ck`
//!    depend only on `(com_f, r)`: they are proved **once per file** (the
//!    [`FileProof`], continuing the same transcript). Shard `j`'s proof is
//!    that per-file part, the KZG(σ) opening `π_j` of `f` at `α_j` and the
//!    shard's Merkle path (+`⌈log2 n⌉`·32 bytes and one length byte).
//! 4. **Verify.** Once per file ([`FileVerifier`], from
//!    [`AplonkGlobal::prepare`]): `r`, and the per-file part, checked the
//!    first time it is seen and then cached (a shard that carries other
//!    per-file bytes has them checked in full, never taken from the cache).
//!    Per shard: the Merkle path from `H(j, y_j)` to `R`,
//!    `v̂_j = Σ_i r^i y_j[i]` (`m` multiplications) and
//!    `e(μ̂ − v̂_j·G + α_j·π_j, H) = e(π_j, [σ]_2)`: two Miller loops.
//!
//! **Why one challenge is sound.** The per-file part proves that `μ̂` is
//! the KZG(σ) commitment to `f = Σ_i r^i P_i` for the rows `P_i` inside
//! `com_f`; a shard then passes iff its leaf is under `R` and
//! `Σ_i r^i (y_j[i] − P_i(α_j)) = 0`. The root fixes every `y_j` and `com_f`
//! every `P_i` before `r` exists, so for a wrong shard the left-hand side
//! is a non-zero polynomial of degree `≤ m − 1` in `r`: with `n` shards one
//! hash query of the disperser makes some wrong shard pass with
//! probability at most about `n·(m − 1)/|F|`.

mod commitment;
mod proof;

pub use commitment::GlobalCommitment;
pub use proof::{FileProof, GlobalProof};

use crate::{
    commitment::rounds, poly, prove::FileProver, transcript::ShardTranscript, Aplonk, AplonkError,
    AplonkSrs, ProverKey, RowCommitments, VerifierKey,
};
use ark_ec::{
    pairing::{Pairing, PairingOutput},
    AffineRepr, CurveGroup,
};
use ark_ff::{batch_inversion, Field, One, Zero};
use ark_std::{rand::RngCore, vec::Vec};
use vidkit_core::{
    merkle::{self, MerkleTree},
    Encoded, Encoding, FileInfo, ReedSolomon, Scheme, Shard, Srs, SrsShape,
};
use vidkit_pairing::PairingProduct;

/// The scheme's name in transcripts and reports.
pub const GLOBAL_NAME: &str = "aplonk-global";

/// Domain-separation tag of aPlonK global's Merkle leaves and padding leaves.
pub const LEAF_DST: &[u8] = b"vidkit/aplonk-global/leaf/v1";

/// The file's one challenge `r` (see the module docs); the prover and
/// [`AplonkGlobal::prepare`] draw it the same way.
pub fn global_challenge<E: Pairing>(
    vk_digest: &[u8; 64],
    commitment: &GlobalCommitment<E>,
) -> E::ScalarField {
    ShardTranscript::global::<E>(vk_digest, commitment.inner(), commitment.root()).1
}

/// What aPlonK global's `commit` hands to `prove`: aPlonK-PC's row
/// commitments and the Merkle tree over the shards (for their paths).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalHint<E: Pairing> {
    /// The row commitments `μ_i = [P_i(σ)]_1`.
    pub rows: RowCommitments<E>,
    /// The Merkle tree over the shards.
    pub tree: MerkleTree,
}

/// aPlonK global over the pairing `E` for a fixed Reed-Solomon code
/// `(k, n, encoding)`. Keys and setup are aPlonK-PC's.
pub struct AplonkGlobal<E: Pairing> {
    inner: Aplonk<E>,
}

impl<E: Pairing> AplonkGlobal<E> {
    /// aPlonK global with `k` source shards, `n ≥ k` shards and the given
    /// evaluation domain.
    pub fn new(k: usize, n: usize, encoding: Encoding) -> Result<Self, AplonkError> {
        Ok(Self {
            inner: Aplonk::new(k, n, encoding)?,
        })
    }

    /// The per-file half of verification: checks the commitment against
    /// this code and key and draws `r`. The returned [`FileVerifier`] checks
    /// any number of shards of this file, the per-file part of their proofs
    /// once.
    pub fn prepare<'a>(
        &'a self,
        vk: &'a VerifierKey<E>,
        commitment: &'a GlobalCommitment<E>,
    ) -> Result<FileVerifier<'a, E>, AplonkError> {
        self.inner.check_input(vk, commitment.inner())?;
        let (transcript, r) =
            ShardTranscript::global::<E>(vk.digest(), commitment.inner(), commitment.root());
        Ok(FileVerifier {
            scheme: self,
            vk,
            commitment,
            transcript,
            r,
            depth: merkle::depth(commitment.info().n),
            verified: None,
        })
    }
}

/// A verifier of the shards of one file ([`AplonkGlobal::prepare`]): the
/// challenge `r` and the per-file transcript are computed once, and the
/// per-file part of the proofs ([`FileProof`]) is verified the first time
/// it is seen and kept. A shard whose proof carries the kept per-file part
/// costs one Merkle path, `m` multiplications and a two-pair multi-pairing;
/// one with another per-file part has it verified in full (and, if it
/// passes, kept instead).
///
/// ```
/// use ark_bls12_381::Bls12_381;
/// use vidkit_aplonk::{AplonkGlobal, AplonkSrs};
/// use vidkit_core::{Encoding, Scheme};
///
/// let scheme = AplonkGlobal::<Bls12_381>::new(2, 5, Encoding::Fft).unwrap();
/// let srs = AplonkSrs::insecure_from_seeds(1, 2, 2, 8); // tests only!
/// let (pk, vk) = scheme.setup(&srs, 200).unwrap();
/// let d = scheme.disperse(&pk, b"one challenge for the whole file").unwrap();
/// let mut file = scheme.prepare(&vk, &d.commitment).unwrap(); // once per file
/// for (shard, proof) in d.shards.iter().zip(&d.proofs) {
///     assert!(file.verify(shard, proof).unwrap()); // two pairings each after the first
/// }
/// ```
pub struct FileVerifier<'a, E: Pairing> {
    scheme: &'a AplonkGlobal<E>,
    vk: &'a VerifierKey<E>,
    commitment: &'a GlobalCommitment<E>,
    /// The per-file transcript after `r`.
    transcript: ShardTranscript,
    r: E::ScalarField,
    depth: usize,
    /// The last per-file part that passed [`FileVerifier::check_file_proof`].
    verified: Option<FileProof<E>>,
}

/// `(α_j, v̂_j)` of a shard whose path is checked, or `None` if the path
/// does not lead to the root.
type Checked<F> = Option<(F, F)>;

impl<E: Pairing> FileVerifier<'_, E> {
    /// The file's challenge `r`.
    pub fn challenge(&self) -> E::ScalarField {
        self.r
    }

    /// The commitment this verifier checks shards against.
    pub fn commitment(&self) -> &GlobalCommitment<E> {
        self.commitment
    }

    /// The per-file part this verifier has checked and kept, if any.
    pub fn verified_file_proof(&self) -> Option<&FileProof<E>> {
        self.verified.as_ref()
    }

    /// Checks the per-file part: the IPA (G1 and G_T sides) and the G2
    /// opening of the final key, merged into one multi-pairing with
    /// coefficients drawn from the transcript after `π_ck` (docs/spec.md
    /// §7.6, checks 2–4). `Ok(true)` keeps it for the following shards;
    /// a part equal to the kept one is not checked again. `Err` for a
    /// wrong round count or an identity `G_0`.
    pub fn check_file_proof(&mut self, part: &FileProof<E>) -> Result<bool, AplonkError> {
        if self.verified.as_ref() == Some(part) {
            return Ok(true);
        }
        let ok = self.verify_file_proof(part)?;
        if ok {
            self.verified = Some(part.clone());
        }
        Ok(ok)
    }

    fn verify_file_proof(&self, part: &FileProof<E>) -> Result<bool, AplonkError> {
        let info = self.commitment.info();
        part.check_rounds(info.m)?;
        if part.g_0.is_zero() {
            return Err(AplonkError::IdentityPoint { what: "G_0" });
        }
        let mut t = self.transcript.clone();
        t.mu_hat::<E>(&part.mu_hat);
        let us: Vec<E::ScalarField> = part.rounds.iter().map(|rd| t.round::<E>(rd)).collect();
        let mut u_invs = us.clone();
        batch_inversion(&mut u_invs);
        let rho = t.final_key::<E>(&part.mu_0, &part.g_0);
        let d = t.merge_coefficients::<E>(&part.pi_ck, 2);
        let (d3, d4) = (d[0], d[1]);
        let r_0 = poly::g_eval(&us, &u_invs, self.r);
        let v_rho = poly::g_eval(&us, &u_invs, rho);
        let vk = self.vk;
        // paired with H: δ3·v_ρ·G + δ4(r_0·μ_0 − μ̂ − Σ(u²L_r + u⁻²R_r))
        let kappa = rounds(info.m);
        let mut bases = Vec::with_capacity(2 * kappa + 3);
        let mut scalars = Vec::with_capacity(2 * kappa + 3);
        bases.push(vk.g);
        scalars.push(d3 * v_rho);
        bases.push(part.mu_0);
        scalars.push(d4 * r_0);
        bases.push(part.mu_hat);
        scalars.push(-d4);
        let mut gt_bases = Vec::with_capacity(2 * kappa + 1);
        let mut gt_scalars = Vec::with_capacity(2 * kappa + 1);
        for ((round, u), ui) in part.rounds.iter().zip(&us).zip(&u_invs) {
            let (x, xi) = (u.square(), ui.square());
            bases.push(round.l_r);
            scalars.push(-(d4 * x));
            bases.push(round.r_r);
            scalars.push(-(d4 * xi));
            gt_bases.push(round.l_g);
            gt_scalars.push(x);
            gt_bases.push(round.r_g);
            gt_scalars.push(xi);
        }
        let h_point: E::G1 = vidkit_msm::msm(&bases, &scalars);
        let g1 = E::G1::normalize_batch(&[
            h_point,
            part.mu_0.into_group() - vk.row.g_times(d3),
            (vk.tau_g.into_group() - vk.row.g_times(rho)) * d3,
        ]);
        let mut product = PairingProduct::with_capacity(3);
        product
            .add_fixed(g1[0], vk.row.h_prepared())
            .add(g1[1], part.g_0)
            .add(g1[2], part.pi_ck);
        let lhs = product.try_evaluate();
        gt_bases.push(*self.commitment.inner().com_f());
        gt_scalars.push(E::ScalarField::one());
        let rhs: PairingOutput<E> = vidkit_msm::gt_msm::<E>(&gt_bases, &gt_scalars);
        Ok(lhs == Some(rhs))
    }

    /// Validates a shard and its path length (`Err` if malformed), checks
    /// the Merkle path, and returns `(α_j, v̂_j = Σ_i r^i y_j[i])`.
    fn check(
        &self,
        shard: &Shard<E::ScalarField>,
        proof: &GlobalProof<E>,
    ) -> Result<Checked<E::ScalarField>, AplonkError> {
        let info = self.commitment.info();
        info.check_shard(shard)?;
        if proof.path().len() != self.depth {
            return Err(AplonkError::PathLength {
                got: proof.path().len(),
                expected: self.depth,
            });
        }
        proof.file().check_rounds(info.m)?;
        let alpha = self
            .scheme
            .inner
            .code()
            .point(shard.index)
            .map_err(vidkit_core::Error::from)?;
        let leaf = merkle::leaf(LEAF_DST, shard.index, &shard.values);
        let root = merkle::root_from_path(shard.index, leaf, proof.path(), self.depth);
        if root.as_ref() != Some(self.commitment.root()) {
            return Ok(None);
        }
        Ok(Some((alpha, poly::horner(&shard.values, self.r))))
    }

    /// Checks one shard: `Ok(true)` accept, `Ok(false)` reject (values not
    /// under the root, a wrong per-file part or a wrong opening), `Err` for
    /// malformed input (length, index, path length, round count).
    pub fn verify(
        &mut self,
        shard: &Shard<E::ScalarField>,
        proof: &GlobalProof<E>,
    ) -> Result<bool, AplonkError> {
        let Some((alpha, v)) = self.check(shard, proof)? else {
            return Ok(false);
        };
        if !self.check_file_proof(proof.file())? {
            return Ok(false);
        }
        Ok(self
            .vk
            .row
            .check_opening(proof.file().mu_hat.into_group(), alpha, v, *proof.pi()))
    }

    /// Checks each of `items` alone: exactly `items.map(verify)` (on
    /// malformed input, the error of the first malformed item), with the
    /// paths and the openings on the rayon pool with `parallel`
    /// ([`vidkit_core::pool::map_items`]) and the per-file parts checked in item
    /// order (each distinct part once). The openings do not depend on the
    /// per-file check, so they run beside it ([`vidkit_core::pool::join`]);
    /// a shard passes only if its path, its per-file part and its opening
    /// all check.
    pub fn verify_each(
        &mut self,
        items: &[(&Shard<E::ScalarField>, &GlobalProof<E>)],
    ) -> Result<Vec<bool>, AplonkError> {
        let checked = vidkit_core::pool::map_items(items, |(s, p)| self.check(s, p));
        let row = &self.vk.row;
        let (paths_and_files, openings) = vidkit_core::pool::join(
            || {
                // in item order, as `verify` would meet them: the first error wins
                let mut passed = Vec::with_capacity(items.len());
                for (c, (_, proof)) in checked.iter().zip(items) {
                    passed.push(match c {
                        Err(e) => return Err(e.clone()),
                        Ok(Some(_)) => self.check_file_proof(proof.file())?,
                        Ok(None) => false,
                    });
                }
                Ok(passed)
            },
            || {
                let with_items: Vec<_> = checked.iter().zip(items).collect();
                vidkit_core::pool::map_items(&with_items, |(c, (_, proof))| match c {
                    Ok(Some((alpha, v))) => {
                        row.check_opening(proof.file().mu_hat.into_group(), *alpha, *v, *proof.pi())
                    }
                    _ => false,
                })
            },
        );
        Ok(paths_and_files?
            .into_iter()
            .zip(openings)
            .map(|(passed, opening)| passed && opening)
            .collect())
    }

    /// Checks many shards of this file at once; `Ok(true)` iff every one of
    /// them would verify. Every path is checked, every distinct per-file
    /// part once (beside the merged openings, which do not need them,
    /// [`vidkit_core::pool::join`]); the openings are merged with verifier-private 128-bit
    /// `ρ_u` from `rng` into one two-pair multi-pairing:
    /// `FE(ML(Σρ_u(μ̂_u − v̂_u·G + α_u·π_u), H)·ML(−Σρ_u π_u, [σ]_2)) == 1`.
    pub fn batch_verify<R: RngCore + ?Sized>(
        &mut self,
        items: &[(&Shard<E::ScalarField>, &GlobalProof<E>)],
        rng: &mut R,
    ) -> Result<bool, AplonkError> {
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
        let row = &self.vk.row;
        // the merged openings do not need the per-file parts: beside them
        let (files, openings) = vidkit_core::pool::join(
            || -> Result<bool, AplonkError> {
                // in item order: the first error, or the first failure, wins
                for (_, proof) in items {
                    if !self.check_file_proof(proof.file())? {
                        return Ok(false);
                    }
                }
                Ok(true)
            },
            || {
                let mut bases = Vec::with_capacity(2 * items.len() + 1);
                let mut scalars = Vec::with_capacity(2 * items.len() + 1);
                let mut value = E::ScalarField::zero();
                for ((&(alpha, v), (_, proof)), &rho_u) in checked.iter().zip(items).zip(&rho) {
                    bases.push(proof.file().mu_hat);
                    scalars.push(rho_u);
                    bases.push(*proof.pi());
                    scalars.push(rho_u * alpha);
                    value += rho_u * v;
                }
                let a = vidkit_msm::msm::<E::G1>(&bases, &scalars) - row.g_times(value);
                let pis: Vec<E::G1Affine> = items.iter().map(|(_, p)| *p.pi()).collect();
                let b: E::G1 = vidkit_msm::msm(&pis, &rho);
                row.pairing_check(a, -b)
            },
        );
        Ok(files? && openings)
    }
}

impl<E: Pairing> Scheme for AplonkGlobal<E> {
    type Curve = E;
    type Srs = AplonkSrs<E>;
    type ProverKey = ProverKey<E>;
    type VerifierKey = VerifierKey<E>;
    type Commitment = GlobalCommitment<E>;
    type Proof = GlobalProof<E>;
    /// aPlonK-PC's row commitments and the Merkle tree over the shards.
    type ProverHint = GlobalHint<E>;
    type Error = AplonkError;

    const NAME: &'static str = GLOBAL_NAME;
    /// σ (row KZG) and τ (IPA key), independent, as for aPlonK-PC.
    const TRAPDOORS: usize = 2;

    fn code(&self) -> &ReedSolomon<E::ScalarField> {
        self.inner.code()
    }

    fn srs_shape(&self, max_bytes: usize) -> Result<Vec<SrsShape>, AplonkError> {
        self.inner.srs_shape(max_bytes)
    }

    fn srs_from_powers(&self, powers: Vec<Srs<E>>) -> Result<AplonkSrs<E>, AplonkError> {
        self.inner.srs_from_powers(powers)
    }

    fn setup(
        &self,
        srs: &AplonkSrs<E>,
        max_bytes: usize,
    ) -> Result<(ProverKey<E>, VerifierKey<E>), AplonkError> {
        self.inner.setup(srs, max_bytes)
    }

    fn commit(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
    ) -> Result<(GlobalCommitment<E>, GlobalHint<E>), AplonkError> {
        // checks the file (n shards, shard j at position j, m values each)
        let (inner, rows) = self.inner.commit(pk, encoded)?;
        let tree = MerkleTree::new(LEAF_DST, &encoded.shards).expect("n ≥ 1 shards (checked)");
        Ok((
            GlobalCommitment::new(inner, tree.root()),
            GlobalHint { rows, tree },
        ))
    }

    fn prove(
        &self,
        pk: &ProverKey<E>,
        encoded: &Encoded<E::ScalarField>,
        commitment: &GlobalCommitment<E>,
        hint: &GlobalHint<E>,
    ) -> Result<Vec<GlobalProof<E>>, AplonkError> {
        let info = commitment.info();
        let code = self.inner.code();
        info.check(code)?;
        if encoded.info != *info {
            return Err(vidkit_core::Error::ParameterMismatch {
                what: "file metadata (m)",
                got: encoded.info.m as u64,
                expected: info.m as u64,
            }
            .into());
        }
        // n shards, shard j at position j, m values each
        encoded.check(code, pk.m_max)?;
        if hint.rows.mu.len() != info.m {
            return Err(AplonkError::HintLength {
                got: hint.rows.mu.len(),
                expected: info.m,
            });
        }
        let n = code.n();
        if hint.tree.len() != n || &hint.tree.root() != commitment.root() {
            return Err(AplonkError::HintMismatch);
        }
        let k = code.k();
        pk.sigma.require(k)?;
        let (t, r) =
            ShardTranscript::global::<E>(&pk.vk_digest, commitment.inner(), commitment.root());
        // one IPA for the file
        let prover = FileProver::new(
            pk,
            commitment.inner(),
            &hint.rows.mu,
            &encoded.coefficients,
            k,
            1,
        );
        // the IPA's rounds are sequential and leave threads idle: the n
        // openings of `f = Σ r^i P_i` (independent of the IPA) run beside it
        let (file, pis) = vidkit_core::pool::join(
            || prover.file_part(t, r),
            || {
                let f = poly::combine_rows(&encoded.coefficients, k, r);
                vidkit_kzg::multi_open::open_at_code_points(&pk.sigma, &f, code)
            },
        );
        Ok(pis?
            .into_iter()
            .enumerate()
            .map(|(j, pi)| {
                GlobalProof::from_prover(file.clone(), pi, hint.tree.path(j).expect("j < n"))
            })
            .collect())
    }

    fn verify(
        &self,
        vk: &VerifierKey<E>,
        commitment: &GlobalCommitment<E>,
        shard: &Shard<E::ScalarField>,
        proof: &GlobalProof<E>,
    ) -> Result<bool, AplonkError> {
        self.prepare(vk, commitment)?.verify(shard, proof)
    }

    fn batch_verify<R: RngCore + ?Sized>(
        &self,
        vk: &VerifierKey<E>,
        commitment: &GlobalCommitment<E>,
        items: &[(&Shard<E::ScalarField>, &GlobalProof<E>)],
        rng: &mut R,
    ) -> Result<bool, AplonkError> {
        self.prepare(vk, commitment)?.batch_verify(items, rng)
    }

    /// Prepares the file once ([`AplonkGlobal::prepare`]), verifies the
    /// per-file part once, then checks each shard with its path and two
    /// Miller loops ([`FileVerifier::verify_each`]: with `parallel`, the
    /// shards on the rayon pool).
    fn verify_shards(
        &self,
        vk: &VerifierKey<E>,
        commitment: &GlobalCommitment<E>,
        items: &[(&Shard<E::ScalarField>, &GlobalProof<E>)],
    ) -> Result<Vec<bool>, AplonkError> {
        self.prepare(vk, commitment)?.verify_each(items)
    }

    fn file_info<'a>(&self, commitment: &'a GlobalCommitment<E>) -> &'a FileInfo {
        commitment.info()
    }

    /// [`GlobalProof::from_bytes`]: the round count, the path length and the
    /// byte length are checked against `info` before any point is decoded.
    fn proof_from_bytes(
        &self,
        info: &FileInfo,
        bytes: &[u8],
    ) -> Result<GlobalProof<E>, AplonkError> {
        GlobalProof::from_bytes(bytes, info)
    }
}
