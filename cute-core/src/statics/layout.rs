//! What a layout with only static leaves has beyond the others: a value without arguments,
//! its size and offsets as constants.

use core::marker::PhantomData;

use super::check::{both, msg, Check, Checked, Verify};
use super::leaves::Leaves;
use super::report::{Holds, LenU, NaturalRankFail, Pass, Shown, ShownUnsigned};
use super::tuple::{Congruent, IntTuple, SameTree, Shape, Tree};
use super::typeops::Flatten;
use typenum::{Const, IsEqual, ToUInt, B0, B1, U};

pub use crate::layout::Layout;

impl<S: Shape + Congruent<D>, D: IntTuple> Default for Layout<S, D> {
    /// The layout value, as [`Layout::new`]: its offsets must fit in `i64` (a compile error
    /// otherwise), so that evaluating it never wraps.
    fn default() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Verify::<OffsetsFit<S, D>>::OK;
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
    ///
    /// Its offsets must fit in `i64` (its cosize at most `i64::MAX`), so that evaluating it never
    /// wraps; a larger layout fails the build (`cargo build`) with a message naming it. (The
    /// macros `layout!` and `Layout!` check it where `cargo check` sees it.)
    pub fn new() -> Self
    where
        S: Shape + Tree,
        D: IntTuple + Tree,
        D::Of: SameTree<S::Of>,
    {
        #[allow(clippy::let_unit_value)]
        let () = Verify::<OffsetsFit<S, D>>::OK;
        Layout { shape: S::default(), stride: D::default() }
    }
}

/// The check of [`Layout::new`]: the offsets and the size of `S:D` fit in `i64`.
pub struct OffsetsFit<S, D>(PhantomData<(S, D)>);
impl<S: IntTuple, D: IntTuple> Check for OffsetsFit<S, D> {
    const RESULT: Checked = both(
        positive(&S::LEAVES, &D::LEAVES, "Layout::new: the ", ""),
        fits(&S::LEAVES, &D::LEAVES, "overflow: Layout::new: the ", ""),
    );
}

/// Whether the offsets and the size of `shape:stride` fit in `i64`, else the error
/// `{head}offsets of L{tail} do not fit ...` (or `{head}size of L{tail} does not fit ...`).
pub(crate) const fn fits(shape: &Leaves, stride: &Leaves, head: &str, tail: &str) -> Checked {
    match (checked_cosize(shape, stride), checked_size(shape)) {
        (None, _) => Err(msg(head)
            .s("offsets of ")
            .layout(shape, stride)
            .s(tail)
            .s(" do not fit in i64 (its cosize is past i64::MAX)")),
        (_, None) => Err(msg(head).s("size of ").layout(shape, stride).s(tail).s(" does not fit in i64")),
        _ => Ok(()),
    }
}

/// Whether every extent of `shape` is positive, else the error `invalid argument: {head}shape
/// of L{tail} has an extent that is not positive`. The crate's shapes are; a shape type of the
/// caller's (a static int tuple is a public trait) need not be, and a layout with an extent of
/// 0 divides by it when evaluated.
pub(crate) const fn positive(shape: &Leaves, stride: &Leaves, head: &str, tail: &str) -> Checked {
    if all_positive(shape) {
        return Ok(());
    }
    Err(msg("invalid argument: ")
        .s(head)
        .s("shape of ")
        .layout(shape, stride)
        .s(tail)
        .s(" has an extent that is not positive"))
}

/// Whether every extent is positive.
// In range: `k += 1` under `k < shape.len`.
#[allow(clippy::arithmetic_side_effects)]
pub(crate) const fn all_positive(shape: &Leaves) -> bool {
    let mut k = 0;
    while k < shape.len {
        if shape.vals[k] <= 0 {
            return false;
        }
        k += 1;
    }
    true
}

/// The product of the extents, `None` past `i64::MAX`.
// In range: `k += 1` under `k < shape.len`.
#[allow(clippy::arithmetic_side_effects)]
pub(crate) const fn checked_size(shape: &Leaves) -> Option<i64> {
    let mut size = 1i64;
    let mut k = 0;
    while k < shape.len {
        size = match size.checked_mul(shape.vals[k]) {
            Some(p) => p,
            None => return None,
        };
        k += 1;
    }
    Some(size)
}

/// A static layout type that the algebra computed: its (data-free) value, whose size and
/// offsets must fit in `i64` as those of [`Layout::new`] (a build error otherwise, naming it:
/// a divide's rest mode, a selection's repeated modes or a composition past A's domain can pass
/// i64 where every operand fits).
pub trait Made {
    /// The value.
    fn made() -> Self;
}
impl<S: Default, D: Default> Made for Layout<S, D>
where
    ResultFits<S, D>: Check,
{
    fn made() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Verify::<ResultFits<S, D>>::OK;
        Layout::make()
    }
}

/// The check of [`Made`]: the size of a result of the algebra, and its offsets where its
/// strides are integers, fit in `i64`.
pub struct ResultFits<S, D>(PhantomData<(S, D)>);
impl<S: IntTuple, D: IntTuple> Check for ResultFits<S, D> {
    const RESULT: Checked = both(
        positive(&S::LEAVES, &D::LEAVES, "the ", ", a result of the algebra,"),
        fits(&S::LEAVES, &D::LEAVES, "overflow: the ", ", a result of the algebra,"),
    );
}

/// `1 + sum((s - 1) * |d|)` over the leaves, as CuTe's `cosize` for integer strides; `None`
/// past `i64::MAX`. (A leaf of extent 1 spans nothing, whatever its stride, as in
/// `arith::cosize`.)
// In range: `k += 1` under `k < shape.len`.
#[allow(clippy::arithmetic_side_effects)]
const fn checked_cosize(shape: &Leaves, stride: &Leaves) -> Option<i64> {
    let mut hi = 1i64;
    let mut k = 0;
    while k < shape.len {
        if shape.vals[k] != 1 {
            hi = match crate::arith::span(shape.vals[k], stride.vals[k]) {
                Some(step) => match hi.checked_add(step) {
                    Some(hi) => hi,
                    None => return None,
                },
                None => return None,
            };
        }
        k += 1;
    }
    Some(hi)
}

/// The extent `s` (positive: a static shape's leaf) as a `usize` divisor, `None` where it is
/// past `usize::MAX` (then every index is below it).
const fn extent(s: i64) -> Option<usize> {
    let s = s.unsigned_abs();
    if s > usize::MAX as u64 {
        return None;
    }
    // In range: compared with usize::MAX just above.
    #[allow(clippy::cast_possible_truncation)]
    let s = s as usize;
    Some(s)
}

/// [`checked_cosize`] where [`Layout::new`] has checked it fits.
const fn cosize(shape: &Leaves, stride: &Leaves) -> i64 {
    match checked_cosize(shape, stride) {
        Some(c) => c,
        None => panic!("a static layout's cosize is past i64::MAX"),
    }
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
    ///
    /// An index past the size is CuTe's extended domain, as for `call`: the last leaf takes what
    /// is left of the index. An offset that does not fit in `isize` (which, in a layout
    /// [`Layout::new`] accepts, only an index past the size gives) is a panic, a compile error in
    /// a constant, never a wrapped value.
    // In range: `k` stays below `shape.len`, and a static shape's extents are positive, so the
    // divisor is nonzero.
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn offset(index: usize) -> isize {
        let shape = S::LEAVES;
        let stride = D::LEAVES;
        let mut rest = index;
        let mut offset = 0isize;
        let mut k = 0;
        while k < shape.len {
            // Every leaf but the last takes `rest % s` and passes `rest / s` on.
            let c = match extent(shape.vals[k]) {
                Some(s) if k + 1 < shape.len => {
                    let c = rest % s;
                    rest /= s;
                    c
                }
                _ => {
                    let c = rest;
                    rest = 0;
                    c
                }
            };
            offset = match crate::layout::add_term(offset, c, stride.vals[k]) {
                Some(v) => v,
                None => panic!("Layout::offset: the offset does not fit in isize"),
            };
            k += 1;
        }
        offset
    }

    /// The offset of a natural coordinate of a static layout, given as its leaf coordinates left
    /// to right (a coordinate congruent to the shape, flattened), as a `const fn` of the type. A
    /// coordinate with the wrong number of leaves is a compile error, which `cargo check`
    /// reports.
    ///
    /// ```
    /// use cute::Layout;
    /// // (4,(3,2)):(2,(8,1)) at (1,(2,1))
    /// type L = Layout![(4,(3,2)):(2,(8,1))];
    /// const AT: isize = L::natural_offset([1, 2, 1]);
    /// assert_eq!(AT, 2 + 16 + 1);
    /// ```
    ///
    /// A leaf coordinate past its extent is taken as is, as CuTe does; an offset that does not
    /// fit in `isize` (which only such coordinates give, in a layout [`Layout::new`] accepts) is
    /// a panic, a compile error in a constant, never a wrapped value.
    // In range: `k += 1` under `k < N`.
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn natural_offset<const N: usize>(coord: [usize; N]) -> isize
    where
        Const<N>: ToUInt,
        Layout<S, D>: NaturalRank<U<N>>,
        <Layout<S, D> as NaturalRank<U<N>>>::Output: Holds,
    {
        let stride = D::LEAVES;
        let mut offset = 0isize;
        let mut k = 0;
        while k < N {
            offset = match crate::layout::add_term(offset, coord[k], stride.vals[k]) {
                Some(v) => v,
                None => panic!("Layout::natural_offset: the offset does not fit in isize"),
            };
            k += 1;
        }
        offset
    }
}

/// The verdict of [`Layout::natural_offset`] with `N` (a typenum unsigned) entries: one per
/// leaf of the shape.
pub trait NaturalRank<N> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S: Flatten, D, N> NaturalRank<N> for Layout<S, D>
where
    <S as Flatten>::Output: LenU,
    <<S as Flatten>::Output as LenU>::Output: IsEqual<N>,
    <<<S as Flatten>::Output as LenU>::Output as IsEqual<N>>::Output:
        EntriesFor<N, S, D, <<S as Flatten>::Output as LenU>::Output>,
{
    type Output = <<<<S as Flatten>::Output as LenU>::Output as IsEqual<N>>::Output as EntriesFor<
        N,
        S,
        D,
        <<S as Flatten>::Output as LenU>::Output,
    >>::Output;
}
/// [`NaturalRank`] by `Self`, whether the counts agree.
pub trait EntriesFor<N, S, D, L> {
    /// The verdict.
    type Output;
}
impl<N, S, D, L> EntriesFor<N, S, D, L> for B1 {
    type Output = Pass;
}
impl<N: ShownUnsigned, S: Shown, D: Shown, L: ShownUnsigned> EntriesFor<N, S, D, L> for B0 {
    type Output = NaturalRankFail<S::Out, D::Out, N::Out, L::Out>;
}
