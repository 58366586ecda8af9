//! Errors of the mixed face: a condition that involves a runtime value, checked at run time.

use core::fmt;

use crate::arith::Overflow;
use crate::error::ErrorKind;
use crate::flat::{CastViolation, ComplementError, Violation};

/// What an operation on layouts with runtime leaves found wrong: the condition, the values, and
/// the operands as the dynamic engine names them (`composition (4,6,8):(2,3,5) o 6:3`, the
/// modes and leaf the walk was at). It is `Copy` and needs no allocator, so kernels can return
/// it; operands longer than [`Operands::CAPACITY`] bytes are cut short with `...`.
///
/// ```
/// use cute::error::ErrorKind;
/// use cute::mixed::Layout;
/// let e = Layout::try_new(0i64, 1i64).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::InvalidArgument);
/// assert_eq!(e.to_string(), "invalid argument: layout: shape 0 is not positive");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    op: &'static str,
    detail: Detail,
    operands: Operands,
}

/// The operands of a failed operation as text, in a fixed buffer (see [`Error`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Operands {
    len: u8,
    text: [u8; Operands::CAPACITY],
}

impl Operands {
    /// The most bytes kept: enough for the operands of most layouts, small enough that a
    /// `Result` with this error stays within 128 bytes.
    pub const CAPACITY: usize = 55;
    const NONE: Operands = Operands { len: 0, text: [0; Operands::CAPACITY] };

    /// The text written by `args`, cut short with `...` past [`Operands::CAPACITY`] bytes.
    pub(crate) fn of(args: fmt::Arguments<'_>) -> Self {
        let mut o = Operands::NONE;
        if fmt::write(&mut o, args).is_err() {
            // Full: end with "..." on a character boundary (the empty text is one).
            let end = (0..=Operands::CAPACITY - 3).rev().find(|&end| o.as_str_upto(end).is_some()).unwrap_or(0);
            // In range: end <= CAPACITY - 3, and CAPACITY fits in u8 (asserted below).
            #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
            let (stop, len) = (end + 3, (end + 3) as u8);
            o.text[end..stop].copy_from_slice(b"...");
            o.len = len;
        }
        o
    }

    fn as_str_upto(&self, end: usize) -> Option<&str> {
        core::str::from_utf8(&self.text[..end]).ok()
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        self.as_str_upto(self.len as usize).unwrap_or("")
    }
}

// The lengths below [`Operands::CAPACITY`] are stored as `u8`.
const _: () = assert!(Operands::CAPACITY <= u8::MAX as usize);

impl fmt::Write for Operands {
    // In range: `len` is at most CAPACITY (every write keeps it so), so `at + s.len()` is at
    // most isize::MAX + CAPACITY, `CAPACITY - at` does not underflow, and the lengths stored,
    // at most CAPACITY, fit in u8.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let at = self.len as usize;
        if at + s.len() > Operands::CAPACITY {
            let room = Operands::CAPACITY - at;
            self.text[at..].copy_from_slice(&s.as_bytes()[..room]);
            self.len = Operands::CAPACITY as u8;
            return Err(fmt::Error);
        }
        self.text[at..at + s.len()].copy_from_slice(s.as_bytes());
        self.len = (at + s.len()) as u8;
        Ok(())
    }
}

impl fmt::Debug for Operands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// The violated condition and its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Detail {
    /// A condition of composition (also met inside divides and products).
    Compose(Violation),
    /// The layout has no complement.
    Complement(ComplementError),
    /// A shape leaf (or cotarget, or tile size) is zero or negative.
    NonPositive(i64),
    /// A runtime layout does not have the structure or the static values of the target type.
    Mismatch,
    /// A runtime stride of a layout being complemented, of one mode after the filter, is zero or
    /// negative.
    RuntimeStride(i64),
    /// A complement of a layout with a runtime leaf whose filtered strides are not all static and
    /// non-negative, in a divide (the tile's) or a product (the block's): CuTe sorts several
    /// modes by stride when the code is built, and a negative stride gives shapes that are not
    /// positive. The crate root's functions refuse it at compile time.
    ComplementRuntime,
    /// A tuple tiler with more entries than the layout has modes (CuTe's "Too many modes in
    /// tiler"; the crate root's functions refuse it at compile time).
    TooManyModes,
    /// A stride that does not have the shape's tuple structure (`make_layout` refuses it at
    /// compile time).
    NotCongruent,
    /// tile_to_shape: the block has more modes than the target shape.
    TileRank,
    /// tile_to_shape: a block mode's size does not divide the target mode's.
    TileDivisibility {
        /// The block mode's size.
        block: i64,
        /// The target mode's size.
        target: i64,
    },
    /// A tuple has more leaves than the mixed face's runtime checks hold.
    TooManyLeaves(usize),
    /// A checked evaluation at an index that is not below the layout's size.
    IndexOutOfRange {
        /// The index.
        index: usize,
        /// The layout's size.
        size: i64,
    },
    /// A tensor whose layout reaches offsets outside its data: `base + low .. base + high`
    /// (inclusive) is not inside `0..len`.
    OutsideData {
        /// The offset of the view's origin in the data.
        base: usize,
        /// The smallest offset the layout produces.
        low: i64,
        /// The largest offset the layout produces.
        high: i64,
        /// The number of elements of the data.
        len: usize,
    },
    /// Two tensors an algorithm pairs element by element have different sizes.
    SizeMismatch {
        /// The first tensor's size.
        a: usize,
        /// The second tensor's size.
        b: usize,
    },
    /// gemm: the ranks of A, B and C are not one of its five patterns.
    GemmRanks {
        /// A's rank.
        a: usize,
        /// B's rank.
        b: usize,
        /// C's rank.
        c: usize,
    },
    /// A condition of upcast or downcast (a runtime stride that is not a multiple of the
    /// upcast factor, as CuTe assumes, included).
    Cast(CastViolation),
    /// A value does not fit in i64.
    Overflow(Overflow),
    /// A swizzle's parameters (a cast of a swizzled layout's runtime swizzle).
    Swizzle(super::swizzle::SwizzleError),
    /// An inverse of a swizzled layout `Sw o offset o L` that is not a swizzle after a layout.
    SwizzleInverse(SwizzleInverse),
    /// A layout composed with a swizzle, `A o Sw`, that is not a swizzle after `A`.
    SwizzleThrough(super::swizzle::NotThrough),
    /// A cast of a swizzled layout: its offset is not a multiple of the factor.
    OffsetNotMultiple {
        /// The offset.
        offset: i64,
        /// The factor.
        factor: i64,
    },
}

impl Error {
    pub(crate) const fn new(op: &'static str, detail: Detail) -> Self {
        Error { op, detail, operands: Operands::NONE }
    }

    /// The error of `op` with its operands (`args` writes them as they follow the name: ` A o B`
    /// for a composition, `(A, M)` for a call).
    pub(crate) fn with(op: &'static str, detail: Detail, args: fmt::Arguments<'_>) -> Self {
        Error { op, detail, operands: Operands::of(args) }
    }

    /// The operands as the message names them (empty when the operation does not name them).
    ///
    /// ```
    /// use cute::{composition, layout};
    /// let e = composition(layout!(({4},6):({2},3)).unwrap(), layout!(6:3)).unwrap_err();
    /// assert_eq!(e.operands(), " (4,6):(2,3) o 6:3");
    /// ```
    pub fn operands(&self) -> &str {
        self.operands.as_str()
    }

    /// The violated condition.
    ///
    /// ```
    /// use cute::{error::ErrorKind, mixed::Layout};
    /// assert_eq!(Layout::try_new(-2i64, 1i64).unwrap_err().kind(), ErrorKind::InvalidArgument);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        match &self.detail {
            Detail::Compose(v) => v.kind(),
            Detail::Complement(c) => c.kind(),
            Detail::Cast(c) => c.kind(),
            Detail::Overflow(_) => ErrorKind::Overflow,
            Detail::NonPositive(_) | Detail::Mismatch | Detail::SizeMismatch { .. } => ErrorKind::InvalidArgument,
            Detail::TooManyLeaves(_) => ErrorKind::TooManyLeaves,
            Detail::IndexOutOfRange { .. } | Detail::OutsideData { .. } => ErrorKind::IndexOutOfRange,
            Detail::TileDivisibility { .. } => ErrorKind::TileToShapeDivisibility,
            Detail::TileRank => ErrorKind::TileToShapeRank,
            Detail::GemmRanks { .. } => ErrorKind::RankMismatch,
            Detail::RuntimeStride(d) if *d < 0 => ErrorKind::NegativeStride,
            Detail::RuntimeStride(_) | Detail::OffsetNotMultiple { .. } | Detail::ComplementRuntime => {
                ErrorKind::InvalidArgument
            }
            Detail::TooManyModes => ErrorKind::TooManyModes,
            Detail::NotCongruent => ErrorKind::RankMismatch,
            Detail::Swizzle(_) | Detail::SwizzleInverse(_) => ErrorKind::InvalidSwizzle,
            Detail::SwizzleThrough(super::swizzle::NotThrough::Overflow(_)) => ErrorKind::Overflow,
            Detail::SwizzleThrough(_) => ErrorKind::InvalidSwizzle,
        }
    }

    /// The operation that failed (`"composition"`, `"complement"`, ...).
    ///
    /// ```
    /// assert_eq!(cute::mixed::Layout::try_new(0i64, 1i64).unwrap_err().op(), "layout");
    /// ```
    pub const fn op(&self) -> &'static str {
        self.op
    }

    /// The condition's values.
    ///
    /// ```
    /// use cute::mixed::{Detail, Layout};
    /// assert_eq!(Layout::try_new(0i64, 1i64).unwrap_err().detail(), Detail::NonPositive(0));
    /// ```
    pub const fn detail(&self) -> Detail {
        self.detail
    }
}

/// Why the inverse `inv(L) o Sw` of a swizzled layout `Sw o offset o L` is not a swizzle after
/// a layout, `Sw' o 0 o inv(L)` (checked on the inverse's whole domain).
///
/// ```
/// use cute::mixed::{Detail, SwizzleInverse};
/// use cute::{layout, ComposedLayout};
/// let c = ComposedLayout::new(cute::swizzle::SW32, 16, layout!(64:1)).unwrap();
/// assert_eq!(c.right_inverse().unwrap_err().detail(), Detail::SwizzleInverse(SwizzleInverse::Offset(16)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwizzleInverse {
    /// The offset is not 0: the inverse would be `inv(L) o -offset o Sw`.
    Offset(i64),
    /// The swizzle moves an index of the inverse's domain `[0, size)` outside it.
    NotKept {
        /// The inverse's size.
        size: i64,
    },
    /// The swizzle does not move through the inverse: `inv(Sw(i)) != Sw'(inv(i))` at `index`.
    NotMoved {
        /// The first index where the two differ.
        index: i64,
    },
    /// Checking every index would take more than the dynamic engine's
    /// [`MAX_CHECKED`](crate::dynamic::MAX_CHECKED) evaluations.
    TooManyChecks {
        /// The inverse's size.
        size: i64,
    },
}

impl fmt::Display for SwizzleInverse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwizzleInverse::Offset(o) => {
                write!(f, "offset {} is not 0 (the inverse would not be a swizzle after a layout)", o)
            }
            SwizzleInverse::NotKept { size } => write!(f, "the swizzle does not keep [0,{})", size),
            SwizzleInverse::NotMoved { index } => {
                write!(f, "the swizzle does not move through the inverse (at index {})", index)
            }
            SwizzleInverse::TooManyChecks { size } => {
                write!(f, "checking the {} indices of the inverse takes more than 2^20 evaluations", size)
            }
        }
    }
}

impl From<Overflow> for Detail {
    fn from(o: Overflow) -> Self {
        Detail::Overflow(o)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}{}: ", self.kind(), self.op, self.operands.as_str())?;
        match &self.detail {
            Detail::Compose(v) => write!(f, "{}", v),
            Detail::Complement(c) => write!(f, "{}", c),
            Detail::NonPositive(v) => write!(f, "shape {} is not positive", v),
            Detail::Mismatch => f.write_str("the runtime layout does not have the type's structure or static values"),
            Detail::RuntimeStride(d) => write!(f, "the runtime stride {} of a layout of one mode (after the filter) must be positive", d),
            Detail::TileRank => f.write_str("the block has more modes than the target shape"),
            Detail::ComplementRuntime => f.write_str(
                "a leaf is a runtime i64, and the complement of such a layout needs its filtered strides static and non-negative, or a single mode (as in CuTe)",
            ),
            Detail::TooManyModes => f.write_str("the tiler has more modes than the layout"),
            Detail::NotCongruent => f.write_str("the stride is not congruent with the shape"),
            Detail::TileDivisibility { block, target } => {
                write!(f, "block mode size {} does not divide target mode size {}", block, target)
            }
            Detail::IndexOutOfRange { index, size } => write!(f, "index {} is not below the size {}", index, size),
            Detail::GemmRanks { a, b, c } => write!(
                f,
                "ranks ({},{},{}) of A, B and C are not (1,1,1), (1,1,2), (2,2,2), (2,2,3) or (3,3,3)",
                a, b, c
            ),
            Detail::SizeMismatch { a, b } => write!(f, "the tensors' sizes {} and {} differ", a, b),
            Detail::OutsideData { base, low, high, len } => write!(
                f,
                "the layout's offsets {}..={} from element {} reach outside the {} elements of the data",
                low, high, base, len
            ),
            Detail::TooManyLeaves(n) => write!(
                f,
                "{} modes or leaves, more than the run-time checks hold (32 per operand of a composition, 64 per tuple)",
                n
            ),
            Detail::Cast(c) => write!(f, "{}", c),
            Detail::Overflow(o) => write!(f, "{}", o),
            Detail::Swizzle(e) => write!(f, "{}", e),
            Detail::SwizzleInverse(w) => write!(f, "{}", w),
            Detail::SwizzleThrough(w) => write!(f, "{}", w),
            Detail::OffsetNotMultiple { offset, factor } => {
                write!(f, "offset {} is not a multiple of {}", offset, factor)
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}
