// The copies of A = (2,2):(1,4) are laid out by its complement (2,2):(2,8); B = 3:1 walks 3
// elements of its first mode, of shape 2: CuTe's shape divisibility, which `cargo check`
// reports at this line.
use cute::{layout, zipped_product};

fn main() {
    let _ = zipped_product(layout!((2,2):(1,4)), layout!(3:1));
}
