//! The static operations' verdicts (the conditions the trait solver checks, which `cargo check`
//! reports) against the dynamic engine: for each case, the verdict's condition is the one the
//! dynamic engine reports for the same operands, and a verdict passes exactly where the engine
//! succeeds or reports a condition the verdict leaves to the `const` check (composition's, and
//! in the divides and products the complement's, reported by `cargo build`). The messages are in
//! the UI tests.

use cute::dynamic::ErrorKind;
use cute::mixed::AllStatic;
use cute::statics::report::Outcome;
use cute::{op, Layout, RouteVerdict, Shape, Tiler, Verdicts1};

/// A verdict's kind, the dynamic engine's outcome for `expr`, and the kinds this operation's
/// verdict covers.
fn check(expr: &str, verdict: Option<ErrorKind>, covered: &[ErrorKind]) {
    let dynamic = cute_eval::eval(expr).err().map(|e| e.kind());
    match (verdict, dynamic) {
        (Some(v), Some(d)) => assert_eq!(v, d, "{expr}: the verdict says {v:?}, the engine {d:?}"),
        (Some(v), None) => panic!("{expr}: the verdict says {v:?}, the engine succeeds"),
        (None, Some(d)) => assert!(!covered.contains(&d), "{expr}: the verdict passes, the engine says {d:?}"),
        (None, None) => {}
    }
}

const COMPLEMENT: &[ErrorKind] = &[ErrorKind::NonInjective, ErrorKind::NegativeStride];
const TILED: &[ErrorKind] = &[ErrorKind::TooManyModes];
const TILE_TO_SHAPE: &[ErrorKind] = &[ErrorKind::TileToShapeRank, ErrorKind::TileToShapeDivisibility];
const UPCAST: &[ErrorKind] = &[ErrorKind::UpcastDivisibility];
const DOWNCAST: &[ErrorKind] = &[ErrorKind::DowncastAdjacency];

/// The verdict of a one-operand operation.
type Verdict1<Op, A> = <<A as AllStatic>::Is as Verdicts1<Op, A>>::Output;

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

#[test]
fn complement_verdicts() {
    case!(Complement, "complement((2,2):(1,1), 8)", Layout![(2,2):(1,1)], Shape![8], COMPLEMENT);
    case!(Complement, "complement(4:-1, 8)", Layout![4:-1], Shape![8], COMPLEMENT);
    case!(Complement, "complement((2,4):(3,1), 16)", Layout![(2,4):(3,1)], Shape![16], COMPLEMENT);
    case!(Complement, "complement((2,4):(4,1), 16)", Layout![(2,4):(4,1)], Shape![16], COMPLEMENT);
    case!(Complement, "complement((2,2):(1,6), 24)", Layout![(2,2):(1,6)], Shape![24], COMPLEMENT);
    case!(Complement, "complement((2,2):(0,0), 24)", Layout![(2,2):(0,0)], Shape![24], COMPLEMENT);
    case!(Complement, "complement((3,2):(2,1), 12)", Layout![(3,2):(2,1)], Shape![12], COMPLEMENT);
    case!(Complement, "complement((4,(2,2)):(1,(4,4)), 32)", Layout![(4,(2,2)):(1,(4,4))], Shape![32], COMPLEMENT);
    case!(Complement, "complement((1,4):(-1,2), (4,8))", Layout![(1,4):(-1,2)], Shape![(4, 8)], COMPLEMENT);
    case!(Complement, "complement((2,4):(-1,2), 16)", Layout![(2,4):(-1,2)], Shape![16], COMPLEMENT);
    // A runtime cotarget: A's conditions are still static.
    case!(Complement, "complement((2,2):(1,1), 8)", Layout![(2,2):(1,1)], i64, COMPLEMENT);
    case!(Complement, "complement((2,2):(1,2), 8)", Layout![(2,2):(1,2)], i64, COMPLEMENT);
}

#[test]
fn divide_verdicts() {
    case!(LogicalDivide, "logical_divide(8:1, (2,2):(1,1))", Layout![8:1], Layout![(2,2):(1,1)], TILED);
    case!(LogicalDivide, "logical_divide((8,8):(1,8), 4:2)", Layout![(8,8):(1,8)], Layout![4:2], TILED);
    case!(LogicalDivide, "logical_divide((4,8):(1,4), <2,2,2>)", Layout![(4,8):(1,4)], Tiler![<2,2,2>], TILED);
    case!(LogicalDivide, "logical_divide(4:1, <2,2>)", Layout![4:1], Tiler![<2,2>], TILED);
    case!(LogicalDivide, "logical_divide((4,6):(1,5), 3:2)", Layout![(4,6):(1,5)], Layout![3:2], TILED);
    case!(LogicalDivide, "logical_divide((16,4):(1,16), 4:-1)", Layout![(16,4):(1,16)], Layout![4:-1], TILED);
    case!(ZippedDivide, "zipped_divide((4,8):(1,4), <2,2,2>)", Layout![(4,8):(1,4)], Tiler![<2,2,2>], TILED);
    case!(ZippedDivide, "zipped_divide((8,16):(16,1), <4:1,8:1>)", Layout![(8,16):(16,1)], Tiler![<4:1,8:1>], TILED);
    case!(
        TiledDivide,
        "tiled_divide((8,8):(1,8), <(2,2):(1,1),4>)",
        Layout![(8,8):(1,8)],
        Tiler![<(2,2):(1,1),4>],
        TILED
    );
    case!(FlatDivide, "flat_divide((8,8):(1,8), <2:4,4>)", Layout![(8,8):(1,8)], Tiler![<2:4,4>], TILED);
}

#[test]
fn product_verdicts() {
    case!(LogicalProduct, "logical_product((2,2):(1,1), 2:1)", Layout![(2,2):(1,1)], Layout![2:1], TILED);
    case!(LogicalProduct, "logical_product(4:-1, 2:1)", Layout![4:-1], Layout![2:1], TILED);
    case!(LogicalProduct, "logical_product(4:-1, 2:0)", Layout![4:-1], Layout![2:0], TILED);
    case!(LogicalProduct, "logical_product((2,2):(4,1), 6:1)", Layout![(2,2):(4,1)], Layout![6:1], TILED);
    case!(LogicalProduct, "logical_product((2,5):(5,1), <3,4>)", Layout![(2,5):(5,1)], Tiler![<3,4>], TILED);
    case!(LogicalProduct, "logical_product((2,5):(5,1), <3,4,2>)", Layout![(2,5):(5,1)], Tiler![<3,4,2>], TILED);
    case!(ZippedProduct, "zipped_product((2,2):(1,2), (3,4):(1,3))", Layout![(2,2):(1,2)], Layout![(3,4):(1,3)], TILED);
    case!(TiledProduct, "tiled_product((2,2):(1,1), 2:1)", Layout![(2,2):(1,1)], Layout![2:1], TILED);
    case!(FlatProduct, "flat_product((4,2):(2,1), <2,2,2>)", Layout![(4,2):(2,1)], Tiler![<2,2,2>], TILED);
}

#[test]
fn tile_to_shape_verdicts() {
    case!(
        TileToShape,
        "tile_to_shape((2,2,2):(1,2,4), (8,8))",
        Layout![(2,2,2):(1,2,4)],
        Shape![(8, 8)],
        TILE_TO_SHAPE
    );
    case!(TileToShape, "tile_to_shape((2,3):(1,2), (8,8))", Layout![(2,3):(1,2)], Shape![(8, 8)], TILE_TO_SHAPE);
    case!(
        TileToShape,
        "tile_to_shape((8,2):(2,1), ((2,12),2))",
        Layout![(8,2):(2,1)],
        Shape![((2, 12), 2)],
        TILE_TO_SHAPE
    );
    case!(TileToShape, "tile_to_shape(4:1, 12)", Layout![4:1], Shape![12], TILE_TO_SHAPE);
    case!(TileToShape, "tile_to_shape(4:1, 10)", Layout![4:1], Shape![10], TILE_TO_SHAPE);
}

#[test]
fn tiler_rank_verdicts() {
    case!(Composition, "composition((4,8):(1,4), <2,2,2>)", Layout![(4,8):(1,4)], Tiler![<2,2,2>], TILED);
    case!(Composition, "composition((4,8):(1,4), <2,2>)", Layout![(4,8):(1,4)], Tiler![<2,2>], TILED);
    case!(CoalesceProfile, "coalesce((2,4):(1,2), (1,1,1))", Layout![(2,4):(1,2)], Tiler![(1, 1, 1)], TILED);
    case!(CoalesceProfile, "coalesce((2,4):(1,2), (1,_))", Layout![(2,4):(1,2)], Tiler![(1, _)], TILED);
}

#[test]
fn cast_verdicts() {
    case1!(Upcast<Shape![16]>, "upcast(16, 4:3)", Layout![4:3], UPCAST);
    case1!(Upcast<Shape![4]>, "upcast(4, (4,8):(6,1))", Layout![(4,8):(6,1)], UPCAST);
    case1!(Upcast<Shape![2]>, "upcast(2, (4,8):(1,4))", Layout![(4,8):(1,4)], UPCAST);
    case1!(Upcast<Shape![4]>, "upcast(4, (4,8):(-2,0))", Layout![(4,8):(-2,0)], UPCAST);
    case1!(Upcast<Shape![3]>, "upcast(3, 6:9)", Layout![6:9], UPCAST);
    case1!(Downcast<Shape![2]>, "downcast(2, 4:2)", Layout![4:2], DOWNCAST);
    case1!(Downcast<Shape![2]>, "downcast(2, (4,3):(-1,4))", Layout![(4,3):(-1,4)], DOWNCAST);
    case1!(Downcast<Shape![2]>, "downcast(2, (4,8):(1,4))", Layout![(4,8):(1,4)], DOWNCAST);
    case1!(Downcast<Shape![4]>, "downcast(4, (2,(3,4)):(8,(1,2)))", Layout![(2,(3,4)):(8,(1,2))], DOWNCAST);
}
