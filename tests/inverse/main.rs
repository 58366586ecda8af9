//! The inverses (right_inverse, left_inverse, nullspace, max_common_vector, max_common_layout) of
//! static layouts and of layouts with runtime leaves.

mod mixed_face;
mod static_face;
