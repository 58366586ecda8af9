// The algebra's trait methods whose results the crate's functions check afterwards take a value
// that only cute makes: from outside, a result is reached through the checking functions only
// (`Compose::compose`, `cute::composition`, ...), whose size and cosize fit in i64.
use cute::mixed::coalesce::ToLayout;
use cute::mixed::{Compose, Divide};

fn main() {
    let a = cute::layout!({1}:{-3}).unwrap();
    let b = cute::layout!({1i64 << 32}:{1i64 << 31}).unwrap();
    let _ = Compose::compose_unchecked(a, b, Default::default());
    let _ = Divide::logical_divide(cute::layout!({i64::MAX}:1).unwrap(), 2i64, Default::default());
    let _ = cute::hlist![(0i64, 1i64)].to_layout_unchecked(Default::default());
}
