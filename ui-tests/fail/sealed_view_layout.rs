// A tensor reads without bounds checks, trusting its layout's offsets and reach, so a user
// cannot implement `ViewLayout`: an impl whose leaves describe 8:1 while `at(i)` returns
// 1000 * i would read far outside the data. The trait is sealed.
use cute::mixed::{Detail, Error};
use cute::tensor::ViewLayout;

struct Liar;

impl ViewLayout for Liar {
    type Error = Error;
    const STATIC_SHAPE: bool = false;
    const STATIC_RUN: usize = 1;
    fn size(&self) -> usize {
        8
    }
    fn at(&self, i: usize) -> isize {
        1000 * i as isize
    }
    fn error(op: &'static str, detail: Detail) -> Error {
        Error::new(op, detail)
    }
    fn to_dynamic_layout(&self) -> cute::dynamic::Layout {
        "8:1".parse().unwrap()
    }
    fn rank(&self) -> usize {
        1
    }
    fn mode_size(&self, _: usize) -> usize {
        8
    }
    fn fold_leaves<A>(&self, acc: A, f: &mut impl FnMut(A, i64, i64) -> A) -> A {
        f(acc, 8, 1)
    }
}

fn main() {}
