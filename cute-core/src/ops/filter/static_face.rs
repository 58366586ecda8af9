//! Static `filter_zeros`, `filter`, `flatten` and `nullspace`: layouts derived from the leaves
//! of a static layout.
//!
//! Post-conditions, as in the dynamic engine:
//! - `filter_zeros(L)` has L's structure and strides; a stride-0 leaf's shape becomes 1.
//! - `filter(L) == coalesce(filter_zeros(L))`: depth <= 1, `1:0` when nothing is left, with the
//!   image of L on its domain.
//! - `flatten(L)` has depth <= 1 and L's leaves; an integral layout is unchanged.
//! - `nullspace(L)`: the stride-0 leaves of the flattened L, each with the stride it has in the
//!   compact column-major layout of the flat shape (0 for a size-1 leaf); `1:0` when there are
//!   none, an integral layout for one. `L(R(i)) == 0` for every `i < size(R)`.
//!
//! `flatten`'s result type is that of layouts with runtime leaves (`mixed::coalesce`), static
//! where the operand is: one walk serves both faces.
//!
//! None of them has a condition; the compile-time check compares the trait solver's leaves
//! with a `const` computation from the input's leaves (with `flat::coalesce` for
//! `filter`) and reports an `i64` overflow where the dynamic engine does.

// The checks return `Result<(), Message>`: the message is built in `const` evaluation without an
// allocator, so it cannot be boxed, and it is only ever built on the path to a compile error.
#![allow(clippy::result_large_err)]

use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::{P1, Z0};

use crate::arith;
use crate::flat;
use crate::ops::coalesce::mixed_face::{Flatten as MixedFlatten, ModesOf, Zip};
use crate::ops::coalesce::static_face::Coalesce;
use crate::statics::check::{msg, overflow, same, Check, Checked, Verify};
use crate::statics::layout::{Layout, Made};
use crate::statics::leaves::{FlatLayout, Leaves, MAX_LEAVES};
use crate::statics::tuple::IntTuple;
use crate::statics::typeops::ModesLayout;

/// The shape of `filter_zeros(S:D)`: the walk of layouts with runtime leaves
/// ([`mixed::filter`](super::mixed_face)), static where the operands are (one walk for both).
type Filtered<S, D> = <S as super::mixed_face::FilterZeros<D>>::Output;

/// A list of modes as a layout, `1:0` when it is empty (see [`ModesLayout`]).
///
/// ```
/// use core::marker::PhantomData;
/// use cute::statics::filter::ModesOrTrivial;
/// use cute::typenum::{P1, Z0};
/// let _: PhantomData<<cute::HNil as ModesOrTrivial>::Shape> = PhantomData::<P1>; // the same type
/// let _: PhantomData<<cute::HNil as ModesOrTrivial>::Stride> = PhantomData::<Z0>;
/// ```
pub trait ModesOrTrivial {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
}
impl ModesOrTrivial for HNil {
    type Shape = P1;
    type Stride = Z0;
}
impl<X, T> ModesOrTrivial for HCons<X, T>
where
    HCons<X, T>: ModesLayout,
{
    type Shape = <HCons<X, T> as ModesLayout>::Shape;
    type Stride = <HCons<X, T> as ModesLayout>::Stride;
}

pub(crate) const FILTER_ZEROS: u8 = 0;
pub(crate) const FILTER: u8 = 1;
pub(crate) const FLATTEN: u8 = 2;
pub(crate) const NULLSPACE: u8 = 3;

/// The compile-time check of the operation `OP` of `S:D` with the result `SR:DR`.
struct LeafCheck<S, D, SR, DR, const OP: u8>(PhantomData<(S, D, SR, DR)>);

impl<S: IntTuple, D: IntTuple, SR: IntTuple, DR: IntTuple, const OP: u8> Check for LeafCheck<S, D, SR, DR, OP> {
    const RESULT: Checked = check(OP, &FlatLayout::of::<S, D>(), &FlatLayout::of::<SR, DR>());
}

/// The check of the operation `OP` of the layout `L`, for [`Verify`].
pub(crate) struct LeafOp<L, const OP: u8>(PhantomData<L>);
impl<L: FilterZeros> Check for LeafOp<L, FILTER_ZEROS> {
    const RESULT: Checked = <L as FilterZeros>::RESULT;
}
impl<L: Filter> Check for LeafOp<L, FILTER> {
    const RESULT: Checked = <L as Filter>::RESULT;
}
impl<L: FlattenLayout> Check for LeafOp<L, FLATTEN> {
    const RESULT: Checked = <L as FlattenLayout>::RESULT;
}
impl<L: Nullspace> Check for LeafOp<L, NULLSPACE> {
    const RESULT: Checked = <L as Nullspace>::RESULT;
}

/// The static `filter_zeros(L)`: the result type of [`filter_zeros`].
///
/// ```
/// use core::marker::PhantomData;
/// use cute::{statics::FilterZeros, Layout};
/// use cute::typenum::{P1, P8, Z0};
/// let _: PhantomData<<Layout<P8, Z0> as FilterZeros>::Output> = PhantomData::<Layout<P1, Z0>>; // the same type
/// ```
pub trait FilterZeros {
    /// The filtered layout.
    type Output: Made;
    /// The compile-time check: `Ok`, or the message of the error.
    const RESULT: Checked;
}
impl<S: IntTuple + super::mixed_face::FilterZeros<D>, D: IntTuple> FilterZeros for Layout<S, D>
where
    Filtered<S, D>: IntTuple,
{
    type Output = Layout<Filtered<S, D>, D>;
    const RESULT: Checked = <LeafCheck<S, D, Filtered<S, D>, D, FILTER_ZEROS> as Check>::RESULT;
}

/// The static `filter(L)`: the result type of [`filter`].
///
/// ```
/// use core::marker::PhantomData;
/// use cute::{statics::Filter, Layout};
/// use cute::typenum::{P1, P8};
/// type L = Layout![(4,8):(0,1)];
/// let _: PhantomData<<L as Filter>::Output> = PhantomData::<Layout<P8, P1>>; // the same type
/// ```
pub trait Filter {
    /// The filtered layout.
    type Output: Made;
    /// The compile-time check: `Ok`, or the message of the error.
    const RESULT: Checked;
}
impl<S: IntTuple + super::mixed_face::FilterZeros<D>, D: IntTuple, SR: IntTuple, DR: IntTuple> Filter for Layout<S, D>
where
    Layout<Filtered<S, D>, D>: Coalesce<Output = Layout<SR, DR>>,
{
    type Output = Layout<SR, DR>;
    const RESULT: Checked = <LeafCheck<S, D, SR, DR, FILTER> as Check>::RESULT;
}

/// The static `flatten(L)`: the result type of [`flatten`].
///
/// ```
/// use core::marker::PhantomData;
/// use cute::{statics::FlattenLayout, Layout};
/// type L = Layout![((8)):((1))];
/// let _: PhantomData<<L as FlattenLayout>::Output> = PhantomData::<Layout![(8):(1)]>;
/// ```
pub trait FlattenLayout {
    /// The flattened layout.
    type Output: Made;
    /// The compile-time check: `Ok`, or the message of the error.
    const RESULT: Checked;
}
/// The result type is the flatten of layouts with runtime leaves
/// ([`crate::ops::coalesce::mixed_face::FlattenLayout`]): one walk for both.
impl<S, D> FlattenLayout for Layout<S, D>
where
    S: IntTuple + crate::ops::coalesce::mixed_face::FlattenLayout,
    D: IntTuple + crate::ops::coalesce::mixed_face::FlattenLayout,
    Flat<S>: IntTuple,
    Flat<D>: IntTuple,
{
    type Output = Layout<Flat<S>, Flat<D>>;
    const RESULT: Checked = <LeafCheck<S, D, Flat<S>, Flat<D>, FLATTEN> as Check>::RESULT;
}

/// A tuple flattened (a leaf stays a leaf).
type Flat<T> = <T as crate::ops::coalesce::mixed_face::FlattenLayout>::Output;

/// The modes of the nullspace of `S:D`: the walk of layouts with runtime leaves
/// ([`crate::ops::inverse::mixed_face::NullModes`]), static where the operands are (one walk for both).
type NullspaceModes<S, D> = crate::ops::inverse::mixed_face::NullspaceModes<S, D>;

/// The static `nullspace(L)`: the result type of [`nullspace`].
///
/// ```
/// use core::marker::PhantomData;
/// use cute::{statics::Nullspace, Layout};
/// use cute::typenum::{P4, P8};
/// type L = Layout![(4,8):(1,0)];
/// let _: PhantomData<<L as Nullspace>::Output> = PhantomData::<Layout<P8, P4>>; // the same type
/// ```
pub trait Nullspace {
    /// The nullspace layout.
    type Output: Made;
    /// The compile-time check: `Ok`, or the message of the error.
    const RESULT: Checked;
}
impl<S: IntTuple + MixedFlatten, D: IntTuple + MixedFlatten> Nullspace for Layout<S, D>
where
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: crate::ops::inverse::mixed_face::NullModes<P1>,
    NullspaceModes<S, D>: ModesOrTrivial,
{
    type Output =
        Layout<<NullspaceModes<S, D> as ModesOrTrivial>::Shape, <NullspaceModes<S, D> as ModesOrTrivial>::Stride>;
    const RESULT: Checked = <LeafCheck<
        S,
        D,
        <NullspaceModes<S, D> as ModesOrTrivial>::Shape,
        <NullspaceModes<S, D> as ModesOrTrivial>::Stride,
        NULLSPACE,
    > as Check>::RESULT;
}

/// Replace the shape of every stride-0 leaf of a static layout by 1 (CuTe's `filter_zeros`);
/// the structure and the strides are kept.
///
/// ```
/// use cute::{filter_zeros, Layout};
/// type L = Layout![(4,3):(1,0)];
/// assert_eq!(filter_zeros(L::new()).to_string(), "(_4,_1):(_1,_0)");
/// ```
pub fn filter_zeros<L: FilterZeros>(layout: L) -> L::Output {
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LeafOp<L, FILTER_ZEROS>>::OK;
    <L::Output as Made>::made()
}

/// Remove the stride-0 and size-1 leaves of a static layout and coalesce (CuTe's `filter`):
/// `coalesce(filter_zeros(L))`, `1:0` when nothing is left.
///
/// ```
/// use cute::{filter, Layout};
/// type L = Layout![(4,3,2):(1,0,4)];
/// assert_eq!(filter(L::new()).to_string(), "_8:_1");
/// ```
pub fn filter<L: Filter>(layout: L) -> L::Output {
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LeafOp<L, FILTER>>::OK;
    <L::Output as Made>::made()
}

/// Flatten a static layout to depth <= 1 with the same leaves (CuTe's `flatten`); an integral
/// layout is unchanged.
///
/// ```
/// use cute::{flatten, Layout};
/// use cute::typenum::{P2, P8};
/// type L = Layout![(4,(3,2)):(2,(8,1))];
/// assert_eq!(flatten(L::new()).to_string(), "(_4,_3,_2):(_2,_8,_1)");
/// assert_eq!(flatten(Layout::<P8, P2>::new()).to_string(), "_8:_2");
/// ```
pub fn flatten<L: FlattenLayout>(layout: L) -> L::Output {
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LeafOp<L, FLATTEN>>::OK;
    <L::Output as Made>::made()
}

/// The nullspace of a static layout (CuTe's `nullspace`): a layout over L's domain selecting
/// exactly the coordinates of its stride-0 leaves, so `L(R(i)) == 0` for every `i < size(R)`;
/// `1:0` when L has no stride-0 leaf.
///
/// ```
/// use cute::{nullspace, Layout};
/// type L = Layout![(4,3,2):(1,0,4)];
/// assert_eq!(nullspace(L::new()).to_string(), "_3:_4");
/// ```
pub fn nullspace<L: Nullspace>(layout: L) -> L::Output {
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LeafOp<L, NULLSPACE>>::OK;
    <L::Output as Made>::made()
}

/// Check the operation `op` of `input` against the trait solver's `result`.
// In range: `i += 1` under `i < n`, and `len += 1` at most once per `i`, so len <= n.
#[allow(clippy::arithmetic_side_effects)]
const fn check(op: u8, input: &FlatLayout, result: &FlatLayout) -> Checked {
    let (shape, stride) = (input.shapes(), input.strides());
    let n = shape.len();
    let (mut es, mut ed) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
    let mut len = n;
    let mut i = 0;
    if op == FILTER_ZEROS || op == FLATTEN || op == FILTER {
        while i < n {
            es[i] = if op != FLATTEN && stride[i] == 0 { 1 } else { shape[i] };
            ed[i] = stride[i];
            i += 1;
        }
    }
    if op == FILTER {
        let (mut cs, mut cd) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        len = match flat::coalesce(es.split_at(n).0, ed.split_at(n).0, false, &mut cs, &mut cd) {
            Ok(len) => len,
            Err(o) => return Err(overflow(o)),
        };
        es = cs;
        ed = cd;
    } else if op == NULLSPACE {
        // The compact column-major strides of the flat shape, as the dynamic engine computes
        // them (every leaf but a size-1 one scales the next stride, which may overflow).
        let mut current = 1i64;
        len = 0;
        while i < n {
            let s = shape[i];
            if stride[i] == 0 {
                es[len] = s;
                ed[len] = if s == 1 { 0 } else { current };
                len += 1;
            }
            if s != 1 {
                current = match arith::mul(current, s) {
                    Ok(v) => v,
                    Err(o) => return Err(overflow(o)),
                };
            }
            i += 1;
        }
        if len == 0 {
            es[0] = 1;
            ed[0] = 0;
            len = 1;
        }
    }
    let expected = FlatLayout { shape: Leaves { len, vals: es }, stride: Leaves { len, vals: ed } };
    if !same(&expected.shape, &result.shape) || !same(&expected.stride, &result.stride) {
        return Err(msg(
            "internal error: the static filter_zeros/filter/flatten/nullspace disagrees with its definition",
        ));
    }
    Ok(())
}
