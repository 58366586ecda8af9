//! # cute-macros
//!
//! Layouts written in CuTe's notation: `layout!((4,(3,2)):(2,(8,1)))` is the zero-sized
//! `cute::Layout` of that shape and stride, with every integer a typenum type, and
//! `layout!((128,{k}):(1,{ld}))` is a `cute::mixed::Layout` whose leaves `{k}` and `{ld}`
//! are known at run time. Use these macros through the `cute` crate (they expand to paths under
//! `::cute`), which re-exports them.
//!
//! | macro | gives | example |
//! |---|---|---|
//! | [`layout!`] | a layout value | `layout!((4,8):(1,4))`, `layout!((4,8))`, `layout!((4,8), LayoutRight)`, `layout!((4,{m}))?` |
//! | [`Layout!`] | its type | `type Tile = Layout![(4,8):(8,1)];`, `Layout![(4,{}):(1,{})]` |
//! | [`shape!`] / [`Shape!`] | an int tuple of positive extents | `shape!((4,8))`, `Shape![24]`, `shape!((4,{m}))` |
//! | [`stride!`] / [`Stride!`] | an int tuple of strides | `stride!((1,-4))`, `Stride![(1,{})]` |
//! | [`tiler!`] / [`Tiler!`] | a tiler | `tiler!(<4:1,(8,2):(2,1)>)`, `tiler!((4,8))`, `tiler!(<_,2>)` |
//! | [`select!`], [`take!`], [`group!`] | modes of a layout | `select!(l, 2, 0)`, `take!(l, 1, 3)`, `group!(l, 0, 2)` |
//!
//! The notation is the dynamic engine's: `_4` means `4`, strides may be negative, any integer
//! that fits in `i64` is accepted, and a stride may be a basis stride `1@0` (see [`layout!`]). A mistake is a compile error on the offending token: an
//! unclosed `<`, a missing element, a zero or negative extent, a stride not congruent with its
//! shape (on the stride's sub-tuple), something that is not an integer, an integer out of range.
//!
//! ## Runtime leaves
//!
//! In a value macro (`layout!`, `shape!`, `stride!`, `tiler!`), `{expr}` in place of an integer is a
//! runtime leaf: `expr` is an `i64` expression (write `{m as i64}` for another integer type),
//! evaluated once, in the order written, where the macro is called (so it may use `?`). In a
//! type macro (`Layout!`, `Shape!`, `Stride!`, `Tiler!`) a runtime leaf is written `{}` and is an `i64`.
//! The integer leaves stay static (typenum types), and so do the compact strides whose factors
//! all are. A `layout!` with a runtime leaf checks it at run time and is a
//! `Result<cute::mixed::Layout<S, D>, cute::mixed::Error>`; `shape!` and `stride!` are the
//! mixed tuples themselves (HLists with `i64` leaves, unchecked until they make a layout). A
//! `tiler!` with a runtime leaf is a `Result` of a tiler for the mixed face's operations: a tile
//! size `{expr}` is an `i64` entry, a layout with runtime leaves a checked `Layout`.
//!
//! ```
//! use cute::{layout, Layout};
//!
//! fn panel(k: usize, ld: i64) -> Result<Layout![(128,{}):(1,{})], cute::mixed::Error> {
//!     layout!((128,{k as i64}):(1,{ld}))
//! }
//! let p = panel(64, 256).unwrap();
//! assert_eq!(p.to_string(), "(_128,64):(_1,256)");
//! assert_eq!(p.call(130), 2 + 256);
//! assert!(panel(0, 256).is_err());
//! ```

mod basis;
mod emit;
mod modes;
mod notation;

use proc_macro::TokenStream;

use emit::{Major, Position, Role};

/// Expand `f(input)` or its error.
fn expand(
    input: TokenStream,
    f: impl FnOnce(proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream>,
) -> TokenStream {
    f(input.into()).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// The layout written in `input`, as a value's or a type's notation.
fn parse_layout(input: proc_macro2::TokenStream, pos: Position) -> syn::Result<emit::Parts> {
    let (term, word) = notation::parse(input, "a layout such as `(4,8):(1,4)` or a shape such as `(4,8)`")?;
    let major = match &word {
        None => None,
        Some(w) if w == "LayoutLeft" => Some((Major::Left, w)),
        Some(w) if w == "LayoutRight" => Some((Major::Right, w)),
        Some(w) => {
            return Err(syn::Error::new(w.span(), format!("expected `LayoutLeft` or `LayoutRight`, found `{w}`")))
        }
    };
    emit::layout(&term, major, pos)
}

/// The type of the layout written in `input`.
fn layout_type(input: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    Ok(emit::layout_type(&parse_layout(input, Position::Type)?))
}

/// The int tuple written in `input`.
fn parse_tuple(input: proc_macro2::TokenStream, role: Role, pos: Position) -> syn::Result<emit::Tuple> {
    let what = match role {
        Role::Shape => "a shape such as `(4,8)`",
        Role::Stride => "a stride such as `(1,4)`",
    };
    let (term, word) = notation::parse(input, what)?;
    if let Some(w) = word {
        return Err(syn::Error::new(w.span(), format!("unexpected `{w}`: a {} takes no layout order", &what[2..7])));
    }
    emit::int_tuple(&term, role, pos)
}

/// The type of the int tuple written in `input`.
fn tuple_type(input: proc_macro2::TokenStream, role: Role) -> syn::Result<proc_macro2::TokenStream> {
    Ok(emit::tuple(&parse_tuple(input, role, Position::Type)?))
}

/// The value of the int tuple written in `input`.
fn tuple_value(input: proc_macro2::TokenStream, role: Role) -> syn::Result<proc_macro2::TokenStream> {
    Ok(emit::tuple_value(parse_tuple(input, role, Position::Value)?))
}

/// The tiler written in `input`.
fn parse_tiler(input: proc_macro2::TokenStream) -> syn::Result<notation::Term> {
    let (term, word) = notation::parse(input, "a tiler such as `<4:1,8:2>` or `(4,8)`")?;
    if let Some(w) = word {
        return Err(syn::Error::new(w.span(), format!("unexpected `{w}`: write a tiler's modes inside `<...>`")));
    }
    Ok(term)
}

/// A layout value, written `shape:stride` in CuTe's notation.
///
/// Without a stride the layout is compact: column-major (CuTe's default, `LayoutLeft`), or
/// row-major with `, LayoutRight`, as CuTe's `make_layout(shape, LayoutRight{})`. With integer
/// leaves only, the value is a static `cute::Layout`, zero-sized, whose offsets are also `const fn`s
/// of its type (`Layout![...]::offset`).
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
/// const B: isize = <cute::Layout![(2,2):(1,16)]>::offset(3);
/// assert_eq!(B, 17);
/// assert_eq!(composition(a, layout!(4:2)).to_string(), "_4:_4");
/// ```
///
/// # Runtime leaves
///
/// A leaf written `{expr}` is known at run time: `expr` must be an `i64` (write `{m as i64}`
/// for another integer type), and is evaluated once, in the order written. The layout is then
/// `cute::mixed::Layout::try_new(shape, stride)`, a
/// `Result<cute::mixed::Layout<S, D>, cute::mixed::Error>`: the integer leaves keep their
/// typenum types (the value stores only the runtime ones), and a runtime extent that is not
/// positive, or a size or cosize past i64, is the `Err`.
///
/// The compact strides are CuTe's: the product of the extents before (`LayoutLeft`) or after
/// (`LayoutRight`) the leaf, static while every factor is static, so `(_4,m,_2)` has the strides
/// `(_1,_4,4*m)`. A runtime product past i64 is the `Err` too, never a wrapped value.
///
/// ```
/// use cute::layout;
/// use cute::mixed::{Error, Layout};
/// use cute::typenum::{P1, P4};
/// use cute::{HCons, HNil};
///
/// fn tile(m: usize, ld: i64) -> Result<(), Error> {
///     let a: Layout<HCons<P4, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>> =
///         layout!((4,{m as i64}):(1,{ld}))?;
///     assert_eq!(a.to_string(), "(_4,6):(_1,8)");
///     assert_eq!((a.size(), a.call(5)), (24, 1 + 8));
///     assert_eq!(layout!((4,{m as i64},2))?.to_string(), "(_4,6,_2):(_1,_4,24)");
///     assert_eq!(layout!((4,{m as i64},2), LayoutRight)?.to_string(), "(_4,6,_2):(12,_2,_1)");
///     Ok(())
/// }
/// tile(6, 8).unwrap();
/// let e = layout!((4,{0}):(1,4)).unwrap_err();
/// assert_eq!(e.to_string(), "invalid argument: layout: shape 0 is not positive");
/// assert!(layout!(({1 << 40},{1 << 40},2)).is_err()); // the stride 2^80
/// ```
///
/// A static layout's offsets must fit in i64 as a runtime one's must: a cosize past
/// `i64::MAX` is a compile error.
///
/// # Basis strides
///
/// A stride `v@k` is `v` times the basis element `e_k` (CuTe's `ScaledBasis`), nested
/// innermost first as CuTe DSL prints them (`1@1@0` is `E<0,1>`), its scale an integer or a
/// runtime leaf `{v}@k`; `0` among them adds nothing. The layout maps a coordinate to a
/// coordinate (see `cute::basis`): its type is `Layout<S, cute::basis::Basis<D>>`, zero-sized
/// when static. A nonzero integer among basis strides, basis elements that do not make one
/// coordinate (`1@0` beside `1@0@0`) and, with static leaves, a coordinate entry past i64 are
/// compile errors; with a runtime leaf the layout is a `Result`, as above.
///
/// ```
/// use cute::{hlist, layout, make_identity_layout, shape};
///
/// let a = layout!((4,(4,2)):(1@1,(1@0,6@1)));
/// assert_eq!(a.to_string(), "(_4,(_4,_2)):(_1@1,(_1@0,_6@1))");
/// assert_eq!(a.call(17), hlist![0, 7]);
/// assert_eq!(layout!((4,8):(1@0,1@1)), make_identity_layout(shape!((4,8))));
/// let v = 3i64;
/// assert_eq!(layout!((2,2):(1@0@1,{v}@1@1)).unwrap().call(3), hlist![0, hlist![1, 3]]);
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    expand(input, |input| {
        let parts = parse_layout(input, Position::Value)?;
        Ok(emit::layout_value(&parts))
    })
}

/// The type of a layout, in CuTe's notation: `Layout![(4,8):(8,1)]` is the type of
/// `layout!((4,8):(8,1))`, for signatures, aliases and turbofish arguments.
///
/// A runtime leaf is written `{}` (its value is given to `layout!`): `Layout![(4,{}):(1,{})]`
/// is `cute::mixed::Layout<HCons<P4, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>>`,
/// the type inside the `Ok` of `layout!((4,{m}):(1,{ld}))`. Compact strides stay static while
/// every factor is: `Layout![(4,{},2)]` has the strides `(_1,_4,{})`. With basis strides
/// (`Layout![(4,8):(1@0,{}@1)]`) the strides are a `cute::basis::Basis` of `ScaledBasis`.
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
///
/// type Panel = Layout![(4,{},2), LayoutRight];
/// let p: Panel = layout!((4,{3},2), LayoutRight).unwrap();
/// assert_eq!(p.to_string(), "(_4,3,_2):(6,_2,_1)");
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Layout(input: TokenStream) -> TokenStream {
    expand(input, layout_type)
}

/// A shape value: an integer or a tuple of positive integers, `shape!((4,8))`, zero-sized.
///
/// With runtime leaves, `{expr}` with an `i64` expression, it is a mixed tuple that stores them:
/// `shape!((4,{m}))` is `HCons<P4, HCons<i64, HNil>>`. Their signs are checked when the shape
/// makes a layout (`cute::mixed::Layout::new`).
///
/// ```
/// use cute::{complement, layout, shape, tile_to_shape, HCons, HNil};
/// use cute::typenum::{P2, P3, P4};
///
/// let s: HCons<P4, HCons<HCons<P2, HCons<P3, HNil>>, HNil>> = shape!((4,(2,3)));
/// assert_eq!(complement(layout!(4:2), shape!(24)).to_string(), "(_2,_3):(_1,_8)");
/// assert_eq!(tile_to_shape(layout!((2,2):(1,2)), shape!((4,6))).to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
///
/// let m = 6i64;
/// let r: HCons<P4, HCons<i64, HNil>> = shape!((4,{m}));
/// let l = cute::mixed::Layout::try_new(r, cute::stride!((1,{2 * m}))).unwrap();
/// assert_eq!(l.to_string(), "(_4,6):(_1,12)");
/// # let _ = s;
/// ```
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    expand(input, |input| tuple_value(input, Role::Shape))
}

/// The type of a shape: `Shape![24]`, `Shape![(4,8)]`; a runtime leaf is `{}`, an `i64`.
///
/// ```
/// use cute::{layout, shape, upcast, Shape};
///
/// assert_eq!(upcast::<Shape![2], _>(layout!((4,8):(1,4))).to_string(), "(_2,_8):(_1,_2)");
/// let s: Shape![(4,{})] = shape!((4,{6}));
/// assert_eq!(s.tail.head, 6);
/// ```
#[proc_macro]
#[allow(non_snake_case)]
pub fn Shape(input: TokenStream) -> TokenStream {
    expand(input, |input| tuple_type(input, Role::Shape))
}

/// A stride value: an integer or a tuple of integers, negative and zero allowed; zero-sized,
/// or with runtime leaves (`{expr}`, an `i64` expression) a mixed tuple that stores them.
///
/// ```
/// use cute::statics::Show;
/// use cute::{stride, Stride};
///
/// let d: Stride![(1,(-4,0))] = stride!((1,(-4,0)));
/// assert_eq!(Show::<Stride![(1,(-4,0))]>::new().to_string(), "(_1,(_-4,_0))");
/// let ld = 96i64;
/// let r: Stride![(1,{})] = stride!((1,{ld}));
/// assert_eq!(r.tail.head, 96);
/// # let _ = d;
/// ```
#[proc_macro]
pub fn stride(input: TokenStream) -> TokenStream {
    expand(input, |input| tuple_value(input, Role::Stride))
}

/// The type of a stride: `Stride![(1,4)]`; a runtime leaf is `{}`, an `i64`.
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

/// A tiler value: `<...>` with one tiler per mode (a layout, an integer `n` meaning
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
///
/// # Runtime leaves
///
/// A leaf written `{expr}` (an `i64` expression, evaluated once, in the order written) makes
/// the tiler one for the mixed face's operations: a tile size `{expr}` is an `i64` entry, a
/// layout with runtime leaves a `cute::mixed::Layout`, and the static entries keep their
/// types. The value is then a `Result<tiler, cute::mixed::Error>`, an `Err` when one of its
/// layouts is not valid (as `layout!`'s); a runtime tile size that is not positive is reported
/// by the operation that uses it.
///
/// ```
/// use cute::mixed::logical_divide;
/// use cute::{layout, tiler};
///
/// let (n, ld) = (64i64, 100i64);
/// let a = layout!((128,{n}):(1,{ld})).unwrap();
/// let t = tiler!(<32:1,{n / 2}>).unwrap();
/// assert_eq!(logical_divide(a, t).unwrap().to_string(), "((_32,_4),(32,2)):((_1,_32),(100,3200))");
/// let t = tiler!(<_,{n / 4}:2>).unwrap();
/// assert_eq!(logical_divide(a, t).unwrap().to_string(), "(_128,(16,(_2,2))):(_1,(200,(100,3200)))");
/// assert!(tiler!(<_,({-n},2):(1,8)>).is_err());
/// ```
#[proc_macro]
pub fn tiler(input: TokenStream) -> TokenStream {
    expand(input, |input| emit::tiler_value(&parse_tiler(input)?))
}

/// The type of a tiler: `Tiler![<4:1,8:2>]`; a runtime leaf is `{}`, an `i64`.
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
    expand(input, |input| emit::tiler_type(&parse_tiler(input)?))
}

/// CuTe's `select<I...>(L)`: the modes of `L` at the given indices, in that order, as a tuple
/// (one index gives a rank-1 tuple), for static layouts and layouts with runtime leaves alike.
/// An index given twice repeats its mode, which multiplies the size: then the result is a
/// `Result`, an error of kind `Overflow` where the size or the offsets pass i64.
///
/// ```
/// use cute::{layout, select};
/// let l = layout!((2,3,4):(1,2,6));
/// assert_eq!(select!(l, 2, 0).to_string(), "(_4,_2):(_6,_1)");
/// let p = layout!((2,{3},4):(1,2,{6})).unwrap();
/// assert_eq!(select!(p, 1).to_string(), "(3):(_2)");
/// assert_eq!(select!(p, 1, 1).unwrap().to_string(), "(3,3):(_2,_2)");
/// let big = layout!(({1i64 << 32}):(1)).unwrap();
/// assert_eq!(select!(big, 0, 0).unwrap_err().kind(), cute::error::ErrorKind::Overflow);
/// ```
#[proc_macro]
pub fn select(input: TokenStream) -> TokenStream {
    expand(input, modes::select)
}

/// CuTe's `take<B, E>(L)`: the modes `B..E` of `L`, as a tuple.
///
/// ```
/// use cute::{layout, take};
/// assert_eq!(take!(layout!((2,3,4):(1,2,6)), 1, 3).to_string(), "(_3,_4):(_2,_6)");
/// ```
#[proc_macro]
pub fn take(input: TokenStream) -> TokenStream {
    expand(input, modes::take)
}

/// CuTe's `group<B, E>(L)`: the modes `B..E` of `L` grouped into one mode, the others kept.
///
/// ```
/// use cute::{group, layout};
/// assert_eq!(group!(layout!((2,3,4):(1,2,6)), 0, 2).to_string(), "((_2,_3),_4):((_1,_2),_6)");
/// ```
#[proc_macro]
pub fn group(input: TokenStream) -> TokenStream {
    expand(input, modes::group)
}
