//! The fields of BLS24-317: `Fq`, `Fr` and the tower
//! `Fq2 = Fq[u]/(u^2 + 1)`, `Fq4 = Fq2[v]/(v^2 - (1 + u))`,
//! `Fq12 = Fq4[w]/(w^3 - v)`, `Fq24 = Fq12[i]/(i^2 - w)` (gnark-crypto's
//! tower, so values compare coefficient by coefficient).

pub mod fq;
pub mod fq12;
pub mod fq2;
pub mod fq24;
pub mod fq4;
pub mod fr;

pub use self::{fq::*, fq12::*, fq2::*, fq24::*, fq4::*, fr::*};
