//! Static coalesce: the result type is the coalesce walk of layouts with runtime leaves
//! ([`mixed::coalesce`](super::mixed_face), CuTe's `bw_coalesce` on lists of modes
//! `(S, D)`), which with every leaf static decides each step on the leaves' types. The check
//! compares it with the shared algorithm (`flat`).

// The checks return `Result<(), Message>`: the message is built in `const` evaluation without an
// allocator, so it cannot be boxed, and it is only ever built on the path to a compile error.
#![allow(clippy::result_large_err)]

use core::marker::PhantomData;

use super::mixed_face::{Coalesce as MixedCoalesce, Finish};
use super::mixed_face::{ProfileFits, ProfileOver, ProfileVerdict};
use crate::statics::check::{disagree, overflow, same_prefix, Check, Checked, Verify};
use crate::statics::layout::{Layout, Made};
use crate::statics::leaves::{FlatLayout, MAX_LEAVES};
use crate::statics::report::Holds;
use crate::statics::tiler::{AppliedTo, ApplyTiler, IntTile, RestModes, TileOp, Tiled};
use crate::statics::tuple::{Congruent, IntTuple, Shape};
use crate::statics::typeops::{FlatModes, Flatten, ModesLayout, ZipModes};

/// Coalesce a list of modes with the walk of layouts with runtime leaves
/// ([`mixed::coalesce`](super::mixed_face), CuTe's `bw_coalesce`), which takes each step on
/// the leaves' types: the output is a non-empty list of modes, `(_1, _0)` alone when nothing is
/// left.
pub trait CoalesceModes {
    /// The coalesced modes, left to right.
    type Output;
}
impl<M: MixedCoalesce> CoalesceModes for M
where
    M::Output: Finish,
{
    type Output = <M::Output as Finish>::Output;
}

/// The static `coalesce(L)`: the result type of [`coalesce`](crate::coalesce()).
pub trait Coalesce {
    /// The coalesced shape.
    type Shape: IntTuple;
    /// The coalesced stride.
    type Stride: IntTuple;
    /// The coalesced layout.
    type Output: Made;
    /// The compile-time check: the trait solver's result is the shared algorithm's.
    const RESULT: Checked;
}
impl<S: Shape + Congruent<D> + Flatten, D: IntTuple + Flatten> Coalesce for Layout<S, D>
where
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output>,
    FlatModes<S, D>: CoalesceModes,
    <FlatModes<S, D> as CoalesceModes>::Output: ModesLayout,
{
    type Shape = <<FlatModes<S, D> as CoalesceModes>::Output as ModesLayout>::Shape;
    type Stride = <<FlatModes<S, D> as CoalesceModes>::Output as ModesLayout>::Stride;
    type Output = Layout<Self::Shape, Self::Stride>;
    const RESULT: Checked = check(&FlatLayout::of::<S, D>(), &FlatLayout::of::<Self::Shape, Self::Stride>());
}

/// Check `coalesce(L)`: no overflow, and the trait solver's `result` is the shared algorithm's.
const fn check(input: &FlatLayout, result: &FlatLayout) -> Checked {
    let (mut cs, mut cd) = ([0i64; MAX_LEAVES + 1], [0i64; MAX_LEAVES + 1]);
    let n = match crate::flat::coalesce(input.shapes(), input.strides(), false, &mut cs, &mut cd) {
        Ok(n) => n,
        Err(o) => return Err(overflow(o)),
    };
    if !same_prefix(&cs, &cd, n, result) {
        return disagree("coalesce");
    }
    Ok(())
}

/// The check of `coalesce(L)`, for [`Verify`].
pub(crate) struct CoalesceCheck<L>(PhantomData<L>);
impl<L: Coalesce> Check for CoalesceCheck<L> {
    const RESULT: Checked = <L as Coalesce>::RESULT;
}

/// Coalesce a static layout (CuTe's `coalesce`): the same function on its domain, depth <= 1.
///
/// ```
/// use cute::{coalesce, Layout};
/// type L = Layout![(2,(1,6)):(1,(6,2))];
/// let c = coalesce(L::new());
/// assert_eq!(c.to_string(), "_12:_1");
/// ```
pub fn coalesce<S, D>(layout: Layout<S, D>) -> <Layout<S, D> as Coalesce>::Output
where
    Layout<S, D>: Coalesce,
{
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<CoalesceCheck<Layout<S, D>>>::OK;
    <<Layout<S, D> as Coalesce>::Output as Made>::made()
}

/// The operation marker of `coalesce` by a profile: a `1` (`P1`) coalesces the mode, `_`
/// ([`Underscore`](crate::statics::Underscore)) leaves it alone, a tuple goes mode by mode, and the modes
/// beyond the profile are kept.
pub struct CoalesceOp;

/// The tile an integer profile entry stands for: "coalesce this mode".
pub struct CoalesceMode;

impl<N> IntTile<N> for CoalesceOp {
    type Tile = CoalesceMode;
}

impl<SL, DL> RestModes<SL, DL> for CoalesceOp {
    const NAME: &'static str = "coalesce";
    type Shape = SL;
    type Stride = DL;
    #[inline(always)]
    fn rest(shape: SL, stride: DL) -> (SL, DL) {
        (shape, stride)
    }
}

impl<S, D> TileOp<Layout<S, D>, CoalesceMode> for CoalesceOp
where
    Layout<S, D>: Coalesce,
{
    type Shape = <Layout<S, D> as Coalesce>::Shape;
    type Stride = <Layout<S, D> as Coalesce>::Stride;
    const RESULT: Checked = <Layout<S, D> as Coalesce>::RESULT;
}

/// The result type of `coalesce_profile(L, P)`.
pub type CoalesceProfile<L, P> =
    Layout<<L as ApplyTiler<CoalesceOp, P>>::Shape, <L as ApplyTiler<CoalesceOp, P>>::Stride>;

/// Coalesce mode by mode following `profile`, a tuple of `P1` (coalesce this mode) and `_`
/// (leave it alone), nested as deep as needed (CuTe's `coalesce(layout, profile)`).
///
/// ```
/// use cute::statics::{coalesce_profile, Underscore};
/// use cute::{HCons, HNil, Layout};
/// use cute::typenum::P1;
/// type L = Layout![(3,(2,6)):(1,(3,6))];
/// let p = HCons { head: Underscore, tail: HCons { head: P1::new(), tail: HNil } };
/// assert_eq!(coalesce_profile(L::new(), p).to_string(), "(_3,_12):(_1,_3)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn coalesce_profile<S, D, P>(layout: Layout<S, D>, profile: P) -> <P as AppliedTo<CoalesceOp, Layout<S, D>>>::Output
where ProfileVerdict<P, S, D>: Holds,
    P: AppliedTo<CoalesceOp, Layout<S, D>>,
    P: ProfileFits<S>,
    <P as ProfileFits<S>>::Over: ProfileOver<P, S, D>,
{
    let _ = (layout, profile);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Tiled<CoalesceOp, Layout<S, D>, P>>::OK;
    <<P as AppliedTo<CoalesceOp, Layout<S, D>>>::Output as Made>::made()
}
