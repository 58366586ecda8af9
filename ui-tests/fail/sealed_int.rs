// A layout's leaves are typenum integers or `i64`: a user leaf type could answer one value to
// the view's check and another to its reads. `mixed::Int` is sealed.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Leaf;

impl cute::mixed::Int for Leaf {
    const STATIC: Option<i64> = None;
    fn value(self) -> i64 {
        8
    }
    fn from_value(_: i64) -> Option<Self> {
        Some(Leaf)
    }
}

fn main() {}
