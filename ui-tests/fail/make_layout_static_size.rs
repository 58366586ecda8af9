// A static make_layout whose size passes i64 fails the build, naming the operation.
use cute::{make_layout, shape};

fn main() {
    let l = make_layout(shape!((4294967296,4294967296)));
    println!("{}", l);
}
