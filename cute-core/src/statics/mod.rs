//! The static face: layouts whose shapes and strides are types.
//!
//! Leaves are typenum integers, tuples are frunk_core HLists, and a layout is the zero-sized
//! [`Layout<S, D>`](Layout). Sizes and offsets are associated constants and `const fn`s, so a
//! layout evaluated at a constant folds to a constant, and at a runtime index to the index
//! arithmetic one would write by hand.
//!
//! Each operation is a trait whose associated types the trait solver computes (the result
//! layout), plus a function with CuTe's name. The function also evaluates the operation's
//! conditions at compile time with the `const fn`s of [`crate::flat`], the code the dynamic
//! engine runs, so a violated condition is a compile error naming it, with decimal values.

mod check;
mod layout;
mod leaves;
mod tuple;

pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod divide;
pub mod tiler;
pub mod typeops;

pub use coalesce::coalesce;
pub use complement::{complement, ComplementOf};
pub use composition::{composition, ComposeOp, Composition};
pub use divide::{flat_divide, logical_divide, tiled_divide, zipped_divide, DivideOp};
pub use layout::Layout;
pub use leaves::{FlatLayout, Leaves, MAX_LEAVES};
pub use tiler::Underscore;
pub use tuple::{Congruent, IntTuple, Leaf, Shape, Show, TupleList};
