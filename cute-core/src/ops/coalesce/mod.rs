//! CuTe's `coalesce`, of a layout and by a profile: the root functions, their routes and result
//! types.

pub(crate) mod basis;
#[doc(hidden)]
pub mod mixed_face;
#[doc(hidden)]
pub mod static_face;

use super::*;

/// A profile's ranks, checked by the walk that cuts it to the shape (static or runtime leaves
/// alike).
impl<X, S, D, P> Verdicts<op::CoalesceProfile, Layout<S, D>, P> for X
where
    P: mixed::ProfileFits<S>,
    <P as mixed::ProfileFits<S>>::Over: mixed_face::ProfileOver<P, S, D>,
{
    type Output = mixed_face::ProfileVerdict<P, S, D>;
}

route2! {
    fn coalesce_profile => CoalesceProfile;
    static [S, D, P] (Layout<S, D>, P) -> static_face::CoalesceProfile<Layout<S, D>, P>
        where [Layout<S, D>: ApplyTiler<static_face::CoalesceOp, P>, P: AppliedTo<static_face::CoalesceOp, Layout<S, D>>] check statics::tiler::Tiled<static_face::CoalesceOp, Layout<S, D>, P>;
    runtime [S, D, P] (Layout<S, D>, P) -> Result<mixed_face::By<P::Me, S, D>, Error>
        where [P: mixed::ProfileFits<S>, P::Me: mixed::CoalesceProfile<S, D>, <P as mixed::ProfileFits<S>>::Over: mixed_face::ProfileOver<P, S, D>] => mixed_face::coalesce_by_profile;
}

/// CuTe's `coalesce(L, profile)`: coalesce the modes the profile marks `1`, leave those marked
/// `_`, go one level deeper for a tuple entry.
///
/// ```
/// use cute::{coalesce_profile, layout, Underscore};
/// use cute::typenum::P1;
/// let l = layout!((2,(1,6)):(1,(6,2)));
/// assert_eq!(coalesce_profile(l, cute::hlist![Underscore, P1::new()]).to_string(), "(_2,_6):(_1,_2)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn coalesce_profile<A, B>(a: A, b: B) -> CoalesceProfile<A, B>
where RouteVerdict<op::CoalesceProfile, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::CoalesceProfile, A, B>,
    Both<A, B>: Verdicts<op::CoalesceProfile, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::CoalesceProfile, A, B>>::OK;
    <Both<A, B> as Route<op::CoalesceProfile, A, B>>::run(a, b, crate::Internal(()))
}

route1! {
    fn coalesce => Coalesce;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as static_face::Coalesce>::Output
        where [D: statics::IntTuple, Layout<S, D>: static_face::Coalesce] check static_face::CoalesceCheck<Layout<S, D>>;
    runtime [S, D] (Layout<S, D>) -> Result<CoalescedLayout<S, D>, Error>
        where [
            S: MixedTuple + FlattenTuple,
            D: MixedTuple + FlattenTuple,
            S::Output: Zip<D::Output>,
            ModesOf<S, D>: CoalesceModes,
            <ModesOf<S, D> as CoalesceModes>::Output: Finish,
            mixed_face::Coalesced<S, D>: ToLayout,
        ];
}

/// CuTe's `coalesce(L)`: the same function on its domain, flat, with size-1 modes dropped and
/// contiguous modes merged (with runtime leaves, where the types prove it).
///
/// ```
/// use cute::{coalesce, layout};
/// assert_eq!(coalesce(layout!((2,(1,6)):(1,(6,2)))).to_string(), "_12:_1");
/// assert_eq!(coalesce(layout!((2,({3},4)):(1,(2,{6}))).unwrap()).unwrap().to_string(), "(6,_4):(_1,6)");
/// ```
pub fn coalesce<A>(a: A) -> Coalesce<A>
where
    A: AllStatic,
    A::Is: Route1<op::Coalesce, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Coalesce, A>>::OK;
    <A::Is as Route1<op::Coalesce, A>>::run(a, crate::Internal(()))
}

/// The result of [`coalesce_profile`](fn@coalesce_profile): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{coalesce_profile, CoalesceProfile, Layout, Tiler};
/// type A = Layout![(2,(1,6)):(1,(6,2))];
/// type B = Tiler![(_,1)];
/// let r: CoalesceProfile<A, B> = coalesce_profile(A::new(), B::default());
/// assert_eq!(r.to_string(), "(_2,_6):(_1,_2)");
/// ```
pub type CoalesceProfile<A, B> = Routed<op::CoalesceProfile, A, B>;

/// The result of [`coalesce`](fn@coalesce): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Coalesce, coalesce, Layout};
/// type A = Layout![(2,(1,6)):(1,(6,2))];
/// let r: Coalesce<A> = coalesce(A::new());
/// assert_eq!(r.to_string(), "_12:_1");
/// ```
pub type Coalesce<A> = <<A as AllStatic>::Is as Route1<op::Coalesce, A>>::Output;
