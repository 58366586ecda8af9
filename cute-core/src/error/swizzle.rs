//! The runtime error of swizzle parameters, masks and compositions (its public path is
//! `cute::swizzle::SwizzleError`).

use core::fmt;

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
