//! Composed layouts `Sw o offset o L` (CuTe's `ComposedLayout` with a swizzle outside): the
//! offset of coordinate `c` is `Sw(offset + L(c))`. A swizzle is not linear, so it cannot be
//! folded into `L`'s strides; the inner layout `L` defines the domain, and the operations that
//! reshape a layout (slicing, composition with a layout or tiler on the right, the divides and
//! products) apply to it alone, as CuTe's `layout_composed.hpp` does.
//!
//! ```
//! use cute::dynamic::{ComposedLayout, Layout};
//! use cute::swizzle::SW128;
//! let l: Layout = "(8,8):(8,1)".parse().unwrap();
//! let c = ComposedLayout::new(SW128.upcast(16).unwrap(), 0, l);
//! assert_eq!(c.to_string(), "Sw<3,0,3> o 0 o (8,8):(8,1)");
//! // Row 2, column 5 of an 8 x 8 tile of 16-byte chunks: chunk 5 ^ 2 = 7 of row 2.
//! assert_eq!(c.call_coord(&"(2,5)".parse().unwrap()).unwrap(), 2 * 8 + 7);
//! ```

use alloc::format;
use core::fmt;

use super::error::{named, Error, ErrorKind, Result};
use super::layout::{Coord, Layout};
use super::tiler::Tiler;
use crate::arith::within_budget;
use crate::swizzle::{NotMoved, NotThrough, Swizzle, SwizzleError};

/// The most work a pointwise check does (a composed layout's inverse), the layout type's
/// [`MAX_CHECKED`](crate::arith::MAX_CHECKED).
///
/// ```
/// assert_eq!(cute::dynamic::MAX_CHECKED, 1 << 20);
/// ```
pub use crate::arith::MAX_CHECKED;

/// `Sw o offset o L`: a swizzle after a layout and an offset (CuTe's `ComposedLayout`).
///
/// ```
/// use cute::dynamic::{ComposedLayout, Layout};
/// use cute::swizzle::SW32;
/// let c = ComposedLayout::new(SW32, 16, "8:1".parse().unwrap());
/// assert_eq!((c.call(0).unwrap(), c.size().unwrap()), (SW32.apply(16), 8));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ComposedLayout {
    swizzle: Swizzle,
    offset: i64,
    inner: Layout,
}

/// A swizzle error as an error of the dynamic engine, naming the operation.
pub(crate) fn swizzle_error(op: &str, e: SwizzleError) -> Error {
    Error::new(ErrorKind::InvalidSwizzle, format!("{}: {}", op, e))
}

/// The swizzle `Sw<b,m,s>` of runtime parameters (CuTe's `Swizzle<B,M,S>`), or an
/// [`ErrorKind::InvalidSwizzle`] error naming the broken rule.
///
/// ```
/// use cute::dynamic::{make_swizzle, ErrorKind};
/// assert_eq!(make_swizzle(3, 4, 3).unwrap().to_string(), "Sw<3,4,3>");
/// let e = make_swizzle(3, 4, 2).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
/// assert_eq!(e.to_string(), "invalid swizzle: Swizzle<3,_,2>: abs(SShift) must be at least BBits");
/// ```
pub fn make_swizzle(b: i64, m: i64, s: i64) -> Result<Swizzle> {
    let narrow = |v: i64| {
        i32::try_from(v).map_err(|_| {
            Error::new(ErrorKind::InvalidSwizzle, format!("Swizzle<{},{},{}>: parameter {} out of range", b, m, s, v))
        })
    };
    Swizzle::new(narrow(b)?, narrow(m)?, narrow(s)?)
        .map_err(|e| Error::new(ErrorKind::InvalidSwizzle, format!("{}", e)))
}

/// CuTe's `make_swizzle<Y, Z>()`: the swizzle of a YYY and a ZZZ mask ([`Swizzle::make`]).
///
/// ```
/// use cute::dynamic::make_swizzle_masks;
/// assert_eq!(make_swizzle_masks(0b1110000000, 0b1110000).unwrap().to_string(), "Sw<3,4,3>");
/// assert!(make_swizzle_masks(0b11, 0b1).is_err());
/// ```
pub fn make_swizzle_masks(yyy: i64, zzz: i64) -> Result<Swizzle> {
    Swizzle::make(yyy, zzz).map_err(|e| swizzle_error("make_swizzle", e))
}

/// CuTe's `composition(Swizzle, Swizzle)` for two swizzles of the same shift (the XOR of their
/// masks, [`Swizzle::compose`]); different shifts are an [`ErrorKind::InvalidSwizzle`] error.
///
/// ```
/// use cute::dynamic::compose_swizzles;
/// use cute::swizzle::{Swizzle, SW32, SW128};
/// assert_eq!(compose_swizzles(SW32, SW128).unwrap().to_string(), "Sw<2,5,3>");
/// let e = compose_swizzles(SW32, Swizzle::new(1, 4, 2).unwrap()).unwrap_err();
/// assert!(e.to_string().contains("shifts 3 and 2 differ"));
/// ```
pub fn compose_swizzles(a: Swizzle, b: Swizzle) -> Result<Swizzle> {
    a.compose(b).map_err(|e| swizzle_error("composition", e))
}

impl ComposedLayout {
    /// `swizzle o offset o inner` (CuTe's `make_composed_layout`).
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let c = ComposedLayout::new(cute::swizzle::SW64, 0, "(4,16):(16,1)".parse().unwrap());
    /// assert_eq!(c.inner().to_string(), "(4,16):(16,1)");
    /// ```
    pub fn new(swizzle: Swizzle, offset: i64, inner: Layout) -> ComposedLayout {
        ComposedLayout { swizzle, offset, inner }
    }

    /// The swizzle, applied last.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let c = ComposedLayout::new(cute::swizzle::SW64, 0, "8:1".parse().unwrap());
    /// assert_eq!(c.swizzle(), cute::swizzle::SW64);
    /// ```
    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }

    /// The offset added to the inner layout's before the swizzle.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// assert_eq!(ComposedLayout::new(cute::swizzle::SW64, 7, "8:1".parse().unwrap()).offset(), 7);
    /// ```
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// The inner layout, which defines the domain (shape, size, rank).
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// assert_eq!(ComposedLayout::new(cute::swizzle::SW64, 0, "8:1".parse().unwrap()).inner().to_string(), "8:1");
    /// ```
    pub fn inner(&self) -> &Layout {
        &self.inner
    }

    /// The size of the domain, the inner layout's.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// assert_eq!(ComposedLayout::new(cute::swizzle::SW64, 0, "(4,8):(8,1)".parse().unwrap()).size().unwrap(), 32);
    /// ```
    pub fn size(&self) -> Result<i64> {
        self.inner.size()
    }

    /// The number of modes, the inner layout's.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// assert_eq!(ComposedLayout::new(cute::swizzle::SW64, 0, "(4,8):(8,1)".parse().unwrap()).rank(), 2);
    /// ```
    pub fn rank(&self) -> usize {
        self.inner.rank()
    }

    /// `Sw(offset + L(index))`, for an index of the domain.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let c = ComposedLayout::new(cute::swizzle::SW128, 0, "1024:1".parse().unwrap());
    /// assert_eq!(c.call(128 + 16).unwrap(), 128 + 16 * 0);
    /// ```
    pub fn call(&self, index: i64) -> Result<i64> {
        self.outer(self.inner.call(index)?)
    }

    /// `Sw(offset + L(coord))`, for a natural coordinate.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let c = ComposedLayout::new(cute::swizzle::SW128, 0, "(8,128):(128,1)".parse().unwrap());
    /// assert_eq!(c.call_coord(&"(3,80)".parse().unwrap()).unwrap(), 3 * 128 + 96);
    /// ```
    pub fn call_coord(&self, coord: &super::IntTuple) -> Result<i64> {
        self.outer(self.inner.call_coord(coord)?)
    }

    /// The swizzle after the offset.
    fn outer(&self, inner: i64) -> Result<i64> {
        let x = inner.checked_add(self.offset).ok_or_else(|| {
            Error::new(ErrorKind::Overflow, format!("{} + {} overflows in {}", self.offset, inner, self))
        })?;
        Ok(self.swizzle.apply(x))
    }

    /// The slice and its offset (CuTe's `slice_and_offset` of a composed layout): the inner
    /// layout is sliced, and the offset of the fixed coordinates moves into the middle, since
    /// the swizzle must see it; the offset outside is 0.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let c = ComposedLayout::new(cute::swizzle::SW128, 0, "(8,128):(128,1)".parse().unwrap());
    /// let (row, off) = c.slice_and_offset(&"(3,_)".parse().unwrap()).unwrap();
    /// assert_eq!((row.to_string(), off), ("Sw<3,4,3> o 384 o (128):(1)".to_string(), 0));
    /// assert_eq!(row.call(80).unwrap(), c.call_coord(&"(3,80)".parse().unwrap()).unwrap());
    /// ```
    pub fn slice_and_offset(&self, coord: &Coord) -> Result<(ComposedLayout, i64)> {
        let (slice, offset) = self.inner.slice_and_offset(coord)?;
        let offset = self.offset.checked_add(offset).ok_or_else(|| {
            Error::new(ErrorKind::Overflow, format!("slice of {}: offset {} + {} overflows", self, self.offset, offset))
        })?;
        Ok((ComposedLayout { swizzle: self.swizzle, offset, inner: slice }, 0))
    }

    /// The same swizzle and offset over `f` of the inner layout: how the operations that
    /// reshape the domain apply to a composed layout.
    ///
    /// ```
    /// use cute::dynamic::{zipped_divide, ComposedLayout};
    /// let c = ComposedLayout::new(cute::swizzle::SW64, 0, "(8,64):(64,1)".parse().unwrap());
    /// let d = c.map_inner(|l| zipped_divide(l, &"(4,16)".parse().unwrap())).unwrap();
    /// assert_eq!(d.to_string(), "Sw<2,4,3> o 0 o ((4,16),(2,4)):((64,1),(256,16))");
    /// ```
    pub fn map_inner(&self, f: impl FnOnce(&Layout) -> Result<Layout>) -> Result<ComposedLayout> {
        Ok(ComposedLayout { swizzle: self.swizzle, offset: self.offset, inner: f(&self.inner)? })
    }

    /// `(Sw o offset o L) o tiler = Sw o offset o (L o tiler)` (CuTe's composition with a layout
    /// or tiler on the right).
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let c = ComposedLayout::new(cute::swizzle::SW128, 0, "(8,128):(128,1)".parse().unwrap());
    /// let t = c.composition(&"<2:4,16:8>".parse().unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "Sw<3,4,3> o 0 o (2,16):(512,8)");
    /// ```
    pub fn composition(&self, tiler: &Tiler) -> Result<ComposedLayout> {
        named!(self.map_inner(|l| super::composition_tiler(l, tiler)), "composition {} o {}", self, tiler)
    }

    /// CuTe's `right_inverse` of a composed layout of offset 0: `right_inverse(L) o Sw`, the
    /// swizzle moved through the inverse to the outside, `Sw' o 0 o right_inverse(L)` with
    /// `Sw' = make_swizzle(R(yyy), R(zzz))` (CuTe's `composition(Layout, Swizzle)`).
    ///
    /// CuTe says this "works in simple cases"; here it is checked: `R(Sw(i)) == Sw'(R(i))` for
    /// every index of `R`'s domain, and `Sw` must keep that domain. A swizzle that does not
    /// move through, a nonzero offset (whose inverse is not a composed layout of this form), or
    /// a check of more than [`MAX_CHECKED`] leaf evaluations are errors naming the condition.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let c = ComposedLayout::new(cute::swizzle::SW128.upcast(16).unwrap(), 0, "(8,8):(8,1)".parse().unwrap());
    /// let r = c.right_inverse().unwrap();
    /// // The inverse of the row-major tile is a transpose: the swizzle's fields swap roles.
    /// assert_eq!(r.to_string(), "Sw<3,0,-3> o 0 o (8,8):(8,1)");
    /// assert!((0..64).all(|i| c.call(r.call(i).unwrap()).unwrap() == i));
    /// ```
    pub fn right_inverse(&self) -> Result<ComposedLayout> {
        let r = super::right_inverse(&self.inner).and_then(|inv| self.inverse("right_inverse", inv));
        named!(r, "right_inverse({})", self)
    }

    /// CuTe's `left_inverse` of a composed layout of offset 0: `left_inverse(L) o Sw`, checked
    /// as [`right_inverse`](Self::right_inverse) is.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// // 8 rows of 4 16-byte chunks, 64-byte swizzled.
    /// let c = ComposedLayout::new(cute::swizzle::SW64.upcast(16).unwrap(), 0, "(8,4):(4,1)".parse().unwrap());
    /// let l = c.left_inverse().unwrap();
    /// assert!((0..32).all(|i| l.call(c.call(i).unwrap()).unwrap() == i));
    /// ```
    pub fn left_inverse(&self) -> Result<ComposedLayout> {
        let r = super::left_inverse(&self.inner).and_then(|inv| self.inverse("left_inverse", inv));
        named!(r, "left_inverse({})", self)
    }

    /// `inv o Sw` as `Sw' o 0 o inv`, checked on `inv`'s whole domain.
    fn inverse(&self, op: &str, inv: Layout) -> Result<ComposedLayout> {
        let fail =
            |why: alloc::string::String| Error::new(ErrorKind::InvalidSwizzle, format!("{} of {}: {}", op, self, why));
        if self.offset != 0 {
            // Negated in i128: -i64::MIN is past i64, not past i128.
            #[allow(clippy::arithmetic_side_effects)]
            let negated = -i128::from(self.offset);
            return Err(fail(format!(
                "offset {} is not 0 (the inverse would be {}(L) o {} o {}, not a swizzle after a layout)",
                self.offset, op, negated, self.swizzle
            )));
        }
        let n = inv.size()?;
        let leaves = inv.shape().leaf_count().saturating_add(self.inner.shape().leaf_count());
        if !within_budget(n, leaves) {
            return Err(fail(format!(
                "{} elements of {} leaves to check, more than {} evaluations",
                n, leaves, MAX_CHECKED
            )));
        }
        let sw = self.swizzle;
        if sw.is_identity() {
            return Ok(ComposedLayout { swizzle: sw, offset: 0, inner: inv });
        }
        let moved = sw.moved_through(n, |x| inv.call(x)).map_err(|e| match e {
            NotMoved::MaskOutside => fail(format!("{} does not keep [0,{})", sw, n)),
            NotMoved::Make(e) => fail(format!("{} does not move through {}: {}", sw, inv, e)),
            NotMoved::Outside(i) | NotMoved::At(i) => {
                fail(format!("{} does not move through {} at index {}", sw, inv, i))
            }
            NotMoved::Eval(e) => e,
        })?;
        Ok(ComposedLayout { swizzle: moved, offset: 0, inner: inv })
    }

    /// CuTe's `upcast<N>`: elements `n` times wider: the swizzle's `M` lowered by `log2(n)`, the
    /// offset divided by `n` (it must divide), the inner layout upcast.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let bytes = ComposedLayout::new(cute::swizzle::SW128, 0, "(8,128):(128,1)".parse().unwrap());
    /// assert_eq!(bytes.upcast(16).unwrap().to_string(), "Sw<3,0,3> o 0 o (8,8):(8,1)");
    /// ```
    pub fn upcast(&self, n: i64) -> Result<ComposedLayout> {
        let swizzle = self.swizzle.upcast(n).map_err(|e| swizzle_error("upcast", e))?;
        // n is a positive power of two (the swizzle's upcast checked it), so neither overflows.
        let offset = match (self.offset.checked_rem(n), self.offset.checked_div(n)) {
            (Some(0), Some(q)) => q,
            _ => {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    format!("upcast<{}> of {}: offset {} is not a multiple of {}", n, self, self.offset, n),
                ))
            }
        };
        let inner = named!(super::upcast(n, &self.inner), "upcast<{}>({})", n, self)?;
        Ok(ComposedLayout { swizzle, offset, inner })
    }

    /// CuTe's `downcast<N>`: elements `n` times narrower: the swizzle's `M` raised by
    /// `log2(n)`, the offset multiplied by `n`, the inner layout downcast.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let chunks = ComposedLayout::new(cute::swizzle::SW128.upcast(16).unwrap(), 0, "(8,8):(8,1)".parse().unwrap());
    /// assert_eq!(chunks.downcast(16).unwrap().to_string(), "Sw<3,4,3> o 0 o (8,128):(128,1)");
    /// ```
    pub fn downcast(&self, n: i64) -> Result<ComposedLayout> {
        let swizzle = self.swizzle.downcast(n).map_err(|e| swizzle_error("downcast", e))?;
        let offset = self
            .offset
            .checked_mul(n)
            .ok_or_else(|| Error::new(ErrorKind::Overflow, format!("downcast<{}> of {}: offset overflows", n, self)))?;
        let inner = named!(super::downcast(n, &self.inner), "downcast<{}>({})", n, self)?;
        Ok(ComposedLayout { swizzle, offset, inner })
    }

    /// CuTe's `max_common_vector` of a swizzled layout and a plain one: the common vector of the
    /// inner layout and `other`, at most `2^M` (the run the swizzle leaves in place).
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// let c = ComposedLayout::new(cute::swizzle::SW128, 0, "(8,128):(128,1)".parse().unwrap());
    /// assert_eq!(c.max_common_vector(&"(8,128):(128,1)".parse().unwrap()).unwrap(), 16);
    /// ```
    pub fn max_common_vector(&self, other: &Layout) -> Result<i64> {
        let v = named!(super::max_common_vector(&self.inner, other), "max_common_vector({}, {})", self, other)?;
        Ok(self.swizzle.cap_at_base(v))
    }

    /// CuTe's `max_common_vector` of two swizzled layouts: that of the inner layouts when the
    /// swizzles are equal, else at most `2^M` of each.
    ///
    /// ```
    /// use cute::dynamic::ComposedLayout;
    /// use cute::swizzle::{SW32, SW128};
    /// let l = "(8,128):(128,1)";
    /// let a = ComposedLayout::new(SW128, 0, l.parse().unwrap());
    /// assert_eq!(a.max_common_vector_composed(&a).unwrap(), 1024);
    /// let b = ComposedLayout::new(SW32.downcast(2).unwrap(), 0, l.parse().unwrap());
    /// assert_eq!(a.max_common_vector_composed(&b).unwrap(), 16);
    /// ```
    pub fn max_common_vector_composed(&self, other: &ComposedLayout) -> Result<i64> {
        let v = named!(super::max_common_vector(&self.inner, &other.inner), "max_common_vector({}, {})", self, other)?;
        if self.swizzle == other.swizzle {
            Ok(v)
        } else {
            Ok(other.swizzle.cap_at_base(self.swizzle.cap_at_base(v)))
        }
    }
}

/// CuTe's `composition(Swizzle, Layout)`: `Sw o 0 o L`.
///
/// ```
/// use cute::dynamic::composition_swizzle;
/// let c = composition_swizzle(cute::swizzle::SW128, &"(8,8):(8,1)".parse().unwrap());
/// assert_eq!(c.to_string(), "Sw<3,4,3> o 0 o (8,8):(8,1)");
/// ```
pub fn composition_swizzle(swizzle: Swizzle, layout: &Layout) -> ComposedLayout {
    ComposedLayout { swizzle, offset: 0, inner: layout.clone() }
}

/// CuTe's `composition(Layout, Swizzle)`, `A o Sw`: the swizzle moved to the outside,
/// `Sw' o 0 o A`, where `Sw'` is the swizzle of `A`'s values at `Sw`'s two masks (CuTe's
/// `make_swizzle<A(yyy), A(zzz)>`).
///
/// CuTe says this "works in simple cases" (an `A` that maps the swizzle's bits to bits); here
/// it is checked: `Sw'(A(i)) == A(Sw(i))` at every index of `A`'s domain (`A` evaluated on its
/// extended domain, as composition does), else an error of kind
/// [`InvalidSwizzle`](ErrorKind::InvalidSwizzle) naming the index, as when `A`'s values at the
/// masks are no swizzle's or the check would take more than [`MAX_CHECKED`] evaluations.
///
/// ```
/// use cute::dynamic::{composition_with_swizzle, Layout};
/// use cute::swizzle::Swizzle;
/// // A row-major 8 x 8 tile after Sw<3,0,3>: the fields swap roles, so the shift turns.
/// let a: Layout = "(8,8):(8,1)".parse().unwrap();
/// let r = composition_with_swizzle(&a, Swizzle::new(3, 0, 3).unwrap()).unwrap();
/// assert_eq!(r.to_string(), "Sw<3,0,-3> o 0 o (8,8):(8,1)");
/// assert_eq!(composition_with_swizzle(&"8:2".parse().unwrap(), Swizzle::new(1, 0, 1).unwrap()).unwrap().to_string(), "Sw<1,1,1> o 0 o 8:2");
/// // Stride 3 maps the masks 2 and 1 to 6 and 3, which no swizzle has.
/// let e = composition_with_swizzle(&"8:3".parse().unwrap(), Swizzle::new(1, 0, 1).unwrap()).unwrap_err();
/// assert_eq!(e.kind(), cute::dynamic::ErrorKind::InvalidSwizzle);
/// ```
pub fn composition_with_swizzle(a: &Layout, sw: Swizzle) -> Result<ComposedLayout> {
    let moved = sw.through_layout((a.leaf_shapes(), a.leaf_strides()), None).map_err(|why| not_through(a, &sw, why))?;
    Ok(ComposedLayout { swizzle: moved, offset: 0, inner: a.clone() })
}

/// CuTe's `composition(Layout, ComposedLayout)`, `A o (Sw o 0 o B)`: `Sw' o 0 o (A o B)` with
/// `Sw'` of [`composition_with_swizzle`], checked at every index of `B`'s domain:
/// `Sw'((A o B)(i)) == A(Sw(B(i)))`. CuTe requires the offset to be 0 (a nonzero offset moves
/// through `A` only where `A` is linear), here an error of kind
/// [`InvalidSwizzle`](ErrorKind::InvalidSwizzle), as are the conditions of
/// [`composition_with_swizzle`]; the composition's own are those of [`composition`](super::composition).
///
/// ```
/// use cute::dynamic::{composition_with_composed, ComposedLayout, Layout};
/// use cute::swizzle::Swizzle;
/// let b = ComposedLayout::new(Swizzle::new(2, 0, 2).unwrap(), 0, "(4,4):(4,1)".parse().unwrap());
/// let r = composition_with_composed(&"16:2".parse().unwrap(), &b).unwrap();
/// assert_eq!(r.to_string(), "Sw<2,1,2> o 0 o (4,4):(8,2)");
/// ```
pub fn composition_with_composed(a: &Layout, b: &ComposedLayout) -> Result<ComposedLayout> {
    if b.offset != 0 {
        return Err(not_through(a, b, NotThrough::Offset(b.offset)));
    }
    let inner = named!(super::composition(a, &b.inner), "composition {} o {}", a, b)?;
    fn flat(l: &Layout) -> (&[i64], &[i64]) {
        (l.leaf_shapes(), l.leaf_strides())
    }
    let moved = b.swizzle.through_layout(flat(a), Some((flat(&b.inner), flat(&inner))));
    Ok(ComposedLayout { swizzle: moved.map_err(|why| not_through(a, &b.swizzle, why))?, offset: 0, inner })
}

/// The error of `composition(A, B)`, B a swizzle or a swizzled layout, that `why` names (the
/// swizzle alone where it does not move through A).
fn not_through(a: &Layout, b: &dyn fmt::Display, why: NotThrough) -> Error {
    let kind = if let NotThrough::Overflow(_) = why { ErrorKind::Overflow } else { ErrorKind::InvalidSwizzle };
    Error::new(kind, format!("composition({}, {}): {}", a, b, why))
}

/// CuTe DSL's notation, `Sw<B,M,S> o OFFSET o LAYOUT`.
impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.inner)
    }
}
