//! The dynamic engine: layouts whose shape and stride are runtime trees.
//!
//! Every operation of the CuTe layout algebra is here, with CuTe's names and semantics; each
//! returns a [`Result`] whose [`ErrorKind`] names the violated condition. No input makes an
//! operation panic, and all arithmetic is checked.
//!
//! A layout of up to [`INLINE_LEAVES`] leaves is held in place, and the algebra on such layouts
//! allocates nothing (its intermediate results sit on the stack); a larger one is one heap
//! allocation. For a compiler that asks the same question many times, `LayoutTable` (with the
//! `std` feature) interns layouts and memoizes the algebra on their ids.
//!
//! ```
//! use cute::dynamic::{complement, logical_divide, Layout, Tiler};
//! let a: Layout = "(8,16):(20,1)".parse().unwrap();
//! let t: Tiler = "<4:1,8:2>".parse().unwrap();
//! assert_eq!(logical_divide(&a, &t).unwrap().to_string(), "((4,2),(8,2)):((20,80),(2,1))");
//! assert_eq!(complement(&"4:2".parse().unwrap(), &24.into()).unwrap().to_string(), "(2,3):(1,8)");
//! ```

mod basis;
mod canonical;
mod cast;
mod coalesce;
mod complement;
mod composed;
mod composition;
mod copy;
pub mod descriptor;
mod divide;
mod error;
mod f2;
mod filter;
mod int_tuple;
#[cfg(feature = "std")]
mod intern;
mod inverse;
mod layout;
mod make;
mod mma;
mod notation;
mod partition;
mod product;
mod pycute;
mod repr;
mod stride;
mod tile;
mod tiler;

pub use basis::{
    composition_with_basis, make_identity_layout, parse_basis_layout_prefix, BasisLayout, MAX_BASIS_INDEX,
};
pub use canonical::{canonical, layouts_equivalent, CanonicalLayout, LayoutId, LayoutInterner};
pub use cast::{downcast, recast, upcast};
pub use coalesce::{coalesce, coalesce_profile};
pub use complement::{complement, complement_default};
pub use composed::{
    compose_swizzles, composition_swizzle, composition_with_composed, composition_with_swizzle, make_swizzle,
    make_swizzle_masks, ComposedLayout, MAX_CHECKED,
};
pub use composition::{composition, composition_tiler};
pub use copy::{CopyAtom, TiledCopy};
pub use descriptor::{parse_descriptor, parse_descriptor_prefix, BasisStride, Descriptor, ScaledBasis, MAX_DEPTH};
pub use divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
pub use error::{Error, ErrorKind, Result};
pub use f2::{parse_f2_layout_prefix, BitMatrix, F2Layout, MAX_BITS};
pub use filter::{filter, filter_zeros};
pub use int_tuple::{
    ceil_div, check_leaf_count, compatible, crd2crd, crd2idx, evenly_divides, idx2crd, shape_div, shape_div_rounded,
    shape_mod, weakly_compatible, HTuple, HTupleRef, IndexArg, IntTuple, Rounding, ShapeArg, MAX_LEAVES,
};
#[cfg(feature = "std")]
pub use intern::{Entry, LayoutTable, Stats, TableId};
pub use inverse::{left_inverse, max_common_layout, max_common_vector, nullspace, right_inverse};
pub use layout::{Coord, Layout};
pub use make::{domain_distribute, make_layout_like, make_ordered_layout};
pub(crate) use mma::check_atom;
pub use mma::{MmaAtom, TiledMma};
pub use notation::{Lexer, Term, TermKind};
pub(crate) use partition::slice_checked;
pub use partition::{
    inner_partition, local_partition, local_partition_proj, local_tile, local_tile_proj, make_layout_tv,
    outer_partition, partition_tv,
};
pub use product::{blocked_product, flat_product, logical_product, raked_product, tiled_product, zipped_product};
pub use pycute::{coalesce_z, greatest_common_domain, layout_add};
pub use repr::INLINE_LEAVES;
pub use tile::{tile_to_shape, tile_to_shape_ordered};
pub use tiler::Tiler;

impl From<i64> for IntTuple {
    fn from(v: i64) -> Self {
        HTuple::Leaf(v)
    }
}

/// Apply `Swizzle<b, m, s>` to `offset` (CuTe's `Swizzle<B,M,S>{}(offset)`).
///
/// ```
/// assert_eq!(cute::dynamic::swizzle(3, 3, 3, 77).unwrap(), 69);
/// assert!(cute::dynamic::swizzle(2, 0, 1, 5).is_err());
/// ```
pub fn swizzle(b: i64, m: i64, s: i64, offset: i64) -> Result<i64> {
    Ok(make_swizzle(b, m, s)?.apply(offset))
}
