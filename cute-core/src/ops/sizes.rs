//! CuTe's `size`, `cosize`, `rank` and `depth` of a layout, static or with runtime leaves.
//!
//! `size(L)` is the product of the shape, `cosize(L)` is `1 + sum((s - 1) * |d|)` over the
//! leaves, `rank(L)` the number of top-level modes (1 for an integral layout), `depth(L)` 0 for
//! an integral layout, else one more than the deepest mode. Of a static layout each is also an
//! associated constant ([`Layout::SIZE`], [`Layout::COSIZE`], [`Layout::RANK`],
//! [`Layout::DEPTH`]), for `const` contexts.

use typenum::{B0, B1};

use crate::mixed::{Both, BothStatic, Int, Layout, MixedTuple};
use crate::ops::tile::mixed_face::SizeOf;
use crate::statics::tiler::CosizeT;

/// What `size`, `cosize`, `rank` and `depth` read of a layout: implemented by static layouts
/// (constants) and by layouts with runtime leaves.
///
/// ```
/// use cute::{layout, Sizes};
/// let p = layout!((128,{64}):(1,{256})).unwrap();
/// assert_eq!((p.size_of(), p.cosize_of()), (8192, 128 + 63 * 256));
/// ```
pub trait Sizes {
    /// The number of top-level modes.
    const RANK: usize;
    /// The nesting depth of the shape.
    const DEPTH: usize;
    /// The type of [`size`]: a typenum integer when every leaf of the shape is static (CuTe's
    /// `Int<N>`), else `i64`.
    type Size: Int;
    /// The type of [`cosize`]: a typenum integer when every leaf is static, else `i64`.
    type Cosize: Int;
    /// The product of the shape.
    fn size_of(&self) -> i64;
    /// `1 + sum((s - 1) * |d|)` over the leaves.
    fn cosize_of(&self) -> i64;
}

impl<S: MixedTuple + SizeOf + BothStatic<D>, D: MixedTuple> Sizes for Layout<S, D>
where
    Both<S, D>: CosizeBy<Layout<S, D>>,
{
    const RANK: usize = Layout::<S, D>::RANK;
    const DEPTH: usize = Layout::<S, D>::DEPTH;
    type Size = S::Output;
    type Cosize = <Both<S, D> as CosizeBy<Layout<S, D>>>::Output;
    #[inline(always)]
    fn size_of(&self) -> i64 {
        self.size()
    }
    #[inline(always)]
    fn cosize_of(&self) -> i64 {
        self.cosize()
    }
}

/// The cosize's type by whether every leaf of the layout `L` is static (`Self`): the trait
/// solver's constant, or an `i64`.
#[doc(hidden)]
pub trait CosizeBy<L> {
    /// The cosize's type.
    type Output: Int;
}
impl<L: CosizeT> CosizeBy<L> for B1
where
    L::Output: Int,
{
    type Output = L::Output;
}
impl<L> CosizeBy<L> for B0 {
    type Output = i64;
}

/// The number of coordinates of a layout, the product of its shape (CuTe's `size`): of a
/// layout whose shape is static, a static integer (a typenum integer, as CuTe's `Int<N>`), so
/// that an operation taking it stays static; else an `i64`. [`Int::value`] reads either.
///
/// ```
/// use cute::{layout, logical_divide, size, Int, Layout};
/// let b = layout!((2,2):(1,4));
/// assert_eq!(size(b).value(), 4);
/// // Static: dividing by it gives the layout itself, as in CuTe.
/// let d = logical_divide(layout!((8,4):(4,1)), size(b));
/// assert_eq!(d.to_string(), "(_4,(_2,_4)):(_4,(_16,_1))");
/// // A runtime extent makes it an i64.
/// let n: i64 = size(layout!((4,{6})).unwrap());
/// assert_eq!(n, 24);
/// // It is also a constant.
/// const N: i64 = <Layout![(4,8):(1,4)]>::SIZE;
/// assert_eq!(N, 32);
/// ```
#[inline(always)]
pub fn size<L: Sizes>(layout: L) -> L::Size {
    // The layout type bounds its size, so the value is the static leaf's own where it is static.
    L::Size::of_known(layout.size_of())
}

/// The size of the codomain of a layout, `1 + sum((s - 1) * |d|)` over the leaves (CuTe's
/// `cosize` for integer strides): of a static layout a static integer, as CuTe's, else an `i64`.
///
/// ```
/// use cute::{cosize, layout, Int};
/// assert_eq!(cosize(layout!((4,3):(-1,4))).value(), 12);
/// let n: i64 = cosize(layout!((4,{3}):(-1,4)).unwrap());
/// assert_eq!(n, 12);
/// // Static: a tile of the static shape `cosize(l)` for a static layout.
/// let t = cute::make_layout(cosize(layout!((2,2):(1,4))));
/// assert_eq!(t.to_string(), "_6:_1");
/// ```
#[inline(always)]
pub fn cosize<L: Sizes>(layout: L) -> L::Cosize {
    // The layout type bounds its cosize, so the value is the static leaf's own where it is static.
    L::Cosize::of_known(layout.cosize_of())
}

/// The number of top-level modes of a layout (CuTe's `rank`): 1 for an integral layout.
///
/// ```
/// use cute::{layout, rank};
/// assert_eq!((rank(layout!((4,(2,2)):(1,(4,8)))), rank(layout!(8:1))), (2, 1));
/// assert_eq!(rank(layout!((4,{2},2)).unwrap()), 3);
/// ```
pub fn rank<L: Sizes>(layout: L) -> usize {
    let _ = layout;
    L::RANK
}

/// The nesting depth of a layout's shape (CuTe's `depth`): 0 for an integral layout, 1 for a
/// flat tuple.
///
/// ```
/// use cute::{depth, layout};
/// assert_eq!((depth(layout!((8):(1))), depth(layout!(8:1))), (1, 0));
/// assert_eq!(depth(layout!(({8},(2,2))).unwrap()), 2);
/// ```
pub fn depth<L: Sizes>(layout: L) -> usize {
    let _ = layout;
    L::DEPTH
}
