// The crate root's left_inverse takes integer strides; a layout with basis strides is inverted
// by its method, and the error says so.
use cute::{left_inverse, make_identity_layout, shape};

fn main() {
    let id = make_identity_layout(shape!((4, 8)));
    let _ = left_inverse(id);
    let _ = id.left_inverse();
}
