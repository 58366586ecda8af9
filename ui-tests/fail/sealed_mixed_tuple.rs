// A layout's shape and stride are HLists of the crate's leaves: `MixedTuple` is sealed, so a
// user type cannot be a shape whose folds disagree with its offsets.
use std::fmt;

use cute::mixed::MixedTuple;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Tuple;

impl MixedTuple for Tuple {
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    const LEAF_COUNT: usize = 1;
    const IS_STATIC: bool = false;
    const IS_LEAF: bool = true;
    const STATIC_LEAVES: cute::statics::Leaves = cute::statics::Leaves::one(0);
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("8")
    }
    fn write_leaves(&self, out: &mut [i64], at: usize) -> usize {
        out[at] = 8;
        at + 1
    }
    fn read_leaves(_: &[i64], _: &mut usize) -> Option<Self> {
        Some(Tuple)
    }
    fn fill_modes(_: &mut [usize], _: usize, _: usize) {}
    fn try_fold_leaves<E>(&self, acc: i64, f: &mut impl FnMut(i64, i64) -> Result<i64, E>) -> Result<i64, E> {
        f(acc, 8)
    }
    fn to_dynamic(&self) -> cute::dynamic::IntTuple {
        cute::dynamic::IntTuple::Leaf(8)
    }
    fn from_dynamic(_: &cute::dynamic::IntTuple) -> Option<Self> {
        Some(Tuple)
    }
}

fn main() {}
