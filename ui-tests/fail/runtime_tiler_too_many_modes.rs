// A tuple tiler has at most one entry per mode, with runtime leaves as with static ones.
use cute::{composition, hlist, layout, logical_divide, logical_product};

fn main() {
    let m = 4i64;
    let _ = logical_divide(layout!((8,{m}):(1,8)).unwrap(), hlist![layout!(2:1), layout!(2:1), layout!(2:1)]);
    let _ = logical_product(layout!({m}:1).unwrap(), hlist![2i64, 2i64]);
    let _ = composition(layout!(({m},4):(1,{m})).unwrap(), hlist![2i64, 2i64, layout!(2:1)]);
    let _ = composition(layout!({m}:1).unwrap(), hlist![2i64, 2i64]);
}
