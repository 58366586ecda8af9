//! The modes of a layout, static or with runtime leaves: one mode (CuTe's `layout<I>(L)`,
//! `get<I>`), several (`select`, `take`, `group`, through the macros of the same names), and the
//! sub-layouts `slice` and `dice` of a coordinate with `_`. Each walk is over
//! values, so it serves both: a static leaf is a zero-sized constant, a runtime one an `i64`.

use core::marker::PhantomData;
use core::ops::Add;

use frunk_core::hlist::{HCons, HNil};
use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

use super::report::{Holds, ModeOutOfRangeFail, Pass, Shown, ShownUnsigned, Then};
use super::tiler::Underscore;
use super::typeops::RankOf;
use crate::layout::Layout;
use crate::leaf::mixed_tuple::MixedTuple;

/// The `I`-th element of a tuple; a leaf is its own element 0, as in CuTe. Past the last mode
/// the element is [`OutOfRange`], which the functions that take a mode report as a compile error
/// naming the layout and its rank ([`InRange`]): a type for every index, so that the trait
/// solver's own failure (which names the modes it walked, in raw typenum types) never shows.
pub trait Get<const I: usize> {
    /// The element.
    type Output;
    /// The element's value.
    fn get(&self) -> Self::Output;
}

// One impl per kind of leaf, not `impl<L: Leaf>`: with a blanket impl, rustc would report an
// index out of range as "`HNil` is not a `Leaf`".
macro_rules! get_leaf {
    ($([$($gen:tt)*] $ty:ty),* $(,)?) => {$(
        impl<$($gen)*> Get<0> for $ty {
            type Output = $ty;
            #[inline(always)]
            fn get(&self) -> $ty {
                *self
            }
        }
    )*};
}
get_leaf!([U: Unsigned + NonZero] PInt<U>, [U: Unsigned + NonZero] NInt<U>, [] Z0, [] i64);

/// The element past the last mode of a tuple (or past element 0 of a leaf): what [`Get`] gives
/// for an index out of range, which [`InRange`] reports. No operation takes it.
#[derive(Clone, Copy, Debug, Default)]
pub struct OutOfRange;
impl<const I: usize> Get<I> for HNil {
    type Output = OutOfRange;
    #[inline(always)]
    fn get(&self) -> OutOfRange {
        OutOfRange
    }
}

/// The verdict on an element that [`Get`] gave for a mode of the layout `Ops = (S, D)`:
/// [`Pass`], or the failure of an index past the last mode, naming the layout and its rank.
pub trait InRange<Ops> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S: Shown + RankOf, D: Shown> InRange<(S, D)> for OutOfRange
where
    S::Rank: ShownUnsigned,
{
    type Output = ModeOutOfRangeFail<S::Out, D::Out, <S::Rank as ShownUnsigned>::Out>;
}
macro_rules! in_range {
    ($([$($gen:tt)*] $ty:ty),* $(,)?) => {$(
        impl<Ops, $($gen)*> InRange<Ops> for $ty {
            type Output = Pass;
        }
    )*};
}
in_range!(
    [U: Unsigned + NonZero] PInt<U>,
    [U: Unsigned + NonZero] NInt<U>,
    [] Z0,
    [] i64,
    [] HNil,
    [H, T] HCons<H, T>,
);
/// [`InRange`] of each element of a list of modes.
pub trait AllInRange<Ops> {
    /// [`Pass`] or the first failure.
    type Output;
}
impl<Ops> AllInRange<Ops> for HNil {
    type Output = Pass;
}
impl<Ops, H: InRange<Ops>, T: AllInRange<Ops>> AllInRange<Ops> for HCons<H, T>
where
    H::Output: Then<T::Output>,
{
    type Output = <H::Output as Then<T::Output>>::Output;
}
impl<H: Copy, T> Get<0> for HCons<H, T> {
    type Output = H;
    #[inline(always)]
    fn get(&self) -> H {
        self.head
    }
}

/// A leaf has no element past 0.
macro_rules! leaf_out_of_range {
    ($i:literal; $([$($gen:tt)*] $ty:ty),*) => {$(
        impl<$($gen)*> Get<$i> for $ty {
            type Output = OutOfRange;
            #[inline(always)]
            fn get(&self) -> OutOfRange {
                OutOfRange
            }
        }
    )*};
}

/// `Get<I>` for `HCons` is `Get<I - 1>` of the tail; stable Rust cannot write `I - 1` in a
/// bound, so each index is its own impl (up to [`MAX_LEAVES`](super::MAX_LEAVES) - 1).
macro_rules! get_from_tail {
    ($($i:literal => $prev:literal),* $(,)?) => {
        skip_from_tail!($($i => $prev),*);
        $(impl<H, T: Get<$prev>> Get<$i> for HCons<H, T> {
            type Output = <T as Get<$prev>>::Output;
            #[inline(always)]
            fn get(&self) -> Self::Output {
                self.tail.get()
            }
        }
        leaf_out_of_range!($i; [U: Unsigned + NonZero] PInt<U>, [U: Unsigned + NonZero] NInt<U>, [] Z0, [] i64);)*
    };
}

impl<S: MixedTuple, D: MixedTuple> Layout<S, D> {
    /// The `I`-th mode as a layout (CuTe's `layout<I>(L)`), its runtime leaves kept; a leaf layout
    /// is its own mode 0. An index past the last mode is a compile error.
    ///
    /// ```
    /// use cute::layout;
    /// let p = layout!((4,({3},2)):(2,(8,{1}))).unwrap();
    /// assert_eq!(p.mode::<1>().to_string(), "(3,_2):(_8,1)");
    /// ```
    ///
    /// ```compile_fail,E0277
    /// use cute::Layout;
    /// let _ = <Layout![(4,4):(1,4)]>::new().mode::<2>();
    /// ```
    #[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
    pub fn mode<const I: usize>(&self) -> Layout<<S as Get<I>>::Output, <D as Get<I>>::Output>
    where <<S as Get<I>>::Output as InRange<(S, D)>>::Output: Holds,
        S: Get<I>,
        D: Get<I>,
        <S as Get<I>>::Output: InRange<(S, D)>,
    {
        Layout { shape: self.shape.get(), stride: self.stride.get() }
    }

    /// The sub-layout of the modes marked `_` in `coord` (CuTe's `slice(c, L)`): a tuple
    /// coordinate gives the tuple of the kept modes, `_` the layout itself. See [`Kept`].
    ///
    /// ```
    /// use cute::{coord, layout};
    /// let p = layout!((4,({3},2)):(2,(8,{1}))).unwrap();
    /// assert_eq!(p.slice(coord!((_,(1,_)))).to_string(), "(_4,_2):(_2,1)");
    /// ```
    pub fn slice<C: Kept<SliceOp, S, D>>(&self, coord: C) -> Layout<C::Shape, C::Stride> {
        let (shape, stride) = coord.kept(&self.shape, &self.stride);
        Layout { shape, stride }
    }

    /// The sub-layout of the modes given an integer in `coord` (CuTe's `dice(c, L)`), the
    /// complement of [`slice`](Self::slice).
    ///
    /// ```
    /// use cute::{coord, layout};
    /// let p = layout!((4,({3},2)):(2,(8,{1}))).unwrap();
    /// assert_eq!(p.dice(coord!((_,(1,_)))).to_string(), "(3):(_8)");
    /// ```
    pub fn dice<C: Kept<DiceOp, S, D>>(&self, coord: C) -> Layout<C::Shape, C::Stride> {
        let (shape, stride) = coord.kept(&self.shape, &self.stride);
        Layout { shape, stride }
    }
}

/// `slice`: keep the modes marked `_`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SliceOp;
/// `dice`: keep the modes given an integer.
#[derive(Clone, Copy, Debug, Default)]
pub struct DiceOp;

/// The modes of the layout `S:D` that the coordinate `Self` keeps for `Op` ([`SliceOp`] or
/// [`DiceOp`]), as a shape and a stride. The coordinate has `_` ([`Underscore`]) and integer
/// (`usize`) entries: `coord!((_,(1,_)))`. `slice` keeps the modes marked `_`, `dice` those
/// given an integer; a tuple coordinate gives the tuple of the kept modes (a nested tuple's kept
/// modes join the outer list, as in CuTe), a single `_` (slice) or integer (dice) the whole
/// layout, and the other single entry the empty layout.
///
/// ```
/// use cute::{coord, layout};
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(l.slice(coord!((_,(1,_)))).to_string(), "(_4,_2):(_2,_1)");
/// assert_eq!(l.dice(coord!((_,(1,_)))).to_string(), "(_3):(_8)");
/// assert_eq!(l.dice(coord!(_)).to_string(), "():()");
/// ```
#[diagnostic::on_unimplemented(
    message = "the coordinate `{Self}` does not fit the layout's shape",
    label = "one entry per top-level mode: `_`, an integer, or a tuple for a tuple mode"
)]
#[doc(hidden)]
pub trait Kept<Op, S, D>: crate::sealed::Sealed {
    /// The kept modes' shape.
    type Shape;
    /// The kept modes' stride.
    type Stride;
    /// The kept modes' values.
    fn kept(&self, shape: &S, stride: &D) -> (Self::Shape, Self::Stride);
}

/// The modes that the entries of a tuple coordinate keep, as lists (one element a mode).
pub trait KeptList<Op, S, D>: crate::sealed::Sealed {
    /// The kept shapes.
    type Shapes;
    /// The kept strides.
    type Strides;
    /// The kept values.
    fn kept_list(&self, shape: &S, stride: &D) -> (Self::Shapes, Self::Strides);
}

/// A mode kept whole, or dropped, by a leaf entry of the coordinate.
macro_rules! keep_leaf {
    ($entry:ty, $keeps:ty, $drops:ty) => {
        impl<S: Copy, D: Copy> KeptList<$keeps, S, D> for $entry {
            type Shapes = HCons<S, HNil>;
            type Strides = HCons<D, HNil>;
            #[inline(always)]
            fn kept_list(&self, shape: &S, stride: &D) -> (Self::Shapes, Self::Strides) {
                (HCons { head: *shape, tail: HNil }, HCons { head: *stride, tail: HNil })
            }
        }
        impl<S, D> KeptList<$drops, S, D> for $entry {
            type Shapes = HNil;
            type Strides = HNil;
            #[inline(always)]
            fn kept_list(&self, _: &S, _: &D) -> (HNil, HNil) {
                (HNil, HNil)
            }
        }
        // A single entry for the whole layout: the layout itself, or the empty layout.
        impl<S: Copy, D: Copy> Kept<$keeps, S, D> for $entry {
            type Shape = S;
            type Stride = D;
            #[inline(always)]
            fn kept(&self, shape: &S, stride: &D) -> (S, D) {
                (*shape, *stride)
            }
        }
        impl<S, D> Kept<$drops, S, D> for $entry {
            type Shape = HNil;
            type Stride = HNil;
            #[inline(always)]
            fn kept(&self, _: &S, _: &D) -> (HNil, HNil) {
                (HNil, HNil)
            }
        }
    };
}
keep_leaf!(Underscore, SliceOp, DiceOp);
keep_leaf!(usize, DiceOp, SliceOp);

impl<Op> KeptList<Op, HNil, HNil> for HNil {
    type Shapes = HNil;
    type Strides = HNil;
    #[inline(always)]
    fn kept_list(&self, _: &HNil, _: &HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<Op, CH, CT, SH, ST, DH, DT> KeptList<Op, HCons<SH, ST>, HCons<DH, DT>> for HCons<CH, CT>
where
    CH: KeptList<Op, SH, DH>,
    CT: KeptList<Op, ST, DT>,
    CH::Shapes: Add<CT::Shapes>,
    CH::Strides: Add<CT::Strides>,
{
    type Shapes = <CH::Shapes as Add<CT::Shapes>>::Output;
    type Strides = <CH::Strides as Add<CT::Strides>>::Output;
    // `+` is HList concatenation (frunk's `Add`), not integer arithmetic.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    fn kept_list(&self, shape: &HCons<SH, ST>, stride: &HCons<DH, DT>) -> (Self::Shapes, Self::Strides) {
        let (hs, hd) = self.head.kept_list(&shape.head, &stride.head);
        let (ts, td) = self.tail.kept_list(&shape.tail, &stride.tail);
        (hs + ts, hd + td)
    }
}
/// A tuple coordinate keeps the tuple of its kept modes.
impl<Op, C: KeptList<Op, S, D>, S, D> Kept<Op, S, D> for C
where
    C: TupleCoord,
{
    type Shape = C::Shapes;
    type Stride = C::Strides;
    #[inline(always)]
    fn kept(&self, shape: &S, stride: &D) -> (C::Shapes, C::Strides) {
        self.kept_list(shape, stride)
    }
}

/// A tuple coordinate (not a single `_` or integer).
pub trait TupleCoord {}
impl TupleCoord for HNil {}
impl<H, T> TupleCoord for HCons<H, T> {}

/// The mode index `I` as a type: `HCons<Mode<2>, HCons<Mode<0>, HNil>>` lists the modes 2 and 0,
/// as `select!(l, 2, 0)` writes it.
///
/// ```
/// use cute::{layout, HCons, HNil, Mode};
/// let l = layout!((2,3,4):(1,2,6));
/// let r = l.select_modes::<HCons<Mode<2>, HCons<Mode<0>, HNil>>>();
/// assert_eq!(r.to_string(), "(_4,_2):(_6,_1)");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Mode<const I: usize>;

/// The modes of the layout `S:D` at the indices listed by `Self` (an HList of [`Mode`]), as a
/// tuple: what `select!`, `take!` and `group!` expand to. An index past the last mode is a
/// compile error.
#[diagnostic::on_unimplemented(
    message = "index out of range: the layout has fewer modes than an index of `{Self}`",
    label = "no such mode"
)]
pub trait SelectModes<S, D>: crate::sealed::Sealed {
    /// The selected modes' shapes, a tuple.
    type Shape;
    /// Their strides.
    type Stride;
    /// The values.
    fn select_modes(shape: &S, stride: &D) -> (Self::Shape, Self::Stride);
}
impl<S, D> SelectModes<S, D> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn select_modes(_: &S, _: &D) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<const I: usize, T: SelectModes<S, D>, S: Get<I>, D: Get<I>> SelectModes<S, D> for HCons<Mode<I>, T> {
    type Shape = HCons<S::Output, T::Shape>;
    type Stride = HCons<D::Output, T::Stride>;
    #[inline(always)]
    fn select_modes(shape: &S, stride: &D) -> (Self::Shape, Self::Stride) {
        let (ts, td) = T::select_modes(shape, stride);
        (HCons { head: shape.get(), tail: ts }, HCons { head: stride.get(), tail: td })
    }
}

/// CuTe's `group<B, E>`: the modes before `B` (listed by `Self`), the modes listed by `G` grouped
/// into one, and the modes from `E` on (a tuple of fewer than `E` modes keeps none).
pub trait GroupModes<G, const E: usize, S, D>: crate::sealed::Sealed {
    /// The grouped shape.
    type Shape;
    /// The grouped stride.
    type Stride;
    /// The values.
    fn group_modes(shape: &S, stride: &D) -> (Self::Shape, Self::Stride);
}
impl<B, G, const E: usize, S, D> GroupModes<G, E, S, D> for B
where
    B: SelectModes<S, D> + crate::sealed::Sealed,
    G: SelectModes<S, D>,
    S: SkipModes<E>,
    D: SkipModes<E>,
    B::Shape: Add<HCons<G::Shape, <S as SkipModes<E>>::Output>>,
    B::Stride: Add<HCons<G::Stride, <D as SkipModes<E>>::Output>>,
{
    type Shape = <B::Shape as Add<HCons<G::Shape, <S as SkipModes<E>>::Output>>>::Output;
    type Stride = <B::Stride as Add<HCons<G::Stride, <D as SkipModes<E>>::Output>>>::Output;
    // `+` is HList concatenation (frunk's `Add`), not integer arithmetic.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    fn group_modes(shape: &S, stride: &D) -> (Self::Shape, Self::Stride) {
        let (bs, bd) = B::select_modes(shape, stride);
        let (gs, gd) = G::select_modes(shape, stride);
        (bs + HCons { head: gs, tail: shape.skip_modes() }, bd + HCons { head: gd, tail: stride.skip_modes() })
    }
}

/// The modes of a tuple from the `N`-th on (none when it has fewer).
pub trait SkipModes<const N: usize> {
    /// The remaining modes.
    type Output;
    /// Their values.
    fn skip_modes(&self) -> Self::Output;
}
impl<T: Copy> SkipModes<0> for T {
    type Output = T;
    #[inline(always)]
    fn skip_modes(&self) -> T {
        *self
    }
}
/// `SkipModes<N>` of a tuple is `SkipModes<N - 1>` of its tail (each `N` its own impl, as for
/// [`Get`]).
macro_rules! skip_from_tail {
    ($($i:literal => $prev:literal),* $(,)?) => {
        $(impl<H, T: SkipModes<$prev>> SkipModes<$i> for HCons<H, T> {
            type Output = <T as SkipModes<$prev>>::Output;
            #[inline(always)]
            fn skip_modes(&self) -> Self::Output {
                self.tail.skip_modes()
            }
        }
        impl SkipModes<$i> for HNil {
            type Output = HNil;
            #[inline(always)]
            fn skip_modes(&self) -> HNil {
                HNil
            }
        })*
    };
}

/// The indices of a list of [`Mode`]s as a set of bits, and whether they are distinct: a mode
/// listed twice multiplies the size and the cosize, so `select_modes` and `group_modes`, which
/// return a layout unchecked, take distinct modes only (the macros call `try_select_modes`, which
/// checks, for a repeated index).
pub trait ModeSet: crate::sealed::Sealed {
    /// Bit `i` for each index `i` (indices past 63 have no mode to select, see [`Get`]).
    const BITS: u64;
    /// Whether no index is listed twice (and each is below 64).
    const DISTINCT: bool;
}
impl ModeSet for HNil {
    const BITS: u64 = 0;
    const DISTINCT: bool = true;
}
impl<const I: usize, T: ModeSet> ModeSet for HCons<Mode<I>, T> {
    const BITS: u64 = T::BITS | mode_bit(I);
    const DISTINCT: bool = T::DISTINCT && mode_bit(I) != 0 && T::BITS & mode_bit(I) == 0;
}
/// Bit `i` of a [`ModeSet`], 0 past 63.
const fn mode_bit(i: usize) -> u64 {
    if i < 64 {
        1 << i
    } else {
        0
    }
}

/// `select_modes::<L>`'s compile-time condition: the modes of `L` are distinct.
struct SelectDistinct<L>(PhantomData<L>);
impl<L: ModeSet> SelectDistinct<L> {
    const OK: () =
        assert!(L::DISTINCT, "select_modes: a mode is listed twice (try_select_modes checks that selection)");
}
/// `group_modes::<B, G, E>`'s compile-time condition: the modes of `B` and `G` are distinct and
/// all below `E`, so that each mode of the layout appears at most once.
struct GroupDistinct<B, G, const E: usize>(PhantomData<(B, G)>);
impl<B: ModeSet, G: ModeSet, const E: usize> GroupDistinct<B, G, E> {
    const OK: () = assert!(
        B::DISTINCT && G::DISTINCT && B::BITS & G::BITS == 0 && (E >= 64 || (B::BITS | G::BITS) >> E == 0),
        "group_modes: a mode is listed twice, or at or past the end E"
    );
}

/// The layout `group_modes` gives: `B`'s modes, `G`'s grouped, the modes from `E` on.
pub type Grouped<B, G, const E: usize, S, D> =
    Layout<<B as GroupModes<G, E, S, D>>::Shape, <B as GroupModes<G, E, S, D>>::Stride>;

impl<S: MixedTuple, D: MixedTuple> Layout<S, D> {
    /// The modes at the indices listed by `L` (what `select!` and `take!` expand to).
    ///
    /// ```
    /// use cute::{layout, select, take};
    /// let p = layout!((2,{3},4):(1,2,{6})).unwrap();
    /// assert_eq!(select!(p, 2, 0).to_string(), "(_4,_2):(6,_1)");
    /// assert_eq!(take!(p, 1, 3).to_string(), "(3,_4):(_2,6)");
    /// ```
    #[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
    pub fn select_modes<L: SelectModes<S, D> + ModeSet>(&self) -> Layout<L::Shape, L::Stride>
    where <L::Shape as AllInRange<(S, D)>>::Output: Holds,
        L::Shape: AllInRange<(S, D)>,
    {
        // Distinct modes of a layout: their size and cosize are at most the layout's.
        let () = SelectDistinct::<L>::OK;
        let (shape, stride) = L::select_modes(&self.shape, &self.stride);
        Layout { shape, stride }
    }

    /// The modes at the indices listed by `L`, some listed more than once (what `select!` expands
    /// to when an index repeats): a repeated mode multiplies the size and the cosize, which are
    /// checked as a layout made by hand is (an error of kind
    /// [`Overflow`](crate::error::ErrorKind::Overflow) past i64).
    ///
    /// ```
    /// use cute::{layout, select};
    /// assert_eq!(select!(layout!((2,4):(1,2)), 1, 1).unwrap().to_string(), "(_4,_4):(_2,_2)");
    /// ```
    #[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
    pub fn try_select_modes<L: SelectModes<S, D>>(&self) -> Result<Layout<L::Shape, L::Stride>, crate::error::runtime::Error>
    where <L::Shape as AllInRange<(S, D)>>::Output: Holds,
        L::Shape: AllInRange<(S, D)> + MixedTuple,
        L::Stride: MixedTuple,
    {
        let (shape, stride) = L::select_modes(&self.shape, &self.stride);
        crate::layout::Fits::fits(Ok(Layout { shape, stride }), "select")
    }

    /// The modes listed by `G` grouped into one, those listed by `Self` before it and those from
    /// `E` on after it (what `group!` expands to).
    ///
    /// ```
    /// use cute::{group, layout};
    /// let p = layout!((2,{3},4):(1,2,{6})).unwrap();
    /// assert_eq!(group!(p, 0, 2).to_string(), "((_2,3),_4):((_1,_2),6)");
    /// ```
    pub fn group_modes<B, G, const E: usize>(&self) -> Grouped<B, G, E, S, D>
    where
        B: GroupModes<G, E, S, D> + SelectModes<S, D> + ModeSet,
        G: SelectModes<S, D> + ModeSet,
        <B as SelectModes<S, D>>::Shape: AllInRange<(S, D)>,
        <G as SelectModes<S, D>>::Shape: AllInRange<(S, D)>,
        <<B as SelectModes<S, D>>::Shape as AllInRange<(S, D)>>::Output:
            Then<<<G as SelectModes<S, D>>::Shape as AllInRange<(S, D)>>::Output>,
        <<<B as SelectModes<S, D>>::Shape as AllInRange<(S, D)>>::Output as Then<
            <<G as SelectModes<S, D>>::Shape as AllInRange<(S, D)>>::Output,
        >>::Output: Holds,
    {
        // Each mode of the layout at most once: the size and cosize are the layout's.
        let () = GroupDistinct::<B, G, E>::OK;
        let (shape, stride) = B::group_modes(&self.shape, &self.stride);
        Layout { shape, stride }
    }
}

// The index tables of `Get` and `SkipModes` (here, after both macros).
get_from_tail!(
    1 => 0, 2 => 1, 3 => 2, 4 => 3, 5 => 4, 6 => 5, 7 => 6, 8 => 7, 9 => 8, 10 => 9, 11 => 10, 12 => 11,
    13 => 12, 14 => 13, 15 => 14, 16 => 15, 17 => 16, 18 => 17, 19 => 18, 20 => 19, 21 => 20, 22 => 21,
    23 => 22, 24 => 23, 25 => 24, 26 => 25, 27 => 26, 28 => 27, 29 => 28, 30 => 29, 31 => 30, 32 => 31,
    33 => 32, 34 => 33, 35 => 34, 36 => 35, 37 => 36, 38 => 37, 39 => 38, 40 => 39, 41 => 40, 42 => 41,
    43 => 42, 44 => 43, 45 => 44, 46 => 45, 47 => 46, 48 => 47, 49 => 48, 50 => 49, 51 => 50, 52 => 51,
    53 => 52, 54 => 53, 55 => 54, 56 => 55, 57 => 56, 58 => 57, 59 => 58, 60 => 59, 61 => 60, 62 => 61,
    63 => 62,
);
