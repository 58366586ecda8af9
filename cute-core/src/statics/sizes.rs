//! Sizes of a static layout as `const fn`s: CuTe's `size`, `cosize`, `rank` and `depth`.
//!
//! Each returns the corresponding associated constant of [`Layout`], so it is usable in a
//! `const` and folds to a literal: `size(L) == Layout::SIZE` (the product of the shape),
//! `cosize(L) == 1 + sum((s - 1) * |d|)` over the leaves, `rank(L)` the number of top-level
//! modes (1 for an integral layout), `depth(L)` 0 for an integral layout, else one more than the
//! deepest mode.

use super::layout::Layout;
use super::tuple::{Congruent, IntTuple, Shape};

/// The number of coordinates of a static layout, the product of its shape (CuTe's `size`).
///
/// ```
/// use cute::{size, Layout};
/// const N: i64 = size(<Layout![(4,8):(1,4)]>::new());
/// assert_eq!(N, 32);
/// ```
pub const fn size<S: Shape + Congruent<D>, D: IntTuple>(layout: Layout<S, D>) -> i64 {
    let _ = layout;
    Layout::<S, D>::SIZE
}

/// The size of the codomain of a static layout, `1 + sum((s - 1) * |d|)` over the leaves
/// (CuTe's `cosize` for integer strides).
///
/// ```
/// use cute::{cosize, Layout};
/// const N: i64 = cosize(<Layout![(4,3):(-1,4)]>::new());
/// assert_eq!(N, 12);
/// ```
pub const fn cosize<S: Shape + Congruent<D>, D: IntTuple>(layout: Layout<S, D>) -> i64 {
    let _ = layout;
    Layout::<S, D>::COSIZE
}

/// The number of top-level modes of a static layout (CuTe's `rank`): 1 for an integral layout.
///
/// ```
/// use cute::{rank, Layout};
/// use cute::typenum::{P1, P8};
/// const R: usize = rank(<Layout![(4,(2,2)):(1,(4,8))]>::new());
/// assert_eq!((R, rank(Layout::<P8, P1>::new())), (2, 1));
/// ```
pub const fn rank<S: Shape + Congruent<D>, D: IntTuple>(layout: Layout<S, D>) -> usize {
    let _ = layout;
    Layout::<S, D>::RANK
}

/// The nesting depth of a static layout's shape (CuTe's `depth`): 0 for an integral layout,
/// 1 for a flat tuple.
///
/// ```
/// use cute::{depth, Layout};
/// use cute::typenum::{P1, P8};
/// const D: usize = depth(<Layout![(8):(1)]>::new());
/// assert_eq!((D, depth(Layout::<P8, P1>::new())), (1, 0));
/// ```
pub const fn depth<S: Shape + Congruent<D>, D: IntTuple>(layout: Layout<S, D>) -> usize {
    let _ = layout;
    Layout::<S, D>::DEPTH
}
