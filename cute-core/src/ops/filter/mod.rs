//! CuTe's `filter_zeros`, `filter` and `flatten`: the root functions, their routes and result
//! types.

#[doc(hidden)]
pub mod mixed_face;
#[doc(hidden)]
pub mod static_face;

use super::*;

route1! {
    fn filter_zeros => FilterZeros;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as statics::FilterZeros>::Output where [Layout<S, D>: statics::FilterZeros] check static_face::LeafOp<Layout<S, D>, { static_face::FILTER_ZEROS }>;
    runtime [S, D] (Layout<S, D>) -> Layout<<S as mixed_face::FilterZeros<D>>::Output, D>
        where [S: MixedTuple + mixed_face::FilterZeros<D>, S::Output: MixedTuple, D: MixedTuple];
}

/// CuTe's `filter_zeros(L)`: the stride-0 leaves' shapes become 1.
///
/// ```
/// use cute::{filter_zeros, layout};
/// assert_eq!(filter_zeros(layout!((4,3):(1,0))).to_string(), "(_4,_1):(_1,_0)");
/// ```
pub fn filter_zeros<A>(a: A) -> FilterZeros<A>
where
    A: AllStatic,
    A::Is: Route1<op::FilterZeros, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::FilterZeros, A>>::OK;
    <A::Is as Route1<op::FilterZeros, A>>::run(a, crate::Internal(()))
}

route1! {
    fn filter => Filter;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as statics::Filter>::Output where [Layout<S, D>: statics::Filter] check static_face::LeafOp<Layout<S, D>, { static_face::FILTER }>;
    runtime [S, D] (Layout<S, D>) -> Result<mixed_face::FilteredLayout<S, D>, Error>
        where [Layout<S, D>: mixed_face::FilterModes, mixed_face::FilteredModes<S, D>: ToLayout];
}

/// CuTe's `filter(L)`: `coalesce(filter_zeros(L))`, the stride-0 and size-1 leaves removed.
///
/// ```
/// use cute::{filter, layout};
/// assert_eq!(filter(layout!((4,3,2):(1,0,4))).to_string(), "_8:_1");
/// ```
pub fn filter<A>(a: A) -> Filter<A>
where
    A: AllStatic,
    A::Is: Route1<op::Filter, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Filter, A>>::OK;
    <A::Is as Route1<op::Filter, A>>::run(a, crate::Internal(()))
}

route1! {
    fn flatten => Flatten;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as statics::FlattenLayout>::Output where [Layout<S, D>: statics::FlattenLayout] check static_face::LeafOp<Layout<S, D>, { static_face::FLATTEN }>;
    runtime [S, D] (Layout<S, D>) -> Layout<<S as crate::ops::coalesce::mixed_face::FlattenLayout>::Output, <D as crate::ops::coalesce::mixed_face::FlattenLayout>::Output>
        where [S: MixedTuple + crate::ops::coalesce::mixed_face::FlattenLayout, D: MixedTuple + crate::ops::coalesce::mixed_face::FlattenLayout];
}

/// CuTe's `flatten(L)`: the same leaves at depth <= 1.
///
/// ```
/// use cute::{flatten, layout};
/// assert_eq!(flatten(layout!((4,(3,2)):(2,(8,1)))).to_string(), "(_4,_3,_2):(_2,_8,_1)");
/// ```
pub fn flatten<A>(a: A) -> Flatten<A>
where
    A: AllStatic,
    A::Is: Route1<op::Flatten, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Flatten, A>>::OK;
    <A::Is as Route1<op::Flatten, A>>::run(a, crate::Internal(()))
}

/// The result of [`filter`](fn@filter): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Filter, filter, Layout};
/// type A = Layout![(4,3,2):(1,0,4)];
/// let r: Filter<A> = filter(A::new());
/// assert_eq!(r.to_string(), "_8:_1");
/// ```
pub type Filter<A> = <<A as AllStatic>::Is as Route1<op::Filter, A>>::Output;

/// The result of [`filter_zeros`](fn@filter_zeros): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{filter_zeros, FilterZeros, Layout};
/// type A = Layout![(4,3):(1,0)];
/// let r: FilterZeros<A> = filter_zeros(A::new());
/// assert_eq!(r.to_string(), "(_4,_1):(_1,_0)");
/// ```
pub type FilterZeros<A> = <<A as AllStatic>::Is as Route1<op::FilterZeros, A>>::Output;

/// The result of [`flatten`](fn@flatten): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Flatten, flatten, Layout};
/// type A = Layout![(4,(3,2)):(2,(8,1))];
/// let r: Flatten<A> = flatten(A::new());
/// assert_eq!(r.to_string(), "(_4,_3,_2):(_2,_8,_1)");
/// ```
pub type Flatten<A> = <<A as AllStatic>::Is as Route1<op::Flatten, A>>::Output;
