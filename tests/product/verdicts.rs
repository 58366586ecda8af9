//! The verdicts of the static operation (what `cargo check` reports) against the dynamic engine.

use super::verdict_common::*;
use cute::statics::report::Outcome;
use cute::{op, BlockedProduct, Layout, LogicalProduct, MarkedVerdict, RakedProduct, Tiler};

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
