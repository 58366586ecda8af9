//! The static operations' verdicts (the conditions the trait solver checks, which `cargo check`
//! reports) against the dynamic engine: for each case, the verdict's condition is the one the
//! dynamic engine reports for the same operands, and a verdict passes exactly where the engine
//! succeeds or reports a condition outside the operation's verdict. The messages are in the UI
//! tests.

use cute::dynamic::ErrorKind;
use cute::mixed::AllStatic;
use cute::statics::report::Outcome;
use cute::{
    op, BlockedProduct, Composition, Layout, LogicalDivide, LogicalProduct, MarkedVerdict, RakedProduct, RouteVerdict,
    Shape, Tiler, Verdicts1,
};

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

/// Composition's verdict covers the conditions of each leaf of B and the overlap of B's leaves.
const COMPOSITION: &[ErrorKind] =
    &[ErrorKind::TooManyModes, ErrorKind::StrideDivisibility, ErrorKind::ShapeDivisibility, ErrorKind::ModeOverlap];
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

macro_rules! composition {
    ($expr:literal, $a:ty, $b:ty) => {
        check($expr, <MarkedVerdict<op::Composition, Composition<$a, $b>, $a, $b> as Outcome>::KIND, COMPOSITION)
    };
}
/// A divide's or product's conditions: composition's, and those of the complement it composes
/// with, which it marks in its place.
const MARKED: &[ErrorKind] = &[
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

#[test]
fn composition_verdicts() {
    // A stride that stops inside a mode without dividing it, one that is neither below nor a
    // multiple of a mode, a shape left that a mode's part does not divide.
    composition!("composition((4,6,8):(2,3,5), 6:3)", Layout![(4,6,8):(2,3,5)], Layout![6:3]);
    composition!("composition((4,6):(1,5), 3:6)", Layout![(4,6):(1,5)], Layout![3:6]);
    composition!("composition((4,6):(1,5), 6:1)", Layout![(4,6):(1,5)], Layout![6:1]);
    composition!("composition((4,6):(1,5), (2,3):(1,2))", Layout![(4,6):(1,5)], Layout![(2,3):(1,2)]);
    // Negative strides: CuTe's own check holds for them, the exact ones do not.
    composition!("composition((3,6):(1,5), (2,2):(-4,1))", Layout![(3,6):(1,5)], Layout![(2,2):(-4,1)]);
    composition!("composition((8,6):(1,9), 6:-3)", Layout![(8,6):(1,9)], Layout![6:-3]);
    composition!("composition((8,6):(1,9), 6:-2)", Layout![(8,6):(1,9)], Layout![6:-2]);
    composition!("composition((8,6):(1,9), 2:-3)", Layout![(8,6):(1,9)], Layout![2:-3]);
    composition!("composition((8,6):(1,9), 3:-8)", Layout![(8,6):(1,9)], Layout![3:-8]);
    composition!("composition((8,6):(1,9), 1:-3)", Layout![(8,6):(1,9)], Layout![1:-3]);
    // The leaves' digits carry over in a mode of A (CUTLASS #2955, where CuTe C++ returns a wrong
    // layout), in A's first mode or a later one; leaves of both signs that meet in several modes.
    composition!("composition((6,2):(1,7), (3,2):(2,3))", Layout![(6,2):(1,7)], Layout![(3,2):(2,3)]);
    composition!("composition((2,2):(1,3), (2,2):(1,1))", Layout![(2,2):(1,3)], Layout![(2,2):(1,1)]);
    composition!("composition((2,3,4):(1,5,16), (2,2):(2,4))", Layout![(2,3,4):(1,5,16)], Layout![(2,2):(2,4)]);
    composition!("composition((4,6,4):(1,16,8), (2,4):(2,-2))", Layout![(4,6,4):(1,16,8)], Layout![(2,4):(2,-2)]);
    composition!("composition((6,6):(24,6), (2,3):(-4,6))", Layout![(6,6):(24,6)], Layout![(2,3):(-4,6)]);
    // The leaves fit side by side in A's first mode (digits 1 and 4 of 6), or only meet in it.
    composition!("composition((6,2):(1,7), (2,3):(1,2))", Layout![(6,2):(1,7)], Layout![(2,3):(1,2)]);
    composition!("composition((6,2):(1,7), (2,2):(1,-2))", Layout![(6,2):(1,7)], Layout![(2,2):(1,-2)]);
    // Admissible: strides that divide or are multiples, a leaf that ends inside a mode.
    composition!("composition((4,6,8,10):(2,3,5,7), 6:12)", Layout![(4,6,8,10):(2,3,5,7)], Layout![6:12]);
    composition!("composition((4,6):(1,5), (2,2,3):(1,2,4))", Layout![(4,6):(1,5)], Layout![(2,2,3):(1,2,4)]);
    composition!("composition((4,6):(1,5), 3:1)", Layout![(4,6):(1,5)], Layout![3:1]);
    composition!("composition((4,6):(1,5), 2:0)", Layout![(4,6):(1,5)], Layout![2:0]);
    // Tilers: each mode composed with its entry; ranks first.
    composition!("composition(((4,6),8):((1,5),24), <6:1,2:1>)", Layout![((4,6),8):((1,5),24)], Tiler![<6:1,2:1>]);
    composition!("composition(((4,6),8):((1,5),24), <4:1,2:4>)", Layout![((4,6),8):((1,5),24)], Tiler![<4:1,2:4>]);
    composition!("composition((4,8):(1,4), <2,2,2>)", Layout![(4,8):(1,4)], Tiler![<2,2,2>]);
    composition!("composition((4,6):(1,5), 8)", Layout![(4,6):(1,5)], Shape![8]);
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
    // B's leaves and its complement's overlap in a mode of A; where A's last mode is a 1 that
    // CuTe extends, the complement's leaves need not fit in the mode before it (A's whole size).
    marked!(LogicalDivide / LogicalDivide, "logical_divide((8,2):(8,1), (3,1):(3,8))", Layout![(8,2):(8,1)], Layout![(3,1):(3,8)] => fails);
    marked!(LogicalDivide / LogicalDivide, "logical_divide((6,5):(8,8), (2,4):(4,12))", Layout![(6,5):(8,8)], Layout![(2,4):(4,12)] => fails);
    marked!(ZippedDivide / LogicalDivide, "zipped_divide((8,2):(3,4), (3,3):(2,16))", Layout![(8,2):(3,4)], Layout![(3,3):(2,16)] => fails);
    marked!(
        LogicalDivide / LogicalDivide,
        "logical_divide(((3,6),3,1):((18,1),6,54), (6,1,5):(1,0,6))",
        Layout![((3,6),3,1):((18,1),6,54)],
        Layout![(6,1,5):(1,0,6)],
    );
    // The same with an empty tuple after A's last 1: the 1 is still A's last leaf.
    marked!(
        LogicalDivide / LogicalDivide,
        "logical_divide(((3,6),3,(1,())):((18,1),6,(54,())), (6,1,5):(1,0,6))",
        Layout![((3,6),3,(1,())):((18,1),6,(54,()))],
        Layout![(6,1,5):(1,0,6)],
    );
    // A tile without a complement: non-injective, negative strides.
    marked!(LogicalDivide / LogicalDivide, "logical_divide(8:1, (2,2):(1,1))", Layout![8:1], Layout![(2,2):(1,1)] => fails);
    marked!(
        ZippedDivide / LogicalDivide,
        "zipped_divide((8,4):(1,8), <(2,2):(1,-2),2:1>)",
        Layout![(8,4):(1,8)],
        Tiler![<(2,2):(1,-2),2:1>] => fails
    );
    marked!(
        FlatDivide / LogicalDivide,
        "flat_divide((8,4):(1,8), <2:1,(2,2):(1,1)>)",
        Layout![(8,4):(1,8)],
        Tiler![<2:1,(2,2):(1,1)>] => fails
    );
    // Mode by mode: a tile's complement before a later tile's composition, and the other way.
    marked!(
        LogicalDivide / LogicalDivide,
        "logical_divide((8,(4,6)):(1,(8,40)), <(2,2):(1,1),2:3>)",
        Layout![(8,(4,6)):(1,(8,40))],
        Tiler![<(2,2):(1,1),2:3>] => fails
    );
    marked!(
        LogicalDivide / LogicalDivide,
        "logical_divide(((4,6),8):((1,5),24), <2:3,(2,2):(1,1)>)",
        Layout![((4,6),8):((1,5),24)],
        Tiler![<2:3,(2,2):(1,1)>] => fails
    );
    marked!(LogicalDivide / LogicalDivide, "logical_divide((8,8):(1,8), 4:2)", Layout![(8,8):(1,8)], Layout![4:2]);
    marked!(
        LogicalDivide / LogicalDivide,
        "logical_divide((4,8):(1,4), <2,2,2>)",
        Layout![(4,8):(1,4)],
        Tiler![<2,2,2>]
    );
    marked!(LogicalDivide / LogicalDivide, "logical_divide(4:1, <2,2>)", Layout![4:1], Tiler![<2,2>]);
    marked!(LogicalDivide / LogicalDivide, "logical_divide((4,6):(1,5), 3:2)", Layout![(4,6):(1,5)], Layout![3:2]);
    marked!(
        LogicalDivide / LogicalDivide,
        "logical_divide((16,4):(1,16), 4:-1)",
        Layout![(16,4):(1,16)],
        Layout![4:-1]
    );
    marked!(ZippedDivide / LogicalDivide, "zipped_divide((4,8):(1,4), <2,2,2>)", Layout![(4,8):(1,4)], Tiler![<2,2,2>]);
    marked!(
        ZippedDivide / LogicalDivide,
        "zipped_divide((8,16):(16,1), <4:1,8:1>)",
        Layout![(8,16):(16,1)],
        Tiler![<4:1,8:1>]
    );
    marked!(
        TiledDivide / LogicalDivide,
        "tiled_divide((8,8):(1,8), <(2,2):(1,1),4>)",
        Layout![(8,8):(1,8)],
        Tiler![<(2,2):(1,1),4>],
    );
    marked!(FlatDivide / LogicalDivide, "flat_divide((8,8):(1,8), <2:4,4>)", Layout![(8,8):(1,8)], Tiler![<2:4,4>]);
    // The tile's own conditions, exact; its complement's, CuTe's only.
    marked!(LogicalDivide / LogicalDivide, "logical_divide((4,6):(1,5), 2:3)", Layout![(4,6):(1,5)], Layout![2:3] => fails);
    marked!(LogicalDivide / LogicalDivide, "logical_divide((4,6):(1,5), 3:1)", Layout![(4,6):(1,5)], Layout![3:1]);
    marked!(
        ZippedDivide / LogicalDivide,
        "zipped_divide(((4,6),8):((1,5),24), <3:6,2:1>)",
        Layout![((4,6),8):((1,5),24)],
        Tiler![<3:6,2:1>] => fails
    );
    marked!(
        TiledDivide / LogicalDivide,
        "tiled_divide(((4,6),8):((1,5),24), <6:1,2:1>)",
        Layout![((4,6),8):((1,5),24)],
        Tiler![<6:1,2:1>] => fails
    );
    marked!(FlatDivide / LogicalDivide, "flat_divide((4,6):(1,5), 3:6)", Layout![(4,6):(1,5)], Layout![3:6] => fails);
}

#[test]
fn product_verdicts() {
    // The copies' leaves overlap in a mode of A*.
    marked!(
        ZippedProduct / LogicalProduct,
        "zipped_product((2,4,5):(2,8,8), <(1,5):(8,16),(4,2):(2,4)>)",
        Layout![(2,4,5):(2,8,8)],
        Tiler![<(1,5):(8,16),(4,2):(2,4)>] => fails
    );
    marked!(LogicalProduct / LogicalProduct, "logical_product((2,2):(1,1), 2:1)", Layout![(2,2):(1,1)], Layout![2:1] => fails);
    marked!(LogicalProduct / LogicalProduct, "logical_product(4:-1, 2:1)", Layout![4:-1], Layout![2:1] => fails);
    marked!(LogicalProduct / LogicalProduct, "logical_product(4:-1, 2:0)", Layout![4:-1], Layout![2:0]);
    marked!(LogicalProduct / LogicalProduct, "logical_product((2,2):(4,1), 6:1)", Layout![(2,2):(4,1)], Layout![6:1]);
    marked!(
        LogicalProduct / LogicalProduct,
        "logical_product((2,5):(5,1), <3,4>)",
        Layout![(2,5):(5,1)],
        Tiler![<3,4>]
    );
    marked!(
        LogicalProduct / LogicalProduct,
        "logical_product((2,5):(5,1), <3,4,2>)",
        Layout![(2,5):(5,1)],
        Tiler![<3,4,2>]
    );
    marked!(
        ZippedProduct / LogicalProduct,
        "zipped_product((2,2):(1,2), (3,4):(1,3))",
        Layout![(2,2):(1,2)],
        Layout![(3,4):(1,3)]
    );
    marked!(TiledProduct / LogicalProduct, "tiled_product((2,2):(1,1), 2:1)", Layout![(2,2):(1,1)], Layout![2:1]);
    marked!(FlatProduct / LogicalProduct, "flat_product((4,2):(2,1), <2,2,2>)", Layout![(4,2):(2,1)], Tiler![<2,2,2>]);
    // A without a complement: non-injective (CuTe's complement, negative strides allowed); with
    // negative strides, a complement that is not a layout, harmless only where B maps all to 0.
    marked!(
        LogicalProduct / LogicalProduct,
        "logical_product((2,2):(1,-2), 3:1)",
        Layout![(2,2):(1,-2)],
        Layout![3:1] => fails
    );
    marked!(LogicalProduct / LogicalProduct, "logical_product((2,2):(-1,2), 1:1)", Layout![(2,2):(-1,2)], Layout![1:1]);
    marked!(BlockedProduct / BlockedProduct, "blocked_product(4:-1, 2:1)", Layout![4:-1], Layout![2:1] => fails);
    marked!(
        RakedProduct / RakedProduct,
        "raked_product((2,2):(1,-1), (2,2):(1,2))",
        Layout![(2,2):(1,-1)],
        Layout![(2,2):(1,2)] => fails
    );
    // The copies A* o B: CuTe's own conditions.
    marked!(LogicalProduct / LogicalProduct, "logical_product((2,2):(1,4), 3:1)", Layout![(2,2):(1,4)], Layout![3:1] => fails);
    marked!(ZippedProduct / LogicalProduct, "zipped_product((2,2):(1,4), 3:1)", Layout![(2,2):(1,4)], Layout![3:1] => fails);
    marked!(TiledProduct / LogicalProduct, "tiled_product((2,2):(1,4), 3:1)", Layout![(2,2):(1,4)], Layout![3:1] => fails);
    marked!(FlatProduct / LogicalProduct, "flat_product((2,2):(1,4), 3:1)", Layout![(2,2):(1,4)], Layout![3:1] => fails);
    marked!(LogicalProduct / LogicalProduct, "logical_product((2,2):(1,4), 2:1)", Layout![(2,2):(1,4)], Layout![2:1]);
    marked!(BlockedProduct / BlockedProduct, "blocked_product((2,2):(1,4), 3:1)", Layout![(2,2):(1,4)], Layout![3:1] => fails);
    marked!(
        RakedProduct / RakedProduct,
        "raked_product((2,2):(1,4), (3,1):(1,3))",
        Layout![(2,2):(1,4)],
        Layout![(3,1):(1,3)] => fails
    );
    marked!(
        RakedProduct / RakedProduct,
        "raked_product((2,2):(1,2), (3,1):(1,3))",
        Layout![(2,2):(1,2)],
        Layout![(3,1):(1,3)]
    );
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
    // A runtime target: its ranks are static, a verdict; its divisibility is checked at run time.
    case!(
        TileToShape,
        "tile_to_shape((8,2):(2,1), (24))",
        Layout![(8,2):(2,1)],
        cute::HCons<i64, cute::HNil>,
        &[ErrorKind::TileToShapeRank]
    );
    case!(
        TileToShape,
        "tile_to_shape((8,2):(2,1), (24,2))",
        Layout![(8,2):(2,1)],
        cute::HCons<i64, cute::HCons<i64, cute::HNil>>,
        &[ErrorKind::TileToShapeRank]
    );
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

/// A recast's verdict: its upcast step's, then its downcast step's.
macro_rules! recast {
    (<$old:tt, $new:tt>, $expr:literal, $a:ty) => {
        check(
            $expr,
            <Verdict1<op::Recast<Shape![$old], Shape![$new]>, $a> as Outcome>::KIND,
            &[ErrorKind::UpcastDivisibility, ErrorKind::DowncastAdjacency],
        )
    };
}

#[test]
fn recast_verdicts() {
    recast!(<8, 16>, "recast(8, 16, (4,3):(1,3))", Layout![(4,3):(1,3)]);
    recast!(<16, 8>, "recast(16, 8, (4,3):(2,8))", Layout![(4,3):(2,8)]);
    recast!(<16, 24>, "recast(16, 24, (6,4):(1,6))", Layout![(6,4):(1,6)]);
    recast!(<16, 24>, "recast(16, 24, (6,4):(2,12))", Layout![(6,4):(2,12)]);
    recast!(<8, 16>, "recast(8, 16, (4,3):(1,4))", Layout![(4,3):(1,4)]);
    recast!(<32, 8>, "recast(32, 8, (4,3):(3,12))", Layout![(4,3):(3,12)]);
    recast!(<32, 8>, "recast(32, 8, (4,3):(1,12))", Layout![(4,3):(1,12)]);
}
