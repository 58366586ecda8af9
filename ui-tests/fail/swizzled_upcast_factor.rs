// A swizzled layout's upcast factor is a static power of two: 3 moves no bit boundary.
use cute::swizzle::Sw128B;
use cute::typenum::P3;
use cute::{layout, ComposedLayout};

fn main() {
    let c = ComposedLayout::new(Sw128B::new(), 0, layout!((8,128):(128,1))).unwrap();
    let _ = c.upcast::<P3>();
}
