// `Layout::new` checks that every extent of a static shape is positive: a shape type of the
// caller's (the static int tuple traits are public) whose leaves are 0 and 4 fails the build,
// where such a layout divided by its zero extent when evaluated.
use cute::statics::{Congruent, IntTuple, Leaves, Shape, Tree};
use cute::typenum::P1;
use cute::{HCons, HNil, Layout};
use std::fmt;

#[derive(Clone, Copy, Default, Debug)]
struct ZeroShape;
impl IntTuple for ZeroShape {
    const RANK: usize = 2;
    const DEPTH: usize = 1;
    const IS_LEAF: bool = false;
    const LEAVES: Leaves = Leaves::one(0).concat(Leaves::one(4));
    fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(0,4)")
    }
    fn to_dynamic() -> cute::dynamic::IntTuple {
        cute::dynamic::IntTuple::Tuple(vec![cute::dynamic::IntTuple::Leaf(0), cute::dynamic::IntTuple::Leaf(4)])
    }
}
impl Shape for ZeroShape {}
type D = HCons<P1, HCons<P1, HNil>>;
impl Congruent<D> for ZeroShape {}
impl Tree for ZeroShape {
    type Of = HCons<(), HCons<(), HNil>>;
}

fn main() {
    let _ = Layout::<ZeroShape, D>::new();
}
