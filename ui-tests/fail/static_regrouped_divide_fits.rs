// The regrouped divides and products and the complement of static layouts are checked as every
// static result of the algebra is: their size and offsets fit in i64. Here i64::MAX:1 divided by
// 2:1, 3:1 and 4:1 has ceil(i64::MAX / t) tiles of t (sizes 2^63, 2^63 + 2 and 2^63); blocks of
// 2, 4 and 8 have 2^62, 2^61 and 2^60 copies (sizes 2^63); the complement of 3:2 in i64::MAX has
// cosize 2^63.
use cute::typenum::{P1, P2, P3, P4};
use cute::{statics, HCons, HNil, Layout};

type A = Layout![9223372036854775807:1];

fn main() {
    let _ = statics::zipped_divide(A::new(), HCons { head: Layout::<P2, P1>::new(), tail: HNil });
    let _ = statics::tiled_divide(A::new(), HCons { head: Layout::<P3, P1>::new(), tail: HNil });
    let _ = statics::flat_divide(A::new(), HCons { head: Layout::<P4, P1>::new(), tail: HNil });
    let copies = HCons { head: <Layout![4611686018427387904:0]>::new(), tail: HNil };
    let _ = statics::zipped_product(<Layout![2:1]>::new(), copies);
    let copies = HCons { head: <Layout![2305843009213693952:0]>::new(), tail: HNil };
    let _ = statics::tiled_product(<Layout![4:1]>::new(), copies);
    let copies = HCons { head: <Layout![1152921504606846976:0]>::new(), tail: HNil };
    let _ = statics::flat_product(<Layout![8:1]>::new(), copies);
    let _ = statics::complement(<Layout![3:2]>::new(), cute::shape!(9223372036854775807));
}
