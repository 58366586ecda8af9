//! The compile-time checks of the static inverses: the shared algorithm of `flat` recomputes
//! each result and compares it with the trait solver's.

// The checks return `Result<(), Message>`: the message is built in `const` evaluation without an
// allocator, so it cannot be boxed, and it is only ever built on the path to a compile error.
#![allow(clippy::result_large_err)]

use super::static_face::*;
use crate::arith::Overflow;
use crate::error::headline;
use crate::flat::{self, InverseViolation};
use crate::statics::check::{attempt, both, composition, disagree, overflow, Check, Checked};
use crate::statics::layout::Layout;
use crate::statics::leaves::{FlatLayout, MAX_LEAVES};
use crate::statics::tuple::IntTuple;
use core::marker::PhantomData;

/// Room for the modes of an inverse before its final coalesce: one per mode, plus `1:0`.
pub(crate) const CAP: usize = MAX_LEAVES + 1;

/// A flat layout of up to [`CAP`] modes.
pub(crate) struct Modes {
    shape: [i64; CAP],
    stride: [i64; CAP],
    len: usize,
}

impl Modes {
    /// True when the modes are the leaves of `r`.
    // In range: `i += 1` under `i < self.len`.
    #[allow(clippy::arithmetic_side_effects)]
    const fn equals(&self, r: &FlatLayout) -> bool {
        if r.shape.len != self.len || r.stride.len != self.len {
            return false;
        }
        let mut i = 0;
        while i < self.len {
            if self.shape[i] != r.shape.vals[i] || self.stride[i] != r.stride.vals[i] {
                return false;
            }
            i += 1;
        }
        true
    }
}

/// The coalesced modes of a layout with their start indices and their order by stride.
pub(crate) struct Sorted {
    shape: [i64; MAX_LEAVES],
    stride: [i64; MAX_LEAVES],
    pre: [i64; MAX_LEAVES],
    order: [usize; MAX_LEAVES],
    len: usize,
}

impl Sorted {
    const fn of(l: &FlatLayout) -> Result<Sorted, Overflow> {
        let mut s = Sorted {
            shape: [0; MAX_LEAVES],
            stride: [0; MAX_LEAVES],
            pre: [0; MAX_LEAVES],
            order: [0; MAX_LEAVES],
            len: 0,
        };
        s.len = match flat::coalesce(l.shapes(), l.strides(), false, &mut s.shape, &mut s.stride) {
            Ok(n) => n,
            Err(o) => return Err(o),
        };
        if let Err(o) = flat::prefix_products(s.shape.split_at(s.len).0, &mut s.pre) {
            return Err(o);
        }
        flat::sort_by_stride(s.stride.split_at(s.len).0, &mut s.order);
        Ok(s)
    }

    const fn shapes(&self) -> &[i64] {
        self.shape.split_at(self.len).0
    }
    const fn strides(&self) -> &[i64] {
        self.stride.split_at(self.len).0
    }
    const fn pres(&self) -> &[i64] {
        self.pre.split_at(self.len).0
    }
    const fn orders(&self) -> &[usize] {
        self.order.split_at(self.len).0
    }
}

/// Coalesce the first `n` modes of `shape:stride` (the final step of both inverses).
pub(crate) const fn coalesced(shape: &[i64; CAP], stride: &[i64; CAP], n: usize) -> Result<Modes, Overflow> {
    let mut out = Modes { shape: [0; CAP], stride: [0; CAP], len: 0 };
    out.len = match flat::coalesce(shape.split_at(n).0, stride.split_at(n).0, false, &mut out.shape, &mut out.stride) {
        Ok(n) => n,
        Err(o) => return Err(o),
    };
    Ok(out)
}

/// `right_inverse` of a flat layout with the shared algorithm.
pub(crate) const fn right_inverse_flat(l: &FlatLayout) -> Result<Modes, Overflow> {
    let s = match Sorted::of(l) {
        Ok(s) => s,
        Err(o) => return Err(o),
    };
    let (mut rs, mut rd) = ([0i64; CAP], [0i64; CAP]);
    let n = match flat::right_inverse_chain(s.shapes(), s.strides(), s.pres(), s.orders(), &mut rs, &mut rd) {
        Ok(n) => n,
        Err(o) => return Err(o),
    };
    coalesced(&rs, &rd, n)
}

/// `left_inverse` of a flat layout with the shared algorithm.
pub(crate) const fn left_inverse_flat(l: &FlatLayout) -> Result<Modes, InverseViolation> {
    let s = match Sorted::of(l) {
        Ok(s) => s,
        Err(o) => return Err(InverseViolation::Overflow(o)),
    };
    let (mut rs, mut rd) = ([0i64; CAP], [0i64; CAP]);
    let last_absorbs = matches!(l.shape.as_slice().last(), Some(&s) if s > 1);
    let n = match flat::left_inverse_fold(s.shapes(), s.strides(), s.pres(), s.orders(), last_absorbs, &mut rs, &mut rd)
    {
        Ok(n) => n,
        Err(v) => return Err(v),
    };
    match coalesced(&rs, &rd, n) {
        Ok(m) => Ok(m),
        Err(o) => Err(InverseViolation::Overflow(o)),
    }
}

/// Check `right_inverse(L)`: no overflow, and the trait solver's result `r` is the shared
/// algorithm's.
pub(crate) const fn check_right_inverse(l: &FlatLayout, r: &FlatLayout) -> Checked {
    let m = match right_inverse_flat(l) {
        Ok(m) => m,
        Err(o) => return Err(overflow(o)),
    };
    if !m.equals(r) {
        return disagree("right inverse");
    }
    Ok(())
}

/// Check `left_inverse(L)`: its conditions, with the values in decimal, and that the trait
/// solver's result `r` is the shared algorithm's.
pub(crate) const fn check_left_inverse(l: &FlatLayout, r: &FlatLayout) -> Checked {
    let m = match left_inverse_flat(l) {
        Ok(m) => m,
        Err(v) => {
            let m = headline(v.kind(), "left_inverse(").layout(&l.shape, &l.stride).s("): ");
            return Err(v.describe(m));
        }
    };
    if !m.equals(r) {
        return disagree("left inverse");
    }
    Ok(())
}

/// Check `max_common_vector(A, B)`: `inv` is the trait solver's right inverse of B, `common`
/// its `A o inv`, `vector` the leading stride-1 mode of coalesce(common) (or `1:0`).
pub(crate) const fn check_common_vector(
    a: &FlatLayout,
    b: &FlatLayout,
    inv: &FlatLayout,
    common: &FlatLayout,
    vector: &FlatLayout,
) -> Checked {
    attempt!(check_right_inverse(b, inv));
    attempt!(composition(a, inv, Some(common), None, 0));
    let (mut cs, mut cd) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
    if let Err(o) = flat::coalesce(common.shapes(), common.strides(), false, &mut cs, &mut cd) {
        return Err(overflow(o));
    }
    let (n, d) = if cd[0] == 1 { (cs[0], 1) } else { (1, 0) };
    if vector.shape.len != 1 || vector.shape.vals[0] != n || vector.stride.vals[0] != d {
        return disagree("max_common_vector");
    }
    Ok(())
}

/// Check `max_common_layout(A, B)` (after the common vector's check): the result `r` is
/// `inv o vector`, or `1:0` without a vector.
pub(crate) const fn check_common_layout(inv: &FlatLayout, vector: &FlatLayout, r: &FlatLayout) -> Checked {
    if vector.stride.vals[0] == 1 {
        composition(inv, vector, Some(r), None, 0)
    } else if vector.shape.vals[0] != 1 || r.shape.len != 1 || r.shape.vals[0] != 1 || r.stride.vals[0] != 0 {
        disagree("max_common_layout")
    } else {
        Ok(())
    }
}

/// The compile-time check of `right_inverse(S:D)` with the result `RS:RD`.
pub(crate) struct RightInverseCheck<S, D, RS, RD>(PhantomData<(S, D, RS, RD)>);
impl<S: IntTuple, D: IntTuple, RS: IntTuple, RD: IntTuple> Check for RightInverseCheck<S, D, RS, RD> {
    const RESULT: Checked = check_right_inverse(&FlatLayout::of::<S, D>(), &FlatLayout::of::<RS, RD>());
}

/// The compile-time check of `left_inverse(S:D)` with the result `RS:RD`.
pub(crate) struct LeftInverseCheck<S, D, RS, RD>(PhantomData<(S, D, RS, RD)>);
impl<S: IntTuple, D: IntTuple, RS: IntTuple, RD: IntTuple> Check for LeftInverseCheck<S, D, RS, RD> {
    const RESULT: Checked = check_left_inverse(&FlatLayout::of::<S, D>(), &FlatLayout::of::<RS, RD>());
}

/// The check of `right_inverse(S:D)` with the trait solver's result.
pub(crate) type RightCheck<S, D> =
    RightInverseCheck<S, D, <Layout<S, D> as RightInvert>::Shape, <Layout<S, D> as RightInvert>::Stride>;
/// The check of `left_inverse(S:D)` with the trait solver's result.
pub(crate) type LeftCheck<S, D> =
    LeftInverseCheck<S, D, <Layout<S, D> as LeftInvert>::Shape, <Layout<S, D> as LeftInvert>::Stride>;

/// The compile-time check of `max_common_layout(A, B)`: the common vector's, then the layout's.
pub(crate) struct CommonLayoutCheck<A, B>(PhantomData<(A, B)>);
impl<SA, DA, SB, DB> Check for CommonLayoutCheck<Layout<SA, DA>, Layout<SB, DB>>
where
    Layout<SA, DA>: MaxCommonLayout<Layout<SB, DB>>,
    Layout<SB, DB>: RightInvert,
{
    const RESULT: Checked = both(
        <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::RESULT,
        check_common_layout(
            &FlatLayout::of::<<Layout<SB, DB> as RightInvert>::Shape, <Layout<SB, DB> as RightInvert>::Stride>(),
            &FlatLayout::of::<
                <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Shape,
                <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Stride,
            >(),
            &FlatLayout::of::<
                <Layout<SA, DA> as MaxCommonLayout<Layout<SB, DB>>>::Shape,
                <Layout<SA, DA> as MaxCommonLayout<Layout<SB, DB>>>::Stride,
            >(),
        ),
    );
}
