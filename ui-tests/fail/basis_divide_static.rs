// The divides of static layouts with basis strides check the tile's complement and
// composition's conditions in the trait solver, as for integer strides.
use cute::{hlist, layout, logical_divide, make_identity_layout, shape, zipped_divide};

fn main() {
    let id = make_identity_layout(shape!((8, 8)));
    // Every third column crosses from one row into the next.
    let _ = logical_divide(id, layout!(4:3));
    // The tile is not injective, so it has no complement.
    let nested = make_identity_layout(shape!((8, (4, 6))));
    let _ = zipped_divide(nested, hlist![layout!(2:1), layout!((2, 3):(3, 4))]);
}
