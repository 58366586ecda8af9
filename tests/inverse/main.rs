//! The inverses (right_inverse, left_inverse, nullspace, max_common_vector, max_common_layout) of
//! static layouts and of layouts with runtime leaves.
//! `properties` checks the dynamic engine's post-conditions on random inputs.

mod mixed_face;
#[path = "../static_common/mod.rs"]
mod static_common;
mod static_face;

mod properties;
#[path = "../properties_common/mod.rs"]
mod properties_common;
