// make_layout of a shape and a stride that is not congruent with it: the error says what it takes.
use cute::{make_layout, shape, stride};

fn main() {
    let _ = make_layout((shape!((2,4)), stride!(((1,2),4))));
}
