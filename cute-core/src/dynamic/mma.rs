//! MMA and copy atoms on runtime layouts.

use alloc::string::String;

use super::{IntTuple, Layout};

/// An MMA instruction's layouts (CuTe's `MMA_Traits`), as runtime layouts: the tile `(M,N,K)`
/// it computes, its threads (logical thread to lane, `ThrID`) and the thread-value layouts of
/// A, B and C, each mapping (logical thread, value) to the column-major index of the `(M,K)`,
/// `(N,K)` or `(M,N)` tile. [`cute::atom::mma_atom`](crate::atom::mma_atom) gives the
/// instructions' atoms by CuTe's names.
///
/// ```
/// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
/// assert_eq!(atom.shape_mnk.to_string(), "(16,8,16)");
/// assert_eq!(atom.layout_c.to_string(), "((4,8),(2,2)):((32,1),(16,8))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MmaAtom {
    /// CuTe's name of the instruction (`SM80_16x8x16_F32F16F16F32_TN`).
    pub name: String,
    /// `(M,N,K)` (CuTe's `Shape_MNK`).
    pub shape_mnk: IntTuple,
    /// Logical thread to lane (CuTe's `ThrID`).
    pub thr_id: Layout,
    /// (thread, value) to `m + M k` of A (CuTe's `ALayout`).
    pub layout_a: Layout,
    /// (thread, value) to `n + N k` of B (CuTe's `BLayout`).
    pub layout_b: Layout,
    /// (thread, value) to `m + M n` of C and D (CuTe's `CLayout`).
    pub layout_c: Layout,
}

/// A copy instruction's layouts (CuTe's `Copy_Traits`), as runtime layouts in bits: its threads
/// (logical thread to lane, `ThrID`) and the thread-value layouts of its source and destination,
/// each mapping (logical thread, bit) to the bit of the data the instruction moves;
/// `layout_ref` is the one of the two a tiled copy is laid out by (CuTe's `RefLayout`).
/// [`cute::atom::copy_atom`](crate::atom::copy_atom) gives the instructions' atoms by CuTe's
/// names.
///
/// ```
/// let atom = cute::atom::copy_atom("SM75_U32x4_LDSM_N").unwrap();
/// assert_eq!(atom.layout_src.to_string(), "(32,128):(128,1)");
/// assert_eq!(atom.layout_dst.to_string(), "(32,(32,4)):(32,(1,1024))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CopyAtom {
    /// CuTe's name of the instruction (`SM75_U32x4_LDSM_N`, `UniversalCopy<uint128_t>`).
    pub name: String,
    /// Logical thread to lane (CuTe's `ThrID`).
    pub thr_id: Layout,
    /// (thread, bit) to the bit of the source (CuTe's `SrcLayout`).
    pub layout_src: Layout,
    /// (thread, bit) to the bit of the destination (CuTe's `DstLayout`).
    pub layout_dst: Layout,
    /// The layout a tiled copy is built on (CuTe's `RefLayout`).
    pub layout_ref: Layout,
}
