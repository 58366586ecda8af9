//! CuTe's `composition`: the root function, its routes and result type, and `ComposeWith`.

pub(crate) mod basis;
#[doc(hidden)]
pub mod basis_right;
mod digits;
#[doc(hidden)]
pub mod mixed_face;
mod overlap;
#[doc(hidden)]
pub mod static_face;
mod walk;

use super::*;

route2! {
    fn composition => Composition;
    static [SA, DA, T] (Layout<SA, DA>, T) -> <T as statics::tiler::AppliedTo<statics::ComposeOp, Layout<SA, DA>>>::Output
        where [DA: statics::IntTuple, T: statics::tiler::AppliedTo<statics::ComposeOp, Layout<SA, DA>>] check statics::tiler::Tiled<statics::ComposeOp, Layout<SA, DA>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed::Compose<T>>::Output, Error> where [A: mixed::Compose<T>] fits => mixed_face::composition_fits;
}

/// CuTe's `composition(A, B)`: `(A o B)(c) = A(B(c))`, B a layout, a tile size, `_` or a
/// tuple tiler of these. All-static operands give the layout (a violated condition is a
/// compile error); with a runtime leaf the result is checked at run time. The conditions are
/// those of the dynamic engine's [`composition`](crate::dynamic::composition). A swizzle on the left gives the swizzled layout
/// `Sw o 0 o B` ([`ComposedLayout`](crate::ComposedLayout), CuTe's `composition(Swizzle,
/// Layout)`; the identity `Sw<0,_,_>` gives B). A swizzle on the right, `A o Sw` (CuTe's
/// `composition(Layout, Swizzle)`), gives `Sw' o 0 o A`, the swizzle moved outside: `Sw'` is
/// made from A's values at Sw's masks and checked at every index of A's domain; where A does
/// not carry the swizzle
/// (CuTe's "works in simple cases"), a static A and a static swizzle fail compilation, else an
/// error of kind `InvalidSwizzle`. A swizzled layout on the right, `A o (Sw o 0 o B)`, gives
/// `Sw' o 0 o (A o B)`, checked at every index of B's domain (the offset must be 0, as CuTe
/// requires), as the dynamic engine's
/// [`composition_with_composed`](crate::dynamic::composition_with_composed). A layout of
/// basis strides on the right (a coordinate layout: an identity layout, a TV layout over
/// coordinates) picks A's modes: each leaf `s:v@i` composes mode `i` of A with `s:v`, the
/// leaves on one mode checked together, as the dynamic engine's
/// [`composition_with_basis`](crate::dynamic::composition_with_basis).
///
/// ```
/// use cute::{composition, layout};
/// assert_eq!(composition(layout!((4,6,8,10):(2,3,5,7)), layout!(6:12)).to_string(), "(_2,_3):(_9,_5)");
/// let smem = composition(cute::swizzle::Sw128B::new(), layout!((8,128):(128,1)));
/// assert_eq!(smem.to_string(), "Sw<3,4,3> o 0 o (_8,_128):(_128,_1)");
/// let a = layout!(({4},6):({2},3)).unwrap();
/// let e = composition(a, layout!(6:3)).unwrap_err();
/// assert_eq!(e.to_string(), "stride divisibility: composition (4,6):(2,3) o 6:3: stride 3 does not divide shape 4");
/// // A row-major 8 x 8 tile after Sw<3,0,3>: the fields swap roles, so the shift turns.
/// use cute::swizzle::{Sw, Swizzle};
/// use cute::typenum::{P3, Z0};
/// let r = composition(layout!((8,8):(8,1)), Sw::<P3, Z0, P3>::new());
/// assert_eq!(r.to_string(), "Sw<3,0,-3> o 0 o (_8,_8):(_8,_1)");
/// let e = composition(layout!(({8}):({3})).unwrap(), Swizzle::new(1, 0, 1).unwrap()).unwrap_err();
/// assert_eq!(e.kind(), cute::error::ErrorKind::InvalidSwizzle);
/// // 16:2 doubles every offset of a swizzled 4 x 4 tile: its swizzle's fields move up a bit.
/// use cute::typenum::P2;
/// let tile = composition(Sw::<P2, Z0, P2>::new(), layout!((4,4):(4,1)));
/// let r = composition(layout!(16:2), tile).unwrap();
/// assert_eq!(r.to_string(), "Sw<2,1,2> o 0 o (_4,_4):(_8,_2)");
/// // Basis strides pick modes: two of mode 1 (stride 4), then four of mode 0 by 2.
/// assert_eq!(composition(layout!((4,8):(1,4)), layout!((2,4):(1@1,2@0))).to_string(), "(_2,_4):(_4,_2)");
/// ```
///
/// Stride 3 maps Sw<1,0,1>'s masks 2 and 1 to 6 and 3, which no swizzle has:
///
/// ```compile_fail
/// use cute::{composition, layout};
/// use cute::swizzle::Sw;
/// use cute::typenum::{P1, Z0};
/// let _ = composition(layout!(8:3), Sw::<P1, Z0, P1>::new());
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn composition<A, B>(a: A, b: B) -> Composition<A, B>
where RouteVerdict<op::Composition, A, B>: Holds, ResultCheck<statics::names::composition, Composition<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::Composition, A, B>,
    Both<A, B>: Verdicts<op::Composition, A, B>,
    Composition<A, B>: ResultVerdict<statics::names::composition, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::Composition, A, B>>::OK;
    <Both<A, B> as Route<op::Composition, A, B>>::run(a, b, crate::Internal(()))
}

/// The result of [`composition`](fn@composition): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Composition, composition, Layout};
/// type A = Layout![(4,8):(1,4)];
/// type B = Layout![2:1];
/// let r: Composition<A, B> = composition(A::new(), B::new());
/// assert_eq!(r.to_string(), "_2:_1");
/// ```
pub type Composition<A, B> = Routed<op::Composition, A, B>;

op_trait! {
    /// [`composition`](fn@composition) as a trait.
    ///
    /// ```
    /// use cute::{layout, ComposeWith};
    /// assert_eq!(layout!((4,8):(1,4)).compose_with(layout!(2:1)).to_string(), "_2:_1");
    /// ```
    ComposeWith, compose_with => composition, Composition, Composition, composition;
}
