//! Hierarchical tuples (`I ::= leaf | (I, ..., I)`) and the integer-tuple functions of CuTe:
//! size, rank, depth, flatten, congruence, `shape_div`, `ceil_div`, `idx2crd`, `crd2idx`.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::error::{bail, named, ErrorKind, Result};
use crate::arith;

/// A hierarchical tuple: a leaf, or a tuple of hierarchical tuples.
///
/// A leaf and a rank-1 tuple are different values (`8` vs `(8)`), as in CuTe.
///
/// ```
/// use cute::dynamic::IntTuple;
/// let t: IntTuple = "(4,(3,2))".parse().unwrap();
/// assert_eq!((t.rank(), t.depth(), t.size().unwrap()), (2, 2, 24));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum HTuple<T> {
    /// A single value.
    Leaf(T),
    /// A tuple of sub-tuples (possibly empty).
    Tuple(Vec<HTuple<T>>),
}

/// A hierarchical tuple of integers: a shape, a stride or a coordinate.
///
/// ```
/// use cute::dynamic::IntTuple;
/// let s: IntTuple = "(4,(3,2))".parse().unwrap();
/// assert_eq!(s.flat_leaves(), vec![4, 3, 2]);
/// ```
pub type IntTuple = HTuple<i64>;

/// The most leaves a tuple of the dynamic engine holds, and so a layout's shape or stride: 2^18
/// (262,144). CuTe's own layouts have a few dozen; the bound keeps an operation that duplicates
/// modes (`select` with repeated indices, compositions that split leaves) from growing its result
/// without limit. Text with a longer tuple, and an operation whose result would exceed it, give
/// an error of kind [`TooManyLeaves`](super::ErrorKind::TooManyLeaves) before doing that work.
///
/// ```
/// use cute::dynamic::{ErrorKind, Layout, MAX_LEAVES};
/// let l: Layout = "(2,3):(1,2)".parse().unwrap();
/// let e = l.select(&vec![0; MAX_LEAVES + 1]).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::TooManyLeaves);
/// assert_eq!(e.to_string(), "too many leaves: select: 262145 leaves, more than a tuple holds (262144)");
/// ```
pub const MAX_LEAVES: usize = 1 << 18;

/// `Ok` when `count` leaves fit in a tuple ([`MAX_LEAVES`]), else the error of kind
/// [`TooManyLeaves`](super::ErrorKind::TooManyLeaves) naming `op`.
///
/// ```
/// use cute::dynamic::{check_leaf_count, MAX_LEAVES};
/// assert!(check_leaf_count(MAX_LEAVES, &"append").is_ok());
/// let e = check_leaf_count(MAX_LEAVES + 1, &"append").unwrap_err();
/// assert_eq!(e.to_string(), "too many leaves: append: 262145 leaves, more than a tuple holds (262144)");
/// ```
pub fn check_leaf_count(count: usize, op: &dyn fmt::Display) -> Result<()> {
    if count > MAX_LEAVES {
        bail!(TooManyLeaves, "{}: {} leaves, more than a tuple holds ({})", op, count, MAX_LEAVES);
    }
    Ok(())
}

impl<T> HTuple<T> {
    /// True for a leaf.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert!(IntTuple::Leaf(3).is_leaf());
    /// ```
    pub fn is_leaf(&self) -> bool {
        matches!(self, HTuple::Leaf(_))
    }

    /// Number of leaves.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!("(2,(3,4),())".parse::<IntTuple>().unwrap().leaf_count(), 3);
    /// ```
    pub fn leaf_count(&self) -> usize {
        match self {
            HTuple::Leaf(_) => 1,
            HTuple::Tuple(v) => v.iter().map(HTuple::leaf_count).sum(),
        }
    }

    /// Number of top-level modes; 1 for a leaf.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!("(2,(3,4))".parse::<IntTuple>().unwrap().rank(), 2);
    /// ```
    pub fn rank(&self) -> usize {
        match self {
            HTuple::Leaf(_) => 1,
            HTuple::Tuple(v) => v.len(),
        }
    }

    /// Nesting depth: 0 for a leaf, 1 + the deepest mode for a tuple.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!("(2,(3,4))".parse::<IntTuple>().unwrap().depth(), 2);
    /// assert_eq!("()".parse::<IntTuple>().unwrap().depth(), 1);
    /// ```
    pub fn depth(&self) -> usize {
        match self {
            HTuple::Leaf(_) => 0,
            // In range: a tree of depth d nests d - 1 non-empty tuples, each a separate
            // allocation in memory, so d < usize::MAX.
            #[allow(clippy::arithmetic_side_effects)]
            HTuple::Tuple(v) => 1 + v.iter().map(HTuple::depth).max().unwrap_or(0),
        }
    }

    /// The top-level modes; a leaf is its own single mode (CuTe's `get<0>(int)`).
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!(IntTuple::Leaf(5).modes().len(), 1);
    /// ```
    pub fn modes(&self) -> &[HTuple<T>] {
        match self {
            HTuple::Leaf(_) => core::slice::from_ref(self),
            HTuple::Tuple(v) => v,
        }
    }

    /// Mode `i`, or an `IndexOutOfRange` error.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.mode(1).unwrap().to_string(), "(3,4)");
    /// assert!(t.mode(2).is_err());
    /// ```
    pub fn mode(&self, i: usize) -> Result<&HTuple<T>> {
        match self.modes().get(i) {
            Some(m) => Ok(m),
            None => bail!(IndexOutOfRange, "mode {} of a rank-{} tuple", i, self.rank()),
        }
    }

    /// The leaves, left to right.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.leaves(), vec![&2, &3, &4]);
    /// ```
    pub fn leaves(&self) -> Vec<&T> {
        let mut out = Vec::new();
        self.for_each_leaf(&mut |x| out.push(x));
        out
    }

    /// `f` of every leaf, left to right (without collecting them).
    pub(crate) fn for_each_leaf<'a>(&'a self, f: &mut impl FnMut(&'a T)) {
        match self {
            HTuple::Leaf(x) => f(x),
            HTuple::Tuple(v) => v.iter().for_each(|m| m.for_each_leaf(f)),
        }
    }

    /// Apply `f` to every leaf, keeping the structure.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert_eq!(t.map(|x| x * 10).to_string(), "(20,(30,40))");
    /// ```
    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> HTuple<U> {
        self.map_ref(&mut f)
    }

    fn map_ref<U>(&self, f: &mut impl FnMut(&T) -> U) -> HTuple<U> {
        match self {
            HTuple::Leaf(x) => HTuple::Leaf(f(x)),
            HTuple::Tuple(v) => HTuple::Tuple(v.iter().map(|m| m.map_ref(f)).collect()),
        }
    }

    /// Apply a fallible `f` to every leaf, keeping the structure.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// let t: IntTuple = "(2,4)".parse().unwrap();
    /// assert_eq!(t.try_map(|&x| x.checked_mul(2).ok_or("overflow")).unwrap().to_string(), "(4,8)");
    /// ```
    pub fn try_map<U, E>(
        &self,
        mut f: impl FnMut(&T) -> core::result::Result<U, E>,
    ) -> core::result::Result<HTuple<U>, E> {
        self.try_map_ref(&mut f)
    }

    fn try_map_ref<U, E>(
        &self,
        f: &mut impl FnMut(&T) -> core::result::Result<U, E>,
    ) -> core::result::Result<HTuple<U>, E> {
        Ok(match self {
            HTuple::Leaf(x) => HTuple::Leaf(f(x)?),
            HTuple::Tuple(v) => {
                HTuple::Tuple(v.iter().map(|m| m.try_map_ref(f)).collect::<core::result::Result<_, _>>()?)
            }
        })
    }

    /// True when both have the same tree structure (CuTe's `congruent`).
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// let a: IntTuple = "(2,(3,4))".parse().unwrap();
    /// assert!(a.congruent(&"(1,(1,1))".parse::<IntTuple>().unwrap()));
    /// assert!(!a.congruent(&"(1,1)".parse::<IntTuple>().unwrap()));
    /// ```
    pub fn congruent<U>(&self, other: &HTuple<U>) -> bool {
        match (self, other) {
            (HTuple::Leaf(_), HTuple::Leaf(_)) => true,
            (HTuple::Tuple(a), HTuple::Tuple(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y)),
            _ => false,
        }
    }

    /// CuTe's `weakly_congruent(self, other)`: `other` refines `self` (a leaf of `self` may stand
    /// for a whole sub-tuple of `other`).
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// let a: IntTuple = "(2,3)".parse().unwrap();
    /// assert!(a.weakly_congruent(&"((1,1),4)".parse::<IntTuple>().unwrap()));
    /// assert!(!a.weakly_congruent(&"5".parse::<IntTuple>().unwrap()));
    /// ```
    pub fn weakly_congruent<U>(&self, other: &HTuple<U>) -> bool {
        match (self, other) {
            (HTuple::Leaf(_), _) => true,
            (HTuple::Tuple(_), HTuple::Leaf(_)) => false,
            (HTuple::Tuple(a), HTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.weakly_congruent(y))
            }
        }
    }

    /// Wrap a leaf into a rank-1 tuple; a tuple is returned as is (CuTe's `wrap`).
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!(IntTuple::Leaf(4).wrap().to_string(), "(4)");
    /// ```
    pub fn wrap(self) -> HTuple<T> {
        match self {
            HTuple::Leaf(_) => HTuple::Tuple(vec![self]),
            t => t,
        }
    }

    /// Unwrap a rank-1 tuple into its only element; anything else is returned as is.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!("((4,2))".parse::<IntTuple>().unwrap().unwrap_single().to_string(), "(4,2)");
    /// ```
    pub fn unwrap_single(self) -> HTuple<T> {
        match self {
            HTuple::Tuple(mut v) if v.len() == 1 => v.pop().expect("length checked"),
            t => t,
        }
    }
}

impl<T: Clone> HTuple<T> {
    /// All leaves in one tuple of depth <= 1; a leaf stays a leaf (CuTe's `flatten`).
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// let t: IntTuple = "((2,3),(4,(5)))".parse().unwrap();
    /// assert_eq!(t.flatten().to_string(), "(2,3,4,5)");
    /// assert_eq!(IntTuple::Leaf(7).flatten().to_string(), "7");
    /// ```
    pub fn flatten(&self) -> HTuple<T> {
        match self {
            HTuple::Leaf(_) => self.clone(),
            HTuple::Tuple(_) => HTuple::Tuple(self.leaves().into_iter().cloned().map(HTuple::Leaf).collect()),
        }
    }

    /// The leaves as owned values.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!("(2,(3,4))".parse::<IntTuple>().unwrap().flat_leaves(), vec![2, 3, 4]);
    /// ```
    pub fn flat_leaves(&self) -> Vec<T> {
        self.leaves().into_iter().cloned().collect()
    }

    /// Rebuild a tuple with this profile from flat leaves, consumed left to right
    /// (CuTe's `unflatten`); `None` when the count differs.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// let p: IntTuple = "(0,(0,0))".parse().unwrap();
    /// assert_eq!(p.unflatten(&[7, 8, 9]).unwrap().to_string(), "(7,(8,9))");
    /// ```
    pub fn unflatten<U: Clone>(&self, leaves: &[U]) -> Option<HTuple<U>> {
        let mut it = leaves.iter();
        let out = self.unflatten_from(&mut it)?;
        it.next().is_none().then_some(out)
    }

    fn unflatten_from<'a, U: Clone + 'a>(&self, it: &mut impl Iterator<Item = &'a U>) -> Option<HTuple<U>> {
        Some(match self {
            HTuple::Leaf(_) => HTuple::Leaf(it.next()?.clone()),
            HTuple::Tuple(v) => HTuple::Tuple(v.iter().map(|m| m.unflatten_from(it)).collect::<Option<_>>()?),
        })
    }
}

impl IntTuple {
    /// A tuple of leaves.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!(IntTuple::flat(&[4, 8]).to_string(), "(4,8)");
    /// ```
    pub fn flat(values: &[i64]) -> IntTuple {
        HTuple::Tuple(values.iter().map(|&v| HTuple::Leaf(v)).collect())
    }

    /// The leaf value, if this is a leaf.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!(IntTuple::Leaf(3).as_int(), Some(3));
    /// ```
    pub fn as_int(&self) -> Option<i64> {
        match self {
            HTuple::Leaf(x) => Some(*x),
            HTuple::Tuple(_) => None,
        }
    }

    /// Product of the leaves (1 for an empty tuple): the size of a shape.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!("(4,(3,2))".parse::<IntTuple>().unwrap().size().unwrap(), 24);
    /// ```
    pub fn size(&self) -> Result<i64> {
        self.leaves().into_iter().try_fold(1i64, |acc, &x| Ok(arith::mul(acc, x)?))
    }

    /// Sum of the leaves.
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!("(4,(3,2))".parse::<IntTuple>().unwrap().sum().unwrap(), 9);
    /// ```
    pub fn sum(&self) -> Result<i64> {
        self.leaves().into_iter().try_fold(0i64, |acc, &x| Ok(arith::add(acc, x)?))
    }

    /// The size of each top-level mode, as a tuple (CuTe's `product_each`; a leaf is wrapped).
    ///
    /// ```
    /// use cute::dynamic::IntTuple;
    /// assert_eq!("((2,3),4)".parse::<IntTuple>().unwrap().product_each().unwrap().to_string(), "(6,4)");
    /// ```
    pub fn product_each(&self) -> Result<IntTuple> {
        Ok(HTuple::Tuple(self.modes().iter().map(|m| m.size().map(HTuple::Leaf)).collect::<Result<_>>()?))
    }
}

/// CuTe's `compatible(a, b)`: same size, and every coordinate of `a` is a coordinate of `b`.
///
/// ```
/// use cute::dynamic::{compatible, IntTuple};
/// let a: IntTuple = "(24)".parse().unwrap();
/// assert!(compatible(&a, &"((4,6))".parse().unwrap()).unwrap());
/// assert!(!compatible(&a, &"(4,6)".parse().unwrap()).unwrap());
/// ```
pub fn compatible(a: &IntTuple, b: &IntTuple) -> Result<bool> {
    named!(compatible_by_mode(a, b), "compatible({}, {})", a, b)
}

/// [`compatible`]'s steps.
fn compatible_by_mode(a: &IntTuple, b: &IntTuple) -> Result<bool> {
    Ok(match (a, b) {
        (HTuple::Leaf(x), _) => *x == b.size()?,
        (HTuple::Tuple(_), HTuple::Leaf(_)) => false,
        (HTuple::Tuple(x), HTuple::Tuple(y)) => x.len() == y.len() && all_pairs(x, y, compatible)?,
    })
}

/// Whether `f` holds of every pair of modes (the first error stops it).
fn all_pairs(x: &[IntTuple], y: &[IntTuple], f: fn(&IntTuple, &IntTuple) -> Result<bool>) -> Result<bool> {
    for (p, q) in x.iter().zip(y) {
        if !f(p, q)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// CuTe's `weakly_compatible(a, b)`: some shape `c` congruent to `a` makes `a` scaled by `c`
/// leaf by leaf compatible with `b`; that is, each leaf of `a` divides the size of the part of
/// `b` it meets (`size(b) % a == 0` at each leaf `a`). This is the definition of CuTe's later
/// headers, a partial order with `compatible` below it; CuTe 3.4's function went the other way
/// ("B divides A", `a % size(b) == 0`).
///
/// ```
/// use cute::dynamic::{weakly_compatible, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert!(weakly_compatible(&t("8"), &t("16")).unwrap());
/// assert!(!weakly_compatible(&t("16"), &t("8")).unwrap());
/// assert!(weakly_compatible(&t("(4,3)"), &t("((2,4),6)")).unwrap());
/// assert!(!weakly_compatible(&t("(16)"), &t("16")).unwrap());
/// ```
pub fn weakly_compatible(a: &IntTuple, b: &IntTuple) -> Result<bool> {
    named!(weakly_compatible_by_mode(a, b), "weakly_compatible({}, {})", a, b)
}

/// [`weakly_compatible`]'s steps.
fn weakly_compatible_by_mode(a: &IntTuple, b: &IntTuple) -> Result<bool> {
    Ok(match (a, b) {
        (HTuple::Leaf(x), _) => {
            if *x <= 0 {
                bail!(InvalidArgument, "weakly_compatible({}, {}): the extent {} is not positive", a, b, x);
            }
            arith::rem(b.size()?, *x)? == 0
        }
        (HTuple::Tuple(_), HTuple::Leaf(_)) => false,
        (HTuple::Tuple(x), HTuple::Tuple(y)) => x.len() == y.len() && all_pairs(x, y, weakly_compatible)?,
    })
}

/// CuTe's `evenly_divides(shape, tiler)`: whether tiling `shape` by `tiler` leaves no partial
/// tile. A tuple tiler goes mode by mode over the first modes of the shape (false when it has
/// more modes); an integer tiler `n` divides the shape's modes in turn, left to right, as
/// [`ceil_div`] does: `size(shape) == n * size(ceil_div(shape, n))`.
///
/// ```
/// use cute::dynamic::{evenly_divides, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert!(evenly_divides(&t("(8,6)"), &t("(4,3)")).unwrap());
/// assert!(!evenly_divides(&t("(8,6)"), &t("(4,4)")).unwrap());
/// // 16 takes all of the 8 and 2 of the 6.
/// assert!(evenly_divides(&t("(8,6)"), &t("16")).unwrap());
/// assert!(!evenly_divides(&t("(8,6)"), &t("5")).unwrap());
/// assert!(!evenly_divides(&t("8"), &t("(4,2)")).unwrap());
/// ```
pub fn evenly_divides(shape: &IntTuple, tiler: &IntTuple) -> Result<bool> {
    named!(evenly_divides_by_mode(shape, tiler), "evenly_divides({}, {})", shape, tiler)
}

/// [`evenly_divides`]'s steps.
fn evenly_divides_by_mode(shape: &IntTuple, tiler: &IntTuple) -> Result<bool> {
    match tiler {
        HTuple::Tuple(ts) => Ok(ts.len() <= shape.rank() && all_pairs(shape.modes(), ts, evenly_divides)?),
        HTuple::Leaf(n) => {
            if *n <= 0 {
                bail!(InvalidArgument, "evenly_divides({}, {}): the tile size {} is not positive", shape, tiler, n);
            }
            Ok(shape.size()? == arith::mul(*n, ceil_div(shape, tiler)?.size()?)?)
        }
    }
}

/// CuTe's `shape_div(a, b)` on leaves: `a / b`, rounded away from zero when `|a| < |b|`.
/// Requires `a % b == 0 || b % a == 0` (the shape divisibility condition).
fn shape_div_int(a: i64, b: i64) -> Result<i64> {
    if b == 0 || a == 0 || (arith::rem(a, b)? != 0 && arith::rem(b, a)? != 0) {
        bail!(ShapeDivisibility, "shape_div({}, {}): neither divides the other", a, b);
    }
    let q = arith::div(a, b)?;
    Ok(if q != 0 { q } else { arith::mul(arith::signum(a), arith::signum(b))? })
}

/// CuTe's `shape_div(a, b)`: tuple / tuple element-wise; tuple / int folds the divisor across
/// the modes, left to right; int / tuple divides by the product.
///
/// ```
/// use cute::dynamic::{shape_div, IntTuple};
/// let a: IntTuple = "(4,5,6)".parse().unwrap();
/// assert_eq!(shape_div(&a, &IntTuple::Leaf(40)).unwrap().to_string(), "(1,1,3)");
/// assert!(shape_div(&IntTuple::Leaf(6), &IntTuple::Leaf(4)).is_err());
/// ```
pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    named!(shape_div_by_mode(a, b), "shape_div({}, {})", a, b)
}

/// [`shape_div`]'s steps.
fn shape_div_by_mode(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    match (a, b) {
        (HTuple::Tuple(x), HTuple::Tuple(y)) => {
            if x.len() != y.len() {
                bail!(RankMismatch, "shape_div({}, {}): rank {} vs rank {}", a, b, x.len(), y.len());
            }
            Ok(HTuple::Tuple(x.iter().zip(y).map(|(p, q)| shape_div(p, q)).collect::<Result<_>>()?))
        }
        (HTuple::Tuple(x), HTuple::Leaf(_)) => {
            let mut rest = b.clone();
            let mut out = Vec::with_capacity(x.len());
            for ai in x {
                out.push(shape_div(ai, &rest)?);
                rest = shape_div(&rest, ai)?;
            }
            Ok(HTuple::Tuple(out))
        }
        (HTuple::Leaf(_), HTuple::Tuple(_)) => shape_div(a, &HTuple::Leaf(b.size()?)),
        (HTuple::Leaf(x), HTuple::Leaf(y)) => Ok(HTuple::Leaf(shape_div_int(*x, *y)?)),
    }
}

/// The shape division's partner, "modding out" of CuTe's composition: the first `b` elements of
/// the shape `a`, mode by mode, so that `a` is `shape_mod(a, b)` times `shape_div(a, b)` leaf by
/// leaf. Tuple by tuple goes mode by mode; a tuple by an integer keeps what fits of each mode
/// left to right (`(3,6,2,8) % 6` is `(3,2,1,1)`); an integer by a tuple uses its product; an
/// integer by an integer is the smaller one.
///
/// CuTe C++ has no function of this name: it does this inside `composition`; the rule here is
/// that of the CuTe documentation's worked examples. Requires the shape divisibility condition
/// (`a % b == 0 || b % a == 0` at each step, an error of kind
/// [`ShapeDivisibility`](super::ErrorKind::ShapeDivisibility) otherwise) and positive leaves.
///
/// ```
/// use cute::dynamic::{shape_div, shape_mod, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(shape_mod(&t("(3,6,2,8)"), &t("6")).unwrap().to_string(), "(3,2,1,1)");
/// assert_eq!(shape_mod(&t("(3,6,2,8)"), &t("9")).unwrap().to_string(), "(3,3,1,1)");
/// assert_eq!(shape_div(&t("(3,6,2,8)"), &t("9")).unwrap().to_string(), "(1,2,2,8)");
/// assert_eq!(shape_mod(&t("(6,2)"), &t("12")).unwrap().to_string(), "(6,2)");
/// assert!(shape_mod(&t("(6,2)"), &t("4")).is_err());
/// ```
pub fn shape_mod(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    named!(shape_mod_by_mode(a, b), "shape_mod({}, {})", a, b)
}

/// [`shape_mod`]'s steps.
fn shape_mod_by_mode(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    match (a, b) {
        (HTuple::Tuple(x), HTuple::Tuple(y)) => {
            if x.len() != y.len() {
                bail!(RankMismatch, "shape_mod({}, {}): rank {} vs rank {}", a, b, x.len(), y.len());
            }
            Ok(HTuple::Tuple(x.iter().zip(y).map(|(p, q)| shape_mod(p, q)).collect::<Result<_>>()?))
        }
        (HTuple::Tuple(x), HTuple::Leaf(_)) => {
            let mut rest = b.clone();
            let mut out = Vec::with_capacity(x.len());
            for ai in x {
                out.push(shape_mod(ai, &rest)?);
                rest = shape_div(&rest, ai)?;
            }
            Ok(HTuple::Tuple(out))
        }
        (HTuple::Leaf(_), HTuple::Tuple(_)) => shape_mod(a, &HTuple::Leaf(b.size()?)),
        (HTuple::Leaf(x), HTuple::Leaf(y)) => {
            if *x <= 0 || *y <= 0 {
                bail!(InvalidArgument, "shape_mod({}, {}): the extents must be positive", x, y);
            }
            if arith::rem(*x, *y)? != 0 && arith::rem(*y, *x)? != 0 {
                bail!(ShapeDivisibility, "shape_mod({}, {}): neither divides the other", x, y);
            }
            Ok(HTuple::Leaf((*x).min(*y)))
        }
    }
}

/// CuTe's `ceil_div(a, b)`: tuple / tuple element-wise (missing modes of `b` are 1); tuple / int
/// folds the divisor across the modes; int / tuple divides by the product.
///
/// ```
/// use cute::dynamic::{ceil_div, IntTuple};
/// let a: IntTuple = "(3,5)".parse().unwrap();
/// assert_eq!(ceil_div(&a, &IntTuple::Leaf(2)).unwrap().to_string(), "(2,5)");
/// assert_eq!(ceil_div(&IntTuple::Leaf(7), &IntTuple::Leaf(2)).unwrap().to_string(), "4");
/// ```
pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    named!(ceil_div_by_mode(a, b), "ceil_div({}, {})", a, b)
}

/// [`ceil_div`]'s steps.
fn ceil_div_by_mode(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    match (a, b) {
        (HTuple::Tuple(x), HTuple::Tuple(y)) => {
            if x.len() < y.len() {
                bail!(RankMismatch, "ceil_div({}, {}): rank {} < rank {}", a, b, x.len(), y.len());
            }
            let one = HTuple::Leaf(1);
            Ok(HTuple::Tuple(
                x.iter().enumerate().map(|(i, p)| ceil_div(p, y.get(i).unwrap_or(&one))).collect::<Result<_>>()?,
            ))
        }
        (HTuple::Tuple(x), HTuple::Leaf(_)) => {
            let mut rest = b.clone();
            let mut out = Vec::with_capacity(x.len());
            for ai in x {
                out.push(ceil_div(ai, &rest)?);
                rest = ceil_div(&rest, ai)?;
            }
            Ok(HTuple::Tuple(out))
        }
        (HTuple::Leaf(_), HTuple::Tuple(_)) => ceil_div(a, &HTuple::Leaf(b.size()?)),
        (HTuple::Leaf(x), HTuple::Leaf(y)) => {
            if *y == 0 {
                bail!(InvalidArgument, "ceil_div({}, 0): division by zero", x);
            }
            Ok(HTuple::Leaf(arith::ceil_div(*x, *y)?))
        }
    }
}

/// Rounding of [`shape_div_rounded`]: down, up, or exact (an error when a leaf does not divide).
///
/// ```
/// use cute::dynamic::{shape_div_rounded, IntTuple, Rounding};
/// assert_eq!(shape_div_rounded(&IntTuple::Leaf(7), 2, Rounding::Floor).unwrap().to_string(), "3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// Round the quotient up.
    Ceil,
    /// Round the quotient down.
    Floor,
    /// Require exact division; otherwise an `InexactDivision` error.
    Exact,
}

/// Divide every leaf of `shape` by `divisor` with the given rounding.
///
/// ```
/// use cute::dynamic::{shape_div_rounded, IntTuple, Rounding};
/// let s: IntTuple = "(8,(6,3))".parse().unwrap();
/// assert_eq!(shape_div_rounded(&s, 4, Rounding::Ceil).unwrap().to_string(), "(2,(2,1))");
/// assert_eq!(shape_div_rounded(&s, 4, Rounding::Floor).unwrap().to_string(), "(2,(1,0))");
/// let e = shape_div_rounded(&s, 4, Rounding::Exact).unwrap_err();
/// assert_eq!(e.to_string(), "inexact division: shape_div((8,(6,3)), 4, exact): leaf 6 is not a multiple of 4");
/// ```
pub fn shape_div_rounded(shape: &IntTuple, divisor: i64, rounding: Rounding) -> Result<IntTuple> {
    named!(shape_div_leaves(shape, divisor, rounding), "shape_div({}, {})", shape, divisor)
}

/// [`shape_div_rounded`]'s steps.
fn shape_div_leaves(shape: &IntTuple, divisor: i64, rounding: Rounding) -> Result<IntTuple> {
    if divisor <= 0 {
        bail!(InvalidArgument, "shape_div({}, {}): the divisor must be positive", shape, divisor);
    }
    shape.try_map(|&x| -> Result<i64> {
        Ok(match rounding {
            Rounding::Ceil => arith::ceil_div(x, divisor)?,
            Rounding::Floor => arith::div(x, divisor)?,
            Rounding::Exact => {
                if arith::rem(x, divisor)? != 0 {
                    bail!(
                        InexactDivision,
                        "shape_div({}, {}, exact): leaf {} is not a multiple of {}",
                        shape,
                        divisor,
                        x,
                        divisor
                    );
                }
                arith::div(x, divisor)?
            }
        })
    })
}

/// The compact stride of `shape` starting at `current` (CuTe's `compact_major`): column-major
/// (`left`) or row-major. A size-1 leaf gets stride 0, as in CuTe.
pub(crate) fn compact_major(shape: &IntTuple, current: i64, left: bool) -> Result<IntTuple> {
    let mut current = Ok(current);
    compact_major_from(shape, &mut current, left)
}

/// The walk of [`compact_major`]: `current` is the next stride, or the overflow that computing it
/// met, an error only where a leaf takes it (the product after the last leaf is never used).
fn compact_major_from(
    shape: &IntTuple,
    current: &mut core::result::Result<i64, arith::Overflow>,
    left: bool,
) -> Result<IntTuple> {
    match shape {
        HTuple::Leaf(1) => Ok(HTuple::Leaf(0)),
        HTuple::Leaf(s) => {
            let d = (*current)?;
            *current = arith::mul(d, *s);
            Ok(HTuple::Leaf(d))
        }
        HTuple::Tuple(v) => {
            let mut out: Vec<IntTuple> = Vec::with_capacity(v.len());
            if left {
                for m in v {
                    out.push(compact_major_from(m, current, left)?);
                }
            } else {
                for m in v.iter().rev() {
                    out.push(compact_major_from(m, current, left)?);
                }
                out.reverse();
            }
            Ok(HTuple::Tuple(out))
        }
    }
}

/// What [`idx2crd`] converts: an index, or a tuple of indices (one per mode of the shape, each
/// converted in its mode, as CuTe's `idx2crd` of a tuple).
///
/// ```
/// use cute::dynamic::{idx2crd, IntTuple};
/// let s: IntTuple = "(3,(2,3))".parse().unwrap();
/// assert_eq!(idx2crd(16, &s).unwrap().to_string(), "(1,(1,2))");
/// assert_eq!(idx2crd(&"(1,5)".parse().unwrap(), &s).unwrap().to_string(), "(1,(1,2))");
/// ```
pub trait IndexArg: private::Sealed {
    /// The index as a tuple (a leaf for an integer).
    fn index(&self) -> HTupleRef<'_>;
}

/// An index of [`IndexArg`]: an integer, or a tuple borrowed from the caller.
#[doc(hidden)]
pub enum HTupleRef<'a> {
    /// An integer index.
    Int(i64),
    /// A tuple of indices.
    Tuple(&'a IntTuple),
}

impl IndexArg for i64 {
    fn index(&self) -> HTupleRef<'_> {
        HTupleRef::Int(*self)
    }
}

impl IndexArg for &IntTuple {
    fn index(&self) -> HTupleRef<'_> {
        match self {
            HTuple::Leaf(i) => HTupleRef::Int(*i),
            t => HTupleRef::Tuple(t),
        }
    }
}

/// The space of [`idx2crd`] and [`crd2idx`]: a shape, whose indices are colexicographic (CuTe's
/// two-argument forms), or a `(shape, stride)` pair, whose indices are offsets (the
/// three-argument forms; Rust has no overloading, so the pair is one argument).
///
/// ```
/// use cute::dynamic::{crd2idx, IntTuple};
/// let (s, d): (IntTuple, IntTuple) = ("(3,(2,3))".parse().unwrap(), "(1,(3,6))".parse().unwrap());
/// let c: IntTuple = "(1,(1,2))".parse().unwrap();
/// assert_eq!(crd2idx(&c, &s).unwrap(), 16);
/// assert_eq!(crd2idx(&c, (&s, &d)).unwrap(), 16);
/// ```
pub trait ShapeArg<'a>: private::Sealed {
    /// The shape, and the stride when there is one.
    fn parts(self) -> (&'a IntTuple, Option<&'a IntTuple>);
}

impl<'a> ShapeArg<'a> for &'a IntTuple {
    fn parts(self) -> (&'a IntTuple, Option<&'a IntTuple>) {
        (self, None)
    }
}

impl<'a> ShapeArg<'a> for (&'a IntTuple, &'a IntTuple) {
    fn parts(self) -> (&'a IntTuple, Option<&'a IntTuple>) {
        (self.0, Some(self.1))
    }
}

mod private {
    /// Only the argument types of `idx2crd` and `crd2idx` above.
    pub trait Sealed {}
    impl Sealed for i64 {}
    impl Sealed for &super::IntTuple {}
    impl Sealed for (&super::IntTuple, &super::IntTuple) {}
}

/// Convert an index into a coordinate (CuTe's `idx2crd`).
///
/// Of a shape, the natural coordinate, colexicographically: the last mode of each tuple absorbs
/// any index beyond its size (`idx2crd(7, (2,3))` is `(1,3)`). Of a `(shape, stride)` pair, the
/// coordinate of an offset in a compact layout: each leaf is `(i / d) % s` of the same index (a
/// size-1 leaf is 0, a stride given as an integer for a tuple shape starts its compact
/// column-major strides). A tuple index is converted mode by mode.
///
/// ```
/// use cute::dynamic::{idx2crd, IntTuple};
/// let s: IntTuple = "(4,(12,5))".parse().unwrap();
/// assert_eq!(idx2crd(46, &s).unwrap().to_string(), "(2,(11,0))");
/// assert_eq!(idx2crd(9, &"(2,2)".parse().unwrap()).unwrap().to_string(), "(1,4)");
/// // CuTe's idx2crd((1,5), (3,(2,3))): mode by mode.
/// let s: IntTuple = "(3,(2,3))".parse().unwrap();
/// assert_eq!(idx2crd(&"(1,5)".parse().unwrap(), &s).unwrap().to_string(), "(1,(1,2))");
/// // With strides: the coordinate of offset 5 in (2,3):(3,1).
/// let (s, d) = ("(2,3)".parse().unwrap(), "(3,1)".parse().unwrap());
/// assert_eq!(idx2crd(5, (&s, &d)).unwrap().to_string(), "(1,2)");
/// ```
pub fn idx2crd<'a>(idx: impl IndexArg, space: impl ShapeArg<'a>) -> Result<IntTuple> {
    let (shape, stride) = space.parts();
    named!(index_to_coord(&idx, shape, stride), "idx2crd({}, {})", index_tuple(&idx), Space(shape, stride))
}

/// An index of [`IndexArg`] as a tuple, for a message.
fn index_tuple(idx: &impl IndexArg) -> IntTuple {
    match idx.index() {
        HTupleRef::Int(i) => HTuple::Leaf(i),
        HTupleRef::Tuple(t) => t.clone(),
    }
}

/// The space of an [`idx2crd`] or [`crd2idx`] as a message writes it: `shape` or `shape, stride`.
struct Space<'a>(&'a IntTuple, Option<&'a IntTuple>);

impl fmt::Display for Space<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(d) => write!(f, "{}, {}", self.0, d),
            None => write!(f, "{}", self.0),
        }
    }
}

/// [`idx2crd`]'s steps.
fn index_to_coord(idx: &impl IndexArg, shape: &IntTuple, stride: Option<&IntTuple>) -> Result<IntTuple> {
    let err = |why: &dyn fmt::Display| -> Result<IntTuple> {
        let idx = index_tuple(idx);
        match stride {
            Some(d) => bail!(RankMismatch, "idx2crd({}, {}, {}): {}", idx, shape, d, why),
            None => bail!(RankMismatch, "idx2crd({}, {}): {}", idx, shape, why),
        }
    };
    match (idx.index(), stride) {
        (HTupleRef::Int(i), None) => natural_coord(i, shape),
        (HTupleRef::Int(i), Some(d)) => offset_coord(i, shape, d),
        (HTupleRef::Tuple(t), _) => {
            let (HTuple::Tuple(is), HTuple::Tuple(ss)) = (t, shape) else {
                return err(&"a tuple index for an integer shape");
            };
            if is.len() != ss.len() {
                return err(&format_args!("rank {} vs rank {}", is.len(), ss.len()));
            }
            let modes = match stride {
                None => is.iter().zip(ss).map(|(i, s)| idx2crd(i, s)).collect::<Result<_>>()?,
                Some(HTuple::Tuple(ds)) if ds.len() == ss.len() => {
                    is.iter().zip(ss).zip(ds).map(|((i, s), d)| idx2crd(i, (s, d))).collect::<Result<_>>()?
                }
                Some(_) => return err(&"the stride is not congruent with the shape"),
            };
            Ok(HTuple::Tuple(modes))
        }
    }
}

/// CuTe's two-argument `idx2crd` of an integer index.
fn natural_coord(idx: i64, shape: &IntTuple) -> Result<IntTuple> {
    match shape {
        HTuple::Leaf(_) => Ok(HTuple::Leaf(idx)),
        HTuple::Tuple(v) => {
            let Some((last, init)) = v.split_last() else {
                return Ok(HTuple::Tuple(Vec::new()));
            };
            let mut rest = idx;
            let mut out = Vec::with_capacity(v.len());
            for s in init {
                let n = s.size()?;
                out.push(natural_coord(arith::rem(rest, n)?, s)?);
                rest = arith::div(rest, n)?;
            }
            out.push(natural_coord(rest, last)?);
            Ok(HTuple::Tuple(out))
        }
    }
}

/// CuTe's three-argument `idx2crd` of an integer index: `(idx / d) % s` at every leaf.
fn offset_coord(idx: i64, shape: &IntTuple, stride: &IntTuple) -> Result<IntTuple> {
    match (shape, stride) {
        (HTuple::Leaf(1), _) => Ok(HTuple::Leaf(0)),
        (HTuple::Leaf(s), _) if *s <= 0 => {
            bail!(InvalidArgument, "idx2crd({}, {}, {}): the extent {} is not positive", idx, shape, stride, s)
        }
        (HTuple::Leaf(s), HTuple::Leaf(d)) => {
            if *d == 0 {
                bail!(InvalidArgument, "idx2crd({}, {}, 0): a stride of 0 for an extent of {}", idx, s, s);
            }
            Ok(HTuple::Leaf(arith::rem(arith::div(idx, *d)?, *s)?))
        }
        (HTuple::Tuple(ss), HTuple::Tuple(ds)) if ss.len() == ds.len() => {
            Ok(HTuple::Tuple(ss.iter().zip(ds).map(|(s, d)| offset_coord(idx, s, d)).collect::<Result<_>>()?))
        }
        // An integer stride for a tuple shape: its compact column-major strides from there.
        (HTuple::Tuple(_), HTuple::Leaf(d)) => offset_coord(idx, shape, &compact_major(shape, *d, true)?),
        _ => bail!(RankMismatch, "idx2crd({}, {}, {}): the stride is not congruent with the shape", idx, shape, stride),
    }
}

/// Convert a coordinate into an index (CuTe's `crd2idx`).
///
/// Of a shape, the colexicographic index (the compact column-major stride); the coordinate may
/// be natural, flat per mode, or an integer (returned as it is). Of a `(shape, stride)` pair,
/// the offset `sum(c_i * d_i)`, an integer coordinate of a tuple mode split colexicographically
/// with the last mode taking the rest, as the layout `shape:stride` evaluates it.
///
/// ```
/// use cute::dynamic::{crd2idx, IntTuple};
/// let s: IntTuple = "((6,16),4)".parse().unwrap();
/// assert_eq!(crd2idx(&"(67,1)".parse().unwrap(), &s).unwrap(), 163);
/// assert_eq!(crd2idx(&"((1,0),1)".parse().unwrap(), &"((4,3),4)".parse().unwrap()).unwrap(), 13);
/// // With strides: (1,(1,2)) in (3,(2,3)):(1,(3,6)) is 1 + 3 + 12.
/// let (s, d) = ("(3,(2,3))".parse().unwrap(), "(1,(3,6))".parse().unwrap());
/// assert_eq!(crd2idx(&"(1,(1,2))".parse().unwrap(), (&s, &d)).unwrap(), 16);
/// ```
pub fn crd2idx<'a>(coord: &IntTuple, space: impl ShapeArg<'a>) -> Result<i64> {
    let (shape, stride) = space.parts();
    named!(coord_to_index(coord, shape, stride), "crd2idx({}, {})", coord, Space(shape, stride))
}

/// [`crd2idx`]'s steps.
fn coord_to_index(coord: &IntTuple, shape: &IntTuple, stride: Option<&IntTuple>) -> Result<i64> {
    match (shape, stride) {
        (shape, None) => colex_index(coord, shape),
        (shape, Some(stride)) => {
            if !shape.congruent(stride) {
                bail!(
                    RankMismatch,
                    "crd2idx({}, {}, {}): the stride is not congruent with the shape",
                    coord,
                    shape,
                    stride
                );
            }
            crd2offset(coord, shape, stride)
        }
    }
}

/// CuTe's two-argument `crd2idx`.
fn colex_index(coord: &IntTuple, shape: &IntTuple) -> Result<i64> {
    match (coord, shape) {
        (HTuple::Leaf(c), _) => Ok(*c),
        (HTuple::Tuple(_), HTuple::Leaf(_)) => {
            bail!(RankMismatch, "crd2idx({}, {}): a tuple coordinate for an integer shape", coord, shape)
        }
        (HTuple::Tuple(c), HTuple::Tuple(s)) => {
            if c.len() != s.len() {
                bail!(RankMismatch, "crd2idx({}, {}): rank {} vs rank {}", coord, shape, c.len(), s.len());
            }
            let checked =
                c.iter().zip(s).rev().try_fold(0i64, |idx, (ci, si)| {
                    Ok(arith::add(arith::mul(idx, si.size()?)?, colex_index(ci, si)?)?)
                });
            exact_if_overflow(checked, || wide_crd2idx(coord, shape))
        }
    }
}

/// The size of `t` in i128, `None` when it does not fit there either (then it exceeds every
/// i64 index).
fn wide_size(t: &IntTuple) -> Option<i128> {
    t.leaves().into_iter().try_fold(1i128, |acc, &x| acc.checked_mul(x as i128))
}

/// [`crd2idx`] in i128, for the coordinates whose i64 computation overflows in an intermediate
/// step (a size past i64 times a zero coordinate, a large negative term): `None` when the exact
/// value does not fit in i128. The shapes are known to match the coordinate.
fn wide_crd2idx(coord: &IntTuple, shape: &IntTuple) -> Option<i128> {
    match (coord, shape) {
        (HTuple::Leaf(c), _) => Some(*c as i128),
        (HTuple::Tuple(c), HTuple::Tuple(s)) => {
            let mut idx = 0i128;
            for (ci, si) in c.iter().zip(s).rev() {
                let scaled = if idx == 0 { 0 } else { idx.checked_mul(wide_size(si)?)? };
                idx = scaled.checked_add(wide_crd2idx(ci, si)?)?;
            }
            Some(idx)
        }
        (HTuple::Tuple(_), HTuple::Leaf(_)) => None,
    }
}

/// Whether `t` holds a leaf (stops at the first).
fn has_leaf<T>(t: &HTuple<T>) -> bool {
    match t {
        HTuple::Leaf(_) => true,
        HTuple::Tuple(v) => v.iter().any(has_leaf),
    }
}

/// `checked`, or where it overflowed in an intermediate step, the exact value computed by
/// `exact` in i128 when it fits; otherwise the overflow error stands, naming the operation.
fn exact_if_overflow(checked: Result<i64>, exact: impl FnOnce() -> Option<i128>) -> Result<i64> {
    match checked {
        Err(e) if e.kind() == ErrorKind::Overflow => crate::arith::or_exact(Err(e), exact),
        r => r,
    }
}

/// The offset of `coord` in the layout `shape:stride` (CuTe's three-argument `crd2idx`). An
/// integer coordinate of a tuple mode is split colexicographically, the last sub-mode holding a
/// leaf absorbing the excess; negative indices follow C++'s truncating division, so
/// `L(-i) == -L(i)`. An overflow only when the exact offset does not fit in i64.
pub(crate) fn crd2offset(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<i64> {
    exact_if_overflow(checked_crd2offset(coord, shape, stride), || wide_crd2offset(coord, shape, stride))
}

/// [`crd2offset`] in i64, an overflow error at the first intermediate value that does not fit.
fn checked_crd2offset(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<i64> {
    match (coord, shape, stride) {
        (HTuple::Leaf(c), HTuple::Leaf(_), HTuple::Leaf(d)) => Ok(arith::mul(*c, *d)?),
        (HTuple::Leaf(c), HTuple::Tuple(s), HTuple::Tuple(d)) => {
            // The last mode that holds a leaf takes what is left of the index (CuTe's extended
            // domain); empty modes after it hold nothing, as in composition, which sees A's
            // leaves only. Without leaves the layout is the constant 0.
            let Some(last) = s.iter().rposition(has_leaf) else {
                return Ok(0);
            };
            let mut rest = *c;
            let mut off = 0i64;
            for (si, di) in s[..last].iter().zip(d) {
                let n = si.size()?;
                off = arith::add(off, checked_crd2offset(&HTuple::Leaf(arith::rem(rest, n)?), si, di)?)?;
                rest = arith::div(rest, n)?;
            }
            arith::add(off, checked_crd2offset(&HTuple::Leaf(rest), &s[last], &d[last])?).map_err(Into::into)
        }
        (HTuple::Tuple(c), HTuple::Tuple(s), HTuple::Tuple(d)) if c.len() == s.len() => {
            let mut off = 0i64;
            for ((ci, si), di) in c.iter().zip(s).zip(d) {
                off = arith::add(off, checked_crd2offset(ci, si, di)?)?;
            }
            Ok(off)
        }
        _ => bail!(RankMismatch, "coordinate {} does not fit shape {}", coord, shape),
    }
}

/// [`crd2offset`] in i128: a mode whose size does not fit in i64 (or i128) holds every i64
/// index whole, so the index stays in it. `None` when an offset does not fit in i128, or the
/// coordinate does not fit the shape (the i64 walk reported that first).
fn wide_crd2offset(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Option<i128> {
    match (coord, shape, stride) {
        (HTuple::Leaf(c), HTuple::Leaf(_), HTuple::Leaf(d)) => (*c as i128).checked_mul(*d as i128),
        (HTuple::Leaf(c), HTuple::Tuple(s), HTuple::Tuple(d)) => {
            let Some(last) = s.iter().rposition(has_leaf) else {
                return Some(0);
            };
            let (mut rest, mut off) = (*c as i128, 0i128);
            for (si, di) in s[..last].iter().zip(d) {
                let (here, next) = match wide_size(si) {
                    Some(n) => (rest.checked_rem(n)?, rest.checked_div(n)?),
                    None => (rest, 0),
                };
                off = off.checked_add(wide_leaf_offset(here, si, di)?)?;
                rest = next;
            }
            off.checked_add(wide_leaf_offset(rest, &s[last], &d[last])?)
        }
        (HTuple::Tuple(c), HTuple::Tuple(s), HTuple::Tuple(d)) if c.len() == s.len() => {
            c.iter().zip(s).zip(d).try_fold(0i128, |off, ((ci, si), di)| off.checked_add(wide_crd2offset(ci, si, di)?))
        }
        _ => None,
    }
}

/// [`wide_crd2offset`] of an index held in i128 (a remainder or quotient of an i64 index, so
/// it fits in i64).
fn wide_leaf_offset(index: i128, shape: &IntTuple, stride: &IntTuple) -> Option<i128> {
    wide_crd2offset(&HTuple::Leaf(i64::try_from(index).ok()?), shape, stride)
}

/// Re-express a coordinate of `src` as a coordinate of `dst` (CuTe's `crd2crd`): mode by mode
/// where both are tuples, else through the column-major index.
///
/// ```
/// use cute::dynamic::{crd2crd, IntTuple};
/// let c: IntTuple = "(1,(1,2))".parse().unwrap();
/// let r = crd2crd(&c, &"(2,(3,4))".parse().unwrap(), &"(2,12)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "(1,7)");
/// ```
pub fn crd2crd(coord: &IntTuple, src: &IntTuple, dst: &IntTuple) -> Result<IntTuple> {
    named!(crd2crd_by_mode(coord, src, dst), "crd2crd({}, {}, {})", coord, src, dst)
}

/// [`crd2crd`]'s steps.
fn crd2crd_by_mode(coord: &IntTuple, src: &IntTuple, dst: &IntTuple) -> Result<IntTuple> {
    match (coord, src, dst) {
        (HTuple::Tuple(c), HTuple::Tuple(s), HTuple::Tuple(d)) => {
            if c.len() != s.len() || c.len() != d.len() {
                bail!(RankMismatch, "crd2crd({}, {}, {}): ranks differ", coord, src, dst);
            }
            Ok(HTuple::Tuple(c.iter().zip(s).zip(d).map(|((ci, si), di)| crd2crd(ci, si, di)).collect::<Result<_>>()?))
        }
        _ => idx2crd(crd2idx(coord, src)?, dst),
    }
}

impl<T: fmt::Display> fmt::Display for HTuple<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HTuple::Leaf(x) => x.fmt(f),
            HTuple::Tuple(v) => {
                f.write_str("(")?;
                for (i, m) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    m.fmt(f)?;
                }
                f.write_str(")")
            }
        }
    }
}
