//! A static layout's leaves, flat, usable in `const` evaluation.

pub use crate::flat::leaves::{Leaves, MAX_LEAVES};

/// A static layout's flat leaves: its shapes and strides, left to right.
///
/// ```
/// use cute::statics::{FlatLayout, Leaves};
/// let l = FlatLayout { shape: Leaves::one(4), stride: Leaves::one(2) };
/// assert_eq!(l.shape.get(0) * l.stride.get(0), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatLayout {
    /// The shape's leaves.
    pub shape: Leaves,
    /// The stride's leaves.
    pub stride: Leaves,
}

impl FlatLayout {
    /// The flat leaves of the static layout `S:D`.
    ///
    /// ```
    /// use cute::statics::FlatLayout;
    /// assert_eq!(FlatLayout::of::<cute::typenum::P4, cute::typenum::P2>().stride.get(0), 2);
    /// ```
    pub const fn of<S: super::tuple::IntTuple, D: super::tuple::IntTuple>() -> FlatLayout {
        FlatLayout { shape: S::LEAVES, stride: D::LEAVES }
    }

    /// The shapes as a slice.
    pub const fn shapes(&self) -> &[i64] {
        self.shape.as_slice()
    }

    /// The strides as a slice.
    pub const fn strides(&self) -> &[i64] {
        self.stride.as_slice()
    }
}
