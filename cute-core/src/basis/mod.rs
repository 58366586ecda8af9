//! Layouts of the crate's type whose strides are scaled basis elements (the paper's
//! integer-semimodule `Z^S`, section 2.3.1; CuTe's `ScaledBasis`): such a layout maps a
//! coordinate to a coordinate. Its stride tree is wrapped in [`Basis`], each leaf a
//! [`ScaledBasis`] `v@k` (static or runtime scale `v`, a static basis element) or a static
//! `_0`; the coordinate it evaluates to is an HList of `i64`, nested as the basis elements are
//! ([`Coordinate`]).
//!
//! - `cute::layout!` writes one in CuTe's notation, `layout!((4,8):(1@0,1@1))`;
//! - [`make_identity_layout`] makes the layout that maps each
//!   coordinate of a shape to itself (CuTe's `make_identity_layout`);
//! - [`Layout::call`] and [`Layout::call_coord`] evaluate one;
//! - [`coalesce`](crate::coalesce) merges adjacent leaves along one basis element where the
//!   types prove them contiguous, as for integer strides;
//! - [`composition`](crate::composition) with a layout, tile size or tuple tiler of integer
//!   strides on the right gives the coordinates `A(B(c))` (the paper's Table 4, "Coordinate");
//! - [`logical_divide`](crate::logical_divide) by a layout, tile size or tuple tiler of integer
//!   strides gives the coordinates of a tile and of its repetitions, and
//!   [`zipped_divide`](crate::zipped_divide), [`tiled_divide`](crate::tiled_divide) and
//!   [`flat_divide`](crate::flat_divide) regroup them;
//! - [`right_inverse`](crate::right_inverse) gives the integer layout over the codomain's
//!   coordinates that A inverts (the paper's Table 5), and the method
//!   [`left_inverse`](Layout::left_inverse) the one that inverts A, for a static A (Table 6);
//! - the method [`complement`](Layout::complement), element by element (Table 7).
//!
//! They take the integer strides' walks (`ops/<name>/mixed_face.rs`), so the result types are static where the
//! operands are. Where every leaf is static, the result is the layout itself and the conditions
//! of composition and of the divides are decided by the trait solver, so a violation is a
//! compile error naming it and the operands (strides shown as `Along<_1, _0>` for `1@0`); with
//! a runtime leaf the result is a `Result`, its conditions checked at run time (see [`Basis`]). The
//! left inverse and the complement, which CuTe would define for static layouts only, are
//! computed by the trait solver, their conditions compile errors. The dynamic
//! engine's [`BasisLayout`](crate::dynamic::BasisLayout) is reached through
//! [`Layout::to_dynamic`] and `TryFrom`.
//!
//! ```
//! use cute::{coord, hlist, make_identity_layout, shape};
//! let id = make_identity_layout(shape!((2,(3,4),5)));
//! assert_eq!(id.to_string(), "(_2,(_3,_4),_5):(_1@0,(_1@0@1,_1@1@1),_1@2)");
//! assert_eq!(id.call_coord(coord!((1,(2,3),4))), hlist![1, hlist![2, 3], 4]);
//! assert_eq!(id.call(7), hlist![1, hlist![0, 1], 0]);
//! ```

use core::any::TypeId;
use core::fmt;
use core::marker::PhantomData;
use core::ops::Sub;

use frunk_core::hlist::{HCons, HList, HNil};
use typenum::{Bit, NInt, NonZero, PInt, Sub1, UInt, UTerm, Unsigned, B1, P1, Z0};

use crate::arith;
use crate::error::verdict::{Shown, ShownPath};
use crate::layout::{check_extents, check_index, size_of, with_leaves, Layout};
use crate::mixed::int::{AllStatic, Int};
use crate::mixed::{Error, MixedList, MixedTuple};
use crate::statics::check::{msg, Check, Checked, Verify};
use crate::statics::typeops::{FlatModes as ModesOf, Flatten, Zip};
use crate::statics::{Leaves, Tree};

// The operations over basis strides live in their operations' modules (`ops/<name>/basis.rs`);
// their steps are re-exported here, at their earlier paths.
pub use crate::ops::coalesce::basis::{CoalescedBasis, NextBasis, SamePath};
pub use crate::ops::complement::basis::{
    BasisComplement, ComplementModes, GapVerdict, Gaps, OneMode, Reach, SignVerdict, UnzipModes,
};
pub use crate::ops::composition::basis::{ComposedBasis, FlatBasis, JoinBasis, SplitBasis};
pub use crate::ops::divide::basis::DividedBasis;
pub use crate::ops::inverse::basis::{
    AlongElement, AlongPairs, AlongVerdict, AssembleModes, BasisLeftInverse, BasisRightInverse, BitCount, EmptyGroups,
    InverseGroups, KeepAlong, KeepIf, LeavesAlong, LeftGroups, ModesAlong, NextGroups, PairVerdict,
};
pub use crate::ops::make::basis::{
    make_identity_layout, Append, IdentityElems, IdentityLayout, IdentityResult, IdentityStride, IdentityStrides,
    IsStatic, MakeIdentity,
};
mod coordinate;
pub use coordinate::*;

/// Basis strides whose scales are all static (typenum integers), so that the type is the value.
///
/// ```
/// use cute::basis::{ScaledBasis, StaticScales, E};
/// use cute::{HCons, HNil, typenum::U0};
/// fn static_scales<D: StaticScales>() {}
/// static_scales::<HCons<E<HCons<U0, HNil>>, HCons<cute::typenum::Z0, HNil>>>();
/// ```
#[diagnostic::on_unimplemented(
    message = "the basis strides `{Self}` have a runtime scale",
    label = "a static layout's scales are typenum integers; make one with a runtime scale with `Layout::try_new_basis`"
)]
#[doc(hidden)]
pub trait StaticScales: BasisTuple {}
impl<U: Unsigned + NonZero + Copy + Default + fmt::Debug + PartialEq + 'static, P: BasisPath> StaticScales
    for ScaledBasis<PInt<U>, P>
where
    PInt<U>: Int,
{
}
impl<U: Unsigned + NonZero + Copy + Default + fmt::Debug + PartialEq + 'static, P: BasisPath> StaticScales
    for ScaledBasis<NInt<U>, P>
where
    NInt<U>: Int,
{
}
impl<P: BasisPath> StaticScales for ScaledBasis<Z0, P> {}
impl StaticScales for Z0 {}
impl StaticScales for HNil {}
impl<H: StaticScales, T: StaticScales + BasisList> StaticScales for HCons<H, T> {}

/// A basis element's index path, outer first (`HNil` for none, `HCons<K, P>` for index `K`,
/// a typenum unsigned, then the path `P` inside it): CuTe's `E<0,1>` is `HCons<U0, HCons<U1,
/// HNil>>`, written `1@1@0` (innermost first).
///
/// ```
/// use cute::basis::BasisPath;
/// use cute::typenum::{U0, U1};
/// use cute::{HCons, HNil};
/// assert_eq!(<HCons<U0, HCons<U1, HNil>> as BasisPath>::LEN, 2);
/// ```
#[doc(hidden)]
pub trait BasisPath: Copy + Default + fmt::Debug + PartialEq + 'static + crate::sealed::Sealed {
    /// Number of indices.
    const LEN: usize;
    /// The path as one number for the compile-time checks: paths of at most 6 indices, each
    /// below 1024 (the dynamic engine's bound), have distinct keys, at least 0; any other path
    /// has the key -1.
    const KEY: i64;
    /// Write `@k` for each index, innermost first.
    fn write_dims(f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Push the indices, innermost first.
    #[cfg(feature = "alloc")]
    fn push_dims(out: &mut alloc::vec::Vec<u32>);
}
impl BasisPath for HNil {
    const LEN: usize = 0;
    const KEY: i64 = 0;
    fn write_dims(_: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
    #[cfg(feature = "alloc")]
    fn push_dims(_: &mut alloc::vec::Vec<u32>) {}
}
impl<K: Unsigned + Copy + Default + fmt::Debug + PartialEq + 'static, P: BasisPath + HList> BasisPath for HCons<K, P> {
    const LEN: usize = 1 + <P as BasisPath>::LEN;
    // The indices plus one as the digits of a number in base 1025, the outer one lowest.
    const KEY: i64 = if K::U64 >= 1024 || <P as BasisPath>::KEY < 0 {
        -1
    } else {
        match <P as BasisPath>::KEY.checked_mul(1025) {
            Some(v) => match v.checked_add(K::I64 + 1) {
                Some(v) => v,
                None => -1,
            },
            None => -1,
        }
    };
    fn write_dims(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        P::write_dims(f)?;
        write!(f, "@{}", K::U32)
    }
    #[cfg(feature = "alloc")]
    fn push_dims(out: &mut alloc::vec::Vec<u32>) {
        P::push_dims(out);
        out.push(K::U32);
    }
}

/// `v * e_P`: the scale `v` (a static typenum integer or a runtime `i64`) times the basis
/// element of the path `P` (outer first, see [`BasisPath`]), CuTe's `ScaledBasis<V, Ns...>`.
///
/// ```
/// use cute::basis::{ScaledBasis, E};
/// use cute::typenum::{U1, P1};
/// use cute::{HCons, HNil};
/// let d = ScaledBasis::<i64, HCons<U1, HNil>>::new(3);
/// assert_eq!((d.to_string(), d.value()), ("3@1".to_string(), 3));
/// assert_eq!(E::<HCons<U1, HNil>>::default().to_string(), "_1@1");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ScaledBasis<V, P> {
    pub(crate) scale: V,
    pub(crate) path: PhantomData<P>,
}

/// The basis element `e_P` (scale `_1`), CuTe's `E<Ns...>`.
///
/// ```
/// use cute::basis::E;
/// use cute::typenum::{U0, U1};
/// use cute::{HCons, HNil};
/// assert_eq!(E::<HCons<U0, HCons<U1, HNil>>>::default().to_string(), "_1@1@0");
/// ```
pub type E<P> = ScaledBasis<P1, P>;

impl<V: Int, P: BasisPath> ScaledBasis<V, P> {
    /// `scale * e_P`.
    ///
    /// ```
    /// use cute::basis::ScaledBasis;
    /// use cute::{HCons, HNil};
    /// assert_eq!(ScaledBasis::<i64, HCons<cute::typenum::U2, HNil>>::new(4).to_string(), "4@2");
    /// ```
    pub fn new(scale: V) -> Self {
        ScaledBasis { scale, path: PhantomData }
    }

    /// The scale.
    ///
    /// ```
    /// use cute::basis::E;
    /// use cute::{HCons, HNil};
    /// assert_eq!(E::<HCons<cute::typenum::U0, HNil>>::default().value(), 1);
    /// ```
    #[inline(always)]
    pub fn value(self) -> i64 {
        self.scale.value()
    }
}

/// `v@k...`, innermost index first, a static scale with an underscore (`_1@0`).
impl<V: Int, P: BasisPath> fmt::Display for ScaledBasis<V, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::mixed::int::write_int(self.scale, f)?;
        P::write_dims(f)
    }
}

impl<V, P> Tree for ScaledBasis<V, P> {
    type Of = ();
}
/// The stride tree `D` of a layout with basis strides: its leaves are [`ScaledBasis`] or a
/// static `_0`. A wrapper, so that the layout type's methods for integer strides and for basis
/// strides are apart.
///
/// ```
/// use cute::basis::{Basis, E};
/// use cute::typenum::{U0, U1};
/// use cute::{hlist, HCons, HNil};
/// let d = Basis::new(hlist![E::<HCons<U0, HNil>>::default(), E::<HCons<U1, HNil>>::default()]);
/// assert_eq!(d.to_string(), "(_1@0,_1@1)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Basis<D>(pub(crate) D);

impl<D: BasisTuple> Basis<D> {
    /// The stride tree `d`.
    ///
    /// ```
    /// use cute::basis::{Basis, ScaledBasis};
    /// use cute::{HCons, HNil};
    /// assert_eq!(Basis::new(ScaledBasis::<i64, HCons<cute::typenum::U0, HNil>>::new(2)).to_string(), "2@0");
    /// ```
    pub fn new(d: D) -> Self {
        Basis(d)
    }

    /// The stride tree.
    ///
    /// ```
    /// use cute::basis::{Basis, ScaledBasis};
    /// use cute::{HCons, HNil};
    /// let d = Basis::new(ScaledBasis::<i64, HCons<cute::typenum::U0, HNil>>::new(2));
    /// assert_eq!(d.tree().value(), 2);
    /// ```
    pub fn tree(&self) -> &D {
        &self.0
    }
}

impl<D: BasisTuple> fmt::Display for Basis<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f)
    }
}

/// A static result with basis strides: its extents are positive, its size fits in `i64`, and
/// so do its coordinates, as [`Layout::new_basis`] checks them (a composition past A's domain
/// reaches past A's coordinates).
impl<S: crate::statics::IntTuple, B: BasisTuple> crate::statics::check::Check
    for crate::statics::layout::ResultFits<S, Basis<B>>
{
    const RESULT: crate::statics::check::Checked = if !crate::statics::layout::all_positive(&S::LEAVES) {
        Err(crate::statics::check::msg("invalid argument: the shape ")
            .tuple(S::LEAVES.as_slice())
            .s(" of a result of the algebra has an extent that is not positive"))
    } else if crate::statics::layout::checked_size(&S::LEAVES).is_none() {
        Err(crate::statics::check::msg("overflow: the size ")
            .tuple(S::LEAVES.as_slice())
            .s(" of a result of the algebra does not fit in i64"))
    } else if !entries_fit(&S::LEAVES, &B::SCALES, &B::KEYS) {
        Err(crate::statics::check::msg("overflow: the coordinates of a result of the algebra of shape ")
            .tuple(S::LEAVES.as_slice())
            .s(" do not fit in i64 (along a basis element, the sum of (s - 1) * |v| over its leaves s:v is past i64::MAX)"))
    } else {
        Ok(())
    };
}

/// Basis strides print in a compile error as their tree.
impl<D: Shown> Shown for Basis<D> {
    type Out = D::Out;
}
/// A scaled basis element `v@k...` prints in a compile error as [`Along`](crate::error::verdict::Along).
impl<V: Shown, P: ShownPath<V::Out>> Shown for ScaledBasis<V, P> {
    type Out = P::Out;
}

impl<D: Tree> Tree for Basis<D> {
    type Of = D::Of;
}
/// Basis strides are static where every scale is: with a static shape, the crate root's
/// operations give the layout itself, their conditions decided by the trait solver (compile
/// errors); with a runtime leaf, a `Result`.
impl<D: AllStatic> AllStatic for Basis<D> {
    type Is = D::Is;
}

/// A scaled basis element is static where its scale is.
impl<V: AllStatic, P> AllStatic for ScaledBasis<V, P> {
    type Is = V::Is;
}
crate::leaf::int::all_static_both! {
    [V, P,] ScaledBasis<V, P>;
}

/// A tree of basis strides: a [`ScaledBasis`] or `_0` leaf, or an HList of trees.
///
/// ```
/// use cute::basis::{BasisTuple, E};
/// use cute::typenum::U0;
/// use cute::{HCons, HNil};
/// assert_eq!(<HCons<E<HCons<U0, HNil>>, HNil> as BasisTuple>::LEAF_COUNT, 1);
/// ```
#[doc(hidden)]
pub trait BasisTuple: Copy + fmt::Debug + PartialEq + 'static {
    /// Number of leaves.
    const LEAF_COUNT: usize;
    /// The leaves' static scales, left to right (0 for a runtime scale and for `_0`), for the
    /// compile-time checks.
    const SCALES: Leaves;
    /// The keys of the leaves' basis elements ([`BasisPath::KEY`]; -2 for `_0`), left to right.
    const KEYS: Leaves;
    /// True for a leaf.
    const IS_LEAF: bool;
    /// Write the tree in CuTe's notation.
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Write the leaves' scales and basis elements (`None` for `_0`), left to right, from
    /// index `at`; returns the next index.
    fn write_scales(&self, out: &mut [Scaled], at: usize) -> usize;
    /// The same tree in the dynamic engine.
    #[cfg(feature = "alloc")]
    fn to_dynamic(&self) -> crate::dynamic::HTuple<crate::dynamic::ScaledBasis>;
    /// The tree of this type equal to `t`: `None` when the tree, a basis element or a static
    /// scale differs.
    #[cfg(feature = "alloc")]
    fn from_dynamic(t: &crate::dynamic::HTuple<crate::dynamic::ScaledBasis>) -> Option<Self>;
}

impl<V: Int, P: BasisPath> BasisTuple for ScaledBasis<V, P> {
    const LEAF_COUNT: usize = 1;
    const SCALES: Leaves = Leaves::one(match V::STATIC {
        Some(v) => v,
        None => 0,
    });
    const KEYS: Leaves = Leaves::one(P::KEY);
    const IS_LEAF: bool = true;
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
    // In range: `out[at]` exists, so at < out.len() <= isize::MAX.
    #[allow(clippy::arithmetic_side_effects)]
    fn write_scales(&self, out: &mut [Scaled], at: usize) -> usize {
        out[at] = (self.value(), Some(TypeId::of::<P>()));
        at + 1
    }
    #[cfg(feature = "alloc")]
    fn to_dynamic(&self) -> crate::dynamic::HTuple<crate::dynamic::ScaledBasis> {
        let mut dims = alloc::vec::Vec::with_capacity(<P as BasisPath>::LEN);
        P::push_dims(&mut dims);
        crate::dynamic::HTuple::Leaf(crate::dynamic::ScaledBasis::new(self.value(), dims))
    }
    #[cfg(feature = "alloc")]
    fn from_dynamic(t: &crate::dynamic::HTuple<crate::dynamic::ScaledBasis>) -> Option<Self> {
        let crate::dynamic::HTuple::Leaf(d) = t else { return None };
        let mut dims = alloc::vec::Vec::with_capacity(<P as BasisPath>::LEN);
        P::push_dims(&mut dims);
        (d.dims() == dims.as_slice()).then_some(())?;
        Some(ScaledBasis::new(V::from_value(d.value())?))
    }
}

/// A zero stride: the leaf adds nothing to the coordinate (the dynamic engine's integer `0`).
impl BasisTuple for Z0 {
    const LEAF_COUNT: usize = 1;
    const SCALES: Leaves = Leaves::one(0);
    const KEYS: Leaves = Leaves::one(-2);
    const IS_LEAF: bool = true;
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_0")
    }
    // In range: `out[at]` exists, so at < out.len() <= isize::MAX.
    #[allow(clippy::arithmetic_side_effects)]
    fn write_scales(&self, out: &mut [Scaled], at: usize) -> usize {
        out[at] = (0, None);
        at + 1
    }
    #[cfg(feature = "alloc")]
    fn to_dynamic(&self) -> crate::dynamic::HTuple<crate::dynamic::ScaledBasis> {
        crate::dynamic::HTuple::Leaf(crate::dynamic::ScaledBasis::new(0, alloc::vec::Vec::new()))
    }
    #[cfg(feature = "alloc")]
    fn from_dynamic(t: &crate::dynamic::HTuple<crate::dynamic::ScaledBasis>) -> Option<Self> {
        match t {
            crate::dynamic::HTuple::Leaf(d) if d.value() == 0 && d.dims().is_empty() => Some(Z0::new()),
            _ => None,
        }
    }
}

impl BasisTuple for HNil {
    const LEAF_COUNT: usize = 0;
    const SCALES: Leaves = Leaves::EMPTY;
    const KEYS: Leaves = Leaves::EMPTY;
    const IS_LEAF: bool = false;
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
    fn write_scales(&self, _: &mut [Scaled], at: usize) -> usize {
        at
    }
    #[cfg(feature = "alloc")]
    fn to_dynamic(&self) -> crate::dynamic::HTuple<crate::dynamic::ScaledBasis> {
        crate::dynamic::HTuple::Tuple(alloc::vec::Vec::new())
    }
    #[cfg(feature = "alloc")]
    fn from_dynamic(t: &crate::dynamic::HTuple<crate::dynamic::ScaledBasis>) -> Option<Self> {
        matches!(t, crate::dynamic::HTuple::Tuple(v) if v.is_empty()).then_some(HNil)
    }
}

impl<H: BasisTuple, T: BasisList> BasisTuple for HCons<H, T> {
    const LEAF_COUNT: usize = H::LEAF_COUNT + T::LEAF_COUNT;
    const SCALES: Leaves = H::SCALES.concat(T::SCALES);
    const KEYS: Leaves = H::KEYS.concat(T::KEYS);
    const IS_LEAF: bool = false;
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.head.write(f)?;
        self.tail.write_elems(f)?;
        f.write_str(")")
    }
    fn write_scales(&self, out: &mut [Scaled], at: usize) -> usize {
        let at = self.head.write_scales(out, at);
        self.tail.write_scales_elems(out, at)
    }
    #[cfg(feature = "alloc")]
    fn to_dynamic(&self) -> crate::dynamic::HTuple<crate::dynamic::ScaledBasis> {
        let mut v = alloc::vec![self.head.to_dynamic()];
        self.tail.push_dynamic(&mut v);
        crate::dynamic::HTuple::Tuple(v)
    }
    #[cfg(feature = "alloc")]
    fn from_dynamic(t: &crate::dynamic::HTuple<crate::dynamic::ScaledBasis>) -> Option<Self> {
        let crate::dynamic::HTuple::Tuple(v) = t else { return None };
        let (first, rest) = v.split_first()?;
        Some(HCons { head: H::from_dynamic(first)?, tail: T::from_dynamic_elems(rest)? })
    }
}

/// The elements of a tuple of basis strides: `HNil` or `HCons<BasisTuple, BasisList>`.
///
/// ```
/// use cute::basis::BasisList;
/// fn elems<L: BasisList>() {}
/// elems::<cute::HNil>();
/// ```
#[doc(hidden)]
pub trait BasisList: Copy + fmt::Debug + PartialEq + 'static {
    /// Number of leaves of all elements.
    const LEAF_COUNT: usize;
    /// See [`BasisTuple::SCALES`].
    const SCALES: Leaves;
    /// See [`BasisTuple::KEYS`].
    const KEYS: Leaves;
    /// Write `,e` for each element.
    fn write_elems(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// See [`BasisTuple::write_scales`].
    fn write_scales_elems(&self, out: &mut [Scaled], at: usize) -> usize;
    /// Push the elements as runtime trees.
    #[cfg(feature = "alloc")]
    fn push_dynamic(&self, out: &mut alloc::vec::Vec<crate::dynamic::HTuple<crate::dynamic::ScaledBasis>>);
    /// The elements equal to `ts`.
    #[cfg(feature = "alloc")]
    fn from_dynamic_elems(ts: &[crate::dynamic::HTuple<crate::dynamic::ScaledBasis>]) -> Option<Self>;
}
impl BasisList for HNil {
    const LEAF_COUNT: usize = 0;
    const SCALES: Leaves = Leaves::EMPTY;
    const KEYS: Leaves = Leaves::EMPTY;
    fn write_elems(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
    fn write_scales_elems(&self, _: &mut [Scaled], at: usize) -> usize {
        at
    }
    #[cfg(feature = "alloc")]
    fn push_dynamic(&self, _: &mut alloc::vec::Vec<crate::dynamic::HTuple<crate::dynamic::ScaledBasis>>) {}
    #[cfg(feature = "alloc")]
    fn from_dynamic_elems(ts: &[crate::dynamic::HTuple<crate::dynamic::ScaledBasis>]) -> Option<Self> {
        ts.is_empty().then_some(HNil)
    }
}
impl<H: BasisTuple, T: BasisList> BasisList for HCons<H, T> {
    const LEAF_COUNT: usize = H::LEAF_COUNT + T::LEAF_COUNT;
    const SCALES: Leaves = H::SCALES.concat(T::SCALES);
    const KEYS: Leaves = H::KEYS.concat(T::KEYS);
    fn write_elems(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(",")?;
        self.head.write(f)?;
        self.tail.write_elems(f)
    }
    fn write_scales_elems(&self, out: &mut [Scaled], at: usize) -> usize {
        let at = self.head.write_scales(out, at);
        self.tail.write_scales_elems(out, at)
    }
    #[cfg(feature = "alloc")]
    fn push_dynamic(&self, out: &mut alloc::vec::Vec<crate::dynamic::HTuple<crate::dynamic::ScaledBasis>>) {
        out.push(self.head.to_dynamic());
        self.tail.push_dynamic(out);
    }
    #[cfg(feature = "alloc")]
    fn from_dynamic_elems(ts: &[crate::dynamic::HTuple<crate::dynamic::ScaledBasis>]) -> Option<Self> {
        let (first, rest) = ts.split_first()?;
        Some(HCons { head: H::from_dynamic(first)?, tail: T::from_dynamic_elems(rest)? })
    }
}

/// A leaf's scale and its basis element's identity (`None` for `_0`), for the run-time checks.
#[doc(hidden)]
pub type Scaled = (i64, Option<TypeId>);

/// A result of the algebra with basis strides, checked as [`Layout::try_new_basis`] checks a
/// layout made by hand (see [`Fits`](crate::layout::Fits)).
impl<S: MixedTuple, D: BasisTuple> crate::layout::Fits for Result<Layout<S, Basis<D>>, Error> {
    fn fits(self, op: &'static str) -> Self {
        let l = self?;
        check_basis(op, &l.shape, &l.stride.0)?;
        Ok(l)
    }
}

/// A runtime shape leaf that is not positive, or a coordinate entry past i64: along each basis
/// element, `sum((s - 1) * |v|)` over its leaves must fit.
fn check_basis<S: MixedTuple, D: BasisTuple>(op: &'static str, shape: &S, stride: &D) -> Result<(), Error> {
    check_extents(op, shape)?;
    let reach_fits = |s: &[i64]| -> Result<(), Error> {
        let n = s.len();
        let mut v = [(0i64, None); crate::statics::MAX_LEAVES];
        stride.write_scales(&mut v, 0);
        for (k, &(_, element)) in v[..n].iter().enumerate() {
            // Each element once, at its first leaf.
            if element.is_none() || v[..k].iter().any(|&(_, e)| e == element) {
                continue;
            }
            let mut reach = 0i64;
            for (j, &(scale, _)) in v[..n].iter().enumerate().filter(|(_, (_, e))| *e == element) {
                // In range: check_extents found every extent positive.
                #[allow(clippy::arithmetic_side_effects)]
                let extent = s[j] - 1;
                // An extent of 1 spans nothing, whatever the scale (even i64::MIN, whose |v| does not fit).
                let span = if extent == 0 { Ok(0) } else { arith::abs(scale).and_then(|a| arith::mul(extent, a)) };
                reach = span.and_then(|span| arith::add(reach, span)).map_err(|o| Error::new(op, o.into()))?;
            }
        }
        Ok(())
    };
    with_leaves(shape, reach_fits).map_err(|d| Error::new(op, d))?
}

/// The check of [`Layout::new_basis`]: along each basis element, `sum((s - 1) * |v|)` over its
/// leaves fits in i64, so that no coordinate of the layout's domain overflows (what
/// [`Layout::try_new_basis`] checks at run time and `cute::layout!` where it expands).
pub struct EntriesFit<S, D>(PhantomData<(S, D)>);
impl<S: crate::statics::IntTuple, D: BasisTuple> Check for EntriesFit<S, D> {
    const RESULT: Checked = if entries_fit(&S::LEAVES, &D::SCALES, &D::KEYS) {
        Ok(())
    } else {
        Err(msg("overflow: Layout::new_basis: the coordinates do not fit in i64 (along a basis element, the sum of \
                 (s - 1) * |v| over its leaves s:v is past i64::MAX)"))
    };
}

/// Whether, along each basis element (the leaves of one key; the key -1 taken as one element,
/// -2, a `_0` stride, as none), `sum((s - 1) * |v|)` over the leaves `s:v` fits in i64.
// In range: `i` and `j` stay below `shape.len`; evaluated only in a constant (a `Check`).
#[allow(clippy::arithmetic_side_effects)]
const fn entries_fit(shape: &Leaves, scales: &Leaves, keys: &Leaves) -> bool {
    let mut j = 0;
    while j < shape.len {
        // The leaves from `j` on with its key: at the element's first leaf, all of them.
        let key = keys.vals[j];
        let mut reach = 0i64;
        let mut i = j;
        while key != -2 && i < shape.len {
            if keys.vals[i] == key && shape.vals[i] != 1 {
                reach = match arith::span(shape.vals[i], scales.vals[i]) {
                    Some(span) => match reach.checked_add(span) {
                        Some(r) => r,
                        None => return false,
                    },
                    None => return false,
                };
            }
            i += 1;
        }
        j += 1;
    }
    true
}

impl<S, D> Layout<S, Basis<D>> {
    /// The flat `(shape, stride)` modes, as the integer strides' walks take them (the basis
    /// strides' [`crate::ops::coalesce::mixed_face::modes`](crate::ops::coalesce::mixed_face::modes)).
    #[inline(always)]
    pub(crate) fn flat_modes(self) -> ModesOf<S, D>
    where
        S: Flatten,
        D: Flatten,
        S::Output: Zip<D::Output>,
    {
        self.shape.flatten().zip(self.stride.0.flatten())
    }
}

impl<S: MixedTuple, D: BasisTuple> Layout<S, Basis<D>> {
    /// The layout `shape:stride` with basis strides. Congruence and basis elements that make one
    /// coordinate (not `1@0` beside `1@0@0`) are compile-time conditions; a shape leaf that is
    /// not positive, or a coordinate entry past i64, is an error.
    ///
    /// ```
    /// use cute::basis::{Basis, ScaledBasis, E};
    /// use cute::typenum::{U0, U1};
    /// use cute::{hlist, HCons, HNil, Layout};
    /// type E0 = HCons<U0, HNil>;
    /// type E1 = HCons<U1, HNil>;
    /// let stride = Basis::new(hlist![ScaledBasis::<i64, E1>::new(1), hlist![E::<E0>::default(), ScaledBasis::<i64, E1>::new(6)]]);
    /// let l = Layout::try_new_basis(hlist![4i64, hlist![4i64, 2i64]], stride).unwrap();
    /// assert_eq!(l.to_string(), "(4,(4,2)):(1@1,(_1@0,6@1))");
    /// assert_eq!(l.call(5), hlist![1, 1]);
    /// assert!(Layout::try_new_basis(0i64, Basis::new(E::<E0>::default())).is_err());
    /// ```
    pub fn try_new_basis(shape: S, stride: Basis<D>) -> Result<Self, Error>
    where
        S: Tree,
        D: Tree + Codomain<Hole>,
        D::Of: crate::statics::SameTree<S::Of>,
        <D as Codomain<Hole>>::Output: Fill,
    {
        check_basis("layout", &shape, &stride.0)?;
        Ok(Layout { shape, stride })
    }

    /// The static layout with basis strides, a value without data: every shape leaf and every
    /// scale static (a runtime scale is made with [`try_new_basis`](Self::try_new_basis)).
    /// Congruence and basis elements that make one coordinate (not `1@0` beside `1@0@0`) are
    /// compile-time conditions. The coordinates' entries must fit in i64, as a static integer
    /// layout's offsets must: a larger layout fails the build (`cargo build`) with a message
    /// naming the condition (`cute::layout!` checks it where `cargo check` sees it).
    ///
    /// ```
    /// use cute::basis::{Basis, ScaledBasis, E};
    /// use cute::typenum::{P2, U0, U1};
    /// use cute::{hlist, HCons, HNil, Layout, Shape};
    /// type E0 = HCons<U0, HNil>;
    /// type E1 = HCons<U1, HNil>;
    /// let l = Layout::<Shape![(4,8)], Basis<HCons<ScaledBasis<P2, E1>, HCons<E<E0>, HNil>>>>::new_basis();
    /// assert_eq!(l.to_string(), "(_4,_8):(_2@1,_1@0)");
    /// assert_eq!(l.call(9), hlist![2, 2]);
    /// assert_eq!(l, cute::layout!((4,8):(2@1,1@0)));
    /// ```
    pub fn new_basis() -> Self
    where
        S: crate::statics::Shape + Tree,
        D: StaticScales + Tree + Default + Codomain<Hole>,
        D::Of: crate::statics::SameTree<S::Of>,
        <D as Codomain<Hole>>::Output: Fill,
    {
        #[allow(clippy::let_unit_value)]
        let () = Verify::<EntriesFit<S, D>>::OK;
        Layout { shape: S::default(), stride: Basis(D::default()) }
    }

    /// Number of top-level modes (always static).
    pub const RANK: usize = S::RANK;

    /// The shape.
    ///
    /// ```
    /// let id = cute::make_identity_layout(cute::shape!((4,8)));
    /// assert_eq!(*id.shape(), cute::shape!((4,8)));
    /// ```
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The basis strides.
    ///
    /// ```
    /// let id = cute::make_identity_layout(cute::shape!((4,8)));
    /// assert_eq!(id.stride().to_string(), "(_1@0,_1@1)");
    /// ```
    pub fn stride(&self) -> &Basis<D> {
        &self.stride
    }

    /// The number of coordinates: the product of the shape.
    ///
    /// ```
    /// assert_eq!(cute::make_identity_layout(cute::shape!((4,{6}))).unwrap().size(), 24);
    /// ```
    #[inline(always)]
    pub fn size(&self) -> i64 {
        size_of(&self.shape)
    }

    /// The coordinate of the integral index `i`, CuTe's `layout(i)`: `sum(c_k * d_k)` over the
    /// leaves, each basis stride adding to its mode of the coordinate.
    ///
    /// For `i < size()` the entries always fit (checked when the layout was made); past the
    /// size the last leaf takes what is left of the index, as for integer strides (see
    /// [`Layout::call`]), and [`try_call`](Self::try_call) is the checked form.
    ///
    /// ```
    /// use cute::{hlist, make_identity_layout, shape};
    /// let id = make_identity_layout(shape!((4,8)));
    /// assert_eq!(id.call(9), hlist![1, 2]);
    /// ```
    #[inline(always)]
    pub fn call(&self, i: usize) -> Coordinate<D>
    where
        D: Codomain<Hole>,
        <D as Codomain<Hole>>::Output: Fill,
        S: BasisOffset<D, Coordinate<D>>,
    {
        let mut acc = <Coordinate<D> as Zero>::zero();
        self.shape.basis_offset(&self.stride.0, i, &mut acc, true);
        acc
    }

    /// The coordinate of the integral index `i`, or an error of kind
    /// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange) when `i` is not below the
    /// size.
    ///
    /// ```
    /// use cute::{hlist, make_identity_layout, shape};
    /// let id = make_identity_layout(shape!((4,8)));
    /// assert_eq!(id.try_call(31), Ok(hlist![3, 7]));
    /// let e = id.try_call(32).unwrap_err();
    /// assert_eq!(e.to_string(), "index out of range: call: index 32 is not below the size 32");
    /// ```
    pub fn try_call(&self, i: usize) -> Result<Coordinate<D>, Error>
    where
        D: Codomain<Hole>,
        <D as Codomain<Hole>>::Output: Fill,
        S: BasisOffset<D, Coordinate<D>>,
    {
        check_index(i, self.size())?;
        Ok(self.call(i))
    }

    /// The coordinate of a natural coordinate, nested as the shape is (see [`BasisCoord`]).
    ///
    /// ```
    /// use cute::{coord, hlist, make_identity_layout, shape};
    /// let id = make_identity_layout(shape!((4,(2,3))));
    /// assert_eq!(id.call_coord(coord!((3,(1,2)))), hlist![3, hlist![1, 2]]);
    /// assert_eq!(id.call_coord(coord!((3,5))), hlist![3, hlist![1, 2]]);
    /// ```
    #[inline(always)]
    pub fn call_coord<C: BasisCoord<S, D, Coordinate<D>>>(&self, coord: C) -> Coordinate<D>
    where
        D: Codomain<Hole>,
        <D as Codomain<Hole>>::Output: Fill,
    {
        let mut acc = <Coordinate<D> as Zero>::zero();
        coord.add_image(&self.shape, &self.stride.0, &mut acc);
        acc
    }

    /// The same layout in the dynamic engine, which composes and inverts it.
    ///
    /// ```
    /// let id = cute::make_identity_layout(cute::shape!((4,8)));
    /// let d = id.to_dynamic().unwrap();
    /// assert_eq!(d.to_string(), "(4,8):(1@0,1@1)");
    /// assert_eq!(d.right_inverse().unwrap().to_string(), "(4,8):(1,4)");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_dynamic(&self) -> Result<crate::dynamic::BasisLayout, crate::dynamic::Error> {
        crate::dynamic::BasisLayout::new(self.shape.to_dynamic(), self.stride.0.to_dynamic())
    }
}

/// A dynamic layout with basis strides as a given type: the trees and basis elements must
/// match and every static leaf must have its value.
///
/// ```
/// use cute::basis::{Basis, ScaledBasis, E};
/// use cute::typenum::{U0, U1};
/// use cute::{hlist, HCons, HNil, Layout};
/// type L = Layout<cute::Shape![({},8)], Basis<HCons<E<HCons<U1, HNil>>, HCons<ScaledBasis<i64, HCons<U0, HNil>>, HNil>>>>;
/// let d: cute::dynamic::BasisLayout = "(4,8):(1@1,2@0)".parse().unwrap();
/// let l = L::try_from(&d).unwrap();
/// assert_eq!(l.to_string(), "(4,_8):(_1@1,2@0)");
/// assert_eq!(l.call(4), hlist![2, 0]);
/// assert!(L::try_from(&"(4,8):(1@0,2@0)".parse().unwrap()).is_err());
/// ```
#[cfg(feature = "alloc")]
impl<S: MixedTuple, D: BasisTuple> TryFrom<&crate::dynamic::BasisLayout> for Layout<S, Basis<D>> {
    type Error = Error;
    fn try_from(l: &crate::dynamic::BasisLayout) -> Result<Self, Error> {
        let shape = S::from_dynamic(l.shape()).ok_or(Error::new("try_from", crate::mixed::Detail::Mismatch))?;
        let stride = D::from_dynamic(l.stride()).ok_or(Error::new("try_from", crate::mixed::Detail::Mismatch))?;
        check_basis("try_from", &shape, &stride)?;
        Ok(Layout { shape, stride: Basis(stride) })
    }
}

impl<S: MixedTuple, D: BasisTuple> fmt::Display for Layout<S, Basis<D>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.write(f)?;
        f.write_str(":")?;
        self.stride.0.write(f)
    }
}
