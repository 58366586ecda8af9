//! The conditions of the static operations, evaluated at compile time by the same `const fn`s
//! as the dynamic engine (`flat`). A violated condition fails compilation with a
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
use crate::error::headline;
pub(crate) use crate::error::{msg, Message};
use crate::flat::{self, LeafInfo, Violation};

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
    o.describe(msg("overflow: "))
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

/// The message of a violated condition of `A o B`: the dynamic engine's words, with the leaves
/// of A and B.
const fn fail(v: Violation, a: &FlatLayout, b: &FlatLayout) -> Message {
    let m = headline(v.kind(), "composition ").layout(&a.shape, &a.stride).s(" o ").layout(&b.shape, &b.stride);
    v.describe(m.s(": "))
}

/// Check `A o B` for the flat layouts `a` and `b`, and (given a `result`) that the trait
/// solver's result is the one the shared algorithm computes. `strict_leaves` is the number of
/// leading leaves of B that must agree with A everywhere; the others only below `bound`.
// In range (and evaluated only in constants, `Check::RESULT`): k < sb.len <= MAX_LEAVES,
// i < width < MAX_LEAVES, so k * width + i and sb.len * width stay below MAX_LEAVES^2, the
// length of `digits`; rs.len and rd.len, equal, are below MAX_LEAVES before each `+= 1`.
#[allow(clippy::arithmetic_side_effects)]
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
    let width = a_len.saturating_sub(1);
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
            Err(v) => return Err(fail(v, a, b)),
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
    if let Err(v) = flat::check_disjoint(
        a_shape,
        digits.split_at(sb.len * width).0,
        infos.split_at(sb.len).0,
        exempt,
        &mut [flat::ModeSums::ZERO; MAX_LEAVES],
    ) {
        return Err(fail(v, a, b));
    }
    match result {
        Some(r) if !same(&rs, &r.shape) || !same(&rd, &r.stride) => disagree("composition"),
        _ => Ok(()),
    }
}

/// Two flat tuples with the same leaves.
// In range: `i += 1` under `i < a.len`.
#[allow(clippy::arithmetic_side_effects)]
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
// In range: `i += 1` under `i < n`.
#[allow(clippy::arithmetic_side_effects)]
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
// In range: `i += 1` under `i < v.len`.
#[allow(clippy::arithmetic_side_effects)]
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
