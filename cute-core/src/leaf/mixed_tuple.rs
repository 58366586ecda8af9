//! Mixed int tuples: the tuple structure is static (frunk_core HLists), each leaf a static
//! typenum integer or a runtime `i64`. A value of the type stores only the runtime leaves.

use core::fmt;

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, PInt, Z0};

use super::int::{write_int, Digits, Int};
use super::leaves::Leaves;

/// A mixed int tuple: an [`Int`] leaf or an HList of mixed int tuples.
///
/// ```
/// use cute::mixed::MixedTuple;
/// use cute::Shape;
/// use cute::typenum::P4;
/// type S = Shape![(4,{})]; // (_4, m): HCons<P4, HCons<i64, HNil>>
/// let s: S = cute::hlist![P4::new(), 6i64];
/// assert_eq!((S::RANK, S::DEPTH, S::LEAF_COUNT, S::IS_STATIC), (2, 1, 2, false));
/// let mut v = [0; 2];
/// s.write_leaves(&mut v, 0);
/// assert_eq!(v, [4, 6]);
/// assert_eq!(core::mem::size_of::<S>(), 8);
/// ```
///
/// Sealed: only the crate's own types implement it, since a tensor's unchecked reads rely on
/// its answers (see [`tensor`](crate::tensor)).
pub trait MixedTuple: Copy + fmt::Debug + PartialEq + 'static + WriteTuple {
    /// Number of top-level modes; 1 for a leaf.
    const RANK: usize;
    /// 0 for a leaf, 1 + the deepest mode for a tuple.
    const DEPTH: usize;
    /// Number of leaves.
    const LEAF_COUNT: usize;
    /// True when every leaf is static.
    const IS_STATIC: bool;
    /// True for a leaf.
    const IS_LEAF: bool;
    /// The leaves' values known at compile time (0 for a runtime leaf): with [`Self::IS_STATIC`],
    /// the whole tuple, so the static conditions can be checked at compile time.
    const STATIC_LEAVES: Leaves;
    /// Write the tuple in CuTe's notation (`(_4,6)`: static leaves with an underscore).
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_tuple(f)
    }
    /// Write the leaf values, left to right, to `out` from index `at`; returns the next index.
    fn write_leaves(&self, out: &mut [i64], at: usize) -> usize;
    /// The tuple of this type whose leaves are `vals[*at..]`, advancing `at`; `None` when a
    /// static leaf differs from its value.
    fn read_leaves(vals: &[i64], at: &mut usize) -> Option<Self>;
    /// Write, for each leaf from index `at`, the top-level mode it belongs to (0 for a leaf).
    fn leaf_modes(out: &mut [usize], at: usize) {
        if Self::IS_LEAF {
            out[at] = 0;
        } else {
            Self::fill_modes(out, at, 0);
        }
    }
    /// Write `k + i` for the leaves of element `i` (elements of a tuple; nothing for a leaf).
    fn fill_modes(out: &mut [usize], at: usize, k: usize);
    /// Fold the leaf values left to right with `f`, stopping at the first error.
    fn try_fold_leaves<E>(&self, acc: i64, f: &mut impl FnMut(i64, i64) -> Result<i64, E>) -> Result<i64, E>;
    /// The same tuple as a runtime tree.
    #[cfg(feature = "alloc")]
    fn to_dynamic(&self) -> crate::dynamic::IntTuple;
    /// The tuple of this type equal to `t`: `None` when the tree differs or a static leaf has
    /// another value.
    #[cfg(feature = "alloc")]
    fn from_dynamic(t: &crate::dynamic::IntTuple) -> Option<Self>;
}

/// The elements of a mixed tuple: `HNil` or `HCons<MixedTuple, MixedList>`.
///
/// Sealed: only the crate's own types implement it, since a tensor's unchecked reads rely on
/// its answers (see [`tensor`](crate::tensor)).
#[doc(hidden)]
pub trait MixedList: Copy + fmt::Debug + PartialEq + 'static + WriteElems {
    /// Number of elements.
    const LEN: usize;
    /// The deepest element's depth.
    const MAX_DEPTH: usize;
    /// Number of leaves of all elements.
    const LEAF_COUNT: usize;
    /// True when every leaf is static.
    const IS_STATIC: bool;
    /// See [`MixedTuple::STATIC_LEAVES`].
    const STATIC_LEAVES: Leaves;
    /// Write the elements separated by commas.
    fn write_elems(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        self.write_elems_of(f, first)
    }
    /// See [`MixedTuple::write_leaves`].
    fn write_leaves(&self, out: &mut [i64], at: usize) -> usize;
    /// See [`MixedTuple::read_leaves`].
    fn read_leaves(vals: &[i64], at: &mut usize) -> Option<Self>;
    /// Write `k + i` for each leaf of element `i`, from index `at`.
    fn fill_modes(out: &mut [usize], at: usize, k: usize);
    /// See [`MixedTuple::try_fold_leaves`].
    fn try_fold_leaves<E>(&self, acc: i64, f: &mut impl FnMut(i64, i64) -> Result<i64, E>) -> Result<i64, E>;
    /// The elements as runtime trees.
    #[cfg(feature = "alloc")]
    fn push_dynamic(&self, out: &mut alloc::vec::Vec<crate::dynamic::IntTuple>);
    /// The elements equal to `ts`.
    #[cfg(feature = "alloc")]
    fn from_dynamic_elems(ts: &[crate::dynamic::IntTuple]) -> Option<Self>;
}

macro_rules! leaf_tuple {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> MixedTuple for $ty {
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            const LEAF_COUNT: usize = 1;
            const IS_STATIC: bool = <$ty as Int>::STATIC.is_some();
            const IS_LEAF: bool = true;
            const STATIC_LEAVES: Leaves = Leaves::one(match <$ty as Int>::STATIC {
                Some(v) => v,
                None => 0,
            });
            #[inline(always)]
            // In range: `out[at]` exists, so at < out.len() <= isize::MAX.
            #[allow(clippy::arithmetic_side_effects)]
            fn write_leaves(&self, out: &mut [i64], at: usize) -> usize {
                out[at] = self.value();
                at + 1
            }
            #[inline(always)]
            // In range: `vals[*at]` exists, so *at < vals.len() <= isize::MAX.
            #[allow(clippy::arithmetic_side_effects)]
            fn read_leaves(vals: &[i64], at: &mut usize) -> Option<Self> {
                let v = *vals.get(*at)?;
                *at += 1;
                <$ty as Int>::from_value(v)
            }
            fn fill_modes(_: &mut [usize], _: usize, _: usize) {}
            #[inline(always)]
            fn try_fold_leaves<E>(&self, acc: i64, f: &mut impl FnMut(i64, i64) -> Result<i64, E>) -> Result<i64, E> {
                f(acc, self.value())
            }
            #[cfg(feature = "alloc")]
            fn to_dynamic(&self) -> crate::dynamic::IntTuple {
                crate::dynamic::IntTuple::Leaf(self.value())
            }
            #[cfg(feature = "alloc")]
            fn from_dynamic(t: &crate::dynamic::IntTuple) -> Option<Self> {
                match t {
                    crate::dynamic::IntTuple::Leaf(v) => <$ty as Int>::from_value(*v),
                    crate::dynamic::IntTuple::Tuple(_) => None,
                }
            }
        }
    )*};
}
leaf_tuple! {
    [] i64;
    [U: Digits] PInt<U>;
    [U: Digits] NInt<U>;
    [] Z0;
}

impl MixedList for HNil {
    const LEN: usize = 0;
    const MAX_DEPTH: usize = 0;
    const LEAF_COUNT: usize = 0;
    const IS_STATIC: bool = true;
    const STATIC_LEAVES: Leaves = Leaves::EMPTY;
    #[inline(always)]
    fn write_leaves(&self, _: &mut [i64], at: usize) -> usize {
        at
    }
    #[inline(always)]
    fn read_leaves(_: &[i64], _: &mut usize) -> Option<Self> {
        Some(HNil)
    }
    fn fill_modes(_: &mut [usize], _: usize, _: usize) {}
    #[inline(always)]
    fn try_fold_leaves<E>(&self, acc: i64, _: &mut impl FnMut(i64, i64) -> Result<i64, E>) -> Result<i64, E> {
        Ok(acc)
    }
    #[cfg(feature = "alloc")]
    fn push_dynamic(&self, _: &mut alloc::vec::Vec<crate::dynamic::IntTuple>) {}
    #[cfg(feature = "alloc")]
    fn from_dynamic_elems(ts: &[crate::dynamic::IntTuple]) -> Option<Self> {
        ts.is_empty().then_some(HNil)
    }
}

impl<H: MixedTuple, T: MixedList> MixedList for HCons<H, T> {
    const LEN: usize = 1 + T::LEN;
    const MAX_DEPTH: usize = if H::DEPTH > T::MAX_DEPTH { H::DEPTH } else { T::MAX_DEPTH };
    const LEAF_COUNT: usize = H::LEAF_COUNT + T::LEAF_COUNT;
    const IS_STATIC: bool = H::IS_STATIC && T::IS_STATIC;
    const STATIC_LEAVES: Leaves = H::STATIC_LEAVES.concat(T::STATIC_LEAVES);
    #[inline(always)]
    fn write_leaves(&self, out: &mut [i64], at: usize) -> usize {
        let at = self.head.write_leaves(out, at);
        self.tail.write_leaves(out, at)
    }
    #[inline(always)]
    fn read_leaves(vals: &[i64], at: &mut usize) -> Option<Self> {
        let head = H::read_leaves(vals, at)?;
        Some(HCons { head, tail: T::read_leaves(vals, at)? })
    }
    fn fill_modes(out: &mut [usize], at: usize, k: usize) {
        let (head, _) = out[at..].split_at_mut(H::LEAF_COUNT);
        head.fill(k);
        // In range: `out[at..]` holds the head's leaves, so at + H::LEAF_COUNT <= out.len(); k
        // numbers the elements from the 0 of `leaf_modes`, one per element of this tuple type.
        #[allow(clippy::arithmetic_side_effects)]
        T::fill_modes(out, at + H::LEAF_COUNT, k + 1);
    }
    #[inline(always)]
    fn try_fold_leaves<E>(&self, acc: i64, f: &mut impl FnMut(i64, i64) -> Result<i64, E>) -> Result<i64, E> {
        let acc = self.head.try_fold_leaves(acc, f)?;
        self.tail.try_fold_leaves(acc, f)
    }
    #[cfg(feature = "alloc")]
    fn push_dynamic(&self, out: &mut alloc::vec::Vec<crate::dynamic::IntTuple>) {
        out.push(self.head.to_dynamic());
        self.tail.push_dynamic(out);
    }
    #[cfg(feature = "alloc")]
    fn from_dynamic_elems(ts: &[crate::dynamic::IntTuple]) -> Option<Self> {
        let (first, rest) = ts.split_first()?;
        Some(HCons { head: H::from_dynamic(first)?, tail: T::from_dynamic_elems(rest)? })
    }
}

macro_rules! list_tuple {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> MixedTuple for $ty {
            const RANK: usize = <$ty as MixedList>::LEN;
            const DEPTH: usize = 1 + <$ty as MixedList>::MAX_DEPTH;
            const LEAF_COUNT: usize = <$ty as MixedList>::LEAF_COUNT;
            const IS_STATIC: bool = <$ty as MixedList>::IS_STATIC;
            const IS_LEAF: bool = false;
            const STATIC_LEAVES: Leaves = <$ty as MixedList>::STATIC_LEAVES;
            #[inline(always)]
            fn write_leaves(&self, out: &mut [i64], at: usize) -> usize {
                MixedList::write_leaves(self, out, at)
            }
            #[inline(always)]
            fn read_leaves(vals: &[i64], at: &mut usize) -> Option<Self> {
                <$ty as MixedList>::read_leaves(vals, at)
            }
            fn fill_modes(out: &mut [usize], at: usize, k: usize) {
                <$ty as MixedList>::fill_modes(out, at, k)
            }
            #[inline(always)]
            fn try_fold_leaves<E>(&self, acc: i64, f: &mut impl FnMut(i64, i64) -> Result<i64, E>) -> Result<i64, E> {
                MixedList::try_fold_leaves(self, acc, f)
            }
            #[cfg(feature = "alloc")]
            fn to_dynamic(&self) -> crate::dynamic::IntTuple {
                let mut v = alloc::vec::Vec::new();
                self.push_dynamic(&mut v);
                crate::dynamic::IntTuple::Tuple(v)
            }
            #[cfg(feature = "alloc")]
            fn from_dynamic(t: &crate::dynamic::IntTuple) -> Option<Self> {
                match t {
                    crate::dynamic::IntTuple::Tuple(ts) => <$ty as MixedList>::from_dynamic_elems(ts),
                    crate::dynamic::IntTuple::Leaf(_) => None,
                }
            }
        }
    )*};
}
list_tuple! {
    [] HNil;
    [H: MixedTuple, T: MixedList] HCons<H, T>;
}

/// A shape or stride in CuTe's notation, the one writer of the crate's tuples ([`MixedTuple`]
/// and a layout's `Display` use it): leaves through `write_int`, tuples as `(a,b)`. It also
/// writes a tree in which a static operation's walk left the mark of a violated condition in
/// place of a leaf: the condition is then a compile error at the call, and the result still
/// prints, so that printing it adds no second error. Sealed, and the seal of [`MixedTuple`]: a
/// type outside the crate that tries to implement that trait meets this one error.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot implement this trait of cute: the trait is sealed",
    label = "a tensor reads without bounds checks, trusting this trait's answers, so only cute's own types implement it",
    note = "use cute's layouts (`Layout`, `ComposedLayout`, `dynamic::Layout`), leaves (typenum integers, `i64`) and swizzles (`Sw`, `Swizzle`)"
)]
pub trait WriteTuple: crate::sealed::Sealed {
    /// Write the tree in CuTe's notation.
    fn write_tuple(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// The elements of a tuple [`WriteTuple`] writes; the seal of [`MixedList`].
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot implement this trait of cute: the trait is sealed",
    label = "a tensor reads without bounds checks, trusting this trait's answers, so only cute's own types implement it",
    note = "use cute's layouts (`Layout`, `ComposedLayout`, `dynamic::Layout`), leaves (typenum integers, `i64`) and swizzles (`Sw`, `Swizzle`)"
)]
pub trait WriteElems: crate::sealed::Sealed {
    /// Write the elements separated by commas.
    fn write_elems_of(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
}

impl<I: Int> WriteTuple for I {
    fn write_tuple(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_int(*self, f)
    }
}
impl WriteTuple for HNil {
    fn write_tuple(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
}
impl<H: WriteTuple, T: WriteElems> WriteTuple for HCons<H, T> {
    fn write_tuple(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.write_elems_of(f, true)?;
        f.write_str(")")
    }
}
impl WriteElems for HNil {
    fn write_elems_of(&self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}
impl<H: WriteTuple, T: WriteElems> WriteElems for HCons<H, T> {
    fn write_elems_of(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.head.write_tuple(f)?;
        self.tail.write_elems_of(f, false)
    }
}

/// `Display` for a mixed tuple, in CuTe's notation.
///
/// ```
/// use cute::mixed::ShowTuple;
/// let t = cute::hlist![cute::typenum::P4::new(), 6i64];
/// assert_eq!(ShowTuple(&t).to_string(), "(_4,6)");
/// ```
pub struct ShowTuple<'a, T>(pub &'a T);

impl<T: MixedTuple> fmt::Display for ShowTuple<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f)
    }
}
