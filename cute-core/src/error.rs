//! The conditions of the algebra, named: shared by every face (the dynamic engine's errors, the
//! mixed face's runtime checks).

use core::fmt;

/// The condition an operation found violated.
///
/// ```
/// use cute::dynamic::{complement, ErrorKind, Layout};
/// let a: Layout = "(2,2):(2,3)".parse().unwrap();
/// assert_eq!(complement(&a, &24.into()).unwrap_err().kind(), ErrorKind::NonInjective);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Composition: a stride of B does not divide, and is not divided by, the shape of the mode
    /// of A it falls in (CuTe's "Stride Divisibility Condition").
    StrideDivisibility,
    /// Composition or `shape_div`: a shape does not divide the remaining shape
    /// (CuTe's "Shape Divisibility Condition").
    ShapeDivisibility,
    /// Composition with a multi-mode B: two modes of B reach the same coordinates of A, so
    /// A o B is not the sum of A o B_k and no layout equals A(B(c)).
    ModeOverlap,
    /// Complement: the layout is not injective on its image, so no ordered complement exists.
    NonInjective,
    /// Complement or inverse of a layout with negative strides: CuTe would produce a
    /// non-positive shape.
    NegativeStride,
    /// Two tuples that must have the same rank (or be congruent) do not.
    RankMismatch,
    /// A tiler has more modes than the layout it tiles.
    TooManyModes,
    /// Left inverse: a stride is not a multiple of the size covered by the smaller strides.
    LeftInverseDivisibility,
    /// Upcast: a stride neither divides nor is divided by the factor.
    UpcastDivisibility,
    /// Downcast: the layout has no stride-1 mode.
    DowncastAdjacency,
    /// tile_to_shape: the block has more modes than the target shape.
    TileToShapeRank,
    /// tile_to_shape: the block shape does not divide the target shape.
    TileToShapeDivisibility,
    /// An index or mode number is outside its range.
    IndexOutOfRange,
    /// An intermediate value does not fit in i64.
    Overflow,
    /// A shape entry is zero or negative, or an argument is not of the expected form.
    InvalidArgument,
    /// Swizzle parameters outside CuTe's domain (B >= 0, M >= 0, |S| >= B).
    InvalidSwizzle,
    /// layout_add: the two layouts have no common refinement of their shapes.
    NoCommonRefinement,
    /// `shape_div` in exact mode: a leaf is not divisible by the divisor.
    InexactDivision,
    /// Text that is not CuTe notation; the message gives the byte offset and what was expected.
    Parse,
}

impl ErrorKind {
    /// A short lowercase name, used as the `<kind>` of `error: <kind>: <message>`.
    ///
    /// ```
    /// use cute::dynamic::ErrorKind;
    /// assert_eq!(ErrorKind::StrideDivisibility.name(), "stride divisibility");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::StrideDivisibility => "stride divisibility",
            ErrorKind::ShapeDivisibility => "shape divisibility",
            ErrorKind::ModeOverlap => "mode overlap",
            ErrorKind::NonInjective => "non-injective",
            ErrorKind::NegativeStride => "negative stride",
            ErrorKind::RankMismatch => "rank mismatch",
            ErrorKind::TooManyModes => "too many modes",
            ErrorKind::LeftInverseDivisibility => "left-inverse divisibility",
            ErrorKind::UpcastDivisibility => "upcast divisibility",
            ErrorKind::DowncastAdjacency => "downcast adjacency",
            ErrorKind::TileToShapeRank => "tile_to_shape rank",
            ErrorKind::TileToShapeDivisibility => "tile_to_shape divisibility",
            ErrorKind::IndexOutOfRange => "index out of range",
            ErrorKind::Overflow => "overflow",
            ErrorKind::InvalidArgument => "invalid argument",
            ErrorKind::InvalidSwizzle => "invalid swizzle",
            ErrorKind::NoCommonRefinement => "no common refinement",
            ErrorKind::InexactDivision => "inexact division",
            ErrorKind::Parse => "parse",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
