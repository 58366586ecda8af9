//! The verdicts of the static operation (what `cargo check` reports) against the dynamic engine.

use super::verdict_common::*;
use cute::dynamic::ErrorKind;
use cute::statics::report::Outcome;
use cute::{op, Layout, Shape};

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
