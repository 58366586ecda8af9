//! The verdicts of the static operation (what `cargo check` reports) against the dynamic engine.

use super::verdict_common::*;
use cute::dynamic::ErrorKind;
use cute::statics::report::Outcome;
use cute::{op, Layout, RouteVerdict, Shape};

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
