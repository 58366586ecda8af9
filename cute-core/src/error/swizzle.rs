//! The runtime errors of swizzle parameters, masks and compositions (their public paths are
//! `cute::swizzle::SwizzleError` and `cute::swizzle::NotThrough`).

use core::fmt;

use crate::arith::Overflow;

/// Why swizzle parameters, masks or a composition are rejected (CuTe's static assertions).
///
/// ```
/// use cute::swizzle::{Swizzle, SwizzleError};
/// assert_eq!(Swizzle::new(3, 0, 2), Err(SwizzleError::ShiftTooSmall { bits: 3, shift: 2 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwizzleError {
    /// `B < 0`.
    NegativeBits(i32),
    /// `M < 0`.
    NegativeBase(i32),
    /// `|S| < B`: the source and destination fields would overlap.
    ShiftTooSmall {
        /// The number of bits `B`.
        bits: i32,
        /// The shift `S`.
        shift: i32,
    },
    /// The fields do not fit in 63 bits.
    TooWide,
    /// Two masks that are not the YYY and ZZZ fields of one swizzle (`make_swizzle`): the same
    /// number of contiguous bits each, not overlapping.
    NotASwizzle {
        /// The YYY (source) mask.
        yyy: i64,
        /// The ZZZ (destination) mask.
        zzz: i64,
    },
    /// Two swizzles of different shifts do not compose into a swizzle (CuTe: "Can only merge
    /// swizzles of the same shift").
    DifferentShifts {
        /// The first swizzle's shift.
        first: i32,
        /// The second swizzle's shift.
        second: i32,
    },
    /// An upcast or downcast by a factor that is not a positive power of two.
    NotPowerOfTwo(i64),
}

impl fmt::Display for SwizzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwizzleError::NegativeBits(b) => write!(f, "Swizzle<{},_,_>: BBits must be non-negative", b),
            SwizzleError::NegativeBase(m) => write!(f, "Swizzle<_,{},_>: MBase must be non-negative", m),
            SwizzleError::ShiftTooSmall { bits, shift } => {
                write!(f, "Swizzle<{},_,{}>: abs(SShift) must be at least BBits", bits, shift)
            }
            SwizzleError::TooWide => f.write_str("swizzle fields do not fit in 63 bits"),
            SwizzleError::NotASwizzle { yyy, zzz } => {
                // A negative mask in binary would be 64 digits of its two's complement.
                let mask = |m: &i64, f: &mut fmt::Formatter<'_>| {
                    if *m < 0 {
                        write!(f, "{}", m)
                    } else {
                        write!(f, "{:#b}", m)
                    }
                };
                f.write_str("masks ")?;
                mask(yyy, f)?;
                f.write_str(" and ")?;
                mask(zzz, f)?;
                f.write_str(" are not the fields of a swizzle (the same number of contiguous bits, apart)")
            }
            SwizzleError::DifferentShifts { first, second } => write!(
                f,
                "composition of swizzles: shifts {} and {} differ (only swizzles of the same shift merge)",
                first, second
            ),
            SwizzleError::NotPowerOfTwo(n) => write!(f, "swizzle cast: {} is not a positive power of two", n),
        }
    }
}

/// Why a layout `A` composed with a swizzle, `A o Sw`, is no swizzle after `A` (the detail of
/// [`composition`](fn@crate::composition)'s error).
///
/// ```
/// use cute::{composition, layout};
/// use cute::mixed::Detail;
/// use cute::swizzle::{NotThrough, Swizzle};
/// // Stride 3 maps the masks 2 and 1 to 6 and 3, which no swizzle has.
/// let e = composition(layout!(({8}):({3})).unwrap(), Swizzle::new(1, 0, 1).unwrap()).unwrap_err();
/// assert!(matches!(e.detail(), Detail::SwizzleThrough(NotThrough::Masks { yyy: 6, zzz: 3, .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotThrough {
    /// `A`'s values at the swizzle's masks are not a swizzle's fields.
    Masks {
        /// `A(yyy)`, `A` at the swizzle's YYY mask.
        yyy: i64,
        /// `A(zzz)`, `A` at the swizzle's ZZZ mask.
        zzz: i64,
        /// Why they are no swizzle's.
        why: SwizzleError,
    },
    /// `A(Sw(i)) != Sw'(A(i))` at an index `i` of `A`'s domain.
    At {
        /// The index `i`.
        index: i64,
        /// `A(Sw(i))`, the composition's value.
        composed: i64,
        /// `Sw'(A(i))`, the moved swizzle's.
        moved: i64,
    },
    /// Checking every index of `A`'s domain would take more than
    /// [`MAX_CHECKED`](crate::arith::MAX_CHECKED) evaluations.
    TooManyChecks {
        /// `A`'s size.
        size: i64,
    },
    /// The swizzled layout on the right has a nonzero offset, which CuTe requires to be 0 (an
    /// offset moves through `A` only where `A` is linear).
    Offset(i64),
    /// An offset of `A` does not fit in i64.
    Overflow(Overflow),
}

impl fmt::Display for NotThrough {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotThrough::Masks { yyy, zzz, why } => {
                write!(f, "the layout maps the swizzle's masks to {} and {}: {}", yyy, zzz, why)
            }
            NotThrough::At { index, composed, moved } => write!(
                f,
                "the swizzle does not move through the layout: at index {} the composition is {}, the swizzle moved outside gives {}",
                index, composed, moved
            ),
            NotThrough::TooManyChecks { size } => {
                write!(f, "{} indices to check, more than 2^20 evaluations", size)
            }
            NotThrough::Offset(o) => write!(f, "the offset {} is not 0, which CuTe requires", o),
            NotThrough::Overflow(o) => write!(f, "{}", o),
        }
    }
}
