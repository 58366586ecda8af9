// A static layout with basis strides written by hand whose coordinates do not fit in i64 (along
// e0 they reach 3 * 2^62): `new_basis` fails the build, rather than `call(3)` wrapping.
use cute::basis::{Basis, ScaledBasis};
use cute::typenum::U0;
use cute::{HCons, HNil, Layout, Shape, Stride};

type E0 = HCons<U0, HNil>;

fn main() {
    let l = Layout::<Shape![4], Basis<ScaledBasis<Stride![4611686018427387904], E0>>>::new_basis();
    let _ = l.call(3);
}
