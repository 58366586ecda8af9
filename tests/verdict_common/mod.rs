//! The static operations' verdicts (the conditions the trait solver checks, which `cargo check`
//! reports) against the dynamic engine, shared by each operation's `verdicts` tests: for each
//! case, the verdict's condition is the one the dynamic engine reports for the same operands, and
//! a verdict passes exactly where the engine succeeds or reports a condition outside the
//! operation's verdict. The messages are in the UI tests.

#![allow(dead_code, unused_macros, unused_imports)]

use cute::dynamic::ErrorKind;
use cute::mixed::AllStatic;
use cute::statics::report::Outcome;
use cute::{
    op, BlockedProduct, Composition, Layout, LogicalDivide, LogicalProduct, MarkedVerdict, RakedProduct, RouteVerdict,
    Shape, Tiler, Verdicts1,
};

/// A verdict's kind, the dynamic engine's outcome for `expr`, and the kinds this operation's
/// verdict covers.
pub fn check(expr: &str, verdict: Option<ErrorKind>, covered: &[ErrorKind]) {
    let dynamic = cute_eval::eval(expr).err().map(|e| e.kind());
    match (verdict, dynamic) {
        (Some(v), Some(d)) => assert_eq!(v, d, "{expr}: the verdict says {v:?}, the engine {d:?}"),
        (Some(v), None) => panic!("{expr}: the verdict says {v:?}, the engine succeeds"),
        (None, Some(d)) => assert!(!covered.contains(&d), "{expr}: the verdict passes, the engine says {d:?}"),
        (None, None) => {}
    }
}

/// Composition's verdict covers the conditions of each leaf of B and the overlap of B's leaves.
pub const COMPOSITION: &[ErrorKind] =
    &[ErrorKind::TooManyModes, ErrorKind::StrideDivisibility, ErrorKind::ShapeDivisibility, ErrorKind::ModeOverlap];
pub const COMPLEMENT: &[ErrorKind] = &[ErrorKind::NonInjective, ErrorKind::NegativeStride];
pub const TILED: &[ErrorKind] = &[ErrorKind::TooManyModes];
pub const TILE_TO_SHAPE: &[ErrorKind] = &[ErrorKind::TileToShapeRank, ErrorKind::TileToShapeDivisibility];
pub const UPCAST: &[ErrorKind] = &[ErrorKind::UpcastDivisibility];
pub const DOWNCAST: &[ErrorKind] = &[ErrorKind::DowncastAdjacency];

/// The verdict of a one-operand operation.
pub type Verdict1<Op, A> = <<A as AllStatic>::Is as Verdicts1<Op, A>>::Output;

macro_rules! case {
    ($op:ident, $expr:literal, $a:ty, $b:ty, $covered:expr) => {
        check($expr, <RouteVerdict<op::$op, $a, $b> as Outcome>::KIND, $covered)
    };
}
macro_rules! case1 {
    ($op:ident<$n:ty>, $expr:literal, $a:ty, $covered:expr) => {
        check($expr, <Verdict1<op::$op<$n>, $a> as Outcome>::KIND, $covered)
    };
}

macro_rules! composition {
    ($expr:literal, $a:ty, $b:ty) => {
        check($expr, <MarkedVerdict<op::Composition, Composition<$a, $b>, $a, $b> as Outcome>::KIND, COMPOSITION)
    };
}
/// A divide's or product's conditions: composition's, and those of the complement it composes
/// with, which it marks in its place.
pub const MARKED: &[ErrorKind] = &[
    ErrorKind::TooManyModes,
    ErrorKind::StrideDivisibility,
    ErrorKind::ShapeDivisibility,
    ErrorKind::ModeOverlap,
    ErrorKind::NonInjective,
    ErrorKind::NegativeStride,
];

/// A divide's or product's verdict: the tiler's ranks, then the marks of the logical divide or
/// product it regroups (`$r`), or of the blocked or raked product ([`MARKED`]); `=> fails`
/// asserts that it reports this case.
macro_rules! marked {
    ($op:ident / $r:ident, $expr:literal, $a:ty, $b:ty $(,)?) => {
        check($expr, <MarkedVerdict<op::$op, $r<$a, $b>, $a, $b> as Outcome>::KIND, MARKED)
    };
    ($op:ident / $r:ident, $expr:literal, $a:ty, $b:ty => fails) => {{
        let verdict = <MarkedVerdict<op::$op, $r<$a, $b>, $a, $b> as Outcome>::KIND;
        assert!(verdict.is_some(), "{}: the verdict passes", $expr);
        check($expr, verdict, MARKED)
    }};
}
