//! What a layout with only static leaves has beyond the others: a value without arguments,
//! its size and offsets as constants.

use core::marker::PhantomData;

use super::check::{msg, Check, Checked, Verify};
use super::leaves::Leaves;
use super::tuple::{Congruent, IntTuple, SameTree, Shape, Tree};

pub use crate::layout::Layout;

impl<S: Shape + Congruent<D>, D: IntTuple> Default for Layout<S, D> {
    fn default() -> Self {
        Self::make()
    }
}

impl<S, D> Layout<S, D> {
    /// The value of a layout type the algebra computed (its bounds are the caller's).
    pub(crate) fn make() -> Self
    where
        S: Default,
        D: Default,
    {
        Layout { shape: S::default(), stride: D::default() }
    }

    /// The layout value (it has no data). The shape's leaves must be positive and the stride
    /// congruent with the shape; otherwise this is a compile error naming the condition.
    ///
    /// ```
    /// use cute::typenum::{P4, P1};
    /// let l = cute::Layout::<P4, P1>::new();
    /// assert_eq!(l.call(3), 3);
    /// ```
    pub fn new() -> Self
    where
        S: Shape + Tree,
        D: IntTuple + Tree,
        D::Of: SameTree<S::Of>,
    {
        Layout { shape: S::default(), stride: D::default() }
    }
}

/// A static layout type that the algebra computed: its (data-free) value.
pub trait Made {
    /// The value.
    fn made() -> Self;
}
impl<S: Default, D: Default> Made for Layout<S, D> {
    fn made() -> Self {
        Layout::make()
    }
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
    /// The offset of the integral coordinate `index` of a static layout, as a `const fn` of the
    /// type (a value is not needed, so it serves in `const` items): the same as
    /// [`call`](Layout::call).
    ///
    /// ```
    /// use cute::Layout;
    /// type RowMajor = Layout![(4,8):(8,1)];
    /// const AT_5: isize = RowMajor::offset(5);
    /// assert_eq!(AT_5, 8 + 1);
    /// assert_eq!(RowMajor::offset(5), RowMajor::new().call(5));
    /// ```
    pub const fn offset(index: usize) -> isize {
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

    /// The offset of a natural coordinate of a static layout, given as its leaf coordinates left
    /// to right (a coordinate congruent to the shape, flattened), as a `const fn` of the type. A
    /// coordinate with the wrong number of leaves is a compile error.
    ///
    /// ```
    /// use cute::Layout;
    /// // (4,(3,2)):(2,(8,1)) at (1,(2,1))
    /// type L = Layout![(4,(3,2)):(2,(8,1))];
    /// const AT: isize = L::natural_offset([1, 2, 1]);
    /// assert_eq!(AT, 2 + 16 + 1);
    /// ```
    pub const fn natural_offset<const N: usize>(coord: [usize; N]) -> isize {
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
}

/// The check of [`Layout::natural_offset`]: one coordinate entry per leaf of the shape `S`.
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
