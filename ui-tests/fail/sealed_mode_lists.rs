// The coordinates of `slice` and `dice`, the mode lists of `select_modes` and `group_modes`, a
// tensor slice's offset and a tiler are cute's own types: their answers become a layout without
// a second check, so a type of the user's that answered with an extent past i64 or a repeated
// mode gave an unchecked layout (whose size then overflowed).
use cute::statics::mode::{ModeSet, SelectModes};
use cute::statics::Kept;
use cute::tensor::SliceOffset;
use cute::{hlist, HCons, HNil};

#[derive(Clone, Copy)]
struct Lie;
type S2 = HCons<i64, HCons<i64, HNil>>;

impl<Op, S, D> Kept<Op, S, D> for Lie {
    type Shape = S2;
    type Stride = S2;
    fn kept(&self, _: &S, _: &D) -> (S2, S2) {
        (hlist![i64::MAX, 4i64], hlist![1i64, 0i64])
    }
}

impl ModeSet for Lie {
    const BITS: u64 = 1;
    const DISTINCT: bool = true;
}

impl<S, D> SelectModes<S, D> for Lie {
    type Shape = S2;
    type Stride = S2;
    fn select_modes(_: &S, _: &D) -> (S2, S2) {
        (hlist![1i64 << 40, 1i64 << 40], hlist![1i64 << 40, 1i64])
    }
}

impl<S, D> SliceOffset<S, D> for Lie {
    fn fixed_offset(&self, _: &S, _: &D) -> Result<isize, cute::mixed::Error> {
        Ok(isize::MAX)
    }
}

impl<A> cute::statics::tiler::TilerCheck<A> for Lie {
    type Output = cute::error::verdict::Pass;
}

fn main() {}
