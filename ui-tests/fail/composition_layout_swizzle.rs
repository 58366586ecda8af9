// A static layout then a static swizzle, `A o Sw`, is the swizzle moved outside the layout;
// where the layout does not carry the swizzle (CuTe's "works in simple cases" returns a wrong
// layout) it is a compile error naming the operands and the reason.
use cute::swizzle::Sw;
use cute::typenum::{P1, P2, Z0};
use cute::{composition, layout};

fn main() {
    // Stride 3 maps the masks 2 and 1 to 6 and 3, no swizzle's fields.
    let _ = composition(layout!(8:3), Sw::<P1, Z0, P1>::new());
    // (4,8):(1,5) maps the masks 8 and 4 to 10 and 5, no swizzle's either.
    let _ = composition(layout!((4, 8):(1, 5)), Sw::<P1, P2, P1>::new());
    // (2,4):(2,1) maps the masks to 1 and 2, Sw<1,0,-1>, which index 6 = (0,3) refutes: the
    // composition is A(7) = 5, the moved swizzle gives Sw'(A(6)) = Sw'(3) = 1.
    let _ = composition(layout!((2, 4):(2, 1)), Sw::<P1, Z0, P1>::new());
}
