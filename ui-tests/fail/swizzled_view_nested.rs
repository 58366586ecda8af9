// A swizzled view's queries read its inner layout's strides as steps between offsets, which a
// swizzled layout inside another does not have: such a layout is not a tensor's layout.
use cute::swizzle::{Swizzle, SW_NONE};
use cute::tensor::make_tensor;
use cute::{layout, ComposedLayout};

fn main() {
    let inner = ComposedLayout::new(SW_NONE, 1, layout!(8:1)).unwrap();
    let nested = ComposedLayout::new(Swizzle::new(1, 1, 2).unwrap(), 0, inner).unwrap();
    let mut data = [0u32; 12];
    let _ = make_tensor(&mut data[..], nested);
}
