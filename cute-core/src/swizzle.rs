//! Swizzles: `Swizzle<B, M, S>` permutes the bits of an offset by XOR-ing the `B` bits found at
//! `M + max(0, S)` (the YYY field) into the `B` bits at `M - min(0, S)` (the ZZZ field), keeping
//! the `M` lowest bits (CuTe's `Swizzle`). It is its own inverse, so the same swizzle serves
//! stores and loads.
//!
//! Seed 001 describes `swizzle<B, M, S>` with `S` as the absolute position of the source field:
//! for `swizzle<3,4,3>` it XORs bits [3,6) into the overlapping bits [4,7) (0x18 becomes 0x28),
//! which is not its own inverse (0x28 becomes 0x78), contrary to the seed's own claim. CuTe,
//! which this crate follows, reads `S` as the distance between the fields: `Sw<3,4,3>` XORs bits
//! [7,10) into bits [4,7), so on a tile of 128-byte rows the 16-byte chunk `c` of row `r` lands
//! in chunk `c ^ r` (see [`SW128`]).
//!
//! ```
//! use cute::swizzle::{Swizzle, SW128};
//! // Row 3 of a 128-byte-row tile, byte 16 * 5 (chunk 5): lands in chunk 5 ^ 3 = 6.
//! assert_eq!(SW128.apply(3 * 128 + 16 * 5), 3 * 128 + 16 * 6);
//! assert_eq!(SW128.to_string(), "Sw<3,4,3>");
//! ```

use core::fmt;
use core::marker::PhantomData;
use core::ops::Add;

use typenum::consts::{P1, P2, P3, P4, U63};
use typenum::{Bit, Integer, IsGreaterOrEqual, IsLessOrEqual, NInt, NonZero, PInt, Sum, Unsigned, B0, B1, Z0};

use crate::arith::AbsValue;
use crate::arith::ToInt;
use crate::error::verdict::{Holds, Pass, Shown, SwizzleBaseFail, SwizzleBitsFail, SwizzleShiftFail, SwizzleWidthFail};

mod composition;
#[doc(hidden)]
pub use composition::solve as composition_solve;
pub use composition::SwizzleComposition;
mod make;
#[doc(hidden)]
pub use make::solve as make_solve;
pub use make::{make_swizzle, MakeSwizzle};

pub use crate::error::swizzle::{NotThrough, SwizzleError};

/// A swizzle functor `Swizzle<B, M, S>` on offsets, with its parameters checked at run time
/// ([`Sw`] is the same with static parameters, checked at compile time).
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
    bits: i32,
    base: i32,
    shift: i32,
}

/// No swizzle, `Sw<0,0,0>` (Hopper's interleaved shared-memory mode, WGMMA `swizzle_mode` 0).
///
/// ```
/// assert_eq!(cute::swizzle::SW_NONE.apply(1234), 1234);
/// ```
pub const SW_NONE: Swizzle = Swizzle { bits: 0, base: 0, shift: 0 };
/// The 32-byte swizzle `Sw<1,4,3>` (WGMMA `swizzle_mode` 3): 16-byte chunk `c` of a 32-byte
/// row `r` lands in chunk `c ^ (r % 2)`.
///
/// ```
/// use cute::swizzle::SW32;
/// assert_eq!((SW32.to_string(), SW32.wgmma_mode()), ("Sw<1,4,3>".to_string(), Some(3)));
/// ```
pub const SW32: Swizzle = Swizzle { bits: 1, base: 4, shift: 3 };
/// The 64-byte swizzle `Sw<2,4,3>` (WGMMA `swizzle_mode` 2): 16-byte chunk `c` of a 64-byte
/// row `r` lands in chunk `c ^ (r % 4)`.
///
/// ```
/// use cute::swizzle::SW64;
/// assert_eq!((SW64.to_string(), SW64.wgmma_mode()), ("Sw<2,4,3>".to_string(), Some(2)));
/// ```
pub const SW64: Swizzle = Swizzle { bits: 2, base: 4, shift: 3 };
/// The 128-byte swizzle `Sw<3,4,3>` (WGMMA `swizzle_mode` 1): 16-byte chunk `c` of a 128-byte
/// row `r` lands in chunk `c ^ (r % 8)`.
///
/// ```
/// use cute::swizzle::SW128;
/// assert_eq!((SW128.to_string(), SW128.wgmma_mode()), ("Sw<3,4,3>".to_string(), Some(1)));
/// ```
pub const SW128: Swizzle = Swizzle { bits: 3, base: 4, shift: 3 };

impl Swizzle {
    /// The swizzle with `B` bits, base `M` and shift `S`; CuTe requires `B >= 0`, `M >= 0` and
    /// `|S| >= B`.
    ///
    /// ```
    /// use cute::swizzle::{Swizzle, SwizzleError};
    /// assert_eq!(Swizzle::new(-1, 0, 1), Err(SwizzleError::NegativeBits(-1)));
    /// ```
    // In range: b >= 0 when it is cast; three i32 magnitudes sum in i64 without overflow.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_sign_loss)]
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
        if m as i64 + s.unsigned_abs() as i64 + b as i64 > 63 {
            return Err(SwizzleError::TooWide);
        }
        Ok(Swizzle { bits: b, base: m, shift: s })
    }

    /// `B`, the number of bits of each field.
    ///
    /// ```
    /// assert_eq!(cute::swizzle::SW64.bits(), 2);
    /// ```
    pub const fn bits(&self) -> i32 {
        self.bits
    }

    /// `M`, the number of lowest bits kept.
    ///
    /// ```
    /// assert_eq!(cute::swizzle::SW64.base(), 4);
    /// ```
    pub const fn base(&self) -> i32 {
        self.base
    }

    /// `S`, the distance from the ZZZ field up to the YYY field (negative: YYY below ZZZ).
    ///
    /// ```
    /// assert_eq!(cute::swizzle::SW64.shift(), 3);
    /// ```
    pub const fn shift(&self) -> i32 {
        self.shift
    }

    /// The YYY mask: the bits read, `(2^B - 1) << (M + max(0, S))`.
    ///
    /// ```
    /// assert_eq!(cute::swizzle::SW128.yyy_mask(), 0b11_1000_0000);
    /// ```
    // In range: a swizzle's B, M and |S| are non-negative with B + M + |S| <= 63 (`new`).
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn yyy_mask(&self) -> i64 {
        ((1i64 << self.bits) - 1) << (self.base + if self.shift > 0 { self.shift } else { 0 })
    }

    /// The ZZZ mask: the bits XOR-ed, `(2^B - 1) << (M - min(0, S))`.
    ///
    /// ```
    /// assert_eq!(cute::swizzle::SW128.zzz_mask(), 0b111_0000);
    /// ```
    // In range: as `yyy_mask`.
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn zzz_mask(&self) -> i64 {
        ((1i64 << self.bits) - 1) << (self.base - if self.shift < 0 { self.shift } else { 0 })
    }

    /// Apply to an offset: `offset ^ shiftr(offset & yyy_mask, S)` (ZZZ ^= YYY).
    ///
    /// ```
    /// use cute::swizzle::Swizzle;
    /// assert_eq!(Swizzle::new(2, 0, -4).unwrap().apply(1495), 1511);
    /// ```
    // In range: |S| <= 63, and the bits moved stay below bit 63 (the fields fit in 63 bits).
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn apply(&self, offset: i64) -> i64 {
        let bits = offset & self.yyy_mask();
        let moved = if self.shift >= 0 { bits >> self.shift } else { bits << (-self.shift) };
        offset ^ moved
    }

    /// `min(v, 2^M)`: `v` capped at the aligned run of `2^M` offsets the swizzle keeps in order
    /// (CuTe's cap on a swizzled layout's `max_common_vector`). `M` may be 63, past i64, and then
    /// caps nothing.
    pub(crate) const fn cap_at_base(&self, v: i64) -> i64 {
        match 1i64.checked_shl(self.base.unsigned_abs()) {
            Some(run) if run > 0 && run < v => run,
            _ => v,
        }
    }

    /// Whether it changes no offset (`B = 0`).
    ///
    /// ```
    /// assert!(cute::swizzle::SW_NONE.is_identity() && !cute::swizzle::SW32.is_identity());
    /// ```
    pub const fn is_identity(&self) -> bool {
        self.bits == 0
    }

    /// The WGMMA shared-memory descriptor's `swizzle_mode` of this swizzle: 0 for none, 1 for
    /// 128-byte, 2 for 64-byte, 3 for 32-byte (seed 001's table); `None` for the others.
    ///
    /// ```
    /// use cute::swizzle::{Swizzle, SW_NONE};
    /// assert_eq!(SW_NONE.wgmma_mode(), Some(0));
    /// assert_eq!(Swizzle::new(3, 3, 3).unwrap().wgmma_mode(), None);
    /// ```
    pub const fn wgmma_mode(&self) -> Option<u8> {
        match (self.bits, self.base, self.shift) {
            (0, _, _) => Some(0),
            (3, 4, 3) => Some(1),
            (2, 4, 3) => Some(2),
            (1, 4, 3) => Some(3),
            _ => None,
        }
    }

    /// CuTe's `make_swizzle<Y, Z>()`: the swizzle whose YYY mask is `yyy` and ZZZ mask `zzz`,
    /// `B` their number of bits, `M` the lower of their lowest bits and `S` the distance from
    /// ZZZ up to YYY. Both empty is the identity `Sw<0,0,0>`.
    ///
    /// ```
    /// use cute::swizzle::{Swizzle, SwizzleError};
    /// assert_eq!(Swizzle::make(0b1000, 0b0100).unwrap().to_string(), "Sw<1,2,1>");
    /// assert_eq!(Swizzle::make(0b1100_0000, 0b0000_0110).unwrap().to_string(), "Sw<2,1,5>");
    /// assert_eq!(Swizzle::make(0b1010_0000, 0b11), Err(SwizzleError::NotASwizzle { yyy: 0b1010_0000, zzz: 0b11 }));
    /// ```
    // In range: bit positions and counts are at most 64.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_wrap)]
    pub const fn make(yyy: i64, zzz: i64) -> Result<Swizzle, SwizzleError> {
        let not = Err(SwizzleError::NotASwizzle { yyy, zzz });
        if yyy < 0 || zzz < 0 || yyy.count_ones() != zzz.count_ones() {
            return not;
        }
        if yyy == 0 {
            return Ok(SW_NONE);
        }
        let (ty, tz) = (yyy.trailing_zeros() as i32, zzz.trailing_zeros() as i32);
        let m = if ty < tz { ty } else { tz };
        let sw = match Swizzle::new(yyy.count_ones() as i32, m, ty - tz) {
            Ok(sw) => sw,
            Err(_) => return not,
        };
        if sw.yyy_mask() == yyy && sw.zzz_mask() == zzz {
            Ok(sw)
        } else {
            not
        }
    }

    /// CuTe's `composition(Swizzle, Swizzle)`: two swizzles of the same shift merge into the
    /// swizzle of the XOR of their masks (`self o other`; the order does not matter, as both
    /// only XOR fields at the same distance).
    ///
    /// ```
    /// use cute::swizzle::{Swizzle, SwizzleError, SW32, SW64, SW128};
    /// assert_eq!(SW32.compose(SW64).unwrap().to_string(), "Sw<1,5,3>");
    /// assert_eq!(SW128.compose(SW128).unwrap().to_string(), "Sw<0,0,0>");
    /// let other = Swizzle::new(2, 0, 4).unwrap();
    /// assert_eq!(SW128.compose(other), Err(SwizzleError::DifferentShifts { first: 3, second: 4 }));
    /// ```
    pub const fn compose(&self, other: Swizzle) -> Result<Swizzle, SwizzleError> {
        if self.is_identity() {
            return Ok(other);
        }
        if other.is_identity() {
            return Ok(*self);
        }
        if self.shift != other.shift {
            return Err(SwizzleError::DifferentShifts { first: self.shift, second: other.shift });
        }
        Swizzle::make(self.yyy_mask() ^ other.yyy_mask(), self.zzz_mask() ^ other.zzz_mask())
    }

    /// CuTe's `upcast<N>`: the swizzle of elements `N` times wider, `M` lowered by `log2(N)`
    /// (below 0, the fields lose their lowest bits).
    ///
    /// ```
    /// use cute::swizzle::SW128;
    /// // Sw<3,4,3> on bytes is Sw<3,2,3> on 4-byte words.
    /// assert_eq!(SW128.upcast(4).unwrap().to_string(), "Sw<3,2,3>");
    /// assert_eq!(SW128.upcast(64).unwrap().to_string(), "Sw<1,0,3>");
    /// assert!(SW128.upcast(3).is_err());
    /// ```
    // In range: M <= 63 and log2(n) <= 62, B <= 63.
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn upcast(&self, n: i64) -> Result<Swizzle, SwizzleError> {
        let log2 = match log2(n) {
            Some(l) => l,
            None => return Err(SwizzleError::NotPowerOfTwo(n)),
        };
        let m = self.base - log2;
        if m >= 0 {
            Ok(Swizzle { bits: self.bits, base: m, shift: self.shift })
        } else {
            let b = self.bits + m;
            Ok(Swizzle { bits: if b > 0 { b } else { 0 }, base: 0, shift: self.shift })
        }
    }

    /// CuTe's `downcast<N>`: the swizzle of elements `N` times narrower, `M` raised by
    /// `log2(N)`.
    ///
    /// ```
    /// use cute::swizzle::SW128;
    /// assert_eq!(SW128.downcast(2).unwrap().to_string(), "Sw<3,5,3>");
    /// ```
    // In range: M <= 63 and log2(n) <= 62; `new` checks the sum.
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn downcast(&self, n: i64) -> Result<Swizzle, SwizzleError> {
        let log2 = match log2(n) {
            Some(l) => l,
            None => return Err(SwizzleError::NotPowerOfTwo(n)),
        };
        Swizzle::new(self.bits, self.base + log2, self.shift)
    }
}

/// Why a swizzle does not move through a function `inv` on `[0, n)` ([`Swizzle::moved_through`]).
#[derive(Debug)]
pub(crate) enum NotMoved<E> {
    /// A mask of the swizzle is not below `n`.
    MaskOutside,
    /// `inv`'s values at the masks are not a swizzle's.
    Make(SwizzleError),
    /// The swizzle moves index `i` out of `[0, n)` (the dynamic engine names `i`).
    Outside(#[cfg_attr(not(feature = "alloc"), allow(dead_code))] i64),
    /// `inv(Sw(i)) != Sw'(inv(i))` at index `i`.
    At(i64),
    /// `inv` failed.
    Eval(E),
}

impl Swizzle {
    /// The swizzle `Sw'` with `inv(Sw(i)) == Sw'(inv(i))` for every `i < n`: made from `inv`'s
    /// values at this swizzle's masks (CuTe's `composition(inv, Sw)`, which it says works "in
    /// simple cases"), checked at every index. The inverses of a swizzled layout, in both
    /// engines, are `Sw' o 0 o inv`.
    pub(crate) fn moved_through<E>(self, n: i64, inv: impl Fn(i64) -> Result<i64, E>) -> Result<Swizzle, NotMoved<E>> {
        if self.is_identity() {
            return Ok(self);
        }
        let at = |x: i64| if x < n { inv(x).map_err(NotMoved::Eval) } else { Err(NotMoved::MaskOutside) };
        let moved = Swizzle::make(at(self.yyy_mask())?, at(self.zzz_mask())?).map_err(NotMoved::Make)?;
        for i in 0..n {
            let j = self.apply(i);
            if j >= n {
                return Err(NotMoved::Outside(i));
            }
            if inv(j).map_err(NotMoved::Eval)? != moved.apply(inv(i).map_err(NotMoved::Eval)?) {
                return Err(NotMoved::At(i));
            }
        }
        Ok(moved)
    }
}

/// `Ok` of `$e`, or its error as a [`NotThrough`].
macro_rules! through {
    ($e:expr, $variant:ident) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(NotThrough::$variant(e)),
        }
    };
}

/// A flat layout's leaves: its shape's and its stride's.
pub(crate) type FlatLeaves<'a> = (&'a [i64], &'a [i64]);

impl Swizzle {
    /// CuTe's `composition(A, Sw)` for the flat layout `A`: the swizzle moved outside, `Sw'`
    /// with `A(Sw(i)) == Sw'(A(i))` at every index `i` of `A`'s domain (`A` evaluated on its
    /// extended domain, as composition does), made from `A`'s values at this swizzle's masks
    /// (CuTe's `make_swizzle<A(yyy), A(zzz)>`, which CuTe says works "in simple cases") and
    /// checked at every index, so that `Sw' o 0 o A` is `A o Sw`.
    ///
    /// With `inner = Some((B, R))`, `R = A o B`, it is `A o (Sw o 0 o B)` (CuTe's composition of
    /// a layout with a swizzled layout, `Sw' o 0 o R`), checked at every index of `B`'s domain:
    /// `A(Sw(B(i))) == Sw'(R(i))`. Unlike [`moved_through`](Self::moved_through), which an
    /// inverse's domain bounds, `A` is a layout: its masks and `Sw(i)` may pass its size. Both
    /// engines' compositions with a swizzle on the right call it.
    // In range: `i += 1` under `i < n`, `k += 1` under `k < domain.len()`.
    #[allow(clippy::arithmetic_side_effects)]
    pub(crate) const fn through_layout(
        self,
        a: FlatLeaves<'_>,
        inner: Option<(FlatLeaves<'_>, FlatLeaves<'_>)>,
    ) -> Result<Swizzle, NotThrough> {
        if self.is_identity() {
            // Every function moves through the identity: `Sw<0,0,0>`, what its empty masks make.
            return Ok(SW_NONE);
        }
        let y = through!(crate::flat::eval(a.0, a.1, self.yyy_mask()), Overflow);
        let z = through!(crate::flat::eval(a.0, a.1, self.zzz_mask()), Overflow);
        let moved = match Swizzle::make(y, z) {
            Ok(moved) => moved,
            Err(why) => return Err(NotThrough::Masks { yyy: y, zzz: z, why }),
        };
        // The domain checked, and the leaves each index evaluates.
        let (domain, leaves) = match inner {
            None => (a.0, a.0.len()),
            Some((b, r)) => (b.0, a.0.len() + b.0.len() + r.0.len()),
        };
        let mut n = 1i64;
        let mut k = 0;
        while k < domain.len() {
            n = through!(crate::arith::mul(n, domain[k]), Overflow);
            k += 1;
        }
        if !crate::arith::within_budget(n, leaves) {
            return Err(NotThrough::TooManyChecks { size: n });
        }
        let mut i = 0;
        while i < n {
            let (b_i, r) = match inner {
                None => (i, a),
                Some((b, r)) => (through!(crate::flat::eval(b.0, b.1, i), Overflow), r),
            };
            let composed = through!(crate::flat::eval(a.0, a.1, self.apply(b_i)), Overflow);
            let moved_at = moved.apply(through!(crate::flat::eval(r.0, r.1, i), Overflow));
            if composed != moved_at {
                return Err(NotThrough::At { index: i, composed, moved: moved_at });
            }
            i += 1;
        }
        Ok(moved)
    }
}

/// `log2(n)` of a positive power of two.
const fn log2(n: i64) -> Option<i32> {
    if n > 0 && n.count_ones() == 1 {
        // In range: at most 62.
        #[allow(clippy::cast_possible_wrap)]
        Some(n.trailing_zeros() as i32)
    } else {
        None
    }
}

/// CuTe's notation `Sw<B,M,S>`.
impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

/// `Swizzle<B, M, S>` with static parameters (typenum integers, `S` defaulting to `B` as in
/// CuTe): the same functor as [`Swizzle`], its parameters checked by the trait solver, so that
/// `cargo check` reports a swizzle that breaks CuTe's rules at the line that makes it.
///
/// ```
/// use cute::swizzle::{Sw, Sw128B, SW128};
/// use cute::typenum::{P2, P3, P4};
/// let sw = Sw128B::new();
/// assert_eq!((sw.to_string(), sw.swizzle()), ("Sw<3,4,3>".to_string(), SW128));
/// assert_eq!(sw.apply(3 * 128 + 16 * 5), 3 * 128 + 16 * 6);
/// // S defaults to B.
/// assert_eq!(Sw::<P2, P4>::new().to_string(), "Sw<2,4,2>");
/// ```
///
/// A swizzle whose fields overlap does not compile:
///
/// ```compile_fail
/// use cute::swizzle::Sw;
/// use cute::typenum::{P2, P3, P4};
/// let sw = Sw::<P3, P4, P2>::new(); // invalid swizzle: abs(SShift) must be at least BBits
/// ```
pub struct Sw<B, M, S = B>(PhantomData<(B, M, S)>);

/// No swizzle, `Sw<0,0,0>`, static.
pub type SwNone = Sw<Z0, Z0, Z0>;
/// The 32-byte swizzle `Sw<1,4,3>`, static ([`SW32`]).
pub type Sw32B = Sw<P1, P4, P3>;
/// The 64-byte swizzle `Sw<2,4,3>`, static ([`SW64`]).
pub type Sw64B = Sw<P2, P4, P3>;
/// The 128-byte swizzle `Sw<3,4,3>`, static ([`SW128`]).
pub type Sw128B = Sw<P3, P4, P3>;

impl<B, M, S> Clone for Sw<B, M, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<B, M, S> Copy for Sw<B, M, S> {}
/// CuTe's notation, as [`Display`](fmt::Display) writes it.
///
/// ```
/// assert_eq!(format!("{:?}", cute::swizzle::Sw128B::new()), "Sw<3,4,3>");
/// ```
impl<B, M, S> fmt::Debug for Sw<B, M, S>
where
    Self: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<B: Integer, M: Integer, S: Integer> Sw<B, M, S> {
    /// The swizzle with these parameters, as [`swizzle`](Self::swizzle) gives it (for `const`
    /// checks, which have no value of `Self`).
    pub(crate) const SWIZZLE: Swizzle = Swizzle { bits: B::I32, base: M::I32, shift: S::I32 };

    /// The swizzle; a compile error naming the rule where the parameters break one of CuTe's
    /// (`B >= 0`, `M >= 0`, `|S| >= B`, and the fields within 63 bits).
    ///
    /// ```
    /// use cute::swizzle::Sw64B;
    /// assert_eq!(Sw64B::new().apply(0b1_1000_0000), 0b1_1011_0000);
    /// ```
    pub const fn new() -> Self
    where
        Self: SwizzleVerdict,
        <Self as SwizzleVerdict>::Output: Holds,
    {
        Sw(PhantomData)
    }

    /// The same swizzle with runtime parameters.
    ///
    /// ```
    /// use cute::swizzle::{Sw32B, SW32};
    /// assert_eq!(Sw32B::new().swizzle(), SW32);
    /// ```
    pub const fn swizzle(&self) -> Swizzle {
        // `new` checked the parameters, so these are the fields of a valid swizzle.
        Swizzle { bits: B::I32, base: M::I32, shift: S::I32 }
    }

    /// Apply to an offset (see [`Swizzle::apply`]).
    ///
    /// ```
    /// use cute::swizzle::Sw128B;
    /// assert_eq!(Sw128B::new().apply(0x2a8), 0x2a8 ^ (5 << 4));
    /// ```
    #[inline(always)]
    pub const fn apply(&self, offset: i64) -> i64 {
        self.swizzle().apply(offset)
    }
}

/// [`Sw::new`]: the default of a valid static swizzle is the swizzle.
///
/// ```
/// assert_eq!(cute::swizzle::Sw64B::default().to_string(), "Sw<2,4,3>");
/// ```
impl<B: Integer, M: Integer, S: Integer> Default for Sw<B, M, S>
where
    Self: SwizzleVerdict,
    <Self as SwizzleVerdict>::Output: Holds,
{
    fn default() -> Self {
        Self::new()
    }
}

/// CuTe's notation, `Sw<B,M,S>`.
impl<B: Integer, M: Integer, S: Integer> fmt::Display for Sw<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", B::I32, M::I32, S::I32)
    }
}

/// A swizzle as a function of offsets, static ([`Sw`]) or runtime ([`Swizzle`]): the outer
/// function of a [`ComposedLayout`](crate::ComposedLayout).
///
/// ```
/// use cute::swizzle::{SwizzleFn, Sw128B, SW128};
/// assert_eq!(Sw128B::new().swizzle_fn(), SwizzleFn::swizzle_fn(&SW128));
/// ```
///
/// Sealed: only the crate's own types implement it, since a tensor's unchecked reads rely on
/// its answers (see [`tensor`](crate::tensor)).
pub trait SwizzleFn: Copy + fmt::Display + crate::sealed::Sealed {
    /// The swizzle.
    fn swizzle_fn(&self) -> Swizzle;
}
impl SwizzleFn for Swizzle {
    #[inline(always)]
    fn swizzle_fn(&self) -> Swizzle {
        *self
    }
}
impl<B: Integer, M: Integer, S: Integer> SwizzleFn for Sw<B, M, S> {
    #[inline(always)]
    fn swizzle_fn(&self) -> Swizzle {
        self.swizzle()
    }
}

/// The verdict of CuTe's rules on a static swizzle's parameters: [`Pass`], or the failure of
/// the first rule broken, whose message names the rule and the parameters.
///
/// ```
/// use cute::statics::report::Outcome;
/// use cute::swizzle::{Sw, SwizzleVerdict};
/// use cute::dynamic::ErrorKind;
/// use cute::typenum::{N1, P2, P3, P4};
/// assert_eq!(<<Sw<P3, P4, P2> as SwizzleVerdict>::Output as Outcome>::KIND, Some(ErrorKind::InvalidSwizzle));
/// assert_eq!(<<Sw<N1, P4, P2> as SwizzleVerdict>::Output as Outcome>::KIND, Some(ErrorKind::InvalidSwizzle));
/// assert_eq!(<<Sw<P3, P4, P3> as SwizzleVerdict>::Output as Outcome>::KIND, None);
/// ```
#[doc(hidden)]
pub trait SwizzleVerdict {
    /// [`Pass`] or the failure.
    type Output;
}

impl<B, M, S> SwizzleVerdict for Sw<B, M, S>
where
    B: NonNegative + AbsValue + Shown,
    M: NonNegative + AbsValue + Shown,
    S: AbsValue + Shown,
    <S as AbsValue>::Output: IsGreaterOrEqual<<B as AbsValue>::Output>
        + Add<<M as AbsValue>::Output, Output: Add<<B as AbsValue>::Output, Output: IsLessOrEqual<U63>>>,
    (
        <B as NonNegative>::Output,
        <M as NonNegative>::Output,
        <<S as AbsValue>::Output as IsGreaterOrEqual<<B as AbsValue>::Output>>::Output,
        <Sum<Sum<<S as AbsValue>::Output, <M as AbsValue>::Output>, <B as AbsValue>::Output> as IsLessOrEqual<U63>>::Output,
    ): FirstBroken<B::Out, M::Out, S::Out>,
{
    type Output = <(
        <B as NonNegative>::Output,
        <M as NonNegative>::Output,
        <<S as AbsValue>::Output as IsGreaterOrEqual<<B as AbsValue>::Output>>::Output,
        <Sum<Sum<<S as AbsValue>::Output, <M as AbsValue>::Output>, <B as AbsValue>::Output> as IsLessOrEqual<U63>>::Output,
    ) as FirstBroken<B::Out, M::Out, S::Out>>::Output;
}

/// `B1` for an integer that is not negative.
///
/// ```
/// use cute::swizzle::NonNegative;
/// use cute::typenum::{Bit, N2, P2, Z0};
/// assert!(<P2 as NonNegative>::Output::BOOL && <Z0 as NonNegative>::Output::BOOL);
/// assert!(!<N2 as NonNegative>::Output::BOOL);
/// ```
#[doc(hidden)]
pub trait NonNegative {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl NonNegative for Z0 {
    type Output = B1;
}
impl<U: Unsigned + NonZero> NonNegative for PInt<U> {
    type Output = B1;
}
impl<U: Unsigned + NonZero> NonNegative for NInt<U> {
    type Output = B0;
}

/// The failure of the first rule the bits (`B >= 0`, `M >= 0`, `|S| >= B`, within 63 bits) say
/// is broken, with the shown parameters; [`Pass`] if none is.
///
/// ```
/// use cute::statics::report::{Outcome, Pass};
/// use cute::swizzle::FirstBroken;
/// use cute::typenum::{B0, B1};
/// assert_eq!(<<(B1, B1, B1, B1) as FirstBroken<(), (), ()>>::Output as Outcome>::KIND, None);
/// assert!(<<(B1, B1, B0, B1) as FirstBroken<(), (), ()>>::Output as Outcome>::KIND.is_some());
/// ```
#[doc(hidden)]
pub trait FirstBroken<B, M, S> {
    /// The verdict.
    type Output;
}
impl<B, M, S, X, Y, Z> FirstBroken<B, M, S> for (B0, X, Y, Z) {
    type Output = SwizzleBitsFail<B, M, S>;
}
impl<B, M, S, Y, Z> FirstBroken<B, M, S> for (B1, B0, Y, Z) {
    type Output = SwizzleBaseFail<B, M, S>;
}
impl<B, M, S, Z> FirstBroken<B, M, S> for (B1, B1, B0, Z) {
    type Output = SwizzleShiftFail<B, M, S>;
}
impl<B, M, S> FirstBroken<B, M, S> for (B1, B1, B1, B0) {
    type Output = SwizzleWidthFail<B, M, S>;
}
impl<B, M, S> FirstBroken<B, M, S> for (B1, B1, B1, B1) {
    type Output = Pass;
}

/// A swizzle for elements `N` times wider (CuTe's `upcast<N>`: `M` lowered by `log2(N)`, and
/// below 0 the fields lose their lowest bits), `N` a static power of two. A static [`Sw`] gives
/// a static swizzle, computed by the trait solver; a runtime [`Swizzle`] is cast at run time
/// ([`Swizzle::upcast`]).
///
/// ```
/// use cute::swizzle::{UpcastSwizzle, Sw128B, SW128};
/// use cute::typenum::{P2, P64};
/// assert_eq!(UpcastSwizzle::<P2>::upcast_swizzle(Sw128B::new()).unwrap().to_string(), "Sw<3,3,3>");
/// assert_eq!(UpcastSwizzle::<P64>::upcast_swizzle(Sw128B::new()).unwrap().to_string(), "Sw<1,0,3>");
/// assert_eq!(UpcastSwizzle::<P2>::upcast_swizzle(SW128).unwrap(), SW128.upcast(2).unwrap());
/// ```
#[diagnostic::on_unimplemented(
    message = "no upcast of the swizzle `{Self}` by `{N}`",
    label = "the factor must be a static power of two (typenum's `P2`, `P4`, ...)"
)]
#[doc(hidden)]
pub trait UpcastSwizzle<N>: SwizzleFn {
    /// The swizzle of elements `N` times wider.
    type Output: SwizzleFn;
    /// Upcast.
    fn upcast_swizzle(self) -> Result<Self::Output, SwizzleError>;
}

/// A swizzle for elements `N` times narrower (CuTe's `downcast<N>`: `M` raised by `log2(N)`),
/// `N` a static power of two: static for [`Sw`] (fields past 63 bits are a compile error), at
/// run time for [`Swizzle`] ([`Swizzle::downcast`]).
///
/// ```
/// use cute::swizzle::{DowncastSwizzle, Sw128B, SW128};
/// use cute::typenum::P2;
/// assert_eq!(DowncastSwizzle::<P2>::downcast_swizzle(Sw128B::new()).unwrap().to_string(), "Sw<3,5,3>");
/// assert_eq!(DowncastSwizzle::<P2>::downcast_swizzle(SW128).unwrap(), SW128.downcast(2).unwrap());
/// ```
#[diagnostic::on_unimplemented(
    message = "no downcast of the swizzle `{Self}` by `{N}`",
    label = "the factor must be a static power of two, and the swizzle's fields must stay within 63 bits"
)]
#[doc(hidden)]
pub trait DowncastSwizzle<N>: SwizzleFn {
    /// The swizzle of elements `N` times narrower.
    type Output: SwizzleFn;
    /// Downcast.
    fn downcast_swizzle(self) -> Result<Self::Output, SwizzleError>;
}

impl<U: Unsigned + NonZero + typenum::PowerOfTwo> UpcastSwizzle<PInt<U>> for Swizzle {
    type Output = Swizzle;
    fn upcast_swizzle(self) -> Result<Swizzle, SwizzleError> {
        self.upcast(U::I64)
    }
}
impl<U: Unsigned + NonZero + typenum::PowerOfTwo> DowncastSwizzle<PInt<U>> for Swizzle {
    type Output = Swizzle;
    fn downcast_swizzle(self) -> Result<Swizzle, SwizzleError> {
        self.downcast(U::I64)
    }
}

/// `log2(N)` of a static power of two `PInt<U>`, as a typenum integer.
#[doc(hidden)]
pub trait Log2Int {
    /// `Z0` for 1, else `PInt<log2(N)>`.
    type Output: Integer;
}
impl<U: Unsigned + NonZero + typenum::Logarithm2> Log2Int for PInt<U>
where
    typenum::U1: core::ops::Shl<typenum::Log2<U>>,
    U: typenum::IsEqual<typenum::Shleft<typenum::U1, typenum::Log2<U>>>,
    typenum::Eq<U, typenum::Shleft<typenum::U1, typenum::Log2<U>>>: PowerOfTwoFactor,
    typenum::Log2<U>: ToInt,
    <typenum::Log2<U> as ToInt>::Output: Integer,
{
    type Output = <typenum::Log2<U> as ToInt>::Output;
}

/// `B1` when a cast's factor is a power of two (the compile error otherwise).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the factor of a swizzle's cast is not a power of two",
    label = "a swizzle's M moves by log2 of the factor: 2, 4, 8, ..."
)]
pub trait PowerOfTwoFactor {}
impl PowerOfTwoFactor for B1 {}

/// `M - log2(N)`, the upcast swizzle's base before it is clamped at 0.
type UpBase<M, N> = typenum::Diff<M, <N as Log2Int>::Output>;
/// The upcast swizzle of `Sw<B, M, S>`: `Sw<max(B + min(M - L, 0), 0), max(M - L, 0), S>`.
type UpSw<B, M, S, N> =
    Sw<typenum::Maximum<Sum<B, typenum::Minimum<UpBase<M, N>, Z0>>, Z0>, typenum::Maximum<UpBase<M, N>, Z0>, S>;
impl<B: Integer, M: Integer, S: Integer, N: Log2Int> UpcastSwizzle<N> for Sw<B, M, S>
where
    M: core::ops::Sub<<N as Log2Int>::Output>,
    UpBase<M, N>: typenum::Min<Z0> + typenum::Max<Z0>,
    B: Add<typenum::Minimum<UpBase<M, N>, Z0>>,
    Sum<B, typenum::Minimum<UpBase<M, N>, Z0>>: typenum::Max<Z0>,
    UpSw<B, M, S, N>: SwizzleFn + Default,
{
    type Output = UpSw<B, M, S, N>;
    fn upcast_swizzle(self) -> Result<Self::Output, SwizzleError> {
        Ok(Default::default())
    }
}
impl<B: Integer, M: Integer, S: Integer, N: Log2Int> DowncastSwizzle<N> for Sw<B, M, S>
where
    M: Add<<N as Log2Int>::Output>,
    Sw<B, Sum<M, <N as Log2Int>::Output>, S>: SwizzleFn + Default,
{
    type Output = Sw<B, Sum<M, <N as Log2Int>::Output>, S>;
    fn downcast_swizzle(self) -> Result<Self::Output, SwizzleError> {
        Ok(Default::default())
    }
}
