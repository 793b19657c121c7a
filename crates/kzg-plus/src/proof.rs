//! The KZG+ proof of one shard: a single G1 point `π_j = [W_j(τ)]_1`
//! (docs/spec.md §5.3). Deserialization with validation checks that the point
//! is on the curve and in the prime-order subgroup.

use ark_ec::pairing::Pairing;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};

/// One aggregated KZG opening per shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct Proof<E: Pairing> {
    /// `[W_j(τ)]_1` with `W_j = (Q_j − Q_j(α_j))/(X − α_j)`.
    pub pi: E::G1Affine,
}
