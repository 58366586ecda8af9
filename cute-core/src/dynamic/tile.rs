//! `tile_to_shape`: repeat a block to fill a shape, as a blocked product.

use alloc::vec::Vec;

use super::error::{bail, Result};
use super::int_tuple::{HTuple, IntTuple};
use super::layout::Layout;
use super::product::blocked_product;
use crate::arith;

/// Repeat `block` so that the result has the shape `target` (CuTe's `tile_to_shape` with the
/// default column-major order of repetition).
///
/// Post-condition: `compatible(target, shape(R))` mode by mode: each mode of R has the size of
/// the corresponding mode of `target`.
///
/// Errors: [`TileToShapeRank`](super::ErrorKind::TileToShapeRank) when the block has more modes
/// than the target; [`TileToShapeDivisibility`](super::ErrorKind::TileToShapeDivisibility)
/// when a block mode does not divide the target mode.
///
/// ```
/// use cute::dynamic::{tile_to_shape, Layout};
/// let b: Layout = "(8,2):(2,1)".parse().unwrap();
/// let r = tile_to_shape(&b, &"((2,12),2)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((8,3),(2,1)):((2,16),(1,0))");
/// ```
pub fn tile_to_shape(block: &Layout, target: &IntTuple) -> Result<Layout> {
    if block.rank() > target.rank() {
        bail!(
            TileToShapeRank,
            "tile_to_shape({}, {}): the block has rank {}, the target shape rank {}",
            block,
            target,
            block.rank(),
            target.rank()
        );
    }
    let padded = block.append_to_rank(target.rank())?;
    let block_shape = padded.shape().product_each()?.flat_leaves();
    let target_shape = target.product_each()?.flat_leaves();
    let mut product_shape = Vec::with_capacity(block_shape.len());
    for (b, t) in block_shape.iter().zip(&target_shape) {
        if arith::rem(*t, *b)? != 0 {
            bail!(
                TileToShapeDivisibility,
                "tile_to_shape({}, {}): block mode size {} does not divide target mode size {}",
                block,
                target,
                b,
                t
            );
        }
        product_shape.push(HTuple::Leaf(arith::div(*t, *b)?));
    }
    let tiler = Layout::column_major(HTuple::Tuple(product_shape))?;
    blocked_product(&padded, &tiler)
}
