// A layout of rank 2 has no mode 2 (CuTe's layout<2>(L) fails its static_assert).
use cute::layout;

fn main() {
    let _ = layout!((4,8):(1,4)).mode::<2>();
}
