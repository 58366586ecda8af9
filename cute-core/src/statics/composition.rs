//! Static composition: the result type is the walk of [`mixed::composition`](crate::mixed::composition)
//! (CuTe's `coalesce_x` of A, then `composition_impl` on each leaf of B), which with every leaf
//! static takes each step on the leaves' types, as CuTe's `if constexpr` does. The conditions are
//! checked in `const` evaluation by the same code as the dynamic engine (`flat`), which also
//! computes the result's leaves; the check compares them with the trait solver's result, so the
//! two faces cannot drift apart.

use frunk_core::hlist::HNil;
use typenum::P1;

use super::check::{Checked, Verify};
use super::layout::{Layout, Made};
use super::leaves::FlatLayout;
use super::report::Holds;
use super::tiler::{AppliedTo, ApplyTiler, IntTile, RestModes, TileOp, Tiled, TilerCheck};
use super::tuple::IntTuple;
use crate::mixed::coalesce::{Coalesce, Extend, Finish, Flatten as MixedFlatten, ModesOf, Zip};
use crate::mixed::composition::{CoalescedX, ComposeTree};

/// The static `A o B`: the result type of [`composition`](crate::composition()), computed by the
/// walk of layouts with runtime leaves.
pub trait Compose<B> {
    /// The shape of the composition.
    type Shape: IntTuple;
    /// The stride of the composition.
    type Stride: IntTuple;
}
impl<SA, DA, SB, DB> Compose<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: MixedFlatten,
    DA: MixedFlatten,
    SA::Output: Zip<DA::Output>,
    ModesOf<SA, DA>: Extend,
    <ModesOf<SA, DA> as Extend>::Output: Coalesce,
    <<ModesOf<SA, DA> as Extend>::Output as Coalesce>::Output: Finish,
    SB: ComposeTree<DB, CoalescedX<SA, DA>>,
    <SB as ComposeTree<DB, CoalescedX<SA, DA>>>::Shape: IntTuple,
    <SB as ComposeTree<DB, CoalescedX<SA, DA>>>::Stride: IntTuple,
{
    type Shape = <SB as ComposeTree<DB, CoalescedX<SA, DA>>>::Shape;
    type Stride = <SB as ComposeTree<DB, CoalescedX<SA, DA>>>::Stride;
}

/// The operation marker of composition by a tiler: integers mean `n:1`, uncovered modes of A are
/// dropped.
pub struct ComposeOp;

impl<SA: IntTuple, DA: IntTuple, SB: IntTuple, DB: IntTuple> TileOp<Layout<SA, DA>, Layout<SB, DB>> for ComposeOp
where
    Layout<SA, DA>: Compose<Layout<SB, DB>>,
{
    type Shape = <Layout<SA, DA> as Compose<Layout<SB, DB>>>::Shape;
    type Stride = <Layout<SA, DA> as Compose<Layout<SB, DB>>>::Stride;
    const RESULT: Checked = super::check::composition(
        &FlatLayout::of::<SA, DA>(),
        &FlatLayout::of::<SB, DB>(),
        Some(&FlatLayout::of::<Self::Shape, Self::Stride>()),
        None,
        0,
    );
}

impl<N> IntTile<N> for ComposeOp {
    type Tile = Layout<N, P1>;
}

impl<SL, DL> RestModes<SL, DL> for ComposeOp {
    type Shape = HNil;
    type Stride = HNil;
}

/// The result type of `composition(A, T)`.
pub type Composition<A, T> = Layout<<A as ApplyTiler<ComposeOp, T>>::Shape, <A as ApplyTiler<ComposeOp, T>>::Stride>;

/// The composition `A o B` of static layouts (CuTe's `composition(A, B)`): `R(c) == A(B(c))` for
/// every `c` in B's domain. `B` may also be a tiler: an integer `n` (`n:1`), `_` (A unchanged) or
/// a tuple of tilers applied mode by mode (A's uncovered modes are dropped). A violated condition
/// (stride or shape divisibility, overlapping modes of B, too many modes in the tiler) fails
/// compilation with a message giving the values.
///
/// ```
/// use cute::{composition, HCons, HNil, Layout};
/// use cute::typenum::{P12, P2, P3, P6};
/// type A = Layout![(4,6,8,10):(2,3,5,7)];
/// let r = composition(A::new(), Layout::<P6, P12>::new());
/// assert_eq!(r.to_string(), "(_2,_3):(_9,_5)");
/// // a tiler: 2 elements of mode 0, 3 of mode 1; modes 2 and 3 are dropped
/// let t = composition(A::new(), HCons { head: P2::new(), tail: HCons { head: P3::new(), tail: HNil } });
/// assert_eq!(t.to_string(), "(_2,_3):(_2,_3)");
/// ```
///
/// The stride 3 of `6:3` does not divide the shape 4 of A's first mode:
///
/// ```compile_fail,E0080
/// use cute::{composition, Layout};
/// use cute::typenum::{P3, P6};
/// type A = Layout![(4,6,8):(2,3,5)];
/// let _ = composition(A::new(), Layout::<P6, P3>::new());
/// ```
pub fn composition<SA, DA, T>(a: Layout<SA, DA>, tiler: T) -> <T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output
where
    T: AppliedTo<ComposeOp, Layout<SA, DA>>,
    T: TilerCheck<Layout<SA, DA>>,
    <T as TilerCheck<Layout<SA, DA>>>::Output: Holds,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Tiled<ComposeOp, Layout<SA, DA>, T>>::OK;
    <<T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output as Made>::made()
}
