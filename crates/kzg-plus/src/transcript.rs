//! The per-shard challenge `r_j` (docs/spec.md §5.3, §5.6).
//!
//! Sound transcript (the default):
//! `r_j = FS("vidkit/kzg-plus/r/v1", vk digest, h_C, j, α_j, y_j[0..m))`, where
//! `h_C` already binds the curve, (k, n, m, L, encoding) and every row
//! commitment. Because the commitments are hashed, the rows `P_i` are fixed
//! before `r_j` is known, and a wrong shard passes only with probability
//! `≤ (m − 1)/r` per hash query (Schwartz–Zippel in `r`).
//!
//! The seed paper (eq. 2/5) and komodo use `r = H(y_j)` only. That lets a
//! malicious disperser pick inconsistent shards first and *then* solve for row
//! polynomials that open to them (§5.6). It is kept, behind the
//! `paper-faithful` feature, as `TranscriptMode::PaperUnsound` solely to
//! reproduce that attack in tests (T-20) and to measure the paper's variant.

use crate::NAME;
use ark_ff::PrimeField;
use vidkit_core::Transcript;

/// Which Fiat–Shamir transcript derives `r_j`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum TranscriptMode {
    /// Binds the verifier key, all commitments, the metadata, the index, the
    /// point and the shard values (this crate's default; sound).
    #[default]
    Sound,
    /// **UNSOUND** — the seed paper's / komodo's `r = H(y_j)`. Only for tests
    /// that reproduce the attack of docs/spec.md §5.6 and for paper-faithful
    /// measurements.
    #[cfg(feature = "paper-faithful")]
    PaperUnsound,
}

/// The challenge `r_j` for shard `j` with point `alpha` and values `values`.
pub fn shard_challenge<F: PrimeField>(
    mode: TranscriptMode,
    vk_digest: &[u8; 64],
    commitment_digest: &[u8; 64],
    j: usize,
    alpha: F,
    values: &[F],
) -> F {
    match mode {
        TranscriptMode::Sound => {
            let mut t = Transcript::new(&Transcript::dst(NAME, "r"));
            t.append_bytes(b"vk", vk_digest);
            t.append_bytes(b"commitment", commitment_digest);
            t.append_u64(b"j", j as u64);
            t.append(b"alpha", &alpha);
            t.append(b"y", values);
            t.challenge(b"r")
        }
        #[cfg(feature = "paper-faithful")]
        TranscriptMode::PaperUnsound => {
            let mut t = Transcript::new(&Transcript::dst(NAME, "paper-r-unsound"));
            t.append(b"y", values);
            t.challenge(b"r")
        }
    }
}
