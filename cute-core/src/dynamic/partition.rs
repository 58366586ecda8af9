//! Partitioning: the tile of a block (`local_tile`, `inner_partition`), the share of a thread
//! (`local_partition`, `outer_partition`), and thread-value layouts (`make_layout_tv`,
//! `partition_tv`), with CuTe's names and semantics.
//!
//! Each is a divide followed by a slice: `zipped_divide(A, tiler)` is `((tile...), (rest...))`;
//! fixing the rest modes gives one tile (inner), fixing the tile modes gives one element of
//! every tile (outer). A slice returns the kept modes and the offset of the fixed coordinates
//! (CuTe's `slice_and_offset`), so the result of each function is `(layout, offset)`: the
//! sub-tensor at `offset` with that layout. Unlike CuTe, a fixed coordinate outside its mode is
//! an error ([`IndexOutOfRange`](super::ErrorKind::IndexOutOfRange)), not an offset past the
//! tile grid.

use alloc::vec::Vec;

use super::composition::composition;
use super::divide::zipped_divide;
use super::error::{bail, named, Error, ErrorKind, Result};
use super::int_tuple::{crd2idx, HTuple, IntTuple};
use super::inverse::right_inverse;
use super::layout::{Coord, Layout};
use super::product::raked_product;
use super::tiler::Tiler;
use crate::arith;

/// The offset of the fixed (integer) entries of `coord` in `layout`, each checked to lie inside
/// its mode: an integer for a tuple mode is an index into that mode, below its size.
fn fixed_offset(coord: &Coord, layout: &Layout, what: &str) -> Result<i64> {
    match coord {
        HTuple::Leaf(None) => Ok(0),
        HTuple::Leaf(Some(c)) => {
            let size = layout.size()?;
            if *c < 0 || *c >= size {
                bail!(IndexOutOfRange, "{}: coordinate {} is outside the mode {} (size {})", what, c, layout, size);
            }
            layout.call(*c)
        }
        HTuple::Tuple(cs) => {
            if layout.shape().is_leaf() || cs.len() != layout.rank() {
                bail!(RankMismatch, "{}: a coordinate of rank {} for the modes {}", what, cs.len(), layout);
            }
            cs.iter().zip(layout.modes()).try_fold(0i64, |acc, (c, m)| Ok(arith::add(acc, fixed_offset(c, &m, what)?)?))
        }
    }
}

/// `coord` as a coordinate of `rank` modes: a tuple is padded with `_` (CuTe's
/// `append<R>(coord, _)`), an integer is kept (an index into the whole of the modes).
fn pad(coord: &Coord, rank: usize, what: &str, modes: &Layout) -> Result<Coord> {
    match coord {
        HTuple::Tuple(cs) => {
            if cs.len() > rank {
                bail!(
                    RankMismatch,
                    "{}: the coordinate {} has {} modes, the grid {} only {}",
                    what,
                    Show(coord),
                    cs.len(),
                    modes,
                    rank
                );
            }
            let mut cs = cs.clone();
            cs.resize(rank, HTuple::Leaf(None));
            Ok(HTuple::Tuple(cs))
        }
        leaf => Ok(leaf.clone()),
    }
}

/// The modes of `layout` marked `_` in `coord` and the offset of its fixed entries, each checked
/// to lie inside its mode (a tensor's slice).
pub(crate) fn slice_checked(layout: &Layout, coord: &Coord, what: &str) -> Result<(Layout, i64)> {
    let offset = fixed_offset(coord, layout, what)?;
    Ok((layout.slice(coord)?, offset))
}

/// Coordinates with `_`, for messages.
struct Show<'a>(&'a Coord);

impl core::fmt::Display for Show<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            HTuple::Leaf(None) => f.write_str("_"),
            HTuple::Leaf(Some(c)) => write!(f, "{}", c),
            HTuple::Tuple(cs) => {
                f.write_str("(")?;
                for (i, c) in cs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    Show(c).fmt(f)?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The top-level modes of `modes`, with `coord` fixing some of them: the kept modes (each a
/// mode, or the kept sub-modes of a tuple entry) and the offset of the fixed ones.
fn slice_modes(modes: &Layout, coord: &Coord, what: &str) -> Result<(Vec<Layout>, i64)> {
    let coord = pad(coord, modes.rank(), what, modes)?;
    let offset = fixed_offset(&coord, modes, what)?;
    let kept = match &coord {
        HTuple::Leaf(None) => modes.modes(),
        HTuple::Leaf(Some(_)) => Vec::new(),
        HTuple::Tuple(_) => modes.slice(&coord)?.modes(),
    };
    Ok((kept, offset))
}

/// The tile of `A` at `coord` in the grid of tiles (CuTe's `inner_partition`, which
/// `local_tile` is): `zipped_divide(A, tiler)` sliced at `(repeat(_), coord)`. The result is the
/// tile's modes followed by the rest modes `coord` leaves open (`_`), at the offset of the tile.
///
/// `coord` has one entry per rest mode (missing trailing entries are `_`), or is one integer
/// indexing the whole grid. Errors: the divide's, a coordinate with more entries than the grid
/// has modes ([`RankMismatch`](super::ErrorKind::RankMismatch)), an entry outside its mode
/// ([`IndexOutOfRange`](super::ErrorKind::IndexOutOfRange)).
///
/// ```
/// use cute::dynamic::{inner_partition, Layout};
/// let a: Layout = "(16,64):(1,16)".parse().unwrap();
/// let (tile, offset) = inner_partition(&a, &"(8,16)".parse().unwrap(), &"(1,2)".parse().unwrap()).unwrap();
/// assert_eq!((offset, tile.to_string()), (520, "(8,16):(1,16)".to_string()));
/// ```
pub fn inner_partition(a: &Layout, tiler: &Tiler, coord: &Coord) -> Result<(Layout, i64)> {
    named!(inner(a, tiler, coord, "inner_partition"), "inner_partition({}, {}, {})", a, tiler, Show(coord))
}

/// [`inner_partition`], its errors naming `what`.
fn inner(a: &Layout, tiler: &Tiler, coord: &Coord, what: &str) -> Result<(Layout, i64)> {
    let z = zipped_divide(a, tiler)?;
    let (tile, rest) = (z.mode(0)?, z.mode(1)?);
    let (kept, offset) = slice_modes(&rest, coord, what)?;
    let mut modes = tile.modes();
    modes.extend(kept);
    Ok((Layout::from_modes(modes), offset))
}

/// The element at `coord` of every tile (CuTe's `outer_partition`): `zipped_divide(A, tiler)`
/// sliced at `(coord, repeat(_))`. The result is the tile modes `coord` leaves open followed by
/// the rest modes, at the offset of `coord` in the tile. Errors as
/// [`inner_partition`], with `coord` indexing the tile.
///
/// ```
/// use cute::dynamic::{outer_partition, Layout};
/// let a: Layout = "(16,64):(1,16)".parse().unwrap();
/// let (part, offset) = outer_partition(&a, &"(2,16)".parse().unwrap(), &"(1,1)".parse().unwrap()).unwrap();
/// assert_eq!((offset, part.to_string()), (17, "(8,4):(2,256)".to_string()));
/// ```
pub fn outer_partition(a: &Layout, tiler: &Tiler, coord: &Coord) -> Result<(Layout, i64)> {
    named!(outer(a, tiler, coord), "outer_partition({}, {}, {})", a, tiler, Show(coord))
}

/// [`outer_partition`]'s steps.
fn outer(a: &Layout, tiler: &Tiler, coord: &Coord) -> Result<(Layout, i64)> {
    let z = zipped_divide(a, tiler)?;
    let (tile, rest) = (z.mode(0)?, z.mode(1)?);
    let (mut modes, offset) = slice_modes(&tile, coord, "outer_partition")?;
    modes.extend(rest.modes());
    Ok((Layout::from_modes(modes), offset))
}

/// The tile of `A` at `coord` (CuTe's `local_tile`, an [`inner_partition`]).
///
/// ```
/// use cute::dynamic::{local_tile, Layout};
/// let a: Layout = "(16,64):(1,16)".parse().unwrap();
/// let (tile, offset) = local_tile(&a, &"(8,16)".parse().unwrap(), &"(1,2)".parse().unwrap()).unwrap();
/// assert_eq!(format!("{} o {}", offset, tile), "520 o (8,16):(1,16)");
/// ```
pub fn local_tile(a: &Layout, tiler: &Tiler, coord: &Coord) -> Result<(Layout, i64)> {
    named!(inner(a, tiler, coord, "local_tile"), "local_tile({}, {}, {})", a, tiler, Show(coord))
}

/// [`local_tile`] with a projection (CuTe's `local_tile(A, tiler, coord, Step<...>)`): the
/// modes of `tiler` and `coord` where `proj` has `_` (CuTe's `X`) are dropped first, so that one
/// (M,N,K) tiler and one (m,n,k) coordinate serve the three operands of a GEMM: A takes
/// `(1,_,1)`, B `(_,1,1)`, C `(1,1,_)`. `proj`, `tiler` and `coord` must have the same rank.
///
/// ```
/// use cute::dynamic::{local_tile_proj, Layout};
/// // A is M x K = 64 x 32; the CTA tiler (M,N,K) = (16,8,8) at (m,n,k) = (2,1,_).
/// let a: Layout = "(64,32):(1,64)".parse().unwrap();
/// let (tile, offset) = local_tile_proj(
///     &a, &"(16,8,8)".parse().unwrap(), &"(2,1,_)".parse().unwrap(), &"(1,_,1)".parse().unwrap(),
/// ).unwrap();
/// // The M x K tile at m = 2, with the K tiles left open: (BLK_M, BLK_K, k).
/// assert_eq!(format!("{} o {}", offset, tile), "32 o (16,8,4):(1,64,512)");
/// ```
pub fn local_tile_proj(a: &Layout, tiler: &Tiler, coord: &Coord, proj: &Coord) -> Result<(Layout, i64)> {
    let keep = match proj {
        HTuple::Tuple(p) => p.iter().map(|e| matches!(e, HTuple::Leaf(Some(_)))).collect::<Vec<_>>(),
        _ => bail!(InvalidArgument, "local_tile: the projection {} is not a tuple of 1 and _", Show(proj)),
    };
    let (Tiler::Tuple(ts), HTuple::Tuple(cs)) = (tiler, coord) else {
        bail!(
            RankMismatch,
            "local_tile: a projection needs a tuple tiler and a tuple coordinate, got {} and {}",
            tiler,
            Show(coord)
        );
    };
    if ts.len() != keep.len() || cs.len() != keep.len() {
        bail!(
            RankMismatch,
            "local_tile: the tiler {} (rank {}), the coordinate {} (rank {}) and the projection {} (rank {}) differ in rank",
            tiler,
            ts.len(),
            Show(coord),
            cs.len(),
            Show(proj),
            keep.len()
        );
    }
    let kept_tiler = Tiler::Tuple(ts.iter().zip(&keep).filter(|(_, k)| **k).map(|(t, _)| t.clone()).collect());
    let kept_coord = HTuple::Tuple(cs.iter().zip(&keep).filter(|(_, k)| **k).map(|(c, _)| c.clone()).collect());
    let r = inner(a, &kept_tiler, &kept_coord, "local_tile");
    named!(r, "local_tile({}, {}, {}, {})", a, tiler, Show(coord), Show(proj))
}

/// The natural coordinate of `index` in `thr` (CuTe's `get_hier_coord`): each leaf's
/// coordinate is `(index / stride) % shape` (0 for a stride 0).
pub(super) fn hier_coord(index: i64, shape: &IntTuple, stride: &IntTuple) -> Result<IntTuple> {
    match (shape, stride) {
        (HTuple::Leaf(s), HTuple::Leaf(d)) => {
            Ok(HTuple::Leaf(if *d == 0 { 0 } else { arith::rem(arith::div(index, *d)?, *s)? }))
        }
        _ => Ok(HTuple::Tuple(
            shape.modes().iter().zip(stride.modes()).map(|(s, d)| hier_coord(index, s, d)).collect::<Result<_>>()?,
        )),
    }
}

/// Thread `index`'s share of `A` (CuTe's `local_partition`): the thread layout `thr` (thread
/// coordinate -> thread index) tiles `A` with tiles of its shape (`product_each`), and the
/// thread takes the element at its coordinate in every tile: an [`outer_partition`].
///
/// The thread's coordinate in each mode of `thr` is the index of its natural coordinate there
/// (for a flat `thr`, CuTe's `get_flat_coord`); an integer `thr` tiles the whole of `A` by its
/// size, as CuTe's `product_each` of an integer is the integer. `index` must be one of `thr`'s values: below
/// its size, and the image of a coordinate
/// ([`IndexOutOfRange`](super::ErrorKind::IndexOutOfRange) otherwise).
///
/// ```
/// use cute::dynamic::{local_partition, Layout};
/// let a: Layout = "(16,64):(1,16)".parse().unwrap();
/// let thr: Layout = "(2,16):(1,2)".parse().unwrap();
/// let (part, offset) = local_partition(&a, &thr, 3).unwrap();
/// assert_eq!(format!("{} o {}", offset, part), "17 o (8,4):(2,256)");
/// // An integer thread layout tiles the whole layout: 32 threads, thread 5.
/// let (part, offset) = local_partition(&"(8,16):(16,1)".parse().unwrap(), &"32:1".parse().unwrap(), 5).unwrap();
/// assert_eq!(format!("{} o {}", offset, part), "80 o (4):(4)");
/// ```
pub fn local_partition(a: &Layout, thr: &Layout, index: i64) -> Result<(Layout, i64)> {
    named!(local_partition_by(a, thr, index), "local_partition({}, {}, {})", a, thr, index)
}

/// [`local_partition`]'s steps.
fn local_partition_by(a: &Layout, thr: &Layout, index: i64) -> Result<(Layout, i64)> {
    let coord = thread_coord(thr, index)?;
    if let HTuple::Leaf(c) = coord {
        // An integer thread layout tiles the whole layout by its size (CuTe's product_each of an
        // integer is the integer).
        return outer_partition(a, &Tiler::Int(thr.size()?), &HTuple::Leaf(Some(c)));
    }
    partition_by_modes(a, thr.shape().modes().iter().zip(coord.modes()))
}

/// [`local_partition`] by the thread layout `thr` diced by the projection `proj` (CuTe's
/// `local_partition(A, thr, index, Step<...>)`, which is `local_partition(A, dice(proj, thr),
/// index)`): the leaves of `thr` where `proj` has an integer are kept, those where it has `_`
/// (CuTe's `X`) dropped, a tuple entry of `proj` dicing its mode and splicing what it keeps
/// into the top level, as [`Layout::dice`]. One thread layout serves the operands of a GEMM, A
/// by `(1,_)` and B by `(_,1)`. `index` is a thread of the whole of `thr` (the same condition
/// as [`local_partition`]); its coordinate in the diced layout is `(index / d) % s` at each
/// kept leaf, as CuTe's `get_flat_coord` of the diced layout. `proj` is a tuple with one entry
/// per mode of `thr`.
///
/// ```
/// use cute::dynamic::{local_partition_proj, Layout};
/// // The MMA tutorial's 16 x 16 threads, over A (M,K) by their first mode only.
/// let thr: Layout = "(16,16):(1,16)".parse().unwrap();
/// let a: Layout = "(128,8):(1,128)".parse().unwrap();
/// let (part, offset) = local_partition_proj(&a, &thr, 17, &"(1,_)".parse().unwrap()).unwrap();
/// assert_eq!(format!("{} o {}", offset, part), "1 o (8,8):(16,128)");
/// // A nested entry dices inside its mode: (2,(4,4)) by (1,(_,1)) is (2,4):(1,8).
/// let thr: Layout = "(2,(4,4)):(1,(2,8))".parse().unwrap();
/// let (part, offset) =
///     local_partition_proj(&"(64,32):(1,64)".parse().unwrap(), &thr, 17, &"(1,(_,1))".parse().unwrap()).unwrap();
/// assert_eq!(format!("{} o {}", offset, part), "129 o (32,8):(2,256)");
/// ```
pub fn local_partition_proj(a: &Layout, thr: &Layout, index: i64, proj: &Coord) -> Result<(Layout, i64)> {
    named!(local_partition_projected(a, thr, index, proj), "local_partition({}, {}, {}, {})", a, thr, index, Show(proj))
}

/// [`local_partition_proj`]'s steps.
fn local_partition_projected(a: &Layout, thr: &Layout, index: i64, proj: &Coord) -> Result<(Layout, i64)> {
    thread_coord(thr, index)?;
    match (proj, thr.shape()) {
        (HTuple::Tuple(p), HTuple::Tuple(s)) if p.len() == s.len() => {}
        _ => bail!(
            RankMismatch,
            "local_partition: the projection {} needs one entry per mode of the thread layout {}",
            Show(proj),
            thr
        ),
    }
    let diced = thr.dice(proj)?;
    let coord = hier_coord(index, &diced.shape(), &diced.stride())?;
    partition_by_modes(a, diced.shape().modes().iter().zip(coord.modes()))
}

/// Thread `index`'s natural coordinate in `thr`, which must map it back to `index`.
fn thread_coord(thr: &Layout, index: i64) -> Result<IntTuple> {
    let size = thr.size()?;
    if index < 0 || index >= size {
        bail!(
            IndexOutOfRange,
            "local_partition: thread index {} is not below the size {} of the thread layout {}",
            index,
            size,
            thr
        );
    }
    let coord = hier_coord(index, &thr.shape(), &thr.stride())?;
    if thr.call_coord(&coord)? != index {
        bail!(
            IndexOutOfRange,
            "local_partition: the thread layout {} does not give thread index {} one coordinate (it must map its coordinates one to one onto 0..{})",
            thr,
            index,
            size
        );
    }
    Ok(coord)
}

/// The outer partition of `a` by tiles of the given thread modes' sizes, at the index of the
/// thread's coordinate in each mode.
fn partition_by_modes<'a>(
    a: &Layout,
    modes: impl Iterator<Item = (&'a IntTuple, &'a IntTuple)>,
) -> Result<(Layout, i64)> {
    let (mut tiles, mut coords) = (Vec::new(), Vec::new());
    for (shape, coord) in modes {
        tiles.push(Tiler::Int(shape.size()?));
        coords.push(HTuple::Leaf(Some(crd2idx(coord, shape)?)));
    }
    outer_partition(a, &Tiler::Tuple(tiles), &HTuple::Tuple(coords))
}

/// The tiler and the thread-value layout of threads `thr` each holding values `val` (CuTe DSL's
/// `make_layout_tv`): `raked_product(thr, val)` maps a coordinate of the tile to (thread, value)
/// as `thr` and `val` arrange them; its right inverse composed with the compact
/// `(size(thr), size(val))` layout maps `(thread, value)` to the tile's column-major index. The
/// tiler is the tile's shape, `product_each` of the raked product.
///
/// Post-condition: `tv` is a bijection from the `(thread, value)` indices onto the tile's
/// column-major indices, mapping `(t, v)` to the coordinate where the raked product holds thread
/// `t`'s value `v`.
///
/// The raked product must be a bijection from the tile's coordinates onto the `(thread, value)`
/// indices `0..size(thr) * size(val)` (its right inverse covers them all); thread or value
/// layouts that are not injective (checked first, index by index, up to
/// [`MAX_CHECKED`](super::MAX_CHECKED) indices), or whose raked product leaves holes, are refused
/// with one error of kind [`NonInjective`](super::ErrorKind::NonInjective). The other errors are
/// those of the product (of injective layouts that have none), the inverse and the composition.
///
/// ```
/// use cute::dynamic::{make_layout_tv, ErrorKind, Layout};
/// let thr: Layout = "(16,8):(8,1)".parse().unwrap();
/// let val: Layout = "(1,4):(0,1)".parse().unwrap();
/// let (tiler, tv) = make_layout_tv(&thr, &val).unwrap();
/// assert_eq!(format!("({}, {})", tiler, tv), "((16,32), ((8,16),4):((64,1),16))");
/// // Two values of a thread at one offset: no TV layout covers the tile.
/// let e = make_layout_tv(&"(4,2):(2,1)".parse().unwrap(), &"(2,2):(0,1)".parse().unwrap()).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::NonInjective);
/// assert_eq!(
///     e.to_string(),
///     "non-injective: make_layout_tv((4,2):(2,1), (2,2):(0,1)): raked_product is not a bijection from the tile's 32 coordinates onto the indices 0..32 of (thread, value)"
/// );
/// ```
pub fn make_layout_tv(thr: &Layout, val: &Layout) -> Result<(IntTuple, Layout)> {
    named!(make_layout_tv_of(thr, val), "make_layout_tv({}, {})", thr, val)
}

/// [`make_layout_tv`]'s steps.
fn make_layout_tv_of(thr: &Layout, val: &Layout) -> Result<(IntTuple, Layout)> {
    let (threads, values) = (thr.size()?, val.size()?);
    let n = arith::mul(threads, values)?;
    let not_bijective = || {
        Error::new(
            ErrorKind::NonInjective,
            alloc::format!(
                "make_layout_tv({}, {}): raked_product is not a bijection from the tile's {} coordinates onto the indices 0..{} of (thread, value)",
                thr, val, n, n
            ),
        )
    };
    if !injective(thr)? || !injective(val)? {
        return Err(not_bijective());
    }
    let mn = match raked_product(thr, val) {
        Ok(mn) => mn,
        // A thread layout that is not injective has no complement to rake the values into.
        Err(e) if e.kind() == ErrorKind::NonInjective => return Err(not_bijective()),
        Err(e) => return Err(e),
    };
    // The right inverse covers 0..n exactly when the product maps its n coordinates one to
    // one onto 0..n.
    let inverse = right_inverse(&mn)?;
    if inverse.size()? != n {
        return Err(not_bijective());
    }
    let tv_shape = HTuple::Tuple(alloc::vec![HTuple::Leaf(threads), HTuple::Leaf(values)]);
    let tv = composition(&inverse, &Layout::column_major(tv_shape)?)?;
    Ok((mn.shape().product_each()?, tv))
}

/// Whether `l` sends no two indices to one offset, index by index; `true` past
/// [`MAX_CHECKED`](super::MAX_CHECKED) indices (left to the checks that follow).
pub(super) fn injective(l: &Layout) -> Result<bool> {
    let n = l.size()?;
    if n > super::MAX_CHECKED {
        return Ok(true);
    }
    let mut offsets = (0..n).map(|i| l.call(i)).collect::<Result<Vec<i64>>>()?;
    offsets.sort_unstable();
    Ok(offsets.windows(2).all(|w| w[0] != w[1]))
}

/// Thread `thread`'s part of `A` under the thread-value layout `tv` over tiles `tiler` (CuTe
/// DSL's TV partition): `zipped_divide(A, tiler)` is `(tile, rest)`; the tile composed with `tv`
/// is `((thread, value), rest)`; fixing the thread gives `(V, rest0, rest1, ...)` at the offset of
/// the thread's first value.
///
/// `tv` must have rank 2 (thread, value) ([`RankMismatch`](super::ErrorKind::RankMismatch)) and
/// `thread` must be below its thread count
/// ([`IndexOutOfRange`](super::ErrorKind::IndexOutOfRange)); the divide's and the composition's
/// errors are returned as they are.
///
/// ```
/// use cute::dynamic::{partition_tv, Layout};
/// // A 32 x 32 row-major matrix, tiles of (16,32), thread t at row t/8, columns 4*(t%8)+v.
/// let a: Layout = "(32,32):(32,1)".parse().unwrap();
/// let tv: Layout = "((8,16),4):((64,1),16)".parse().unwrap();
/// let (part, offset) = partition_tv(&a, &"(16,32)".parse().unwrap(), &tv, 9).unwrap();
/// assert_eq!(format!("{} o {}", offset, part), "36 o (4,2,1):(1,512,0)");
/// ```
pub fn partition_tv(a: &Layout, tiler: &Tiler, tv: &Layout, thread: i64) -> Result<(Layout, i64)> {
    named!(partition_tv_of(a, tiler, tv, thread), "partition_tv({}, {}, {}, {})", a, tiler, tv, thread)
}

/// [`partition_tv`]'s steps.
fn partition_tv_of(a: &Layout, tiler: &Tiler, tv: &Layout, thread: i64) -> Result<(Layout, i64)> {
    if tv.shape().is_leaf() || tv.rank() != 2 {
        bail!(RankMismatch, "partition_tv: the TV layout {} is not (thread, value)", tv);
    }
    let z = zipped_divide(a, tiler)?;
    let (tile, rest) = (z.mode(0)?, z.mode(1)?);
    let tv_tile = composition(&tile, tv)?;
    let threads = tv_tile.mode(0)?;
    let count = threads.size()?;
    if thread < 0 || thread >= count {
        bail!(
            IndexOutOfRange,
            "partition_tv: thread {} is not below the {} threads of the TV layout {}",
            thread,
            count,
            tv
        );
    }
    let mut modes = alloc::vec![tv_tile.mode(1)?];
    modes.extend(rest.modes());
    Ok((Layout::from_modes(modes), threads.call(thread)?))
}
