//! CuTe's `complement`: the root function, its routes and result type.

pub(crate) mod basis;
#[doc(hidden)]
pub mod mixed_face;
#[doc(hidden)]
pub mod static_face;
#[doc(hidden)]
pub mod static_strides;

use super::*;
use crate::ops::inverse::static_only::StaticOnly;

/// Complement's conditions are on A alone. Every leaf static: A's verdict (no need to ask again
/// whether A is static).
impl<S, D, M> Verdicts<op::Complement, Layout<S, D>, M> for B1
where
    Layout<S, D>: static_face::ComplementVerdict<(S, D, M)>,
{
    type Output = <Layout<S, D> as static_face::ComplementVerdict<(S, D, M)>>::Output;
}
/// A runtime leaf in A or in the cotarget: A's verdict when A is static.
impl<S, D, M> Verdicts<op::Complement, Layout<S, D>, M> for B0
where
    Layout<S, D>: mixed_face::StaticComplementCheck<M>,
{
    type Output = <Layout<S, D> as mixed_face::StaticComplementCheck<M>>::Output;
}

impl<S, D, M> Route<op::Complement, Layout<S, D>, M> for B1
where
    M: statics::IntTuple,
    S: statics::IntTuple,
    D: statics::IntTuple,
    Layout<S, D>: static_face::Complement<M>,
{
    type Output = statics::ComplementOf<Layout<S, D>, M>;
    const CHECK: Checked = <static_face::ComplementOfCheck<S, D, M> as Check>::RESULT;
    #[inline(always)]
    fn run(_: Layout<S, D>, _: M, _: crate::Internal) -> Self::Output {
        Made::made()
    }
}
/// A runtime leaf: the mixed complement where CuTe's exists (A static, or a single mode), else
/// a placeholder that no program reaches, since the verdict then fails at the same call (so
/// that the verdict's message is the only error).
impl<S, D, M> Route<op::Complement, Layout<S, D>, M> for B0
where
    Layout<S, D>: AllStatic,
    <Layout<S, D> as AllStatic>::Is: mixed_face::ComplementExists<S, D>,
    <<Layout<S, D> as AllStatic>::Is as mixed_face::ComplementExists<S, D>>::Ok: RuntimeComplement<S, D, M>,
{
    type Output = <<<Layout<S, D> as AllStatic>::Is as mixed_face::ComplementExists<S, D>>::Ok as RuntimeComplement<
        S,
        D,
        M,
    >>::Output;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(a: Layout<S, D>, m: M, _: crate::Internal) -> Self::Output {
        <<<Layout<S, D> as AllStatic>::Is as mixed_face::ComplementExists<S, D>>::Ok as RuntimeComplement<S, D, M>>::run(
            a,
            m,
            crate::Internal(()),
        )
    }
}
/// The runtime complement by whether it exists (`Self`).
#[doc(hidden)]
pub trait RuntimeComplement<S, D, M> {
    /// The `Result` of the complement.
    type Output;
    /// Complement.
    fn run(a: Layout<S, D>, m: M, _: crate::Internal) -> Self::Output;
}
impl<S, D, M> RuntimeComplement<S, D, M> for B1
where
    Layout<S, D>: mixed::MixedComplement<M>,
    Result<<Layout<S, D> as mixed::MixedComplement<M>>::Output, Error>: crate::layout::Fits,
{
    type Output = Result<<Layout<S, D> as mixed::MixedComplement<M>>::Output, Error>;
    #[inline(always)]
    fn run(a: Layout<S, D>, m: M, _: crate::Internal) -> Self::Output {
        mixed::MixedComplement::complement_fits(a, m, "complement", crate::Internal(()))
    }
}
impl<S, D, M> RuntimeComplement<S, D, M> for B0 {
    type Output = Result<Layout<typenum::P1, typenum::Z0>, Error>;
    #[inline(always)]
    fn run(_: Layout<S, D>, _: M, _: crate::Internal) -> Self::Output {
        Ok(Layout::new())
    }
}

/// CuTe's `complement(A, M)`: the layout of the offsets below `cosize(M)` that A does not
/// reach, ordered, so that `(A, R)` covers them (the conditions are those of the dynamic
/// engine's [`complement`](crate::dynamic::complement)). A must be static, or have runtime
/// extents at static strides, or be a single mode with runtime leaves (as CuTe requires: it
/// sorts the modes by stride when the code is built); the cotarget may have runtime leaves.
///
/// ```
/// use cute::{complement, layout, shape};
/// assert_eq!(complement(layout!((2,2):(1,6)), shape!(24)).to_string(), "(_3,_2):(_2,_12)");
/// let m = 30i64;
/// assert_eq!(complement(layout!(4:1), m).unwrap().to_string(), "8:_4");
/// // A tile of runtime extents (2, 2) at the static strides (1, 6).
/// let (r, c) = (2i64, 2i64);
/// assert_eq!(complement(layout!(({r},{c}):(1,6)).unwrap(), shape!(24)).unwrap().to_string(), "(3,2):(2,12)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn complement<A, B>(a: A, b: B) -> Complement<A, B>
where RouteVerdict<op::Complement, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::Complement, A, B>,
    Both<A, B>: Verdicts<op::Complement, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::Complement, A, B>>::OK;
    <Both<A, B> as Route<op::Complement, A, B>>::run(a, b, crate::Internal(()))
}

/// The result of [`complement`](fn@complement): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Complement, complement, Layout, Shape};
/// type A = Layout![(2,2):(1,6)];
/// type B = Shape![24];
/// let r: Complement<A, B> = complement(A::new(), B::default());
/// assert_eq!(r.to_string(), "(_3,_2):(_2,_12)");
/// ```
pub type Complement<A, B> = Routed<op::Complement, A, B>;

/// The layout `S:D` as the one-argument complement sees it: itself when every leaf is static,
/// else `1:0` (the verdict then fails at the call, so that it is the only error).
type OfStatic<S, D> = Layout<
    <Layout<S, D> as StaticOnly<statics::names::complement>>::Shape,
    <Layout<S, D> as StaticOnly<statics::names::complement>>::Stride,
>;

/// CuTe's one-argument `complement(A)`: the complement with respect to `cosize(filter(A))`, for
/// a static layout (CuTe defines it for static layouts only: a runtime leaf is a compile error
/// naming it). Its conditions are checked when the code is built, as a static layout's.
///
/// ```
/// use cute::{complement_default, layout};
/// assert_eq!(complement_default(layout!((4,8):(1,8))).to_string(), "_2:_4");
/// ```
///
/// ```compile_fail,E0277
/// use cute::{complement_default, layout};
/// let m = 8i64;
/// let _ = complement_default(layout!((4,{m}):(1,8)).unwrap());
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn complement_default<S, D>(a: Layout<S, D>) -> <OfStatic<S, D> as static_face::ComplementDefault>::Output
where <Layout<S, D> as StaticOnly<statics::names::complement>>::Verdict: Holds,
    Layout<S, D>: StaticOnly<statics::names::complement>,
    OfStatic<S, D>: static_face::ComplementDefault + Made,
{
    let _ = a;
    static_face::complement_default(<OfStatic<S, D> as Made>::made())
}
