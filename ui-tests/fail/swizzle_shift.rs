// A static swizzle whose fields overlap (|S| < B) is a compile error naming CuTe's rule.
use cute::swizzle::Sw;
use cute::typenum::{P2, P3, P4};

fn main() {
    let _ = Sw::<P3, P4, P2>::new();
}
