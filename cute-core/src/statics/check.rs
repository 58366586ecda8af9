//! The conditions of the static operations, evaluated at compile time by the same `const fn`s
//! as the dynamic engine ([`crate::flat`]). A violated condition fails compilation with a
//! message that names it and gives the values in decimal.

use const_panic::concat_panic;

use super::leaves::{FlatLayout, Leaves, MAX_LEAVES};
use crate::flat::{self, LeafInfo, Violation};

/// Room for a flat layout in CuTe notation: 64 modes of two 20-digit numbers.
const TEXT: usize = 64 * 2 * 21 + 8;

/// Write `n` in decimal at `pos`.
const fn put_int(buf: &mut [u8; TEXT], mut pos: usize, n: i64) -> usize {
    let mut digits = [0u8; 20];
    let mut len = 0;
    let mut m = n.unsigned_abs();
    loop {
        digits[len] = b'0' + (m % 10) as u8;
        len += 1;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if n < 0 {
        buf[pos] = b'-';
        pos += 1;
    }
    while len > 0 {
        len -= 1;
        buf[pos] = digits[len];
        pos += 1;
    }
    pos
}

/// Write a flat tuple `(a,b,...)` (an integer alone when `leaf`) at `pos`.
const fn put_tuple(buf: &mut [u8; TEXT], mut pos: usize, v: &Leaves, leaf: bool) -> usize {
    if leaf {
        return put_int(buf, pos, v.vals[0]);
    }
    buf[pos] = b'(';
    pos += 1;
    let mut i = 0;
    while i < v.len {
        if i > 0 {
            buf[pos] = b',';
            pos += 1;
        }
        pos = put_int(buf, pos, v.vals[i]);
        i += 1;
    }
    buf[pos] = b')';
    pos + 1
}

/// The flat layout `s:d` in CuTe notation (a single mode as an integral layout).
pub(crate) struct Text {
    buf: [u8; TEXT],
    len: usize,
}

impl Text {
    pub(crate) const fn layout(s: &Leaves, d: &Leaves) -> Text {
        let mut buf = [0u8; TEXT];
        let leaf = s.len == 1;
        let mut pos = put_tuple(&mut buf, 0, s, leaf);
        buf[pos] = b':';
        pos += 1;
        pos = put_tuple(&mut buf, pos, d, leaf);
        Text { buf, len: pos }
    }

    pub(crate) const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(s) => s,
            Err(_) => "?",
        }
    }
}

/// Fail compilation with the message of a violated condition of `A o B` for the leaf `n:r`.
const fn fail(v: Violation, n: i64, r: i64, a: &Leaves, ad: &Leaves) -> ! {
    let text = Text::layout(a, ad);
    let a = text.as_str();
    match v {
        Violation::StrideDivisibility { stride, shape } | Violation::StrideNotDivisor { stride, shape } => {
            concat_panic!(
                "stride divisibility: composition with the leaf ",
                n,
                ":",
                r,
                " of B: stride ",
                stride,
                " does not divide shape ",
                shape,
                " of A = ",
                display: a
            )
        }
        Violation::StrideNotMultiple { stride, shape } => concat_panic!(
            "stride divisibility: composition with the leaf ",
            n,
            ":",
            r,
            " of B: stride ",
            stride,
            " is not a multiple of shape ",
            shape,
            " of A = ",
            display: a
        ),
        Violation::ShapeDivisibility { rest, part } => concat_panic!(
            "shape divisibility: composition with the leaf ",
            n,
            ":",
            r,
            " of B: shape ",
            rest,
            " is not divisible by ",
            part,
            " (A = ",
            display: a,
            ")"
        ),
        Violation::ModeOverlap { mode, shape } => concat_panic!(
            "mode overlap: the modes of B overlap in mode ",
            mode,
            " (shape ",
            shape,
            ") of A = ",
            display: a,
            ", so A o B is not a layout"
        ),
        Violation::MixedSigns => concat_panic!(
            "mode overlap: modes of B with strides of both signs meet in several modes of A, so A o B is not a layout"
        ),
        Violation::Overflow(o) => concat_panic!("overflow: ", o.lhs, " ", o.op, " ", o.rhs, " does not fit in i64"),
    }
}

/// Check `A o B` for the flat layouts `a` and `b`, and that the trait solver's result is the one
/// the shared algorithm computes. `strict_leaves` is the number of
/// leading leaves of B that must agree with A everywhere; the others only below `bound`.
pub const fn composition(
    a: &FlatLayout,
    b: &FlatLayout,
    result: &FlatLayout,
    bound: Option<i64>,
    strict_leaves: usize,
) {
    let (sa, da, sb, db, sr, dr) = (&a.shape, &a.stride, &b.shape, &b.stride, &result.shape, &result.stride);
    let (mut cs, mut cd) = (Leaves::EMPTY, Leaves::EMPTY);
    let a_len = match flat::coalesce(
        sa.vals.split_at(sa.len).0,
        da.vals.split_at(da.len).0,
        true,
        &mut cs.vals,
        &mut cd.vals,
    ) {
        Ok(n) => n,
        Err(o) => concat_panic!("overflow: ", o.lhs, " ", o.op, " ", o.rhs, " does not fit in i64"),
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
            Err(v) => fail(v, n, r, &cs, &cd),
        };
        infos[k] = LeafInfo { n, sign: leaf.sign, top: leaf.top, strict };
        let mut i = 0;
        while i < width {
            digits[k * width + i] = g[i];
            i += 1;
        }
        let mut j = 0;
        while j < leaf.len {
            assert!(rs.len < MAX_LEAVES, "a static composition has more than 64 leaves");
            rs.vals[rs.len] = ls[j];
            rd.vals[rd.len] = ld[j];
            rs.len += 1;
            rd.len += 1;
            j += 1;
        }
        k += 1;
    }
    if let Err(v) = flat::check_disjoint(a_shape, digits.split_at(sb.len * width).0, infos.split_at(sb.len).0, exempt) {
        fail(v, 0, 0, &cs, &cd);
    }
    if !same(&rs, sr) || !same(&rd, dr) {
        panic!("internal error: the static composition disagrees with the shared algorithm");
    }
}

const fn same(a: &Leaves, b: &Leaves) -> bool {
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
