//! The operation defined only for static layouts: `left_inverse` (CuTe's
//! `@pre is_static<Layout>`: its complement needs static strides). A layout with a runtime leaf
//! is a compile error saying so.

use crate::statics::{self, IntTuple, LeftInverse, LeftInvert};
use crate::Layout;

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, PInt, Z0};

use super::int::Digits;

/// A tuple whose leaves are all static; the runtime leaf `i64` is not one, so naming the
/// static layout of a mixed layout with a runtime leaf fails here, with this message, before
/// any operation's own bounds are looked at.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a runtime leaf: CuTe defines this operation only for static layouts",
    label = "every leaf of this layout must be static (a typenum integer, not `i64`)"
)]
pub trait StaticTuple {}
impl<U: Digits> StaticTuple for PInt<U> {}
impl<U: Digits> StaticTuple for NInt<U> {}
impl StaticTuple for Z0 {}
impl StaticTuple for HNil {}
impl<H: StaticTuple, T: StaticTuple> StaticTuple for HCons<H, T> {}

/// A layout whose leaves are all static (a layout with a runtime leaf fails here, naming it).
pub trait StaticOnly {}
impl<S: StaticTuple, D: StaticTuple> StaticOnly for Layout<S, D> {}

/// CuTe's `left_inverse(L)` of a static layout (see [`statics::left_inverse`]); a runtime leaf is
/// a compile error, as CuTe defines it only for static layouts.
///
/// ```
/// use cute::layout;
/// use cute::mixed::left_inverse;
/// assert_eq!(left_inverse(layout!((4,2):(2,1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
pub fn left_inverse<S, D>(l: Layout<S, D>) -> LeftInverse<Layout<S, D>>
where
    S: IntTuple,
    D: IntTuple,
    Layout<S, D>: StaticOnly + LeftInvert,
{
    statics::left_inverse(l)
}
