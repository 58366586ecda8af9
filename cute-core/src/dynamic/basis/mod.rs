//! Layouts with basis strides (the paper's integer-semimodule `Z^S`, section 2.3.1): a stride
//! is a scaled basis element `v@k` (`v * e_k`, CuTe's `ScaledBasis`; nested `1@1@0` is
//! `E<0,1>`, dims innermost first), and the layout maps a coordinate to a coordinate, an
//! arithmetic tuple. `make_identity_layout(S)` maps each coordinate of `S` to itself.
//!
//! The operations:
//!
//! - evaluation, to an int tuple (every basis stride a coordinate of it);
//! - `coalesce` (adjacent leaves along one basis element merge as integer leaves do);
//! - composition with a layout or tiler on the right, `A o B`, the integer layouts' walk over
//!   A's shapes,
//!   and the divides built on it (`logical_divide`, `zipped_divide`, `tiled_divide`,
//!   `flat_divide`);
//! - `right_inverse` and `left_inverse` of layouts of non-negative strides along the top-level
//!   elements `e_k`, whose results are integer layouts over the codomain's coordinates (the
//!   paper's Tables 5 and 6; the left inverse element by element), and `complement`, element by
//!   element (Table 7).
//!
//! ```
//! use cute::dynamic::{make_identity_layout, BasisLayout};
//! let id = make_identity_layout(&"(2,(3,4),5)".parse().unwrap()).unwrap();
//! assert_eq!(id.to_string(), "(2,(3,4),5):(1@0,(1@0@1,1@1@1),1@2)");
//! assert_eq!(id.call_coord(&"(1,(2,3),4)".parse().unwrap()).unwrap().to_string(), "(1,(2,3),4)");
//! let l: BasisLayout = "(4,(4,2)):(1@1,(1@0,6@1))".parse().unwrap();
//! assert_eq!(l.call(5).unwrap().to_string(), "(1,1)");
//! ```

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::coalesce::coalesce_leaves;
use super::composition::{compose_tree, error, tree_of_parts, Target};
use super::descriptor::ScaledBasis;
use super::error::{Error, ErrorKind, Result};
use super::int_tuple::{idx2crd, HTuple, IntTuple};
use super::layout::Layout;
use super::notation::{expect_end, shape_before_colon};
use super::tiler::{by_mode, compose_tiler, Tiled, Tiler};
use crate::arith;
use crate::flat::{self};
mod encoding;
use encoding::*;

/// One more than the largest basis index a stride may name: a coordinate has a mode per index,
/// so this bounds the coordinates' size.
///
/// ```
/// use cute::dynamic::{BasisLayout, MAX_BASIS_INDEX};
/// assert!(format!("8:1@{}", MAX_BASIS_INDEX - 1).parse::<BasisLayout>().is_ok());
/// assert!(format!("8:1@{}", MAX_BASIS_INDEX).parse::<BasisLayout>().is_err());
/// ```
pub const MAX_BASIS_INDEX: usize = 1024;

/// A layout whose strides are scaled basis elements.
///
/// ```
/// use cute::dynamic::BasisLayout;
/// let l: BasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
/// assert_eq!((l.size().unwrap(), l.call(9).unwrap().to_string()), (32, "(1,2)".to_string()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BasisLayout {
    shape: IntTuple,
    stride: HTuple<ScaledBasis>,
}

/// An error of the basis layouts.
fn fail(kind: ErrorKind, message: String) -> Error {
    Error::new(kind, message)
}

/// The dims of a basis element outer first (the written form is innermost first).
fn path(b: &ScaledBasis) -> Vec<u32> {
    b.dims().iter().rev().copied().collect()
}

/// CuTe's composition of an integer layout with a layout of basis strides on the right,
/// `A o B`: each leaf `s:v@i` of `B` picks mode `i` of `A` (mode `(i,j)` for `v@j@i`) and
/// composes it with `s:v`, so the result has integer strides and `B`'s shape, each leaf replaced
/// by that composition. This is how CuTe's coordinate layouts (an identity layout, a TV layout
/// over coordinates) select the elements of a data layout: `(A o B)(c) = A(B(c))`, `B(c)` a
/// coordinate of `A`.
///
/// The leaves of `B` on one mode of `A` compose with it together, as the leaves of an integer
/// layout do, so that their images are checked not to overlap (CuTe composes them one by one,
/// which gives a layout that is not `A o B` where they overlap).
///
/// Errors: a basis index past `A`'s modes is a [`RankMismatch`](ErrorKind::RankMismatch); the
/// conditions of each mode's [`composition`](super::composition) are its own (a
/// [`ModeOverlap`](ErrorKind::ModeOverlap) where leaves on one mode reach the same elements).
///
/// ```
/// use cute::dynamic::{composition_with_basis, make_identity_layout, Layout};
/// let a: Layout = "(4,8):(1,4)".parse().unwrap();
/// // Two rows of every other column pair: (2,4):(1@1,2@0) picks mode 1, then mode 0.
/// let r = composition_with_basis(&a, &"(2,4):(1@1,2@0)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "(2,4):(4,2)");
/// // The identity layout of A's shape gives A.
/// let id = make_identity_layout(&"(4,8)".parse().unwrap()).unwrap();
/// assert_eq!(composition_with_basis(&a, &id).unwrap(), a);
/// ```
pub fn composition_with_basis(a: &Layout, b: &BasisLayout) -> Result<Layout> {
    let leaves = b.leaves();
    let paths: Vec<Vec<u32>> = leaves.iter().map(|(_, d)| path(d)).collect();
    // Leaves on one mode of A compose together, so that their images are checked for overlap
    // as an integer composition's leaves are (one by one, as CuTe composes them, two leaves on
    // a mode that is not linear give a layout that is not A o B). No path is a proper prefix of
    // another: a basis layout's strides make one coordinate (`BasisLayout::new` checks it).
    let mut parts: Vec<Option<Layout>> = vec![None; leaves.len()];
    for (first, p) in paths.iter().enumerate() {
        if paths[..first].contains(p) {
            continue;
        }
        let mut mode = a.clone();
        for &i in p {
            // A leaf is its own mode 0 (CuTe's get<0> of an integer).
            mode = mode.mode(usize::try_from(i).unwrap_or(usize::MAX)).map_err(|_| {
                let d = &leaves[first].1;
                fail(ErrorKind::RankMismatch, format!("composition {} o {}: {} names no mode of {}", a, b, d, a))
            })?;
        }
        let group: Vec<usize> = (first..leaves.len()).filter(|&k| &paths[k] == p).collect();
        let (shape, stride): (Vec<IntTuple>, Vec<IntTuple>) =
            group.iter().map(|&k| (HTuple::Leaf(leaves[k].0), HTuple::Leaf(leaves[k].1.value()))).unzip();
        let (shape, stride) = match (shape.len(), stride.len()) {
            (1, 1) => (shape[0].clone(), stride[0].clone()),
            _ => (HTuple::Tuple(shape), HTuple::Tuple(stride)),
        };
        let r = super::composition(&mode, &Layout::new(shape, stride)?)?;
        if let [k] = group[..] {
            parts[k] = Some(r);
        } else {
            for (j, &k) in group.iter().enumerate() {
                parts[k] = Some(r.mode(j)?);
            }
        }
    }
    let parts: Vec<Layout> = parts.into_iter().map(|p| p.expect("every leaf is in its mode's group")).collect();
    let tree = b.shape.unflatten(&parts).expect("one composition per leaf of B");
    Ok(concatenate(tree))
}

/// A tree of layouts as one layout: a leaf is its layout, a tuple the concatenation of its
/// parts (CuTe's by-mode composition of a tuple shape).
fn concatenate(tree: HTuple<Layout>) -> Layout {
    match tree {
        HTuple::Leaf(l) => l,
        HTuple::Tuple(v) => Layout::from_modes(v.into_iter().map(concatenate).collect()),
    }
}

impl BasisLayout {
    /// The layout `shape:stride`; the trees must be congruent and the shape's leaves positive.
    ///
    /// ```
    /// use cute::dynamic::{BasisLayout, ScaledBasis, HTuple};
    /// let l = BasisLayout::new(HTuple::Leaf(4), HTuple::Leaf(ScaledBasis::new(2, vec![1]))).unwrap();
    /// assert_eq!(l.to_string(), "4:2@1");
    /// assert!(BasisLayout::new(HTuple::Leaf(0), HTuple::Leaf(ScaledBasis::new(2, vec![1]))).is_err());
    /// ```
    pub fn new(shape: IntTuple, stride: HTuple<ScaledBasis>) -> Result<BasisLayout> {
        fn congruent(s: &IntTuple, d: &HTuple<ScaledBasis>) -> bool {
            match (s, d) {
                (HTuple::Leaf(_), HTuple::Leaf(_)) => true,
                (HTuple::Tuple(a), HTuple::Tuple(b)) => {
                    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| congruent(x, y))
                }
                _ => false,
            }
        }
        if !congruent(&shape, &stride) {
            return Err(fail(ErrorKind::RankMismatch, format!("shape {} and its strides are not congruent", shape)));
        }
        if let Some(bad) = shape.leaves().into_iter().find(|&&s| s <= 0) {
            return Err(fail(
                ErrorKind::InvalidArgument,
                format!("shape {} has a leaf {} that is not positive", shape, bad),
            ));
        }
        // A coordinate has a mode per basis index, so an index bounds the coordinate's size.
        if let Some(bad) = stride.leaves().into_iter().find(|d| d.dims().iter().any(|&k| k as usize >= MAX_BASIS_INDEX))
        {
            return Err(fail(
                ErrorKind::InvalidArgument,
                format!("stride {} of {}:{}: a basis index is at most {}", bad, shape, stride, MAX_BASIS_INDEX - 1),
            ));
        }
        // A nonzero integer stride only as the one stride of an integer shape: among basis
        // strides it would mix offsets with coordinates (a zero adds nothing to either).
        if let (HTuple::Tuple(_), Some(bad)) =
            (&stride, stride.leaves().into_iter().find(|d| d.dims().is_empty() && d.value() != 0))
        {
            return Err(fail(
                ErrorKind::InvalidArgument,
                format!("stride {} of {}:{} is an integer among basis strides", bad, shape, stride),
            ));
        }
        // The coordinate has one entry per basis element: an element that is also a tuple of
        // others (`1@0` beside `1@0@0`) is not one coordinate.
        // Sorted, a path lies just before the first of those it is a prefix of.
        let mut paths: Vec<(Vec<u32>, &ScaledBasis)> =
            stride.leaves().into_iter().map(|d| (path(d), d)).filter(|(p, _)| !p.is_empty()).collect();
        paths.sort_by(|a, b| a.0.cmp(&b.0));
        for pair in paths.windows(2) {
            let ((p, d), (q, e)) = (&pair[0], &pair[1]);
            if p.len() < q.len() && q.starts_with(p) {
                return Err(fail(
                    ErrorKind::InvalidArgument,
                    format!(
                        "strides {} and {} of {}:{} do not make one coordinate: an entry of one is a tuple in the other",
                        d, e, shape, stride
                    ),
                ));
            }
        }
        Ok(BasisLayout { shape, stride })
    }

    /// The shape.
    ///
    /// ```
    /// let l: cute::dynamic::BasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
    /// assert_eq!(l.shape().to_string(), "(4,8)");
    /// ```
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The basis strides.
    ///
    /// ```
    /// let l: cute::dynamic::BasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
    /// assert_eq!(l.stride().leaves()[1].to_string(), "1@1");
    /// ```
    pub fn stride(&self) -> &HTuple<ScaledBasis> {
        &self.stride
    }

    /// The number of coordinates.
    ///
    /// ```
    /// let l: cute::dynamic::BasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
    /// assert_eq!(l.size().unwrap(), 32);
    /// ```
    pub fn size(&self) -> Result<i64> {
        self.shape.size()
    }

    /// The (shape, stride) leaves, in order.
    fn leaves(&self) -> Vec<(i64, ScaledBasis)> {
        self.shape.leaves().into_iter().copied().zip(self.stride.leaves().into_iter().cloned()).collect()
    }

    /// The arithmetic tuple of index `i`: `sum c_k * d_k` over the leaves (the index split
    /// colexicographically, the last leaf taking what is left, as integer layouts do).
    ///
    /// ```
    /// let l: cute::dynamic::BasisLayout = "(4,(4,2)):(1@1,(1@0,6@1))".parse().unwrap();
    /// assert_eq!(l.call(4 * 4 + 1).unwrap().to_string(), "(0,7)");
    /// ```
    pub fn call(&self, index: i64) -> Result<IntTuple> {
        self.call_coord(&idx2crd(index, &self.shape)?)
    }

    /// The arithmetic tuple of a natural coordinate.
    ///
    /// ```
    /// let l: cute::dynamic::BasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
    /// assert_eq!(l.call_coord(&"(3,5)".parse().unwrap()).unwrap().to_string(), "(3,5)");
    /// ```
    pub fn call_coord(&self, coord: &IntTuple) -> Result<IntTuple> {
        let flat = super::int_tuple::crd2idx(coord, &self.shape)?;
        let coords = idx2crd(flat, &self.shape)?;
        let mut sum: BTreeMap<Vec<u32>, i64> = BTreeMap::new();
        for (c, (_, d)) in coords.leaves().into_iter().zip(self.leaves()) {
            let term =
                arith::mul(*c, d.value()).map_err(|o| fail(ErrorKind::Overflow, format!("{} in {}", o, self)))?;
            let slot = sum.entry(path(&d)).or_insert(0);
            *slot = arith::add(*slot, term).map_err(|o| fail(ErrorKind::Overflow, format!("{} in {}", o, self)))?;
        }
        let shape_of = self.codomain_shape();
        Ok(materialize(&shape_of, &[], &sum))
    }

    /// The tree of the codomain's coordinates: a tuple as wide as the largest index of each
    /// level among the strides; an integer where the strides are integers.
    fn codomain_shape(&self) -> HTuple<()> {
        let paths: Vec<Vec<u32>> = self.leaves().iter().map(|(_, d)| path(d)).collect();
        tree_of(&paths)
    }
}

/// The tree spanned by `paths` (outer first): a leaf for the empty path.
fn tree_of(paths: &[Vec<u32>]) -> HTuple<()> {
    if paths.iter().all(|p| p.is_empty()) {
        return HTuple::Leaf(());
    }
    // In range: BasisLayout::new holds every basis index below MAX_BASIS_INDEX.
    #[allow(clippy::arithmetic_side_effects)]
    let width = paths.iter().filter_map(|p| p.first()).max().map_or(0, |&m| m + 1);
    HTuple::Tuple(
        (0..width)
            .map(|k| {
                let sub: Vec<Vec<u32>> =
                    paths.iter().filter(|p| p.first() == Some(&k)).map(|p| p[1..].to_vec()).collect();
                if sub.is_empty() {
                    HTuple::Leaf(())
                } else {
                    tree_of(&sub)
                }
            })
            .collect(),
    )
}

/// The int tuple of `tree` whose entry at each path is `sum[path]` (0 where absent).
fn materialize(tree: &HTuple<()>, at: &[u32], sum: &BTreeMap<Vec<u32>, i64>) -> IntTuple {
    match tree {
        HTuple::Leaf(()) => HTuple::Leaf(sum.get(at).copied().unwrap_or(0)),
        HTuple::Tuple(v) => HTuple::Tuple(
            v.iter()
                .enumerate()
                .map(|(k, t)| {
                    // In range: tree_of makes tuples at most MAX_BASIS_INDEX wide.
                    #[allow(clippy::cast_possible_truncation)]
                    let k = k as u32;
                    let mut p = at.to_vec();
                    p.push(k);
                    materialize(t, &p, sum)
                })
                .collect(),
        ),
    }
}

/// CuTe's `make_identity_layout(shape)`: the layout that maps each natural coordinate of
/// `shape` to itself, with the basis element of each leaf's position as its stride (an
/// integer shape's stride is the integer 1).
///
/// ```
/// use cute::dynamic::make_identity_layout;
/// assert_eq!(make_identity_layout(&"(4,8)".parse().unwrap()).unwrap().to_string(), "(4,8):(1@0,1@1)");
/// assert_eq!(make_identity_layout(&"8".parse().unwrap()).unwrap().to_string(), "8:1");
/// ```
pub fn make_identity_layout(shape: &IntTuple) -> Result<BasisLayout> {
    fn basis(s: &IntTuple, at: &[u32]) -> HTuple<ScaledBasis> {
        match s {
            HTuple::Leaf(_) => HTuple::Leaf(ScaledBasis::new(1, at.iter().rev().copied().collect())),
            HTuple::Tuple(v) => HTuple::Tuple(
                v.iter()
                    .enumerate()
                    .map(|(k, m)| {
                        let mut p = at.to_vec();
                        // An index past u32 is past MAX_BASIS_INDEX too, which BasisLayout::new
                        // rejects.
                        p.push(u32::try_from(k).unwrap_or(u32::MAX));
                        basis(m, &p)
                    })
                    .collect(),
            ),
        }
    }
    BasisLayout::new(shape.clone(), basis(shape, &[]))
}

impl BasisLayout {
    /// CuTe's `coalesce`: the leaves flattened, size-1 leaves dropped, and a leaf merged into
    /// the one before it where both step along the same basis element and its stride is the one
    /// before times its shape (an integer layout's rule, element by element).
    ///
    /// ```
    /// let l: cute::dynamic::BasisLayout = "((2,4),8):((1@0,2@0),1@1)".parse().unwrap();
    /// assert_eq!(l.coalesce().unwrap().to_string(), "(8,8):(1@0,1@1)");
    /// ```
    pub fn coalesce(&self) -> Result<BasisLayout> {
        let (shape, stride) = tree_of_parts(coalesce_leaves(self.leaves(), false)?);
        Ok(BasisLayout { shape, stride })
    }

    /// `A o B` for an integer layout `B`: `(A o B)(c) = A(B(c))`, the layout of B's shape whose
    /// strides are A's basis elements, scaled (the paper's Table 4, "Coordinate").
    ///
    /// It is the integer layouts' composition: each leaf of B walks A's coalesced modes. The
    /// walk and its conditions (stride and shape divisibility, B's leaves on disjoint digits of
    /// A) involve only A's shapes, so they are the same whatever A's strides are; only the
    /// result's strides differ, a multiple of the basis stride of the mode of A each comes from.
    /// A result has the basis elements it reaches, so its coordinates may be shorter than A's,
    /// the entries left out being 0 (`(4,4):(1@0,1@1) o 4:1` is `4:1@0`, as in CuTe).
    ///
    /// ```
    /// use cute::dynamic::{BasisLayout, ErrorKind};
    /// let a: BasisLayout = "(8,8):(1@0,1@1)".parse().unwrap();
    /// let tv = "((4,8),2):((16,1),8)".parse().unwrap();
    /// assert_eq!(a.composition(&tv).unwrap().to_string(), "((4,8),2):((2@1,1@0),1@1)");
    /// assert_eq!(a.composition(&"4:1".parse().unwrap()).unwrap().to_string(), "4:1@0");
    /// let e = a.composition(&"6:3".parse().unwrap()).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
    /// ```
    pub fn composition(&self, b: &Layout) -> Result<BasisLayout> {
        self.composition_within(b, None, 0)
    }

    /// [`composition`](Self::composition) where the top-level modes of B from `first_bounded` on
    /// need only agree with `A(B(c))` where `B(c) < bound` (a divide's rest mode, which may reach
    /// past A), as the integer layouts' `composition_within`.
    fn composition_within(&self, b: &Layout, bound: Option<i64>, first_bounded: usize) -> Result<BasisLayout> {
        let (shape, stride) = self.coalesced_x()?;
        let overflow = |o: arith::Overflow| fail(ErrorKind::Overflow, format!("composition {} o {}: {}", self, b, o));
        let a = Target::new(self, shape, stride, bound, &overflow);
        let (mut leaves, mut digits) = (Vec::new(), Vec::new());
        let strict = |k: usize| bound.is_none() || k < first_bounded;
        let (shape, stride) = compose_tree(&a, &b.shape(), &b.stride(), &strict, &mut leaves, &mut digits)?;
        let mut sums = vec![flat::ModeSums::ZERO; a.shape().len()];
        flat::check_disjoint(a.shape(), &digits, &leaves, a.first_exempt(), &mut sums)
            .map_err(|v| error(self, b, v))?;
        BasisLayout::new(shape, stride)
    }

    /// `A o tiler` (CuTe's `composition(A, tiler)`): a layout composes as in
    /// [`composition`](Self::composition); a tile size `n` keeps the first `n` elements
    /// (`A o n:1`); `_` keeps A; a tuple composes mode by mode and drops the modes of A it does
    /// not cover, as for integer strides.
    ///
    /// ```
    /// use cute::dynamic::BasisLayout;
    /// let id: BasisLayout = "(8,(4,6)):(1@0,(1@0@1,1@1@1))".parse().unwrap();
    /// assert_eq!(id.composition_tiler(&"<4:2,_>".parse().unwrap()).unwrap().to_string(), "(4,(4,6)):(2@0,(1@0@1,1@1@1))");
    /// assert_eq!(id.composition_tiler(&"<2:4>".parse().unwrap()).unwrap().to_string(), "(2):(4@0)");
    /// ```
    pub fn composition_tiler(&self, tiler: &Tiler) -> Result<BasisLayout> {
        compose_tiler(self, tiler)
    }

    /// CuTe's `logical_divide(A, T)`: `A o (B, complement(B, shape(coalesce(A))))` for a layout or
    /// tile size `B` (the integer layouts' definition: the complement is B's, the composition
    /// the basis one, its rest mode checked only inside A's domain); a tuple tiler divides mode
    /// by mode, `_` leaves a mode alone. Mode 0 gives the coordinates of the tile, mode 1 those
    /// of its repetitions.
    ///
    /// ```
    /// use cute::dynamic::BasisLayout;
    /// let id: BasisLayout = "(8,8):(1@0,1@1)".parse().unwrap();
    /// assert_eq!(id.logical_divide(&"4:2".parse().unwrap()).unwrap().to_string(), "(4,(2,8)):(2@0,(1@0,1@1))");
    /// assert_eq!(id.logical_divide(&"<2:1,_>".parse().unwrap()).unwrap().to_string(), "((2,4),8):((1@0,2@0),1@1)");
    /// ```
    pub fn logical_divide(&self, tiler: &Tiler) -> Result<BasisLayout> {
        match tiler {
            Tiler::Underscore => Ok(self.clone()),
            Tiler::Tuple(ts) => by_mode(self, tiler, ts, "logical_divide", true, BasisLayout::logical_divide),
            _ => {
                let b = super::divide::tile_layout(tiler)?;
                let rest = super::complement(&b, self.coalesce()?.shape())?;
                self.composition_within(&Layout::from_modes(vec![b, rest]), Some(self.size()?), 1)
            }
        }
    }

    /// CuTe's `zipped_divide(A, T)`: the logical divide with the tiles' modes gathered in mode 0
    /// and the rests in mode 1.
    ///
    /// ```
    /// use cute::dynamic::BasisLayout;
    /// let id: BasisLayout = "(8,6):(1@0,1@1)".parse().unwrap();
    /// let z = id.zipped_divide(&"<4:1,3:1>".parse().unwrap()).unwrap();
    /// assert_eq!(z.to_string(), "((4,3),(2,2)):((1@0,1@1),(4@0,3@1))");
    /// ```
    pub fn zipped_divide(&self, tiler: &Tiler) -> Result<BasisLayout> {
        self.logical_divide(tiler)?.regroup(|l| super::divide::zip2_by(l, tiler))
    }

    /// CuTe's `tiled_divide(A, T)`: the zipped divide with mode 1 spread into the top level.
    ///
    /// ```
    /// use cute::dynamic::BasisLayout;
    /// let id: BasisLayout = "(8,6):(1@0,1@1)".parse().unwrap();
    /// let t = id.tiled_divide(&"<4:1,3:1>".parse().unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "((4,3),2,2):((1@0,1@1),4@0,3@1)");
    /// ```
    pub fn tiled_divide(&self, tiler: &Tiler) -> Result<BasisLayout> {
        self.zipped_divide(tiler)?.regroup(|l| super::divide::unpack(l, &[false, true]))
    }

    /// CuTe's `flat_divide(A, T)`: the zipped divide with both modes spread into the top level.
    ///
    /// ```
    /// use cute::dynamic::BasisLayout;
    /// let id: BasisLayout = "(8,6):(1@0,1@1)".parse().unwrap();
    /// let f = id.flat_divide(&"<4:1,3:1>".parse().unwrap()).unwrap();
    /// assert_eq!(f.to_string(), "(4,3,2,2):(1@0,1@1,4@0,3@1)");
    /// ```
    pub fn flat_divide(&self, tiler: &Tiler) -> Result<BasisLayout> {
        self.zipped_divide(tiler)?.regroup(|l| super::divide::unpack(l, &[true, true]))
    }

    /// The same regrouping of the modes as `f` makes of the integer layout of this shape whose
    /// strides number the leaves (`f` only moves modes), each leaf's basis stride carried along.
    fn regroup(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<BasisLayout> {
        let mut next = 0i64;
        // In range: `next` counts the leaves of a tree in memory, far below i64::MAX.
        #[allow(clippy::arithmetic_side_effects)]
        let numbered = self.stride.map(|_| {
            next += 1;
            next - 1
        });
        let moved = f(&Layout::new(self.shape.clone(), numbered)?)?;
        let strides = self.stride.leaves();
        // In range: `f` only moves modes, so each stride `k` is one of the numbers 0, 1, ...
        // given to the leaves above.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let stride = moved.stride().map(|&k| strides[k as usize].clone());
        BasisLayout::new(moved.shape().clone(), stride)
    }

    /// The flat leaves coalesced as composition walks them (CuTe's `coalesce_x`): a last leaf of
    /// size 1 is kept as size 2, since past the size its stride still counts.
    fn coalesced_x(&self) -> Result<(Vec<i64>, Vec<ScaledBasis>)> {
        Ok(coalesce_leaves(self.leaves(), true)?.into_iter().unzip())
    }
    /// The right inverse (the paper's Table 5): an integer layout over the codomain's
    /// coordinates, `R` with `A(R(c)) == c` on the largest contiguous range of coordinates.
    ///
    /// ```
    /// use cute::dynamic::BasisLayout;
    /// let a: BasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
    /// assert_eq!(a.right_inverse().unwrap().to_string(), "(4,8):(1,4)");
    /// let b: BasisLayout = "(4,(4,2)):(1@1,(1@0,6@1))".parse().unwrap();
    /// assert_eq!(b.right_inverse().unwrap().to_string(), "(4,4):(4,1)");
    /// ```
    pub fn right_inverse(&self) -> Result<Layout> {
        let enc = Encoding::of(self, "right_inverse")?;
        enc.regroup(&super::right_inverse(&enc.encode(self)?)?)
    }

    /// The left inverse (the paper's Table 6): an integer layout over the codomain's
    /// coordinates, `R` with `R(A(i)) == i`, one mode per element `e_k`.
    ///
    /// Each element is read alone, as the coordinate entries are: the leaves along `e_k`
    /// sorted by scale `v_0 < v_1 < ...` step along the entry, and its mode has the extent
    /// `v_{j+1} / v_j` at the domain stride of leaf `j` (the last leaf its own extent, and a
    /// first mode `v_0:0` below the smallest scale), coalesced: on A's image it gives each
    /// leaf's digit back; elsewhere it is any index, as a left inverse may be. A scale that is
    /// not a multiple of the one below it, or leaves that overlap, are errors naming them.
    ///
    /// ```
    /// use cute::dynamic::BasisLayout;
    /// let a: BasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
    /// assert_eq!(a.left_inverse().unwrap().to_string(), "(4,8):(1,4)");
    /// let b: BasisLayout = "(4,(4,2)):(1@1,(1@0,6@1))".parse().unwrap();
    /// assert_eq!(b.left_inverse().unwrap().to_string(), "(4,(6,2)):(4,(1,16))");
    /// // Every other column: the entries between them are not on the image.
    /// let c: BasisLayout = "(4,8):(2@0,1@1)".parse().unwrap();
    /// assert_eq!(c.left_inverse().unwrap().to_string(), "((2,4),8):((0,1),4)");
    /// ```
    pub fn left_inverse(&self) -> Result<Layout> {
        let enc = Encoding::of(self, "left_inverse")?;
        let overflow = |o| fail(ErrorKind::Overflow, format!("left_inverse of {}: {}", self, o));
        // The leaves with their domain strides (compact, column-major).
        let mut leaves = Vec::new();
        let mut r = 1i64;
        for (s, d) in self.leaves() {
            leaves.push((s, d, r));
            r = arith::mul(r, s).map_err(overflow)?;
        }
        let mut groups = Vec::with_capacity(enc.elements.len());
        for k in 0..enc.elements.len() {
            // In range: Encoding::of makes one element per basis index, so k < MAX_BASIS_INDEX.
            #[allow(clippy::cast_possible_truncation)]
            let e = k as u32;
            let mut along: Vec<(i64, i64, i64)> = leaves
                .iter()
                .filter(|(s, d, _)| d.dims() == [e] && d.value() != 0 && *s > 1)
                .map(|(s, d, r)| (*s, d.value(), *r))
                .collect();
            along.sort_by_key(|&(_, v, _)| v);
            let mut modes: Vec<(i64, i64)> = Vec::new();
            if let Some(&(_, v, _)) = along.first().filter(|(_, v, _)| *v > 1) {
                modes.push((v, 0));
            }
            for (j, &(s, v, r)) in along.iter().enumerate() {
                // In range: j < along.len().
                #[allow(clippy::arithmetic_side_effects)]
                let Some(&(_, w, _)) = along.get(j + 1) else {
                    modes.push((s, r));
                    continue;
                };
                if arith::rem(w, v).map_err(overflow)? != 0 {
                    return Err(fail(
                        ErrorKind::LeftInverseDivisibility,
                        format!(
                            "left_inverse of {}: stride {}@{} is not a multiple of {}@{}, the stride below it",
                            self, w, k, v, k
                        ),
                    ));
                }
                if arith::mul(v, s).map_err(overflow)? > w {
                    return Err(fail(
                        ErrorKind::NonInjective,
                        format!(
                            "left_inverse of {}: {} steps of {}@{} reach {}@{}, so the leaves overlap",
                            self, s, v, k, w, k
                        ),
                    ));
                }
                modes.push((arith::div(w, v).map_err(overflow)?, r));
            }
            let group = match modes.as_slice() {
                [] => Layout::new(HTuple::Leaf(1), HTuple::Leaf(0))?,
                [(s, d)] => Layout::new(HTuple::Leaf(*s), HTuple::Leaf(*d))?,
                _ => Layout::new(
                    HTuple::Tuple(modes.iter().map(|(s, _)| HTuple::Leaf(*s)).collect()),
                    HTuple::Tuple(modes.iter().map(|(_, d)| HTuple::Leaf(*d)).collect()),
                )?,
            };
            groups.push(super::coalesce(&group)?);
        }
        Ok(Layout::from_modes(groups))
    }

    /// The complement (the paper's Table 7), element by element: for each `e_k`, the leaves
    /// along it sorted by stride, the gaps between them as modes (`d_{i+1} / (s_i d_i)` of
    /// stride `s_i d_i`, gaps of 1 left out), then the rest up to its cosize, kept even where
    /// it is 1 so that the next stride along `e_k` shows; a tuple over the elements. (The
    /// paper's Table 7 gives `(1,1):(4e_0,4e_1)` for `(4,8):(e_0,e_1)`, where this rule, which
    /// gives its other row, gives `8e_1`: the cosize along `e_1` is 8.)
    ///
    /// ```
    /// use cute::dynamic::BasisLayout;
    /// let a: BasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
    /// assert_eq!(a.complement().unwrap().to_string(), "(1,1):(4@0,8@1)");
    /// let b: BasisLayout = "(4,(4,2)):(1@1,(1@0,12@1))".parse().unwrap();
    /// assert_eq!(b.complement().unwrap().to_string(), "(1,(3,1)):(4@0,(4@1,24@1))");
    /// ```
    pub fn complement(&self) -> Result<BasisLayout> {
        let enc = Encoding::of(self, "complement")?;
        let (mut shapes, mut strides) = (Vec::new(), Vec::new());
        for (k, &extent) in enc.elements.iter().enumerate() {
            // In range: Encoding::of makes one element per basis index, so k < MAX_BASIS_INDEX.
            #[allow(clippy::cast_possible_truncation)]
            let e = k as u32;
            let mut along: Vec<(i64, i64)> = self
                .leaves()
                .iter()
                .filter(|(s, d)| d.dims() == [e] && d.value() != 0 && *s > 1)
                .map(|(s, d)| (*s, d.value()))
                .collect();
            along.sort_by_key(|&(_, d)| d);
            let mut modes: Vec<(i64, i64)> = Vec::new();
            let mut reached = 1i64;
            for (s, d) in along {
                if arith::rem(d, reached)? != 0 {
                    return Err(fail(
                        ErrorKind::NonInjective,
                        format!(
                            "complement of {}: stride {}@{} is not a multiple of {}, what the smaller strides span",
                            self, d, k, reached
                        ),
                    ));
                }
                let gap = arith::div(d, reached)?;
                if gap > 1 {
                    modes.push((gap, reached));
                }
                reached = arith::mul(s, d).map_err(|o| fail(ErrorKind::Overflow, format!("{}", o)))?;
            }
            // The rest up to the cosize along e_k.
            modes.push((arith::ceil_div(extent, reached)?, reached));
            let basis = |d: i64| ScaledBasis::new(d, vec![e]);
            if let [(s, d)] = modes.as_slice() {
                shapes.push(HTuple::Leaf(*s));
                strides.push(HTuple::Leaf(basis(*d)));
            } else {
                shapes.push(HTuple::Tuple(modes.iter().map(|(s, _)| HTuple::Leaf(*s)).collect()));
                strides.push(HTuple::Tuple(modes.iter().map(|(_, d)| HTuple::Leaf(basis(*d))).collect()));
            }
        }
        BasisLayout::new(HTuple::Tuple(shapes), HTuple::Tuple(strides))
    }
}

impl Tiled for BasisLayout {
    fn top_rank(&self) -> usize {
        self.shape.rank()
    }
    fn top_mode(&self, i: usize) -> Result<BasisLayout> {
        Ok(BasisLayout { shape: self.shape.mode(i)?.clone(), stride: self.stride.mode(i)?.clone() })
    }
    fn of_modes(modes: impl Iterator<Item = Result<BasisLayout>>) -> Result<BasisLayout> {
        let modes = modes.collect::<Result<Vec<_>>>()?;
        let (shape, stride): (Vec<_>, Vec<_>) = modes.into_iter().map(|m| (m.shape, m.stride)).unzip();
        BasisLayout::new(HTuple::Tuple(shape), HTuple::Tuple(stride))
    }
    fn compose(&self, b: &Layout) -> Result<BasisLayout> {
        self.composition(b)
    }
}

/// CuTe's notation with basis strides, `(4,8):(1@0,1@1)`.
impl fmt::Display for BasisLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

/// `shape:stride`, the shape in CuTe notation and the stride in the descriptor notation (a
/// group, or one basis `v@k` or integer for an integer shape).
impl FromStr for BasisLayout {
    type Err = Error;
    fn from_str(s: &str) -> Result<BasisLayout> {
        let (l, end) = parse_basis_layout_prefix(s, 0)?;
        expect_end(s, end, "layout")?;
        Ok(l)
    }
}

/// A layout with basis strides in `text` from byte `start`, as part of a longer text: the
/// layout and the byte offset just past it; the offsets of errors are offsets in `text`.
///
/// ```
/// use cute::dynamic::parse_basis_layout_prefix;
/// let (l, end) = parse_basis_layout_prefix("f((4,8):(1@0,1@1), 2)", 2).unwrap();
/// assert_eq!((l.to_string(), end), ("(4,8):(1@0,1@1)".to_string(), 17));
/// ```
pub fn parse_basis_layout_prefix(text: &str, start: usize) -> Result<(BasisLayout, usize)> {
    let (shape, colon) = shape_before_colon(text, start)?;
    // In range: `colon` is the offset of a byte of `text`, so colon < text.len().
    #[allow(clippy::arithmetic_side_effects)]
    let after = colon + 1;
    let (stride, end) = super::descriptor::parse_basis_stride_prefix(text, after)?;
    Ok((BasisLayout::new(shape, stride)?, end))
}
