//! The inverses (right_inverse, left_inverse, nullspace, max_common_vector, max_common_layout) of
//! static layouts and of layouts with runtime leaves.

mod mixed_face;
#[path = "../static_common/mod.rs"]
mod static_common;
mod static_face;
