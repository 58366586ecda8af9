//! Composition of mixed layouts: `(A o B)(c) = A(B(c))`, CuTe's `composition_impl` with its
//! static/runtime rules, and every condition checked at run time by the dynamic engine's code.
//!
//! The result's structure follows CuTe: A is coalesced as far as the types prove (`coalesce_x`),
//! and each leaf `n:r` of B walks A's modes, skipping a mode only where a static `_1` says so.
//! A mode whose size is a runtime 1 stays (its runtime value is 1), where the dynamic engine
//! drops it; the two results are the same function. With every leaf static the walk is the
//! static face's composition (its result type), so the two faces have one walk.
//!
//! The conditions (stride and shape divisibility, disjoint modes of B) are checked with
//! `flat` on the runtime values of the *typed* coalesced A, the modes the walk uses, in the
//! walk that computes the result: as it composes each leaf of B, the leaf walks A's modes with
//! the exact check's step (`Guard`). Where a condition fails, the exact check runs on B's
//! leaves laid out in buffers and names the condition and its operands.
//! When a runtime value makes two modes of A contiguous that the types cannot prove contiguous,
//! the walk would need to merge them; the check then reports the divisibility violation instead
//! of returning a wrong layout (CuTe C++ returns a layout of the wrong size there). Likewise a
//! mode that the walk keeps with a runtime size of 1 gets the stride the algebra computes for it,
//! and where that product passes i64 the composition reports the overflow, though the dynamic
//! engine, which drops the mode, succeeds (`((8,1)):((2^33,0))` with runtime leaves `o 4:2^50`
//! is an overflow error here, `4:0` there): a refusal, never a wrapped stride.
//!
//! On static operands the walk can also mark the conditions it meets (a parameter `K`,
//! [`Unmarked`] here): a step whose static values violate one puts a mark such as
//! [`StrideNotDivisorMark`] in place of the mode, so the static face reads the first violated
//! condition from the result type itself, with no second walk (`statics::composition`).

use crate::mixed::route;
use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, P1, Z0};

use super::static_face::ResultVerdict;
use crate::arith::Overflow;
use crate::flat::{self, Guard, LeafInfo};
use crate::layout::{with_leaves, Layout};
use crate::mixed::error::{Detail, Error};
use crate::mixed::int::{Int, MulI};
use crate::mixed::tuple::MixedTuple;
use crate::ops::coalesce::mixed_face::{Coalesce, Extend, Finish, Flatten, ModesOf, Zip};
use crate::statics::report::Holds;
use core::fmt;
use core::marker::PhantomData;

pub use super::digits::*;
pub use super::walk::*;
use crate::statics::check::{Check, Checked, Verify};
use crate::statics::tiler::{ByMode, Entry, ModeOp};
use crate::statics::{ComposeOp, FlatLayout};

/// The most modes of coalesced A, and leaves of B, that the run-time check holds.
const CAP: usize = 32;
/// The modes of coalesced A of the smallest buffers.
const SMALL_CAP: usize = flat::GUARD_MODES;

/// The coalesced A of a composition: CuTe's `coalesce_x(A)` (the last mode keeps its stride
/// past the size).
pub type CoalescedX<S, D> = <<<ModesOf<S, D> as Extend>::Output as Coalesce>::Output as Finish>::Output;

/// CuTe's `coalesce_x` of a mixed layout, as a list of modes.
pub trait CoalesceX {
    /// The modes.
    type Output: Copy;
    /// Coalesce.
    fn coalesce_x(&self) -> Result<Self::Output, Overflow>;
}
impl<S, D> CoalesceX for Layout<S, D>
where
    S: MixedTuple + Flatten,
    D: MixedTuple + Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Extend,
    <ModesOf<S, D> as Extend>::Output: Coalesce,
    <<ModesOf<S, D> as Extend>::Output as Coalesce>::Output: Finish,
    CoalescedX<S, D>: Copy,
{
    type Output = CoalescedX<S, D>;
    #[inline(always)]
    fn coalesce_x(&self) -> Result<Self::Output, Overflow> {
        Ok(crate::ops::coalesce::mixed_face::modes(self).extend().coalesce()?.finish())
    }
}

/// A stride of B's walk times a stride `D` of A: an integer product ([`MulI`]), or, where A
/// has basis strides (`crate::basis`), the basis element with its scale multiplied.
pub trait ScaleStride<D> {
    /// The product's type.
    type Output;
    /// The product, or [`Overflow`].
    fn scale_stride(self, d: D) -> Result<Self::Output, Overflow>;
}
/// One impl per kind of integer stride, so that the basis strides' impl stands apart.
macro_rules! scale_by_int {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<R: MulI<$ty>, $($gen)*> ScaleStride<$ty> for R {
            type Output = <R as MulI<$ty>>::Output;
            #[inline(always)]
            fn scale_stride(self, d: $ty) -> Result<Self::Output, Overflow> {
                self.mul_i(d)
            }
        }
    )*};
}
scale_by_int! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
    [] i64;
}

/// The flat values of a list of modes, for the run-time checks.
pub trait ModeValues {
    /// Number of modes.
    const LEN: usize;
    /// Write shapes and strides from index `at`.
    fn write(&self, shapes: &mut [i64], strides: &mut [i64], at: usize);
}
impl ModeValues for HNil {
    const LEN: usize = 0;
    fn write(&self, _: &mut [i64], _: &mut [i64], _: usize) {}
}
impl<S: Int, D: Int, T: ModeValues> ModeValues for HCons<(S, D), T> {
    const LEN: usize = 1 + T::LEN;
    fn write(&self, shapes: &mut [i64], strides: &mut [i64], at: usize) {
        shapes[at] = self.head.0.value();
        strides[at] = self.head.1.value();
        // In range: `shapes[at]` exists, so at < shapes.len() <= isize::MAX.
        #[allow(clippy::arithmetic_side_effects)]
        let next = at + 1;
        self.tail.write(shapes, strides, next);
    }
}

/// A layout type of integer leaves, read back from its leaves' values: the result of the one
/// pass of [`composition_within`], which computes every leaf's value.
#[doc(hidden)]
pub trait FromLeaves: Sized {
    /// Number of leaves (of the shape, and of the stride).
    const LEAF_COUNT: usize;
    /// The layout of these shapes and strides, `None` where a static leaf holds another value.
    fn from_leaves(shapes: &[i64], strides: &[i64]) -> Option<Self>;
}
impl<S: MixedTuple, D: MixedTuple> FromLeaves for Layout<S, D> {
    const LEAF_COUNT: usize = S::LEAF_COUNT;
    #[inline(always)]
    fn from_leaves(shapes: &[i64], strides: &[i64]) -> Option<Self> {
        let (mut i, mut j) = (0, 0);
        Some(Layout { shape: S::read_leaves(shapes, &mut i)?, stride: D::read_leaves(strides, &mut j)? })
    }
}

/// The flat layout `s:d` in the dynamic engine's notation (`s0:d0` for one mode).
pub(crate) struct FlatText<'a>(pub(crate) &'a [i64], pub(crate) &'a [i64]);
impl fmt::Display for FlatText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.len() == 1 {
            return write!(f, "{}:{}", self.0[0], self.1[0]);
        }
        for (k, part) in [self.0, self.1].into_iter().enumerate() {
            f.write_str(if k == 0 { "(" } else { ":(" })?;
            for (i, v) in part.iter().enumerate() {
                write!(f, "{}{}", if i == 0 { "" } else { "," }, v)?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// Check every condition of composing the modes `a` with B's leaves `n:r` exactly as the
/// dynamic engine does: each leaf with `flat::compose_leaf`, its digits added to the overlap
/// check (`flat::Disjoint`) as it goes. With a `bound`, only the first `strict_leaves` leaves
/// must agree with A everywhere, the others below `bound`. An error names the operands as the
/// dynamic engine does: A's modes (or `a_text`, where A's strides are not integers) and the
/// leaf, or all of `b` for overlapping leaves.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn check_leaves<A: ModeValues>(
    a: &A,
    a_text: Option<&dyn fmt::Display>,
    b: &dyn fmt::Display,
    n: &[i64],
    r: &[i64],
    bound: Option<i64>,
    strict_leaves: usize,
) -> Result<(), Error> {
    if A::LEN > CAP || n.len() > CAP {
        return Err(Error::new("composition", Detail::TooManyLeaves(A::LEN.max(n.len()))));
    }
    // Buffers sized for the layouts kernels use where they fit (8 modes), CAP-sized otherwise:
    // zeroing the large buffers was most of a small composition's cost.
    let args = (a, a_text, b, n, r, bound, strict_leaves);
    if A::LEN <= SMALL_CAP {
        check_leaves_in::<A, SMALL_CAP, { SMALL_CAP + 1 }>(args)
    } else {
        check_leaves_in::<A, CAP, { CAP + 1 }>(args)
    }
}

/// The arguments of [`check_leaves`].
type CheckArgs<'a, A> =
    (&'a A, Option<&'a dyn fmt::Display>, &'a dyn fmt::Display, &'a [i64], &'a [i64], Option<i64>, usize);

/// [`check_leaves`] with buffers of `N` modes of A (`M` = `N + 1` for the walk's output), which
/// the caller found enough.
#[inline(always)]
fn check_leaves_in<A: ModeValues, const N: usize, const M: usize>(
    (a, a_text, b, n, r, bound, strict_leaves): CheckArgs<'_, A>,
) -> Result<(), Error> {
    let (mut a_s, mut a_d) = ([0i64; N], [0i64; N]);
    a.write(&mut a_s, &mut a_d, 0);
    check_flat::<N, M>(&a_s[..A::LEN], &a_d[..A::LEN], a_text, b, n, r, bound, strict_leaves)
}

/// The conditions of `A o B` for A's coalesced modes `a_s:a_d` (at most `N`, `M` = `N + 1`)
/// and B's leaves `n:r` (see [`check_leaves`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn check_flat<const N: usize, const M: usize>(
    a_s: &[i64],
    a_d: &[i64],
    a_text: Option<&dyn fmt::Display>,
    b: &dyn fmt::Display,
    n: &[i64],
    r: &[i64],
    bound: Option<i64>,
    strict_leaves: usize,
) -> Result<(), Error> {
    let width = a_s.len().saturating_sub(1);
    // B's leaves are checked for overlap as they are composed.
    let mut sums = [flat::ModeSums::ZERO; N];
    let mut disjoint = flat::Disjoint::new(&mut sums[..width]);
    let (mut out_s, mut out_d, mut g) = ([0i64; M], [0i64; M], [0i64; N]);
    let first_exempt = flat::first_exempt(a_s, bound);
    for l in 0..n.len() {
        let strict = bound.is_none() || l < strict_leaves;
        let exempt = if strict { usize::MAX } else { first_exempt };
        let leaf = flat::compose_leaf(a_s, a_d, n[l], r[l], exempt, &mut out_s, &mut out_d, &mut g).map_err(|v| {
            let leaf = FlatText(&n[l..=l], &r[l..=l]);
            match a_text {
                Some(a) => Error::with("composition", Detail::Compose(v), format_args!(" {} o {}", a, leaf)),
                None => {
                    Error::with("composition", Detail::Compose(v), format_args!(" {} o {}", FlatText(a_s, a_d), leaf))
                }
            }
        })?;
        disjoint.add(LeafInfo { n: n[l], sign: leaf.sign, top: leaf.top, strict }, &g[..width]);
    }
    disjoint.check(a_s, first_exempt).map_err(|v| match a_text {
        Some(a) => Error::with("composition", Detail::Compose(v), format_args!(" {} o {:#}", a, b)),
        None => Error::with("composition", Detail::Compose(v), format_args!(" {} o {:#}", FlatText(a_s, a_d), b)),
    })
}

/// What a walk of B's leaves ([`ComposeTree`]) hands each leaf `n:r` to, as it composes it.
#[doc(hidden)]
pub trait LeafCheck {
    /// The next leaf of B, left to right.
    fn leaf(&mut self, n: i64, r: i64);
}
/// No check: the static face's walk (its conditions are the trait solver's), and walks whose
/// conditions were checked before.
#[doc(hidden)]
pub struct NoCheck;
impl LeafCheck for NoCheck {
    #[inline(always)]
    fn leaf(&mut self, _: i64, _: i64) {}
}

impl LeafCheck for Guard<'_> {
    #[inline(always)]
    fn leaf(&mut self, n: i64, r: i64) {
        self.walk(n, r, |_, _, _| {});
    }
}

/// Whether the walk writes the violated conditions into its result, as marks in place of a
/// mode (see [`StrideDivisibilityMark`] and its siblings): never for layouts with runtime
/// leaves ([`Unmarked`], which check every condition at run time), every condition of each leaf
/// of B on the static face ([`ExactMarks`], which also records each leaf's digits in A's modes
/// for the overlap of B's leaves, see [`Digit`]). A mark exists only where both values are
/// static, so the static face reads the first violated condition from the result type that the
/// trait solver computes anyway.
pub struct Unmarked;
/// See [`Unmarked`]. `G` says whether the walk records each leaf's digits ([`WithDigits`], for
/// B with several leaves) or not ([`NoDigits`]: a single leaf cannot overlap another).
pub struct ExactMarks<G = WithDigits>(PhantomData<G>);
/// [`ExactMarks`] that record digits.
pub struct WithDigits;
/// [`ExactMarks`] that record none.
pub struct NoDigits;

macro_rules! marks {
    ($($(#[$doc:meta])* $name:ident<$a:ident, $b:ident>;)*) => {$(
        $(#[$doc])*
        pub struct $name<$a, $b>(PhantomData<($a, $b)>);
        impl<$a, $b> Clone for $name<$a, $b> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<$a, $b> Copy for $name<$a, $b> {}
        impl<$a, $b> Default for $name<$a, $b> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }
        // A result holding the mark does not compile (the verdict fails at the call), but it
        // still prints, so that printing it adds no second error.
        impl<$a, $b> crate::mixed::WriteTuple for $name<$a, $b> {
            fn write_tuple(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($name))
            }
        }
    )*};
}

// The overlap mark prints likewise.
impl<M, L> crate::mixed::WriteTuple for super::static_face::Overlapped<M, L> {
    fn write_tuple(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Overlapped")
    }
}

marks! {
    /// In place of a mode: CuTe's stride divisibility fails, the stride left `R` is neither
    /// below the shape `S` of A's mode nor a multiple of it.
    StrideDivisibilityMark<R, S>;
    /// In place of a mode: the stride left `R` stops inside A's mode of shape `S` without
    /// dividing it, and the leaf goes on past it.
    StrideNotDivisorMark<R, S>;
    /// In place of a mode: the negative stride left `R` jumps over A's mode of shape `S`
    /// without being a multiple of it.
    StrideNotMultipleMark<R, S>;
    /// In place of a mode: the shape left `R` is not a multiple of the part `P` that A's mode
    /// holds.
    ShapeDivisibilityMark<R, P>;
}

/// The fate of a mode that keeps fewer elements than the shape left: `Exact` keeps it, a
/// [`StrideNotDivisorMark`] replaces it.
pub struct Exact;

/// Compose A's coalesced modes `A` with every leaf of B (`Self` is B's shape, `D` its stride),
/// keeping B's structure: the result's shape and stride trees, with the marks `K` ([`Unmarked`]).
pub trait ComposeTree<D, A, K = Unmarked> {
    /// The result's `(shape, stride, digits)`: one type, so that the trait solver confirms the
    /// walk once for all three ([`TreeShape`], [`TreeStride`]; the digits of B's leaves in A's
    /// modes, with B's structure, only for [`ExactMarks`], see [`LeafParts`]).
    type Output: Parts;
    /// Compose, handing each leaf `n:r` of B to `check` as it goes.
    #[allow(clippy::type_complexity)]
    fn compose_tree<C: LeafCheck>(
        self,
        stride: D,
        a: A,
        check: &mut C,
    ) -> Result<(<Self::Output as Parts>::Shape, <Self::Output as Parts>::Stride), Overflow>;
}
/// The shape of [`ComposeTree`]'s result.
pub type TreeShape<SB, DB, A, K = Unmarked> = <<SB as ComposeTree<DB, A, K>>::Output as Parts>::Shape;
/// The stride of [`ComposeTree`]'s result.
pub type TreeStride<SB, DB, A, K = Unmarked> = <<SB as ComposeTree<DB, A, K>>::Output as Parts>::Stride;
/// The digits of [`ComposeTree`]'s result.
pub type TreeDigits<SB, DB, A, K = Unmarked> = <<SB as ComposeTree<DB, A, K>>::Output as Parts>::Digits;
macro_rules! compose_tree_leaf {
    ($([$($gen:tt)*] $ty:ty, $value:expr;)*) => {$(
        impl<R: Int, A: ComposeLeaf<$ty, R, K>, K: LeafParts<A::Output, $ty, R>, $($gen)*> ComposeTree<R, A, K> for $ty {
            type Output = K::Output;
            #[inline(always)]
            fn compose_tree<C: LeafCheck>(
                self,
                stride: R,
                a: A,
                check: &mut C,
            ) -> Result<(<Self::Output as Parts>::Shape, <Self::Output as Parts>::Stride), Overflow> {
                let value: fn($ty) -> i64 = $value;
                check.leaf(value(self), stride.value());
                Ok(K::leaf_parts(a.compose_leaf(self, stride)?))
            }
        }
    )*};
}
compose_tree_leaf! {
    [U: Unsigned + NonZero] PInt<U>, |_| <PInt<U> as typenum::Integer>::I64;
    [U: Unsigned + NonZero] NInt<U>, |_| <NInt<U> as typenum::Integer>::I64;
    [] Z0, |_| 0;
    [] i64, |n| n;
}
impl<A, K> ComposeTree<HNil, A, K> for HNil {
    type Output = (HNil, HNil, HNil);
    #[inline(always)]
    fn compose_tree<C: LeafCheck>(self, _: HNil, _: A, _: &mut C) -> Result<(HNil, HNil), Overflow> {
        Ok((HNil, HNil))
    }
}
impl<H: ComposeTree<DH, A, K>, T: ComposeTree<DT, A, K>, DH, DT, A: Copy, K> ComposeTree<HCons<DH, DT>, A, K>
    for HCons<H, T>
{
    type Output = (
        HCons<<H::Output as Parts>::Shape, <T::Output as Parts>::Shape>,
        HCons<<H::Output as Parts>::Stride, <T::Output as Parts>::Stride>,
        HCons<<H::Output as Parts>::Digits, <T::Output as Parts>::Digits>,
    );
    #[inline(always)]
    fn compose_tree<C: LeafCheck>(
        self,
        stride: HCons<DH, DT>,
        a: A,
        check: &mut C,
    ) -> Result<(<Self::Output as Parts>::Shape, <Self::Output as Parts>::Stride), Overflow> {
        let (hs, hd) = self.head.compose_tree(stride.head, a, check)?;
        let (ts, td) = self.tail.compose_tree(stride.tail, a, check)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

/// The composition `A o B` of a mixed layout with a mixed layout B (CuTe's
/// `composition(A, B)`), with B's structure; see [`composition`].
#[doc(hidden)]
pub trait Compose<B> {
    /// The result layout.
    type Output;
    /// The outcome of the conditions when every leaf of A and B is static (see
    /// [`StaticConditions`]), `Ok` otherwise; [`composition`] fails compilation on an `Err`.
    const CONDITIONS: Checked = Ok(());
    /// Compose, checking the conditions on the runtime values but not the result's size and
    /// cosize, which the crate's functions check next: only they call it.
    fn compose_unchecked(self, b: B, _: crate::Internal) -> Result<Self::Output, Error>;
    /// [`composition`] without its compile-time verdict, for code generic over this trait: the
    /// conditions of static leaves are checked at compile time, of runtime leaves at run time,
    /// and the result is a layout whose size and cosize fit in `i64`.
    ///
    /// ```
    /// use cute::mixed::Compose;
    /// use cute::error::ErrorKind;
    /// fn compose<A: Compose<B>, B>(a: A, b: B) -> Result<A::Output, cute::mixed::Error>
    /// where
    ///     Result<A::Output, cute::mixed::Error>: cute::layout::Fits,
    /// {
    ///     a.compose(b)
    /// }
    /// // A's modes 6:8 and 2:2 stay apart (a runtime leaf in each): B's leaf 4:3 keeps 2 of the
    /// // first at stride 3*8 and the 2 left in the second, 3:1 keeps 3 at stride 8 and a
    /// // runtime 1 in the second.
    /// let a = cute::layout!(({6},2):(8,{2})).unwrap();
    /// assert_eq!(compose(a, cute::layout!((4,3):(3,1))).unwrap().to_string(), "((2,2),(3,1)):((_24,2),(_8,2))");
    /// // 1:-3 o 2^32:2^31 is 2^32:-3*2^31, whose cosize does not fit in i64.
    /// let e = compose(cute::layout!({1}:{-3}).unwrap(), cute::layout!({1 << 32}:{1 << 31}).unwrap());
    /// assert_eq!(e.unwrap_err().kind(), ErrorKind::Overflow);
    /// ```
    fn compose(self, b: B) -> Result<Self::Output, Error>
    where
        Self: Sized,
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        composition_fits(self, b)
    }
    /// Compose and check that the result's size and cosize fit in `i64` (the crate's functions
    /// call it); a composition that knows its result fits skips the second check.
    #[doc(hidden)]
    fn compose_fits(self, b: B, _: crate::Internal) -> Result<Self::Output, Error>
    where
        Self: Sized,
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        crate::layout::Fits::fits(self.compose_unchecked(b, crate::Internal(())), "composition")
    }
}

/// The coalesced modes of the left operand `Layout<SA, DA>`.
pub type FlatA<SA, DA> = <Layout<SA, DA> as CoalesceX>::Output;

/// The result type of `A o B` for layouts.
pub type Composed<SA, DA, SB, DB> = ComposedModes<FlatA<SA, DA>, SB, DB>;

/// The result type of B walked over A's coalesced modes `A`.
pub type ComposedModes<A, SB, DB> = Layout<TreeShape<SB, DB, A>, TreeStride<SB, DB, A>>;

/// [`composition`] with only the first `strict_leaves` leaves of B checked everywhere and the
/// others below `bound` (a divide's rest mode, a product's copies), as the dynamic engine's
/// `composition_within`.
pub(crate) fn composition_within<SA, DA, SB, DB>(
    a: Layout<SA, DA>,
    b: Layout<SB, DB>,
    bound: Option<i64>,
    strict_leaves: usize,
) -> Result<Composed<SA, DA, SB, DB>, Error>
where
    Layout<SA, DA>: CoalesceX,
    FlatA<SA, DA>: ModeValues,
    SB: MixedTuple + ComposeTree<DB, FlatA<SA, DA>>,
    DB: MixedTuple,
    Composed<SA, DA, SB, DB>: FromLeaves,
{
    let flat_a = a.coalesce_x().map_err(|o| Error::new("composition", o.into()))?;
    if let Some(l) = compose_values(&flat_a, &b, bound, strict_leaves, false) {
        return Ok(l);
    }
    compose_modes(flat_a, None, b, bound, strict_leaves)
}

/// [`composition_within`] with the result's size and cosize checked, an error naming `op`
/// (the function called): the one pass checks the cosize as it goes, where it answers (the
/// result's size is B's, which the caller knows fits: B is a layout, or a divisor whose size it
/// checked); otherwise the typed walk, then the check.
#[inline(always)]
pub(crate) fn composition_within_fits<SA, DA, SB, DB>(
    a: Layout<SA, DA>,
    b: Layout<SB, DB>,
    bound: Option<i64>,
    strict_leaves: usize,
    op: &'static str,
) -> Result<Composed<SA, DA, SB, DB>, Error>
where
    Layout<SA, DA>: CoalesceX,
    FlatA<SA, DA>: ModeValues,
    SB: MixedTuple + ComposeTree<DB, FlatA<SA, DA>>,
    DB: MixedTuple,
    Composed<SA, DA, SB, DB>: FromLeaves,
    Result<Composed<SA, DA, SB, DB>, Error>: crate::layout::Fits,
{
    let flat_a = a.coalesce_x().map_err(|o| Error::new("composition", o.into()))?;
    if let Some(l) = compose_values(&flat_a, &b, bound, strict_leaves, true) {
        return Ok(l);
    }
    crate::layout::Fits::fits(compose_modes(flat_a, None, b, bound, strict_leaves), op)
}

/// `A o B` in one pass over B's leaves where the result has a part of every mode of A in every
/// leaf of B (no static `_1` or `_0` drops one, its type says so): each leaf walks A's modes
/// with the exact check's step ([`Guard::parts`]), which gives the parts' values, and the result
/// is read from them; with `fit`, its cosize is checked as it goes (its size is B's), as a
/// layout's constructors check them. `None` where a condition fails or the guard leaves it to the
/// exact check, where a stride (with `fit`, the cosize) passes i64, and for results of
/// other types or of more than `CAP` (32) leaves: the typed walk ([`compose_modes`]) and the size
/// check decide these and name what fails.
#[inline(always)]
pub(crate) fn compose_values<A: ModeValues, SB: MixedTuple, DB: MixedTuple, L: FromLeaves>(
    flat_a: &A,
    b: &Layout<SB, DB>,
    bound: Option<i64>,
    strict_leaves: usize,
    fit: bool,
) -> Option<L> {
    if A::LEN < 2 || A::LEN > SMALL_CAP || SB::LEAF_COUNT.checked_mul(A::LEN) != Some(L::LEAF_COUNT) {
        return None;
    }
    // Buffers sized for the result by its type.
    if L::LEAF_COUNT <= 4 {
        compose_values_in::<A, SB, DB, L, 4>(flat_a, b, bound, strict_leaves, fit)
    } else if L::LEAF_COUNT <= 8 {
        compose_values_in::<A, SB, DB, L, 8>(flat_a, b, bound, strict_leaves, fit)
    } else if L::LEAF_COUNT <= 16 {
        compose_values_in::<A, SB, DB, L, 16>(flat_a, b, bound, strict_leaves, fit)
    } else if L::LEAF_COUNT <= CAP {
        compose_values_in::<A, SB, DB, L, CAP>(flat_a, b, bound, strict_leaves, fit)
    } else {
        None
    }
}

/// [`compose_values`] with buffers of `N` leaves, which the caller found enough.
// In range: `at + i` and `at + last` index the result's `A::LEN` leaves of B's leaf `l`, below
// `L::LEAF_COUNT = SB::LEAF_COUNT * A::LEN <= N`; `l` counts B's leaves.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
fn compose_values_in<A: ModeValues, SB: MixedTuple, DB: MixedTuple, L: FromLeaves, const N: usize>(
    flat_a: &A,
    b: &Layout<SB, DB>,
    bound: Option<i64>,
    strict_leaves: usize,
    fit: bool,
) -> Option<L> {
    let (mut a_s, mut a_d) = ([0i64; SMALL_CAP], [0i64; SMALL_CAP]);
    flat_a.write(&mut a_s, &mut a_d, 0);
    let (a_s, a_d) = (&a_s[..A::LEN], &a_d[..A::LEN]);
    let mut guard = Guard::new(a_s, bound, strict_leaves);
    let (mut b_n, mut b_r) = ([0i64; N], [0i64; N]);
    b.shape().write_leaves(&mut b_n, 0);
    b.stride().write_leaves(&mut b_r, 0);
    let (mut out_s, mut out_d) = ([0i64; N], [0i64; N]);
    // The size needs no check: where every condition holds, the parts of each leaf of B
    // multiply to its shape, so the result's size is B's, and each part is positive. Each part's
    // stride is checked, and with `fit` what it adds to the cosize: the parts in A's last mode
    // here, the others summed per mode by the guard (`digit_span`).
    let (last, mut cosize) = (A::LEN - 1, 1i64);
    for l in 0..SB::LEAF_COUNT {
        let (s, d) = (&mut out_s[l * A::LEN..][..A::LEN], &mut out_d[l * A::LEN..][..A::LEN]);
        guard.parts(b_n[l], b_r[l], s, d)?;
        for i in 0..A::LEN {
            d[i] = d[i].checked_mul(a_d[i])?;
        }
        if fit {
            cosize = cosize.checked_add(crate::arith::span(s[last], d[last])?)?;
        }
    }
    if !guard.holds() || (fit && cosize.checked_add(guard.digit_span(a_d)?).is_none()) {
        return None;
    }
    L::from_leaves(&out_s[..L::LEAF_COUNT], &out_d[..L::LEAF_COUNT])
}

/// `A o B` from A's coalesced modes `flat_a`, every condition checked (see
/// [`composition_within`] for `bound` and `strict_leaves`). `a_text` names A in an error where
/// its strides are not integers (`crate::basis`), else its modes are printed.
pub(crate) fn compose_modes<A, SB, DB>(
    flat_a: A,
    a_text: Option<&dyn fmt::Display>,
    b: Layout<SB, DB>,
    bound: Option<i64>,
    strict_leaves: usize,
) -> Result<ComposedModes<A, SB, DB>, Error>
where
    A: ModeValues + Copy,
    SB: MixedTuple + ComposeTree<DB, A>,
    DB: MixedTuple,
{
    let err = |d: Detail| Error::new("composition", d);
    if A::LEN <= 1 && SB::LEAF_COUNT <= CAP && one_mode_fits(&flat_a, b.stride()) {
        // Every condition holds (within the check's limit on B's leaves, which holds whatever
        // the values): the walk alone.
        let (shape, stride) = b.shape().compose_tree(*b.stride(), flat_a, &mut NoCheck).map_err(|o| err(o.into()))?;
        return Ok(Layout { shape, stride });
    }
    if A::LEN <= SMALL_CAP && SB::LEAF_COUNT <= CAP {
        // One pass: the walk computes the result and decides the conditions leaf by leaf
        // ([`Guard`]); where they hold, that is the result. Where they fail (or a value is one the
        // guard leaves to the exact check), the exact check below reports the violated condition.
        let mut a_s = [0i64; SMALL_CAP];
        flat_a.write(&mut a_s, &mut [0i64; SMALL_CAP], 0);
        let mut guard = Guard::new(&a_s[..A::LEN], bound, strict_leaves);
        if let Ok((shape, stride)) = b.shape().compose_tree(*b.stride(), flat_a, &mut guard) {
            if guard.holds() {
                return Ok(Layout { shape, stride });
            }
        }
    }
    compose_exact(flat_a, a_text, b, bound, strict_leaves)
}

/// [`compose_modes`] by its exact path: every condition checked on B's leaves laid out in
/// buffers (naming a violated one with its operands), then the walk.
fn compose_exact<A, SB, DB>(
    flat_a: A,
    a_text: Option<&dyn fmt::Display>,
    b: Layout<SB, DB>,
    bound: Option<i64>,
    strict_leaves: usize,
) -> Result<ComposedModes<A, SB, DB>, Error>
where
    A: ModeValues + Copy,
    SB: MixedTuple + ComposeTree<DB, A>,
    DB: MixedTuple,
{
    let err = |d: Detail| Error::new("composition", d);
    // B's leaves and strides, in buffers sized by B's type.
    let checked = with_leaves(b.shape(), |n| {
        with_leaves(b.stride(), |r| check_leaves(&flat_a, a_text, &b, n, r, bound, strict_leaves))
    });
    checked.and_then(|r| r).map_err(err)??;
    let (shape, stride) = b.shape().compose_tree(*b.stride(), flat_a, &mut NoCheck).map_err(|o| err(o.into()))?;
    Ok(Layout { shape, stride })
}

/// Whether the conditions of `A o B` hold where A's coalesced modes `a` are at most one (each
/// mode of a per-mode divide of a layout of leaves): one mode is linear on its extended domain,
/// so a leaf `n:r` of B composes to `n:(r*d)`, whose only condition is that the product fits,
/// and B's leaves cannot overlap in one mode. Where a product does not fit, the full check names
/// the leaf (this one skips its buffers and its walk, several times the cost).
#[inline(always)]
fn one_mode_fits<A: ModeValues, DB: MixedTuple>(a: &A, strides: &DB) -> bool {
    if A::LEN > 1 {
        return false;
    }
    let (mut s, mut d) = ([0i64; 1], [0i64; 1]);
    a.write(&mut s, &mut d, 0);
    strides.try_fold_leaves(0, &mut |_, r| crate::arith::mul(r, d[0]).map(|_| 0)).is_ok()
}

impl<SA, DA, SB, DB> Compose<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: MixedTuple,
    DA: MixedTuple,
    Layout<SA, DA>: CoalesceX,
    FlatA<SA, DA>: ModeValues,
    SB: MixedTuple + ComposeTree<DB, FlatA<SA, DA>>,
    DB: MixedTuple,
    Composed<SA, DA, SB, DB>: FromLeaves,
{
    type Output = Composed<SA, DA, SB, DB>;
    const CONDITIONS: Checked = StaticConditions::<SA, DA, SB, DB>::RESULT;
    fn compose_unchecked(self, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        composition_within(self, b, None, 0)
    }
    fn compose_fits(self, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error>
    where
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        composition_within_fits(self, b, None, 0, "composition")
    }
}

/// With every leaf of A and B static, the conditions are known at compile time: they are
/// checked then (as on the static face), so a violation is a compile error, not an `Err`.
pub struct StaticConditions<SA, DA, SB, DB>(PhantomData<(SA, DA, SB, DB)>);
impl<SA: MixedTuple, DA: MixedTuple, SB: MixedTuple, DB: MixedTuple> Check for StaticConditions<SA, DA, SB, DB> {
    const RESULT: Checked = if SA::IS_STATIC && DA::IS_STATIC && SB::IS_STATIC && DB::IS_STATIC {
        crate::statics::check::composition(
            &FlatLayout { shape: SA::STATIC_LEAVES, stride: DA::STATIC_LEAVES },
            &FlatLayout { shape: SB::STATIC_LEAVES, stride: DB::STATIC_LEAVES },
            None,
            None,
            0,
        )
    } else {
        Ok(())
    };
}

/// The conditions of `A o B` as a compile-time check. [`composition`] evaluates `Verify` of this
/// directly (no constant between them that could fail), so a violation is reported as on the
/// static face: the message, one note at `composition` and one at the caller.
pub struct Conditions<A, B>(PhantomData<(A, B)>);
impl<A: Compose<B>, B> Check for Conditions<A, B> {
    const RESULT: Checked = A::CONDITIONS;
}

/// A tile size `n` (static or runtime) keeps the first `n` elements: `A o n:_1`.
macro_rules! compose_int {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<SA, DA, $($gen)*> Compose<$ty> for Layout<SA, DA>
        where
            Layout<SA, DA>: Compose<Layout<$ty, P1>>,
        {
            type Output = <Layout<SA, DA> as Compose<Layout<$ty, P1>>>::Output;
            const CONDITIONS: Checked = <Layout<SA, DA> as Compose<Layout<$ty, P1>>>::CONDITIONS;
            fn compose_unchecked(self, n: $ty, _: crate::Internal) -> Result<Self::Output, Error> {
                if n.value() < 1 {
                    return Err(Error::new("composition", Detail::NonPositive(n.value())));
                }
                <Self as Compose<Layout<$ty, P1>>>::compose_unchecked(self, Layout::from_parts(n, P1::new()), crate::Internal(()))
            }
        }
    )*};
}
compose_int! {
    [] i64;
    [U: crate::mixed::int::Digits] typenum::PInt<U>;
}

/// `_` keeps A.
impl<SA, DA> Compose<crate::Underscore> for Layout<SA, DA> {
    type Output = Layout<SA, DA>;
    fn compose_unchecked(self, _: crate::Underscore, _: crate::Internal) -> Result<Self::Output, Error> {
        Ok(self)
    }
}

/// The composition `A o B` (CuTe's `composition(A, B)`) of a mixed layout A with a mixed or
/// static layout B, a tile size (static or runtime) or `_`.
///
/// Post-conditions: the result is compatible with B (B's shape, each leaf refined) and
/// `R(c) == A(B(c))` for every `c` in B's domain (A on its extended domain). Static leaves stay
/// static where CuTe keeps them so.
///
/// Errors (checked at run time on the runtime values, by the dynamic engine's code): stride
/// divisibility, shape divisibility, mode overlap (with the values), a tile size that is not
/// positive, overflow.
///
/// ```
/// use cute::mixed::{composition, Layout};
/// use cute::hlist;
/// use cute::typenum::{P1, P2, P4, P8};
/// let tile = Layout::try_new(hlist![P4::new(), P2::new()], hlist![P1::new(), P8::new()]).unwrap();
/// // An 8 x n column-major matrix (n = 6 at run time): its modes provably merge, the tile
/// // stays static.
/// let a = Layout::try_new(hlist![P8::new(), 6i64], hlist![P1::new(), P8::new()]).unwrap();
/// assert_eq!(composition(a, tile).unwrap().to_string(), "(_4,_2):(_1,_8)");
/// // With a runtime m and leading dimension nothing can be proven contiguous: as in CuTe,
/// // runtime size-1 modes stay (the same function as (4,2):(1,8)).
/// let a = Layout::try_new(hlist![8i64, 6i64], hlist![P1::new(), 8i64]).unwrap();
/// assert_eq!(composition(a, tile).unwrap().to_string(), "((4,1),(1,2)):((_1,8),(_8,8))");
/// // Conditions are checked on the runtime values.
/// let a = Layout::try_new(hlist![4i64, 6i64], hlist![2i64, 3i64]).unwrap();
/// let bad = composition(a, Layout::try_new(6i64, 3i64).unwrap()).unwrap_err();
/// assert_eq!(bad.to_string(), "stride divisibility: composition (4,6):(2,3) o 6:3: stride 3 does not divide shape 4");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn composition<A, B>(a: A, b: B) -> Result<A::Output, Error>
where route::RouteVerdict<route::op::Composition, A, B>: Holds,
    A: Compose<B> + crate::mixed::BothStatic<B>,
    crate::mixed::Both<A, B>:
        route::Route<route::op::Composition, A, B> + route::Verdicts<route::op::Composition, A, B>,
    route::Routed<route::op::Composition, A, B>: ResultVerdict<crate::statics::names::composition, A, B>,
    <route::Routed<route::op::Composition, A, B> as ResultVerdict<crate::statics::names::composition, A, B>>::Output:
        Holds,
    Result<A::Output, Error>: crate::layout::Fits,
{
    composition_fits(a, b)
}

/// [`composition`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it).
pub(crate) fn composition_checked<A: Compose<B>, B>(a: A, b: B) -> Result<A::Output, Error> {
    let () = Verify::<Conditions<A, B>>::OK;
    a.compose_unchecked(b, crate::Internal(()))
}

/// [`composition_checked`] whose result's size and cosize fit in `i64` (checked where the
/// composition did not check them as it went).
pub(crate) fn composition_fits<A: Compose<B>, B>(a: A, b: B) -> Result<A::Output, Error>
where
    Result<A::Output, Error>: crate::layout::Fits,
{
    let () = Verify::<Conditions<A, B>>::OK;
    a.compose_fits(b, crate::Internal(()))
}

/// The parts of a mixed layout type, to name the result of an operation that returns one.
#[doc(hidden)]
pub trait Parts {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// The digits of a composition's leaves ([`ComposeTree`]), else `()`.
    type Digits;
    /// Split into shape and stride.
    fn into_parts(self) -> (Self::Shape, Self::Stride);
}
impl<S, D, G> Parts for (S, D, G) {
    type Shape = S;
    type Stride = D;
    type Digits = G;
    #[inline(always)]
    fn into_parts(self) -> (S, D) {
        (self.0, self.1)
    }
}
impl<S, D> Parts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    type Digits = ();
    #[inline(always)]
    fn into_parts(self) -> (S, D) {
        (self.shape, self.stride)
    }
}

/// Composition's step of a tuple tiler ([`ByMode`]): the mode composed with the entry.
impl<S, D, T> ModeOp<S, D, T> for ComposeOp
where
    Layout<S, D>: Compose<T>,
    <Layout<S, D> as Compose<T>>::Output: Parts,
{
    type Shape = <<Layout<S, D> as Compose<T>>::Output as Parts>::Shape;
    type Stride = <<Layout<S, D> as Compose<T>>::Output as Parts>::Stride;
    // A tuple tiler's modes are checked at run time (see the tuple impl below), so the walk
    // carries no compile-time condition for composition.
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn apply(mode: Layout<S, D>, entry: T) -> Result<(Self::Shape, Self::Stride), Error> {
        Ok(mode.compose_unchecked(entry, crate::Internal(()))?.into_parts())
    }
}

/// A tuple tiler (an HList of layouts, tile sizes and `_`) composes mode by mode
/// (CuTe's `composition(A, make_tile(...))`); A must be a tuple.
///
/// ```
/// use cute::mixed::composition;
/// use cute::{hlist, Layout, Underscore};
/// use cute::typenum::{P1, P2, P4};
/// let a = Layout::try_new(hlist![12i64, hlist![P4::new(), 8i64]], hlist![59i64, hlist![13i64, P1::new()]]).unwrap();
/// let t = hlist![3i64, Layout::<P4, P2>::new()];
/// assert_eq!(composition(a, t).unwrap().to_string(), "(3,(_2,_2)):(59,(26,_1))");
/// assert_eq!(composition(a, hlist![Underscore, 2i64]).unwrap().to_string(), "(12,(2,1)):(59,(13,_1))");
/// ```
///
/// A mode whose leaves are all static, in a layout with a runtime leaf, is checked with the
/// others at run time (an `Err`): a `const` check of it would fail `cargo build` but not `cargo
/// check`, at no line of the caller's.
impl<SH, ST, DH, DT, TH, TT> Compose<HCons<TH, TT>> for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    HCons<SH, ST>: ByMode<ComposeOp, HCons<DH, DT>, HCons<TH, TT>>,
{
    type Output = Layout<
        <HCons<SH, ST> as ByMode<ComposeOp, HCons<DH, DT>, HCons<TH, TT>>>::Shape,
        <HCons<SH, ST> as ByMode<ComposeOp, HCons<DH, DT>, HCons<TH, TT>>>::Stride,
    >;
    fn compose_unchecked(self, tiler: HCons<TH, TT>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (s, d) = self.shape.by_mode(self.stride, tiler)?;
        Ok(Layout { shape: s, stride: d })
    }
}

/// A one-entry tuple tiler on an integral layout composes with its one mode and gives a rank-1
/// tuple, as in CuTe.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{composition, Layout};
/// let a = Layout::try_new(6i64, cute::typenum::P1::new()).unwrap();
/// assert_eq!(composition(a, hlist![2i64]).unwrap().to_string(), "(2):(_1)");
/// ```
impl<S: Int, D: Int, TH> Compose<HCons<TH, HNil>> for Layout<S, D>
where
    TH: Entry<ComposeOp, S, D>,
{
    type Output =
        Layout<HCons<<TH as Entry<ComposeOp, S, D>>::Shape, HNil>, HCons<<TH as Entry<ComposeOp, S, D>>::Stride, HNil>>;
    fn compose_unchecked(self, tiler: HCons<TH, HNil>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (s, d) = tiler.head.apply_to(self)?;
        Ok(Layout { shape: HCons { head: s, tail: HNil }, stride: HCons { head: d, tail: HNil } })
    }
}

/// More than one entry on an integral layout (CuTe's "Too many modes in tiler"): an error. The
/// crate root's `composition` refuses it at compile time ([`RuntimeTiles`](crate::ops::RuntimeTiles)).
impl<S: Int, D: Int, TH, X, Y> Compose<HCons<TH, HCons<X, Y>>> for Layout<S, D> {
    type Output = Layout<HNil, HNil>;
    fn compose_unchecked(self, _: HCons<TH, HCons<X, Y>>, _: crate::Internal) -> Result<Self::Output, Error> {
        Err(Error::new("composition", Detail::TooManyModes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use frunk_core::hlist;
    use std::string::ToString;
    use typenum::{P2, P24, P4};

    /// The guard decides exactly what the exact check decides on the leaves it takes (no leaf
    /// of more than one element at a negative stride; with [`Guard::parts`], no negative stride),
    /// and never passes what the exact check refuses: every A of two and three modes and B of
    /// two leaves over small values, with and without a bound, on both leaves, the second or
    /// neither.
    #[test]
    fn the_guard_passes_what_the_exact_check_passes() {
        let shapes = [1i64, 2, 3, 4, 6];
        let strides = [-3i64, -2, -1, 0, 1, 2, 3, 4, 6, 8, 12];
        let leaves: std::vec::Vec<(i64, i64)> =
            [1i64, 2, 3, 4].iter().flat_map(|&n| strides.iter().map(move |&r| (n, r))).collect();
        let mut a_shapes: std::vec::Vec<std::vec::Vec<i64>> = std::vec::Vec::new();
        for &x in &shapes {
            for &y in &shapes {
                a_shapes.push(std::vec![x, y]);
                for &z in &[2i64, 3] {
                    a_shapes.push(std::vec![x, y, z]);
                }
            }
        }
        let (mut passed, mut refused, mut left) = (0, 0, 0);
        for a_s in &a_shapes {
            let a_d: std::vec::Vec<i64> = a_s.iter().map(|&s| s + 1).collect();
            for (bound, strict_leaves) in
                [(None, 0), (Some(4), 1), (Some(12), 1), (Some(2), 0), (Some(4), 2), (Some(6), 2)]
            {
                for &(n0, r0) in &leaves {
                    for &(n1, r1) in &leaves {
                        let (n, r) = ([n0, n1], [r0, r1]);
                        let b = FlatText(&n, &r);
                        let exact = check_flat::<8, 9>(a_s, &a_d, None, &b, &n, &r, bound, strict_leaves);
                        let mut guard = Guard::new(a_s, bound, strict_leaves);
                        guard.leaf(n0, r0);
                        guard.leaf(n1, r1);
                        let takes = [(n0, r0), (n1, r1)].iter().all(|&(n, r)| n <= 1 || r >= 0);
                        let ctx = || std::format!("{:?} o {} bound {:?} strict {}", a_s, b, bound, strict_leaves);
                        // The walk that stops at the first leaf it cannot decide decides the
                        // same where it takes both leaves (no negative stride); it never passes
                        // what the exact check refuses.
                        let mut parts = Guard::new(a_s, bound, strict_leaves);
                        let (mut s, mut d) = ([0i64; 3], [0i64; 3]);
                        let both =
                            parts.parts(n0, r0, &mut s, &mut d).and_then(|_| parts.parts(n1, r1, &mut s, &mut d));
                        assert!(both.is_some() || !parts.holds(), "{}", ctx());
                        if r0 >= 0 && r1 >= 0 {
                            assert_eq!(parts.holds(), exact.is_ok(), "{}", ctx());
                        } else {
                            assert!(!parts.holds(), "{}", ctx());
                        }
                        if guard.holds() {
                            assert!(exact.is_ok(), "{}: {:?}", ctx(), exact);
                            passed += 1;
                        } else if takes {
                            assert!(exact.is_err(), "{}", ctx());
                            refused += 1;
                        } else {
                            left += 1;
                        }
                    }
                }
            }
        }
        // Each outcome is met many times.
        assert!(passed > 10_000 && refused > 10_000 && left > 10_000, "{} {} {}", passed, refused, left);
    }

    /// The one pass (the walk with its [`Guard`]) gives what the exact path gives, result or
    /// error message, on layouts of runtime leaves: every A `(s0,s1):(d0,d1)` and B of two
    /// leaves over small values, as a composition and with a divide's bound; so does the pass
    /// that reads the result from the guard's values ([`compose_values`]) where it answers.
    #[test]
    fn the_one_pass_composition_is_the_exact_one() {
        type Two = HCons<i64, HCons<i64, HNil>>;
        let shapes = [1i64, 2, 3, 4, 6];
        let strides = [-2i64, -1, 0, 1, 2, 3, 4, 6];
        let leaves: std::vec::Vec<(i64, i64)> =
            [1i64, 2, 3, 4].iter().flat_map(|&n| strides.iter().map(move |&r| (n, r))).collect();
        fn show<T: fmt::Display>(r: Result<T, Error>) -> std::string::String {
            match r {
                Ok(l) => l.to_string(),
                Err(e) => e.to_string(),
            }
        }
        let (mut fast, mut checked, mut by_values) = (0, 0, 0);
        for &s0 in &shapes {
            for &s1 in &shapes {
                for (d0, d1) in [(1, s0), (2, 7), (3, 1), (-1, 5)] {
                    let a: Layout<Two, Two> = Layout::try_new(hlist![s0, s1], hlist![d0, d1]).unwrap();
                    let flat_a = a.coalesce_x().unwrap();
                    for &(n0, r0) in &leaves {
                        for &(n1, r1) in &leaves {
                            let b: Layout<Two, Two> = Layout::try_new(hlist![n0, n1], hlist![r0, r1]).unwrap();
                            for (bound, strict) in [(None, 0), (Some(s0 * s1), 1)] {
                                let one_pass = compose_modes(flat_a, None, b, bound, strict);
                                if one_pass.is_ok() {
                                    fast += 1;
                                } else {
                                    checked += 1;
                                }
                                let exact = compose_exact(flat_a, None, b, bound, strict);
                                let values: Option<ComposedModes<CoalescedX<Two, Two>, Two, Two>> =
                                    compose_values(&flat_a, &b, bound, strict, true);
                                if let Some(l) = values {
                                    assert_eq!(l.to_string(), show(exact), "{} o {} bound {:?}", a, b, bound);
                                    by_values += 1;
                                }
                                assert_eq!(show(one_pass), show(exact), "{} o {} bound {:?}", a, b, bound);
                            }
                        }
                    }
                }
            }
        }
        assert!(fast > 10_000 && checked > 10_000 && by_values > 10_000, "{} {} {}", fast, checked, by_values);
    }

    /// A result of more than 16 leaves (20: B's five leaves in A's four modes, the rank-4 case
    /// of `benches/dynamic.rs`) comes from the one pass too, and is the exact path's.
    #[test]
    fn a_result_of_twenty_leaves_is_the_one_pass() {
        type Four = HCons<i64, HCons<i64, HCons<i64, HCons<i64, HNil>>>>;
        type Two = HCons<i64, HCons<i64, HNil>>;
        type B = HCons<Two, HCons<Two, HCons<i64, HNil>>>;
        let a: Layout<Four, Four> = Layout::try_new(hlist![3, 5, 6, 7], hlist![210, 1, 35, 5]).unwrap();
        let b: Layout<B, B> =
            Layout::try_new(hlist![hlist![5, 3], hlist![2, 3], 7], hlist![hlist![3, 1], hlist![15, 30], 90]).unwrap();
        let flat_a = a.coalesce_x().unwrap();
        let values: Option<ComposedModes<CoalescedX<Four, Four>, B, B>> = compose_values(&flat_a, &b, None, 0, true);
        let exact = compose_exact(flat_a, None, b, None, 0).unwrap();
        assert_eq!(values.map(|l| l.to_string()), Some(exact.to_string()));
        assert_eq!(composition(a, b).unwrap().to_string(), exact.to_string());
    }

    /// A result whose cosize passes i64, `(2,2):(1,2^61) o (2,8):(1,2)` (the leaf `8:2` lands
    /// in A's last mode at stride 2^61): the one pass, which checks the cosize as it goes,
    /// declines it, and the error is the size check's after the typed walk.
    #[test]
    fn a_result_past_i64_is_the_size_checks_error() {
        type Two = HCons<i64, HCons<i64, HNil>>;
        let a: Layout<Two, Two> = Layout::try_new(hlist![2, 2], hlist![1, 1 << 61]).unwrap();
        let b: Layout<Two, Two> = Layout::try_new(hlist![2, 8], hlist![1, 2]).unwrap();
        let e = composition(a, b).unwrap_err();
        let after_walk = crate::layout::Fits::fits(composition_checked(a, b), "composition").unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (after_walk.kind(), after_walk.to_string()));
        assert_eq!(e.kind(), ErrorKind::Overflow);
        assert_eq!(e.to_string(), "overflow: composition: 7 * 2305843009213693952 does not fit in i64");
        // Below the edge, the one pass's result is the walk's.
        let a: Layout<Two, Two> = Layout::try_new(hlist![2, 2], hlist![1, 1 << 58]).unwrap();
        let r = composition(a, b).unwrap();
        assert_eq!(r.to_string(), "((2,1),(1,8)):((1,288230376151711744),(2,288230376151711744))");
        assert_eq!(r, crate::layout::Fits::fits(composition_checked(a, b), "composition").unwrap());
    }

    /// A tiler with more modes than the layout: the crate's functions refuse it at compile time
    /// (their verdict); [`Compose::compose_unchecked`], which only they call, reports it at run
    /// time.
    #[test]
    fn a_tiler_with_more_modes_than_the_layout_is_an_error() {
        let m = 6i64;
        // ({m},(4,2)):(1,({m},24))
        let (shape, stride) = (hlist![m, hlist![P4::new(), P2::new()]], hlist![P1::new(), hlist![m, P24::new()]]);
        let a = Layout::try_new(shape, stride).unwrap();
        let e = Compose::compose_unchecked(a, hlist![2i64, 2i64, 2i64], crate::Internal(())).unwrap_err();
        assert_eq!((e.kind(), e.detail()), (ErrorKind::TooManyModes, Detail::TooManyModes));
        assert_eq!(e.to_string(), "too many modes: composition: the tiler has more modes than the layout");
        let one = Layout::try_new(m, P1::new()).unwrap();
        let e = Compose::compose_unchecked(one, hlist![2i64, 2i64], crate::Internal(())).unwrap_err();
        assert_eq!((e.kind(), e.detail()), (ErrorKind::TooManyModes, Detail::TooManyModes));
    }
}
