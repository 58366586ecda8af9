//! The static face: layouts whose shapes and strides are types.
//!
//! Leaves are typenum integers, tuples are frunk_core HLists, and a layout is the zero-sized
//! [`Layout<S, D>`](Layout). Sizes and offsets are associated constants and `const fn`s, so a
//! layout evaluated at a constant folds to a constant, and at a runtime index to the index
//! arithmetic one would write by hand.
//!
//! The operations are the crate root's functions ([`crate::composition`],
//! [`crate::logical_divide`], ...): with every leaf of the operands static, the trait solver
//! computes the result layout (its type), and the function evaluates the operation's conditions at
//! compile time with the `const fn`s of `flat`, the code the dynamic engine runs, so a violated
//! condition is a compile error naming it, with decimal values. The conditions the trait solver
//! decides cheaply (ranks, the complement's, the left inverse's, `layout_add`'s, `tile_to_shape`'s,
//! the casts' (`recast`'s too), the divisibility conditions of each leaf of a composition, which
//! its walk marks in the result it computes anyway, the complement a divide or product composes
//! with, marked in its place, and the overlap of B's leaves, read from the digits the same walk
//! records) are also verdicts of the trait solver ([`report`]), which `cargo check` reports at the
//! caller's line. Each operation's steps are in its module, `ops/<name>/static_face.rs`; the
//! crate root's documentation lists CuTe's names and their Rust spellings.
//!
//! This module holds what static layouts are made of: typenum leaves, HList tuples
//! ([`IntTuple`], [`Shape`]), tilers ([`Underscore`]), coordinates ([`Coord`]) and modes
//! ([`Mode`]). The functions it used to re-export are still reachable here, hidden from the
//! documentation, for code that named them.
//!
//! A tuple tiler is an HList of tilers: `HCons<Layout<P4, P1>, HCons<P8, HNil>>` is `<4:1,8>`,
//! [`Underscore`] is `_`. An integer or shape argument (a complement's cotarget, the target of
//! `tile_to_shape`) is a value of a static int tuple: `P24::new()`, `<HCons<P4, HCons<P8, HNil>>>::default()`. The `cute` crate's
//! macros write all of these in CuTe's notation: `layout!((4,8):(1,4))`, `shape!(24)`,
//! `tiler!(<4:1,8>)`, and `Layout![...]`, `Shape![...]`, `Tiler![...]` for their types.

// The checks return `Result<(), Message>`: the message is built in `const` evaluation without an
// allocator, so it cannot be boxed, and it is only ever built on the path to a compile error.
#![allow(clippy::result_large_err)]

pub(crate) mod check;
pub(crate) mod layout;
pub(crate) use crate::leaf::{leaves, tuple};

// Each operation's steps live in its module, `ops/<name>/static_face.rs`; they are reachable here,
// at their earlier paths, because the operations' bounds name them (hidden from the docs, as
// typenum hides its `private` module). Each operation's function and result trait are
// re-exported below.
#[doc(hidden)]
pub use crate::leaf::arith;
#[doc(hidden)]
pub use crate::ops::cast::static_face as cast;
#[doc(hidden)]
pub use crate::ops::coalesce::static_face as coalesce;
#[doc(hidden)]
pub use crate::ops::complement::static_face as complement;
#[doc(hidden)]
pub use crate::ops::composition::static_face as composition;
#[doc(hidden)]
pub mod coord;
#[doc(hidden)]
pub use crate::ops::divide::static_face as divide;
#[doc(hidden)]
pub use crate::ops::filter::static_face as filter;
#[doc(hidden)]
pub use crate::ops::inverse::static_face as inverse;
#[doc(hidden)]
pub use crate::ops::make::static_face as make;
#[doc(hidden)]
pub mod mode;
#[doc(hidden)]
pub use crate::ops::product::static_face as product;
#[doc(hidden)]
pub use crate::ops::pycute::static_face as pycute;
#[doc(hidden)]
pub use crate::ops::tile::static_face as tile;
#[doc(hidden)]
pub mod tiler;
#[doc(hidden)]
pub use crate::leaf::typeops;

pub use crate::error::names;
// The compile-time verdicts, at their earlier path.
#[doc(hidden)]
pub use crate::error::verdict as report;
// The operations' functions at their earlier paths (the crate root's functions are the API).
#[doc(hidden)]
pub use cast::{downcast, recast, upcast};
#[doc(hidden)]
pub use coalesce::{coalesce, coalesce_profile};
#[doc(hidden)]
pub use complement::{complement, complement_default};
#[doc(hidden)]
pub use composition::composition;
#[doc(hidden)]
pub use coord::{crd2idx, idx2crd};
#[doc(hidden)]
pub use divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
#[doc(hidden)]
pub use filter::{filter, filter_zeros, flatten, nullspace};
#[doc(hidden)]
pub use inverse::{left_inverse, max_common_layout, max_common_vector, right_inverse};
#[doc(hidden)]
pub use make::{make_layout, make_layout_right, make_ordered_layout};
#[doc(hidden)]
pub use product::{blocked_product, flat_product, logical_product, raked_product, tiled_product, zipped_product};
#[doc(hidden)]
pub use pycute::{coalesce_z, greatest_common_domain, layout_add};
#[doc(hidden)]
pub use tile::tile_to_shape;

pub use cast::{Downcast, Recast, Upcast};
pub use complement::ComplementOf;
pub use composition::{ComposeOp, Composition};
pub use coord::{Coord, Coordinate};
pub use divide::DivideOp;
pub use filter::{Filter, FilterZeros, FlattenLayout, Nullspace};
pub use inverse::{CommonLayout, LeftInverse, LeftInvert, MaxCommonLayout, MaxCommonVector, RightInverse, RightInvert};
pub use layout::Layout;
pub(crate) use layout::Made;
pub use leaves::{FlatLayout, Leaves, MAX_LEAVES};
pub use make::ColumnMajor;
pub use mode::{Get, Kept, Mode};
pub use product::ProductOp;
pub use tiler::Underscore;
pub use tuple::{Congruent, IntTuple, Leaf, SameTree, Shape, Show, Tree, TupleList};
