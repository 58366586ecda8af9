//! The static operations as functions with CuTe's names: each returns the zero-sized result
//! layout, whose type the trait solver computes, after the conditions are checked at compile
//! time.

use super::coalesce::Coalesce;
use super::composition::Compose;
use super::layout::Layout;
use super::tuple::IntTuple;

/// The compile-time check of `composition` for `SA:DA o SB:DB` with the result `SR:DR`.
struct CompositionCheck<SA, DA, SB, DB, SR, DR>(core::marker::PhantomData<(SA, DA, SB, DB, SR, DR)>);

impl<SA: IntTuple, DA: IntTuple, SB: IntTuple, DB: IntTuple, SR: IntTuple, DR: IntTuple>
    CompositionCheck<SA, DA, SB, DB, SR, DR>
{
    const OK: () = super::check::composition(
        &SA::LEAVES,
        &DA::LEAVES,
        &SB::LEAVES,
        &DB::LEAVES,
        &SR::LEAVES,
        &DR::LEAVES,
        None,
        0,
    );
}

/// Coalesce a static layout (CuTe's `coalesce`): the same function on its domain, depth <= 1.
///
/// ```
/// use cute_core::{coalesce, HCons, HNil, Layout};
/// use typenum::{P1, P2, P6};
/// type L = Layout<HCons<P2, HCons<HCons<P1, HCons<P6, HNil>>, HNil>>, HCons<P1, HCons<HCons<P6, HCons<P2, HNil>>, HNil>>>;
/// let c = coalesce(L::new());
/// assert_eq!(c.to_string(), "_12:_1");
/// ```
pub fn coalesce<S, D>(layout: Layout<S, D>) -> <Layout<S, D> as Coalesce>::Output
where
    Layout<S, D>: Coalesce,
{
    let _ = layout;
    <Layout<S, D> as Coalesce>::OUTPUT
}

/// The result type of `composition(A, B)`.
pub type Composition<A, B> = Layout<<A as Compose<B>>::Shape, <A as Compose<B>>::Stride>;

/// The composition `A o B` of static layouts (CuTe's `composition(A, B)`):
/// `R(c) == A(B(c))` for every `c` in B's domain. A violated condition (stride or shape
/// divisibility, overlapping modes of B) fails compilation with a message giving the values.
///
/// ```
/// use cute_core::{composition, HCons, HNil, Layout};
/// use typenum::{P10, P12, P2, P3, P4, P5, P6, P7, P8};
/// type A = Layout<HCons<P4, HCons<P6, HCons<P8, HCons<P10, HNil>>>>, HCons<P2, HCons<P3, HCons<P5, HCons<P7, HNil>>>>>;
/// type B = Layout<P6, P12>;
/// let r = composition(A::new(), B::new());
/// assert_eq!(r.to_string(), "(_2,_3):(_9,_5)");
/// ```
pub fn composition<SA, DA, SB, DB>(a: Layout<SA, DA>, b: Layout<SB, DB>) -> Composition<Layout<SA, DA>, Layout<SB, DB>>
where
    SA: IntTuple,
    DA: IntTuple,
    SB: IntTuple,
    DB: IntTuple,
    Layout<SA, DA>: Compose<Layout<SB, DB>>,
{
    let _ = (a, b);
    #[allow(clippy::let_unit_value)]
    let () = CompositionCheck::<
        SA,
        DA,
        SB,
        DB,
        <Layout<SA, DA> as Compose<Layout<SB, DB>>>::Shape,
        <Layout<SA, DA> as Compose<Layout<SB, DB>>>::Stride,
    >::OK;
    Layout::make()
}
