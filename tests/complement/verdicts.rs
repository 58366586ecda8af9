//! The verdicts of the static operation (what `cargo check` reports) against the dynamic engine.

use super::verdict_common::*;
use cute::statics::report::Outcome;
use cute::{op, Layout, RouteVerdict, Shape};

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
