//! Static int tuples: typenum integers as leaves, frunk_core HLists as tuples.
//!
//! `P4` is the leaf 4 and `HCons<P4, HNil>` the rank-1 tuple `(4)`: a leaf and a rank-1 tuple
//! stay distinct, as in CuTe. Everything about a static tuple is an associated constant.

use core::fmt;

use frunk_core::hlist::{HCons, HNil};
use typenum::{Integer, NInt, NonZero, PInt, Unsigned, Z0};

use super::leaves::Leaves;

/// A static int tuple: a typenum integer (`P4`, `N2`, `Z0`) or an HList of static int tuples.
///
/// ```
/// use cute::statics::IntTuple;
/// use cute::Shape;
/// type S = Shape![(4,(3,2))]; // HCons<P4, HCons<HCons<P3, HCons<P2, HNil>>, HNil>>
/// assert_eq!((S::RANK, S::DEPTH, S::LEAVES.product()), (2, 2, 24));
/// ```
pub trait IntTuple: Copy + Default + 'static {
    /// Number of top-level modes; 1 for a leaf.
    const RANK: usize;
    /// 0 for a leaf, 1 + the deepest mode for a tuple.
    const DEPTH: usize;
    /// True for a leaf.
    const IS_LEAF: bool;
    /// The leaves, left to right.
    const LEAVES: Leaves;
    /// Write the tuple in CuTe notation, static values with CuTe's underscore (`(_4,_8)`).
    fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// The same tuple as a runtime tree.
    #[cfg(feature = "alloc")]
    fn to_dynamic() -> crate::dynamic::IntTuple;
}

/// A static integer leaf: `P1`, `P2`, ..., `Z0`, `N1`, ...
///
/// ```
/// use cute::statics::Leaf;
/// assert_eq!(<cute::typenum::N3 as Leaf>::VALUE, -3);
/// ```
pub trait Leaf: IntTuple + Integer {
    /// The value.
    const VALUE: i64;
}

/// The elements of a tuple: `HNil` or `HCons<IntTuple, TupleList>`.
///
/// ```
/// use cute::statics::TupleList;
/// use cute::{HCons, HNil};
/// assert_eq!(<HCons<cute::typenum::P2, HNil> as TupleList>::MAX_DEPTH, 0);
/// ```
#[doc(hidden)]
pub trait TupleList: frunk_core::hlist::HList + Copy + Default + 'static {
    /// The deepest element's depth (0 when empty).
    const MAX_DEPTH: usize;
    /// The leaves of all elements.
    const LEAVES: Leaves;
    /// Write the elements separated by commas.
    fn write_elems(f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
    /// The elements as runtime trees.
    #[cfg(feature = "alloc")]
    fn push_dynamic(out: &mut alloc::vec::Vec<crate::dynamic::IntTuple>);
}

fn write_leaf(f: &mut fmt::Formatter<'_>, v: i64) -> fmt::Result {
    write!(f, "_{}", v)
}

macro_rules! leaf_impls {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> Leaf for $ty {
            const VALUE: i64 = crate::arith::static_i64(<$ty as Integer>::I128);
        }
        impl<$($gen)*> IntTuple for $ty {
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            const IS_LEAF: bool = true;
            const LEAVES: Leaves = Leaves::one(<$ty as Leaf>::VALUE);
            fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_leaf(f, <$ty as Leaf>::VALUE)
            }
            #[cfg(feature = "alloc")]
            fn to_dynamic() -> crate::dynamic::IntTuple {
                crate::dynamic::IntTuple::Leaf(<$ty as Leaf>::VALUE)
            }
        }
    )*};
}

leaf_impls! {
    [U: Unsigned + NonZero + Copy + Default + 'static] PInt<U>;
    [U: Unsigned + NonZero + Copy + Default + 'static] NInt<U>;
    [] Z0;
}

impl TupleList for HNil {
    const MAX_DEPTH: usize = 0;
    const LEAVES: Leaves = Leaves::EMPTY;
    fn write_elems(_: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
    #[cfg(feature = "alloc")]
    fn push_dynamic(_: &mut alloc::vec::Vec<crate::dynamic::IntTuple>) {}
}

impl<H: IntTuple, T: TupleList> TupleList for HCons<H, T> {
    const MAX_DEPTH: usize = if H::DEPTH > T::MAX_DEPTH { H::DEPTH } else { T::MAX_DEPTH };
    const LEAVES: Leaves = H::LEAVES.concat(T::LEAVES);
    fn write_elems(f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        H::write(f)?;
        T::write_elems(f, false)
    }
    #[cfg(feature = "alloc")]
    fn push_dynamic(out: &mut alloc::vec::Vec<crate::dynamic::IntTuple>) {
        out.push(H::to_dynamic());
        T::push_dynamic(out);
    }
}

macro_rules! tuple_impl {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> IntTuple for $ty {
            const RANK: usize = <$ty as frunk_core::hlist::HList>::LEN;
            const DEPTH: usize = 1 + <$ty as TupleList>::MAX_DEPTH;
            const IS_LEAF: bool = false;
            const LEAVES: Leaves = <$ty as TupleList>::LEAVES;
            fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("(")?;
                <$ty as TupleList>::write_elems(f, true)?;
                f.write_str(")")
            }
            #[cfg(feature = "alloc")]
            fn to_dynamic() -> crate::dynamic::IntTuple {
                let mut v = alloc::vec::Vec::new();
                <$ty as TupleList>::push_dynamic(&mut v);
                crate::dynamic::IntTuple::Tuple(v)
            }
        }
    )*};
}

tuple_impl! {
    [] HNil;
    [H: IntTuple, T: TupleList] HCons<H, T>;
}

/// A static shape: every leaf positive.
///
/// ```
/// fn size<S: cute::statics::Shape>() -> i64 { S::LEAVES.product() }
/// assert_eq!(size::<cute::typenum::P6>(), 6);
/// ```
pub trait Shape: IntTuple {}
impl<U: Unsigned + NonZero + Copy + Default + 'static> Shape for PInt<U> {}
impl Shape for HNil {}
impl<H: Shape, T: TupleList + Shape> Shape for HCons<H, T> {}

/// Two static tuples with the same tree structure (CuTe's `congruent`).
///
/// ```
/// use cute::statics::Congruent;
/// use cute::{HCons, HNil};
/// fn check<A: Congruent<B>, B>() {}
/// check::<HCons<cute::typenum::P4, HNil>, HCons<cute::typenum::N1, HNil>>();
/// ```
#[doc(hidden)]
pub trait Congruent<Other> {}

/// The tree of a static tuple with every leaf replaced by `()`: two tuples are congruent when
/// their trees are the same type. Checking that equality ([`SameTree`]) instead of
/// [`Congruent`] gives a short error that shows both trees.
///
/// ```
/// use cute::statics::Tree;
/// use cute::{HCons, HNil};
/// fn same<A: Tree<Of = B>, B>() {}
/// same::<HCons<cute::typenum::P4, HCons<HCons<cute::typenum::N1, HNil>, HNil>>, HCons<(), HCons<HCons<(), HNil>, HNil>>>();
/// ```
#[doc(hidden)]
pub trait Tree {
    /// The tree.
    type Of;
}
impl<U: Unsigned + NonZero> Tree for PInt<U> {
    type Of = ();
}
impl<U: Unsigned + NonZero> Tree for NInt<U> {
    type Of = ();
}
impl Tree for Z0 {
    type Of = ();
}
/// A runtime leaf of a mixed tuple ([`crate::mixed`]).
impl Tree for i64 {
    type Of = ();
}
impl Tree for HNil {
    type Of = HNil;
}
impl<H: Tree, T: Tree> Tree for HCons<H, T> {
    type Of = HCons<H::Of, T::Of>;
}

/// `Self` and `T` are the same tree (see [`Tree`]).
#[diagnostic::on_unimplemented(
    message = "not congruent: the stride's tree `{Self}` differs from the shape's `{T}` (`()` marks a leaf)",
    label = "shape and stride must be congruent"
)]
#[doc(hidden)]
pub trait SameTree<T> {}
impl<T> SameTree<T> for T {}
/// Two leaves are congruent. One impl per kind of leaf on the left, not one bounded by `Leaf`:
/// an impl whose header also matches a tuple makes the trait solver rule it out at every node.
macro_rules! congruent_leaf {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<B: Leaf, $($gen)*> Congruent<B> for $ty {}
    )*};
}
congruent_leaf! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
}
impl Congruent<HNil> for HNil {}
impl<H1: Congruent<H2>, T1: Congruent<T2>, H2, T2> Congruent<HCons<H2, T2>> for HCons<H1, T1> {}

/// `Display` for a static tuple, in CuTe's notation with underscores.
///
/// ```
/// use cute::statics::Show;
/// use cute::{HCons, HNil};
/// assert_eq!(Show::<HCons<cute::typenum::P4, HCons<cute::typenum::N2, HNil>>>::new().to_string(), "(_4,_-2)");
/// ```
pub struct Show<T>(core::marker::PhantomData<T>);

impl<T> Show<T> {
    /// The displayable value.
    pub const fn new() -> Self {
        Show(core::marker::PhantomData)
    }
}

impl<T> Default for Show<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: IntTuple> fmt::Display for Show<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        T::write(f)
    }
}
