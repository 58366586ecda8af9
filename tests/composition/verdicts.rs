//! The verdicts of the static operation (what `cargo check` reports) against the dynamic engine.

use super::verdict_common::*;
use cute::statics::report::Outcome;
use cute::{op, Composition, Layout, MarkedVerdict, RouteVerdict, Shape, Tiler};

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
fn tiler_rank_verdicts() {
    case!(Composition, "composition((4,8):(1,4), <2,2,2>)", Layout![(4,8):(1,4)], Tiler![<2,2,2>], TILED);
    case!(Composition, "composition((4,8):(1,4), <2,2>)", Layout![(4,8):(1,4)], Tiler![<2,2>], TILED);
    case!(CoalesceProfile, "coalesce((2,4):(1,2), (1,1,1))", Layout![(2,4):(1,2)], Tiler![(1, 1, 1)], TILED);
    case!(CoalesceProfile, "coalesce((2,4):(1,2), (1,_))", Layout![(2,4):(1,2)], Tiler![(1, _)], TILED);
}
