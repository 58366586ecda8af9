//! Logical divide of a mixed layout by a static tiler, and its regroupings (`zipped_divide`,
//! `tiled_divide`, `flat_divide`): the kernel's "split the runtime matrix into static tiles".
//!
//! `logical_divide(A, B) = A o (B, complement(B, shape(coalesce(A))))` (CuTe's definition, and
//! the dynamic engine's): the tile B is static, so its complement's gaps are static and only the
//! rest mode (how many tiles) depends on A's runtime sizes; the composition then keeps static
//! what the types prove static. The conditions are checked on the runtime values by the dynamic
//! engine's code (`composition_within`), the rest mode only inside A's domain, as there.

use crate::mixed::route;
use crate::ops::ResultCheck;
pub use crate::statics::typeops::Pair;
use frunk_core::hlist::{HCons, HNil};
use typenum::{PInt, B0, B1, P1, Z0};

pub use super::regroup::*;
use super::static_face::DivideOp;
use crate::layout::{FlatResult, Layout};
use crate::mixed::error::{Detail, Error};
use crate::mixed::int::Digits;
use crate::mixed::tuple::MixedTuple;
use crate::mixed::AllStatic;
use crate::ops::coalesce::mixed_face::{Coalesce, Coalesced, Finish, Flatten, ModesOf, ToLayout, Zip};
use crate::ops::complement::mixed_face::{ComplementExists, MixedComplement, RestModes};
use crate::ops::composition::mixed_face::{
    composition_within, composition_within_fits, CoalesceX, ComposeTree, Composed, FlatA, FromLeaves, ModeValues, Parts,
};
use crate::ops::composition::static_face::ResultVerdict;
use crate::ops::ComplementOk;
use crate::statics::check::{Check, Checked, Verify};
use crate::statics::report::Holds;
use crate::statics::tiler::{ByMode, Entry, MakeLayout, ModeOp};
use crate::statics::{FlatLayout, Underscore};
use core::marker::PhantomData;

/// The divisor `(B, B*)` of a tile `B = SB:DB` with the complement `B* = RS:RD`.
type Divisor<SB, DB, RS, RD> = (HCons<SB, HCons<RS, HNil>>, HCons<DB, HCons<RD, HNil>>);
/// The divisor `(B, B*)` as a layout.
type DivisorLayout<SB, DB, RS, RD> = Layout<HCons<SB, HCons<RS, HNil>>, HCons<DB, HCons<RD, HNil>>>;

/// CuTe's `logical_divide(A, T)` of a mixed layout `Self` by a static tiler `T`: a static
/// [`Layout`](crate::Layout), a static tile size (`make_layout(n)`), [`Underscore`], or an HList of these
/// (and of nested HLists) applied mode by mode; see [`logical_divide`].
#[diagnostic::on_unimplemented(
    message = "`{T}` is not a tiler of `{Self}` (a static layout, a mixed layout with static leaves, a tile size or `_`), or has more modes than the layout",
    label = "a tuple tiler needs at most one entry per mode of the layout"
)]
#[doc(hidden)]
pub trait Divide<T> {
    /// The divided layout.
    type Output;
    /// Divide, unchecked size and cosize: only the crate's functions, which check them, call it.
    fn logical_divide(self, tiler: T, _: crate::Internal) -> Result<Self::Output, Error>;
    /// Divide, and check that the result's size and cosize fit in `i64` (the crate's functions
    /// call it, `op` naming the one called); a divide that knows its result fits skips the
    /// second check.
    #[inline(always)]
    fn logical_divide_fits(self, tiler: T, op: &'static str, _: crate::Internal) -> Result<Self::Output, Error>
    where
        Self: Sized,
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        crate::layout::Fits::fits(self.logical_divide(tiler, crate::Internal(())), op)
    }
    /// The result's leaves written to `out` where a closed form gives them (a mode of a tuple
    /// tiler's divide, [`ByMode::by_mode_flat`](crate::statics::tiler::ByMode::by_mode_flat)); `None`
    /// where none does, and the divide decides.
    #[inline(always)]
    fn write_flat(
        shape: &<Self as Parts>::Shape,
        stride: &<Self as Parts>::Stride,
        tiler: &T,
        out: &mut FlatResult,
    ) -> Option<()>
    where
        Self: Parts,
    {
        let _ = (shape, stride, tiler, out);
        None
    }
    /// The conditions known at compile time (every leaf of A and of a tile static), which the
    /// public functions check then, so a violation is a compile error, not an `Err`.
    const CHECK: Checked = Ok(());
}

/// One tile B: `A o (B, complement(B, shape(coalesce(A))))`, where the checked layer computes B's
/// complement for its types: B static, of runtime extents at static strides, or a single mode with
/// runtime leaves ([`TileDivide`]).
impl<SA, DA, SB, DB> Divide<Layout<SB, DB>> for Layout<SA, DA>
where
    // Integer strides (basis strides have their divide in `basis.rs`).
    DA: MixedTuple,
    Layout<SB, DB>: AllStatic,
    <Layout<SB, DB> as AllStatic>::Is: ComplementExists<SB, DB>,
    ComplementOk<SB, DB>: TileDivide<SA, DA, SB, DB>,
{
    type Output = <ComplementOk<SB, DB> as TileDivide<SA, DA, SB, DB>>::Output;
    const CHECK: Checked = <ComplementOk<SB, DB> as TileDivide<SA, DA, SB, DB>>::CHECK;
    #[inline(always)]
    fn logical_divide(self, tile: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        <ComplementOk<SB, DB> as TileDivide<SA, DA, SB, DB>>::divide(self, tile, crate::Internal(()))
    }
    /// A leaf by a leaf tile in closed form, its size and cosize checked as it goes (as a mode of
    /// a tuple tiler's divide is); any other divide, then the check.
    #[inline(always)]
    fn logical_divide_fits(
        self,
        tile: Layout<SB, DB>,
        op: &'static str,
        _: crate::Internal,
    ) -> Result<Self::Output, Error>
    where
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        let mut out = FlatResult::new();
        if <ComplementOk<SB, DB> as TileDivide<SA, DA, SB, DB>>::write_flat(&self.shape, &self.stride, &tile, &mut out)
            .is_some()
        {
            if let Some(r) = crate::layout::Fits::from_flat(&out) {
                return r;
            }
        }
        <ComplementOk<SB, DB> as TileDivide<SA, DA, SB, DB>>::divide_fits(self, tile, op)
    }
    #[inline(always)]
    fn write_flat(
        shape: &<Self as Parts>::Shape,
        stride: &<Self as Parts>::Stride,
        tile: &Layout<SB, DB>,
        out: &mut FlatResult,
    ) -> Option<()> {
        <ComplementOk<SB, DB> as TileDivide<SA, DA, SB, DB>>::write_flat(shape, stride, tile, out)
    }
}

/// The divide of `SA:DA` by the tile `SB:DB`, by whether the checked layer computes the tile's
/// complement for its types (`Self`).
pub trait TileDivide<SA, DA, SB, DB> {
    /// The divided layout.
    type Output;
    /// The conditions known at compile time.
    const CHECK: Checked;
    /// Divide.
    fn divide(a: Layout<SA, DA>, tile: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error>;
    /// Divide by the general steps: the tile's complement in `shape(coalesce(A))`, then A
    /// composed with the pair.
    fn divide_steps(a: Layout<SA, DA>, tile: Layout<SB, DB>) -> Result<Self::Output, Error>;
    /// [`Divide::write_flat`]: the closed form of a leaf by a leaf tile, where it applies.
    fn write_flat(shape: &SA, stride: &DA, tile: &Layout<SB, DB>, out: &mut FlatResult) -> Option<()>;
    /// [`TileDivide::divide`] with the result's size and cosize checked, an error naming `op`.
    #[inline(always)]
    fn divide_fits(a: Layout<SA, DA>, tile: Layout<SB, DB>, op: &'static str) -> Result<Self::Output, Error>
    where
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        crate::layout::Fits::fits(Self::divide(a, tile, crate::Internal(())), op)
    }
}
impl<SA, DA, SB, DB, CS, RS, RD> TileDivide<SA, DA, SB, DB> for B1
where
    SA: MixedTuple + Flatten,
    DA: MixedTuple + Flatten,
    SA::Output: Zip<DA::Output>,
    ModesOf<SA, DA>: Coalesce,
    <ModesOf<SA, DA> as Coalesce>::Output: Finish,
    Coalesced<SA, DA>: ToLayout<Shape = CS>,
    Layout<SB, DB>: MixedComplement<CS, Output = Layout<RS, RD>>,
    SB: MixedTuple,
    DB: MixedTuple,
    RS: MixedTuple,
    RD: MixedTuple,
    Layout<SA, DA>: CoalesceX,
    FlatA<SA, DA>: ModeValues,
    HCons<SB, HCons<RS, HNil>>: ComposeTree<HCons<DB, HCons<RD, HNil>>, FlatA<SA, DA>>,
    Composed<SA, DA, HCons<SB, HCons<RS, HNil>>, HCons<DB, HCons<RD, HNil>>>: FromLeaves,
{
    type Output = Composed<SA, DA, <Divisor<SB, DB, RS, RD> as Pair>::A, <Divisor<SB, DB, RS, RD> as Pair>::B>;
    const CHECK: Checked = <StaticConditions<SA, DA, SB, DB> as Check>::RESULT;
    #[inline(always)]
    fn divide(a: Layout<SA, DA>, tile: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        if let Some(r) = divide_leaf_result(&a, &tile) {
            return Ok(r);
        }
        Self::divide_steps(a, tile)
    }
    /// The closed form of a leaf by a leaf tile; a leaf by a tile of several leaves as the
    /// divisor's leaves scaled ([`divide_leaf_by_tile`]).
    #[inline(always)]
    fn write_flat(shape: &SA, stride: &DA, tile: &Layout<SB, DB>, out: &mut FlatResult) -> Option<()> {
        let n = <Self::Output as FromLeaves>::LEAF_COUNT;
        if let Some(l) = divide_leaf::<SA, DA, SB, DB, Self::Output>(shape, stride, tile) {
            return out.push_mode(&l.shapes[..n], &l.strides[..n], l.size, l.span);
        }
        // A leaf tile that has no closed form is left to the walk: its code stays out of the
        // leaf tiles' divides (which the closed form takes), where it cost 60 instructions.
        if SA::LEAF_COUNT != 1
            || SB::LEAF_COUNT < 2
            || Some(n) != SB::LEAF_COUNT.checked_add(RS::LEAF_COUNT)
            || n > TILE_LEAVES
        {
            return None;
        }
        let divisor = divisor(Layout { shape: *shape, stride: *stride }, *tile).ok()?;
        let (mut d, mut shapes, mut strides) = ([0i64; 1], [0i64; TILE_LEAVES], [0i64; TILE_LEAVES]);
        stride.write_leaves(&mut d, 0);
        divisor.shape.write_leaves(&mut shapes, 0);
        divisor.stride.write_leaves(&mut strides, 0);
        let (size, span) = divide_leaf_by_tile(&shapes[..n], &mut strides[..n], d[0])?;
        out.push_mode(&shapes[..n], &strides[..n], size, span)
    }
    fn divide_steps(a: Layout<SA, DA>, tile: Layout<SB, DB>) -> Result<Self::Output, Error> {
        // The rest mode may reach past A (a tile that does not divide A); as in CuTe and the
        // dynamic engine, only offsets inside A's domain have to agree with A.
        composition_within(a, divisor(a, tile)?, Some(a.size()), SB::LEAF_COUNT)
    }
    /// The closed form where [`Divide::logical_divide_fits`]'s flat form did not take it (its
    /// size or cosize past i64, which the check names), else the general steps, the composition
    /// checking the result's cosize as it goes.
    #[inline(always)]
    fn divide_fits(a: Layout<SA, DA>, tile: Layout<SB, DB>, op: &'static str) -> Result<Self::Output, Error>
    where
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        if let Some(r) = divide_leaf_result(&a, &tile) {
            return crate::layout::Fits::fits(Ok(r), op);
        }
        let divisor = divisor(a, tile)?;
        // The result's size is the divisor's, which the composition takes as fitting: its rest
        // mode is not a layout that was checked.
        if crate::layout::check_extents(op, &divisor.shape).is_err() {
            return crate::layout::Fits::fits(composition_within(a, divisor, Some(a.size()), SB::LEAF_COUNT), op);
        }
        composition_within_fits(a, divisor, Some(a.size()), SB::LEAF_COUNT, op)
    }
}

/// The divisor `(B, complement(B, shape(coalesce(A))))` of a tile `B = SB:DB`.
#[inline(always)]
fn divisor<SA, DA, SB, DB, CS, RS, RD>(
    a: Layout<SA, DA>,
    tile: Layout<SB, DB>,
) -> Result<DivisorLayout<SB, DB, RS, RD>, Error>
where
    SA: MixedTuple + Flatten,
    DA: MixedTuple + Flatten,
    SA::Output: Zip<DA::Output>,
    ModesOf<SA, DA>: Coalesce,
    <ModesOf<SA, DA> as Coalesce>::Output: Finish,
    Coalesced<SA, DA>: ToLayout<Shape = CS>,
    SB: MixedTuple,
    DB: MixedTuple,
    Layout<SB, DB>: MixedComplement<CS, Output = Layout<RS, RD>>,
{
    let cotarget = crate::ops::coalesce::mixed_face::coalesce(a)?.shape;
    let rest = crate::ops::complement::mixed_face::complement_unverified(tile, cotarget)?;
    Ok(Layout {
        shape: HCons { head: tile.shape, tail: HCons { head: rest.shape, tail: HNil } },
        stride: HCons { head: tile.stride, tail: HCons { head: rest.stride, tail: HNil } },
    })
}

/// [`TileDivide::divide`] of a leaf `s:d` (a mode of the layouts kernels divide) by a leaf tile
/// `t:u`, with `s > 1`, `t > 1`, `u > 0`, in closed form: the tile's complement in `s` is
/// `(u, rest):(1, t*u)` with `rest = ceil(s / (t*u))`, and A, one mode, is linear, so the pair
/// `(t:u, (u, rest):(1, t*u))` with its strides times `d` is what the general steps give,
/// without their buffers. The result's type `L` says which leaves it keeps: all three, or, for
/// a tile of static stride `_1`, `(t, rest):(d, t*d)` (the complement's gap `_1:_1` is not in
/// the type: a static size-1 mode is dropped, and a `rest` that is dropped is static, so `u` is
/// static and not 1). A static leaf of `L` may still hold another value, which `L`'s
/// constructor finds; that check alone refuses the third kind of two leaves, a static `s` no
/// larger than a static tile of stride `_1`, whose rest stays as `_1:_0` (`(_32,_1):(d,_0)`
/// for `32:d` by `32:1`): the form's `t*d` is not `_0` for `d != 0`, so the general steps give
/// it. Returns the leaves, the size `t*u*rest` and the span
/// `(t*u*rest - 1) * |d|` (what the result adds to a cosize: the pair is a bijection onto
/// `0..t*u*rest`). `None` for other types and where a product passes i64: the general steps
/// decide those and name what fails.
// In range: `t * u` is checked and positive, so `(s - 1) / (t * u) + 1` is at most `s`.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
fn divide_leaf<SA: MixedTuple, DA: MixedTuple, SB: MixedTuple, DB: MixedTuple, L: FromLeaves>(
    shape: &SA,
    stride: &DA,
    tile: &Layout<SB, DB>,
) -> Option<LeafDivide> {
    if SA::LEAF_COUNT != 1 || SB::LEAF_COUNT != 1 || !(L::LEAF_COUNT == 2 || L::LEAF_COUNT == 3) {
        return None;
    }
    let mut v = [0i64; 4];
    shape.write_leaves(&mut v, 0);
    stride.write_leaves(&mut v, 1);
    tile.shape.write_leaves(&mut v, 2);
    tile.stride.write_leaves(&mut v, 3);
    let [s, d, t, u] = v;
    if !(s > 1 && t > 1 && u > 0) || (L::LEAF_COUNT == 2 && u != 1) {
        return None;
    }
    let tu = t.checked_mul(u)?;
    let rest = (s - 1) / tu + 1;
    let (ud, tud) = (u.checked_mul(d)?, tu.checked_mul(d)?);
    let size = tu.checked_mul(rest)?;
    let span = crate::arith::span(size, d)?;
    Some(if L::LEAF_COUNT == 3 {
        LeafDivide { shapes: [t, u, rest], strides: [ud, d, tud], size, span }
    } else {
        LeafDivide { shapes: [t, rest, 0], strides: [d, tud, 0], size, span }
    })
}

/// [`divide_leaf`] as the result `L`, where it applies and `L`'s static leaves hold its values.
#[inline(always)]
fn divide_leaf_result<SA: MixedTuple, DA: MixedTuple, SB: MixedTuple, DB: MixedTuple, L: FromLeaves>(
    a: &Layout<SA, DA>,
    tile: &Layout<SB, DB>,
) -> Option<L> {
    let l = divide_leaf::<SA, DA, SB, DB, L>(&a.shape, &a.stride, tile)?;
    L::from_leaves(&l.shapes[..L::LEAF_COUNT], &l.strides[..L::LEAF_COUNT])
}

/// The most leaves of a divisor `(tile, rest)` that [`divide_leaf_by_tile`] takes (a mode of
/// the flat result, which holds 16).
const TILE_LEAVES: usize = 16;

/// A leaf `s:d` divided by a tile whose divisor `(tile, complement(tile, s))` has the leaves
/// `shapes:strides`: one mode of A is linear on its extended domain, so each leaf `n:r` of the
/// divisor composes to `n:(r*d)` (no condition of composition but the product fitting, and the
/// divisor's leaves cannot overlap in one mode), which is what the general steps give. Scales
/// `strides` by `d`; returns the result's size (the divisor's) and span (the sum of
/// `(n - 1) * |r * d|`). `None` where a product passes i64: the general steps name it.
#[inline(always)]
fn divide_leaf_by_tile(shapes: &[i64], strides: &mut [i64], d: i64) -> Option<(i64, i64)> {
    let (mut size, mut span) = (1i64, 0i64);
    for (&n, r) in shapes.iter().zip(strides.iter_mut()) {
        *r = r.checked_mul(d)?;
        size = size.checked_mul(n)?;
        span = span.checked_add(crate::arith::span(n, *r)?)?;
    }
    Some((size, span))
}

/// The closed form of [`divide_leaf`]: the result's leaves (the first `L::LEAF_COUNT`, which
/// the callers slice by that constant), its size and span.
struct LeafDivide {
    shapes: [i64; 3],
    strides: [i64; 3],
    size: i64,
    span: i64,
}

/// A tile with a runtime stride among several modes (or a negative one), whose complement the checked layer
/// does not compute: an error in place of the `(tile, rest)` layout. The crate root's functions refuse it at compile time
/// ([`RuntimeTiles`](crate::ops::RuntimeTiles)), so that only this face returns it.
impl<SA, DA, SB, DB> TileDivide<SA, DA, SB, DB> for B0 {
    type Output = Layout<HCons<P1, HCons<P1, HNil>>, HCons<Z0, HCons<Z0, HNil>>>;
    const CHECK: Checked = Ok(());
    fn divide(a: Layout<SA, DA>, tile: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        Self::divide_steps(a, tile)
    }
    fn divide_steps(_: Layout<SA, DA>, _: Layout<SB, DB>) -> Result<Self::Output, Error> {
        Err(Error::new("logical_divide", Detail::ComplementRuntime))
    }
    fn write_flat(_: &SA, _: &DA, _: &Layout<SB, DB>, _: &mut FlatResult) -> Option<()> {
        None
    }
}

/// With every leaf of A and of the tile static, the conditions are known at compile time: they
/// are checked then (as on the static face), so a violation is a compile error, not an `Err`.
pub struct StaticConditions<SA, DA, SB, DB>(PhantomData<(SA, DA, SB, DB)>);
impl<SA: MixedTuple, DA: MixedTuple, SB: MixedTuple, DB: MixedTuple> Check for StaticConditions<SA, DA, SB, DB> {
    const RESULT: Checked = if SA::IS_STATIC && DA::IS_STATIC && SB::IS_STATIC && DB::IS_STATIC {
        super::static_face::conditions(
            &FlatLayout { shape: SA::STATIC_LEAVES, stride: DA::STATIC_LEAVES },
            &FlatLayout { shape: SB::STATIC_LEAVES, stride: DB::STATIC_LEAVES },
        )
    } else {
        Ok(())
    };
}

/// A static tile size `n` is the tile `make_layout(n)`: `n:_1`, or `_1:_0` for `n == 1`.
impl<SA, DA, U: Digits> Divide<PInt<U>> for Layout<SA, DA>
where
    PInt<U>: MakeLayout,
    <PInt<U> as MakeLayout>::Output: Default,
    Layout<SA, DA>: Divide<<PInt<U> as MakeLayout>::Output>,
{
    type Output = <Layout<SA, DA> as Divide<<PInt<U> as MakeLayout>::Output>>::Output;
    const CHECK: Checked = <Layout<SA, DA> as Divide<<PInt<U> as MakeLayout>::Output>>::CHECK;
    fn logical_divide(self, _: PInt<U>, _: crate::Internal) -> Result<Self::Output, Error> {
        self.logical_divide(Default::default(), crate::Internal(()))
    }
    #[inline(always)]
    fn write_flat(
        shape: &<Self as Parts>::Shape,
        stride: &<Self as Parts>::Stride,
        _: &PInt<U>,
        out: &mut FlatResult,
    ) -> Option<()> {
        <Self as Divide<<PInt<U> as MakeLayout>::Output>>::write_flat(shape, stride, &Default::default(), out)
    }
}

/// A runtime tile size `n` is the tile `n:_1`: its complement in `shape(coalesce(A))` is the
/// compact layout of `ceil_div(shape, n)` from the runtime stride `n` (CuTe's complement of a
/// rank-1 layout, which may have runtime values), so the tile and the number of tiles are
/// runtime, the tile's stride `_1` static.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{logical_divide, Layout};
/// use cute::typenum::P1;
/// let a = Layout::try_new(hlist![96i64, 16i64], hlist![P1::new(), 100i64]).unwrap();
/// assert_eq!(logical_divide(a, hlist![32i64, 4i64]).unwrap().to_string(), "((32,3),(4,4)):((_1,32),(100,400))");
/// assert_eq!(logical_divide(a, 0i64).unwrap_err().to_string(), "invalid argument: logical_divide: shape 0 is not positive");
/// ```
impl<SA, DA, CS, R, RS, RD> Divide<i64> for Layout<SA, DA>
where
    SA: MixedTuple + Flatten,
    DA: MixedTuple + Flatten,
    SA::Output: Zip<DA::Output>,
    ModesOf<SA, DA>: Coalesce,
    <ModesOf<SA, DA> as Coalesce>::Output: Finish,
    Coalesced<SA, DA>: ToLayout<Shape = CS>,
    CS: RestModes<i64, Output = R>,
    R: ToLayout<Shape = RS, Stride = RD>,
    RS: MixedTuple,
    RD: MixedTuple,
    Layout<SA, DA>: CoalesceX,
    FlatA<SA, DA>: ModeValues,
    HCons<i64, HCons<RS, HNil>>: ComposeTree<HCons<P1, HCons<RD, HNil>>, FlatA<SA, DA>>,
    Composed<SA, DA, HCons<i64, HCons<RS, HNil>>, HCons<P1, HCons<RD, HNil>>>: FromLeaves,
{
    type Output = Composed<SA, DA, HCons<i64, HCons<RS, HNil>>, HCons<P1, HCons<RD, HNil>>>;
    fn logical_divide(self, n: i64, _: crate::Internal) -> Result<Self::Output, Error> {
        let err = |d: Detail| Error::new("logical_divide", d);
        if n < 1 {
            return Err(err(Detail::NonPositive(n)));
        }
        let cotarget = crate::ops::coalesce::mixed_face::coalesce(self).map_err(|e| err(e.detail()))?.shape;
        let rest = cotarget.rest_modes(n).map_err(|o| err(o.into()))?.to_layout_unchecked(crate::Internal(()));
        let divisor = Layout {
            shape: HCons { head: n, tail: HCons { head: rest.shape, tail: HNil } },
            stride: HCons { head: P1::new(), tail: HCons { head: rest.stride, tail: HNil } },
        };
        composition_within(self, divisor, Some(self.size()), 1)
    }
}

/// `_` leaves the layout alone.
impl<SA, DA> Divide<Underscore> for Layout<SA, DA> {
    type Output = Layout<SA, DA>;
    fn logical_divide(self, _: Underscore, _: crate::Internal) -> Result<Self::Output, Error> {
        Ok(self)
    }
}

/// A tuple tiler divides mode by mode (CuTe's `transform_layout`, the walk [`ByMode`]); A's modes
/// past the tiler's stay as they are. A tiler with more entries than A has modes is an error
/// (CuTe's static_assert "Too many modes in tiler"), which the crate root's functions refuse at
/// compile time ([`RuntimeTiles`](crate::ops::RuntimeTiles)).
impl<SH, ST, DH, DT, TH, TT> Divide<HCons<TH, TT>> for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    HCons<SH, ST>: ByMode<DivideOp, HCons<DH, DT>, HCons<TH, TT>>,
{
    type Output = Layout<
        <HCons<SH, ST> as ByMode<DivideOp, HCons<DH, DT>, HCons<TH, TT>>>::Shape,
        <HCons<SH, ST> as ByMode<DivideOp, HCons<DH, DT>, HCons<TH, TT>>>::Stride,
    >;
    const CHECK: Checked = <HCons<SH, ST> as ByMode<DivideOp, HCons<DH, DT>, HCons<TH, TT>>>::CHECK;
    fn logical_divide(self, tiler: HCons<TH, TT>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (shape, stride) = self.shape.by_mode(self.stride, tiler)?;
        Ok(Layout { shape, stride })
    }
    /// Where every mode's divide has a closed form (a leaf by a leaf tile, the layouts kernels
    /// divide), the leaves written flat with the size and cosize checked as they go: one
    /// result built, no `Result` per mode moved through the walk, no check after it.
    #[inline(always)]
    fn logical_divide_fits(
        self,
        tiler: HCons<TH, TT>,
        op: &'static str,
        _: crate::Internal,
    ) -> Result<Self::Output, Error>
    where
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        let mut out = FlatResult::new();
        if self.shape.by_mode_flat(&self.stride, &tiler, &mut out).is_some() {
            if let Some(r) = crate::layout::Fits::from_flat(&out) {
                return r;
            }
        }
        crate::layout::Fits::fits(self.logical_divide(tiler, crate::Internal(())), op)
    }
}

/// The divides' step of a tuple tiler ([`ByMode`]): the mode divided by the entry.
impl<S, D, T> ModeOp<S, D, T> for DivideOp
where
    Layout<S, D>: Divide<T>,
    <Layout<S, D> as Divide<T>>::Output: Parts,
{
    type Shape = <<Layout<S, D> as Divide<T>>::Output as Parts>::Shape;
    type Stride = <<Layout<S, D> as Divide<T>>::Output as Parts>::Stride;
    const CHECK: Checked = <Layout<S, D> as Divide<T>>::CHECK;
    #[inline(always)]
    fn apply(mode: Layout<S, D>, entry: T) -> Result<(Self::Shape, Self::Stride), Error> {
        Ok(mode.logical_divide(entry, crate::Internal(()))?.into_parts())
    }
    #[inline(always)]
    fn apply_flat(shape: &S, stride: &D, entry: &T, out: &mut FlatResult) -> Option<()> {
        <Layout<S, D> as Divide<T>>::write_flat(shape, stride, entry, out)
    }
}

/// A one-entry tuple tiler on an integral layout treats it as rank 1, and the result is a
/// rank-1 tuple, as in CuTe: `logical_divide(2:7, <16:5>)` is `((16,5)):((35,7))`.
impl<S: crate::mixed::Int, D: crate::mixed::Int, TH> Divide<HCons<TH, HNil>> for Layout<S, D>
where
    TH: Entry<DivideOp, S, D>,
{
    type Output =
        Layout<HCons<<TH as Entry<DivideOp, S, D>>::Shape, HNil>, HCons<<TH as Entry<DivideOp, S, D>>::Stride, HNil>>;
    const CHECK: Checked = <TH as Entry<DivideOp, S, D>>::CHECK;
    fn logical_divide(self, tiler: HCons<TH, HNil>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (s, d) = tiler.head.apply_to(self)?;
        Ok(Layout { shape: HCons { head: s, tail: HNil }, stride: HCons { head: d, tail: HNil } })
    }
}

/// More than one entry on an integral layout (CuTe's "Too many modes in tiler"): an error. The
/// crate root's functions refuse it at compile time ([`RuntimeTiles`](crate::ops::RuntimeTiles)).
impl<S: crate::mixed::Int, D: crate::mixed::Int, TH, X, Y> Divide<HCons<TH, HCons<X, Y>>> for Layout<S, D> {
    type Output = Layout<HNil, HNil>;
    fn logical_divide(self, _: HCons<TH, HCons<X, Y>>, _: crate::Internal) -> Result<Self::Output, Error> {
        Err(Error::new("logical_divide", Detail::TooManyModes))
    }
}

/// The divide of A by a static tiler, split into `(tile, rest)` per tiled mode (CuTe's
/// `logical_divide`). A is a mixed layout; the tiler is a static [`Layout`](crate::Layout), a static tile size
/// `n` (`make_layout(n)`), `_` ([`Underscore`]), or an HList of these applied mode by mode.
///
/// Static-ness: the tile modes keep what the composition with A proves static (a tile of a
/// static-stride mode of A stays static); the rest modes are runtime where A's sizes are.
///
/// Post-conditions (as the dynamic engine's): for a layout tiler B, `layout<0>(R) == A o B` as
/// functions, and `R(i) == A(D(i))` with `D = (B, complement(B, shape(coalesce(A))))` wherever
/// `D(i)` lies in A's domain; `size(R) >= size(A)`, equal when B's size divides A's.
///
/// A one-entry tuple tiler on an integral A treats it as rank 1 (CuTe's result, a rank-1 tuple).
///
/// Errors: B's conditions are compile errors (B is static); the composition's conditions on A's
/// runtime values ([`Detail::Compose`]) and overflow are errors; a tuple tiler with more modes
/// than A is a compile error.
///
/// ```
/// use cute::mixed::logical_divide;
/// use cute::{hlist, Layout, Underscore};
/// use cute::typenum::{P1, P32, P64};
/// // An m x n column-major matrix with leading dimension ld, all known at run time.
/// let (m, n, ld) = (96i64, 128i64, 100i64);
/// let a = Layout::try_new(hlist![m, n], hlist![P1::new(), ld]).unwrap();
/// let t = hlist![Layout::<P32, P1>::new(), Layout::<P64, P1>::new()];
/// type R = Layout![((32,{}),(64,{})):((1,32),({},{}))];
/// let r: R = logical_divide(a, t).unwrap();
/// assert_eq!(r.to_string(), "((_32,3),(_64,2)):((_1,_32),(100,6400))");
/// assert_eq!(logical_divide(a, hlist![Underscore, P32::new()]).unwrap().to_string(), "(96,(_32,4)):(_1,(100,3200))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn logical_divide<A, T>(a: A, tiler: T) -> Result<A::Output, Error>
where route::RouteVerdict<route::op::LogicalDivide, A, T>: Holds, ResultCheck<crate::statics::names::logical_divide, route::Routed<route::op::LogicalDivide, A, T>, A, T>: Holds,
    A: Divide<T> + crate::mixed::BothStatic<T>,
    crate::mixed::Both<A, T>: route::Route<route::op::LogicalDivide, A, T>
        + route::Verdicts<route::op::LogicalDivide, A, T>,
    route::Routed<route::op::LogicalDivide, A, T>: ResultVerdict<crate::statics::names::logical_divide, A, T>,
    Result<A::Output, Error>: crate::layout::Fits,
{
    logical_divide_fits(a, tiler, "logical_divide")
}

/// [`logical_divide`] without the crate root's verdict: its conditions on static leaves are
/// `const` checks (the crate root's functions, which require the verdict, call it). The result's
/// size and cosize fit in `i64` (checked where the divide did not check them as it went), an
/// error naming `op`, the function called (the zipped, tiled and flat divides regroup this
/// result).
pub(crate) fn logical_divide_fits<A: Divide<T>, T>(a: A, tiler: T, op: &'static str) -> Result<A::Output, Error>
where
    Result<A::Output, Error>: crate::layout::Fits,
{
    let () = Verify::<DivideCheck<A, T>>::OK;
    a.logical_divide_fits(tiler, op, crate::Internal(()))
}

/// The compile-time conditions of `logical_divide(A, T)`, for `Verify`.
pub struct DivideCheck<A, T>(PhantomData<(A, T)>);
impl<A: Divide<T>, T> Check for DivideCheck<A, T> {
    const RESULT: Checked = A::CHECK;
}

/// `((tiles...), rests..., untiled modes...)` (CuTe's `tiled_divide`): the zipped divide with
/// mode 1 spread into the top level (unless it has rank 1).
///
/// ```
/// use cute::mixed::tiled_divide;
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P32, P64};
/// let a = Layout::try_new(hlist![96i64, 128i64], hlist![P1::new(), 100i64]).unwrap();
/// let t = hlist![Layout::<P32, P1>::new(), Layout::<P64, P1>::new()];
/// assert_eq!(tiled_divide(a, t).unwrap().to_string(), "((_32,_64),3,2):((_1,100),_32,6400)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tiled_divide<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<TiledOf<A, T>, Error>
where route::RouteVerdict<route::op::TiledDivide, A, T>: Holds,
    A: Divide<T>,
    A::Output: Parts,
    ShapeOf<A, T>: Zip2By<StrideOf<A, T>, T>,
    Zipped<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    S: Spread<SD>,
    A: crate::mixed::BothStatic<T>,
    crate::mixed::Both<A, T>:
        route::Route<route::op::LogicalDivide, A, T> + route::Verdicts<route::op::TiledDivide, A, T>,
    route::Routed<route::op::LogicalDivide, A, T>: ResultVerdict<crate::statics::names::tiled_divide, A, T>,
    <route::Routed<route::op::LogicalDivide, A, T> as ResultVerdict<crate::statics::names::tiled_divide, A, T>>::Output:
        Holds,
    Result<A::Output, Error>: crate::layout::Fits,
{
    tiled_divide_fits(a, tiler)
}

/// [`tiled_divide`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it). The result's size
/// and cosize fit: they are the logical divide's, checked by [`logical_divide_fits`].
pub(crate) fn tiled_divide_fits<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<TiledOf<A, T>, Error>
where
    A: Divide<T>,
    A::Output: Parts,
    ShapeOf<A, T>: Zip2By<StrideOf<A, T>, T>,
    Zipped<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    S: Spread<SD>,
    Result<A::Output, Error>: crate::layout::Fits,
{
    let (s, d) = zipped_divide_fits(a, tiler, "tiled_divide")?.into_parts();
    Ok(spread_second(Layout { shape: s, stride: d }))
}

/// `(tiles..., rests..., untiled modes...)` (CuTe's `flat_divide`): the zipped divide with both
/// modes spread into the top level.
///
/// ```
/// use cute::mixed::flat_divide;
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P32, P64};
/// let a = Layout::try_new(hlist![96i64, 128i64], hlist![P1::new(), 100i64]).unwrap();
/// let t = hlist![Layout::<P32, P1>::new(), Layout::<P64, P1>::new()];
/// assert_eq!(flat_divide(a, t).unwrap().to_string(), "(_32,_64,3,2):(_1,100,_32,6400)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn flat_divide<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<FlatOf<A, T>, Error>
where route::RouteVerdict<route::op::FlatDivide, A, T>: Holds,
    A: Divide<T>,
    A::Output: Parts,
    ShapeOf<A, T>: Zip2By<StrideOf<A, T>, T>,
    Zipped<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    F: Spread<FD>,
    S: Spread<SD>,
    F::Shapes: core::ops::Add<S::Shapes>,
    F::Strides: core::ops::Add<S::Strides>,
    A: crate::mixed::BothStatic<T>,
    crate::mixed::Both<A, T>:
        route::Route<route::op::LogicalDivide, A, T> + route::Verdicts<route::op::FlatDivide, A, T>,
    route::Routed<route::op::LogicalDivide, A, T>: ResultVerdict<crate::statics::names::flat_divide, A, T>,
    <route::Routed<route::op::LogicalDivide, A, T> as ResultVerdict<crate::statics::names::flat_divide, A, T>>::Output:
        Holds,
    Result<A::Output, Error>: crate::layout::Fits,
{
    flat_divide_fits(a, tiler)
}

/// [`flat_divide`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it). The result's size
/// and cosize fit: they are the logical divide's, checked by [`logical_divide_fits`].
pub(crate) fn flat_divide_fits<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<FlatOf<A, T>, Error>
where
    A: Divide<T>,
    A::Output: Parts,
    ShapeOf<A, T>: Zip2By<StrideOf<A, T>, T>,
    Zipped<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    F: Spread<FD>,
    S: Spread<SD>,
    F::Shapes: core::ops::Add<S::Shapes>,
    F::Strides: core::ops::Add<S::Strides>,
    Result<A::Output, Error>: crate::layout::Fits,
{
    let (s, d) = zipped_divide_fits(a, tiler, "flat_divide")?.into_parts();
    Ok(spread_both(Layout { shape: s, stride: d }))
}

/// The crate root's [`zipped_divide`](crate::zipped_divide) on the runtime route: the logical
/// divide regrouped into `((tiles...), (rests...))`, for each kind of strides (the integer
/// strides' here, through [`zipped_divide`]; basis strides' in `crate::basis`).
///
/// ```
/// use cute::{hlist, zipped_divide, Layout};
/// use cute::typenum::{P1, P32, P64};
/// let a = Layout::try_new(hlist![96i64, 128i64], hlist![P1::new(), 100i64]).unwrap();
/// let t = hlist![Layout::<P32, P1>::new(), Layout::<P64, P1>::new()];
/// assert_eq!(zipped_divide(a, t).unwrap().to_string(), "((_32,_64),(3,2)):((_1,100),(_32,6400))");
/// ```
pub trait DivideZipped<T> {
    /// The zipped divide.
    type Output;
    /// Divide and regroup, the result's size and cosize checked (an error naming `op`, the
    /// function called: [`zipped_divide`](crate::zipped_divide), or the tiled and flat divides,
    /// which regroup this result).
    fn divide_zipped(self, tiler: T, op: &'static str, _: crate::Internal) -> Result<Self::Output, Error>;
}
impl<S, D: MixedTuple, T> DivideZipped<T> for Layout<S, D>
where
    Layout<S, D>: Divide<T>,
    <Layout<S, D> as Divide<T>>::Output: Parts,
    ShapeOf<Layout<S, D>, T>: Zip2By<StrideOf<Layout<S, D>, T>, T>,
    Result<<Layout<S, D> as Divide<T>>::Output, Error>: crate::layout::Fits,
{
    type Output = Zipped<Layout<S, D>, T>;
    #[inline(always)]
    fn divide_zipped(self, tiler: T, op: &'static str, _: crate::Internal) -> Result<Self::Output, Error> {
        zipped_divide_fits(self, tiler, op)
    }
}

/// The crate root's [`tiled_divide`](crate::tiled_divide) on the runtime route (see
/// [`DivideZipped`]): the zipped divide with mode 1 spread into the top level.
///
/// ```
/// use cute::{hlist, tiled_divide, Layout};
/// use cute::typenum::{P1, P32, P64};
/// let a = Layout::try_new(hlist![96i64, 128i64], hlist![P1::new(), 100i64]).unwrap();
/// let t = hlist![Layout::<P32, P1>::new(), Layout::<P64, P1>::new()];
/// assert_eq!(tiled_divide(a, t).unwrap().to_string(), "((_32,_64),3,2):((_1,100),_32,6400)");
/// ```
pub trait DivideTiled<T> {
    /// The tiled divide.
    type Output;
    /// Divide and regroup, the result's size and cosize checked (called by
    /// [`tiled_divide`](crate::tiled_divide)).
    fn divide_tiled(self, tiler: T, _: crate::Internal) -> Result<Self::Output, Error>;
}
impl<S, D: MixedTuple, T, F, FD, SS, SD> DivideTiled<T> for Layout<S, D>
where
    Layout<S, D>: Divide<T>,
    <Layout<S, D> as Divide<T>>::Output: Parts,
    ShapeOf<Layout<S, D>, T>: Zip2By<StrideOf<Layout<S, D>, T>, T>,
    Zipped<Layout<S, D>, T>: Parts<Shape = HCons<F, HCons<SS, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    SS: Spread<SD>,
    Result<<Layout<S, D> as Divide<T>>::Output, Error>: crate::layout::Fits,
{
    type Output = TiledOf<Layout<S, D>, T>;
    #[inline(always)]
    fn divide_tiled(self, tiler: T, _: crate::Internal) -> Result<Self::Output, Error> {
        tiled_divide_fits(self, tiler)
    }
}

/// The crate root's [`flat_divide`](crate::flat_divide) on the runtime route (see
/// [`DivideZipped`]): the zipped divide with both modes spread into the top level.
///
/// ```
/// use cute::{hlist, flat_divide, Layout};
/// use cute::typenum::{P1, P32, P64};
/// let a = Layout::try_new(hlist![96i64, 128i64], hlist![P1::new(), 100i64]).unwrap();
/// let t = hlist![Layout::<P32, P1>::new(), Layout::<P64, P1>::new()];
/// assert_eq!(flat_divide(a, t).unwrap().to_string(), "(_32,_64,3,2):(_1,100,_32,6400)");
/// ```
pub trait DivideFlat<T> {
    /// The flat divide.
    type Output;
    /// Divide and regroup, the result's size and cosize checked (called by
    /// [`flat_divide`](crate::flat_divide)).
    fn divide_flat(self, tiler: T, _: crate::Internal) -> Result<Self::Output, Error>;
}
impl<S, D: MixedTuple, T, F, FD, SS, SD> DivideFlat<T> for Layout<S, D>
where
    Layout<S, D>: Divide<T>,
    <Layout<S, D> as Divide<T>>::Output: Parts,
    ShapeOf<Layout<S, D>, T>: Zip2By<StrideOf<Layout<S, D>, T>, T>,
    Zipped<Layout<S, D>, T>: Parts<Shape = HCons<F, HCons<SS, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    F: Spread<FD>,
    SS: Spread<SD>,
    F::Shapes: core::ops::Add<SS::Shapes>,
    F::Strides: core::ops::Add<SS::Strides>,
    Result<<Layout<S, D> as Divide<T>>::Output, Error>: crate::layout::Fits,
{
    type Output = FlatOf<Layout<S, D>, T>;
    #[inline(always)]
    fn divide_flat(self, tiler: T, _: crate::Internal) -> Result<Self::Output, Error> {
        flat_divide_fits(self, tiler)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::mixed::Detail;
    use frunk_core::hlist;
    use std::string::ToString;
    use typenum::{P1, P2, P4, P64, P8};

    /// A divide by a tile with a runtime stride among several modes, or by more tiler entries
    /// than A has modes: every public function refuses it at compile time
    /// (ui-tests/fail/runtime_*.rs); the walk itself, through its trait, which only they call,
    /// gives an error naming the condition, not a layout.
    #[test]
    fn a_tile_without_a_complement_is_an_error() {
        let a = Layout::<P64, P1>::new();
        let tile = Layout::try_new(hlist![P2::new(), 4i64], hlist![P1::new(), 2i64]).unwrap();
        let e = Divide::logical_divide(a, tile, crate::Internal(())).unwrap_err();
        assert_eq!((e.kind(), e.detail()), (ErrorKind::InvalidArgument, Detail::ComplementRuntime));
        assert_eq!(
            e.to_string(),
            "invalid argument: logical_divide: a leaf is a runtime i64, and the complement of such a layout needs its filtered strides static and non-negative, or a single mode (as in CuTe)"
        );
        let m = Layout::try_new(hlist![P8::new(), 4i64], hlist![P1::new(), P8::new()]).unwrap();
        let e = Divide::logical_divide(m, hlist![P2::new(), P2::new(), P2::new()], crate::Internal(())).unwrap_err();
        assert_eq!((e.kind(), e.detail()), (ErrorKind::TooManyModes, Detail::TooManyModes));
        assert_eq!(e.to_string(), "too many modes: logical_divide: the tiler has more modes than the layout");
        let e =
            Divide::logical_divide(Layout::try_new(8i64, P1::new()).unwrap(), hlist![2i64, 2i64], crate::Internal(()))
                .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooManyModes);
    }

    /// A leaf by a leaf tile in closed form gives, wherever it answers, what the general steps
    /// give (the tile's complement, then the composition), over leaves of both signs and values
    /// near i64's limits; the general steps answer every case it leaves to them with their own
    /// result or error. Static leaves of A and of the tile take the same closed form.
    #[test]
    fn a_leaf_by_a_leaf_tile_is_the_general_steps() {
        let shapes = [1i64, 2, 3, 5, 8, 96, 1 << 31, 1 << 40, i64::MAX - 1, i64::MAX];
        let strides = [i64::MIN + 1, -(1 << 40), -3, -1, 0, 1, 2, 20, 1 << 31, 1 << 40, i64::MAX];
        let (mut closed, mut general) = (0, 0);
        // The closed form of `a / tile` against the general steps, the result of type `$out`.
        macro_rules! compare {
            ($a:expr, $tile:expr, $out:ty, $db:ty) => {{
                let (a, tile): (Layout<i64, i64>, Layout<i64, $db>) = ($a, $tile);
                let want: Result<$out, Error> = <B1 as TileDivide<i64, i64, i64, $db>>::divide_steps(a, tile);
                let (s, t, u) = (a.shape, tile.shape, crate::mixed::Int::value(tile.stride));
                match divide_leaf::<_, _, _, _, $out>(&a.shape, &a.stride, &tile) {
                    Some(l) => {
                        let n = <$out as FromLeaves>::LEAF_COUNT;
                        let got = <$out>::from_leaves(&l.shapes[..n], &l.strides[..n]).unwrap();
                        assert_eq!(Ok(got), want, "{} / {}", a, tile);
                        // The size and the span are the result's, which fits.
                        assert_eq!((got.size(), got.cosize()), (l.size, l.span + 1), "{} / {}", a, tile);
                        assert_eq!(crate::layout::Fits::fits(want, "logical_divide"), want);
                        closed += 1;
                    }
                    None => {
                        // Past the degenerate leaves, only a value past i64 leaves it to the
                        // general steps: their result does not fit.
                        if s > 1 && t > 1 && u > 0 {
                            assert!(crate::layout::Fits::fits(want, "logical_divide").is_err(), "{a} / {tile}");
                        }
                        general += 1;
                    }
                }
            }};
        }
        for &s in &shapes {
            for &d in &strides {
                let Ok(a) = Layout::try_new(s, d) else { continue };
                for &t in &shapes {
                    // A tile of runtime stride: the result keeps three leaves.
                    for &u in &strides {
                        let Ok(tile) = Layout::try_new(t, u) else { continue };
                        compare!(a, tile, <Layout<i64, i64> as Divide<Layout<i64, i64>>>::Output, i64);
                    }
                    // A tile of static stride `_1`: the complement's gap `_1:_1` is not in the
                    // result's type, which keeps two leaves.
                    let tile = Layout::try_new(t, P1::new()).unwrap();
                    compare!(a, tile, <Layout<i64, i64> as Divide<Layout<i64, P1>>>::Output, P1);
                }
            }
        }
        assert!(closed > 1000 && general > 1000, "{closed} {general}");
        // The leaf A by a leaf tile as the crate's functions take it: in closed form, the size
        // and cosize checked as it goes, the same result as the divide checked after it.
        for &(s, d, t, u) in &[(96i64, 3i64, 32i64, 1i64), (8, -5, 3, 2), (i64::MAX, 1, 2, 1), (1 << 40, 1 << 20, 2, 1)]
        {
            let (a, tile) = (Layout::try_new(s, d).unwrap(), Layout::try_new(t, u).unwrap());
            let checked =
                crate::layout::Fits::fits(Divide::logical_divide(a, tile, crate::Internal(())), "logical_divide");
            assert_eq!(
                Divide::logical_divide_fits(a, tile, "logical_divide", crate::Internal(())),
                checked,
                "{a} / {tile}"
            );
        }
        // Two leaves of another kind: a static mode _64 by the static tile _32:_2 has the static
        // complement (_2,_1):(_1,_64), whose `_1` is dropped, so the result is (_32,_2):(2*d,d)
        // (worked by hand), not the two leaves of a tile of stride `_1`.
        let (a, tile) = (Layout::try_new(P64::new(), 3i64).unwrap(), Layout::<typenum::P32, P2>::new());
        let r = Divide::logical_divide_fits(a, tile, "logical_divide", crate::Internal(()));
        assert_eq!(r.unwrap().to_string(), "(_32,_2):(6,3)");
        // Static leaves: 64:1 by 8:2 is (8,(2,4)):(2,(1,16)) (worked by hand: the complement of
        // 8:2 in 64 is (2,4):(1,16), and A is the identity).
        let r =
            Divide::logical_divide(Layout::<P64, P1>::new(), Layout::try_new(8i64, 2i64).unwrap(), crate::Internal(()));
        assert_eq!(r.unwrap().to_string(), "(8,(2,4)):(2,(_1,16))");
    }

    /// A tuple tiler of leaf tiles, or of static tiles of several leaves, over modes that are
    /// leaves (a matrix divided into tiles, mode by mode): the leaves written flat, the size and
    /// cosize checked as they go, give the walk's result checked after it, and where the flat form does not answer the walk decides: the
    /// same result or error, over sampled values of both signs and near i64's limits, with the
    /// flat form answering in most samples and leaving some to the walk.
    #[test]
    fn leaf_modes_by_leaf_tiles_written_flat_are_the_walk() {
        let shapes = [1i64, 2, 3, 5, 8, 96, 1 << 31, 1 << 40, i64::MAX - 1, i64::MAX];
        let strides = [i64::MIN + 1, -(1 << 40), -3, -1, 0, 1, 2, 20, 1 << 31, 1 << 40, i64::MAX];
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut pick = |values: &[i64]| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values[(x % values.len() as u64) as usize]
        };
        let (mut flat, mut walk, mut flat1, mut flat2) = (0, 0, 0, 0);
        // Whether the flat form answered: its leaves are the result's.
        fn from_flat<R: crate::layout::Fits>(out: &FlatResult, _: &R) -> bool {
            R::from_flat(out).is_some()
        }
        // The divide checked as it goes (the flat form where it answers) is the walk's result
        // checked after it; true where the flat form answered.
        macro_rules! flat_is_walk {
            ($a:expr, $tiler:expr, $($text:tt)*) => {{
                let (a, tiler) = ($a, $tiler);
                let want =
                    crate::layout::Fits::fits(Divide::logical_divide(a, tiler, crate::Internal(())), "logical_divide");
                assert_eq!(Divide::logical_divide_fits(a, tiler, "logical_divide", crate::Internal(())), want, $($text)*);
                let mut out = FlatResult::new();
                let written = ByMode::<DivideOp, _, _>::by_mode_flat(&a.shape, &a.stride, &tiler, &mut out);
                written.is_some() && from_flat(&out, &want)
            }};
        }
        type Tile48 = Layout<HCons<P4, HCons<P8, HNil>>, HCons<P1, HCons<P4, HNil>>>;
        type Tile22 = Layout<HCons<P2, HCons<P2, HNil>>, HCons<P1, HCons<P8, HNil>>>;
        let static_tiles = hlist![Tile48::new(), Tile22::new()];
        for _ in 0..200_000 {
            let (s0, s1, t0, t1) = (pick(&shapes), pick(&shapes), pick(&shapes), pick(&shapes));
            let (d0, d1, u0, u1) = (pick(&strides), pick(&strides), pick(&strides), pick(&strides));
            let (Ok(a), Ok(b0), Ok(b1)) =
                (Layout::try_new(hlist![s0, s1], hlist![d0, d1]), Layout::try_new(t0, u0), Layout::try_new(t1, u1))
            else {
                continue;
            };
            let tiler = hlist![b0, b1];
            if flat_is_walk!(a, tiler, "{a} / <{b0},{b1}>") {
                flat += 1;
            } else {
                walk += 1;
            }
            // The regroupings keep these leaves: the zipped divide is the walk's result, checked,
            // then zipped (the tiled and flat divides spread it).
            let zipped =
                crate::layout::Fits::fits(Divide::logical_divide(a, tiler, crate::Internal(())), "zipped_divide")
                    .map(zip_layout::<_, HCons<Layout<i64, i64>, HCons<Layout<i64, i64>, HNil>>>);
            assert_eq!(DivideZipped::divide_zipped(a, tiler, "zipped_divide", crate::Internal(())), zipped);
            // A first tile of static stride `_1` (a tile size, as kernels write it): two leaves
            // for its mode.
            if flat_is_walk!(a, hlist![Layout::try_new(t0, P1::new()).unwrap(), b1], "{a} / <{t0}:_1,{b1}>") {
                flat1 += 1;
            }
            // Tiles of several static leaves (a kernel's tiles): the divisor's leaves scaled.
            if flat_is_walk!(a, static_tiles, "{a} / <(4,8):(1,4),(2,2):(1,8)>") {
                flat2 += 1;
            }
            // A third mode past the tiler's: the walk's (the flat form writes the tiled modes only).
            if let Ok(a3) = Layout::try_new(hlist![s0, s1, 3i64], hlist![d0, d1, 7i64]) {
                let _ = flat_is_walk!(a3, tiler, "{a3} / <{b0},{b1}>");
            }
        }
        assert!(flat > 500 && walk > 500 && flat1 > 500 && flat2 > 500, "{flat} {walk} {flat1} {flat2}");
        // A span past i64 though every stride fits, worked by hand: in (33,2):(2^58-1,1), mode 0
        // by (4,8):(1,4) has the divisor ((4,8),2):((1,4),32) (the complement of the tile's 32
        // contiguous elements in 33 is 2:32), whose strides times d = 2^58-1 fit (32d is
        // 2^63-32) and whose span 3d + 28d + 32d = 63d does not.
        let a = Layout::try_new(hlist![33i64, 2i64], hlist![(1i64 << 58) - 1, 1i64]).unwrap();
        let e = Divide::logical_divide_fits(a, static_tiles, "logical_divide", crate::Internal(())).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Overflow);
        assert_eq!(
            Err(e),
            crate::layout::Fits::fits(Divide::logical_divide(a, static_tiles, crate::Internal(())), "logical_divide")
        );
        // Static leaves in the tiles (a static tile size, a static stride), the static leaves of
        // the result checked: (96,64):(1,100) / <32, 8:_2> is ((32,3),(8,(2,4))):((_1,32),(200,(100,1600))),
        // worked by hand (the complement of 8:2 in 64 is (2,4):(1,16), times 100).
        let a = Layout::try_new(hlist![96i64, 64i64], hlist![P1::new(), 100i64]).unwrap();
        let tiler = hlist![typenum::P32::new(), Layout::<P8, P2>::new()];
        let r = Divide::logical_divide_fits(a, tiler, "logical_divide", crate::Internal(())).unwrap();
        assert_eq!(r.to_string(), "((_32,3),(_8,(_2,4))):((_1,_32),(200,(100,1600)))");
        assert_eq!(
            Ok(r),
            crate::layout::Fits::fits(Divide::logical_divide(a, tiler, crate::Internal(())), "logical_divide")
        );
    }

    /// The zipped, tiled and flat divides check the logical divide's result before regrouping
    /// it (the regroupings keep its leaves), and an error names the function called. Worked by
    /// hand: `(2^62-1, 2):(1, 2^62-1)` by `<2:1, 2:1>` gives modes of sizes `2 * 2^61` and `2`,
    /// whose product, 2^63, does not fit (the flat form leaves it to the walk, whose check
    /// names it).
    #[test]
    fn a_regrouping_names_itself_in_an_overflow() {
        let tiler = hlist![Layout::try_new(2i64, 1i64).unwrap(), Layout::try_new(2i64, 1i64).unwrap()];
        let a = Layout::try_new(hlist![(1i64 << 62) - 1, 2i64], hlist![1i64, (1i64 << 62) - 1]).unwrap();
        let message = |op: &str| std::format!("overflow: {op}: 4611686018427387904 * 2 does not fit in i64");
        let e = crate::logical_divide(a, tiler).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (ErrorKind::Overflow, message("logical_divide")));
        let e = crate::zipped_divide(a, tiler).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (ErrorKind::Overflow, message("zipped_divide")));
        let e = crate::tiled_divide(a, tiler).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (ErrorKind::Overflow, message("tiled_divide")));
        let e = crate::flat_divide(a, tiler).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (ErrorKind::Overflow, message("flat_divide")));
        // Half of it fits: (2^61-1, 2):(1, 2^61-1) divides into 2^60 tiles of 2 in mode 0 and
        // one tile of 2 in mode 1, at strides 1, 2 and 2^61-1, 2^62-2.
        let a = Layout::try_new(hlist![(1i64 << 61) - 1, 2i64], hlist![1i64, (1i64 << 61) - 1]).unwrap();
        assert_eq!(
            crate::tiled_divide(a, tiler).unwrap().to_string(),
            "((2,2),(1,1152921504606846976),(1,1)):((1,2305843009213693951),(1,2),(2305843009213693951,4611686018427387902))"
        );
    }

    /// A divisor whose size passes i64 is an overflow though the result's cosize fits (A's
    /// strides are 0, so the one pass, which checks the cosize, sees nothing past i64). Worked
    /// by hand: `(2, 2^62-1):(0,0)` has size 2^63-2; the complement of `4:1` in it has
    /// `ceil((2^63-2)/4) = 2^61` elements, so the divisor `(4:1, 2^61:4)` has 2^63.
    #[test]
    fn a_divisor_past_i64_is_an_overflow() {
        let a = Layout::try_new(hlist![2i64, (1i64 << 62) - 1], hlist![0i64, 0i64]).unwrap();
        let tile = Layout::try_new(4i64, 1i64).unwrap();
        let message = |op: &str| std::format!("overflow: {op}: 4 * 2305843009213693952 does not fit in i64");
        let e = crate::mixed::logical_divide(a, tile).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (ErrorKind::Overflow, message("logical_divide")));
        let e = crate::mixed::zipped_divide(a, tile).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (ErrorKind::Overflow, message("zipped_divide")));
        // A quarter of it fits: (2, 2^60-1):(0,0) by 4:1 is ((2,2),((1,1),(1,2^59))), all at 0.
        let a = Layout::try_new(hlist![2i64, (1i64 << 60) - 1], hlist![0i64, 0i64]).unwrap();
        assert_eq!(
            crate::mixed::logical_divide(a, tile).unwrap().to_string(),
            "((2,2),((1,1),(1,576460752303423488))):((0,0),((0,0),(0,0)))"
        );
    }

    /// The rest mode may put more in a mode of A than the mode holds (only offsets inside A
    /// must agree with A), and what it adds there counts in the result's cosize. Worked by hand:
    /// `(4,1):(d,5)` by `3:1` has the divisor `(3,2):(1,3)` (size 6, past A's 4); in A's first
    /// mode the tile's part `3:d` spans `2d` and the rest's part `2:3d` spans `3d`, so the
    /// cosize is `5d + 1` (A's second mode adds 0): past i64 for `d = 2^61`, not for `2^60`.
    #[test]
    fn a_rest_past_a_counts_in_the_cosize() {
        let tile = Layout::try_new(3i64, 1i64).unwrap();
        let a = Layout::try_new(hlist![4i64, 1i64], hlist![1i64 << 61, 5i64]).unwrap();
        let e = crate::mixed::logical_divide(a, tile).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Overflow);
        assert_eq!(
            e.to_string(),
            "overflow: logical_divide: 4611686018427387904 + 6917529027641081856 does not fit in i64"
        );
        let a = Layout::try_new(hlist![4i64, 1i64], hlist![1i64 << 60, 5i64]).unwrap();
        let r = crate::mixed::logical_divide(a, tile).unwrap();
        assert_eq!(
            r.to_string(),
            "((3,1),((1,1),(2,1))):((1152921504606846976,5),((1152921504606846976,5),(3458764513820540928,5)))"
        );
        assert_eq!(r.cosize(), 5 * (1i64 << 60) + 1);
    }
}
