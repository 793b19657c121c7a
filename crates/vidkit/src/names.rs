//! Names of the schemes and curves the facade can dispatch to.
//!
//! The textual names are stable: they appear on the command line, in the
//! headers of the files the `vidkit` tool writes, and in sweep results.

use core::{fmt, str::FromStr};

/// One of the dispersal schemes of vidkit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SchemeName {
    /// One KZG opening per row and shard (`vidkit-kzg`, name `kzg`).
    Kzg,
    /// KZG+: one aggregated KZG proof per shard (`vidkit-kzg-plus`, name `kzg-plus`).
    KzgPlus,
    /// KZG+ global: one challenge per file bound to a Merkle root of the
    /// shards, one opening of one polynomial and a Merkle path per shard
    /// (`vidkit-kzg-plus`, name `kzg-plus-global`).
    KzgPlusGlobal,
    /// aPlonK-PC: meta-commitment in G_T and an IPA (`vidkit-aplonk`, name `aplonk`).
    Aplonk,
    /// aPlonK global: one challenge per file bound to a Merkle root of the
    /// shards, one IPA per file and one opening and a Merkle path per shard
    /// (`vidkit-aplonk`, name `aplonk-global`).
    AplonkGlobal,
    /// KZG cells: the file as a few polynomials, a shard as one coset of
    /// evaluations of each, one FK20 multi-proof per shard, folded over the
    /// polynomials (`vidkit-kzg-cells`, name `kzg-cells`; cells of
    /// [`crate::dispatch::KZG_CELLS_CELL`] elements).
    KzgCells,
    /// Semi-AVID-PR: k column commitments, checked by homomorphism (`vidkit-semi-avid`, name `semi-avid`).
    SemiAvid,
}

impl SchemeName {
    /// Every scheme, in a fixed order.
    pub const ALL: [SchemeName; 7] = [
        SchemeName::Kzg,
        SchemeName::KzgPlus,
        SchemeName::KzgPlusGlobal,
        SchemeName::Aplonk,
        SchemeName::AplonkGlobal,
        SchemeName::KzgCells,
        SchemeName::SemiAvid,
    ];

    /// The stable lowercase name (`kzg`, `kzg-plus`, `kzg-plus-global`,
    /// `aplonk`, `aplonk-global`, `kzg-cells`, `semi-avid`).
    pub fn name(self) -> &'static str {
        match self {
            SchemeName::Kzg => "kzg",
            SchemeName::KzgPlus => "kzg-plus",
            SchemeName::KzgPlusGlobal => "kzg-plus-global",
            SchemeName::Aplonk => "aplonk",
            SchemeName::AplonkGlobal => "aplonk-global",
            SchemeName::KzgCells => "kzg-cells",
            SchemeName::SemiAvid => "semi-avid",
        }
    }

    /// Whether the scheme's crate is compiled into this build (its cargo
    /// feature is on and the crate is wired in); [`crate::dispatch()`] fails with
    /// [`crate::Error::SchemeUnavailable`] otherwise.
    pub fn is_available(self) -> bool {
        crate::dispatch::scheme_available(self)
    }

    /// The schemes compiled into this build, in [`SchemeName::ALL`] order.
    pub fn available() -> Vec<SchemeName> {
        Self::ALL.into_iter().filter(|s| s.is_available()).collect()
    }
}

impl fmt::Display for SchemeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error of [`SchemeName::from_str`].
#[derive(thiserror::Error, Debug, Clone, Copy, PartialEq, Eq)]
#[error(
    "unknown scheme name (expected kzg, kzg-plus, kzg-plus-global, aplonk, aplonk-global, kzg-cells or semi-avid)"
)]
pub struct UnknownScheme;

impl FromStr for SchemeName {
    type Err = UnknownScheme;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|x| x.name() == s)
            .ok_or(UnknownScheme)
    }
}

/// One of the pairing-friendly curves of vidkit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CurveName {
    /// BLS12-381 (`ark-bls12-381`, name `bls12-381`).
    Bls12_381,
    /// BN254 (`ark-bn254`, name `bn254`).
    Bn254,
    /// BLS24-317 (`vidkit-bls24-317`, name `bls24-317`, feature `bls24-317`).
    Bls24_317,
}

impl CurveName {
    /// Every curve, in a fixed order.
    pub const ALL: [CurveName; 3] = [CurveName::Bls12_381, CurveName::Bn254, CurveName::Bls24_317];

    /// The stable lowercase name (`bls12-381`, `bn254`, `bls24-317`).
    pub fn name(self) -> &'static str {
        match self {
            CurveName::Bls12_381 => "bls12-381",
            CurveName::Bn254 => "bn254",
            CurveName::Bls24_317 => "bls24-317",
        }
    }

    /// Whether the curve is compiled into this build.
    pub fn is_available(self) -> bool {
        crate::dispatch::curve_available(self)
    }

    /// The curves compiled into this build, in [`CurveName::ALL`] order.
    pub fn available() -> Vec<CurveName> {
        Self::ALL.into_iter().filter(|c| c.is_available()).collect()
    }
}

impl fmt::Display for CurveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error of [`CurveName::from_str`].
#[derive(thiserror::Error, Debug, Clone, Copy, PartialEq, Eq)]
#[error("unknown curve name (expected bls12-381, bn254 or bls24-317)")]
pub struct UnknownCurve;

impl FromStr for CurveName {
    type Err = UnknownCurve;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|x| x.name() == s)
            .ok_or(UnknownCurve)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in SchemeName::ALL {
            assert_eq!(s.to_string().parse::<SchemeName>(), Ok(s));
        }
        for c in CurveName::ALL {
            assert_eq!(c.to_string().parse::<CurveName>(), Ok(c));
        }
        assert_eq!("kzg+".parse::<SchemeName>(), Err(UnknownScheme));
        assert_eq!("KZG".parse::<SchemeName>(), Err(UnknownScheme));
        assert_eq!("bls12_381".parse::<CurveName>(), Err(UnknownCurve));
        assert_eq!(SchemeName::KzgPlus.name(), "kzg-plus");
        assert_eq!(SchemeName::KzgPlusGlobal.name(), "kzg-plus-global");
        assert_eq!(
            "kzg-plus-global".parse::<SchemeName>(),
            Ok(SchemeName::KzgPlusGlobal)
        );
        assert_eq!(SchemeName::AplonkGlobal.name(), "aplonk-global");
        assert_eq!(
            "aplonk-global".parse::<SchemeName>(),
            Ok(SchemeName::AplonkGlobal)
        );
        assert_eq!(SchemeName::KzgCells.name(), "kzg-cells");
        assert_eq!("kzg-cells".parse::<SchemeName>(), Ok(SchemeName::KzgCells));
        assert_eq!(SchemeName::SemiAvid.name(), "semi-avid");
        assert_eq!(CurveName::Bls24_317.name(), "bls24-317");
    }
}
