// A zipped, tiled or flat divide or product regroups each tiled mode as a pair (tile, rest); a
// `_` entry leaves its mode as it is, so that mode must already be a pair (CuTe's zip2_by
// static_assert; the dynamic engine's "zip2_by(8:1, _): expected a rank-2 layout").
use cute::{flat_divide, hlist, layout, zipped_product, Underscore};

fn main() {
    let m = 6i64;
    let _ = flat_divide(layout!((8,{m}):(1,8)).unwrap(), hlist![Underscore, 3i64]);
    let _ = zipped_product(layout!((8,{m}):(1,8)).unwrap(), hlist![2i64, Underscore]);
}
