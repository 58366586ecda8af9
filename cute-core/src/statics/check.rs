//! The conditions of the static operations, evaluated at compile time by the same `const fn`s
//! as the dynamic engine ([`crate::flat`]). A violated condition fails compilation with a
//! message that names it and gives the values in decimal.
//!
//! Each check is a `const fn` returning `Result<(), Message>` ([`Checked`]); the traits of the
//! operations combine the results of their parts (the first error wins) without panicking.
//! Nothing panics but [`Verify::OK`], in its own initializer, and each public function evaluates
//! that one constant. So rustc reports the message, one note at the function and one at the
//! caller's call, and no chain of constants or `const fn` frames.

use core::marker::PhantomData;

use super::leaves::{FlatLayout, Leaves, MAX_LEAVES};
use crate::arith::Overflow;
use crate::flat::{self, LeafInfo, Violation};

/// Room for a message: a flat layout of 64 modes of two 20-digit numbers in CuTe notation, and
/// the words around it.
const CAPACITY: usize = 64 * 2 * 21 + 8 + 504;

/// The message of a violated condition, built in `const` evaluation without allocating: chain
/// [`Message::s`] (text), [`Message::i`] and [`Message::u`] (decimal numbers) and
/// [`Message::layout`] (a flat layout in CuTe notation). Text beyond the capacity is dropped.
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
    const fn put(&mut self, b: u8) {
        if self.len < CAPACITY {
            self.buf[self.len] = b;
            self.len += 1;
        }
    }

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

    /// A flat tuple `(a,b,...)`, or its only value when `leaf`.
    const fn put_tuple(&mut self, v: &Leaves, leaf: bool) {
        if leaf {
            self.put_i64(v.vals[0]);
            return;
        }
        self.put(b'(');
        let mut i = 0;
        while i < v.len {
            if i > 0 {
                self.put(b',');
            }
            self.put_i64(v.vals[i]);
            i += 1;
        }
        self.put(b')');
    }

    /// Append `text`.
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
        self.put_u64(v as u64);
        self
    }

    /// Append the flat layout `s:d` in CuTe notation (a single mode as an integral layout).
    pub(crate) const fn layout(mut self, s: &Leaves, d: &Leaves) -> Message {
        let leaf = s.len == 1;
        self.put_tuple(s, leaf);
        self.put(b':');
        self.put_tuple(d, leaf);
        self
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

/// The outcome of a compile-time check: `Ok`, or the message of the first violated condition.
pub type Checked = Result<(), Message>;

/// Continue with the value of `Ok`, or return the `Err` (the `?` of `const fn`s).
macro_rules! attempt {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(m) => return Err(m),
        }
    };
}
pub(crate) use attempt;

/// `a`, then `b`: the first error wins.
pub(crate) const fn both(a: Checked, b: Checked) -> Checked {
    match a {
        Ok(()) => b,
        Err(m) => Err(m),
    }
}

/// The message of an `i64` overflow.
pub(crate) const fn overflow(o: Overflow) -> Message {
    msg("overflow: ").i(o.lhs).s(" ").s(o.op).s(" ").i(o.rhs).s(" does not fit in i64")
}

/// An internal error: the trait solver's result for `what` is not the shared algorithm's.
pub(crate) const fn disagree(what: &str) -> Checked {
    Err(msg("internal error: the static ").s(what).s(" disagrees with the shared algorithm"))
}

/// A compile-time check of a static operation on given types.
pub trait Check {
    /// `Ok`, or the message of the first violated condition.
    const RESULT: Checked;
}

/// The one constant that fails compilation: evaluating `Verify::<C>::OK` panics with the
/// message of `C`'s check. Every public static function evaluates it (and nothing else that
/// can fail), so the error is reported once, at the function and its caller.
pub struct Verify<C>(PhantomData<C>);

impl<C: Check> Verify<C> {
    /// `()`, or a compile error with the check's message.
    pub const OK: () = match C::RESULT {
        Ok(()) => (),
        Err(m) => violated(&m),
    };
}

/// Panic with `m`. `#[track_caller]`: rustc reports the error at the call in [`Verify::OK`]
/// and shows neither this frame nor the expansion of `panic!`.
#[track_caller]
const fn violated(m: &Message) -> ! {
    panic!("{}", m.as_str())
}

/// The message of a violated condition of `A o B` for the leaf `n:r`.
const fn fail(v: Violation, n: i64, r: i64, a: &Leaves, ad: &Leaves) -> Message {
    match v {
        Violation::StrideDivisibility { stride, shape } | Violation::StrideNotDivisor { stride, shape } => {
            msg("stride divisibility: composition with the leaf ")
                .i(n)
                .s(":")
                .i(r)
                .s(" of B: stride ")
                .i(stride)
                .s(" does not divide shape ")
                .i(shape)
                .s(" of A = ")
                .layout(a, ad)
        }
        Violation::StrideNotMultiple { stride, shape } => msg("stride divisibility: composition with the leaf ")
            .i(n)
            .s(":")
            .i(r)
            .s(" of B: stride ")
            .i(stride)
            .s(" is not a multiple of shape ")
            .i(shape)
            .s(" of A = ")
            .layout(a, ad),
        Violation::ShapeDivisibility { rest, part } => msg("shape divisibility: composition with the leaf ")
            .i(n)
            .s(":")
            .i(r)
            .s(" of B: shape ")
            .i(rest)
            .s(" is not divisible by ")
            .i(part)
            .s(" (A = ")
            .layout(a, ad)
            .s(")"),
        Violation::ModeOverlap { mode, shape } => msg("mode overlap: the modes of B overlap in mode ")
            .u(mode)
            .s(" (shape ")
            .i(shape)
            .s(") of A = ")
            .layout(a, ad)
            .s(", so A o B is not a layout"),
        Violation::MixedSigns => msg(
            "mode overlap: modes of B with strides of both signs meet in several modes of A, so A o B is not a layout",
        ),
        Violation::Overflow(o) => overflow(o),
    }
}

/// Check `A o B` for the flat layouts `a` and `b`, and (given a `result`) that the trait
/// solver's result is the one the shared algorithm computes. `strict_leaves` is the number of
/// leading leaves of B that must agree with A everywhere; the others only below `bound`.
pub(crate) const fn composition(
    a: &FlatLayout,
    b: &FlatLayout,
    result: Option<&FlatLayout>,
    bound: Option<i64>,
    strict_leaves: usize,
) -> Checked {
    let (sa, da, sb, db) = (&a.shape, &a.stride, &b.shape, &b.stride);
    let (mut cs, mut cd) = (Leaves::EMPTY, Leaves::EMPTY);
    let a_len = match flat::coalesce(sa.as_slice(), da.as_slice(), true, &mut cs.vals, &mut cd.vals) {
        Ok(n) => n,
        Err(o) => return Err(overflow(o)),
    };
    cs.len = a_len;
    cd.len = a_len;
    let a_shape = cs.vals.split_at(a_len).0;
    let a_stride = cd.vals.split_at(a_len).0;
    let exempt = flat::first_exempt(a_shape, bound);
    let width = if a_len > 0 { a_len - 1 } else { 0 };
    let mut digits = [0i64; MAX_LEAVES * MAX_LEAVES];
    let mut infos = [LeafInfo { n: 1, sign: 0, top: 0, strict: true }; MAX_LEAVES];
    let (mut rs, mut rd) = (Leaves::EMPTY, Leaves::EMPTY);
    let mut k = 0;
    while k < sb.len {
        let (n, r) = (sb.vals[k], db.vals[k]);
        let strict = bound.is_none() || k < strict_leaves;
        let (mut ls, mut ld, mut g) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        let leaf = match flat::compose_leaf(
            a_shape,
            a_stride,
            n,
            r,
            if strict { usize::MAX } else { exempt },
            &mut ls,
            &mut ld,
            &mut g,
        ) {
            Ok(l) => l,
            Err(v) => return Err(fail(v, n, r, &cs, &cd)),
        };
        infos[k] = LeafInfo { n, sign: leaf.sign, top: leaf.top, strict };
        let mut i = 0;
        while i < width {
            digits[k * width + i] = g[i];
            i += 1;
        }
        let mut j = 0;
        while j < leaf.len {
            if rs.len >= MAX_LEAVES {
                return Err(msg("a static composition has more than 64 leaves"));
            }
            rs.vals[rs.len] = ls[j];
            rd.vals[rd.len] = ld[j];
            rs.len += 1;
            rd.len += 1;
            j += 1;
        }
        k += 1;
    }
    if let Err(v) = flat::check_disjoint(a_shape, digits.split_at(sb.len * width).0, infos.split_at(sb.len).0, exempt) {
        return Err(fail(v, 0, 0, &cs, &cd));
    }
    match result {
        Some(r) if !same(&rs, &r.shape) || !same(&rd, &r.stride) => disagree("composition"),
        _ => Ok(()),
    }
}

/// Two flat tuples with the same leaves.
pub(crate) const fn same(a: &Leaves, b: &Leaves) -> bool {
    if a.len != b.len {
        return false;
    }
    let mut i = 0;
    while i < a.len {
        if a.vals[i] != b.vals[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// True when the first `n` modes of `shape:stride` are the leaves of `r`.
pub(crate) const fn same_prefix(shape: &[i64], stride: &[i64], n: usize, r: &FlatLayout) -> bool {
    if r.shape.len != n || r.stride.len != n {
        return false;
    }
    let mut i = 0;
    while i < n {
        if shape[i] != r.shape.vals[i] || stride[i] != r.stride.vals[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The product of the leaves, or the message of an overflow.
pub(crate) const fn product(v: &Leaves) -> Result<i64, Message> {
    let mut p = 1i64;
    let mut i = 0;
    while i < v.len {
        p = match p.checked_mul(v.vals[i]) {
            Some(x) => x,
            None => return Err(msg("the size of a static shape does not fit in i64")),
        };
        i += 1;
    }
    Ok(p)
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

    #[test]
    fn the_first_error_wins() {
        assert!(both(Ok(()), Ok(())).is_ok());
        assert_eq!(both(Err(msg("a")), Err(msg("b"))).unwrap_err().as_str(), "a");
        assert_eq!(both(Ok(()), Err(msg("b"))).unwrap_err().as_str(), "b");
        assert_eq!(
            disagree("x").unwrap_err().as_str(),
            "internal error: the static x disagrees with the shared algorithm"
        );
    }
}
