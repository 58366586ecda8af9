//! # cute
//!
//! NVIDIA CuTe's layout algebra in Rust. A layout maps a coordinate to an offset; its shape and
//! stride are hierarchical tuples whose leaves are each static (a type, like CuTe's `Int<N>`) or
//! runtime (an `i64`, like `int`). The algebra has CuTe's names and semantics:
//! `(A o B)(c) = A(B(c))`.
//!
//! ## Static layouts
//!
//! A layout written with integers only is a zero-sized type: its operations run in the trait
//! solver, its evaluation compiles to the index arithmetic one would write by hand, and a
//! violated condition is a compile error naming it.
//!
//! ```
//! use cute::{composition, coord, layout, logical_divide, size, tiler, Int, Layout};
//! let a = layout!((4,(3,2)):(2,(8,1)));
//! assert_eq!(a.call(5), 10);
//! assert_eq!(a.call_coord(coord!((1,(2,1)))), 2 + 16 + 1);
//! assert_eq!(composition(a, layout!(4:2)).to_string(), "_4:_4");
//! let tiles = logical_divide(layout!((8,16):(20,1)), tiler!(<4:1,8:2>));
//! assert_eq!(tiles.to_string(), "((_4,_2),(_8,_2)):((_20,_80),(_2,_1))");
//! // A static layout's size is a static integer (CuTe's `Int<128>`).
//! assert_eq!(size(tiles).value(), 128);
//! const N: i64 = <Layout![(4,8):(1,4)]>::SIZE;
//! assert_eq!(N, 32);
//! ```
//!
//! ## Runtime leaves
//!
//! `{expr}` makes a leaf runtime; the layout is the same type, [`Layout`](struct@Layout), storing only its runtime
//! leaves. It is checked when it is made, and the same functions take it: an operation with a
//! runtime leaf among its operands returns a `Result` whose error names the condition and the
//! values (the conditions are checked at run time by [`mixed`]).
//!
//! ```
//! use cute::{layout, logical_divide, size, tiler};
//! let (m, ld) = (96i64, 100i64);
//! let a = layout!(({m},16):(1,{ld})).unwrap();
//! assert_eq!(size(a), 96 * 16);
//! let tiles = logical_divide(a, tiler!(<32:1,8:1>)).unwrap();
//! assert_eq!(tiles.to_string(), "((_32,3),(_8,_2)):((_1,_32),(100,800))");
//! ```
//!
//! ## CuTe's names
//!
//! The operations are the crate root's functions, one per CuTe name, for layouts with static and
//! runtime leaves alike (the static result is the layout, the runtime one a `Result`), except
//! those CuTe defines for static layouts only: `left_inverse`, `complement(A)` (its cotarget is
//! A's cosize), `idx2crd` and `crd2idx` of a static shape, and PyCuTe's. Where CuTe overloads one
//! name, the Rust spellings are:
//!
//! | CuTe | cute-rs |
//! |---|---|
//! | `make_layout(shape)`, `make_layout(shape, stride)`, `make_layout(shape, LayoutRight{})` | [`make_layout`](fn@make_layout)`(shape)`, [`make_layout!`]`(shape, stride)` (or `make_layout((shape, stride))`), [`make_layout_right`]`(shape)` |
//! | `make_ordered_layout(shape, order)` | [`make_ordered_layout`]`(shape, order)` |
//! | `coalesce(L)` / `coalesce(L, profile)` | [`coalesce`]`(l)` / [`coalesce_profile`]`(l, profile)` |
//! | `composition(A, B)`, B a layout, `Int<N>`, `_` or a tuple tiler | [`composition`]`(a, b)` for all of them |
//! | `complement(A, M)` / `complement(A)` | [`complement`]`(a, m)` / [`complement_default`]`(a)` |
//! | `logical_divide(A, T)` and the other divides and products | the same name, `T` a layout or a tiler |
//! | `upcast<N>(L)`, `downcast<N>(L)`, `recast_layout<Old, New>(L)` | [`upcast`]`::<N, _>(l)`, [`downcast`]`::<N, _>(l)`, [`recast`]`::<Old, New, _>(l)` |
//! | `tile_to_shape(L, shape)` / `tile_to_shape(L, shape, order)` | [`tile_to_shape`]`(l, shape)` / [`tile_to_shape_ordered`]`(l, shape, order)` (static operands) |
//! | `size(L)`, `cosize(L)`, `rank(L)`, `depth(L)` | [`size`], [`cosize`], [`rank`], [`depth`]: static integers for static layouts |
//! | `layout<I>(L)` | [`Layout::mode`]`::<I>()` |
//! | `idx2crd(i, shape)` / `crd2idx(c, shape)` | [`idx2crd`]`(i, shape)` / [`crd2idx`]`(c, shape)` |
//! | `L(i)` / `L(c0, c1, ...)` (natural coordinate) | [`Layout::call`]`(i)` / [`Layout::call_coord`]`(coord!((c0, c1, ...)))` |
//! | `Step<_1,X,_1>` | [`step!`]`((1,_,1))` |
//! | PyCuTe's `coalesce_z(L)`, `greatest_common_domain(A, B)`, `layout_add(A, B)` | [`coalesce_z`]`(l)`, [`greatest_common_domain`]`(a, b)` (two shapes), [`layout_add`]`(a, b)`, static layouts |
//!
//! A tuple tiler is written `tiler!(<4:1,8>)`, `_` is [`Underscore`]. The functions once also
//! reachable as `cute::statics::<name>` and `cute::mixed::<name>` still are, hidden from these
//! docs: the root functions are the API.
//!
//! ## The dynamic engine
//!
//! [`dynamic`] works on layouts known only at run time, parses and prints CuTe's notation, and
//! is the executable specification the other faces are tested against.
//!
//! ```
//! use cute::dynamic::{composition, Layout};
//! let a: Layout = "(4,6,8,10):(2,3,5,7)".parse().unwrap();
//! let r = composition(&a, &"6:12".parse().unwrap()).unwrap();
//! assert_eq!(r.to_string(), "(2,3):(9,5)");
//! ```
//!
//! ## The macros
//!
//! [`layout!`] and [`Layout!`](macro@Layout) (its type), [`shape!`]/[`Shape!`](macro@Shape),
//! [`stride!`]/[`Stride!`](macro@Stride), [`tiler!`]/[`Tiler!`](macro@Tiler) write CuTe's
//! notation; [`coord!`] writes a natural coordinate, [`hlist!`] any tuple of values;
//! [`select!`], [`take!`] and [`group!`] are CuTe's `select<I...>`, `take<B,E>` and
//! `group<B,E>` of a layout.
//!
//! ## Errors
//!
//! Every condition has a kind ([`error::ErrorKind`]) and one wording, the same from the dynamic
//! engine, from a runtime check and in a compile error:
//!
//! ```
//! use cute::dynamic::{composition, ErrorKind, Layout};
//! let a: Layout = "(4,6,8):(2,3,5)".parse().unwrap();
//! let e = composition(&a, &"6:3".parse().unwrap()).unwrap_err();
//! assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
//! assert_eq!(e.to_string(), "stride divisibility: composition (4,6,8):(2,3,5) o 6:3: stride 3 does not divide shape 4");
//! ```
//!
//! A violated condition of static operands is a compile error in the same words. The trait solver
//! decides every condition (a tiler's ranks; the stride and shape divisibility of each mode of B
//! and the overlap of B's leaves in `composition` and in the compositions of the divides and
//! products; the injectivity and
//! strides of the complement in `complement` and of the complement the divides and products compose
//! with; `left_inverse`; PyCuTe's [`layout_add`]; `tile_to_shape` (with or without an order), `upcast`, `downcast`
//! and `recast`; the ranks of `crd2idx`, `natural_offset` and `make_ordered_layout`; mode indices
//! in `mode`, `select!`, `take!` and `group!`), so `cargo check` and an editor report it at your
//! call, the operands in CuTe's notation with static values written `_8`:
//!
//! ```compile_fail,E0277
//! // error[E0277]: stride divisibility: composition((_4, _6, _8):(_2, _3, _5), Tile<_6, _3>):
//! // stride _3 does not divide shape _4
//! let _ = cute::composition(cute::layout!((4,6,8):(2,3,5)), cute::layout!(6:3));
//! ```
//!
//! Modes of B whose digits carry over in a mode of A (where CuTe C++ returns a wrong layout,
//! CUTLASS #2955) are one of them:
//!
//! ```compile_fail,E0277
//! // error[E0277]: mode overlap: composition((_6, _2):(_1, _7), Tile<(_3, _2), (_2, _3)>): modes
//! // of B overlap in mode _0 (shape _6) of A, so A o B is not a layout
//! let _ = cute::composition(cute::layout!((6,2):(1,7)), cute::layout!((3,2):(2,3)));
//! ```
//!
//! `cargo build` also evaluates every condition in constant evaluation, with the dynamic engine's
//! code, and checks that the trait solver's result is the one that code computes.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use cute_core::*;
pub use cute_macros::{group, layout, select, shape, stride, take, tiler, Layout, Shape, Stride, Tiler};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The guide's examples (`docs/guide.md`, the reference sections moved out of the README),
/// compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/guide.md")]
pub struct GuideDoctests;
