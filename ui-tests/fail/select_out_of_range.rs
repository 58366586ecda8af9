use cute::{layout, select};

fn main() {
    // (2,3,4) has modes 0, 1 and 2.
    let _ = select!(layout!((2,3,4):(1,2,6)), 0, 3);
}
