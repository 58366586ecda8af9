//! Selecting one mode of a static layout (CuTe's `layout<I>(L)`, `get<I>`).

use frunk_core::hlist::HCons;
use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

use super::layout::Layout;
use super::tuple::{Congruent, IntTuple, Shape};

/// The `I`-th element of a static tuple; a leaf is its own element 0, as in CuTe. An index past
/// the last mode is a compile error (the solver reaches the empty tail `HNil`, which has no
/// element: rustc names the modes it walked in its notes).
#[diagnostic::on_unimplemented(
    message = "index out of range: the tuple has fewer modes than the index",
    label = "no such mode"
)]
pub trait Get<const I: usize> {
    /// The element.
    type Output;
}

// One impl per kind of leaf, not `impl<L: Leaf>`: with a blanket impl, rustc would report an
// index out of range as "`HNil` is not a `Leaf`".
impl<U: Unsigned + NonZero> Get<0> for PInt<U> {
    type Output = PInt<U>;
}
impl<U: Unsigned + NonZero> Get<0> for NInt<U> {
    type Output = NInt<U>;
}
impl Get<0> for Z0 {
    type Output = Z0;
}
impl<H, T> Get<0> for HCons<H, T> {
    type Output = H;
}

/// `Get<I>` for `HCons` is `Get<I - 1>` of the tail; stable Rust cannot write `I - 1` in a
/// bound, so each index is its own impl (up to [`MAX_LEAVES`](super::MAX_LEAVES) - 1).
macro_rules! get_from_tail {
    ($($i:literal => $prev:literal),* $(,)?) => {
        $(impl<H, T: Get<$prev>> Get<$i> for HCons<H, T> {
            type Output = <T as Get<$prev>>::Output;
        })*
    };
}
get_from_tail!(
    1 => 0, 2 => 1, 3 => 2, 4 => 3, 5 => 4, 6 => 5, 7 => 6, 8 => 7, 9 => 8, 10 => 9, 11 => 10, 12 => 11,
    13 => 12, 14 => 13, 15 => 14, 16 => 15, 17 => 16, 18 => 17, 19 => 18, 20 => 19, 21 => 20, 22 => 21,
    23 => 22, 24 => 23, 25 => 24, 26 => 25, 27 => 26, 28 => 27, 29 => 28, 30 => 29, 31 => 30, 32 => 31,
    33 => 32, 34 => 33, 35 => 34, 36 => 35, 37 => 36, 38 => 37, 39 => 38, 40 => 39, 41 => 40, 42 => 41,
    43 => 42, 44 => 43, 45 => 44, 46 => 45, 47 => 46, 48 => 47, 49 => 48, 50 => 49, 51 => 50, 52 => 51,
    53 => 52, 54 => 53, 55 => 54, 56 => 55, 57 => 56, 58 => 57, 59 => 58, 60 => 59, 61 => 60, 62 => 61,
    63 => 62,
);

impl<S: Shape + Congruent<D>, D: IntTuple> Layout<S, D> {
    /// The `I`-th mode as a layout (CuTe's `layout<I>(L)`); a leaf layout is its own mode 0.
    /// An index past the last mode is a compile error.
    ///
    /// ```
    /// use cute::Layout;
    /// use cute::typenum::{P2, P4};
    /// // (4,(3,2)):(2,(8,1))
    /// type L = Layout![(4,(3,2)):(2,(8,1))];
    /// assert_eq!(L::new().mode::<1>().to_string(), "(_3,_2):(_8,_1)");
    /// assert_eq!(Layout::<P4, P2>::new().mode::<0>().to_string(), "_4:_2");
    /// ```
    ///
    /// ```compile_fail,E0277
    /// use cute::Layout;
    /// let _ = <Layout![(4,4):(1,4)]>::new().mode::<2>();
    /// ```
    pub const fn mode<const I: usize>(self) -> Layout<<S as Get<I>>::Output, <D as Get<I>>::Output>
    where
        S: Get<I>,
        D: Get<I>,
    {
        Layout::make()
    }
}
