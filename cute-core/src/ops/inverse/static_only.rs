//! The operations defined only for static layouts, `Op`: `left_inverse` (CuTe's
//! `@pre is_static<Layout>`: its complement needs static strides) and the one-argument
//! `complement` (its cotarget is the layout's cosize). A layout with a runtime leaf
//! is a compile error saying so, which `cargo check` reports.

use crate::error::names;
use crate::error::verdict::{Pass, RuntimeLeafFail, Shown};
use crate::Layout;

use typenum::{B0, B1, P1, Z0};

use crate::mixed::int::AllStatic;
use crate::mixed::MixedTuple;

pub use crate::statics::left_inverse;

/// A layout for an operation CuTe defines only for static layouts: `Static` is the layout
/// itself when every leaf is static, else the static `1:0` (so that the operation's other
/// bounds hold and only the verdict fails, naming the layout).
#[doc(hidden)]
pub trait StaticOnly<Op = names::left_inverse> {
    /// The static layout's shape.
    type Shape;
    /// The static layout's stride.
    type Stride;
    /// [`Pass`], or the failure naming the layout with a runtime leaf.
    type Verdict;
}
impl<S, D, Op> StaticOnly<Op> for Layout<S, D>
where
    Layout<S, D>: AllStatic,
    <Layout<S, D> as AllStatic>::Is: StaticBy<S, D, Op>,
{
    type Shape = <<Layout<S, D> as AllStatic>::Is as StaticBy<S, D, Op>>::Shape;
    type Stride = <<Layout<S, D> as AllStatic>::Is as StaticBy<S, D, Op>>::Stride;
    type Verdict = <<Layout<S, D> as AllStatic>::Is as StaticBy<S, D, Op>>::Verdict;
}
/// [`StaticOnly`] by whether every leaf of `S:D` is static (`Self`).
pub trait StaticBy<S, D, Op = names::left_inverse> {
    /// The static layout's shape.
    type Shape;
    /// The static layout's stride.
    type Stride;
    /// The verdict.
    type Verdict;
}
impl<S, D: MixedTuple, Op> StaticBy<S, D, Op> for B1 {
    type Shape = S;
    type Stride = D;
    type Verdict = Pass;
}
impl<S, D: NotStatic<S, Op>, Op> StaticBy<S, D, Op> for B0 {
    type Shape = P1;
    type Stride = Z0;
    type Verdict = D::Verdict;
}

/// Why the crate root's `left_inverse` does not take a layout of shape `S` and stride `Self`:
/// for integer strides, a runtime leaf; for basis strides (static or not), the crate root's
/// function takes integer strides, and the failure names the method that inverts them.
///
/// ```
/// use cute::mixed::static_only::NotStatic;
/// use cute::statics::report::Outcome;
/// use cute::{Layout, Shape, Stride};
/// type Runtime = <Stride![(1,{})] as NotStatic<Shape![(4,8)]>>::Verdict;
/// assert!(<Runtime as Outcome>::KIND.is_some());
/// ```
pub trait NotStatic<S, Op = names::left_inverse> {
    /// The failure.
    type Verdict;
}
impl<S: Shown, D: Shown + MixedTuple, Op> NotStatic<S, Op> for D {
    type Verdict = RuntimeLeafFail<Op, S::Out, D::Out>;
}
