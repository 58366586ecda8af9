//! Turing's and Ampere's warp-level MMAs (`mma.sync.aligned`, PTX ISA "Matrix Fragments for
//! mma.m16n8k8", "mma.m16n8k16", "mma.m16n8k32" and "mma.m8n8k4" with `.f64`): 32 threads,
//! lane `t` with `groupID = t / 4` and `threadID_in_group = t % 4`, a thread index
//! `t = threadID_in_group + 4 groupID` (the thread mode `(4,8)`).
//!
//! `TN`: A is row-major (K-major) and B column-major (K-major), as these instructions require
//! (`.row.col`).

use super::mma::mma_atoms;

mma_atoms! { atoms;
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32` (SM75): A row `groupID (+8 for a2, a3)`,
    /// column `2 threadID_in_group + (i & 1)`; B row `2 threadID_in_group + i`, column
    /// `groupID`; C as the 16x8x16 atoms'.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM75_16x8x8_F32F16F16F32_TN};
    /// let b = <SM75_16x8x8_F32F16F16F32_TN as MmaTraits>::BLayout::default();
    /// assert_eq!(b.to_string(), "((_4,_8),_2):((_16,_1),_8)");
    /// ```
    SM75_16x8x8_F32F16F16F32_TN: shape (16,8,8), thr [32:1],
        a [((4,8),(2,2)):((32,1),(16,8))], b [((4,8),2):((16,1),8)], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`: the fragments of
    /// [`SM75_16x8x8_F32F16F16F32_TN`].
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x8_F16F16F16F16_TN};
    /// let mnk = <SM80_16x8x8_F16F16F16F16_TN as MmaTraits>::ShapeMnk::default();
    /// assert_eq!(cute::mixed::ShowTuple(&mnk).to_string(), "(_16,_8,_8)");
    /// ```
    SM80_16x8x8_F16F16F16F16_TN: shape (16,8,8), thr [32:1],
        a [((4,8),(2,2)):((32,1),(16,8))], b [((4,8),2):((16,1),8)], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`: the fragments of
    /// [`SM75_16x8x8_F32F16F16F32_TN`].
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x8_F32F16F16F32_TN};
    /// assert_eq!(<SM80_16x8x8_F32F16F16F32_TN as MmaTraits>::CLayout::default().cosize(), 128);
    /// ```
    SM80_16x8x8_F32F16F16F32_TN: shape (16,8,8), thr [32:1],
        a [((4,8),(2,2)):((32,1),(16,8))], b [((4,8),2):((16,1),8)], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32`: the fragments of
    /// [`SM75_16x8x8_F32F16F16F32_TN`].
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x8_F32BF16BF16F32_TN};
    /// assert_eq!(<SM80_16x8x8_F32BF16BF16F32_TN as MmaTraits>::ALayout::default().size(), 128);
    /// ```
    SM80_16x8x8_F32BF16BF16F32_TN: shape (16,8,8), thr [32:1],
        a [((4,8),(2,2)):((32,1),(16,8))], b [((4,8),2):((16,1),8)], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`: A row `groupID (+8 for a1, a3)`,
    /// column `threadID_in_group (+4 for a2, a3)`; B row `threadID_in_group (+4 for b1)`, column
    /// `groupID`; C as the 16x8x16 atoms'.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x8_F32TF32TF32F32_TN};
    /// let a = <SM80_16x8x8_F32TF32TF32F32_TN as MmaTraits>::ALayout::default();
    /// // Lane 0 holds a1 = A(8, 0).
    /// assert_eq!(a.call(32), 8);
    /// ```
    SM80_16x8x8_F32TF32TF32F32_TN: shape (16,8,8), thr [32:1],
        a [((4,8),(2,2)):((16,1),(8,64))], b [((4,8),2):((8,1),32)], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`: A row `groupID (+8 for a2, a3, a6,
    /// a7)`, column `2 threadID_in_group + (i & 1) (+8 for a4..a7)`; B row `2 threadID_in_group
    /// + (i & 1) (+8 for b2, b3)`, column `groupID`; C row `groupID (+8 for c2, c3)`, column
    /// `2 threadID_in_group + (i & 1)`.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x16_F16F16F16F16_TN};
    /// let c = <SM80_16x8x16_F16F16F16F16_TN as MmaTraits>::CLayout::default();
    /// // Lane 6 (groupID 1, threadID_in_group 2) holds c3 = C(9, 5).
    /// assert_eq!(c.call(6 + 32 * 3), 9 + 16 * 5);
    /// ```
    SM80_16x8x16_F16F16F16F16_TN: shape (16,8,16), thr [32:1],
        a [((4,8),(2,2,2)):((32,1),(16,8,128))], b [((4,8),(2,2)):((16,1),(8,64))], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`: the fragments of
    /// [`SM80_16x8x16_F16F16F16F16_TN`].
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x16_F32F16F16F32_TN};
    /// assert_eq!(<SM80_16x8x16_F32F16F16F32_TN as MmaTraits>::BLayout::default().to_string(), "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))");
    /// ```
    SM80_16x8x16_F32F16F16F32_TN: shape (16,8,16), thr [32:1],
        a [((4,8),(2,2,2)):((32,1),(16,8,128))], b [((4,8),(2,2)):((16,1),(8,64))], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`: the fragments of
    /// [`SM80_16x8x16_F16F16F16F16_TN`].
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x16_F32BF16BF16F32_TN};
    /// assert_eq!(<SM80_16x8x16_F32BF16BF16F32_TN as MmaTraits>::ALayout::default().size(), 256);
    /// ```
    SM80_16x8x16_F32BF16BF16F32_TN: shape (16,8,16), thr [32:1],
        a [((4,8),(2,2,2)):((32,1),(16,8,128))], b [((4,8),(2,2)):((16,1),(8,64))], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`: A row `groupID (+8 for a4..a7,
    /// a12..a15)`, column `4 threadID_in_group + (i & 3) (+16 for a8..a15)`; B row
    /// `4 threadID_in_group + (i & 3) (+16 for b4..b7)`, column `groupID`; C as the 16x8x16
    /// atoms' (`.s32`).
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x32_S32S8S8S32_TN};
    /// let a = <SM80_16x8x32_S32S8S8S32_TN as MmaTraits>::ALayout::default();
    /// assert_eq!(a.to_string(), "((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))");
    /// ```
    SM80_16x8x32_S32S8S8S32_TN: shape (16,8,32), thr [32:1],
        a [((4,8),(4,2,2)):((64,1),(16,8,256))], b [((4,8),(4,2)):((32,1),(8,128))], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32`: the fragments of
    /// [`SM80_16x8x32_S32S8S8S32_TN`].
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x32_S32S8U8S32_TN};
    /// assert_eq!(<SM80_16x8x32_S32S8U8S32_TN as MmaTraits>::BLayout::default().size(), 256);
    /// ```
    SM80_16x8x32_S32S8U8S32_TN: shape (16,8,32), thr [32:1],
        a [((4,8),(4,2,2)):((64,1),(16,8,256))], b [((4,8),(4,2)):((32,1),(8,128))], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32`: the fragments of
    /// [`SM80_16x8x32_S32S8S8S32_TN`].
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x32_S32U8S8S32_TN};
    /// assert_eq!(<SM80_16x8x32_S32U8S8S32_TN as MmaTraits>::ALayout::default().size(), 512);
    /// ```
    SM80_16x8x32_S32U8S8S32_TN: shape (16,8,32), thr [32:1],
        a [((4,8),(4,2,2)):((64,1),(16,8,256))], b [((4,8),(4,2)):((32,1),(8,128))], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32`: the fragments of
    /// [`SM80_16x8x32_S32S8S8S32_TN`].
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_16x8x32_S32U8U8S32_TN};
    /// assert_eq!(<SM80_16x8x32_S32U8U8S32_TN as MmaTraits>::CLayout::default().size(), 128);
    /// ```
    SM80_16x8x32_S32U8U8S32_TN: shape (16,8,32), thr [32:1],
        a [((4,8),(4,2,2)):((64,1),(16,8,256))], b [((4,8),(4,2)):((32,1),(8,128))], c [((4,8),(2,2)):((32,1),(16,8))];
    /// `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64`: A row `groupID`, column
    /// `threadID_in_group`; B row `threadID_in_group`, column `groupID`; C row `groupID`, column
    /// `2 threadID_in_group + i`.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM80_8x8x4_F64F64F64F64_TN};
    /// let c = <SM80_8x8x4_F64F64F64F64_TN as MmaTraits>::CLayout::default();
    /// assert_eq!(c.to_string(), "((_4,_8),_2):((_16,_1),_8)");
    /// ```
    SM80_8x8x4_F64F64F64F64_TN: shape (8,8,4), thr [32:1],
        a [((4,8),1):((8,1),0)], b [((4,8),1):((8,1),0)], c [((4,8),2):((16,1),8)];
}
