use cute::{layout, take};

fn main() {
    let _ = take!(layout!((2,3,4):(1,2,6)), 2, 2);
}
