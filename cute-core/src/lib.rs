//! # cute-core
//!
//! NVIDIA CuTe's layout algebra. A *layout* is a pair of congruent hierarchical integer tuples,
//! a shape and a stride, and maps a coordinate to an offset: `L(c) = <idx2crd(c, S), D>`.
//! The algebra (coalesce, composition, complement, inverses, divides and products) follows the
//! CuTe paper and CuTe C++ (CUTLASS): `(A o B)(c) = A(B(c))`.
//!
//! This crate is `no_std`. The `alloc` feature (turned on by `std`, the default) adds
//! [`dynamic`], the engine whose trees are built at run time; it parses and prints CuTe's
//! notation and serves as the executable specification of the other faces.
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use cute::dynamic::{composition, Layout};
//! let a: Layout = "(4,6,8,10):(2,3,5,7)".parse().unwrap();
//! let b: Layout = "6:12".parse().unwrap();
//! assert_eq!(composition(&a, &b).unwrap().to_string(), "(2,3):(9,5)");
//! # }
//! ```
//!
//! ## Layers
//!
//! Each operation has one module, `ops/<name>/` (`ops/composition/`, `ops/divide/`, ...), and
//! one file of the same name in the runtime layers that have it (`flat/`, `dynamic/`):
//!
//! | layer | what it holds |
//! |---|---|
//! | `flat/` | the algorithm over flat leaf slices, as `const fn`s, and the values of each violated condition (`Violation`, `ComplementError`, ...); run by every other layer |
//! | `error/` | the diagnostics: each condition's kind ([`error::ErrorKind`]) and words (`describe`), the one rendering of every message, the static conditions as trait-solver verdicts (`error/verdict.rs`, with the names they print, `error/names.rs`), and the runtime errors of layouts with runtime leaves (`error/runtime.rs`, public as [`mixed::Error`]) and of swizzles (`error/swizzle.rs`, public as [`swizzle::SwizzleError`]) |
//! | `dynamic/` | the operation on runtime trees: the definition, pre- and post-conditions and error kinds are documented here, and the other layers link to it |
//! | `leaf/` | the leaves and their arithmetic: typenum integers and their arithmetic in the trait solver (`leaf/arith.rs`), the static int tuples (`leaf/tuple.rs`) and the solver's steps over them (`leaf/typeops.rs`), the leaves that are each static or runtime with CuTe's static-ness rules ([`Int`], `leaf/int.rs`) and their tuples (`leaf/mixed_tuple.rs`), and `_`; public at `cute::statics::...` and `cute::mixed::...` |
//! | `layout.rs` | the one layout type, [`Layout`], and its inherent methods |
//! | `statics/` | what static layouts add to their leaves: tilers (`statics/tiler.rs`), coordinates, modes, the static layout's values (`statics/layout.rs`), and the compile-time check (`statics/check.rs`) |
//! | `mixed/` | the two routes between the faces (`mixed/route.rs`), and the public paths of the runtime leaves, their tuples and errors |
//! | `basis/` | [`basis`]: the layout type with basis strides (`Layout<S, Basis<D>>`, CuTe's `ScaledBasis` leaves), their evaluation to coordinates, and the walks' steps for basis strides (`dynamic/basis/` holds the dynamic engine's, whose composition is the integer walk of `dynamic/composition.rs` over a stride trait) |
//! | `ops/` | the operations: `ops/<name>/mod.rs` holds the function at the crate root, its result type and its two routes (`left_inverse` and PyCuTe's functions, of static layouts only, are the static face's); `mixed_face.rs` its walk over leaves static or runtime, with runtime conditions checked by `flat/`; `static_face.rs` the result type of all-static operands (for most operations the walk's, for the others a walk in the trait solver), checked at compile time by `flat/`, with its verdicts; `basis.rs` the operation over basis strides (the integer walk with the basis steps) where it has one. `ops/mod.rs` holds the routing: the one place where static and runtime differ, by whether every leaf of the operands is static (the layout itself, the check at the caller's line) or not (a `Result`) |
//! | `tensor/` | [`tensor`]: engines and layouts (either kind), the view check that lets element access go unchecked, the partitions (`dynamic/partition.rs` holds the dynamic engine's), the algorithms and `gemm` |
//! | `swizzle.rs`, `composed/` | [`swizzle`]: CuTe's `Swizzle<B,M,S>`, runtime ([`swizzle::Swizzle`]) and static ([`swizzle::Sw`], its rules checked by the trait solver; `swizzle/composition.rs` and `swizzle/make.rs` compose static swizzles and make one from static masks); [`ComposedLayout`]: a swizzle after a layout of the crate's type (`composed/view.rs`: as a tensor's layout; `dynamic/composed.rs` holds the dynamic engine's) |
//! | `atom/` | [`atom`]: the hardware's own layouts, the MMA atoms (CuTe's `MMA_Traits`) one file per architecture, written from the PTX ISA, and their table by CuTe's names (`dynamic/mma.rs` holds the dynamic engine's [`dynamic::MmaAtom`]) |
//!
//! The layer order, lowest first: `arith`, `flat`, `error`, `swizzle`, `dynamic`, `leaf`,
//! `layout`, `statics`, `mixed`, `basis`, `ops`, `tensor`, `composed`, `picture`, `memory`,
//! `explain`, `atom`. A module uses the modules below it only; `tests/layers.rs` fails on a reference
//! against the order. The one exception is a public re-export that keeps an item at the path it
//! had before it moved up (the operations' steps at `cute::statics::<name>`,
//! `cute::mixed::<name>` and `cute::basis::...`, and `cute::tensor::layout_table` and
//! `print_layout`), so that code naming that path still builds; the test lists those, 30
//! references in 4 pairs.
//!
//! There is one layout type, [`Layout`] (`layout.rs`), whose leaves are each a typenum integer
//! or an `i64`. For composition, coalesce, `nullspace`, `right_inverse`, the compact layouts
//! (`make_layout`, `make_layout_right`), the casts, `flatten` and `filter_zeros` the static face takes its result type from the mixed walk and keeps only
//! its check (measured in benches/README.md: within 2% of what the static walks cost the trait
//! solver, most of them less); the others still have a static walk of their own. A walk is cheap
//! for the trait solver when each step
//! dispatches on a leaf's own type (`PInt`, `NInt`, `Z0`, `i64`, or `_1` by its structure) and
//! names bounds only on what it uses, leaving value bounds to the functions that need them.
//!
//! Each operation's module is `ops/<name>/`: composition, complement, inverse (right, left,
//! nullspace, common vector and layout), divide, product (logical, zipped, tiled, flat, blocked,
//! raked), coalesce, filter, tile (`tile_to_shape`), make (compact layouts), cast (upcast,
//! downcast, recast) and pycute (PyCuTe's own operations, static layouts only: no
//! `mixed_face.rs`, the functions are the static face's); `ops/sizes.rs` is size, cosize, rank
//! and depth. The runtime layers have a file of the operation's name where it has one:
//! `dynamic/<name>.rs` for each, `flat/<name>.rs` for cast, coalesce, complement, composition,
//! inverse and pycute (the divides and products are compositions with a complement there).
//!
//! ## How to add an operation
//!
//! 1. Its arithmetic and its conditions, once, as `const fn`s in `flat/<name>.rs`, with a
//!    violation type whose `kind` and `describe` go in `error/`.
//! 2. The dynamic engine's `dynamic/<name>.rs`: the definition, CuTe's name and semantics,
//!    `@pre`/`@post` in its docs, a runnable example; a test of every error's kind and message.
//! 3. The walk, in `ops/<name>/mixed_face.rs`: leaves static or runtime, with CuTe's static-ness
//!    rules, each step dispatching on a leaf's type (as CuTe's `if constexpr`), value bounds
//!    only in the functions that compute values; its cases in `tools/gen_mixed_tests.py`.
//! 4. The static face, `ops/<name>/static_face.rs`: the result type, named from the walk of
//!    step 3 with every leaf static (compare its `cargo check` instructions with callgrind, as
//!    benches/README.md does), its check (`Verify`) with the `flat/` algorithm, a UI test per
//!    condition (`ui-tests/fail`), and its cases in `tools/gen_static_tests.py`. A condition the
//!    trait solver can decide cheaply is also a verdict (`error/verdict.rs`: a failure type per
//!    condition, its message and `ErrorKind`), required by the function's bounds, so that `cargo
//!    check` reports it: either computed by a trait of its own (`ops::Verdicts`), or, where the
//!    walk meets the condition anyway, marked by the walk in the result and read from the
//!    function's return type (composition's marks, `ResultVerdict` in
//!    `ops/composition/static_face.rs`); never as a projection of another of the result's
//!    traits, which makes the trait solver compute the result again, nor as a step that every
//!    valid call takes. A condition whose failure shows in the result (a shape that is not
//!    positive where a complement does not exist) is asked for only there (`NotPositive`, in
//!    the same file). Its cases go in `tests/<name>/verdicts.rs` and
//!    `tools/gen_verdict_tests.py`.
//! 5. Its function in `ops/<name>/mod.rs`: the two routes (the static face's result type and
//!    check, the walk's function and bounds) and the root function with its example.
//! 6. A row in the `cute eval` function table (`cute-eval/src/functions.rs`), the property of
//!    its post-condition in `tests/<name>/properties.rs`, and the re-exports at the crate root.
#![no_std]
// Unsafe code is denied except in the tensor engines' unchecked reads (see `tensor`) and in the
// dynamic layout's inline storage, uninitialized past its counts (see `dynamic::repr`'s `Inline`).
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;
// The layout macros name `::cute::...`; here that is this crate (the atoms' layouts are
// written with `Layout![...]`, as a user writes them).
extern crate self as cute;

// The checked arithmetic and the algorithms over flat leaf slices that every face runs.
mod arith;
pub mod atom;
pub mod basis;
pub mod composed;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod error;
#[cfg(feature = "alloc")]
pub mod explain;
mod flat;
pub mod layout;
mod leaf;
#[cfg(feature = "alloc")]
pub mod memory;
pub mod mixed;
#[doc(hidden)]
pub mod ops;
#[cfg(feature = "alloc")]
pub mod picture;
pub mod statics;
pub mod swizzle;
#[allow(unsafe_code)]
pub mod tensor;

/// The traits whose answers a tensor's unchecked reads rely on (the leaves of a layout, the
/// offsets and reach of a tensor's layout, the swizzle of a swizzled one), and those whose
/// answers become a layout without a second check (a slice's coordinate, a list of modes, a
/// tiler's entries), have [`Sealed`] as a supertrait. It is public in a private module, so code
/// outside this crate can name neither it nor a way to implement it: only the types below
/// implement those traits, and their answers agree with each other (see [`tensor`] for the
/// invariant they keep).
mod sealed {
    use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

    use super::{HCons, HNil};

    /// Implemented by the crate's own leaves, tuples, layouts and swizzles only.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` cannot implement this trait of cute: the trait is sealed",
        label = "cute trusts this trait's answers (a tensor reads without bounds checks, a layout is built without a second check), so only cute's own types implement it",
        note = "use cute's layouts (`Layout`, `ComposedLayout`, `dynamic::Layout`), leaves (typenum integers, `i64`) and swizzles (`Sw`, `Swizzle`)"
    )]
    pub trait Sealed {}

    impl Sealed for i64 {}
    impl Sealed for usize {}
    impl<U: Unsigned + NonZero> Sealed for PInt<U> {}
    impl<U: Unsigned + NonZero> Sealed for NInt<U> {}
    impl Sealed for Z0 {}
    impl Sealed for HNil {}
    impl<H, T> Sealed for HCons<H, T> {}
    impl<S, D> Sealed for super::Layout<S, D> {}
    impl<W, L> Sealed for super::ComposedLayout<W, L> {}
    #[cfg(feature = "alloc")]
    impl Sealed for super::dynamic::Layout {}
    impl Sealed for super::swizzle::Swizzle {}
    impl<B, M, S> Sealed for super::swizzle::Sw<B, M, S> {}
    // The marks a static operation's walk leaves in a result whose condition fails: they only
    // print (`mixed::WriteTuple`), so that printing that result adds no second error. Last, so
    // that rustc's lists of this trait's implementors show the leaves and layouts first.
    impl<R, S> Sealed for super::mixed::composition::StrideDivisibilityMark<R, S> {}
    impl<R, S> Sealed for super::mixed::composition::StrideNotDivisorMark<R, S> {}
    impl<R, S> Sealed for super::mixed::composition::StrideNotMultipleMark<R, S> {}
    impl<R, P> Sealed for super::mixed::composition::ShapeDivisibilityMark<R, P> {}
    impl<M, L> Sealed for super::statics::composition::Overlapped<M, L> {}
    impl<C> Sealed for super::statics::Coord<C> {}
    impl Sealed for super::Underscore {}

    /// The last parameter of the algebra's trait methods whose results the crate's functions
    /// check before returning them (every extent positive, the size and cosize in i64: see
    /// `layout::Fits`). Code outside this crate can neither name it nor make one, so it reaches
    /// those results only through the functions that check them.
    #[derive(Clone, Copy, Debug)]
    pub struct Internal(pub(crate) ());
}
pub(crate) use sealed::Internal;

pub use frunk_core::hlist::{HCons, HNil};

/// A natural coordinate, written as CuTe writes it: `coord!((1,(2,1)))` is the HList
/// `hlist![1usize, hlist![2usize, 1usize]]`. An entry is an integer expression of type `usize`
/// (a literal, a name, or any expression in braces: `coord!((i, {j + 1}))`) or a parenthesized
/// tuple; `coord!(i)` is the integer itself. `_` ([`Underscore`]) marks a mode to keep, for
/// `slice` and `dice`. Layouts take it in `call_coord`, `slice` and `dice`.
///
/// ```
/// use cute::{coord, hlist, layout};
/// let j = 2;
/// assert_eq!(coord!((1,(j,{j - 1}))), hlist![1usize, hlist![2usize, 1usize]]);
/// assert_eq!(layout!((4,(3,2)):(2,(8,1))).call_coord(coord!((1,(j,1)))), 19);
/// assert_eq!(layout!((4,(3,2)):(2,(8,1))).slice(coord!((_,(1,_)))).to_string(), "(_4,_2):(_2,_1)");
/// ```
#[macro_export]
macro_rules! coord {
    (($($e:tt),* $(,)?)) => { $crate::hlist![$($crate::coord!(@entry $e)),*] };
    (@entry ($($e:tt),* $(,)?)) => { $crate::coord!(($($e),*)) };
    (@entry _) => { $crate::Underscore };
    (@entry $e:expr) => {{ let c: usize = $e; c }};
    (_) => { $crate::Underscore };
    ($e:expr) => {{ let c: usize = $e; c }};
}

/// CuTe's projection `Step<_1,X,_1>`, written as `cute eval` and the dynamic engine write it:
/// `step!((1,_,1))`, one entry per mode, `1` keeping the mode and `_` dropping it (for
/// [`Tensor::local_tile_proj`](crate::tensor::Tensor::local_tile_proj)). Another entry is a
/// compile error naming it.
///
/// ```
/// use cute::{coord, layout, shape, step, tensor::{make_tensor, Counting}};
/// let a = make_tensor(Counting(64 * 32), layout!((64,32):(1,64))).unwrap();
/// // A (M,K) takes the M and K modes of an (M,N,K) tiler and coordinate.
/// let g = a.local_tile_proj(shape!((16,8,8)), coord!((2,1,_)), step!((1,_,1))).unwrap();
/// assert_eq!(g.to_string(), "32 o (_16,_8,_4):(_1,_64,_512)");
/// ```
///
/// ```compile_fail
/// let _ = cute::step!((1,2,1)); // a step entry is 1 (keep the mode) or _ (drop it), not 2
/// ```
#[macro_export]
macro_rules! step {
    (($($e:tt),+ $(,)?)) => { $crate::hlist![$($crate::step!(@entry $e)),+] };
    (@entry 1) => { $crate::typenum::P1::new() };
    (@entry _) => { $crate::tensor::X };
    (@entry $e:tt) => {
        compile_error!(concat!("a step entry is 1 (keep the mode) or _ (drop it), not ", stringify!($e)))
    };
}

/// An HList value, the tuple of the static and mixed faces: `hlist![a, b, c]` is
/// `HCons { head: a, tail: HCons { head: b, tail: HCons { head: c, tail: HNil } } }`. The tuple
/// macros (`shape!`, `layout!`, ...) write CuTe's notation; this one takes any values, such as
/// runtime coordinates.
///
/// ```
/// use cute::{hlist, HCons, HNil};
/// let c: HCons<usize, HCons<i64, HNil>> = hlist![1usize, 2i64];
/// assert_eq!((c.head, c.tail.head), (1, 2));
/// assert_eq!(hlist![], HNil);
/// ```
#[macro_export]
macro_rules! hlist {
    () => { $crate::HNil };
    ($head:expr $(, $tail:expr)* $(,)?) => {
        $crate::HCons { head: $head, tail: $crate::hlist!($($tail),*) }
    };
}
/// CuTe's `make_layout(shape)` and `make_layout(shape, stride)`, written as CuTe writes them:
/// [`make_layout`](fn@make_layout) of the shape, or of the pair.
///
/// ```
/// use cute::{make_layout, shape, stride};
/// assert_eq!(make_layout!(shape!((2,4))).to_string(), "(_2,_4):(_1,_2)");
/// assert_eq!(make_layout!(shape!((2,4)), stride!((4,1))).to_string(), "(_2,_4):(_4,_1)");
/// let n = 8i64;
/// assert_eq!(make_layout!(shape!(({n},4)), stride!((4,1))).unwrap().to_string(), "(8,_4):(_4,_1)");
/// ```
#[macro_export]
macro_rules! make_layout {
    ($shape:expr $(,)?) => {
        $crate::make_layout($shape)
    };
    ($shape:expr, $stride:expr $(,)?) => {
        $crate::make_layout(($shape, $stride))
    };
}
pub use basis::make_identity_layout;
pub use composed::ComposedLayout;
pub use layout::Layout;
pub use mixed::Int;
pub use ops::{
    blocked_product, coalesce, coalesce_profile, complement, complement_default, composition, downcast, filter,
    filter_zeros, flat_divide, flat_product, flatten, logical_divide, logical_product, max_common_layout,
    max_common_vector, nullspace, raked_product, recast, right_inverse, tile_to_shape, tile_to_shape_ordered,
    tiled_divide, tiled_product, upcast, zipped_divide, zipped_product, BlockedProductBy, ComposeWith, FlatDivideBy,
    FlatProductBy, LogicalDivideBy, LogicalProductBy, RakedProductBy, Route, Route1, TiledDivideBy, TiledProductBy,
    ZippedDivideBy, ZippedProductBy,
};
// The verdicts of the operations, for tests and for code that checks a static operation's
// conditions without calling it.
pub use ops::{
    cosize, depth, make_layout, make_layout_right, make_ordered_layout, rank, size, MakeLayout, MakeLayoutRight,
    MakeOrderedLayout, Sizes,
};
#[doc(hidden)]
pub use ops::{op, MarkedVerdict, Named, RouteVerdict, Verdicts, Verdicts1};
pub use ops::{
    BlockedProduct, Coalesce, CoalesceProfile, Complement, Composition, Downcast, Filter, FilterZeros, FlatDivide,
    FlatProduct, Flatten, LogicalDivide, LogicalProduct, MaxCommonLayout, Nullspace, RakedProduct, Recast,
    RightInverse, TileToShape, TileToShapeOrdered, TiledDivide, TiledProduct, Upcast, ZippedDivide, ZippedProduct,
};
pub use statics::{
    coalesce_z, crd2idx, greatest_common_domain, idx2crd, layout_add, left_inverse, Coord, Mode, Underscore,
};
// The f16 and bf16 of the MMA atoms' fragments (`cute::atom::MmaOp`).
pub use half;
pub use typenum;
