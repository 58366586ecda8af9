//! Layouts with F2 strides (the paper's binary semimodule `F_2^m`, section 2.3.1): a stride
//! `fN` is the bit vector of `N`, strides add by XOR, and a coordinate `c` scales a stride by
//! carry-less multiplication (bit `j` of `c` contributes the stride shifted by `j`), so that a
//! mode of extent `2^k` is `k` modes of extent 2 with the strides `fN, f2N, f4N, ...` (the
//! paper's `(4,4):(f1,f5) == ((2,2),(2,2)):((f1,f2),(f5,f10))`). Such a layout is a matrix over
//! F2, the form of Triton's linear layouts; a swizzle is one (`Sw<3,4,3>` on `[0, 1024)` is
//! `(128,8):(f1,f144)`), and two swizzles of different shifts compose as matrices.
//!
//! ```
//! use cute::dynamic::F2Layout;
//! let l: F2Layout = "(4,4):(f1,f5)".parse().unwrap();
//! assert_eq!(l.call(4 * 3 + 2).unwrap(), 2 ^ 5 ^ 10);
//! assert_eq!(l.to_matrix().unwrap().to_string(), "1010\n0101\n0010\n0001\n");
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::error::{Error, ErrorKind, Result};
use super::int_tuple::{idx2crd, HTuple, IntTuple};
use super::layout::Layout;
use super::notation::{expect_end, shape_before_colon};
use crate::arith;
use crate::swizzle::Swizzle;

/// The most bits of an offset or a coordinate the matrices hold.
///
/// ```
/// assert!(cute::dynamic::F2Layout::from_swizzle(cute::swizzle::SW128, cute::dynamic::MAX_BITS + 1).is_err());
/// ```
pub const MAX_BITS: u32 = 62;

fn fail(kind: ErrorKind, message: String) -> Error {
    Error::new(kind, message)
}

/// `c * d` carry-less: the XOR of `d << j` over the set bits `j` of `c`, a coordinate that is
/// not negative (its bits are the coordinate's).
// In range: `j` counts the bits of the non-negative `c`, at most 63, and `d << j` runs only
// when `d` has more than `j + 1` leading zeros, so no bit reaches the sign.
#[allow(clippy::arithmetic_side_effects)]
fn clmul(c: i64, d: i64) -> Result<i64> {
    if c < 0 {
        return Err(fail(
            ErrorKind::IndexOutOfRange,
            format!("coordinate {} of an F2 stride is negative: it has no bits", c),
        ));
    }
    let mut r = 0i64;
    let mut c = c;
    let mut j = 0;
    while c != 0 {
        if c & 1 == 1 {
            if d != 0 && (d.leading_zeros() as i64) <= j {
                return Err(fail(ErrorKind::Overflow, format!("f{} shifted by {} does not fit in 63 bits", d, j)));
            }
            r ^= d << j;
        }
        c >>= 1;
        j += 1;
    }
    Ok(r)
}

/// `log2(n)` of a positive power of two.
fn bits_of(n: i64) -> Option<u32> {
    (n > 0 && n.count_ones() == 1).then(|| n.trailing_zeros())
}

/// A layout whose strides are elements of F2 (bit vectors added by XOR).
///
/// ```
/// use cute::dynamic::F2Layout;
/// let l: F2Layout = "(4,(4,3)):(f1,(f5,f16))".parse().unwrap();
/// assert_eq!(l.to_string(), "(4,(4,3)):(f1,(f5,f16))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct F2Layout {
    shape: IntTuple,
    stride: IntTuple,
}

impl F2Layout {
    /// The layout `shape:stride`, the strides non-negative bit vectors; the trees congruent.
    ///
    /// ```
    /// use cute::dynamic::F2Layout;
    /// assert!(F2Layout::new("(4,4)".parse().unwrap(), "(1,5)".parse().unwrap()).is_ok());
    /// assert!(F2Layout::new("(4,4)".parse().unwrap(), "(1,-5)".parse().unwrap()).is_err());
    /// ```
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<F2Layout> {
        let plain = Layout::new(shape, stride)?;
        if let Some(bad) = plain.stride().leaves().into_iter().find(|&&d| d < 0) {
            return Err(fail(
                ErrorKind::InvalidArgument,
                format!("F2 stride {} is negative: a stride is a bit vector", bad),
            ));
        }
        let (shape, stride) = plain.into_parts();
        Ok(F2Layout { shape, stride })
    }

    /// The layout of a swizzle on the offsets `[0, 2^bits)`: one mode of extent 2 per bit, the
    /// stride of bit `j` the swizzle of `2^j`, its modes merged where the strides continue.
    ///
    /// ```
    /// use cute::dynamic::F2Layout;
    /// use cute::swizzle::SW128;
    /// let l = F2Layout::from_swizzle(SW128, 10).unwrap();
    /// assert_eq!(l.to_string(), "(128,8):(f1,f144)");
    /// assert!((0..1024).all(|x| l.call(x).unwrap() == SW128.apply(x)));
    /// ```
    pub fn from_swizzle(swizzle: Swizzle, bits: u32) -> Result<F2Layout> {
        if bits > MAX_BITS {
            return Err(fail(ErrorKind::InvalidArgument, format!("{} bits: at most {}", bits, MAX_BITS)));
        }
        let columns: Vec<i64> = (0..bits).map(|j| swizzle.apply(1i64 << j)).collect();
        F2Layout::from_columns(&columns)
    }

    /// The layout of bit columns (input bit `j` to `columns[j]`), modes of extent 2 merged where
    /// a stride is the one before shifted by its bits.
    pub(crate) fn from_columns(columns: &[i64]) -> Result<F2Layout> {
        let mut modes: Vec<(i64, i64)> = Vec::new();
        for &c in columns {
            if let Some((s, d)) = modes.last_mut() {
                if clmul(*s, *d).ok() == Some(c) {
                    *s = arith::mul(*s, 2)?;
                    continue;
                }
            }
            modes.push((2, c));
        }
        Ok(match modes.as_slice() {
            [] => F2Layout { shape: HTuple::Leaf(1), stride: HTuple::Leaf(0) },
            [(s, d)] => F2Layout { shape: HTuple::Leaf(*s), stride: HTuple::Leaf(*d) },
            _ => F2Layout {
                shape: HTuple::Tuple(modes.iter().map(|(s, _)| HTuple::Leaf(*s)).collect()),
                stride: HTuple::Tuple(modes.iter().map(|(_, d)| HTuple::Leaf(*d)).collect()),
            },
        })
    }

    /// The shape.
    ///
    /// ```
    /// let l: cute::dynamic::F2Layout = "(4,4):(f1,f5)".parse().unwrap();
    /// assert_eq!(l.shape().to_string(), "(4,4)");
    /// ```
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The number of coordinates.
    ///
    /// ```
    /// let l: cute::dynamic::F2Layout = "(4,4):(f1,f5)".parse().unwrap();
    /// assert_eq!(l.size().unwrap(), 16);
    /// ```
    pub fn size(&self) -> Result<i64> {
        self.shape.size()
    }

    /// The offset of index `i`: the XOR over the leaves of `c_k * d_k` carry-less. A negative
    /// index has no bits: an error of kind
    /// [`IndexOutOfRange`](super::ErrorKind::IndexOutOfRange).
    ///
    /// ```
    /// let l: cute::dynamic::F2Layout = "(8,8):(f1,f9)".parse().unwrap();
    /// assert_eq!(l.call(8 * 2 + 1).unwrap(), 1 ^ 18);
    /// assert_eq!(l.call(-16).unwrap_err().kind(), cute::dynamic::ErrorKind::IndexOutOfRange);
    /// ```
    pub fn call(&self, index: i64) -> Result<i64> {
        let coords = idx2crd(index, &self.shape)?;
        coords.leaves().into_iter().zip(self.stride.leaves()).try_fold(0i64, |acc, (&c, &d)| Ok(acc ^ clmul(c, d)?))
    }

    /// The matrix over F2 of the layout: one column per bit of the coordinates (leaf by leaf,
    /// each extent a power of two), one row per bit of the offsets. A mode whose extent is not
    /// a power of two has no bits: an error of kind
    /// [`InvalidArgument`](super::ErrorKind::InvalidArgument) naming it.
    ///
    /// ```
    /// let l: cute::dynamic::F2Layout = "(4,3):(f1,f4)".parse().unwrap();
    /// assert_eq!(l.to_matrix().unwrap_err().to_string(), "invalid argument: extent 3 of (4,3):(f1,f4) is not a power of two, so its coordinates have no bits");
    /// ```
    pub fn to_matrix(&self) -> Result<BitMatrix> {
        let mut columns = Vec::new();
        for (&s, &d) in self.shape.leaves().into_iter().zip(self.stride.leaves()) {
            let k = bits_of(s).ok_or_else(|| {
                fail(
                    ErrorKind::InvalidArgument,
                    format!("extent {} of {} is not a power of two, so its coordinates have no bits", s, self),
                )
            })?;
            for j in 0..k {
                columns.push(clmul(1i64 << j, d)?);
            }
        }
        BitMatrix::new(columns)
    }

    /// The layout of a matrix over F2 with the shape `shape` (extents powers of two whose bits
    /// number the matrix's columns).
    ///
    /// ```
    /// use cute::dynamic::{BitMatrix, F2Layout};
    /// let m = BitMatrix::new(vec![1, 2, 5, 10]).unwrap();
    /// assert_eq!(F2Layout::from_matrix(&"(4,4)".parse().unwrap(), &m).unwrap().to_string(), "(4,4):(f1,f5)");
    /// ```
    pub fn from_matrix(shape: &IntTuple, matrix: &BitMatrix) -> Result<F2Layout> {
        let mut at = 0usize;
        let stride = shape.try_map(|&s| {
            let k = bits_of(s).ok_or_else(|| {
                fail(ErrorKind::InvalidArgument, format!("extent {} of {} is not a power of two", s, shape))
            })?;
            let d = if k == 0 { 0 } else { matrix.columns.get(at).copied().unwrap_or(0) };
            at = at
                .checked_add(k as usize)
                .ok_or_else(|| fail(ErrorKind::Overflow, format!("the bits of shape {} do not fit in usize", shape)))?;
            Ok::<i64, Error>(d)
        })?;
        if at != matrix.columns.len() {
            return Err(fail(
                ErrorKind::RankMismatch,
                format!("shape {} has {} bits, the matrix {} columns", shape, at, matrix.columns.len()),
            ));
        }
        let l = F2Layout::new(shape.clone(), stride)?;
        if l.to_matrix()? != *matrix {
            return Err(fail(
                ErrorKind::InvalidArgument,
                format!("the columns of a mode of {} are not one stride shifted bit by bit", shape),
            ));
        }
        Ok(l)
    }

    /// `A o B` for F2 layouts (an F2 layout of B's shape: the matrix product `A * B`), B's
    /// offsets inside A's coordinates.
    ///
    /// ```
    /// use cute::dynamic::F2Layout;
    /// use cute::swizzle::{Swizzle, SW128};
    /// // Two swizzles of different shifts, which CuTe's Swizzle cannot merge.
    /// let a = F2Layout::from_swizzle(SW128, 10).unwrap();
    /// let b = F2Layout::from_swizzle(Swizzle::new(2, 0, 5).unwrap(), 10).unwrap();
    /// let c = a.composition(&b).unwrap();
    /// assert!((0..1024).all(|x| c.call(x).unwrap() == SW128.apply(Swizzle::new(2, 0, 5).unwrap().apply(x))));
    /// ```
    pub fn composition(&self, b: &F2Layout) -> Result<F2Layout> {
        let (ma, mb) = (self.to_matrix()?, b.to_matrix()?);
        if let Some(&c) = mb.columns.iter().find(|&&c| c >> ma.columns.len() != 0) {
            return Err(fail(
                ErrorKind::InvalidArgument,
                format!(
                    "composition {} o {}: offset f{} of B is outside the {} bits of A's coordinates",
                    self,
                    b,
                    c,
                    ma.columns.len()
                ),
            ));
        }
        let columns = mb.columns.iter().map(|&c| ma.apply(c)).collect::<Vec<_>>();
        // B's shape, a leaf whose columns are no longer one stride shifted bit by bit split
        // into the runs that are. B's matrix has one column per bit of its extents, taken in
        // order, so the runs tile `columns`.
        let mut rest: &[i64] = &columns;
        let mut split = |s: &i64| -> Result<(IntTuple, IntTuple)> {
            let k = bits_of(*s).unwrap_or(0) as usize;
            let (run, tail) = rest.split_at(k);
            rest = tail;
            let part = F2Layout::from_columns(run)?;
            Ok(match part.shape {
                HTuple::Leaf(_) if k == 0 => (HTuple::Leaf(1), HTuple::Leaf(0)),
                _ => (part.shape, part.stride),
            })
        };
        let pairs = b.shape.try_map(|s| split(s))?;
        let shape = pairs.map(|(s, _)| s.clone());
        let stride = pairs.map(|(_, d)| d.clone());
        F2Layout::new(flatten_leaves(shape), flatten_leaves(stride))
    }

    /// The leaves flattened and merged where a stride continues the one before bit by bit
    /// (extents powers of two).
    ///
    /// ```
    /// let l: cute::dynamic::F2Layout = "((2,4),8):((f1,f2),f8)".parse().unwrap();
    /// assert_eq!(l.coalesce().unwrap().to_string(), "64:f1");
    /// ```
    pub fn coalesce(&self) -> Result<F2Layout> {
        F2Layout::from_columns(&self.to_matrix()?.columns)
    }

    /// `A o B` for an integer layout `B` whose bits never carry ([`BitMatrix::from_layout`]):
    /// the F2 layout of B's shape (the paper's Table 4, "Swizzled").
    ///
    /// ```
    /// use cute::dynamic::F2Layout;
    /// let a: F2Layout = "(8,8):(f1,f9)".parse().unwrap();
    /// let tv = "((4,8),2):((16,1),8)".parse().unwrap();
    /// assert_eq!(a.composition_layout(&tv).unwrap().to_string(), "((4,8),2):((f18,f1),f9)");
    /// ```
    pub fn composition_layout(&self, b: &Layout) -> Result<F2Layout> {
        let mb = BitMatrix::from_layout(b)?;
        let shape_b = F2Layout::from_matrix(&b.shape(), &mb)?;
        self.composition(&shape_b)
    }

    /// The inverse of a bijective F2 layout (its matrix square and invertible over F2): the
    /// layout of the inverse matrix over the offsets' bits, `R(L(i)) == i` and `L(R(k)) == k`.
    ///
    /// A last leaf whose extent `e` is not a power of two has no bits, but where its stride is
    /// `f(2^m)`, `m` the bits of the leaves before it, its coordinate `c` is the offset's bits
    /// from `m` on (`c·2^m` is `c << m`, nothing to XOR with), and the index's too (it is the
    /// domain's last leaf): the inverse is the other leaves' with that leaf on top. So the
    /// paper's Table 5 row `(4,(4,3)):(f1,(f5,f16))` inverts to `(4,4,3):(f1,f5,f16)`, a
    /// bijection of the offsets below 48. Another extent elsewhere is an error.
    ///
    /// ```
    /// use cute::dynamic::F2Layout;
    /// let l: F2Layout = "(4,4):(f1,f5)".parse().unwrap();
    /// let r = l.inverse().unwrap();
    /// assert!((0..16).all(|i| r.call(l.call(i).unwrap()).unwrap() == i));
    /// let e = "(2,2):(f1,f1)".parse::<F2Layout>().unwrap().inverse().unwrap_err();
    /// assert!(e.to_string().contains("not invertible"));
    /// let t: F2Layout = "(4,(4,3)):(f1,(f5,f16))".parse().unwrap();
    /// assert_eq!(t.inverse().unwrap().to_string(), "(4,4,3):(f1,f5,f16)");
    /// ```
    pub fn inverse(&self) -> Result<F2Layout> {
        let leaves: Vec<(i64, i64)> =
            self.shape.leaves().into_iter().copied().zip(self.stride.leaves().into_iter().copied()).collect();
        let top = match leaves.split_last() {
            Some((&(e, d), low)) if bits_of(e).is_none() => Some((e, d, low)),
            _ => None,
        };
        let Some((e, d, low)) = top else {
            let m = self.to_matrix()?;
            let inv = m.inverse().ok_or_else(|| {
                fail(ErrorKind::NonInjective, format!("inverse of {}: its matrix over F2 is not invertible", self))
            })?;
            return F2Layout::from_columns(&inv.columns);
        };
        let shape = HTuple::Tuple(low.iter().map(|&(s, _)| HTuple::Leaf(s)).collect());
        let stride = HTuple::Tuple(low.iter().map(|&(_, d)| HTuple::Leaf(d)).collect());
        let below = F2Layout::new(shape, stride)?.to_matrix().map_err(|e| {
            fail(
                ErrorKind::InvalidArgument,
                format!(
                    "inverse of {}: only the last leaf may have an extent that is not a power of two ({})",
                    self,
                    e.message()
                ),
            )
        })?;
        // In range: a BitMatrix holds at most MAX_BITS columns.
        #[allow(clippy::cast_possible_truncation)]
        let m = below.columns.len() as u32;
        if m >= MAX_BITS || d != 1i64 << m {
            return Err(fail(
                ErrorKind::InvalidArgument,
                format!(
                    "inverse of {}: the leaf {}:f{} of an extent that is not a power of two must step by f{}, the bit above the {} bits below it",
                    self,
                    e,
                    d,
                    1i64.checked_shl(m).unwrap_or(0),
                    m
                ),
            ));
        }
        let inv = below.inverse().ok_or_else(|| {
            fail(ErrorKind::NonInjective, format!("inverse of {}: its matrix over F2 is not invertible", self))
        })?;
        let low = F2Layout::from_columns(&inv.columns)?;
        let mut modes: Vec<(i64, i64)> = if m == 0 {
            Vec::new()
        } else {
            low.shape.leaves().into_iter().copied().zip(low.stride.leaves().into_iter().copied()).collect()
        };
        if modes.is_empty() {
            return F2Layout::new(HTuple::Leaf(e), HTuple::Leaf(d));
        }
        modes.push((e, d));
        F2Layout::new(
            HTuple::Tuple(modes.iter().map(|&(s, _)| HTuple::Leaf(s)).collect()),
            HTuple::Tuple(modes.iter().map(|&(_, d)| HTuple::Leaf(d)).collect()),
        )
    }
}

/// A tree of trees as one tree: each leaf replaced by the tree it holds.
fn flatten_leaves(t: HTuple<IntTuple>) -> IntTuple {
    match t {
        HTuple::Leaf(inner) => inner,
        HTuple::Tuple(v) => HTuple::Tuple(v.into_iter().map(flatten_leaves).collect()),
    }
}

/// A matrix over F2 given by its columns (bit `i` of column `j` is the entry of row `i`),
/// Triton's linear layout form.
///
/// ```
/// use cute::dynamic::BitMatrix;
/// let m = BitMatrix::new(vec![1, 2, 5, 10]).unwrap();
/// assert_eq!((m.rows(), m.columns()), (4, &[1i64, 2, 5, 10][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitMatrix {
    columns: Vec<i64>,
    rows: u32,
}

impl BitMatrix {
    /// The matrix of `columns` (non-negative bit vectors); its rows reach the highest bit set.
    ///
    /// ```
    /// assert!(cute::dynamic::BitMatrix::new(vec![-1]).is_err());
    /// ```
    pub fn new(columns: Vec<i64>) -> Result<BitMatrix> {
        if let Some(&bad) = columns.iter().find(|&&c| c < 0) {
            return Err(fail(
                ErrorKind::InvalidArgument,
                format!("column {} is negative: a column is a bit vector", bad),
            ));
        }
        if columns.len() > MAX_BITS as usize {
            return Err(fail(ErrorKind::InvalidArgument, format!("{} columns: at most {}", columns.len(), MAX_BITS)));
        }
        // In range: leading_zeros() <= 64.
        #[allow(clippy::arithmetic_side_effects)]
        let rows = columns.iter().map(|&c| 64 - c.leading_zeros()).max().unwrap_or(0);
        Ok(BitMatrix { columns, rows })
    }

    /// The number of rows: the bits of the offsets.
    ///
    /// ```
    /// assert_eq!(cute::dynamic::BitMatrix::new(vec![1, 8]).unwrap().rows(), 4);
    /// ```
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The columns, one per bit of the coordinates.
    ///
    /// ```
    /// assert_eq!(cute::dynamic::BitMatrix::new(vec![3]).unwrap().columns(), &[3]);
    /// ```
    pub fn columns(&self) -> &[i64] {
        &self.columns
    }

    /// The matrix of an integer layout whose extents are powers of two and whose bits never
    /// carry (the strides of its coordinate bits share no bit, so that their sums are their
    /// XORs); the others are errors naming the reason.
    ///
    /// ```
    /// use cute::dynamic::BitMatrix;
    /// let m = BitMatrix::from_layout(&"(4,2):(2,1)".parse().unwrap()).unwrap();
    /// assert_eq!(m.columns(), &[2, 4, 1]);
    /// let e = BitMatrix::from_layout(&"(2,2):(1,1)".parse().unwrap()).unwrap_err();
    /// assert_eq!(e.to_string(), "invalid argument: (2,2):(1,1) carries: the strides 1 and 1 of its coordinate bits share bits, so a sum is not their XOR");
    /// ```
    pub fn from_layout(layout: &Layout) -> Result<BitMatrix> {
        let mut columns: Vec<i64> = Vec::new();
        for (s, d) in layout.flat_modes() {
            let k = bits_of(s).ok_or_else(|| {
                fail(
                    ErrorKind::InvalidArgument,
                    format!("{}: extent {} is not a power of two, so its coordinates have no bits", layout, s),
                )
            })?;
            if d < 0 {
                return Err(fail(ErrorKind::InvalidArgument, format!("{}: stride {} is negative", layout, d)));
            }
            for j in 0..k {
                let c = d.checked_shl(j).filter(|c| c >> j == d).ok_or_else(|| {
                    fail(ErrorKind::Overflow, format!("{}: stride {} times {} overflows", layout, d, 1i64 << j))
                })?;
                if let Some(&other) = columns.iter().find(|&&o| o & c != 0) {
                    return Err(fail(
                        ErrorKind::InvalidArgument,
                        format!("{} carries: the strides {} and {} of its coordinate bits share bits, so a sum is not their XOR", layout, other, c),
                    ));
                }
                columns.push(c);
            }
        }
        BitMatrix::new(columns)
    }

    /// `M v`: the XOR of the columns of the set bits of `v`.
    pub(crate) fn apply(&self, v: i64) -> i64 {
        self.columns.iter().enumerate().filter(|(j, _)| v >> j & 1 == 1).fold(0, |acc, (_, c)| acc ^ c)
    }

    /// The inverse over F2 of a square matrix, if it has one (Gauss-Jordan elimination).
    pub(crate) fn inverse(&self) -> Option<BitMatrix> {
        let n = self.columns.len();
        if self.rows as usize > n {
            return None;
        }
        // Rows of [M | I]: row i holds bit j of column j of M, and the identity beside.
        let mut rows: Vec<(i64, i64)> = (0..n)
            .map(|i| {
                let r = self.columns.iter().enumerate().fold(0i64, |acc, (j, &c)| acc | ((c >> i & 1) << j));
                (r, 1i64 << i)
            })
            .collect();
        for col in 0..n {
            let pivot = (col..n).find(|&r| rows[r].0 >> col & 1 == 1)?;
            rows.swap(col, pivot);
            for r in 0..n {
                if r != col && rows[r].0 >> col & 1 == 1 {
                    rows[r] = (rows[r].0 ^ rows[col].0, rows[r].1 ^ rows[col].1);
                }
            }
        }
        // Row i of the inverse is rows[i].1; column j of the inverse gathers bit j of each row.
        let columns =
            (0..n).map(|j| rows.iter().enumerate().fold(0i64, |acc, (i, r)| acc | ((r.1 >> j & 1) << i))).collect();
        BitMatrix::new(columns).ok()
    }
}

/// The rows top to bottom, each a line of 0s and 1s, column 0 first.
impl fmt::Display for BitMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.rows {
            for c in &self.columns {
                f.write_str(if c >> i & 1 == 1 { "1" } else { "0" })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// The paper's notation, `(4,4):(f1,f5)`.
impl fmt::Display for F2Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride.map(|&d| F2Stride(d)))
    }
}

/// An F2 stride as written, `fN`.
struct F2Stride(i64);

impl fmt::Display for F2Stride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "f{}", self.0)
    }
}

/// `shape:stride`, each stride written `fN`.
impl FromStr for F2Layout {
    type Err = Error;
    fn from_str(s: &str) -> Result<F2Layout> {
        let (l, end) = parse_f2_layout_prefix(s, 0)?;
        expect_end(s, end, "layout")?;
        Ok(l)
    }
}

/// An F2 layout `shape:stride` in `text` from byte `start`, as part of a longer text: the
/// layout and the byte offset just past it; the offsets of errors are offsets in `text`.
///
/// ```
/// use cute::dynamic::parse_f2_layout_prefix;
/// let (l, end) = parse_f2_layout_prefix("g((4,4):(f1,f5), 3)", 2).unwrap();
/// assert_eq!((l.to_string(), end), ("(4,4):(f1,f5)".to_string(), 15));
/// assert_eq!(parse_f2_layout_prefix("(4,4):(f1,5)", 0).unwrap_err().to_string(), "parse: at byte 10: expected an F2 stride fN, found '5'");
/// ```
pub fn parse_f2_layout_prefix(text: &str, start: usize) -> Result<(F2Layout, usize)> {
    let (shape, colon) = shape_before_colon(text, start)?;
    // In range: `colon` is the offset of a byte of `text`, so colon < text.len().
    #[allow(clippy::arithmetic_side_effects)]
    let mut p = StrideParser { text: text.as_bytes(), pos: colon + 1 };
    let stride = p.tree(0)?;
    Ok((F2Layout::new(shape, stride)?, p.pos))
}

/// The strides `fN` or `(... , ...)` of an F2 layout.
struct StrideParser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl StrideParser<'_> {
    /// Step past the byte at `pos`, one just read (at the end, stay).
    fn bump(&mut self) {
        if self.pos < self.text.len() {
            // In range: pos < text.len() <= isize::MAX.
            #[allow(clippy::arithmetic_side_effects)]
            let next = self.pos + 1;
            self.pos = next;
        }
    }

    fn ws(&mut self) {
        while matches!(self.text.get(self.pos), Some(b' ' | b'\t')) {
            self.bump();
        }
    }

    fn error(&self, expected: &str) -> Error {
        let found = match core::str::from_utf8(&self.text[self.pos.min(self.text.len())..]) {
            Ok(rest) if !rest.is_empty() => {
                format!("'{}'", rest.chars().next().map_or(String::new(), |c| c.escape_debug().collect()))
            }
            Ok(_) => String::from("the end of the text"),
            Err(_) => format!("the byte {:#04x}", self.text[self.pos]),
        };
        fail(ErrorKind::Parse, format!("at byte {}: expected {}, found {}", self.pos, expected, found))
    }

    // In range: `depth + 1` under the guard `depth < MAX_DEPTH`, and `d - b'0'` of an ASCII
    // digit `d`.
    #[allow(clippy::arithmetic_side_effects)]
    fn tree(&mut self, depth: usize) -> Result<IntTuple> {
        self.ws();
        match self.text.get(self.pos) {
            Some(b'(') if depth < super::MAX_DEPTH => {
                self.bump();
                let mut v = Vec::new();
                self.ws();
                if self.text.get(self.pos) == Some(&b')') {
                    self.bump();
                    return Ok(HTuple::Tuple(v));
                }
                loop {
                    v.push(self.tree(depth + 1)?);
                    self.ws();
                    match self.text.get(self.pos) {
                        Some(b')') => {
                            self.bump();
                            return Ok(HTuple::Tuple(v));
                        }
                        Some(b',') => self.bump(),
                        _ => return Err(self.error("',' or ')'")),
                    }
                }
            }
            Some(b'(') => Err(fail(
                ErrorKind::Parse,
                format!("at byte {}: strides nested deeper than {} levels", self.pos, super::MAX_DEPTH),
            )),
            Some(b'f') => {
                self.bump();
                let from = self.pos;
                let mut v: i64 = 0;
                while let Some(&d @ b'0'..=b'9') = self.text.get(self.pos) {
                    v = v.checked_mul(10).and_then(|v| v.checked_add((d - b'0') as i64)).ok_or_else(|| {
                        fail(ErrorKind::Parse, format!("at byte {}: the F2 stride does not fit in 63 bits", from))
                    })?;
                    self.bump();
                }
                if self.pos == from {
                    return Err(self.error("the digits of an F2 stride after 'f'"));
                }
                Ok(HTuple::Leaf(v))
            }
            _ => Err(self.error("an F2 stride fN")),
        }
    }
}
