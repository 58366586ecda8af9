//! The hardware's own layouts: MMA atoms (CuTe's `MMA_Traits`) and copy atoms (`Copy_Traits`).
//!
//! An *atom* is one instruction as CuTe models it: the tile it computes or moves, the threads
//! that execute it together, and for each operand a *thread-value (TV) layout*, mapping a
//! (thread, value) pair to the column-major index of the element that thread holds as that
//! value. The layouts are static layouts of the crate's type (zero-sized; their algebra runs in
//! the trait solver), written from NVIDIA's PTX ISA ("Matrix Fragments" of `mma` and `wgmma`);
//! the tests check each one against the ISA's formulas for every thread and value.
//!
//! | module | atoms |
//! |---|---|
//! | `mma.rs` | [`MmaTraits`], the universal FMA ([`UniversalFma`](crate::tensor::UniversalFma)), the table of atoms by name ([`mma_atom`]) |
//! | `mma_sm70.rs` | Volta's `mma.sync.m8n8k4` on quad-pairs |
//! | `mma_sm80.rs` | Turing's and Ampere's warp-level `mma.sync` (`m16n8k8`, `m16n8k16`, `m16n8k32`, `m8n8k4` f64) |
//! | `mma_sm90.rs` | Hopper's warpgroup-level `wgmma.mma_async` `m64nNk16` |
//! | `copy.rs` | [`CopyTraits`] (in bits), the universal copy ([`UniversalCopy`]), the table of copy atoms by name ([`copy_atom`]) |
//! | `copy_sm75.rs` | Turing's `ldmatrix` (`.x1`, `.x2`, `.x4`, `.trans`) |
//! | `copy_sm80.rs` | Ampere's `cp.async` (`.ca` of 4, 8, 16 bytes; `.cg` of 16) |
//! | `copy_sm90.rs` | Hopper's `stmatrix` (`.x1`, `.x2`, `.x4`, `.trans`) |
//! | `exec.rs` | the atoms executed on the CPU: [`MmaOp`] and [`mma_sync`] (the ISA's arithmetic over the threads' fragments), [`ldmatrix`] and [`stmatrix`] (from the lanes' row addresses), [`cp_async`] (alignment and zero fill) |
//! | `gemm.rs` | [`gemm`]: CuTe's `gemm(tiled_mma, A, B, C)` over every thread's register fragments, each atom's instruction executed |
//! | `slice.rs` | one thread's view of the dynamic engine's tiled MMAs and copies: [`slice::ThrMma`] and [`slice::ThrCopy`] from `get_slice`, partitioning tensors |
//! | `tiled.rs` | [`TiledMMA`] on static layouts: [`make_tiled_mma`], the threads and the A, B and C TV layouts computed by the trait solver ([`TiledMmaLayouts`]) |
//! | `tiled_copy.rs` | [`TiledCopy`] on static layouts: [`make_tiled_copy`] and [`make_tiled_copy_a`] ..., the tiled, source and destination TV layouts computed by the trait solver ([`TiledCopyLayouts`]) |
//!
//! A tiled MMA or copy is static where its operands are ([`TiledMMA`], [`TiledCopy`]: a
//! configuration the algebra refuses is a compile error naming the condition) and the dynamic
//! engine's otherwise ([`dynamic::TiledMma`](crate::dynamic::TiledMma),
//! [`dynamic::TiledCopy`](crate::dynamic::TiledCopy), which also partition tensors and run
//! [`gemm`]); the two compute the same layouts. Their pictures are
//! [`Picture::mma`](crate::picture::Picture::mma) and
//! [`Picture::copy`](crate::picture::Picture::copy).
//!
//! ```
//! use cute::atom::{MmaTraits, SM80_16x8x16_F32F16F16F32_TN};
//! use cute::mixed::ShowTuple;
//! type Atom = SM80_16x8x16_F32F16F16F32_TN;
//! assert_eq!(ShowTuple(&<Atom as MmaTraits>::ShapeMnk::default()).to_string(), "(_16,_8,_16)");
//! // (thread, value) -> m + 16 k of the 16 x 16 A tile.
//! let a = <Atom as MmaTraits>::ALayout::default();
//! assert_eq!(a.to_string(), "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))");
//! // Lane 5 (groupID 1, threadID_in_group 1) holds a2 = A(1 + 8, 2).
//! assert_eq!(a.call(5 + 32 * 2), 9 + 16 * 2);
//! ```

mod copy;
mod copy_sm75;
mod copy_sm80;
mod copy_sm90;
#[cfg(feature = "alloc")]
mod exec;
#[cfg(feature = "alloc")]
mod gemm;
mod mma;
mod mma_sm70;
mod mma_sm80;
mod mma_sm90;
#[cfg(feature = "alloc")]
pub mod slice;
mod tiled;
mod tiled_copy;

#[cfg(feature = "alloc")]
pub use copy::{copy_atom, copy_atom_names};
pub use copy::{CopyTraits, UniversalCopy};
pub use copy_sm75::*;
pub use copy_sm80::*;
pub use copy_sm90::*;
#[cfg(feature = "alloc")]
pub use exec::{cp_async, ldmatrix, mma_sync, stmatrix, tf32, MmaOp};
#[cfg(feature = "alloc")]
pub use gemm::gemm;
pub use mma::MmaTraits;
#[cfg(feature = "alloc")]
pub use mma::{mma_atom, mma_atom_names};
pub use mma_sm70::*;
pub use mma_sm80::*;
pub use mma_sm90::*;
pub use tiled::{
    make_tiled_mma, FragmentLike, FragmentOf, FragmentRule, OperandA, OperandB, OperandC, Partition, ThrMMA,
    ThreadOffset, TiledMMA, TiledMmaLayouts,
};
#[cfg(feature = "alloc")]
pub use tiled::{OperandTensor, PartitionLayout, PartitionTensor, TileExtent, ToDynamicTiler};
#[cfg(feature = "alloc")]
pub use tiled_copy::RetileTensor;
pub use tiled_copy::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c, AtomVector, CopyTvSource, Destination,
    MmaOperandA, MmaOperandB, MmaOperandC, Retile, SizeofBits, Source, ThrCopy, ThrValLayouts, TiledCopy,
    TiledCopyConditions, TiledCopyLayouts, UnitStride,
};
