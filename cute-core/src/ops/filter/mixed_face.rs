//! `filter_zeros` and `filter` of mixed layouts: CuTe replaces a mode whose stride is the static
//! `_0` by a size-1 mode; a runtime stride that happens to be 0 is kept, as in CuTe.

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, P1, Z0};

use crate::layout::Layout;
use crate::mixed::error::Error;
use crate::mixed::int::Int;
use crate::mixed::tuple::MixedTuple;
use crate::ops::coalesce::mixed_face::{coalesce, Coalesce, CoalescedLayout, Finish, Flatten, ModesOf, ToLayout, Zip};

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
pub fn filter<S, D>(l: Layout<S, D>) -> Result<CoalescedLayout<S::Output, D>, Error>
where
    S: MixedTuple + FilterZeros<D>,
    D: MixedTuple + Flatten,
    S::Output: MixedTuple + Flatten,
    <S::Output as Flatten>::Output: Zip<D::Output>,
    ModesOf<S::Output, D>: Coalesce,
    <ModesOf<S::Output, D> as Coalesce>::Output: Finish,
    <<ModesOf<S::Output, D> as Coalesce>::Output as Finish>::Output: ToLayout,
{
    coalesce(filter_zeros(l))
}
