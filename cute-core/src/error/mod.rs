//! The conditions of the algebra: their names ([`ErrorKind`]) and their words. Every face says
//! the same words for a condition: the dynamic engine's errors, the runtime checks of layouts
//! with runtime leaves and the compile errors of static layouts all render it with the one
//! function here, `describe`, over the values the shared algorithms report. An error message is
//! `<kind>: <operation and operands>: <condition>`, e.g.
//! `stride divisibility: composition (4,6,8):(2,3,5) o 6:3: stride 3 does not divide shape 4`.

use core::fmt;

pub use crate::arith::Overflow;
use crate::flat::leaves::Leaves;

// The words of the static face's conditions, as trait-solver errors, and the names they print.
pub mod names;
pub(crate) mod runtime;
pub(crate) mod swizzle;
#[doc(hidden)]
pub mod verdict;
pub use crate::flat::{AddViolation, CastViolation, ComplementError, InverseViolation, Violation};

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
    /// A tuple or layout would hold more leaves than the engine allows
    /// ([`MAX_LEAVES`](crate::dynamic::MAX_LEAVES)), or than a runtime check holds.
    TooManyLeaves,
    /// A picture would draw more cells than it may
    /// ([`MAX_CELLS`](crate::picture::MAX_CELLS)).
    TooManyCells,
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
            ErrorKind::TooManyLeaves => "too many leaves",
            ErrorKind::TooManyCells => "too many cells",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Room for a message: a flat layout of 64 modes of two 20-digit numbers in CuTe notation, and
/// the words around it.
const CAPACITY: usize = 64 * 2 * 21 + 8 + 504;

/// The message of a violated condition, built in `const` evaluation without allocating: chain
/// [`Message::s`] (text), [`Message::i`] and [`Message::u`] (decimal numbers) and
/// [`Message::layout`] (a flat layout in CuTe notation). Text beyond the capacity is dropped.
// Public because the hidden traits of the static operations carry their checks' outcomes.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Message {
    buf: [u8; CAPACITY],
    len: usize,
}

/// A message starting with `text`.
pub(crate) const fn msg(text: &str) -> Message {
    Message { buf: [0; CAPACITY], len: 0 }.s(text)
}

impl Message {
    // In range: len < CAPACITY.
    #[allow(clippy::arithmetic_side_effects)]
    const fn put(&mut self, b: u8) {
        if self.len < CAPACITY {
            self.buf[self.len] = b;
            self.len += 1;
        }
    }

    // In range: a u64 has at most 20 decimal digits, so n stays in 0..=20, and each digit
    // m % 10 is below 10.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
    const fn put_u64(&mut self, mut m: u64) {
        let mut digits = [0u8; 20];
        let mut n = 0;
        loop {
            digits[n] = b'0' + (m % 10) as u8;
            n += 1;
            m /= 10;
            if m == 0 {
                break;
            }
        }
        while n > 0 {
            n -= 1;
            self.put(digits[n]);
        }
    }

    const fn put_i64(&mut self, v: i64) {
        if v < 0 {
            self.put(b'-');
        }
        self.put_u64(v.unsigned_abs());
    }

    /// Append `text`.
    // In range: i < bytes.len().
    #[allow(clippy::arithmetic_side_effects)]
    pub(crate) const fn s(mut self, text: &str) -> Message {
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            self.put(bytes[i]);
            i += 1;
        }
        self
    }

    /// Append `v` in decimal.
    pub(crate) const fn i(mut self, v: i64) -> Message {
        self.put_i64(v);
        self
    }

    /// Append `v` in decimal.
    pub(crate) const fn u(mut self, v: usize) -> Message {
        // In range: usize is at most 64 bits on every target Rust supports.
        #[allow(clippy::cast_possible_truncation)]
        let v = v as u64;
        self.put_u64(v);
        self
    }

    /// Append the flat tuple `v` in CuTe notation (one value as an integer).
    // In range: i < v.len().
    #[allow(clippy::arithmetic_side_effects)]
    pub(crate) const fn tuple(mut self, v: &[i64]) -> Message {
        if v.len() == 1 {
            self.put_i64(v[0]);
            return self;
        }
        self.put(b'(');
        let mut i = 0;
        while i < v.len() {
            if i > 0 {
                self.put(b',');
            }
            self.put_i64(v[i]);
            i += 1;
        }
        self.put(b')');
        self
    }

    /// Append the flat layout `s:d` in CuTe notation (a single mode as an integral layout).
    pub(crate) const fn layout(self, s: &Leaves, d: &Leaves) -> Message {
        self.tuple(s.as_slice()).s(":").tuple(d.as_slice())
    }

    /// The text.
    pub const fn as_str(&self) -> &str {
        // Only ASCII is written, so the text is UTF-8 whatever the truncation.
        match core::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(s) => s,
            Err(_) => "?",
        }
    }
}

impl core::fmt::Debug for Message {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `<kind>: <op>`, the start of every message.
pub(crate) const fn headline(kind: ErrorKind, op: &str) -> Message {
    msg(kind.name()).s(": ").s(op)
}

/// Display a condition by its one `describe`.
macro_rules! display_by_describe {
    ($($ty:ty),*) => {$(
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.describe(msg("")).as_str())
            }
        }
    )*};
}
display_by_describe!(Overflow, Violation, ComplementError, CastViolation, InverseViolation, AddViolation);

impl Overflow {
    /// `a * b does not fit in i64`.
    pub(crate) const fn describe(&self, m: Message) -> Message {
        if matches!(self.op.as_bytes(), b"abs") {
            m.s("abs(").i(self.lhs).s(") does not fit in i64")
        } else if matches!(self.op.as_bytes(), b"ceil_div") {
            m.s("ceil_div(").i(self.lhs).s(", ").i(self.rhs).s(") does not fit in i64")
        } else {
            m.i(self.lhs).s(" ").s(self.op).s(" ").i(self.rhs).s(" does not fit in i64")
        }
    }
}

impl Violation {
    /// The condition of composition violated.
    ///
    /// ```
    /// use cute::dynamic::{composition, ErrorKind, Layout};
    /// let a: Layout = "(4,6,8):(2,3,5)".parse().unwrap();
    /// assert_eq!(composition(&a, &"6:3".parse().unwrap()).unwrap_err().kind(), ErrorKind::StrideDivisibility);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        match self {
            Violation::StrideDivisibility { .. }
            | Violation::StrideNotMultiple { .. }
            | Violation::StrideNotDivisor { .. } => ErrorKind::StrideDivisibility,
            Violation::ShapeDivisibility { .. } => ErrorKind::ShapeDivisibility,
            Violation::ModeOverlap { .. } | Violation::MixedSigns => ErrorKind::ModeOverlap,
            Violation::Overflow(_) => ErrorKind::Overflow,
        }
    }

    /// `stride 3 does not divide shape 4`.
    pub(crate) const fn describe(&self, m: Message) -> Message {
        match *self {
            Violation::StrideDivisibility { stride, shape } => {
                m.s("stride ").i(stride).s(" does not divide and is not divided by shape ").i(shape)
            }
            Violation::StrideNotMultiple { stride, shape } => {
                m.s("stride ").i(stride).s(" is not a multiple of shape ").i(shape)
            }
            Violation::StrideNotDivisor { stride, shape } => {
                m.s("stride ").i(stride).s(" does not divide shape ").i(shape)
            }
            Violation::ShapeDivisibility { rest, part } => m.s("shape ").i(rest).s(" is not divisible by ").i(part),
            Violation::ModeOverlap { mode, shape } => {
                m.s("modes of B overlap in mode ").u(mode).s(" (shape ").i(shape).s(") of A, so A o B is not a layout")
            }
            Violation::MixedSigns => {
                m.s("modes of B with strides of both signs meet in several modes of A, so A o B is not a layout")
            }
            Violation::Overflow(o) => o.describe(m),
        }
    }
}

impl ComplementError {
    /// The condition of complement violated.
    ///
    /// ```
    /// use cute::dynamic::{complement, ErrorKind, Layout};
    /// let a: Layout = "(2,2):(2,3)".parse().unwrap();
    /// assert_eq!(complement(&a, &24.into()).unwrap_err().kind(), ErrorKind::NonInjective);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        match self {
            ComplementError::NonInjective { .. } => ErrorKind::NonInjective,
            ComplementError::NegativeStride { .. } => ErrorKind::NegativeStride,
            ComplementError::NonPositiveCotarget { .. } => ErrorKind::InvalidArgument,
            ComplementError::Overflow(_) => ErrorKind::Overflow,
        }
    }

    /// `stride 3 lies inside the span 4 of the smaller modes`.
    pub(crate) const fn describe(&self, m: Message) -> Message {
        match *self {
            ComplementError::NonInjective { stride, span } => {
                m.s("stride ").i(stride).s(" lies inside the span ").i(span).s(" of the smaller modes")
            }
            ComplementError::NegativeStride { stride } => {
                m.s("stride ").i(stride).s(" is negative; the complement needs non-negative strides")
            }
            ComplementError::NonPositiveCotarget { entry } => m.s("the cotarget has a non-positive entry ").i(entry),
            ComplementError::Overflow(o) => o.describe(m),
        }
    }
}

impl CastViolation {
    /// The condition of upcast, downcast or recast violated.
    ///
    /// ```
    /// use cute::dynamic::{downcast, ErrorKind, Layout};
    /// let l: Layout = "4:2".parse().unwrap();
    /// assert_eq!(downcast(2, &l).unwrap_err().kind(), ErrorKind::DowncastAdjacency);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        match self {
            CastViolation::UpcastDivisibility { .. } => ErrorKind::UpcastDivisibility,
            CastViolation::DowncastAdjacency { .. } => ErrorKind::DowncastAdjacency,
            CastViolation::NonPositiveFactor { .. } | CastViolation::NonPositiveBits { .. } => {
                ErrorKind::InvalidArgument
            }
            CastViolation::Overflow(_) => ErrorKind::Overflow,
        }
    }

    /// `stride 3 (leaf 0) neither divides nor is a multiple of 16`.
    pub(crate) const fn describe(&self, m: Message) -> Message {
        match *self {
            CastViolation::UpcastDivisibility { leaf, stride, factor } => {
                m.s("stride ").i(stride).s(" (leaf ").u(leaf).s(") neither divides nor is a multiple of ").i(factor)
            }
            CastViolation::DowncastAdjacency { .. } => m.s("no mode has stride 1, so elements are not adjacent"),
            CastViolation::NonPositiveFactor { factor } => m.s("the factor ").i(factor).s(" is not positive"),
            CastViolation::NonPositiveBits { old_bits, new_bits } => {
                m.s("the widths ").i(old_bits).s(" and ").i(new_bits).s(" must be positive")
            }
            CastViolation::Overflow(o) => o.describe(m),
        }
    }
}

impl InverseViolation {
    /// The condition of the left inverse violated.
    ///
    /// ```
    /// use cute::dynamic::{left_inverse, ErrorKind, Layout};
    /// let l: Layout = "(4,8):(2,5)".parse().unwrap();
    /// assert_eq!(left_inverse(&l).unwrap_err().kind(), ErrorKind::LeftInverseDivisibility);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        match self {
            InverseViolation::NegativeStride { .. } => ErrorKind::NegativeStride,
            InverseViolation::LeftInverseDivisibility { .. } => ErrorKind::LeftInverseDivisibility,
            InverseViolation::NonInjective => ErrorKind::NonInjective,
            InverseViolation::Overflow(_) => ErrorKind::Overflow,
        }
    }

    /// `stride 5 is not a multiple of 4, the span of the smaller strides`.
    pub(crate) const fn describe(&self, m: Message) -> Message {
        match *self {
            InverseViolation::NegativeStride { stride } => m.s("stride ").i(stride).s(" is negative"),
            InverseViolation::LeftInverseDivisibility { stride, span } => {
                m.s("stride ").i(stride).s(" is not a multiple of ").i(span).s(", the span of the smaller strides")
            }
            InverseViolation::NonInjective => {
                m.s("the modes overlap, and no quasi-inverse L(R(L(i))) == L(i) exists in CuTe's form")
            }
            InverseViolation::Overflow(o) => o.describe(m),
        }
    }
}

impl AddViolation {
    /// The condition of PyCuTe's layout_add violated.
    ///
    /// ```
    /// use cute::dynamic::{layout_add, ErrorKind, Layout};
    /// let (a, b): (Layout, Layout) = ("4:1".parse().unwrap(), "8:1".parse().unwrap());
    /// assert_eq!(layout_add(&a, &b).unwrap_err().kind(), ErrorKind::InvalidArgument);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        match self {
            AddViolation::SizesDiffer { .. } => ErrorKind::InvalidArgument,
            AddViolation::NoCommonRefinement { .. } => ErrorKind::NoCommonRefinement,
            AddViolation::Overflow(_) => ErrorKind::Overflow,
        }
    }

    /// `sizes differ, 4 vs 8`.
    pub(crate) const fn describe(&self, m: Message) -> Message {
        match *self {
            AddViolation::SizesDiffer { a, b } => m.s("sizes differ, ").i(a).s(" vs ").i(b),
            AddViolation::NoCommonRefinement { size, common } => m
                .s("no common refinement of size ")
                .i(size)
                .s(" (the greatest common domain has size ")
                .i(common)
                .s(")"),
            AddViolation::Overflow(o) => o.describe(m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn leaves(v: &[i64]) -> Leaves {
        let mut out = Leaves::EMPTY;
        while out.len < v.len() {
            out.vals[out.len] = v[out.len];
            out.len += 1;
        }
        out
    }

    #[test]
    fn messages_are_built_in_const_evaluation() {
        const M: Message = msg("a ").i(-12).s(" b ").u(7).s(" ").layout(&leaves(&[4, 6]), &leaves(&[-2, 3]));
        assert_eq!(M.as_str(), "a -12 b 7 (4,6):(-2,3)");
        const L: Message = msg("").layout(&leaves(&[8]), &leaves(&[0])).s(" ").i(i64::MIN);
        assert_eq!(L.as_str(), "8:0 -9223372036854775808");
    }

    #[test]
    fn a_long_message_is_truncated() {
        let mut m = msg("");
        let mut i = 0;
        while i < CAPACITY {
            m = m.s("xy");
            i += 1;
        }
        assert_eq!(m.as_str().len(), CAPACITY);
    }
}
