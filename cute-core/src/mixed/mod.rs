//! The mixed face: layouts whose tuple structure is static and whose leaves are each static or
//! runtime, as CuTe's `Int<N>` and `int`.
//!
//! Kernels know their tiles at compile time and their problem sizes (M, N, K, leading
//! dimensions) only at run time. A [`Layout`] keeps every static leaf a typenum type, so
//! it costs nothing, and stores only the runtime ones. The operations follow CuTe's rules for
//! what stays static: static op static is static, `_0 * x` is `_0`, `shape_min(_1, x)` is
//! `_1`, rank and depth are always static, and coalesce merges two modes only when it can prove
//! at compile time that they are contiguous (see [`int`] for the arithmetic).
//!
//! | operation | the crate root's function | static-ness |
//! |---|---|---|
//! | make_layout (column-major), make_layout with `LayoutRight`, make_ordered_layout | [`make_layout`](fn@crate::make_layout), [`make_layout_right`](crate::make_layout_right), [`make_ordered_layout`](crate::make_ordered_layout) | a stride is static when the extents before it are; a static extent 1 gets `_0`; the order is static |
//! | `L(i)`, size, cosize, rank, depth | [`Layout::call`], [`size`](crate::size), ... | rank and depth are constants |
//! | coalesce (also by a profile), flatten, filter, filter_zeros | [`coalesce`](crate::coalesce), [`coalesce_profile`](crate::coalesce_profile), [`flatten`](crate::flatten), [`filter`](fn@crate::filter), [`filter_zeros`](crate::filter_zeros) | merges and drops only what the types prove |
//! | composition with a layout, a tile size, `_`, a tuple tiler | [`composition`](fn@crate::composition) | CuTe's `composition_impl` on the types |
//! | complement | [`complement`](fn@crate::complement) | A all static, runtime extents at static strides, or a single mode with runtime leaves (as CuTe requires), any cotarget |
//! | logical, zipped, tiled, flat divide | [`logical_divide`](crate::logical_divide) and the others | by static tiles, tiles of runtime extents at static strides, rank-1 tiles with runtime leaves, tile sizes; a static tile over a runtime layout stays static |
//! | logical, zipped, tiled, flat product | [`logical_product`](crate::logical_product) and the others | a static block, a block of runtime extents at static strides, or a single mode with runtime leaves (the blocks whose complement CuTe computes); with a static tiler the static face's product |
//! | blocked and raked product | [`blocked_product`](crate::blocked_product), [`raked_product`](crate::raked_product) | a static block by a mixed tiler, or by a static one (then all static) |
//! | tile_to_shape, with or without an order | [`tile_to_shape`](crate::tile_to_shape), [`tile_to_shape_ordered`](crate::tile_to_shape_ordered) | a static block to a mixed target shape; the order is static, as CuTe's `Step` |
//! | right inverse, nullspace, max common vector and layout | [`right_inverse`](crate::right_inverse), [`nullspace`](fn@crate::nullspace), [`max_common_vector`](crate::max_common_vector), [`max_common_layout`](crate::max_common_layout) | CuTe's rule: only strides the types prove (a runtime stride is never followed, nor known to be 0), so a runtime leaf can make the result smaller, never wrong |
//! | upcast, downcast, recast | [`upcast`](fn@crate::upcast), [`downcast`](fn@crate::downcast), [`recast`](fn@crate::recast) | CuTe's rules: a runtime stride is divided by the factor (checked to be a multiple) or multiplied by it, its shape kept |
//! | left inverse | [`cute::left_inverse`](fn@crate::left_inverse) | static layouts only, as CuTe requires (a runtime leaf is a compile error) |
//!
//! When every leaf of an operation's operands is static, its conditions are the crate root
//! function's verdicts, which `cargo check` reports, as on the static face.
//!
//! Every condition of the algebra that involves a runtime value is checked at run time by the
//! same code as the dynamic engine (`flat`), never skipped: the operations return
//! `Result<_, `[`Error`]`>` (there are no panicking forms), and the error names the condition
//! and carries the values. The layouts are the crate's one [`Layout`] type; with only static
//! leaves the same functions return the layout itself and report the same conditions as compile
//! errors. Each operation's walk is in its module, `ops/<name>/mixed_face.rs`; this module holds
//! the public paths of the leaves ([`Int`], CuTe's static-ness rules), the tuples ([`MixedTuple`]) and the runtime
//! [`Error`]. The functions it used to re-export are still reachable here, hidden from the
//! documentation, for code that named them.
//!
//! ```
//! use cute::composition;
//! use cute::{hlist, Layout};
//! use cute::typenum::{P1, P32};
//! // A runtime column of m = 96 elements with a static unit stride: its first static tile of 32.
//! let col = Layout::try_new(96i64, P1::new()).unwrap();
//! let tile = composition(col, Layout::<P32, P1>::new()).unwrap();
//! assert_eq!(tile.to_string(), "_32:_1");
//! ```

pub(crate) use crate::error::runtime as error;
pub(crate) use crate::leaf::mixed_tuple as tuple;

// Each operation's steps live in its module, `ops/<name>/mixed_face.rs`; they are reachable here,
// at their earlier paths, because the operations' bounds name them (hidden from the docs, as
// typenum hides its `private` module). Each operation's function and result trait are
// re-exported below.
#[doc(hidden)]
pub use crate::ops::cast::mixed_face as cast;
#[doc(hidden)]
pub use crate::ops::coalesce::mixed_face as coalesce;
#[doc(hidden)]
pub use crate::ops::complement::mixed_face as complement;
#[doc(hidden)]
pub use crate::ops::composition::mixed_face as composition;
#[doc(hidden)]
pub use crate::ops::divide::mixed_face as divide;
#[doc(hidden)]
pub use crate::ops::filter::mixed_face as filter;
#[doc(hidden)]
pub use crate::ops::inverse::mixed_face as inverse;
#[doc(hidden)]
pub use crate::ops::make::mixed_face as make;
#[doc(hidden)]
pub use crate::ops::product::mixed_face as product;
// The routes between the static face and this layer (declared here, implemented by `ops/`).
#[doc(hidden)]
pub mod route;
#[doc(hidden)]
pub use crate::ops::inverse::static_only;
#[doc(hidden)]
pub use crate::ops::tile::mixed_face as tile;

#[doc(hidden)]
pub use crate::leaf::int;

pub use crate::layout::{CoordOffset, Layout, Offset};
// The operations' functions at their earlier paths (the crate root's functions are the API).
#[doc(hidden)]
pub use cast::{downcast, recast, upcast};
#[doc(hidden)]
pub use coalesce::{coalesce, coalesce_profile, flatten};
#[doc(hidden)]
pub use complement::complement;
#[doc(hidden)]
pub use composition::composition;
#[doc(hidden)]
pub use divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
#[doc(hidden)]
pub use filter::{filter, filter_zeros};
#[doc(hidden)]
pub use inverse::{max_common_layout, max_common_vector, nullspace, right_inverse};
#[doc(hidden)]
pub use make::{make_layout, make_layout_right, make_ordered_layout};
#[doc(hidden)]
pub use product::{blocked_product, flat_product, logical_product, raked_product, tiled_product, zipped_product};
#[doc(hidden)]
pub use static_only::left_inverse;
#[doc(hidden)]
pub use tile::tile_to_shape;

pub use coalesce::{CoalesceProfile, ProfileFits};
pub use complement::MixedComplement;
pub use composition::{Compose, Parts};
pub use divide::Divide;
pub use error::{Detail, Error, Operands, SwizzleInverse};
pub use int::{AllStatic, Both, BothStatic, Int, IsStatic, MulI, ProvablyEqual, RemI, ShapeDivI, StaticInt};
pub use product::{BlockedProduct, BlockedTiler, Product, RakedProduct, RakedTiler};
pub use static_only::StaticOnly;
pub use tuple::{MixedList, MixedTuple, ShowTuple, WriteElems, WriteTuple};
