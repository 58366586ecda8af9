//! The verdicts of the static operation (what `cargo check` reports) against the dynamic engine.

use super::verdict_common::*;
use cute::statics::report::Outcome;
use cute::{op, Layout, LogicalDivide, MarkedVerdict, Tiler};

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
