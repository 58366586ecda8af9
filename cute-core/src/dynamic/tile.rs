//! `tile_to_shape`: repeat a block to fill a shape, as a blocked product.

use alloc::vec::Vec;

use super::error::{bail, named, Result};
use super::int_tuple::{HTuple, IntTuple};
use super::layout::Layout;
use super::make::make_ordered_layout;
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
    named!(tile(block, target, None), "tile_to_shape({}, {})", block, target)
}

/// [`tile_to_shape`] with the order in which the copies of `block` are laid out (CuTe's
/// `tile_to_shape(block, shape, order)`): the repetitions form [`make_ordered_layout`] of
/// their shape in `order` (one value per mode of `target`, the smallest first), where
/// [`tile_to_shape`] repeats column-major (order `(0,1,...)`).
///
/// Errors: those of [`tile_to_shape`], and a [`RankMismatch`](super::ErrorKind::RankMismatch)
/// when `order` is a tuple without one entry per mode of `target`.
///
/// ```
/// use cute::dynamic::{tile_to_shape, tile_to_shape_ordered, Layout};
/// let b: Layout = "(2,2):(1,2)".parse().unwrap();
/// let s = "(4,8)".parse().unwrap();
/// // Row-major repetition: the copies along the second mode first.
/// let r = tile_to_shape_ordered(&b, &s, &"(1,0)".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "((2,2),(2,4)):((1,16),(2,4))");
/// assert_eq!(tile_to_shape_ordered(&b, &s, &"(0,1)".parse().unwrap()).unwrap(), tile_to_shape(&b, &s).unwrap());
/// ```
///
/// [`make_ordered_layout`]: super::make_ordered_layout
pub fn tile_to_shape_ordered(block: &Layout, target: &IntTuple, order: &IntTuple) -> Result<Layout> {
    named!(tile(block, target, Some(order)), "tile_to_shape({}, {}, {})", block, target, order)
}

/// CuTe's `tile_to_shape`: `blocked_product(block, repetitions)`, the repetitions compact in
/// `order` (column-major without one).
fn tile(block: &Layout, target: &IntTuple, order: Option<&IntTuple>) -> Result<Layout> {
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
    let product_shape = HTuple::Tuple(product_shape);
    let tiler = match order {
        None => Layout::column_major(product_shape)?,
        Some(order) => {
            // One value per mode; an integer order is one group, laid out column-major.
            if !order.is_leaf() && order.rank() != target.rank() {
                bail!(
                    RankMismatch,
                    "tile_to_shape({}, {}, {}): the order has rank {}, the target shape rank {}",
                    block,
                    target,
                    order,
                    order.rank(),
                    target.rank()
                );
            }
            make_ordered_layout(&product_shape, order)?
        }
    };
    blocked_product(&padded, &tiler)
}
