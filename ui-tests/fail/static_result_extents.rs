// A static result of the algebra has positive extents, as every layout does: a tiler of the
// caller's whose trait impls answer a result with an extent of 0 or -4 fails the build (the
// result is checked as each static result is: its extents, its size, its offsets), where such
// a layout divided by its zero extent when evaluated.
use cute::error::Message;
use cute::mixed::AllStatic;
use cute::statics::complement::TilesComplement;
use cute::statics::report::Pass;
use cute::statics::tiler::AppliedTo;
use cute::statics::DivideOp;
use cute::typenum::{B1, N4, P1, P4, Z0};
use cute::{layout, op, HCons, HNil, Layout, Verdicts};

#[derive(Clone, Copy, Debug, Default)]
struct Lie;
impl AllStatic for Lie {
    type Is = B1;
}
type Bad = Layout<HCons<Z0, HCons<P4, HNil>>, HCons<P1, HCons<P4, HNil>>>;
impl<A> AppliedTo<DivideOp, A> for Lie {
    type Output = Bad;
    const RESULT: Result<(), Message> = Ok(());
}
impl<S, D> Verdicts<op::LogicalDivide, Layout<S, D>, Lie> for B1 {
    type Output = Pass;
}
impl<A> TilesComplement<DivideOp, A> for Lie {
    type Verdict = Pass;
}

#[derive(Clone, Copy, Debug, Default)]
struct Neg;
impl AllStatic for Neg {
    type Is = B1;
}
impl<A> AppliedTo<DivideOp, A> for Neg {
    type Output = Layout<N4, P1>;
    const RESULT: Result<(), Message> = Ok(());
}
impl<S, D> Verdicts<op::LogicalDivide, Layout<S, D>, Neg> for B1 {
    type Output = Pass;
}
impl<A> TilesComplement<DivideOp, A> for Neg {
    type Verdict = Pass;
}

fn main() {
    let _ = cute::logical_divide(layout!((8,4):(1,8)), Neg);
    let _ = cute::logical_divide(layout!((8,4):(1,8)), Lie);
}
