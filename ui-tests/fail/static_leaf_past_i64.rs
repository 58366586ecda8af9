// typenum computes an integer's i64 modulo 2^64: a static stride of 2^64 - 1 would be read as -1.
// A static leaf past i64 fails the build, naming it.
use cute::typenum::{Prod, PInt, Sub1, U4294967296, P2};
use cute::Layout;

type Huge = PInt<Sub1<Prod<U4294967296, U4294967296>>>;

fn main() {
    let l = Layout::<P2, Huge>::new();
    let _ = l.call(1);
}
