//! # cute-macros
//!
//! Static layouts written in CuTe's notation: `layout!((4,(3,2)):(2,(8,1)))` is the zero-sized
//! `cute::Layout` of that shape and stride, with every integer a typenum type. Use these macros
//! through the `cute` crate (they expand to paths under `::cute`), which re-exports them.
//!
//! | macro | gives | example |
//! |---|---|---|
//! | [`layout!`] | a layout value | `layout!((4,8):(1,4))`, `layout!((4,8))`, `layout!((4,8), LayoutRight)` |
//! | [`Layout!`] | its type | `type Tile = Layout![(4,8):(8,1)];` |
//! | [`shape!`] / [`Shape!`] | an int tuple of positive extents | `shape!((4,8))`, `Shape![24]` |
//! | [`stride!`] / [`Stride!`] | an int tuple of strides | `stride!((1,-4))` |
//! | [`tiler!`] / [`Tiler!`] | a tiler | `tiler!(<4:1,(8,2):(2,1)>)`, `tiler!((4,8))`, `tiler!(<_,2>)` |
//!
//! The notation is the dynamic engine's: `_4` means `4`, strides may be negative, any integer
//! that fits in `i64` is accepted. A mistake is a compile error on the offending token: an
//! unclosed `<`, a missing element, a zero or negative extent, a stride not congruent with its
//! shape (on the stride's sub-tuple), something that is not an integer, an integer out of range.
//! `{expr}` in place of an integer, a runtime leaf, is an error until mixed static/runtime
//! layouts exist.

mod emit;
mod notation;

use proc_macro::TokenStream;
use quote::quote;

use emit::{Major, Role};

/// Expand `f(input)` or its error.
fn expand(
    input: TokenStream,
    f: impl FnOnce(proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream>,
) -> TokenStream {
    f(input.into()).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// The type of the layout written in `input`.
fn layout_type(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let (term, word) = notation::parse(input, "a layout such as `(4,8):(1,4)` or a shape such as `(4,8)`")?;
    let major = match &word {
        None => None,
        Some(w) if w == "LayoutLeft" => Some((Major::Left, w)),
        Some(w) if w == "LayoutRight" => Some((Major::Right, w)),
        Some(w) => {
            return Err(syn::Error::new(w.span(), format!("expected `LayoutLeft` or `LayoutRight`, found `{w}`")))
        }
    };
    let (shape, stride) = emit::layout(&term, major)?;
    Ok(emit::layout_type(&shape, &stride))
}

/// The type of the int tuple written in `input`.
fn tuple_type(input: proc_macro2::TokenStream, role: Role) -> syn::Result<proc_macro2::TokenStream> {
    let what = match role {
        Role::Shape => "a shape such as `(4,8)`",
        Role::Stride => "a stride such as `(1,4)`",
    };
    let (term, word) = notation::parse(input, what)?;
    if let Some(w) = word {
        return Err(syn::Error::new(w.span(), format!("unexpected `{w}`: a {} takes no layout order", &what[2..7])));
    }
    Ok(emit::tuple(&emit::int_tuple(&term, role)?))
}

/// The type of the tiler written in `input`.
fn tiler_type(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    let (term, word) = notation::parse(input, "a tiler such as `<4:1,8:2>` or `(4,8)`")?;
    if let Some(w) = word {
        return Err(syn::Error::new(w.span(), format!("unexpected `{w}`: write a tiler's modes inside `<...>`")));
    }
    emit::tiler(&term)
}

/// `<T as Default>::default()`: the value of a zero-sized static type.
fn value_of(ty: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    quote!(<#ty as ::core::default::Default>::default())
}

/// A static layout value, written `shape:stride` in CuTe's notation.
///
/// Without a stride the layout is compact: column-major (CuTe's default, `LayoutLeft`), or
/// row-major with `, LayoutRight`, as CuTe's `make_layout(shape, LayoutRight{})`. The value is
/// zero-sized and usable in `const` items.
///
/// ```
/// use cute::{composition, layout};
///
/// let a = layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(a.to_string(), "(_4,(_3,_2)):(_2,(_8,_1))");
/// assert_eq!(a.call(5), 10);
/// assert_eq!(layout!((4,8)).to_string(), "(_4,_8):(_1,_4)");
/// assert_eq!(layout!((4,8), LayoutRight).to_string(), "(_4,_8):(_8,_1)");
/// assert_eq!(layout!(_8:_-1).call(3), -3);
///
/// const B: isize = layout!((2,2):(1,16)).call(3);
/// assert_eq!(B, 17);
/// assert_eq!(composition(a, layout!(4:2)).to_string(), "_4:_4");
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    expand(input, |input| {
        let ty = layout_type(input)?;
        Ok(quote!(<#ty>::new()))
    })
}

/// The type of a static layout, in CuTe's notation: `Layout![(4,8):(8,1)]` is the type of
/// `layout!((4,8):(8,1))`, for signatures, aliases and turbofish arguments.
///
/// ```
/// use cute::{layout, Layout};
///
/// type Tile = Layout![(4,8), LayoutRight];
/// fn offset(t: Tile, i: usize) -> isize {
///     t.call(i)
/// }
/// assert_eq!(offset(layout!((4,8):(8,1)), 9), 10);
/// assert_eq!(<Layout![(2,(3,4))]>::SIZE, 24);
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Layout(input: TokenStream) -> TokenStream {
    expand(input, layout_type)
}

/// A static shape value: an integer or a tuple of positive integers, `shape!((4,8))`.
///
/// ```
/// use cute::{complement, layout, shape, tile_to_shape, HCons, HNil};
/// use cute::typenum::{P2, P3, P4};
///
/// let s: HCons<P4, HCons<HCons<P2, HCons<P3, HNil>>, HNil>> = shape!((4,(2,3)));
/// assert_eq!(complement(layout!(4:2), shape!(24)).to_string(), "(_2,_3):(_1,_8)");
/// assert_eq!(tile_to_shape(layout!((2,2):(1,2)), shape!((4,6))).to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
/// ```
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    expand(input, |input| Ok(value_of(tuple_type(input, Role::Shape)?)))
}

/// The type of a static shape: `Shape![24]`, `Shape![(4,8)]`.
///
/// ```
/// use cute::{layout, upcast, Shape};
///
/// assert_eq!(upcast::<Shape![2], _>(layout!((4,8):(1,4))).to_string(), "(_2,_8):(_1,_2)");
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Shape(input: TokenStream) -> TokenStream {
    expand(input, |input| tuple_type(input, Role::Shape))
}

/// A static stride value: an integer or a tuple of integers, negative and zero allowed.
///
/// ```
/// use cute::statics::Show;
/// use cute::{stride, Stride};
///
/// let d: Stride![(1,(-4,0))] = stride!((1,(-4,0)));
/// assert_eq!(Show::<Stride![(1,(-4,0))]>::new().to_string(), "(_1,(_-4,_0))");
/// # let _ = d;
/// ```
#[proc_macro]
pub fn stride(input: TokenStream) -> TokenStream {
    expand(input, |input| Ok(value_of(tuple_type(input, Role::Stride)?)))
}

/// The type of a static stride: `Stride![(1,4)]`.
///
/// ```
/// use cute::{Layout, Shape, Stride};
///
/// assert_eq!(Layout::<Shape![(4,8)], Stride![(8,1)]>::new().call(9), 10);
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Stride(input: TokenStream) -> TokenStream {
    expand(input, |input| tuple_type(input, Role::Stride))
}

/// A static tiler value: `<...>` with one tiler per mode (a layout, an integer `n` meaning
/// `n:1`, `_` leaving the mode alone, or a nested tiler), a layout, an integer, or a shape
/// such as `(4,8)`, which tiles mode by mode like `<4,8>`.
///
/// ```
/// use cute::{layout, logical_divide, tiler, zipped_divide};
///
/// let a = layout!((8,16):(20,1));
/// let t = tiler!(<4:1,8:2>);
/// assert_eq!(logical_divide(a, t).to_string(), "((_4,_2),(_8,_2)):((_20,_80),(_2,_1))");
/// assert_eq!(zipped_divide(a, tiler!((2,4))).to_string(), "((_2,_4),(_4,_4)):((_20,_1),(_40,_4))");
/// assert_eq!(logical_divide(a, tiler!(<_,4>)).to_string(), "(_8,(_4,_4)):(_20,(_1,_4))");
/// ```
#[proc_macro]
pub fn tiler(input: TokenStream) -> TokenStream {
    expand(input, |input| Ok(value_of(tiler_type(input)?)))
}

/// The type of a static tiler: `Tiler![<4:1,8:2>]`.
///
/// ```
/// use cute::{layout, logical_divide, Tiler};
///
/// let t = <Tiler![<4:1,8:2>]>::default();
/// assert_eq!(logical_divide(layout!((8,16):(20,1)), t).to_string(), "((_4,_2),(_8,_2)):((_20,_80),(_2,_1))");
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Tiler(input: TokenStream) -> TokenStream {
    expand(input, tiler_type)
}
