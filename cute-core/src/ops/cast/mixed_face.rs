//! `upcast`, `downcast` and `recast` of mixed layouts, with CuTe's rules for runtime strides.
//!
//! Upcast by `N` (elements `N` times wider): a static `_0` stride stays; a static stride `d`
//! divides the shape by `ceil(N / |d|)` and the stride by `N` (rounded up, as the dynamic
//! engine); a runtime stride keeps its shape and is divided by `N`, which CuTe assumes exact and
//! which is checked here. Downcast by `N`: a static `_1` or `_-1` stride multiplies the shape by
//! `N`, any other stride (a runtime one too, whatever its value) is multiplied by `N`; some
//! stride must be the static `_1` (CuTe's `has_int1`). With every leaf static the conditions are
//! compile errors, as on the static face.

use crate::mixed::route;
use core::marker::PhantomData;
use core::ops::Neg;

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsEqual, NInt, PInt, B0, B1, N1, P1, Z0};

use crate::flat::{self, CastViolation};
use crate::layout::Layout;
use crate::mixed::error::{Detail, Error};
use crate::mixed::int::{AllStatic, Digits, Int, MulI, ShapeDivI, StaticInt};
use crate::mixed::tuple::MixedTuple;
use crate::statics::arith::CeilDiv;
use crate::statics::check::{Check, Checked, Verify};
use crate::statics::report::Holds;
use crate::statics::FlatLayout;

/// A static positive factor `N` as an `i64`.
fn factor<N: StaticInt>() -> i64 {
    N::default().value()
}

/// The factor `N` of a cast, or the error of one that is not positive (as the dynamic engine's);
/// a runtime leaf would otherwise be divided by it or multiplied into a shape that is not
/// positive. `N` is static, so the test folds away.
fn positive_factor<N: StaticInt>() -> Result<i64, Detail> {
    let n = factor::<N>();
    if n < 1 {
        return Err(Detail::Cast(CastViolation::NonPositiveFactor { factor: n }));
    }
    Ok(n)
}

/// The upcast by `N` of the leaf `S:Self` (dispatched on the stride `Self`).
pub trait UpStride<S, N> {
    /// The shape's leaf type.
    type S;
    /// The stride's leaf type.
    type D;
    /// Upcast the leaf number `leaf`.
    fn up(self, s: S, leaf: usize) -> Result<(Self::S, Self::D), Detail>;
}
/// The values of a static-stride upcast from the shared algorithm, as the leaf types.
fn up_static<S: Int, D: Int, OS: Int, OD: Int>(n: i64, s: S, d: D, leaf: usize) -> Result<(OS, OD), Detail> {
    let (sv, dv) = flat::upcast_leaf(n, s.value(), d.value(), leaf).map_err(Detail::Cast)?;
    Ok((OS::from_value(sv).ok_or(Detail::Mismatch)?, OD::from_value(dv).ok_or(Detail::Mismatch)?))
}
impl<S, N> UpStride<S, N> for Z0 {
    type S = S;
    type D = Z0;
    fn up(self, s: S, _: usize) -> Result<(S, Z0), Detail> {
        Ok((s, self))
    }
}
/// `ceil(N / |d|)` for a static stride of magnitude `PInt<V>`.
type Per<N, V> = <N as CeilDiv<PInt<V>>>::Output;
impl<S: Int, N: StaticInt, V: Digits> UpStride<S, N> for PInt<V>
where
    N: CeilDiv<PInt<V>>,
    S: ShapeDivI<Per<N, V>>,
    PInt<V>: CeilDiv<N>,
    <PInt<V> as CeilDiv<N>>::Output: Int,
{
    type S = <S as ShapeDivI<Per<N, V>>>::Output;
    type D = <PInt<V> as CeilDiv<N>>::Output;
    fn up(self, s: S, leaf: usize) -> Result<(Self::S, Self::D), Detail> {
        up_static(factor::<N>(), s, self, leaf)
    }
}
impl<S: Int, N: StaticInt, V: Digits> UpStride<S, N> for NInt<V>
where
    N: CeilDiv<PInt<V>>,
    S: ShapeDivI<Per<N, V>>,
    PInt<V>: CeilDiv<N>,
    <PInt<V> as CeilDiv<N>>::Output: Neg,
    <<PInt<V> as CeilDiv<N>>::Output as Neg>::Output: Int,
{
    type S = <S as ShapeDivI<Per<N, V>>>::Output;
    type D = <<PInt<V> as CeilDiv<N>>::Output as Neg>::Output;
    fn up(self, s: S, leaf: usize) -> Result<(Self::S, Self::D), Detail> {
        up_static(factor::<N>(), s, self, leaf)
    }
}
/// A runtime stride keeps its shape and must be a multiple of `N` (CuTe assumes so).
impl<S, N: StaticInt> UpStride<S, N> for i64 {
    type S = S;
    type D = i64;
    fn up(self, s: S, leaf: usize) -> Result<(S, i64), Detail> {
        let n = positive_factor::<N>()?;
        // In range: n >= 1, so neither divides by zero nor overflows (only `i64::MIN / -1` does).
        #[allow(clippy::arithmetic_side_effects)]
        let (rem, quot) = (self % n, self / n);
        if rem != 0 {
            return Err(Detail::Cast(CastViolation::UpcastDivisibility { leaf, stride: self, factor: n }));
        }
        Ok((s, quot))
    }
}

/// The downcast by `N` of the leaf `S:Self` (dispatched on the stride `Self`).
pub trait DownStride<S, N> {
    /// The shape's leaf type.
    type S;
    /// The stride's leaf type.
    type D;
    /// Downcast.
    fn down(self, s: S) -> Result<(Self::S, Self::D), Detail>;
}
/// `B1` for the static strides `_1` and `_-1`.
pub trait UnitStride {
    /// `B1` or `B0`.
    type Is: Bit;
}
impl<V: Digits> UnitStride for PInt<V>
where
    PInt<V>: IsEqual<P1>,
{
    type Is = <PInt<V> as IsEqual<P1>>::Output;
}
impl<V: Digits> UnitStride for NInt<V>
where
    NInt<V>: IsEqual<N1>,
{
    type Is = <NInt<V> as IsEqual<N1>>::Output;
}
impl UnitStride for Z0 {
    type Is = B0;
}
impl UnitStride for i64 {
    type Is = B0;
}
impl<S, N, D: UnitStride> DownStride<S, N> for D
where
    D::Is: DownCase<S, D, N>,
{
    type S = <D::Is as DownCase<S, D, N>>::S;
    type D = <D::Is as DownCase<S, D, N>>::D;
    fn down(self, s: S) -> Result<(Self::S, Self::D), Detail> {
        <D::Is as DownCase<S, D, N>>::down(s, self)
    }
}
/// [`DownStride`]'s two cases: a static unit stride (`B1`) grows the shape, any other the stride.
pub trait DownCase<S, D, N> {
    /// The shape's leaf type.
    type S;
    /// The stride's leaf type.
    type D;
    /// Downcast.
    fn down(s: S, d: D) -> Result<(Self::S, Self::D), Detail>;
}
impl<S: MulI<N>, D, N: StaticInt> DownCase<S, D, N> for B1 {
    type S = S::Output;
    type D = D;
    fn down(s: S, d: D) -> Result<(S::Output, D), Detail> {
        Ok((s.mul_i(N::default())?, d))
    }
}
impl<S, D: MulI<N>, N: StaticInt> DownCase<S, D, N> for B0 {
    type S = S;
    type D = D::Output;
    fn down(s: S, d: D) -> Result<(S, D::Output), Detail> {
        Ok((s, d.mul_i(N::default())?))
    }
}

/// A cast applied leaf by leaf to the shape `Self` and the stride `D`.
pub trait CastTree<D, Op> {
    /// The shape.
    type S;
    /// The stride.
    type D;
    /// Cast, numbering the leaves from `*leaf`.
    fn cast(self, d: D, leaf: &mut usize) -> Result<(Self::S, Self::D), Detail>;
}
/// Upcast by `N`.
pub struct Up<N>(PhantomData<N>);
/// Downcast by `N`.
pub struct Down<N>(PhantomData<N>);
macro_rules! cast_leaf {
    ($([$($gen:tt)*] $s:ty;)*) => {$(
        impl<$($gen)* D: UpStride<$s, N>, N> CastTree<D, Up<N>> for $s {
            type S = D::S;
            type D = D::D;
            fn cast(self, d: D, leaf: &mut usize) -> Result<(D::S, D::D), Detail> {
                // The number only names a leaf in an error: the casts count from 0, one per leaf
                // of a tuple, so it never saturates.
                let at = *leaf;
                *leaf = at.saturating_add(1);
                d.up(self, at)
            }
        }
        impl<$($gen)* D: DownStride<$s, N>, N> CastTree<D, Down<N>> for $s {
            type S = D::S;
            type D = D::D;
            fn cast(self, d: D, leaf: &mut usize) -> Result<(D::S, D::D), Detail> {
                // See the upcast's: the number only names a leaf in an error.
                *leaf = leaf.saturating_add(1);
                d.down(self)
            }
        }
    )*};
}
cast_leaf! {
    [U: Digits,] PInt<U>;
    [] i64;
}
impl<Op> CastTree<HNil, Op> for HNil {
    type S = HNil;
    type D = HNil;
    fn cast(self, _: HNil, _: &mut usize) -> Result<(HNil, HNil), Detail> {
        Ok((HNil, HNil))
    }
}
impl<SH: CastTree<DH, Op>, ST: CastTree<DT, Op>, DH, DT, Op> CastTree<HCons<DH, DT>, Op> for HCons<SH, ST> {
    type S = HCons<SH::S, ST::S>;
    type D = HCons<SH::D, ST::D>;
    fn cast(self, d: HCons<DH, DT>, leaf: &mut usize) -> Result<(Self::S, Self::D), Detail> {
        let (hs, hd) = self.head.cast(d.head, leaf)?;
        let (ts, td) = self.tail.cast(d.tail, leaf)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

/// The conditions of a cast of an all-static layout, checked at compile time (as the static
/// face's); with a runtime leaf they are checked at run time instead.
pub struct CastConditions<S, D, N, const UP: bool>(PhantomData<(S, D, N)>);
impl<S: MixedTuple, D: MixedTuple, N: StaticInt, const UP: bool> Check for CastConditions<S, D, N, UP> {
    const RESULT: Checked = if S::IS_STATIC && D::IS_STATIC {
        super::static_face::conditions(UP, N::I64, &FlatLayout { shape: S::STATIC_LEAVES, stride: D::STATIC_LEAVES })
    } else {
        Ok(())
    };
}

/// The result type of `upcast::<N>(S:D)`.
pub type Upcast<S, D, N> = Layout<<S as CastTree<D, Up<N>>>::S, <S as CastTree<D, Up<N>>>::D>;
/// The result type of `downcast::<N>(S:D)`.
pub type Downcast<S, D, N> = Layout<<S as CastTree<D, Down<N>>>::S, <S as CastTree<D, Down<N>>>::D>;

/// CuTe's `upcast<N>(L)`: the layout of elements `N` times wider (see the module doc for the
/// rule per stride). Errors: a stride that neither divides nor is a multiple of `N`, or a
/// runtime stride that is not a multiple of `N` ([`Detail::Cast`]); with all leaves static a
/// compile error instead.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{upcast, Layout};
/// use cute::typenum::{P1, P2, P4, P8};
/// let l = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P1::new(), P4::new()]).unwrap();
/// assert_eq!(upcast::<P2, _, _>(l).unwrap().to_string(), "(_2,_8):(_1,_2)");
/// // A runtime leading dimension is divided by the factor, and must be a multiple of it.
/// let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), 100i64]).unwrap();
/// assert_eq!(upcast::<P2, _, _>(l).unwrap().to_string(), "(_2,6):(_1,50)");
/// let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), 101i64]).unwrap();
/// assert!(upcast::<P2, _, _>(l).is_err());
/// ```
///
/// With every leaf static, a violated condition is a compile error:
///
/// ```compile_fail,E0277
/// use cute::hlist;
/// use cute::mixed::{upcast, Layout};
/// use cute::typenum::{P2, P3, P4};
/// let l = Layout::try_new(hlist![P4::new()], hlist![P3::new()]).unwrap();
/// let _ = upcast::<P2, _, _>(l);
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn upcast<N: StaticInt, S, D>(l: Layout<S, D>) -> Result<Upcast<S, D, N>, Error>
where <<Layout<S, D> as AllStatic>::Is as route::Verdicts1<route::op::Upcast<N>, Layout<S, D>>>::Output: Holds,
    S: MixedTuple + CastTree<D, Up<N>>,
    D: MixedTuple,
    Layout<S, D>: AllStatic,
    <Layout<S, D> as AllStatic>::Is: route::Verdicts1<route::op::Upcast<N>, Layout<S, D>>,
{
    upcast_checked::<N, S, D>(l)
}

/// [`upcast`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's function, which requires the verdict, calls it).
pub(crate) fn upcast_checked<N: StaticInt, S, D>(l: Layout<S, D>) -> Result<Upcast<S, D, N>, Error>
where
    S: MixedTuple + CastTree<D, Up<N>>,
    D: MixedTuple,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<CastConditions<S, D, N, true>>::OK;
    let (s, d) = positive_factor::<N>()
        .and_then(|_| l.shape.cast(l.stride, &mut 0))
        .map_err(|e| Error::with("upcast", e, format_args!("<{}>({:#})", N::default().value(), l)))?;
    Ok(Layout { shape: s, stride: d })
}

/// CuTe's `downcast<N>(L)`: the layout of elements `N` times narrower (see the module doc for
/// the rule per stride). Some stride must be the static `_1` (a compile error otherwise); the
/// only run-time error is an overflow.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{downcast, Layout};
/// use cute::typenum::{P1, P2, P4, P8};
/// let l = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P1::new(), P4::new()]).unwrap();
/// assert_eq!(downcast::<P2, _, _>(l).unwrap().to_string(), "(_8,_8):(_1,_8)");
/// // A runtime stride is scaled, whatever its value.
/// let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), 100i64]).unwrap();
/// assert_eq!(downcast::<P2, _, _>(l).unwrap().to_string(), "(_8,6):(_1,200)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn downcast<N: StaticInt, S, D>(l: Layout<S, D>) -> Result<Downcast<S, D, N>, Error>
where <<Layout<S, D> as AllStatic>::Is as route::Verdicts1<route::op::Downcast<N>, Layout<S, D>>>::Output: Holds,
    S: MixedTuple + CastTree<D, Down<N>>,
    D: MixedTuple,
    Layout<S, D>: AllStatic,
    <Layout<S, D> as AllStatic>::Is: route::Verdicts1<route::op::Downcast<N>, Layout<S, D>>,
    Result<Downcast<S, D, N>, Error>: crate::layout::Fits,
{
    crate::layout::Fits::fits(downcast_checked::<N, S, D>(l), "downcast")
}

/// [`downcast`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's function, which requires the verdict, calls it).
pub(crate) fn downcast_checked<N: StaticInt, S, D>(l: Layout<S, D>) -> Result<Downcast<S, D, N>, Error>
where
    S: MixedTuple + CastTree<D, Down<N>>,
    D: MixedTuple,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<CastConditions<S, D, N, false>>::OK;
    let (s, d) = positive_factor::<N>()
        .and_then(|_| l.shape.cast(l.stride, &mut 0))
        .map_err(|e| Error::with("downcast", e, format_args!("<{}>({:#})", N::default().value(), l)))?;
    Ok(Layout { shape: s, stride: d })
}

/// The recast's downcast step by `N`: none for `B1` (the factor is 1), a [`downcast`] for `B0`.
pub trait RecastStep<S, D, N> {
    /// The layout.
    type Output;
    /// Apply it to the upcast layout `l` of `recast<old, new>` (named so in an error).
    fn step(l: Layout<S, D>, old: i64, new: i64, _: crate::Internal) -> Result<Self::Output, Error>;
}
impl<S, D, N> RecastStep<S, D, N> for B1 {
    type Output = Layout<S, D>;
    fn step(l: Layout<S, D>, _: i64, _: i64, _: crate::Internal) -> Result<Self::Output, Error> {
        Ok(l)
    }
}
impl<S, D, N: StaticInt> RecastStep<S, D, N> for B0
where
    S: MixedTuple + CastTree<D, Down<N>>,
    D: MixedTuple,
{
    type Output = Downcast<S, D, N>;
    fn step(l: Layout<S, D>, old: i64, new: i64, _: crate::Internal) -> Result<Self::Output, Error> {
        downcast_checked::<N, S, D>(l).map_err(|e| {
            let n = N::default().value();
            Error::with("recast", e.detail(), format_args!("<{}, {}>: downcast<{}>({:#})", old, new, n, l))
        })
    }
}

/// The factors of a recast from `Old`- to `New`-bit elements: up by `New / gcd`, down by
/// `Old / gcd` (the static face's).
pub type UpBy<Old, New> = super::static_face::UpFactor<Old, New>;
/// See [`UpBy`].
pub type DownBy<Old, New> = super::static_face::DownFactor<Old, New>;
/// The result type of `recast::<Old, New>(S:D)`.
pub type Recast<S, D, Old, New> = <<DownBy<Old, New> as IsEqual<P1>>::Output as RecastStep<
    <S as CastTree<D, Up<UpBy<Old, New>>>>::S,
    <S as CastTree<D, Up<UpBy<Old, New>>>>::D,
    DownBy<Old, New>,
>>::Output;

/// The conditions of a recast of an all-static layout, checked at compile time.
pub struct RecastConditions<S, D, Old, New>(PhantomData<(S, D, Old, New)>);
impl<S: MixedTuple, D: MixedTuple, Old: StaticInt, New: StaticInt> Check for RecastConditions<S, D, Old, New> {
    const RESULT: Checked = if S::IS_STATIC && D::IS_STATIC {
        super::static_face::recast_conditions(
            Old::I64,
            New::I64,
            &FlatLayout { shape: S::STATIC_LEAVES, stride: D::STATIC_LEAVES },
        )
    } else {
        Ok(())
    };
}

/// CuTe's `recast_layout<Old, New>(L)`: a layout of `Old`-bit elements seen as `New`-bit ones,
/// as the static face's [`recast`](crate::recast): an [`upcast`](fn@upcast) by
/// `New / gcd(Old, New)`, then a [`downcast`](fn@downcast) by `Old / gcd(Old, New)` unless it
/// is 1, with their rules for runtime strides and their errors.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{recast, Layout};
/// use cute::typenum::{P1, P16, P32, P4, P8};
/// let l = Layout::try_new(hlist![P8::new(), P4::new()], hlist![P1::new(), P8::new()]).unwrap();
/// assert_eq!(recast::<P16, P32, _, _>(l).unwrap().to_string(), "(_4,_4):(_1,_4)");
/// // 16-bit elements in rows of a runtime leading dimension, as 32-bit words.
/// let l = Layout::try_new(hlist![P8::new(), 4i64], hlist![P1::new(), 64i64]).unwrap();
/// assert_eq!(recast::<P16, P32, _, _>(l).unwrap().to_string(), "(_4,4):(_1,32)");
/// ```
#[allow(clippy::type_complexity)]
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn recast<Old, New, S, D>(l: Layout<S, D>) -> Result<Recast<S, D, Old, New>, Error>
where <<Layout<S, D> as AllStatic>::Is as route::Verdicts1<route::op::Recast<Old, New>, Layout<S, D>>>::Output: Holds,
    Old: StaticInt + typenum::Gcd<New> + core::ops::Div<typenum::Gcf<Old, New>>,
    New: StaticInt + core::ops::Div<typenum::Gcf<Old, New>>,
    UpBy<Old, New>: StaticInt,
    DownBy<Old, New>: IsEqual<P1>,
    S: MixedTuple + CastTree<D, Up<UpBy<Old, New>>>,
    D: MixedTuple,
    <DownBy<Old, New> as IsEqual<P1>>::Output: RecastStep<
        <S as CastTree<D, Up<UpBy<Old, New>>>>::S,
        <S as CastTree<D, Up<UpBy<Old, New>>>>::D,
        DownBy<Old, New>,
    >,
    Layout<S, D>: AllStatic,
    <Layout<S, D> as AllStatic>::Is: route::Verdicts1<route::op::Recast<Old, New>, Layout<S, D>>,
    Result<Recast<S, D, Old, New>, Error>: crate::layout::Fits,
{
    crate::layout::Fits::fits(recast_checked::<Old, New, S, D>(l), "recast")
}

/// [`recast`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's function, which requires the verdict, calls it).
pub(crate) fn recast_checked<Old, New, S, D>(l: Layout<S, D>) -> Result<Recast<S, D, Old, New>, Error>
where
    Old: StaticInt + typenum::Gcd<New> + core::ops::Div<typenum::Gcf<Old, New>>,
    New: StaticInt + core::ops::Div<typenum::Gcf<Old, New>>,
    UpBy<Old, New>: StaticInt,
    DownBy<Old, New>: IsEqual<P1>,
    S: MixedTuple + CastTree<D, Up<UpBy<Old, New>>>,
    D: MixedTuple,
    <DownBy<Old, New> as IsEqual<P1>>::Output: RecastStep<
        <S as CastTree<D, Up<UpBy<Old, New>>>>::S,
        <S as CastTree<D, Up<UpBy<Old, New>>>>::D,
        DownBy<Old, New>,
    >,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RecastConditions<S, D, Old, New>>::OK;
    // Each step's error is named as a step of the recast, with the layout it casts, as the other
    // faces name it.
    let (old, new, up) = (Old::default().value(), New::default().value(), UpBy::<Old, New>::default().value());
    // Widths that are not positive, as the dynamic engine reports them (the factors below would
    // not be positive either).
    if let Err(v) = flat::recast_factors(old, new) {
        return Err(Error::with("recast", Detail::Cast(v), format_args!("<{}, {}>({:#})", old, new, l)));
    }
    let (s, d) = l
        .shape
        .cast(l.stride, &mut 0)
        .map_err(|e| Error::with("recast", e, format_args!("<{}, {}>: upcast<{}>({:#})", old, new, up, l)))?;
    <<DownBy<Old, New> as IsEqual<P1>>::Output as RecastStep<_, _, DownBy<Old, New>>>::step(
        Layout { shape: s, stride: d },
        old,
        new,
        crate::Internal(()),
    )
}
