//! Static versions of PyCuTe's operations that CuTe C++ does not have: [`coalesce_z`],
//! [`greatest_common_domain`] and [`layout_add`], with the dynamic engine's semantics
//! ([`crate::dynamic::coalesce_z`] and the others). The trait solver computes each result; the
//! compile-time check runs the shared algorithm of `flat` and compares.
//!
//! Post-conditions: `coalesce_z(L)(i) == L(i)` for every `i >= 0`, with depth <= 1;
//! `greatest_common_domain(A, B)` is a flat tuple layout whose modes both shapes split off at
//! the same offsets, symmetric in A and B; `layout_add(A, B)(i) == A(i) + B(i)` for
//! `i < size(A)`.

// The checks return `Result<(), Message>`: the message is built in `const` evaluation without an
// allocator, so it cannot be boxed, and it is only ever built on the path to a compile error.
#![allow(clippy::result_large_err)]

use core::marker::PhantomData;
use core::ops::{Add, BitAnd, Div, Mul, Rem};

use frunk_core::hlist::{HCons, HNil};
use typenum::{Gcd, IsEqual, B0, B1, P1, Z0};

use crate::error::headline;
use crate::flat;
use crate::ops::filter::static_face::ModesOrTrivial;
use crate::statics::check::{disagree, overflow, same_prefix, Check, Checked, Verify};
use crate::statics::layout::{Layout, Made};
use crate::statics::leaves::{FlatLayout, MAX_LEAVES};
use crate::statics::report::{AddNoCommonRefinementFail, AddSizesFail, Holds, Pass, Shown};
use crate::statics::tiler::{ProductT, SizeT};
use crate::statics::tuple::IntTuple;
use crate::statics::typeops::{FlatModes, Flatten, IsP1, Reverse, Unzip, ZipModes};

// ---------------------------------------------------------------------------------------------
// The coalesce_z fold, on a stack of modes (the last mode first).

/// Fold the modes `Self` (left to right) onto the stack `Acc`: drop size-1 modes on top, then
/// merge the next mode into the top or push it.
pub trait FoldZ<Acc> {
    /// The stack.
    type Output;
}
impl<Acc> FoldZ<Acc> for HNil {
    type Output = Acc;
}
impl<S, D, T, Acc: PopOnes> FoldZ<Acc> for HCons<(S, D), T>
where
    <Acc as PopOnes>::Output: PushZ<S, D>,
    T: FoldZ<<<Acc as PopOnes>::Output as PushZ<S, D>>::Output>,
{
    type Output = <T as FoldZ<<<Acc as PopOnes>::Output as PushZ<S, D>>::Output>>::Output;
}

/// Drop the size-1 modes on top of a stack.
pub trait PopOnes {
    /// The stack.
    type Output;
}
impl PopOnes for HNil {
    type Output = HNil;
}
impl<S: IsP1, D, T> PopOnes for HCons<(S, D), T>
where
    <S as IsP1>::Output: PopIf<S, D, T>,
{
    type Output = <<S as IsP1>::Output as PopIf<S, D, T>>::Output;
}

/// `B1`: the top mode `S:D` has size 1 and goes; `B0`: it stays.
pub trait PopIf<S, D, T> {
    /// The stack.
    type Output;
}
impl<S, D, T: PopOnes> PopIf<S, D, T> for B1 {
    type Output = <T as PopOnes>::Output;
}
impl<S, D, T> PopIf<S, D, T> for B0 {
    type Output = HCons<(S, D), T>;
}

/// Push the mode `S:D` on a stack, merged into the top `S1:D1` when `D == S1 * D1`.
pub trait PushZ<S, D> {
    /// The stack.
    type Output;
}
impl<S, D> PushZ<S, D> for HNil {
    type Output = HCons<(S, D), HNil>;
}
impl<S, D, S1: Mul<D1>, D1, T> PushZ<S, D> for HCons<(S1, D1), T>
where
    <S1 as Mul<D1>>::Output: IsEqual<D>,
    <<S1 as Mul<D1>>::Output as IsEqual<D>>::Output: MergeZ<S, D, S1, D1, T>,
{
    type Output = <<<S1 as Mul<D1>>::Output as IsEqual<D>>::Output as MergeZ<S, D, S1, D1, T>>::Output;
}

/// `B1`: `S:D` continues the top mode `S1:D1`, which becomes `S1*S:D1`; `B0`: pushed.
pub trait MergeZ<S, D, S1, D1, T> {
    /// The stack.
    type Output;
}
impl<S, D, S1: Mul<S>, D1, T> MergeZ<S, D, S1, D1, T> for B1 {
    type Output = HCons<(<S1 as Mul<S>>::Output, D1), T>;
}
impl<S, D, S1, D1, T> MergeZ<S, D, S1, D1, T> for B0 {
    type Output = HCons<(S, D), HCons<(S1, D1), T>>;
}

/// PyCuTe's `coalesce` after the fold: the top (last) mode goes if it has size 1 and others
/// remain.
pub trait DropLastOne {
    /// The stack.
    type Output;
}
impl DropLastOne for HNil {
    type Output = HNil;
}
impl<M> DropLastOne for HCons<M, HNil> {
    type Output = HCons<M, HNil>;
}
impl<S: IsP1, D, X, T> DropLastOne for HCons<(S, D), HCons<X, T>>
where
    <S as IsP1>::Output: DropIf<S, D, HCons<X, T>>,
{
    type Output = <<S as IsP1>::Output as DropIf<S, D, HCons<X, T>>>::Output;
}

/// `B1`: the top mode `S:D` has size 1 and goes; `B0`: it stays.
pub trait DropIf<S, D, T> {
    /// The stack.
    type Output;
}
impl<S, D, T> DropIf<S, D, T> for B1 {
    type Output = T;
}
impl<S, D, T> DropIf<S, D, T> for B0 {
    type Output = HCons<(S, D), T>;
}

/// The modes of `S:D` folded by `coalesce_z`, as a stack.
type ZStack<S, D> = <FlatModes<S, D> as FoldZ<HNil>>::Output;
/// The modes of PyCuTe's `coalesce(S:D)`, left to right.
pub type PyCoalesced<S, D> = <<<FlatModes<S, D> as FoldZ<HNil>>::Output as DropLastOne>::Output as Reverse>::Output;

/// The flat layout of `n` modes of a shared algorithm, `1:0` when there are none.
const fn same_or_trivial(shape: &[i64], stride: &[i64], n: usize, result: &FlatLayout) -> bool {
    if n == 0 {
        return same_prefix(&[1], &[0], 1, result);
    }
    same_prefix(shape, stride, n, result)
}

/// The static `coalesce_z(L)`.
pub trait CoalesceZ {
    /// The result.
    type Output: Made;
    /// The compile-time check: no overflow, and the shared algorithm's result.
    const RESULT: Checked;
}
impl<S: IntTuple + Flatten, D: IntTuple + Flatten> CoalesceZ for Layout<S, D>
where
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output>,
    FlatModes<S, D>: FoldZ<HNil>,
    ZStack<S, D>: Reverse,
    <ZStack<S, D> as Reverse>::Output: ModesOrTrivial,
{
    type Output = Layout<
        <<ZStack<S, D> as Reverse>::Output as ModesOrTrivial>::Shape,
        <<ZStack<S, D> as Reverse>::Output as ModesOrTrivial>::Stride,
    >;
    const RESULT: Checked = {
        let (a, r) = (
            FlatLayout::of::<S, D>(),
            FlatLayout::of::<
                <<ZStack<S, D> as Reverse>::Output as ModesOrTrivial>::Shape,
                <<ZStack<S, D> as Reverse>::Output as ModesOrTrivial>::Stride,
            >(),
        );
        let (mut s, mut d) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        match flat::fold_z(a.shapes(), a.strides(), &mut s, &mut d) {
            Ok(n) if same_or_trivial(&s, &d, n, &r) => Ok(()),
            Ok(_) => disagree("coalesce_z"),
            Err(o) => Err(overflow(o)),
        }
    };
}

/// The check of an operation `L` of this module, for [`Verify`].
struct CoalesceZCheck<L>(PhantomData<L>);
impl<L: CoalesceZ> Check for CoalesceZCheck<L> {
    const RESULT: Checked = <L as CoalesceZ>::RESULT;
}

/// PyCuTe's `coalesce_z(L)` of a static layout: its flat modes merged left to right, size-1
/// modes dropped but the last, so the result equals `L` on every index, past its size too.
///
/// ```
/// use cute::statics::coalesce_z;
/// use cute::Layout;
/// type L = Layout![(2,1,6,1):(1,7,8,0)];
/// assert_eq!(coalesce_z(L::new()).to_string(), "(_2,_6,_1):(_1,_8,_0)");
/// ```
pub fn coalesce_z<S, D>(layout: Layout<S, D>) -> <Layout<S, D> as CoalesceZ>::Output
where
    Layout<S, D>: CoalesceZ,
{
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<CoalesceZCheck<Layout<S, D>>>::OK;
    <<Layout<S, D> as CoalesceZ>::Output as Made>::made()
}

// ---------------------------------------------------------------------------------------------
// greatest_common_domain: the walk of `flat::greatest_common_domain` in the trait solver.

/// Walk the leaves `Self` of A and `XB` of B, whose first leaves start at the offsets `PA` and
/// `PB`; `Out` holds the common modes found so far (the last first).
pub trait GcdWalk<XB, PA, PB, Out> {
    /// The common modes, the last first.
    type Output;
}
impl<XB, PA, PB, Out> GcdWalk<XB, PA, PB, Out> for HNil {
    type Output = Out;
}
impl<A, TA, PA, PB, Out> GcdWalk<HNil, PA, PB, Out> for HCons<A, TA> {
    type Output = Out;
}
impl<A: IsP1, TA, B: IsP1, TB, PA, PB, Out> GcdWalk<HCons<B, TB>, PA, PB, Out> for HCons<A, TA>
where
    (<A as IsP1>::Output, <B as IsP1>::Output): GcdSkip<A, TA, B, TB, PA, PB, Out>,
{
    type Output = <(<A as IsP1>::Output, <B as IsP1>::Output) as GcdSkip<A, TA, B, TB, PA, PB, Out>>::Output;
}

/// `Self` says which current leaf has size 1: it is passed over; else [`GcdTry`].
pub trait GcdSkip<A, TA, B, TB, PA, PB, Out> {
    /// The common modes.
    type Output;
}
impl<X, A, TA, B, TB, PA, PB, Out> GcdSkip<A, TA, B, TB, PA, PB, Out> for (B1, X)
where
    TA: GcdWalk<HCons<B, TB>, PA, PB, Out>,
{
    type Output = <TA as GcdWalk<HCons<B, TB>, PA, PB, Out>>::Output;
}
impl<A, TA, B, TB, PA, PB, Out> GcdSkip<A, TA, B, TB, PA, PB, Out> for (B0, B1)
where
    HCons<A, TA>: GcdWalk<TB, PA, PB, Out>,
{
    type Output = <HCons<A, TA> as GcdWalk<TB, PA, PB, Out>>::Output;
}
impl<A, TA, B, TB, PA, PB, Out> GcdSkip<A, TA, B, TB, PA, PB, Out> for (B0, B0)
where
    PA: GcdTry<A, TA, B, TB, PB, Out>,
{
    type Output = <PA as GcdTry<A, TA, B, TB, PB, Out>>::Output;
}

/// `B1` when `Self` divides `N`.
type Divides<N, Dv> = <<N as Rem<Dv>>::Output as IsEqual<Z0>>::Output;
/// `lcm(PA, PB)`, the first offset reachable in whole steps of both leaves.
type Start<PA, PB> = <<PA as Div<<PA as Gcd<PB>>::Output>>::Output as Mul<PB>>::Output;

/// At the offsets `Self` (A's) and `PB`, a common factor of the leaves `A` and `B` starts at
/// `lcm(PA, PB)` when both leaves reach it in whole steps; [`GcdFactor`] then takes it.
pub trait GcdTry<A, TA, B, TB, PB, Out> {
    /// The common modes.
    type Output;
}
impl<PA, A, TA, B, TB, PB, Out> GcdTry<A, TA, B, TB, PB, Out> for PA
where
    PA: Gcd<PB> + Div<<PA as Gcd<PB>>::Output>,
    <PA as Div<<PA as Gcd<PB>>::Output>>::Output: Mul<PB>,
    Start<PA, PB>: Div<PA> + Div<PB>,
    A: Rem<<Start<PA, PB> as Div<PA>>::Output>,
    B: Rem<<Start<PA, PB> as Div<PB>>::Output>,
    <A as Rem<<Start<PA, PB> as Div<PA>>::Output>>::Output: IsEqual<Z0>,
    <B as Rem<<Start<PA, PB> as Div<PB>>::Output>>::Output: IsEqual<Z0>,
    Divides<A, <Start<PA, PB> as Div<PA>>::Output>: BitAnd<Divides<B, <Start<PA, PB> as Div<PB>>::Output>>,
    <Divides<A, <Start<PA, PB> as Div<PA>>::Output> as BitAnd<Divides<B, <Start<PA, PB> as Div<PB>>::Output>>>::Output:
        GcdFactor<A, TA, B, TB, PA, PB, Out, Start<PA, PB>>,
{
    type Output = <<Divides<A, <Start<PA, PB> as Div<PA>>::Output> as BitAnd<
        Divides<B, <Start<PA, PB> as Div<PB>>::Output>,
    >>::Output as GcdFactor<A, TA, B, TB, PA, PB, Out, Start<PA, PB>>>::Output;
}

/// `B1`: both leaves reach the offset `St`; their parts past it, `A / (St / PA)` and
/// `B / (St / PB)`, share the factor `g` (their gcd), emitted if it is not 1. `B0`: [`GcdStep`].
pub trait GcdFactor<A, TA, B, TB, PA, PB, Out, St> {
    /// The common modes.
    type Output;
}
/// `A / (St / PA)`, the part of A's leaf from the offset `St` on.
type Part<A, St, PA> = <A as Div<<St as Div<PA>>::Output>>::Output;
impl<A, TA, B, TB, PA, PB, Out, St> GcdFactor<A, TA, B, TB, PA, PB, Out, St> for B1
where
    St: Div<PA> + Div<PB>,
    A: Div<<St as Div<PA>>::Output>,
    B: Div<<St as Div<PB>>::Output>,
    Part<A, St, PA>: Gcd<Part<B, St, PB>>,
    <Part<A, St, PA> as Gcd<Part<B, St, PB>>>::Output: IsP1,
    <<Part<A, St, PA> as Gcd<Part<B, St, PB>>>::Output as IsP1>::Output:
        GcdEmit<A, TA, B, TB, PA, PB, Out, St, <Part<A, St, PA> as Gcd<Part<B, St, PB>>>::Output>,
{
    type Output = <<<Part<A, St, PA> as Gcd<Part<B, St, PB>>>::Output as IsP1>::Output as GcdEmit<
        A,
        TA,
        B,
        TB,
        PA,
        PB,
        Out,
        St,
        <Part<A, St, PA> as Gcd<Part<B, St, PB>>>::Output,
    >>::Output;
}
impl<A, TA, B, TB, PA, PB, Out, St> GcdFactor<A, TA, B, TB, PA, PB, Out, St> for B0
where
    PA: GcdStep<A, TA, B, TB, PB, Out>,
{
    type Output = <PA as GcdStep<A, TA, B, TB, PB, Out>>::Output;
}

/// `B0`: emit the mode `G:St`, shrink both leaves by `G` and go on at `St * G`; `B1` (the gcd
/// is 1): [`GcdStep`].
pub trait GcdEmit<A, TA, B, TB, PA, PB, Out, St, G> {
    /// The common modes.
    type Output;
}
impl<A, TA, B, TB, PA, PB, Out, St, G> GcdEmit<A, TA, B, TB, PA, PB, Out, St, G> for B0
where
    St: Div<PA> + Div<PB> + Mul<G>,
    A: Div<<St as Div<PA>>::Output>,
    B: Div<<St as Div<PB>>::Output>,
    Part<A, St, PA>: Div<G>,
    Part<B, St, PB>: Div<G>,
    HCons<<Part<A, St, PA> as Div<G>>::Output, TA>: GcdWalk<
        HCons<<Part<B, St, PB> as Div<G>>::Output, TB>,
        <St as Mul<G>>::Output,
        <St as Mul<G>>::Output,
        HCons<(G, St), Out>,
    >,
{
    type Output = <HCons<<Part<A, St, PA> as Div<G>>::Output, TA> as GcdWalk<
        HCons<<Part<B, St, PB> as Div<G>>::Output, TB>,
        <St as Mul<G>>::Output,
        <St as Mul<G>>::Output,
        HCons<(G, St), Out>,
    >>::Output;
}
impl<A, TA, B, TB, PA, PB, Out, St, G> GcdEmit<A, TA, B, TB, PA, PB, Out, St, G> for B1
where
    PA: GcdStep<A, TA, B, TB, PB, Out>,
{
    type Output = <PA as GcdStep<A, TA, B, TB, PB, Out>>::Output;
}

/// No common factor starts at the current offsets (`Self` is A's): move past the leaf that
/// ends first, or both when the ends are equal or neither divides the other.
pub trait GcdStep<A, TA, B, TB, PB, Out> {
    /// The common modes.
    type Output;
}
/// `PA * A`, where A's current leaf ends.
type End<PA, A> = <PA as Mul<A>>::Output;
impl<PA, A, TA, B, TB, PB, Out> GcdStep<A, TA, B, TB, PB, Out> for PA
where
    PA: Mul<A>,
    PB: Mul<B>,
    End<PB, B>: Rem<End<PA, A>>,
    End<PA, A>: Rem<End<PB, B>>,
    <End<PB, B> as Rem<End<PA, A>>>::Output: IsEqual<Z0>,
    <End<PA, A> as Rem<End<PB, B>>>::Output: IsEqual<Z0>,
    (Divides<End<PB, B>, End<PA, A>>, Divides<End<PA, A>, End<PB, B>>):
        GcdMove<A, TA, B, TB, End<PA, A>, End<PB, B>, PA, PB, Out>,
{
    type Output = <(Divides<End<PB, B>, End<PA, A>>, Divides<End<PA, A>, End<PB, B>>) as GcdMove<
        A,
        TA,
        B,
        TB,
        End<PA, A>,
        End<PB, B>,
        PA,
        PB,
        Out,
    >>::Output;
}

/// `Self` is (A's end divides B's, B's end divides A's): which leaves to move past.
pub trait GcdMove<A, TA, B, TB, EA, EB, PA, PB, Out> {
    /// The common modes.
    type Output;
}
impl<A, TA: GcdWalk<TB, EA, EB, Out>, B, TB, EA, EB, PA, PB, Out> GcdMove<A, TA, B, TB, EA, EB, PA, PB, Out>
    for (B1, B1)
{
    type Output = <TA as GcdWalk<TB, EA, EB, Out>>::Output;
}
impl<A, TA: GcdWalk<TB, EA, EB, Out>, B, TB, EA, EB, PA, PB, Out> GcdMove<A, TA, B, TB, EA, EB, PA, PB, Out>
    for (B0, B0)
{
    type Output = <TA as GcdWalk<TB, EA, EB, Out>>::Output;
}
impl<A, TA: GcdWalk<HCons<B, TB>, EA, PB, Out>, B, TB, EA, EB, PA, PB, Out> GcdMove<A, TA, B, TB, EA, EB, PA, PB, Out>
    for (B1, B0)
{
    type Output = <TA as GcdWalk<HCons<B, TB>, EA, PB, Out>>::Output;
}
impl<A, TA, B, TB, EA, EB, PA, PB, Out> GcdMove<A, TA, B, TB, EA, EB, PA, PB, Out> for (B0, B1)
where
    HCons<A, TA>: GcdWalk<TB, PA, EB, Out>,
{
    type Output = <HCons<A, TA> as GcdWalk<TB, PA, EB, Out>>::Output;
}

/// The common modes of the flat leaves `Self` and `B`, left to right.
pub type CommonModes<A, B> = <<A as GcdWalk<B, P1, P1, HNil>>::Output as Reverse>::Output;

/// A list of modes as a flat tuple layout, `(1):(0)` when empty (PyCuTe's convention for the
/// greatest common domain).
pub trait TupleOrOne {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
}
impl TupleOrOne for HNil {
    type Shape = HCons<P1, HNil>;
    type Stride = HCons<Z0, HNil>;
}
impl<H, T> TupleOrOne for HCons<H, T>
where
    HCons<H, T>: Unzip,
{
    type Shape = <HCons<H, T> as Unzip>::Shapes;
    type Stride = <HCons<H, T> as Unzip>::Strides;
}

/// The static `greatest_common_domain(A, B)` of two static shapes.
pub trait GreatestCommonDomain<B> {
    /// The result.
    type Output: Made;
    /// The compile-time check: no overflow, and the shared algorithm's result.
    const RESULT: Checked;
}
impl<A: IntTuple + Flatten, B: IntTuple + Flatten> GreatestCommonDomain<B> for A
where
    <A as Flatten>::Output: GcdWalk<<B as Flatten>::Output, P1, P1, HNil>,
    <<A as Flatten>::Output as GcdWalk<<B as Flatten>::Output, P1, P1, HNil>>::Output: Reverse,
    CommonModes<<A as Flatten>::Output, <B as Flatten>::Output>: TupleOrOne,
{
    type Output = Layout<
        <CommonModes<<A as Flatten>::Output, <B as Flatten>::Output> as TupleOrOne>::Shape,
        <CommonModes<<A as Flatten>::Output, <B as Flatten>::Output> as TupleOrOne>::Stride,
    >;
    const RESULT: Checked = {
        let r = FlatLayout::of::<
            <CommonModes<<A as Flatten>::Output, <B as Flatten>::Output> as TupleOrOne>::Shape,
            <CommonModes<<A as Flatten>::Output, <B as Flatten>::Output> as TupleOrOne>::Stride,
        >();
        let (a, b) = (A::LEAVES, B::LEAVES);
        let (mut w, mut s, mut d) = ([0i64; 2 * MAX_LEAVES], [0i64; 2 * MAX_LEAVES], [0i64; 2 * MAX_LEAVES]);
        match flat::greatest_common_domain(a.as_slice(), b.as_slice(), &mut w, &mut s, &mut d) {
            Ok(n) if same_or_trivial(&s, &d, n, &r) => Ok(()),
            Ok(_) => disagree("greatest_common_domain"),
            Err(o) => Err(overflow(o)),
        }
    };
}

/// The check of `greatest_common_domain(A, B)`, for [`Verify`].
struct GcdCheck<A, B>(PhantomData<(A, B)>);
impl<A: GreatestCommonDomain<B>, B> Check for GcdCheck<A, B> {
    const RESULT: Checked = <A as GreatestCommonDomain<B>>::RESULT;
}

/// PyCuTe's `greatest_common_domain(A, B)` of two static shapes: the factors both split off
/// an index at the same offsets, each with its offset as stride; always a flat tuple, `(_1):(_0)`
/// when no factor is common.
///
/// ```
/// use cute::statics::greatest_common_domain;
/// use cute::{HCons, HNil};
/// use cute::typenum::{P14, P15, P35, P6};
/// let a = HCons { head: P6::new(), tail: HCons { head: P35::new(), tail: HNil } };
/// let b = HCons { head: P15::new(), tail: HCons { head: P14::new(), tail: HNil } };
/// assert_eq!(greatest_common_domain(a, b).to_string(), "(_3,_7):(_1,_30)");
/// ```
pub fn greatest_common_domain<A, B>(a: A, b: B) -> <A as GreatestCommonDomain<B>>::Output
where
    A: GreatestCommonDomain<B>,
{
    let _ = (a, b);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<GcdCheck<A, B>>::OK;
    <<A as GreatestCommonDomain<B>>::Output as Made>::made()
}

// ---------------------------------------------------------------------------------------------
// layout_add.

/// The offset of the static index `I` in the list of modes `Self` (the last mode absorbs).
pub trait EvalAt<I> {
    /// The offset.
    type Output;
}
impl<I> EvalAt<I> for HNil {
    type Output = Z0;
}
impl<S, D, I: Mul<D>> EvalAt<I> for HCons<(S, D), HNil> {
    type Output = <I as Mul<D>>::Output;
}
impl<S, D, X, T, I> EvalAt<I> for HCons<(S, D), HCons<X, T>>
where
    I: Rem<S> + Div<S>,
    <I as Rem<S>>::Output: Mul<D>,
    HCons<X, T>: EvalAt<<I as Div<S>>::Output>,
    <<I as Rem<S>>::Output as Mul<D>>::Output: Add<<HCons<X, T> as EvalAt<<I as Div<S>>::Output>>::Output>,
{
    type Output = <<<I as Rem<S>>::Output as Mul<D>>::Output as Add<
        <HCons<X, T> as EvalAt<<I as Div<S>>::Output>>::Output,
    >>::Output;
}

/// The common modes `Self` with the strides `MA(d) + MB(d)`, `d` each mode's offset.
pub trait SumStrides<MA, MB> {
    /// The modes.
    type Output;
}
impl<MA, MB> SumStrides<MA, MB> for HNil {
    type Output = HNil;
}
impl<G, Dg, T: SumStrides<MA, MB>, MA: EvalAt<Dg>, MB: EvalAt<Dg>> SumStrides<MA, MB> for HCons<(G, Dg), T>
where
    <MA as EvalAt<Dg>>::Output: Add<<MB as EvalAt<Dg>>::Output>,
{
    type Output = HCons<
        (G, <<MA as EvalAt<Dg>>::Output as Add<<MB as EvalAt<Dg>>::Output>>::Output),
        <T as SumStrides<MA, MB>>::Output,
    >;
}

/// The shapes of a list of modes.
pub trait ModeShapes {
    /// The shapes, as a list.
    type Output;
}
impl ModeShapes for HNil {
    type Output = HNil;
}
impl<S, D, T: ModeShapes> ModeShapes for HCons<(S, D), T> {
    type Output = HCons<S, <T as ModeShapes>::Output>;
}

/// The modes of `layout_add(SA:DA, SB:DB)` before the final coalesce.
type Summed<SA, DA, SB, DB> =
    <<(SA, DA, SB, DB) as AddDomain>::Modes as SumStrides<PyCoalesced<SA, DA>, PyCoalesced<SB, DB>>>::Output;
/// The modes of `layout_add(SA:DA, SB:DB)`, left to right.
type AddModes<SA, DA, SB, DB> =
    <<<Summed<SA, DA, SB, DB> as FoldZ<HNil>>::Output as DropLastOne>::Output as Reverse>::Output;

/// The verdict of `layout_add(SA:DA, SB:DB)`, as `flat::layout_add` checks it: equal sizes, then
/// a greatest common domain of the coalesced shapes as large as the index range.
pub trait AddVerdict<B> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<SA, DA, SB, DB> AddVerdict<Layout<SB, DB>> for Layout<SA, DA>
where
    Layout<SA, DA>: SizeT,
    Layout<SB, DB>: SizeT,
    <Layout<SA, DA> as SizeT>::Output: IsEqual<<Layout<SB, DB> as SizeT>::Output>,
    <<Layout<SA, DA> as SizeT>::Output as IsEqual<<Layout<SB, DB> as SizeT>::Output>>::Output:
        SizesAgree<(SA, DA, SB, DB), <Layout<SA, DA> as SizeT>::Output, <Layout<SB, DB> as SizeT>::Output>,
{
    type Output =
        <<<Layout<SA, DA> as SizeT>::Output as IsEqual<<Layout<SB, DB> as SizeT>::Output>>::Output as SizesAgree<
            (SA, DA, SB, DB),
            <Layout<SA, DA> as SizeT>::Output,
            <Layout<SB, DB> as SizeT>::Output,
        >>::Output;
}
/// [`AddVerdict`] by whether the sizes `N` and `M` agree (`Self`).
pub trait SizesAgree<Ops, N, M> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<SA: Shown, DA: Shown, SB: Shown, DB: Shown, N: Shown, M: Shown> SizesAgree<(SA, DA, SB, DB), N, M> for B0 {
    type Output = AddSizesFail<SA::Out, DA::Out, SB::Out, DB::Out, N::Out, M::Out>;
}
impl<SA, DA, SB, DB, N, M> SizesAgree<(SA, DA, SB, DB), N, M> for B1
where
    (SA, DA, SB, DB): AddDomain,
    <(SA, DA, SB, DB) as AddDomain>::Modes: ModeShapes,
    CommonSizes<SA, DA, SB, DB>: ProductT,
    <CommonSizes<SA, DA, SB, DB> as ProductT>::Output: IsEqual<N>,
    <<CommonSizes<SA, DA, SB, DB> as ProductT>::Output as IsEqual<N>>::Output:
        CommonCovers<(SA, DA, SB, DB), N, <CommonSizes<SA, DA, SB, DB> as ProductT>::Output>,
{
    type Output = <<<CommonSizes<SA, DA, SB, DB> as ProductT>::Output as IsEqual<N>>::Output as CommonCovers<
        (SA, DA, SB, DB),
        N,
        <CommonSizes<SA, DA, SB, DB> as ProductT>::Output,
    >>::Output;
}
/// The greatest common domain of the PyCuTe-coalesced shapes of `layout_add(SA:DA, SB:DB)`'s
/// operands (`Self` is `(SA, DA, SB, DB)`), as modes: what [`LayoutAdd`] sums the strides over.
pub trait AddDomain {
    /// The common modes.
    type Modes;
}
impl<SA, DA, SB, DB> AddDomain for (SA, DA, SB, DB)
where
    FlatModes<SA, DA>: FoldZ<HNil>,
    FlatModes<SB, DB>: FoldZ<HNil>,
    SA: Flatten,
    DA: Flatten,
    SB: Flatten,
    DB: Flatten,
    <SA as Flatten>::Output: ZipModes<<DA as Flatten>::Output>,
    <SB as Flatten>::Output: ZipModes<<DB as Flatten>::Output>,
    ZStack<SA, DA>: DropLastOne,
    ZStack<SB, DB>: DropLastOne,
    <ZStack<SA, DA> as DropLastOne>::Output: Reverse,
    <ZStack<SB, DB> as DropLastOne>::Output: Reverse,
    PyCoalesced<SA, DA>: ModeShapes,
    PyCoalesced<SB, DB>: ModeShapes,
    <PyCoalesced<SA, DA> as ModeShapes>::Output: GcdWalk<<PyCoalesced<SB, DB> as ModeShapes>::Output, P1, P1, HNil>,
    <<PyCoalesced<SA, DA> as ModeShapes>::Output as GcdWalk<
        <PyCoalesced<SB, DB> as ModeShapes>::Output,
        P1,
        P1,
        HNil,
    >>::Output: Reverse,
{
    type Modes = CommonModes<<PyCoalesced<SA, DA> as ModeShapes>::Output, <PyCoalesced<SB, DB> as ModeShapes>::Output>;
}
/// The shapes of the greatest common domain of the coalesced shapes of `SA:DA` and `SB:DB`.
type CommonSizes<SA, DA, SB, DB> = <<(SA, DA, SB, DB) as AddDomain>::Modes as ModeShapes>::Output;
/// [`AddVerdict`] by whether the common domain's size `G` is the size `N` (`Self`).
pub trait CommonCovers<Ops, N, G> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<Ops, N, G> CommonCovers<Ops, N, G> for B1 {
    type Output = Pass;
}
impl<SA: Shown, DA: Shown, SB: Shown, DB: Shown, N: Shown, G: Shown> CommonCovers<(SA, DA, SB, DB), N, G> for B0 {
    type Output = AddNoCommonRefinementFail<SA::Out, DA::Out, SB::Out, DB::Out, N::Out, G::Out>;
}

/// The static `layout_add(A, B)`.
pub trait LayoutAdd<B> {
    /// The result.
    type Output: Made;
    /// The compile-time check: equal sizes, a common refinement of the whole size, no
    /// overflow, and the shared algorithm's result.
    const RESULT: Checked;
}
impl<SA, DA, SB, DB> LayoutAdd<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: IntTuple + Flatten,
    DA: IntTuple + Flatten,
    SB: IntTuple + Flatten,
    DB: IntTuple + Flatten,
    <SA as Flatten>::Output: ZipModes<<DA as Flatten>::Output>,
    <SB as Flatten>::Output: ZipModes<<DB as Flatten>::Output>,
    FlatModes<SA, DA>: FoldZ<HNil>,
    FlatModes<SB, DB>: FoldZ<HNil>,
    ZStack<SA, DA>: DropLastOne,
    ZStack<SB, DB>: DropLastOne,
    <ZStack<SA, DA> as DropLastOne>::Output: Reverse,
    <ZStack<SB, DB> as DropLastOne>::Output: Reverse,
    (SA, DA, SB, DB): AddDomain,
    <(SA, DA, SB, DB) as AddDomain>::Modes: SumStrides<PyCoalesced<SA, DA>, PyCoalesced<SB, DB>>,
    Summed<SA, DA, SB, DB>: FoldZ<HNil>,
    <Summed<SA, DA, SB, DB> as FoldZ<HNil>>::Output: DropLastOne,
    <<Summed<SA, DA, SB, DB> as FoldZ<HNil>>::Output as DropLastOne>::Output: Reverse,
    AddModes<SA, DA, SB, DB>: ModesOrTrivial,
{
    type Output = Layout<
        <AddModes<SA, DA, SB, DB> as ModesOrTrivial>::Shape,
        <AddModes<SA, DA, SB, DB> as ModesOrTrivial>::Stride,
    >;
    const RESULT: Checked = check_add(
        &FlatLayout::of::<SA, DA>(),
        &FlatLayout::of::<SB, DB>(),
        &FlatLayout::of::<
            <AddModes<SA, DA, SB, DB> as ModesOrTrivial>::Shape,
            <AddModes<SA, DA, SB, DB> as ModesOrTrivial>::Stride,
        >(),
    );
}

/// Check `layout_add(A, B)` with the shared algorithm, and compare the trait solver's result.
const fn check_add(a: &FlatLayout, b: &FlatLayout, result: &FlatLayout) -> Checked {
    let mut scratch = [0i64; flat::add_scratch_len(2 * MAX_LEAVES)];
    let (mut s, mut d) = ([0i64; 2 * MAX_LEAVES + 1], [0i64; 2 * MAX_LEAVES + 1]);
    match flat::layout_add(a.shapes(), a.strides(), b.shapes(), b.strides(), &mut scratch, &mut s, &mut d) {
        Ok(n) if same_or_trivial(&s, &d, n, result) => Ok(()),
        Ok(_) => disagree("layout_add"),
        Err(v) => {
            let m = headline(v.kind(), "layout_add(").layout(&a.shape, &a.stride).s(", ").layout(&b.shape, &b.stride);
            Err(v.describe(m.s("): ")))
        }
    }
}

/// The check of `layout_add(A, B)`, for [`Verify`].
struct AddCheck<A, B>(PhantomData<(A, B)>);
impl<A: LayoutAdd<B>, B> Check for AddCheck<A, B> {
    const RESULT: Checked = <A as LayoutAdd<B>>::RESULT;
}

/// PyCuTe's `layout_add(A, B)` of two static layouts of equal size: the layout `R` with
/// `R(i) == A(i) + B(i)` for every `i < size(A)`, coalesced. Layouts of different sizes, or
/// whose coalesced shapes have no common refinement of the whole size (then no layout is
/// `A + B`), are an error of the trait solver ([`AddVerdict`]), which `cargo check` reports.
///
/// ```
/// use cute::statics::layout_add;
/// use cute::Layout;
/// type A = Layout![(4,3):(1,4)];
/// type B = Layout![(4,3):(3,1)];
/// assert_eq!(layout_add(A::new(), B::new()).to_string(), "(_4,_3):(_4,_5)");
/// ```
///
/// `(2,3):(1,5)` and `(3,2):(1,7)` split an index differently, so no layout is their sum:
///
/// ```compile_fail,E0277
/// use cute::statics::layout_add;
/// use cute::Layout;
/// type A = Layout![(2,3):(1,5)];
/// type B = Layout![(3,2):(1,7)];
/// let _ = layout_add(A::new(), B::new());
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn layout_add<A, B>(a: A, b: B) -> <A as LayoutAdd<B>>::Output
where <A as AddVerdict<B>>::Output: Holds,
    A: LayoutAdd<B> + AddVerdict<B>,
{
    let _ = (a, b);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<AddCheck<A, B>>::OK;
    <<A as LayoutAdd<B>>::Output as Made>::made()
}
