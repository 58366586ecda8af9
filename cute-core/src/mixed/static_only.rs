//! The operation the mixed face has only for static layouts: `left_inverse` (CuTe's
//! `@pre is_static<Layout>`: its complement needs static strides). A
//! mixed layout whose leaves are all static delegates to the static face (so a violated
//! condition is a compile error there); one with a runtime leaf does not have them, a compile
//! error saying so.

use crate::statics::{self, Congruent, IntTuple, LeftInverse, LeftInvert, Shape};
use crate::Layout;

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, PInt, Z0};

use super::int::Digits;
use super::layout::MixedLayout;
use super::tuple::MixedTuple;

/// A tuple whose leaves are all static; the runtime leaf `i64` is not one, so naming the
/// static layout of a mixed layout with a runtime leaf fails here, with this message, before
/// any operation's own bounds are looked at.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a runtime leaf: CuTe defines this operation only for static layouts",
    label = "every leaf of this layout must be static (a typenum integer, not `i64`)"
)]
pub trait StaticTuple {
    /// The same tuple.
    type Me;
}
impl<U: Digits> StaticTuple for PInt<U> {
    type Me = PInt<U>;
}
impl<U: Digits> StaticTuple for NInt<U> {
    type Me = NInt<U>;
}
impl StaticTuple for Z0 {
    type Me = Z0;
}
impl StaticTuple for HNil {
    type Me = HNil;
}
impl<H: StaticTuple, T: StaticTuple> StaticTuple for HCons<H, T> {
    type Me = HCons<H::Me, T::Me>;
}

/// A mixed layout with only static leaves, as the static layout of the same type.
pub trait StaticOnly {
    /// The static shape.
    type Shape: IntTuple + Shape + Congruent<Self::Stride>;
    /// The static stride.
    type Stride: IntTuple;
    /// Convert.
    fn into_static(self) -> Layout<Self::Shape, Self::Stride>;
}
impl<S: StaticTuple, D: StaticTuple> StaticOnly for MixedLayout<S, D>
where
    S::Me: IntTuple + Shape + Congruent<D::Me>,
    D::Me: IntTuple,
{
    type Shape = S::Me;
    type Stride = D::Me;
    fn into_static(self) -> Layout<S::Me, D::Me> {
        Layout::default()
    }
}

/// The static layout of a [`StaticOnly`] mixed layout.
pub type StaticOf<L> = Layout<<L as StaticOnly>::Shape, <L as StaticOnly>::Stride>;

/// A static layout computed by the static face, as a mixed layout with no runtime leaf.
pub trait IntoMixed {
    /// The mixed layout.
    type Mixed;
    /// Convert.
    fn into_mixed(self) -> Self::Mixed;
}
impl<S: IntTuple + MixedTuple, D: IntTuple + MixedTuple> IntoMixed for Layout<S, D> {
    type Mixed = MixedLayout<S, D>;
    fn into_mixed(self) -> MixedLayout<S, D> {
        self.into()
    }
}

/// The mixed result of a static-face operation `R`.
pub type Mixed<R> = <R as IntoMixed>::Mixed;

/// CuTe's `left_inverse(L)` of a static mixed layout (see [`statics::left_inverse`]).
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{left_inverse, MixedLayout};
/// use cute::typenum::{P1, P2, P4};
/// let l = MixedLayout::new(hlist![P4::new(), P2::new()], hlist![P2::new(), P1::new()]).unwrap();
/// assert_eq!(left_inverse(l).to_string(), "(_2,_4):(_4,_1)");
/// ```
pub fn left_inverse<L: StaticOnly>(l: L) -> Mixed<LeftInverse<StaticOf<L>>>
where
    StaticOf<L>: LeftInvert,
    LeftInverse<StaticOf<L>>: IntoMixed,
{
    statics::left_inverse(l.into_static()).into_mixed()
}
