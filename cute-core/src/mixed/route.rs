//! The two routes of an operation: `B1` (every leaf of the operands static) to the static face,
//! whose result is the layout and whose conditions are compile errors, `B0` to the checked
//! layer, whose result is a `Result`. The traits are declared here, below the crate root's
//! functions that implement them (`ops/`), so that this layer's functions can name the root's
//! verdicts.

use super::Both;
use crate::statics::check::Checked;

/// An operation `Op` of two operands `A`, `B`, delivered as `Self` chooses: `B1` (every leaf
/// static) the layout, `B0` a `Result`.
#[doc(hidden)]
pub trait Route<Op, A, B> {
    /// The layout, or the `Result` of one.
    type Output;
    /// The outcome of the conditions known at compile time (every leaf static), which the
    /// operation's function checks at the caller's line.
    const CHECK: Checked;
    /// Run the operation (its compile-time conditions are checked by the caller).
    fn run(a: A, b: B, _: crate::Internal) -> Self::Output;
}

/// An operation `Op` of one operand `A`, delivered as `Self` chooses (see [`Route`]).
#[doc(hidden)]
pub trait Route1<Op, A> {
    /// The layout, or the `Result` of one.
    type Output;
    /// See [`Route::CHECK`].
    const CHECK: Checked;
    /// Run the operation (its compile-time conditions are checked by the caller).
    fn run(a: A, _: crate::Internal) -> Self::Output;
}

/// The conditions of an operation `Op` on `A`, `B` that the trait solver decides, chosen by
/// `Self` as [`Route`] is: the operation's function requires the verdict to hold, so that
/// `cargo check` reports a violation at the caller's line. A trait apart from [`Route`]: a
/// projection of the route would have the trait solver confirm the result's impls again.
#[doc(hidden)]
pub trait Verdicts<Op, A, B> {
    /// [`Pass`], or the failure of the first violated condition.
    type Output;
}
/// The verdict of an operation.
#[doc(hidden)]
pub type RouteVerdict<Op, A, B> = <Both<A, B> as Verdicts<Op, A, B>>::Output;

/// The result of the operation `Op` on `A` and `B` as its route delivers it.
#[doc(hidden)]
pub type Routed<Op, A, B> = <Both<A, B> as Route<Op, A, B>>::Output;

/// The conditions of a one-operand operation `Op` on `A` that the trait solver decides (see
/// [`Verdicts`]), chosen by `Self` as [`Route1`] is.
#[doc(hidden)]
pub trait Verdicts1<Op, A> {
    /// [`Pass`], or the failure of the first violated condition.
    type Output;
}

/// The operations' names for [`Route`] and [`Route1`].
#[doc(hidden)]
pub mod op {
    macro_rules! markers {
        ($($name:ident),*) => {$(
            /// An operation's name.
            pub struct $name;
        )*};
    }
    markers!(
        Composition,
        Complement,
        LogicalDivide,
        ZippedDivide,
        TiledDivide,
        FlatDivide,
        LogicalProduct,
        ZippedProduct,
        TiledProduct,
        FlatProduct,
        BlockedProduct,
        RakedProduct,
        TileToShape,
        TileToShapeOrdered,
        MaxCommonVector,
        MaxCommonLayout,
        CoalesceProfile,
        Coalesce,
        Filter,
        FilterZeros,
        Flatten,
        Nullspace,
        RightInverse,
        MakeLayout,
        MakeOrderedLayout
    );
    /// The name of the compact layout of a shape in the order `M` (`Left` or `Right`).
    pub struct MakeCompact<M>(core::marker::PhantomData<M>);
    /// The name of `upcast::<N>`.
    pub struct Upcast<N>(core::marker::PhantomData<N>);
    /// The name of `downcast::<N>`.
    pub struct Downcast<N>(core::marker::PhantomData<N>);
    /// The name of `recast::<Old, New>`.
    pub struct Recast<Old, New>(core::marker::PhantomData<(Old, New)>);
}
