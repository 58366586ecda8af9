//! The strides of the dynamic engine's layouts as its walks use them: integers ([`Layout`]) and
//! scaled basis elements ([`BasisLayout`]). Coalesce and composition are written once over
//! [`Stride`]; the F2 layouts compose through bit matrices instead.
//!
//! [`Layout`]: super::Layout
//! [`BasisLayout`]: super::BasisLayout

use alloc::vec::Vec;

use super::descriptor::ScaledBasis;
use crate::arith::{self, Overflow};

/// A stride of the dynamic engine: what coalesce and composition need of it.
pub(crate) trait Stride: Clone + PartialEq {
    /// The stride of the empty layout `1:0`.
    fn zero() -> Self;
    /// `k * self`.
    fn scaled(&self, k: i64) -> Result<Self, Overflow>;
}

impl Stride for i64 {
    fn zero() -> i64 {
        0
    }
    fn scaled(&self, k: i64) -> Result<i64, Overflow> {
        arith::mul(k, *self)
    }
}

impl Stride for ScaledBasis {
    fn zero() -> ScaledBasis {
        ScaledBasis::new(0, Vec::new())
    }
    fn scaled(&self, k: i64) -> Result<ScaledBasis, Overflow> {
        Ok(ScaledBasis::new(arith::mul(k, self.value())?, self.dims().to_vec()))
    }
}
