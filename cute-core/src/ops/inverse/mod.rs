//! CuTe's inverses and common layouts (`right_inverse`, `nullspace`, `max_common_vector`,
//! `max_common_layout`): the root functions, their routes and result types.

pub(crate) mod basis;
mod checks;
#[doc(hidden)]
pub mod mixed_face;
#[doc(hidden)]
pub mod static_face;
#[doc(hidden)]
pub mod static_only;

use super::*;

route2! {
    fn max_common_vector => MaxCommonVector;
    static [SA, DA, SB, DB] (Layout<SA, DA>, Layout<SB, DB>) -> i64
        where [Layout<SA, DA>: statics::MaxCommonVector<Layout<SB, DB>>] check static_face::VectorCheck<Layout<SA, DA>, Layout<SB, DB>> => <<Layout<SA, DA> as statics::MaxCommonVector<Layout<SB, DB>>>::Shape as statics::IntTuple>::LEAVES.get(0);
    runtime [A, B] (A, B) -> Result<i64, Error>
        where [
            B: RightInvertible,
            A: mixed::Compose<B::Output>,
            A::Output: CoalescedModes,
            <A::Output as CoalescedModes>::Output: FirstMode,
        ];
}

/// CuTe's `max_common_vector(A, B)`: the number of contiguous elements that A and B map
/// alike.
///
/// ```
/// use cute::{layout, max_common_vector};
/// assert_eq!(max_common_vector(layout!((4,8):(1,4)), layout!((4,8):(1,8))), 4);
/// ```
pub fn max_common_vector<A, B>(a: A, b: B) -> Routed<op::MaxCommonVector, A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::MaxCommonVector, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::MaxCommonVector, A, B>>::OK;
    <Both<A, B> as Route<op::MaxCommonVector, A, B>>::run(a, b, crate::Internal(()))
}

route2! {
    fn max_common_layout => MaxCommonLayout;
    static [SA, DA, SB, DB] (Layout<SA, DA>, Layout<SB, DB>) -> statics::CommonLayout<Layout<SA, DA>, Layout<SB, DB>>
        where [Layout<SA, DA>: statics::MaxCommonLayout<Layout<SB, DB>>, Layout<SB, DB>: statics::RightInvert] check checks::CommonLayoutCheck<Layout<SA, DA>, Layout<SB, DB>>;
    runtime [A, B] (A, B) -> Result<mixed_face::CommonLayoutOf<A, B>, Error>
        where [
            B: RightInvertible,
            B::Output: Copy,
            A: mixed::Compose<B::Output>,
            A::Output: CoalescedModes,
            <A::Output as CoalescedModes>::Output: FirstMode,
            CommonBits<A, B>: CommonCase<B::Output, CommonMode<A, B>>,
        ];
}

/// CuTe's `max_common_layout(A, B)`: the layout of the contiguous elements that A and B map
/// alike, `A(R(i)) == i == B(R(i))`.
///
/// ```
/// use cute::{layout, max_common_layout};
/// assert_eq!(max_common_layout(layout!((4,8):(1,4)), layout!((4,8):(1,8))).to_string(), "_4:_1");
/// ```
pub fn max_common_layout<A, B>(a: A, b: B) -> MaxCommonLayout<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::MaxCommonLayout, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::MaxCommonLayout, A, B>>::OK;
    <Both<A, B> as Route<op::MaxCommonLayout, A, B>>::run(a, b, crate::Internal(()))
}

route1! {
    fn nullspace => Nullspace;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as statics::Nullspace>::Output where [Layout<S, D>: statics::Nullspace] check crate::ops::filter::static_face::LeafOp<Layout<S, D>, { crate::ops::filter::static_face::NULLSPACE }>;
    runtime [S, D] (Layout<S, D>) -> Result<mixed_face::NullspaceOf<S, D>, Error>
        where [
            S: MixedTuple + FlattenTuple,
            D: MixedTuple + FlattenTuple,
            S::Output: Zip<D::Output>,
            ModesOf<S, D>: mixed_face::NullModes<typenum::P1>,
            mixed_face::NullspaceModes<S, D>: OrEmpty,
        ];
}

/// CuTe's `nullspace(L)`: a layout over L's domain selecting the coordinates of its stride-0
/// leaves, so `L(R(i)) == 0`.
///
/// ```
/// use cute::{layout, nullspace};
/// assert_eq!(nullspace(layout!((4,3,2):(1,0,4))).to_string(), "_3:_4");
/// ```
pub fn nullspace<A>(a: A) -> Nullspace<A>
where
    A: AllStatic,
    A::Is: Route1<op::Nullspace, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Nullspace, A>>::OK;
    <A::Is as Route1<op::Nullspace, A>>::run(a, crate::Internal(()))
}

route1! {
    fn right_inverse => RightInverse;
    static [S, D] (Layout<S, D>) -> statics::RightInverse<Layout<S, D>>
        where [S: statics::IntTuple, D: statics::IntTuple, Layout<S, D>: statics::RightInvert] check checks::RightCheck<S, D>;
    runtime [L] (L) -> Result<<L as RightInvertible>::Output, Error> where [L: RightInvertible];
}

/// CuTe's `right_inverse(L)`: the largest R with `L(R(i)) == i`.
///
/// ```
/// use cute::{layout, right_inverse};
/// assert_eq!(right_inverse(layout!((4,2):(2,1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
pub fn right_inverse<A>(a: A) -> RightInverse<A>
where
    A: AllStatic,
    A::Is: Route1<op::RightInverse, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::RightInverse, A>>::OK;
    <A::Is as Route1<op::RightInverse, A>>::run(a, crate::Internal(()))
}

/// The result of [`max_common_layout`](fn@max_common_layout): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, max_common_layout, MaxCommonLayout};
/// type A = Layout![(4,8):(1,4)];
/// type B = Layout![(4,8):(1,8)];
/// let r: MaxCommonLayout<A, B> = max_common_layout(A::new(), B::new());
/// assert_eq!(r.to_string(), "_4:_1");
/// ```
pub type MaxCommonLayout<A, B> = Routed<op::MaxCommonLayout, A, B>;

/// The result of [`nullspace`](fn@nullspace): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, Nullspace, nullspace};
/// type A = Layout![(4,3,2):(1,0,4)];
/// let r: Nullspace<A> = nullspace(A::new());
/// assert_eq!(r.to_string(), "_3:_4");
/// ```
pub type Nullspace<A> = <<A as AllStatic>::Is as Route1<op::Nullspace, A>>::Output;

/// The result of [`right_inverse`](fn@right_inverse): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, right_inverse, RightInverse};
/// type A = Layout![(4,2):(2,1)];
/// let r: RightInverse<A> = right_inverse(A::new());
/// assert_eq!(r.to_string(), "(_2,_4):(_4,_1)");
/// ```
pub type RightInverse<A> = <<A as AllStatic>::Is as Route1<op::RightInverse, A>>::Output;
