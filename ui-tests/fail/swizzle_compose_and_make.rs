// Static swizzles merge only with one shift and into one run of bits; make_swizzle's masks must
// be a swizzle's two fields. Each is a compile error naming the operands.
use cute::swizzle::{make_swizzle, Sw, Sw128B, SW32};
use cute::typenum::{P1, P2, P3, P4, P6, U160, U3, Z0};

fn main() {
    // Shifts 3 and 4.
    let _ = Sw128B::new().compose(Sw::<P2, Z0, P4>::new());
    // [4,5) ^ [6,7) is two runs.
    let _ = Sw::<P1, P4, P3>::new().compose(Sw::<P1, P6, P3>::new());
    // 0b1010_0000 is two runs.
    let _ = make_swizzle::<U160, U3>();
    // A runtime swizzle composes at run time (`.swizzle().compose(..)`).
    let _ = Sw128B::new().compose(SW32);
    // Masks are static unsigned integers.
    let _ = make_swizzle::<i64, U3>();
}
