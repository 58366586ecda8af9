//! CuTe's casts (`upcast`, `downcast`, `recast_layout`): the root functions, their routes and
//! result types.

#[doc(hidden)]
pub mod mixed_face;
#[doc(hidden)]
pub mod static_face;

use super::*;

impl<N, S, D> Verdicts1<op::Upcast<N>, Layout<S, D>> for B1
where
    Layout<S, D>: static_face::UpcastFits<N>,
{
    type Output = <Layout<S, D> as static_face::UpcastFits<N>>::Output;
}
impl<N, A> Verdicts1<op::Upcast<N>, A> for B0 {
    type Output = Pass;
}
impl<N, S, D> Verdicts1<op::Downcast<N>, Layout<S, D>> for B1
where
    Layout<S, D>: static_face::DowncastFits<N>,
{
    type Output = <Layout<S, D> as static_face::DowncastFits<N>>::Output;
}
/// With a runtime leaf the adjacency is still decided by the types: some stride must be the
/// static `_1` (CuTe's `has_int1`), a runtime 1 does not count.
impl<N, S, D> Verdicts1<op::Downcast<N>, Layout<S, D>> for B0
where
    Layout<S, D>: static_face::DowncastFits<N>,
{
    type Output = <Layout<S, D> as static_face::DowncastFits<N>>::Output;
}
impl<Old, New, S, D> Verdicts1<op::Recast<Old, New>, Layout<S, D>> for B1
where
    Layout<S, D>: static_face::RecastFits<Old, New>,
{
    type Output = <Layout<S, D> as static_face::RecastFits<Old, New>>::Output;
}
/// With a runtime leaf, the downcast step's adjacency (decided by the types, as for
/// [`downcast`](fn@downcast)) on the upcast layout; the upcast's divisibility is checked at run
/// time.
impl<Old, New, S, D> Verdicts1<op::Recast<Old, New>, Layout<S, D>> for B0
where
    Old: typenum::Gcd<New> + core::ops::Div<typenum::Gcf<Old, New>>,
    New: core::ops::Div<typenum::Gcf<Old, New>>,
    S: CastTree<D, Up<UpBy<Old, New>>>,
    DownBy<Old, New>: typenum::IsEqual<typenum::P1>,
    <DownBy<Old, New> as typenum::IsEqual<typenum::P1>>::Output:
        static_face::DownFits<RecastUp<S, D, Old, New>, DownBy<Old, New>>,
    RecastDownVerdict<S, D, Old, New>: static_face::InRecast<Old, New>,
{
    type Output = <RecastDownVerdict<S, D, Old, New> as static_face::InRecast<Old, New>>::Output;
}
/// The upcast step of a recast of a layout with runtime leaves.
type RecastUp<S, D, Old, New> =
    Layout<<S as CastTree<D, Up<UpBy<Old, New>>>>::S, <S as CastTree<D, Up<UpBy<Old, New>>>>::D>;
/// The verdict of a recast's downcast step on the upcast layout (see [`static_face::DownFits`]).
type RecastDownVerdict<S, D, Old, New> =
    <<DownBy<Old, New> as typenum::IsEqual<typenum::P1>>::Output as static_face::DownFits<
        RecastUp<S, D, Old, New>,
        DownBy<Old, New>,
    >>::Output;

/// The call of a cast's runtime route: the mixed function of its name, or the given one.
macro_rules! cast_call {
    ([$($default:ident)::+]; $($g:ident),*; $a:ident) => {
        $($default)::+::<$($g),*>($a)
    };
    ([$($default:ident)::+] [$($given:ident)::+]; $($g:ident),*; $a:ident) => {
        $($given)::+::<$($g),*>($a)
    };
}

/// The function of a cast and its two routes: the cast's type parameters come first, as in
/// CuTe's `upcast<N>(L)`.
macro_rules! route_cast {
    (
        fn $name:ident<$($p:ident),*> => $op:ident;
        static -> $sout:ty where [$($sw:tt)*] check $chk:ty;
        runtime [$($rg:tt)*] -> $rout:ty where [$($rw:tt)*] $(=> $($call:ident)::+)?;
    ) => {
        impl<$($p,)* S, D> Route1<op::$op<$($p),*>, Layout<S, D>> for B1
        where
            $($sw)*
        {
            type Output = $sout;
            const CHECK: Checked = <$chk as Check>::RESULT;
            #[inline(always)]
            fn run(_: Layout<S, D>, _: crate::Internal) -> $sout {
                Made::made()
            }
        }
        impl<$($p,)* S, D> Route1<op::$op<$($p),*>, Layout<S, D>> for B0
        where
            $rout: crate::layout::Fits,
            $($rw)*
        {
            type Output = $rout;
            const CHECK: Checked = Ok(());
            #[inline(always)]
            fn run(a: Layout<S, D>, _: crate::Internal) -> $rout {
                crate::layout::Fits::fits(cast_call!([mixed::$name] $([$($call)::+])?; $($p,)* S, D; a), stringify!($name))
            }
        }
    };
}

route_cast! {
    fn upcast<N> => Upcast;
    static -> <Layout<S, D> as statics::Upcast<N>>::Output where [Layout<S, D>: statics::Upcast<N>] check static_face::UpcastOp<Layout<S, D>, N>;
    runtime [] -> Result<mixed_face::Upcast<S, D, N>, Error> where [N: StaticInt, S: MixedTuple + CastTree<D, Up<N>>, D: MixedTuple] => mixed_face::upcast_checked;
}

/// CuTe's `upcast<N>(L)`: a layout of elements viewed as one of `N`-element vectors.
///
/// ```
/// use cute::{layout, upcast};
/// use cute::typenum::P2;
/// assert_eq!(upcast::<P2, _>(layout!((4,8):(1,4))).to_string(), "(_2,_8):(_1,_2)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn upcast<N, A>(a: A) -> Upcast<N, A>
where <A::Is as Verdicts1<op::Upcast<N>, A>>::Output: Holds,
    A: AllStatic,
    A::Is: Route1<op::Upcast<N>, A>,
    A::Is: Verdicts1<op::Upcast<N>, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Upcast<N>, A>>::OK;
    <A::Is as Route1<op::Upcast<N>, A>>::run(a, crate::Internal(()))
}

route_cast! {
    fn downcast<N> => Downcast;
    static -> <Layout<S, D> as statics::Downcast<N>>::Output where [Layout<S, D>: statics::Downcast<N>] check static_face::DowncastOp<Layout<S, D>, N>;
    runtime [] -> Result<mixed_face::Downcast<S, D, N>, Error>
        where [
            N: StaticInt,
            S: MixedTuple + CastTree<D, Down<N>>,
            D: MixedTuple,
        ] => mixed_face::downcast_checked;
}

/// CuTe's `downcast<N>(L)`: a layout of elements viewed as one of `1/N`-elements.
///
/// ```
/// use cute::{downcast, layout};
/// use cute::typenum::P2;
/// assert_eq!(downcast::<P2, _>(layout!((4,8):(1,4))).to_string(), "(_8,_8):(_1,_8)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn downcast<N, A>(a: A) -> Downcast<N, A>
where <A::Is as Verdicts1<op::Downcast<N>, A>>::Output: Holds,
    A: AllStatic,
    A::Is: Route1<op::Downcast<N>, A>,
    A::Is: Verdicts1<op::Downcast<N>, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Downcast<N>, A>>::OK;
    <A::Is as Route1<op::Downcast<N>, A>>::run(a, crate::Internal(()))
}

route_cast! {
    fn recast<Old, New> => Recast;
    static -> <Layout<S, D> as statics::Recast<Old, New>>::Output where [Layout<S, D>: statics::Recast<Old, New>] check static_face::RecastOp<Layout<S, D>, Old, New>;
    runtime [] -> Result<mixed_face::Recast<S, D, Old, New>, Error>
        where [
            Old: StaticInt + typenum::Gcd<New> + core::ops::Div<typenum::Gcf<Old, New>>,
            New: StaticInt + core::ops::Div<typenum::Gcf<Old, New>>,
            UpBy<Old, New>: StaticInt,
            DownBy<Old, New>: typenum::IsEqual<typenum::P1>,
            S: MixedTuple + CastTree<D, Up<UpBy<Old, New>>>,
            D: MixedTuple,
            <DownBy<Old, New> as typenum::IsEqual<typenum::P1>>::Output: mixed_face::RecastStep<
                <S as CastTree<D, Up<UpBy<Old, New>>>>::S,
                <S as CastTree<D, Up<UpBy<Old, New>>>>::D,
                DownBy<Old, New>,
            >,
        ] => mixed_face::recast_checked;
}

/// CuTe's `recast_layout<Old, New>(L)`: a layout of `Old`-bit elements as one of `New`-bit
/// elements.
///
/// ```
/// use cute::{layout, recast};
/// use cute::typenum::{P16, P32};
/// assert_eq!(recast::<P16, P32, _>(layout!((8,4):(1,8))).to_string(), "(_4,_4):(_1,_4)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn recast<Old, New, A>(a: A) -> Recast<Old, New, A>
where <A::Is as Verdicts1<op::Recast<Old, New>, A>>::Output: Holds,
    A: AllStatic,
    A::Is: Route1<op::Recast<Old, New>, A>,
    A::Is: Verdicts1<op::Recast<Old, New>, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Recast<Old, New>, A>>::OK;
    <A::Is as Route1<op::Recast<Old, New>, A>>::run(a, crate::Internal(()))
}

/// The result of [`upcast`](fn@upcast): the layout when every leaf is static, a `Result` of one
/// otherwise.
///
/// ```
/// use cute::{Layout, upcast, Upcast};
/// use cute::typenum::P2;
/// type A = Layout![(4,8):(1,4)];
/// let r: Upcast<P2, A> = upcast::<P2, _>(A::new());
/// assert_eq!(r.to_string(), "(_2,_8):(_1,_2)");
/// ```
pub type Upcast<N, A> = <<A as AllStatic>::Is as Route1<op::Upcast<N>, A>>::Output;

/// The result of [`downcast`](fn@downcast): the layout when every leaf is static, a `Result` of one
/// otherwise.
///
/// ```
/// use cute::{downcast, Downcast, Layout};
/// use cute::typenum::P2;
/// type A = Layout![(4,8):(1,4)];
/// let r: Downcast<P2, A> = downcast::<P2, _>(A::new());
/// assert_eq!(r.to_string(), "(_8,_8):(_1,_8)");
/// ```
pub type Downcast<N, A> = <<A as AllStatic>::Is as Route1<op::Downcast<N>, A>>::Output;

/// The result of [`recast`](fn@recast): the layout when every leaf is static, a `Result` of one
/// otherwise.
///
/// ```
/// use cute::{Layout, recast, Recast};
/// use cute::typenum::{P16, P32};
/// type A = Layout![(8,4):(1,8)];
/// let r: Recast<P16, P32, A> = recast::<P16, P32, _>(A::new());
/// assert_eq!(r.to_string(), "(_4,_4):(_1,_4)");
/// ```
pub type Recast<Old, New, A> = <<A as AllStatic>::Is as Route1<op::Recast<Old, New>, A>>::Output;
