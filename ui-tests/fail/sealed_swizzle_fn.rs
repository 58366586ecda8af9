// A swizzled tensor's reach is computed from its swizzle once, and its reads apply the swizzle
// again, so a user cannot implement `SwizzleFn` (an impl answering differently on later calls
// would read outside the data). The trait is sealed.
use cute::swizzle::{Swizzle, SwizzleFn};

#[derive(Clone, Copy)]
struct Fickle;

impl std::fmt::Display for Fickle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Fickle")
    }
}

impl SwizzleFn for Fickle {
    fn swizzle_fn(&self) -> Swizzle {
        Swizzle::new(1, 0, -20).unwrap()
    }
}

fn main() {}
