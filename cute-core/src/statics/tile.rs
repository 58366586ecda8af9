//! Static `tile_to_shape`: repeat a block until it has a target shape.

use core::marker::PhantomData;
use core::ops::Div;

use frunk_core::hlist::{HCons, HNil};
use typenum::P1;

use super::check::{both, msg, Check, Checked, Verify};
use super::layout::{Layout, Made};
use super::product::{Blocked, PadRank, RankProduct};
use super::tiler::ProductT;
use super::tuple::{IntTuple, Leaf, TupleList};
use super::typeops::Flatten;
use crate::mixed::make::{Compact, Left};

/// The size of each top-level mode (CuTe's `product_each`; a leaf is one mode).
pub trait ProductEach {
    /// The sizes, as a tuple.
    type Output: IntTuple;
}
impl<L: Leaf> ProductEach for L {
    type Output = HCons<L, HNil>;
}
impl ProductEach for HNil {
    type Output = HNil;
}
impl<H: Flatten, T: ProductEach> ProductEach for HCons<H, T>
where
    <H as Flatten>::Output: ProductT,
    <<H as Flatten>::Output as ProductT>::Output: IntTuple,
    <T as ProductEach>::Output: TupleList,
{
    type Output = HCons<<<H as Flatten>::Output as ProductT>::Output, <T as ProductEach>::Output>;
}

/// Element-wise `Self / B` of two flat lists, as long as `Self`: the modes of a block of higher
/// rank than the target are left out here, and the check reports the ranks.
pub trait DivEach<B> {
    /// The quotients.
    type Output;
}
impl DivEach<HNil> for HNil {
    type Output = HNil;
}
impl<B, BT> DivEach<HCons<B, BT>> for HNil {
    type Output = HNil;
}
impl<A: Div<B>, AT: DivEach<BT>, B, BT> DivEach<HCons<B, BT>> for HCons<A, AT> {
    type Output = HCons<<A as Div<B>>::Output, <AT as DivEach<BT>>::Output>;
}

/// The static `tile_to_shape(Self, T)`: `Self` is the block, `T` the target shape.
pub trait TileToShape<T> {
    /// The result.
    type Output;
    /// The compile-time check of the ranks and the divisibility, then of the product.
    const RESULT: Checked;
}

/// `tile_to_shape(B, Self)` seen from the target: the solver selects impls by `Self`, so with
/// the last argument as `Self` it waits until both arguments' types are known (with the block
/// as `Self` it would expand the block's impl while the target is still an inference variable).
pub trait TileTarget<B> {
    /// The result.
    type Output;
    /// [`TileToShape::RESULT`].
    const RESULT: Checked;
}
impl<T, B: TileToShape<T>> TileTarget<B> for T {
    type Output = <B as TileToShape<T>>::Output;
    const RESULT: Checked = <B as TileToShape<T>>::RESULT;
}

/// The check of `tile_to_shape(B, T)`, for [`Verify`].
pub(crate) struct TileCheck<T, B>(PhantomData<(T, B)>);
impl<T: TileTarget<B>, B> Check for TileCheck<T, B> {
    const RESULT: Checked = <T as TileTarget<B>>::RESULT;
}

/// The block padded to the target's rank.
type Padded<B, T> = Layout<<B as PadRank<T>>::Shape, <B as PadRank<T>>::Stride>;
/// How many blocks each mode of the target holds.
type Counts<B, T> = <<T as ProductEach>::Output as DivEach<<<B as PadRank<T>>::Shape as ProductEach>::Output>>::Output;
/// The column-major layout of the counts.
type Repeats<B, T> = Layout<Counts<B, T>, <Counts<B, T> as Compact<P1, Left>>::Stride>;

impl<SB: IntTuple, DB, T: IntTuple> TileToShape<T> for Layout<SB, DB>
where
    T: ProductEach,
    Layout<SB, DB>: PadRank<T>,
    <Layout<SB, DB> as PadRank<T>>::Shape: ProductEach,
    <T as ProductEach>::Output: DivEach<<<Layout<SB, DB> as PadRank<T>>::Shape as ProductEach>::Output>,
    Counts<Layout<SB, DB>, T>: Compact<P1, Left>,
    Repeats<Layout<SB, DB>, T>: Blocked<Padded<Layout<SB, DB>, T>>,
{
    type Output = <Repeats<Layout<SB, DB>, T> as Blocked<Padded<Layout<SB, DB>, T>>>::Output;
    const RESULT: Checked = both(
        check(
            SB::RANK,
            T::RANK,
            &<<<Layout<SB, DB> as PadRank<T>>::Shape as ProductEach>::Output as IntTuple>::LEAVES,
            &<<T as ProductEach>::Output as IntTuple>::LEAVES,
        ),
        <Repeats<Layout<SB, DB>, T> as RankProduct<Padded<Layout<SB, DB>, T>>>::RESULT,
    );
}

/// The ranks and the divisibility of each mode.
const fn check(block_rank: usize, target_rank: usize, block: &super::Leaves, target: &super::Leaves) -> Checked {
    if block_rank > target_rank {
        return Err(msg("tile_to_shape rank: the block has rank ")
            .u(block_rank)
            .s(", the target shape rank ")
            .u(target_rank));
    }
    let mut i = 0;
    while i < target.len {
        if target.vals[i] % block.vals[i] != 0 {
            return Err(msg("tile_to_shape divisibility: block mode ")
                .u(i)
                .s(" has size ")
                .i(block.vals[i])
                .s(", which does not divide the target mode size ")
                .i(target.vals[i]));
        }
        i += 1;
    }
    Ok(())
}

/// Repeat `block` so that the result has the static shape `target` (CuTe's `tile_to_shape` with
/// the default column-major order of repetition).
///
/// ```
/// use cute::{shape, tile_to_shape, Layout};
/// type Block = Layout![(8,2):(2,1)];
/// let r = tile_to_shape(Block::new(), shape!(((2,12),2)));
/// assert_eq!(r.to_string(), "((_8,_3),(_2,_1)):((_2,_16),(_1,_0))");
/// ```
///
/// A block of higher rank than the target, or a block mode that does not divide the target's,
/// fails compilation with the ranks or the sizes:
///
/// ```compile_fail,E0080
/// use cute::{shape, tile_to_shape, Layout};
/// type Block = Layout![(2,2,2):(1,2,4)];
/// let _ = tile_to_shape(Block::new(), shape!((8,8)));
/// ```
pub fn tile_to_shape<T, B>(block: B, target: T) -> <T as TileTarget<B>>::Output
where
    T: TileTarget<B>,
    <T as TileTarget<B>>::Output: Made,
{
    let _ = (block, target);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<TileCheck<T, B>>::OK;
    <<T as TileTarget<B>>::Output as Made>::made()
}
