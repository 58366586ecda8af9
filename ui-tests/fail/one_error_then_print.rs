// A violated condition is one error at the call: printing the result (or its Debug) adds none.
use cute::{composition, layout, logical_divide};

fn main() {
    let r = logical_divide(layout!((4,6,8):(2,3,5)), layout!(6:3));
    println!("{} {:?}", r, r);
    let o = composition(layout!((2,2):(1,3)), layout!((2,2):(1,1)));
    println!("{} {:?}", o, o);
}
