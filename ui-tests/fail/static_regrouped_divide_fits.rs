// The regrouped divides and products and the complement of static layouts are checked as every
// static result of the algebra is: their size and offsets fit in i64 (here the rest mode of
// i64::MAX / 2 copies of 2:1 makes a size of 2^63, 2^62 copies of a block of 2 too, and the
// complement's cosize is 2^63).
use cute::typenum::{P1, P2};
use cute::{statics, HCons, HNil, Layout};

type A = Layout![9223372036854775807:1];
type Block = Layout![2:1];
type Copies = Layout![4611686018427387904:0];
type Three = Layout![3:2];

fn main() {
    let tile = || HCons { head: Layout::<P2, P1>::new(), tail: HNil };
    let _ = statics::zipped_divide(A::new(), tile());
    let _ = statics::tiled_divide(A::new(), tile());
    let _ = statics::flat_divide(A::new(), tile());
    let copies = || HCons { head: Copies::new(), tail: HNil };
    let _ = statics::zipped_product(Block::new(), copies());
    let _ = statics::complement(Three::new(), cute::shape!(9223372036854775807));
}
