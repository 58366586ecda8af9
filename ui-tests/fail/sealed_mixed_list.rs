// The elements of a layout's tuples are HLists of the crate's tuples: `MixedList` is sealed.
use std::fmt;

use cute::mixed::MixedList;

#[derive(Clone, Copy, Debug, PartialEq)]
struct List;

impl MixedList for List {
    const LEN: usize = 1;
    const MAX_DEPTH: usize = 0;
    const LEAF_COUNT: usize = 1;
    const IS_STATIC: bool = false;
    const STATIC_LEAVES: cute::statics::Leaves = cute::statics::Leaves::one(0);
    fn write_elems(&self, f: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        f.write_str("8")
    }
    fn write_leaves(&self, out: &mut [i64], at: usize) -> usize {
        out[at] = 8;
        at + 1
    }
    fn read_leaves(_: &[i64], _: &mut usize) -> Option<Self> {
        Some(List)
    }
    fn fill_modes(_: &mut [usize], _: usize, _: usize) {}
    fn try_fold_leaves<E>(&self, acc: i64, f: &mut impl FnMut(i64, i64) -> Result<i64, E>) -> Result<i64, E> {
        f(acc, 8)
    }
    fn push_dynamic(&self, out: &mut Vec<cute::dynamic::IntTuple>) {
        out.push(cute::dynamic::IntTuple::Leaf(8));
    }
    fn from_dynamic_elems(_: &[cute::dynamic::IntTuple]) -> Option<Self> {
        Some(List)
    }
}

fn main() {}
