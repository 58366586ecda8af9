//! The arithmetic of the algebra on flat lists of modes, as `const fn`s over slices.
//!
//! The dynamic engine calls these at run time and the static face in `const` evaluation, so
//! each algorithm's arithmetic and each of its conditions is written once. A layout is given as
//! two slices, its leaf shapes and strides, left to right; results are written to slices the
//! caller provides.

mod cast;
mod coalesce;
mod complement;
mod composition;
mod inverse;
pub(crate) mod leaves;
mod pycute;

pub use cast::{downcast, recast_factors, upcast, upcast_leaf, CastViolation};
pub use coalesce::coalesce;
// The dynamic engine's fast paths.
#[cfg(feature = "alloc")]
pub use coalesce::is_coalesced;
pub use complement::{check_strides, complement, ComplementError};
#[cfg(feature = "alloc")]
pub use complement::{complement_one, complement_positive, complement_positive_in, filter_and_walk, SORTED};
pub use composition::{
    check_disjoint, compose_leaf, first_exempt, Disjoint, Guard, LeafInfo, ModeSums, Violation, GUARD_MODES,
};
pub use inverse::{left_inverse_fold, prefix_products, right_inverse_chain, sort_by_stride, InverseViolation};
#[cfg(feature = "alloc")]
pub use pycute::coalesce_py;
pub use pycute::{add_scratch_len, eval, fold_z, greatest_common_domain, layout_add, AddViolation};
