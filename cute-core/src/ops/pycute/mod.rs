//! PyCuTe's operations that CuTe C++ does not have: `coalesce_z`, `greatest_common_domain` and
//! `layout_add`, static layouts only (the dynamic engine has them for runtime layouts).

#[doc(hidden)]
pub mod static_face;
