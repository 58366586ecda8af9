//! The static face: layouts whose shapes and strides are types.
//!
//! Leaves are typenum integers, tuples are frunk_core HLists, and a layout is the zero-sized
//! [`Layout<S, D>`](Layout). Sizes and offsets are associated constants and `const fn`s, so a
//! layout evaluated at a constant folds to a constant, and at a runtime index to the index
//! arithmetic one would write by hand.

mod layout;
mod leaves;
mod tuple;

pub use layout::Layout;
pub use leaves::{Leaves, MAX_LEAVES};
pub use tuple::{Congruent, IntTuple, Leaf, Shape, Show, TupleList};

mod check;
pub mod coalesce;
pub mod composition;
mod ops;
pub mod typeops;

pub use ops::{coalesce, composition, Composition};
