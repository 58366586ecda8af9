//! `filter_zeros` and `filter` of mixed layouts: CuTe replaces a mode whose stride is the static
//! `_0` by a size-1 mode; a runtime stride that happens to be 0 is kept, as in CuTe.

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, P1, Z0};

use crate::arith::Overflow;
use crate::layout::Layout;
use crate::mixed::error::Error;
use crate::mixed::int::Int;
use crate::mixed::tuple::MixedTuple;
use crate::ops::coalesce::mixed_face::{modes, Coalesce, Coalesced, Finish, Flatten, ModesOf, ToLayout, Zip};

/// The shape `Self` with `_1` wherever the stride `D` is the static `_0`.
pub trait FilterZeros<D> {
    /// The new shape.
    type Output;
    /// Replace.
    fn filter_zeros(self, stride: &D) -> Self::Output;
}
/// A static `_0` stride: the shape becomes `_1`.
impl<S: Int> FilterZeros<Z0> for S {
    type Output = P1;
    #[inline(always)]
    fn filter_zeros(self, _: &Z0) -> P1 {
        P1::new()
    }
}
/// Any other stride, static or runtime (a runtime 0 is not known to be 0): the shape stays.
macro_rules! keep_shape {
    ($([$($gen:tt)*] $d:ty;)*) => {$(
        impl<S: Int, $($gen)*> FilterZeros<$d> for S {
            type Output = S;
            #[inline(always)]
            fn filter_zeros(self, _: &$d) -> S {
                self
            }
        }
    )*};
}
keep_shape! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] i64;
}
impl FilterZeros<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn filter_zeros(self, _: &HNil) -> HNil {
        HNil
    }
}
impl<H: FilterZeros<DH>, T: FilterZeros<DT>, DH, DT> FilterZeros<HCons<DH, DT>> for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
    #[inline(always)]
    fn filter_zeros(self, stride: &HCons<DH, DT>) -> Self::Output {
        HCons { head: self.head.filter_zeros(&stride.head), tail: self.tail.filter_zeros(&stride.tail) }
    }
}

/// CuTe's `filter_zeros(L)`: modes with a static zero stride get size `_1`.
///
/// Post-condition: `R(i) == L(j)` where the coordinates agree on the non-zero-stride modes
/// (the image of L is unchanged), `cosize(R) == cosize(L)`.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{filter_zeros, Layout};
/// use cute::typenum::{P1, P4, Z0};
/// let l = Layout::try_new(hlist![P4::new(), 3i64, 5i64], hlist![Z0::new(), P1::new(), 0i64]).unwrap();
/// assert_eq!(filter_zeros(l).to_string(), "(_1,3,5):(_0,_1,0)");
/// ```
pub fn filter_zeros<S, D>(l: Layout<S, D>) -> Layout<S::Output, D>
where
    S: MixedTuple + FilterZeros<D>,
    S::Output: MixedTuple,
    D: MixedTuple,
{
    Layout::from_parts(l.shape.filter_zeros(&l.stride), l.stride)
}

/// CuTe's `filter(L)`: `coalesce(filter_zeros(L))`, the modes that reach distinct offsets.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{filter, Layout};
/// use cute::typenum::{P1, P4, Z0};
/// let l = Layout::try_new(hlist![P4::new(), 3i64, cute::typenum::P2::new()], hlist![Z0::new(), P1::new(), 3i64]).unwrap();
/// assert_eq!(filter(l).unwrap().to_string(), "(3,_2):(_1,3)");
/// ```
pub fn filter<S, D>(l: Layout<S, D>) -> Result<FilteredLayout<S, D>, Error>
where
    Layout<S, D>: FilterModes,
    FilteredModes<S, D>: ToLayout,
{
    // An overflow is the coalesce step's, named as `coalesce` names it.
    let m = l.filter_modes().map_err(|o| Error::new("coalesce", o.into()))?;
    Ok(m.to_layout_unchecked(crate::Internal(())))
}

/// The modes of CuTe's `filter(S:D)`, flat: `coalesce(filter_zeros(S:D))` before it is built
/// into a layout (the complement walks them, sorted by stride).
#[doc(hidden)]
pub trait FilterModes {
    /// The modes.
    type Output;
    /// Filter.
    fn filter_modes(self) -> Result<Self::Output, Overflow>;
}
impl<S, D> FilterModes for Layout<S, D>
where
    S: MixedTuple + FilterZeros<D>,
    D: MixedTuple + Flatten,
    S::Output: MixedTuple + Flatten,
    <S::Output as Flatten>::Output: Zip<D::Output>,
    ModesOf<S::Output, D>: Coalesce,
    <ModesOf<S::Output, D> as Coalesce>::Output: Finish,
{
    type Output = Coalesced<S::Output, D>;
    #[inline(always)]
    fn filter_modes(self) -> Result<Self::Output, Overflow> {
        modes(&filter_zeros(self)).coalesce().map(Finish::finish)
    }
}
/// The modes of `filter(S:D)` ([`FilterModes`]).
pub type FilteredModes<S, D> = <Layout<S, D> as FilterModes>::Output;
/// The layout `filter(S:D)`.
pub type FilteredLayout<S, D> =
    Layout<<FilteredModes<S, D> as ToLayout>::Shape, <FilteredModes<S, D> as ToLayout>::Stride>;
