// A static result of the algebra whose size passes i64 (a divide's rest mode here: 2^62 tiles of
// 2, 2^63 elements) fails the build, naming it, as a layout written by hand does.
use cute::{layout, logical_divide};

fn main() {
    let d = logical_divide(layout!(9223372036854775807:1), layout!(2:1));
    let _ = d.size();
}
