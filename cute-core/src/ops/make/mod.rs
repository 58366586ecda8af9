//! CuTe's `make_layout`: a layout from a shape (its compact column-major strides) or from a
//! shape and a stride, static where every leaf is.

pub(crate) mod basis;
#[doc(hidden)]
pub mod mixed_face;
#[doc(hidden)]
pub mod static_face;

use core::marker::PhantomData;

use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{And, B0, B1, P1, Z0};

use super::{op, Route, Route1};
use crate::layout::Fits;
use crate::mixed::{AllStatic, Both, BothStatic, Error, MixedTuple};
use crate::ops::composition::mixed_face::Parts;
use crate::statics::check::{both, Check, Checked, Verify};
use crate::statics::layout::{fits, positive};
use crate::statics::report::{Holds, Shown};
use crate::statics::{IntTuple, Made, SameTree, Shape, Tree};
use crate::Layout;
use mixed_face::{make, Compact, Left, Order, Right};
use static_face::{OrderOf, SameRankAs};

/// What [`make_layout`] takes: a shape, for its compact column-major layout, a
/// `(shape, stride)` pair (Rust has no overloading: CuTe's second argument is the pair's), or
/// layouts to concatenate (a layout, or a tuple of two to four).
/// Every leaf static gives the layout itself, its conditions checked at compile time; a runtime
/// leaf gives a `Result` whose error names a shape that is not positive or a size past `i64`.
///
/// [`make_layout`] also requires the pair's [`Verdict`](MakeLayout::Verdict) to hold (a stride
/// congruent with the shape), so that a pair that is not is one compile error naming it. Generic
/// code calls the trait's method, which gives that error in a `Result` instead, or states the
/// verdict too:
///
/// ```
/// use cute::statics::report::Holds;
/// use cute::{make_layout, shape, stride, MakeLayout};
/// fn compact<S: MakeLayout>(s: S) -> S::Output {
///     s.make_layout()
/// }
/// fn checked<S: MakeLayout>(s: S) -> S::Output
/// where
///     S::Verdict: Holds,
/// {
///     make_layout(s)
/// }
/// assert_eq!(compact(shape!((2,4))).to_string(), "(_2,_4):(_1,_2)");
/// assert_eq!(checked((shape!((2,4)), stride!((4,1)))).to_string(), "(_2,_4):(_4,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "make_layout takes a shape of positive extents, a (shape, stride) pair whose stride is congruent with the shape, or a layout or a tuple of two to four layouts",
    label = "neither a shape, a congruent (shape, stride) pair, nor layouts",
    note = "a shape is written `shape!((2,4))`, a stride `stride!((4,1))`, congruent: the same tuple structure"
)]
pub trait MakeLayout {
    /// The layout, or the `Result` of one.
    type Output;
    /// [`Pass`](crate::statics::report::Pass), or the violated condition (a stride not
    /// congruent with the shape), which [`make_layout`] requires to hold.
    type Verdict;
    /// Make it.
    fn make_layout(self) -> Self::Output;
}

/// A shape, one impl per kind (a leaf or a tuple, not any type), so that for a `(shape, stride)`
/// pair the trait solver has the pair's impl alone and names its condition.
macro_rules! make_from_shape {
    ($([$($gen:tt)*] $s:ty;)*) => {$(
        impl<$($gen)*> MakeLayout for $s
        where
            $s: AllStatic,
            <$s as AllStatic>::Is: Route1<op::MakeCompact<Left>, $s>,
        {
            type Output = <<$s as AllStatic>::Is as Route1<op::MakeCompact<Left>, $s>>::Output;
            type Verdict = crate::statics::report::Pass;
            #[inline(always)]
            fn make_layout(self) -> Self::Output {
                compact(self)
            }
        }
    )*};
}
/// The compact column-major layout of the shape `S` (outside the macro, so that a `cargo build`
/// error of its check points here).
#[inline(always)]
fn compact<S: AllStatic>(shape: S) -> <S::Is as Route1<op::MakeCompact<Left>, S>>::Output
where
    S::Is: Route1<op::MakeCompact<Left>, S>,
{
    <S::Is as Route1<op::MakeCompact<Left>, S>>::run(shape, crate::Internal(()))
}
make_from_shape! {
    [H, T] HCons<H, T>;
    [] HNil;
    [U: typenum::Unsigned + typenum::NonZero] typenum::PInt<U>;
    [] i64;
}

// A pair of other types (a stride of basis elements) gets the trait's own message, not the
// pair's bound that fails.
#[diagnostic::do_not_recommend]
impl<S: BothStatic<D> + Tree + MixedTuple, D: Tree + MixedTuple> MakeLayout for (S, D)
where
    S::Of: SameStructure<D::Of>,
    IsCongruent<S, D>: MakePair<S, D>,
{
    type Output = <IsCongruent<S, D> as MakePair<S, D>>::Output;
    type Verdict = <IsCongruent<S, D> as MakePair<S, D>>::Verdict;
    #[inline(always)]
    fn make_layout(self) -> Self::Output {
        <IsCongruent<S, D> as MakePair<S, D>>::make(self.0, self.1)
    }
}

/// A tuple of two to four layouts: their shapes and strides as the modes of one layout (CuTe's
/// `make_layout(L0, L1, ...)`). The result is made as the `(shape, stride)` pair is, so a static
/// one is checked at build time and one with a runtime leaf is a `Result` (its size, the product
/// of the sizes, and its cosize must fit in `i64`).
macro_rules! make_from_layouts {
    ($(($($l:ident $s:ident $d:ident),+);)*) => {$(
        impl<$($s, $d),+> MakeLayout for ($(Layout<$s, $d>,)+)
        where
            (frunk_core::HList![$($s),+], frunk_core::HList![$($d),+]): MakeLayout,
        {
            type Output = <(frunk_core::HList![$($s),+], frunk_core::HList![$($d),+]) as MakeLayout>::Output;
            type Verdict = <(frunk_core::HList![$($s),+], frunk_core::HList![$($d),+]) as MakeLayout>::Verdict;
            #[inline(always)]
            fn make_layout(self) -> Self::Output {
                let ($($l,)+) = self;
                (frunk_core::hlist![$($l.shape),+], frunk_core::hlist![$($l.stride),+]).make_layout()
            }
        }
    )*};
}
make_from_layouts! {
    (l0 S0 D0, l1 S1 D1);
    (l0 S0 D0, l1 S1 D1, l2 S2 D2);
    (l0 S0 D0, l1 S1 D1, l2 S2 D2, l3 S3 D3);
}

/// One layout, wrapped in a rank-1 tuple (CuTe's `make_layout(L0)`): the same function, so no
/// check and no `Result`.
impl<S: MixedTuple, D: MixedTuple> MakeLayout for Layout<S, D> {
    type Output = Layout<HCons<S, HNil>, HCons<D, HNil>>;
    type Verdict = crate::statics::report::Pass;
    #[inline(always)]
    fn make_layout(self) -> Self::Output {
        Layout::from_parts(HCons { head: self.shape, tail: HNil }, HCons { head: self.stride, tail: HNil })
    }
}

/// Whether the stride `D` is congruent with the shape `S`: `B1` or `B0`.
type IsCongruent<S, D> = <<S as Tree>::Of as SameStructure<<D as Tree>::Of>>::Same;

/// Whether two tuple structures ([`Tree`]'s `Of`: `()` a leaf) are the same: `Same` is `B1` or
/// `B0`.
#[doc(hidden)]
pub trait SameStructure<T> {
    /// `B1` or `B0`.
    type Same;
}
impl SameStructure<()> for () {
    type Same = B1;
}
impl SameStructure<HNil> for HNil {
    type Same = B1;
}
impl<H1: SameStructure<H2>, T1: SameStructure<T2>, H2, T2> SameStructure<HCons<H2, T2>> for HCons<H1, T1>
where
    H1::Same: BitAnd<T1::Same>,
{
    type Same = And<H1::Same, T1::Same>;
}
/// A leaf, an empty tuple and a tuple differ from one another.
macro_rules! different_structures {
    ($([$($gen:tt)*] $a:ty, $b:ty;)*) => {$(
        impl<$($gen)*> SameStructure<$b> for $a {
            type Same = B0;
        }
    )*};
}
different_structures! {
    [] (), HNil;
    [H, T] (), HCons<H, T>;
    [] HNil, ();
    [H, T] HNil, HCons<H, T>;
    [H, T] HCons<H, T>, ();
    [H, T] HCons<H, T>, HNil;
}

/// `make_layout((S, D))` by whether `D` is congruent with `S` (`Self`), and its verdict.
#[doc(hidden)]
pub trait MakePair<S, D> {
    /// The layout, or the `Result` of one.
    type Output;
    /// [`Pass`](crate::statics::report::Pass), or the stride not congruent.
    type Verdict;
    /// Make it.
    fn make(s: S, d: D) -> Self::Output;
}
impl<S: BothStatic<D>, D> MakePair<S, D> for B1
where
    Both<S, D>: Route<op::MakeLayout, S, D>,
{
    type Output = <Both<S, D> as Route<op::MakeLayout, S, D>>::Output;
    type Verdict = crate::statics::report::Pass;
    #[inline(always)]
    fn make(s: S, d: D) -> Self::Output {
        <Both<S, D> as Route<op::MakeLayout, S, D>>::run(s, d, crate::Internal(()))
    }
}
/// Not congruent: [`make_layout`] fails to compile (its verdict); the trait's method gives the
/// error, no layout.
impl<S: Shown, D: Shown> MakePair<S, D> for B0 {
    type Output = Result<Layout<P1, Z0>, Error>;
    type Verdict = crate::statics::report::NotCongruentFail<S::Out, D::Out>;
    #[inline(always)]
    fn make(_: S, _: D) -> Self::Output {
        Err(Error::new("make_layout", crate::mixed::Detail::NotCongruent))
    }
}

/// The check of a static `make_layout`: the offsets and the size of `S:D` fit in `i64` (a
/// `cargo build` error otherwise, naming the operation).
struct MakeFits<S, D>(PhantomData<(S, D)>);
impl<S: IntTuple, D: IntTuple> Check for MakeFits<S, D> {
    const RESULT: Checked = both(
        positive(&S::LEAVES, &D::LEAVES, "make_layout: the ", ""),
        fits(&S::LEAVES, &D::LEAVES, "overflow: make_layout: the ", ""),
    );
}

/// A static shape: its compact layout in the order `M`, whose size must fit in `i64` (a build
/// error otherwise).
impl<S: Compact<P1, M> + IntTuple + Default, M> Route1<op::MakeCompact<M>, S> for B1
where
    S::Stride: IntTuple + Default,
{
    type Output = Layout<S, S::Stride>;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(_: S, _: crate::Internal) -> Self::Output {
        #[allow(clippy::let_unit_value)]
        let () = Verify::<MakeFits<S, S::Stride>>::OK;
        Layout::make()
    }
}
impl<S, M: Order> Route1<op::MakeCompact<M>, S> for B0
where
    S: MixedTuple + Compact<P1, M>,
    S::Stride: MixedTuple,
{
    type Output = Result<Layout<S, S::Stride>, Error>;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(shape: S, _: crate::Internal) -> Self::Output {
        make::<S, M>(shape)
    }
}

/// A static shape and stride: the layout value (congruence is a bound, offsets past `i64` a
/// build error, as [`Layout::new`]'s).
impl<S: Shape + Tree, D: IntTuple + Tree> Route<op::MakeLayout, S, D> for B1
where
    D::Of: SameTree<S::Of>,
{
    type Output = Layout<S, D>;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(_: S, _: D, _: crate::Internal) -> Layout<S, D> {
        #[allow(clippy::let_unit_value)]
        let () = Verify::<MakeFits<S, D>>::OK;
        Layout::make()
    }
}
impl<S: MixedTuple + Tree, D: MixedTuple + Tree> Route<op::MakeLayout, S, D> for B0
where
    D::Of: SameTree<S::Of>,
{
    type Output = Result<Layout<S, D>, Error>;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(shape: S, stride: D, _: crate::Internal) -> Self::Output {
        // Layout::try_new's checks, in this operation's name.
        crate::layout::check_shape("make_layout", &shape, &stride)?;
        Ok(Layout::from_parts(shape, stride))
    }
}

/// CuTe's `make_layout`: of a shape, its compact column-major layout (CuTe's
/// `make_layout(shape)`); of a `(shape, stride)` pair, that layout (CuTe's
/// `make_layout(shape, stride)`, also written [`make_layout!`](crate::make_layout!)`(shape,
/// stride)`). Static leaves give the layout, with a runtime leaf the result is checked at run
/// time: a shape leaf that is not positive, or a size or cosize past `i64`, is an error.
///
/// ```
/// use cute::{make_layout, shape, stride};
/// assert_eq!(make_layout(shape!((2,4))).to_string(), "(_2,_4):(_1,_2)");
/// assert_eq!(make_layout((shape!((2,4)), stride!((4,1)))).to_string(), "(_2,_4):(_4,_1)");
/// // A runtime extent: the strides after it are runtime too.
/// let m = 6i64;
/// assert_eq!(make_layout(shape!((4,{m},2))).unwrap().to_string(), "(_4,6,_2):(_1,_4,24)");
/// assert!(make_layout(shape!(({0}))).is_err());
/// ```
///
/// Of layouts, CuTe's `make_layout(L0, L1, ...)`: a tuple of two to four layouts gives their
/// concatenation, one layout is wrapped in a rank-1 tuple.
///
/// ```
/// use cute::{layout, make_layout};
/// let (a, b) = (layout!((4,(3,2)):(2,(8,1))), layout!(8:4));
/// assert_eq!(make_layout((a, b)).to_string(), "((_4,(_3,_2)),_8):((_2,(_8,_1)),_4)");
/// assert_eq!(make_layout(b).to_string(), "(_8):(_4)");
/// // A runtime leaf: the size and cosize of the result are checked.
/// let big = layout!(({1i64 << 40}):(1)).unwrap();
/// assert!(make_layout((big, big)).is_err());
/// ```
///
/// A static layout whose size or offsets pass `i64` is a `cargo build` error naming it (the
/// check runs when code is generated, as [`Layout::new`]'s); a stride not congruent with the
/// shape is a compile error that `cargo check` reports:
///
/// ```compile_fail,E0277
/// use cute::{make_layout, shape, stride};
/// let _ = make_layout((shape!((2,4)), stride!(1)));
/// ```
#[inline(always)]
#[rustfmt::skip] // The verdict beside the name: the note of a violated condition shows two lines.
pub fn make_layout<A: MakeLayout>(args: A) -> A::Output
where A::Verdict: Holds,
{
    args.make_layout()
}

/// The result of [`make_layout_right`] of the shape `S`.
pub type MakeLayoutRight<S> = <<S as AllStatic>::Is as Route1<op::MakeCompact<Right>, S>>::Output;

/// The compact row-major layout of a shape (CuTe's `make_layout(shape, LayoutRight{})`):
/// static leaves give the layout, with a runtime leaf a `Result` (as [`make_layout`]).
///
/// ```
/// use cute::{make_layout_right, shape};
/// assert_eq!(make_layout_right(shape!((4,8))).to_string(), "(_4,_8):(_8,_1)");
/// let m = 6i64;
/// assert_eq!(make_layout_right(shape!(({m},4))).unwrap().to_string(), "(6,_4):(_4,_1)");
/// ```
#[inline(always)]
pub fn make_layout_right<S: AllStatic>(shape: S) -> MakeLayoutRight<S>
where
    S::Is: Route1<op::MakeCompact<Right>, S>,
{
    <S::Is as Route1<op::MakeCompact<Right>, S>>::run(shape, crate::Internal(()))
}

/// A static shape in a static order: the static face's layout, whose size must fit in `i64` (a
/// build error otherwise).
impl<S, O> Route<op::MakeOrderedLayout, S, O> for B1
where
    O: SameRankAs<S>,
    S: IntTuple + static_face::OrderGroups<OrderOf<O, S>>,
    S: static_face::OrderedStride<OrderOf<O, S>, <S as static_face::OrderGroups<OrderOf<O, S>>>::Output>,
    static_face::OrderedLayout<S, O>: Made,
    <static_face::OrderedLayout<S, O> as Parts>::Stride: IntTuple,
{
    type Output = static_face::OrderedLayout<S, O>;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(_: S, _: O, _: crate::Internal) -> Self::Output {
        #[allow(clippy::let_unit_value)]
        let () = Verify::<MakeFits<S, <static_face::OrderedLayout<S, O> as Parts>::Stride>>::OK;
        Made::made()
    }
}
/// A shape with a runtime leaf: the walk of [`mixed_face::make_ordered_layout`], checked at run
/// time.
impl<S, O> Route<op::MakeOrderedLayout, S, O> for B0
where
    O: SameRankAs<S>,
    <O as SameRankAs<S>>::Verdict: Holds,
    S: MixedTuple + mixed_face::OrderGroups<OrderOf<O, S>>,
    S: mixed_face::OrderedStride<OrderOf<O, S>, <S as mixed_face::OrderGroups<OrderOf<O, S>>>::Output>,
    mixed_face::OrderedStrideOf<S, O>: MixedTuple,
{
    type Output = Result<Layout<S, mixed_face::OrderedStrideOf<S, O>>, Error>;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(shape: S, order: O, _: crate::Internal) -> Self::Output {
        // The strides come from the order's trait impls: checked as every runtime result is.
        mixed_face::make_ordered_layout(shape, order).fits("make_ordered_layout")
    }
}

/// The result of [`make_ordered_layout`] of the shape `S` in the order `O`: the layout when
/// every leaf of the shape is static, a `Result` of one otherwise.
///
/// ```
/// use cute::{make_ordered_layout, MakeOrderedLayout, Shape, Stride};
/// type S = Shape![(2,4)];
/// type O = Stride![(1,0)];
/// let l: MakeOrderedLayout<S, O> = make_ordered_layout(S::default(), O::default());
/// assert_eq!(l.to_string(), "(_2,_4):(_4,_1)");
/// ```
pub type MakeOrderedLayout<S, O> = <<S as AllStatic>::Is as Route<op::MakeOrderedLayout, S, O>>::Output;

/// CuTe's `make_ordered_layout(shape, order)`: the compact layout of a shape with its modes laid
/// out in the static `order`, congruent to the shape or to its top-level modes. The group with
/// the smallest order value gets the smallest strides, each group column-major inside; groups
/// with equal values start at the same stride, as CuTe's `compact_order` does. Static leaves
/// give the layout, with a runtime leaf a `Result` (a stride is static when the sizes of the
/// groups before it are); an order of another rank is a compile error.
///
/// ```
/// use cute::{make_ordered_layout, shape, stride};
/// let l = make_ordered_layout(shape!((2,(2,2,2))), stride!((1,0)));
/// assert_eq!(l.to_string(), "(_2,(_2,_2,_2)):(_8,(_1,_2,_4))");
/// // An m x 4 matrix, row-major by order (1, 0): the runtime m only reaches the later stride.
/// let m = 6i64;
/// let l = make_ordered_layout(shape!(({m},4)), stride!((1,0))).unwrap();
/// assert_eq!(l.to_string(), "(6,_4):(_4,_1)");
/// ```
///
/// ```compile_fail,E0277
/// use cute::{make_ordered_layout, shape, stride};
/// let _ = make_ordered_layout(shape!((2,4,8)), stride!((1,2)));
/// ```
#[inline(always)]
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn make_ordered_layout<S: AllStatic, O>(shape: S, order: O) -> MakeOrderedLayout<S, O>
where <O as SameRankAs<S>>::Verdict: Holds,
    O: SameRankAs<S>,
    S::Is: Route<op::MakeOrderedLayout, S, O>,
{
    <S::Is as Route<op::MakeOrderedLayout, S, O>>::run(shape, order, crate::Internal(()))
}
