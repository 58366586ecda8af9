//! Static layouts: a zero-sized type per layout, evaluated with `const` arithmetic.

use core::fmt;
use core::marker::PhantomData;

use super::check::{msg, Check, Checked, Verify};
use super::leaves::Leaves;
use super::tuple::{Congruent, IntTuple, SameTree, Shape, Tree};

/// The layout `S:D` whose shape `S` and stride `D` are static int tuples; a zero-sized type.
///
/// ```
/// use cute::Layout;
/// // (4,(3,2)):(2,(8,1))
/// type L = Layout![(4,(3,2)):(2,(8,1))];
/// assert_eq!(core::mem::size_of::<L>(), 0);
/// assert_eq!((L::SIZE, L::COSIZE, L::RANK, L::DEPTH), (24, 24, 2, 2));
/// const OFFSET: isize = L::new().call(5);
/// assert_eq!(OFFSET, 2 + 8);
/// assert_eq!(L::new().to_string(), "(_4,(_3,_2)):(_2,(_8,_1))");
/// ```
pub struct Layout<S, D> {
    _marker: PhantomData<fn() -> (S, D)>,
}

impl<S, D> Clone for Layout<S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S, D> Copy for Layout<S, D> {}
impl<S, D> PartialEq for Layout<S, D> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<S, D> Eq for Layout<S, D> {}
impl<S: Shape + Congruent<D>, D: IntTuple> Default for Layout<S, D> {
    fn default() -> Self {
        Self::make()
    }
}

impl<S, D> Layout<S, D> {
    /// The value of a layout type the algebra computed (its bounds are the caller's).
    pub(crate) const fn make() -> Self {
        Layout { _marker: PhantomData }
    }

    /// The layout value (it has no data). The shape's leaves must be positive and the stride
    /// congruent with the shape; otherwise this is a compile error naming the condition.
    ///
    /// ```
    /// use cute::typenum::{P4, P1};
    /// let l = cute::Layout::<P4, P1>::new();
    /// assert_eq!(l.call(3), 3);
    /// ```
    pub const fn new() -> Self
    where
        S: Shape + Tree,
        D: IntTuple + Tree,
        D::Of: SameTree<S::Of>,
    {
        Layout { _marker: PhantomData }
    }
}

/// A static layout type that the algebra computed: its (data-free) value.
pub trait Made {
    /// The value.
    const MADE: Self;
}
impl<S, D> Made for Layout<S, D> {
    const MADE: Self = Layout::make();
}

/// `1 + sum((s - 1) * |d|)` over the leaves, as CuTe's `cosize` for integer strides.
const fn cosize(shape: &Leaves, stride: &Leaves) -> i64 {
    let mut hi = 0i64;
    let mut k = 0;
    while k < shape.len {
        hi += (shape.vals[k] - 1) * stride.vals[k].abs();
        k += 1;
    }
    hi + 1
}

impl<S: Shape + Congruent<D>, D: IntTuple> Layout<S, D> {
    /// Number of coordinates, the product of the shape.
    pub const SIZE: i64 = S::LEAVES.product();
    /// Size of the codomain, `1 + sum((s - 1) * |d|)`.
    pub const COSIZE: i64 = cosize(&S::LEAVES, &D::LEAVES);
    /// Number of top-level modes.
    pub const RANK: usize = S::RANK;
    /// Nesting depth of the shape.
    pub const DEPTH: usize = S::DEPTH;

    /// The offset of the integral coordinate `index`: the index is split colexicographically
    /// over the shape (the last mode absorbing any excess) and dotted with the stride. In a
    /// `const` it is computed at compile time; at run time it is the div/mod arithmetic one
    /// would write by hand, with the shape and stride as constants.
    ///
    /// ```
    /// use cute::Layout;
    /// type RowMajor = Layout![(4,8):(8,1)];
    /// assert_eq!(RowMajor::new().call(1), 8);
    /// assert_eq!(RowMajor::new().call(5), 8 + 1);
    /// ```
    #[inline(always)]
    pub const fn call(self, index: usize) -> isize {
        let shape = S::LEAVES;
        let stride = D::LEAVES;
        if shape.len == 0 {
            return 0;
        }
        let mut rest = index;
        let mut offset = 0isize;
        let mut k = 0;
        while k + 1 < shape.len {
            let s = shape.vals[k] as usize;
            offset += (rest % s) as isize * stride.vals[k] as isize;
            rest /= s;
            k += 1;
        }
        offset + rest as isize * stride.vals[k] as isize
    }

    /// The offset of a natural coordinate, nested as the shape is: an HList of coordinates, an
    /// integer standing for a whole mode (see [`CoordOffset`](crate::mixed::CoordOffset); the
    /// walk is the one of layouts with runtime leaves, over constants here).
    ///
    /// ```
    /// use cute::{coord, layout};
    /// let l = layout!((4,(3,2)):(2,(8,1)));
    /// assert_eq!(l.call_coord(coord!((1,(2,1)))), 2 + 16 + 1);
    /// let (i, j) = (3, 4);
    /// assert_eq!(l.call_coord(coord!((i, j))), l.call(i + 4 * j));
    /// ```
    #[inline(always)]
    pub fn call_coord<C: crate::mixed::CoordOffset<S, D>>(self, coord: C) -> isize
    where
        S: Default,
        D: Default,
    {
        coord.offset_in(&S::default(), &D::default())
    }

    /// The offset of a natural coordinate, given as its leaf coordinates left to right (a
    /// coordinate congruent to the shape, flattened). A coordinate with the wrong number of leaves
    /// is a compile error.
    ///
    /// ```
    /// use cute::Layout;
    /// // (4,(3,2)):(2,(8,1)) at (1,(2,1))
    /// type L = Layout![(4,(3,2)):(2,(8,1))];
    /// const OFFSET: isize = L::new().call_natural([1, 2, 1]);
    /// assert_eq!(OFFSET, 2 + 16 + 1);
    /// ```
    #[inline(always)]
    pub const fn call_natural<const N: usize>(self, coord: [usize; N]) -> isize {
        #[allow(clippy::let_unit_value)]
        let () = Verify::<NaturalRank<S, N>>::OK;
        let stride = D::LEAVES;
        let mut offset = 0isize;
        let mut k = 0;
        while k < N {
            offset += coord[k] as isize * stride.vals[k] as isize;
            k += 1;
        }
        offset
    }

    /// The same layout as a runtime value of the dynamic engine.
    ///
    /// ```
    /// use cute::typenum::{P4, P2};
    /// assert_eq!(cute::Layout::<P4, P2>::new().to_dynamic().to_string(), "4:2");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_dynamic(self) -> crate::dynamic::Layout {
        crate::dynamic::Layout::new(S::to_dynamic(), D::to_dynamic()).expect("a static layout is a valid layout")
    }
}

impl<S: IntTuple, D: IntTuple> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        S::write(f)?;
        f.write_str(":")?;
        D::write(f)
    }
}

/// A runtime layout as a given static type: it must be exactly that layout (tree and values).
///
/// ```
/// use cute::Layout;
/// type L = Layout![(4,8):(1,4)];
/// assert!(L::try_from(&"(4,8):(1,4)".parse().unwrap()).is_ok());
/// let e = L::try_from(&"(4,8):(1,5)".parse().unwrap()).unwrap_err();
/// assert_eq!(e.to_string(), "invalid argument: (4,8):(1,5) is not the static layout (_4,_8):(_1,_4)");
/// ```
#[cfg(feature = "alloc")]
impl<S: Shape + Congruent<D>, D: IntTuple> TryFrom<&crate::dynamic::Layout> for Layout<S, D> {
    type Error = crate::dynamic::Error;
    fn try_from(l: &crate::dynamic::Layout) -> Result<Self, Self::Error> {
        if *l.shape() == S::to_dynamic() && *l.stride() == D::to_dynamic() {
            Ok(Self::make())
        } else {
            Err(crate::dynamic::Error::new(
                crate::error::ErrorKind::InvalidArgument,
                alloc::format!("{} is not the static layout {}", l, Self::make()),
            ))
        }
    }
}

impl<S: IntTuple, D: IntTuple> fmt::Debug for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({})", self)
    }
}

/// The check of [`Layout::call_natural`]: one coordinate entry per leaf of the shape `S`.
struct NaturalRank<S, const N: usize>(PhantomData<S>);
impl<S: IntTuple, const N: usize> Check for NaturalRank<S, N> {
    const RESULT: Checked = if N == S::LEAVES.len {
        Ok(())
    } else {
        Err(msg("rank mismatch: a natural coordinate of ")
            .u(N)
            .s(" entries for a shape of ")
            .u(S::LEAVES.len)
            .s(" leaves"))
    };
}
