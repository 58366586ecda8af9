//! The leaves and their arithmetic, below the layout type: typenum integers and their
//! arithmetic in the trait solver (`arith.rs`), the static int tuples (`tuple.rs`) and the
//! solver's steps over them (`typeops.rs`), the flat list of a static tuple's leaves
//! (`leaves.rs`), the leaves that are each static or runtime with CuTe's static-ness rules
//! (`int.rs`) and their tuples (`mixed_tuple.rs`). The public paths are `cute::statics::...` and
//! `cute::mixed::...`, which re-export these.

pub mod arith;
pub mod int;
pub mod leaves;
pub mod mixed_tuple;
pub mod tuple;
pub mod typeops;

/// `_`, the slice marker: as a tiler entry it leaves the mode alone.
///
/// ```
/// use cute::statics::Underscore;
/// assert_eq!(core::mem::size_of::<Underscore>(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Underscore;
