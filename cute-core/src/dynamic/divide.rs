//! Logical divide and its regroupings: split A into (tile, rest) with a tiler.
//!
//! `logical_divide(A, B) = A o (B, complement(B, shape(coalesce(A))))`, so by the composition
//! post-condition mode 0 of the result is `A o B` (theorems T2 and T4 of the paper) and the
//! result is a function of the same domain size as A when B's complement covers it.

use core::ops::Range;

use super::coalesce::coalesced;
use super::complement::{self, complement_flat};
use super::composition::{compose_coalesced, scale_into, scale_layout_into, Guarded};
use super::error::{bail, named, Result};
use super::int_tuple::IntTuple;
use super::layout::Layout;
use super::repr::{build, flat_tokens, scratch, try_build, Builder, Repr, Window, CLOSE, INLINE_LEAVES, LEAF, OPEN};
use super::tiler::{tiled_rank, Tiler};
use crate::{arith, flat};

/// The tile of a tiler that is a layout, or an integer `n` as `make_layout(n)`.
pub(crate) fn tile_layout(tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Layout(l) => Ok(l.clone()),
        // `make_layout(n)`: `n:1`, `1:0` for one element (a non-positive size is the error
        // of `column_major`).
        Tiler::Int(n) if *n > 0 => Ok(Layout::leaf(*n, if *n == 1 { 0 } else { 1 })),
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
    // The one pass takes a tiler of exactly A's rank, so it needs no rank check of its own.
    if divide_leaf_modes(a, ts, out) {
        return Ok(());
    }
    tiled_rank(a, tiler, ts, "logical_divide")?;
    divide_each_mode(a, ts, out)
}

/// [`divide_modes`] mode by mode.
#[inline(always)]
fn divide_each_mode(a: &Layout, ts: &[Tiler], out: &mut Builder<'_>) -> Result<()> {
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

/// [`divide_modes`] in one pass where every mode of A is a leaf `s:d` with `s > 1` (a tuple of
/// leaves, as most layouts kernels divide) and its tile a layout, or a size `n > 1` (`n:1`), whose
/// complement in `s` a leaf's closed form ([`flat::complement_one`]) or the one pass
/// ([`flat::complement_positive_in`]) answers: each mode is the pair
/// `(tile, rest)` with its strides scaled by `d`, what [`divide_into`] writes mode by mode,
/// written straight into the result's inline storage and counted at the end. `false` (nothing
/// written) elsewhere, where the mode-by-mode walk decides, names what fails and spills.
#[inline(always)]
fn divide_leaf_modes(a: &Layout, ts: &[Tiler], out: &mut Builder<'_>) -> bool {
    let (shapes, strides) = (a.leaf_shapes(), a.leaf_strides());
    if !a.repr().is_flat_tuple() || ts.len() != shapes.len() {
        return false;
    }
    let Some(mut w) = out.window() else { return false };
    // The rest of a tile of several leaves, the one pass's modes (cleared once for all modes).
    let (mut rs, mut rd) = ([0i64; flat::SORTED + 1], [0i64; flat::SORTED + 1]);
    w.token(OPEN);
    for ((&s, &d), t) in shapes.iter().zip(strides).zip(ts) {
        if s <= 1 {
            return false;
        }
        let leaf_tile = match t {
            Tiler::Layout(b) => b.repr().as_leaf(),
            Tiler::Int(n) => Some((*n, 1)),
            _ => return false,
        };
        w.token(OPEN);
        let written = match (leaf_tile, t) {
            // A leaf tile `t:u`: its complement's closed form, as `divide_into` takes it.
            (Some((t, u)), _) if t > 1 && u > 0 => {
                let Ok((rest, n)) = flat::complement_one(t, u, &[s]) else { return false };
                let Some(ud) = u.checked_mul(d) else { return false };
                w.values(t, ud);
                w.token(LEAF);
                write_flat(&mut w, rest[..n].iter().copied(), d)
            }
            (_, Tiler::Layout(b)) => {
                let (bs, bd) = (b.leaf_shapes(), b.leaf_strides());
                let Some(n) = flat::complement_positive_in(bs, bd, &[s], &mut rs, &mut rd) else {
                    return false;
                };
                // A flat tile of several leaves (the usual one) is a run of leaves like the rest.
                let tile = if bs.len() > 1 && b.repr().is_flat_tuple() {
                    write_flat(&mut w, bs.iter().copied().zip(bd.iter().copied()), d)
                } else {
                    w.copy_scaled(b.repr(), d)
                };
                tile && write_flat(&mut w, rs[..n].iter().copied().zip(rd[..n].iter().copied()), d)
            }
            _ => return false,
        };
        if !written {
            return false;
        }
        w.token(CLOSE);
    }
    w.token(CLOSE);
    w.commit()
}

/// The flat run of leaves `leaves` (a tile or a rest of [`divide_leaf_modes`]) with their
/// strides scaled by `d`: one leaf alone, else a tuple; `false` where a product passes i64.
#[inline(always)]
fn write_flat(w: &mut Window<'_>, leaves: impl ExactSizeIterator<Item = (i64, i64)>, d: i64) -> bool {
    let n = leaves.len();
    for (rs, rd) in leaves {
        match rd.checked_mul(d) {
            Some(v) => w.values(rs, v),
            None => return false,
        }
    }
    w.run_tokens(n);
    true
}

/// A, given by its leaves `(shapes, strides)` (a layout's, or one of its modes'), divided by the
/// tile `tiler` (a layout or a size), the result written to `out`.
// Always inlined: a leaf by a leaf tile takes its closed form in the caller's frame, without the
// frame of the general steps (`divide_general`).
#[inline(always)]
fn divide_into((shapes, strides): (&[i64], &[i64]), tiler: &Tiler, out: &mut Builder<'_>) -> Result<()> {
    let tile = match tiler {
        Tiler::Layout(b) => b.repr().as_leaf(),
        // `make_layout(n)`, `n:1` for `n > 1`.
        Tiler::Int(n) => Some((*n, 1)),
        _ => None,
    };
    if let (&[s], &[d], Some((t, u))) = (shapes, strides, tile) {
        if s > 1 && t > 1 && u > 0 {
            // A leaf `s:d` (a mode of the layouts kernels divide) by a leaf tile `t:u`: what
            // the general steps compute, without their buffers. A is its own coalesced layout
            // and linear, the tile's complement in `s` is one mode's closed form, and the pair
            // `(t:u, rest)` is written with its strides scaled by `d`. Where the complement
            // overflows, the general steps report it.
            if let Ok((rest, n)) = flat::complement_one(t, u, &[s]) {
                // The strides scaled in the order of the general steps (the tile's, then the
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
    if let (&[s], &[d], Tiler::Layout(b)) = (shapes, strides, tiler) {
        if s > 1 {
            if let Some(r) = divide_linear(s, d, b, out) {
                return r;
            }
        }
    }
    divide_general((shapes, strides), tiler, out)
}

/// The rest's leaves [`divide_linear`] holds: the one pass answers for at most eight modes of
/// the tile, and writes a gap per mode and the last mode.
const LINEAR_REST: usize = 10;

/// A leaf `s:d` with `s > 1` (its own coalesced layout, linear on its extended domain) by a
/// tile `b` whose kept modes have positive strides: the pair `(b, rest)` with its strides
/// scaled by `d`, `rest` the tile's complement in `s` by its one pass. What the general steps
/// give (they take the same linear path after the coalesces and buffers this skips); `None`
/// where the one pass does not answer, which the general steps then decide.
#[inline(never)]
fn divide_linear(s: i64, d: i64, b: &Layout, out: &mut Builder<'_>) -> Option<Result<()>> {
    let (mut rest_shape, mut rest_stride) = ([0i64; LINEAR_REST], [0i64; LINEAR_REST]);
    let n = flat::complement_positive(b.leaf_shapes(), b.leaf_strides(), &[s], &mut rest_shape, &mut rest_stride)?;
    Some(write_scaled_pair(b, (&rest_shape[..n], &mut rest_stride[..n]), d, out))
}

/// The pair `(b, rest)` composed with a linear A, one mode `_:d` (each stride times `d`: what
/// the composition's walk gives, without it), written to `out`. The rest's strides are scaled
/// in place.
// Always inlined into its two callers, whose rest sits in their own frames.
#[inline(always)]
fn write_scaled_pair(
    b: &Layout,
    (rest_shape, rest_stride): (&[i64], &mut [i64]),
    d: i64,
    out: &mut Builder<'_>,
) -> Result<()> {
    let n = rest_shape.len();
    let mut produced = 0;
    out.open();
    scale_layout_into(b, d, &mut produced, out)?;
    if produced.saturating_add(n) <= INLINE_LEAVES {
        // The rest's few leaves, scaled in place, written as one run.
        for r in rest_stride.iter_mut() {
            *r = arith::mul(*r, d)?;
        }
        out.flat(rest_shape.iter().copied().zip(rest_stride.iter().copied()), false);
    } else {
        scale_into(flat_tokens(n), (rest_shape, rest_stride), d, &mut produced, out)?;
    }
    out.close();
    Ok(())
}

/// [`divide_into`] by its general steps: the tile's complement in `coalesce(A)`, then A composed
/// with the pair.
#[inline(never)]
fn divide_general((shapes, strides): (&[i64], &[i64]), tiler: &Tiler, out: &mut Builder<'_>) -> Result<()> {
    let tile;
    let b = match tiler {
        Tiler::Layout(b) => b,
        _ => {
            tile = tile_layout(tiler)?;
            &tile
        }
    };
    // A's leaves in place where they are their own coalesce (a leaf of more than one element).
    coalesced!((shape, stride) = (shapes, strides), false);
    divide_coalesced((shapes, strides), (shape, stride), b, out)
}

/// [`divide_general`] by the tile `b`, given A's leaves `(shapes, strides)` and `coalesce(A)`
/// `(shape, stride)`.
// Always inlined into its one caller: a frame of its own cost a small divide 30 instructions.
#[inline(always)]
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
    // A tile of one leaf (the usual one) takes its complement's closed form (A's shapes are
    // positive); anything else, or an overflow, the complement's one pass or walk.
    let leaf_tile = b.repr().as_leaf();
    let one = match leaf_tile {
        Some((t, u)) if t > 1 && u > 0 => flat::complement_one(t, u, shape).ok(),
        _ => None,
    };
    let n = match one {
        Some((modes, k)) => {
            for ((rs, rd), &(ms, md)) in rest_shape.iter_mut().zip(rest_stride.iter_mut()).zip(&modes[..k]) {
                (*rs, *rd) = (ms, md);
            }
            k
        }
        None => complement_flat(b, shape, true, &error, rest_shape, rest_stride)?,
    };
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
        return write_scaled_pair(b, (&rest_shape[..n], &mut rest_stride[..n]), a_stride[0], out);
    }
    // The pair `(b, rest)` composed in one pass without building it, where that pass answers:
    // B's leaves agree with A everywhere, the rest's only below A's size.
    if let Some(mut g) = Guarded::new(out, (a_shape, a_stride), Some(size)) {
        g.token(OPEN);
        if let Some((t, u)) = leaf_tile {
            g.leaf(t, u, true);
        } else {
            let mut leaves = b.leaf_shapes().iter().zip(b.leaf_strides());
            for t in b.repr().tokens() {
                if t != LEAF {
                    g.token(t);
                } else if let Some((&s, &d)) = leaves.next() {
                    g.leaf(s, d, true);
                } else {
                    g.give_up();
                }
            }
        }
        let wrap = n != 1;
        if wrap {
            g.token(OPEN);
        }
        for (&s, &d) in rest.0.iter().zip(rest.1) {
            g.leaf(s, d, false);
        }
        if wrap {
            g.token(CLOSE);
        }
        g.token(CLOSE);
        if g.finish() {
            return Ok(());
        }
    }
    // Else the pair is built in a layout of this frame and read there (`build` would move its
    // 320 bytes out: 85 more instructions per divide).
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
    let r = l.repr();
    let whole = (0..r.token_count(), 0..r.shapes().len());
    check_zip(r, whole.clone(), tiler)?;
    if !matches!(tiler, Tiler::Tuple(_)) {
        return Ok(l.clone());
    }
    // The tiles, then the rests and the modes past the tiler, each read in place.
    Ok(build(|out| {
        out.open();
        zip_part(r, whole.clone(), tiler, 0, out);
        zip_part(r, whole, tiler, 1, out);
        out.close();
    }))
}

/// A sub-tree of a layout's profile: its tokens and its leaves.
type Span = (Range<usize>, Range<usize>);

/// The conditions of `zip2_by` on the sub-tree `at` of `r`: a tuple tiler has at most its
/// modes, and any other tiler meets a mode of rank 2 (the mode it tiled). The error names the
/// sub-tree.
fn check_zip(r: &Repr, at: Span, tiler: &Tiler) -> Result<()> {
    let sub = || build(|b| b.copy(r, at.0.clone(), at.1.clone()));
    let rank = r.sub_modes(at.0.clone(), at.1.clone()).count();
    match tiler {
        Tiler::Tuple(ts) => {
            if ts.len() > rank {
                bail!(RankMismatch, "zip2_by({}, {}): the tiler has more modes than the layout", sub(), tiler);
            }
            r.sub_modes(at.0.clone(), at.1.clone()).zip(ts).try_for_each(|(m, t)| check_zip(r, m, t))
        }
        _ if at.0.len() == 1 || rank != 2 => {
            bail!(RankMismatch, "zip2_by({}, {}): expected a rank-2 layout", sub(), tiler)
        }
        _ => Ok(()),
    }
}

/// Part `which` of `zip2_by` of the sub-tree `at` of `r` (whose conditions `check_zip` found
/// to hold), written to `out`: 0 the tiles, 1 the rests and the modes past the tiler.
fn zip_part(r: &Repr, at: Span, tiler: &Tiler, which: usize, out: &mut Builder<'_>) {
    match tiler {
        Tiler::Tuple(ts) => {
            out.open();
            for (k, (span, leaves)) in r.sub_modes(at.0, at.1).enumerate() {
                match ts.get(k) {
                    Some(t) => zip_part(r, (span, leaves), t, which, out),
                    None if which == 1 => out.copy(r, span, leaves),
                    None => {}
                }
            }
            out.close();
        }
        _ => {
            if let Some((span, leaves)) = r.sub_modes(at.0, at.1).nth(which) {
                out.copy(r, span, leaves);
            }
        }
    }
}

/// Spread the modes of mode `i` of `l` into the top level, unless that mode has rank 1
/// (CuTe's slicing with `repeat<R>(_)`).
pub(crate) fn unpack(l: &Layout, spread: &[bool]) -> Result<Layout> {
    let r = l.repr();
    Ok(build(|out| {
        out.open();
        for (i, (span, leaves)) in r.mode_spans().enumerate() {
            let spreads = spread.get(i).copied().unwrap_or(false);
            if spreads && r.sub_modes(span.clone(), leaves.clone()).nth(1).is_some() {
                r.sub_modes(span, leaves).for_each(|(s, l)| out.copy(r, s, l));
            } else {
                out.copy(r, span, leaves);
            }
        }
        out.close();
    }))
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

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn layout(text: &str) -> Layout {
        text.parse().unwrap()
    }

    fn tiler(text: &str) -> Tiler {
        text.parse().unwrap()
    }

    /// The one pass over a tuple of leaves ([`divide_leaf_modes`]) gives what the mode-by-mode
    /// walk gives wherever it answers, written after other leaves in the builder, and declines
    /// without writing: every A of one and two leaves over small shapes and strides of both
    /// signs, by tiles of one and two leaves, sizes and `_`.
    #[test]
    fn the_one_pass_by_mode_is_the_mode_by_mode_walk() {
        // Under Miri (which checks the window's writes against the inline storage's invariant)
        // a subset, each outcome still met.
        let (extents, steps): (&[i64], &[i64]) =
            if cfg!(miri) { (&[1, 6, 8], &[-2, 1, 3]) } else { (&[1, 2, 3, 6, 8], &[-2, 0, 1, 3, 8]) };
        let leaves: alloc::vec::Vec<(i64, i64)> =
            extents.iter().flat_map(|&s| steps.iter().map(move |&d| (s, d))).collect();
        let all_tiles = [
            "2:1",
            "4:2",
            "3:1",
            "1:0",
            "2:-1",
            "5:1",
            "8:1",
            "(2,2):(1,4)",
            "(2,2):(4,1)",
            "(2,3):(3,1)",
            "(2,2):(1,2)",
            "(4,2):(2,1)",
            "(2,2):(0,1)",
            "(2,2):(-1,2)",
            "((2,2),2):((1,4),8)",
            "(2):(1)",
            "(2,2,2):(1,4,16)",
            "4",
            "1",
            "_",
        ];
        let tiles: &[&str] =
            if cfg!(miri) { &["2:1", "4:2", "(2,2):(1,4)", "(2,2):(4,1)", "4", "_"] } else { &all_tiles };
        let run = |a: &Layout, ts: &[Tiler], fast: bool| {
            let mut took = false;
            let r = try_build(|out| {
                out.open();
                out.leaf(5, 7);
                if fast {
                    took = divide_leaf_modes(a, ts, out);
                } else {
                    divide_each_mode(a, ts, out)?;
                }
                out.close();
                Ok(())
            });
            (took, r.map_or_else(|e| e.to_string(), |l| l.to_string()))
        };
        let (mut took, mut declined) = (0, 0);
        let mut check = |a: &Layout, ts: &[Tiler]| {
            let (fast, got) = run(a, ts, true);
            let text =
                || alloc::format!("{} / {:?}", a, ts.iter().map(|t| t.to_string()).collect::<alloc::vec::Vec<_>>());
            if fast {
                assert_eq!(got, run(a, ts, false).1, "{}", text());
                took += 1;
            } else {
                assert_eq!(got, "(5):(7)", "{}", text());
                declined += 1;
            }
        };
        for &(s0, d0) in &leaves {
            let a = layout(&alloc::format!("({}):({})", s0, d0));
            for t in tiles {
                check(&a, &[tiler(t)]);
            }
            for &(s1, d1) in &leaves {
                let a = layout(&alloc::format!("({},{}):({},{})", s0, s1, d0, d1));
                for t0 in tiles {
                    for t1 in ["2:1", "(2,2):(1,4)", "4", "_"] {
                        check(&a, &[tiler(t0), tiler(t1)]);
                    }
                }
            }
        }
        let least = if cfg!(miri) { 100 } else { 5_000 };
        assert!(took > least && declined > least, "{} {}", took, declined);
    }

    /// A divide by a layout composes A with the pair `(tile, rest)` in one pass without building
    /// the pair, where that pass answers: the result is the exact walk's on the built pair, and
    /// an error where it fails, over A of two modes and tiles of one and two leaves.
    #[test]
    fn the_one_pass_divide_is_the_exact_walk_on_the_pair() {
        use crate::dynamic::composition::compose_exact;
        let tiles = [
            "2:1",
            "4:2",
            "8:2",
            "3:1",
            "2:3",
            "1:0",
            "4:-1",
            "(2,2):(1,4)",
            "(2,2):(4,1)",
            "(2,4):(1,16)",
            "(4,2):(2,1)",
            "(2,2):(-1,2)",
            "(2,3):(1,8)",
        ];
        let (mut ok, mut err) = (0, 0);
        for (s0, s1) in [(8i64, 16i64), (4, 6), (6, 4), (2, 8), (12, 2)] {
            for (d0, d1) in [(20i64, 1i64), (1, 100), (3, 1), (2, -1), (5, 7)] {
                let a = layout(&alloc::format!("({},{}):({},{})", s0, s1, d0, d1));
                for t in tiles {
                    let tile = layout(t);
                    let got = logical_divide(&a, &Tiler::Layout(tile.clone()));
                    let shape: IntTuple = crate::dynamic::coalesce(&a).unwrap().shape().clone();
                    let exact = crate::dynamic::complement(&tile, &shape).and_then(|rest| {
                        let pair = Layout::from_modes(alloc::vec![tile.clone(), rest]);
                        try_build(|out| compose_exact((&[s0, s1], &[d0, d1]), &pair, Some(s0 * s1), 1, out))
                    });
                    match exact {
                        Ok(e) => {
                            assert_eq!(got.map(|l| l.to_string()).ok(), Some(e.to_string()), "{} / {}", a, t);
                            ok += 1;
                        }
                        Err(_) => {
                            assert!(got.is_err(), "{} / {}", a, t);
                            err += 1;
                        }
                    }
                }
            }
        }
        assert!(ok > 100 && err > 20, "{} {}", ok, err);
        // A trailing mode of size 1 extends A's first mode past the bound, where the tile's leaves
        // must still agree with A: (8,1):(1,1) is `x -> x mod 8 + x div 8`, so the tile 4:6 reads
        // A at 0, 6, 12, 18, which gives 0, 6, 5, 4, no layout (worked by hand).
        let e = logical_divide(&layout("(8,1):(1,1)"), &tiler("(4):(6)")).unwrap_err();
        assert_eq!(e.kind(), crate::dynamic::ErrorKind::StrideDivisibility);
        assert_eq!(
            e.to_string(),
            "stride divisibility: composition (8,2):(1,1) o 4:6: stride 6 does not divide shape 8"
        );
    }

    /// `zip2_by` gathers each tiled mode's first mode, then its second and the untiled modes
    /// (CuTe's `tile_unzip`), nested as the tiler nests; results worked by hand.
    #[test]
    fn zip2_by_gathers_the_tiles_then_the_rests() {
        let l = layout("((4,2),(8,2)):((20,80),(2,1))");
        assert_eq!(zip2_by(&l, &tiler("<4:1,8:2>")).unwrap().to_string(), "((4,8),(2,2)):((20,2),(80,1))");
        let l = layout("((4,2),(8,2),7):((20,80),(2,1),500)");
        assert_eq!(zip2_by(&l, &tiler("<4:1,8:2>")).unwrap().to_string(), "((4,8),(2,2,7)):((20,2),(80,1,500))");
        let nested = layout("(((2,2),(3,2)),(4,2)):(((1,2),(4,12)),(24,96))");
        assert_eq!(
            zip2_by(&nested, &tiler("<<2:1,3:1>,4:1>")).unwrap().to_string(),
            "(((2,3),4),((2,2),2)):(((1,4),24),((2,12),96))"
        );
        // A tile that is not a tuple leaves the (tile, rest) pair as it is.
        assert_eq!(zip2_by(&layout("(4,2):(1,4)"), &tiler("4:1")).unwrap().to_string(), "(4,2):(1,4)");
    }

    /// Its conditions name the (sub-)layout that violates them.
    #[test]
    fn zip2_by_names_the_mode_of_a_violated_condition() {
        let e = zip2_by(&layout("(4,2):(1,4)"), &tiler("<2:1,2:1,2:1>")).unwrap_err();
        assert_eq!(e.kind(), crate::dynamic::ErrorKind::RankMismatch);
        assert_eq!(
            e.to_string(),
            "rank mismatch: zip2_by((4,2):(1,4), <2:1,2:1,2:1>): the tiler has more modes than the layout"
        );
        let e = zip2_by(&layout("(8,(4,2)):(1,(8,32))"), &tiler("<2:1,4:1>")).unwrap_err();
        assert_eq!(e.to_string(), "rank mismatch: zip2_by(8:1, 2:1): expected a rank-2 layout");
    }

    /// A divide of A's leaves into a builder.
    type DivideInto = fn((&[i64], &[i64]), &Tiler, &mut Builder<'_>) -> Result<()>;

    /// A leaf by a leaf tile or a size takes the closed form, and by a tile of several modes the
    /// linear pair, which give what the general steps give (the layout, or the error's message)
    /// on small leaves and tiles of every sign.
    #[test]
    fn the_closed_form_of_a_leaf_by_a_leaf_tile_is_the_general_steps() {
        let tiles = [
            "1",
            "2",
            "3",
            "4",
            "24",
            "2:3",
            "4:2",
            "3:0",
            "5:-1",
            "24:1",
            "7:5",
            "1:3",
            "(2,2):(1,4)",
            "(4,8):(1,4)",
            "(8,4):(8,1)",
            "(2,3):(3,1)",
            "(2,2):(4,1)",
            "(2,(3,2)):(1,(4,24))",
            "(3,2):(0,3)",
            "(2,2):(-1,4)",
        ];
        for s in 1..=24 {
            for d in [-3, -1, 0, 1, 2, 5, 7, 1 << 61] {
                for text in tiles {
                    let t = tiler(text);
                    let run = |f: DivideInto| {
                        try_build(|out| f((&[s], &[d]), &t, out)).map(|l| l.to_string()).map_err(|e| e.to_string())
                    };
                    let (fast, general) = (run(divide_into), run(divide_general));
                    assert_eq!(fast, general, "{s}:{d} / {text}");
                }
            }
        }
    }

    /// `unpack` spreads the chosen modes of rank past 1 into the top level.
    #[test]
    fn unpack_spreads_the_chosen_modes() {
        let z = layout("((4,8),(2,2)):((20,2),(80,1))");
        assert_eq!(unpack(&z, &[false, true]).unwrap().to_string(), "((4,8),2,2):((20,2),80,1)");
        assert_eq!(unpack(&z, &[true, true]).unwrap().to_string(), "(4,8,2,2):(20,2,80,1)");
        assert_eq!(unpack(&layout("(4,(2)):(1,(4))"), &[false, true]).unwrap().to_string(), "(4,(2)):(1,(4))");
        assert_eq!(unpack(&layout("8:1"), &[true]).unwrap().to_string(), "(8):(1)");
    }

    /// Past the inline storage (18 leaves) the regroupings read the heap's profile the same way.
    #[test]
    fn regroupings_past_the_inline_leaves() {
        let half = |base: i64| (0..9).map(|i| (2, base << i)).collect::<alloc::vec::Vec<_>>();
        let text = |modes: &[(i64, i64)]| {
            let s: alloc::vec::Vec<_> = modes.iter().map(|m| m.0.to_string()).collect();
            let d: alloc::vec::Vec<_> = modes.iter().map(|m| m.1.to_string()).collect();
            (s.join(","), d.join(","))
        };
        let ((s0, d0), (s1, d1)) = (text(&half(1)), text(&half(1 << 9)));
        let z = layout(&alloc::format!("(({s0}),({s1})):(({d0}),({d1}))"));
        assert!(z.flat_modes().len() > crate::dynamic::INLINE_LEAVES);
        let flat = unpack(&z, &[true, true]).unwrap();
        assert_eq!(flat.to_string(), alloc::format!("({s0},{s1}):({d0},{d1})"));
        // Two tiled modes `(tile, rest)` of 9 and 8 leaves in their tiles.
        let (t1, e1) = text(&half(1 << 9)[..8]);
        let l = layout(&alloc::format!("((({s0}),3),(({t1}),5)):((({d0}),7),(({e1}),11))"));
        let zipped = zip2_by(&l, &tiler("<2:1,2:1>")).unwrap();
        assert_eq!(zipped.to_string(), alloc::format!("((({s0}),({t1})),(3,5)):((({d0}),({e1})),(7,11))"));
    }
}
