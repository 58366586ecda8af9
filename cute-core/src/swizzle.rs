//! Swizzles: `Swizzle<B, M, S>` permutes the bits of an offset by XOR-ing the `B` bits found at
//! `M + max(0, S)` into the `B` bits at `M - min(0, S)` (CuTe's `Swizzle`). It is its own
//! inverse, so the same swizzle serves stores and loads.

/// Why swizzle parameters are rejected (CuTe's static assertions).
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
}

impl core::fmt::Display for SwizzleError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SwizzleError::NegativeBits(b) => write!(f, "Swizzle<{},_,_>: BBits must be non-negative", b),
            SwizzleError::NegativeBase(m) => write!(f, "Swizzle<_,{},_>: MBase must be non-negative", m),
            SwizzleError::ShiftTooSmall { bits, shift } => {
                write!(f, "Swizzle<{},_,{}>: abs(SShift) must be at least BBits", bits, shift)
            }
            SwizzleError::TooWide => f.write_str("swizzle fields do not fit in 63 bits"),
        }
    }
}

/// A swizzle functor `Swizzle<B, M, S>` on offsets.
///
/// ```
/// use cute::swizzle::Swizzle;
/// let sw = Swizzle::new(3, 3, 3).unwrap();
/// assert_eq!(sw.apply(77), 69);
/// assert_eq!(sw.apply(sw.apply(77)), 77);
/// assert!(Swizzle::new(2, 0, 1).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    yyy_mask: i64,
    shift: i32,
}

impl Swizzle {
    /// The swizzle with `B` bits, base `M` and shift `S`; CuTe requires `B >= 0`, `M >= 0` and
    /// `|S| >= B`.
    ///
    /// ```
    /// use cute::swizzle::{Swizzle, SwizzleError};
    /// assert_eq!(Swizzle::new(-1, 0, 1), Err(SwizzleError::NegativeBits(-1)));
    /// ```
    pub const fn new(b: i32, m: i32, s: i32) -> Result<Swizzle, SwizzleError> {
        if b < 0 {
            return Err(SwizzleError::NegativeBits(b));
        }
        if m < 0 {
            return Err(SwizzleError::NegativeBase(m));
        }
        if s.unsigned_abs() < b as u32 {
            return Err(SwizzleError::ShiftTooSmall { bits: b, shift: s });
        }
        let top = m as i64 + if s > 0 { s as i64 } else { -(s as i64) } + b as i64;
        if top > 63 {
            return Err(SwizzleError::TooWide);
        }
        let bit_mask = (1i64 << b) - 1;
        let yyy_shift = m + if s > 0 { s } else { 0 };
        Ok(Swizzle { yyy_mask: bit_mask << yyy_shift, shift: s })
    }

    /// Apply to an offset: `offset ^ shiftr(offset & yyy_mask, S)`.
    ///
    /// ```
    /// use cute::swizzle::Swizzle;
    /// assert_eq!(Swizzle::new(2, 0, -4).unwrap().apply(1495), 1511);
    /// ```
    pub const fn apply(&self, offset: i64) -> i64 {
        let bits = offset & self.yyy_mask;
        let moved = if self.shift >= 0 { bits >> self.shift } else { bits << (-self.shift) };
        offset ^ moved
    }
}
