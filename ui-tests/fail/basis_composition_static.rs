// A composition of static layouts with basis strides checks CuTe's conditions in the trait
// solver, as for integer strides: the error names the condition and the operands.
use cute::{composition, hlist, layout, make_identity_layout, shape, Underscore};

fn main() {
    let id = make_identity_layout(shape!((8, 8)));
    let _ = composition(id, layout!(6:3));
    let _ = composition(id, layout!((4, 4):(1, 2)));
    // A tuple tiler: the whole operands are named, as for integer strides.
    let nested = make_identity_layout(shape!((8, (4, 6))));
    let _ = composition(nested, hlist![Underscore, layout!(6:3)]);
}
