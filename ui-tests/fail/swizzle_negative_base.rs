// A static swizzle with a negative base is a compile error naming CuTe's rule.
use cute::swizzle::Sw;
use cute::typenum::{N1, P2, P3};

fn main() {
    let _ = Sw::<P2, N1, P3>::new();
}
