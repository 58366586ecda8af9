//! Logical divide and its regroupings: split A into (tile, rest) with a tiler.
//!
//! `logical_divide(A, B) = A o (B, complement(B, shape(coalesce(A))))`, so by the composition
//! post-condition mode 0 of the result is `A o B` (theorems T2 and T4 of the paper) and the
//! result is a function of the same domain size as A when B's complement covers it.

use alloc::vec::Vec;

use super::coalesce::coalesced;
use super::complement::{self, complement_flat};
use super::composition::{compose_coalesced, scale_into, scale_layout_into};
use super::error::{bail, named, Result};
use super::int_tuple::IntTuple;
use super::layout::Layout;
use super::repr::{flat_tokens, scratch, try_build, Builder, CLOSE, INLINE_LEAVES, LEAF, OPEN};
use super::tiler::{tiled_rank, Tiler};
use crate::{arith, flat};

/// The tile of a tiler that is a layout, or an integer `n` as `make_layout(n)`.
pub(crate) fn tile_layout(tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Layout(l) => Ok(l.clone()),
        Tiler::Int(n) => Layout::column_major(IntTuple::Leaf(*n)),
        Tiler::Underscore | Tiler::Tuple(_) => bail!(InvalidArgument, "{} is not a single tile", tiler),
    }
}

/// Split A by a tiler into `(tile, rest)` per tiled mode (CuTe's `logical_divide`).
///
/// Post-conditions: for a layout tiler B, `layout<0>(R) == A o B` as functions, and
/// `R(i) == A(D(i))` with `D = (B, complement(B, shape(coalesce(A))))`. A tuple tiler divides
/// mode by mode; `_` leaves a mode alone.
///
/// ```
/// use cute::dynamic::{logical_divide, Layout, Tiler};
/// let a: Layout = "(8,16):(20,1)".parse().unwrap();
/// let t: Tiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(logical_divide(&a, &t).unwrap().to_string(), "((4,2),(8,2)):((20,80),(2,1))");
/// ```
pub fn logical_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    let r = match tiler {
        Tiler::Underscore => Ok(a.clone()),
        Tiler::Tuple(ts) => try_build(|out| divide_modes(a, tiler, ts, out)),
        _ => try_build(|out| divide_into((a.leaf_shapes(), a.leaf_strides()), tiler, out)),
    };
    named!(r, "logical_divide({}, {})", a, tiler)
}

/// A tuple tiler divides mode by mode, as `by_mode` walks any tiled layout: each mode's leaves
/// are divided where they are and the result written in place (a nested tuple divides its mode
/// as a layout), the modes past the tiler kept.
fn divide_modes(a: &Layout, tiler: &Tiler, ts: &[Tiler], out: &mut Builder<'_>) -> Result<()> {
    tiled_rank(a, tiler, ts, "logical_divide")?;
    let (shapes, strides) = (a.leaf_shapes(), a.leaf_strides());
    out.open();
    for (k, (span, leaves)) in a.repr().mode_spans().enumerate() {
        match ts.get(k) {
            None | Some(Tiler::Underscore) => out.copy(a.repr(), span, leaves),
            Some(t @ Tiler::Tuple(_)) => out.copy_all(logical_divide(&a.mode(k)?, t)?.repr()),
            Some(t) => divide_into((&shapes[leaves.clone()], &strides[leaves]), t, out)?,
        }
    }
    out.close();
    Ok(())
}

/// A, given by its leaves `(shapes, strides)` (a layout's, or one of its modes'), divided by the
/// tile `tiler` (a layout or a size), the result written to `out`.
fn divide_into((shapes, strides): (&[i64], &[i64]), tiler: &Tiler, out: &mut Builder<'_>) -> Result<()> {
    if let (&[s], &[d], Tiler::Layout(b)) = (shapes, strides, tiler) {
        if let (&[t], &[u], true) = (b.leaf_shapes(), b.leaf_strides(), b.repr().token_count() == 1) {
            if s > 1 && t > 1 && u > 0 {
                // A leaf `s:d` (a mode of the layouts kernels divide) by a leaf tile `t:u`: what
                // the steps below compute, without their buffers. A is its own coalesced layout
                // and linear, the tile's complement in `s` is one mode's closed form, and the
                // pair `(t:u, rest)` is written with its strides scaled by `d`. Where the
                // complement overflows, the steps below report it.
                if let Ok((rest, n)) = flat::complement_one(t, u, &[s]) {
                    // The strides scaled in the order of the steps below (the tile's, then the
                    // rest's), which name the first product that overflows.
                    let tile = (t, arith::mul(u, d)?);
                    let (r0, r1) = ((rest[0].0, arith::mul(rest[0].1, d)?), (rest[1].0, arith::mul(rest[1].1, d)?));
                    if n == 1 {
                        out.tree(&[OPEN, LEAF, LEAF, CLOSE], &[tile, r0]);
                    } else {
                        out.tree(&[OPEN, LEAF, OPEN, LEAF, LEAF, CLOSE, CLOSE], &[tile, r0, r1]);
                    }
                    return Ok(());
                }
            }
        }
    }
    let tile;
    let b = match tiler {
        Tiler::Layout(b) => b,
        _ => {
            tile = tile_layout(tiler)?;
            &tile
        }
    };
    if let &[s] = shapes {
        if s > 1 {
            // A leaf of more than one element is its own coalesced layout.
            return divide_coalesced((shapes, strides), (shapes, strides), b, out);
        }
    }
    coalesced!((shape, stride) = (shapes, strides), false);
    divide_coalesced((shapes, strides), (shape, stride), b, out)
}

/// [`divide_into`] by the tile `b`, given A's leaves `(shapes, strides)` and `coalesce(A)`
/// `(shape, stride)`.
// Out of line: inlined, its frame would be set up on the closed form's path too.
#[inline(never)]
fn divide_coalesced(
    (shapes, strides): (&[i64], &[i64]),
    (shape, stride): (&[i64], &[i64]),
    b: &Layout,
    out: &mut Builder<'_>,
) -> Result<()> {
    // The rest, B's complement in the shape of the coalesced A.
    let cap = b.leaf_shapes().len().saturating_add(2);
    scratch!(rest_shape: [i64; cap]);
    scratch!(rest_stride: [i64; cap]);
    let error = |c| complement::error(b, &Layout::from_flat_slices(shape, stride, false).shape(), c);
    let n = complement_flat(b, shape, true, &error, rest_shape, rest_stride)?;
    let rest = (&rest_shape[..n], &rest_stride[..n]);
    // The rest mode may reach past A (a tile that does not divide A); as in CuTe, only offsets
    // inside A's domain have to agree with A.
    let size = arith::product(shapes)?;
    // The composition's coalesce_x(A) is coalesce(A) unless A's last leaf has size 1 (kept).
    let len = if shapes.last() == Some(&1) { shapes.len() } else { 0 };
    scratch!(x_shape: [i64; len]);
    scratch!(x_stride: [i64; len]);
    let (a_shape, a_stride) = match shapes.last() {
        Some(1) => {
            let n = flat::coalesce(shapes, strides, true, x_shape, x_stride)?;
            (&x_shape[..n], &x_stride[..n])
        }
        _ => (shape, stride),
    };
    if a_shape.len() == 1 {
        // A is linear: the pair (B, rest) with its strides scaled, written without building it.
        let mut produced = 0;
        out.open();
        let d = a_stride[0];
        scale_layout_into(b, d, &mut produced, out)?;
        if produced.saturating_add(n) <= INLINE_LEAVES {
            // The rest's few leaves, scaled in place, written as one run.
            for r in rest_stride[..n].iter_mut() {
                *r = arith::mul(*r, d)?;
            }
            out.flat(rest_shape[..n].iter().copied().zip(rest_stride[..n].iter().copied()), false);
        } else {
            scale_into(flat_tokens(n), rest, d, &mut produced, out)?;
        }
        out.close();
        return Ok(());
    }
    // The pair is built in a layout of this frame and read there (`build` would move its 320
    // bytes out: 85 more instructions per divide).
    let mut storage = Layout::trivial();
    let mut pair = Builder::over(&mut storage);
    pair.open();
    pair.copy_all(b.repr());
    pair.flat(rest.0.iter().copied().zip(rest.1.iter().copied()), false);
    pair.close();
    pair.settle();
    compose_coalesced((a_shape, a_stride), &storage, Some(size), 1, out)
}

/// Gather the rank-2 modes that a tiler's leaves produced: `((t0,t1,..),(r0,r1,..,extra..))`
/// (CuTe's `tile_unzip` / `zip2_by`).
pub(crate) fn zip2_by(l: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Tuple(ts) => {
            let modes = l.modes();
            if ts.len() > modes.len() {
                bail!(RankMismatch, "zip2_by({}, {}): the tiler has more modes than the layout", l, tiler);
            }
            let mut firsts = Vec::new();
            let mut seconds = Vec::new();
            for (m, t) in modes.iter().zip(ts) {
                let z = zip2_by(m, t)?;
                firsts.push(z.mode(0)?);
                seconds.push(z.mode(1)?);
            }
            seconds.extend_from_slice(&modes[ts.len()..]);
            Ok(Layout::from_modes(alloc::vec![Layout::from_modes(firsts), Layout::from_modes(seconds)]))
        }
        _ => {
            if l.shape().is_leaf() || l.rank() != 2 {
                bail!(RankMismatch, "zip2_by({}, {}): expected a rank-2 layout", l, tiler);
            }
            Ok(l.clone())
        }
    }
}

/// Spread the modes of mode `i` of `l` into the top level, unless that mode has rank 1
/// (CuTe's slicing with `repeat<R>(_)`).
pub(crate) fn unpack(l: &Layout, spread: &[bool]) -> Result<Layout> {
    let mut out = Vec::new();
    for (i, m) in l.modes().into_iter().enumerate() {
        if spread.get(i).copied().unwrap_or(false) && m.rank() > 1 {
            out.extend(m.modes());
        } else {
            out.push(m);
        }
    }
    Ok(Layout::from_modes(out))
}

/// `((tiles...), (rests..., other modes...))` (CuTe's `zipped_divide`).
///
/// Post-condition: `layout<0>(R) == A o B` as functions (T4).
///
/// ```
/// use cute::dynamic::{zipped_divide, Layout, Tiler};
/// let a: Layout = "(8,16):(20,1)".parse().unwrap();
/// let t: Tiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(zipped_divide(&a, &t).unwrap().to_string(), "((4,8),(2,2)):((20,2),(80,1))");
/// ```
pub fn zipped_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    named!(logical_divide(a, tiler).and_then(|l| zip2_by(&l, tiler)), "zipped_divide({}, {})", a, tiler)
}

/// `((tiles...), rests..., other modes...)` (CuTe's `tiled_divide`).
///
/// ```
/// use cute::dynamic::{tiled_divide, Layout, Tiler};
/// let a: Layout = "(8,16):(20,1)".parse().unwrap();
/// let t: Tiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(tiled_divide(&a, &t).unwrap().to_string(), "((4,8),2,2):((20,2),80,1)");
/// ```
pub fn tiled_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    named!(zipped_divide(a, tiler).and_then(|z| unpack(&z, &[false, true])), "tiled_divide({}, {})", a, tiler)
}

/// `(tiles..., rests..., other modes...)` (CuTe's `flat_divide`).
///
/// ```
/// use cute::dynamic::{flat_divide, Layout, Tiler};
/// let a: Layout = "(8,16):(20,1)".parse().unwrap();
/// let t: Tiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(flat_divide(&a, &t).unwrap().to_string(), "(4,8,2,2):(20,2,80,1)");
/// ```
pub fn flat_divide(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    named!(zipped_divide(a, tiler).and_then(|z| unpack(&z, &[true, true])), "flat_divide({}, {})", a, tiler)
}
