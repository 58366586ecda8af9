//! Volta's `mma.sync.aligned.m8n8k4` with `.f16` inputs (PTX ISA "Matrix Fragments for
//! mma.m8n8k4 with .f16 floating point type"): a warp computes four 8x8x4 MMAs, each on eight
//! threads, lanes 0-3 (the low group) and 16-19 (the high group) for the first. The atom is
//! that first MMA: logical thread `t = t0 + 4 t1` is lane `t0 + 16 t1` (`ThrID` `(4,2):(1,16)`);
//! the others are the same atom at lanes `+ 4 j`. Where a layout's thread mode `(4,2)` has
//! strides `(1,4)` it is written flat, `(8,...)`, as CuTe writes it.
//!
//! The suffix names A's and B's majors as CuTe does: `T` is `.row` for A (K-major) and `.row`
//! for B (N-major), `N` is `.col` (M-major A, K-major B): `TN` is `.row.col`, `NT` `.col.row`.
//! Row-major A: row `lane % 4 (+4 in the high group)`, column `i`; column-major A: row `i % 4
//! (+4)`, column `lane % 4`. Row-major B: row `lane % 4`, column `i (+4)`; column-major B: row
//! `i`, column `lane % 4 (+4)`. C: with `.f16`, row `lane % 4 (+4)`, column `i`; with `.f32`,
//! row `(lane & 1) + (i & 2) (+4)`, column `(i & 4) + (lane & 2) + (i & 1)`.

use super::mma::mma_atoms;

mma_atoms! { atoms;
    /// `mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16`, the MMA of lanes 0-3 and 16-19.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM70_8x8x4_F16F16F16F16_TN};
    /// assert_eq!(<SM70_8x8x4_F16F16F16F16_TN as MmaTraits>::ThrId::default().to_string(), "(_4,_2):(_1,_16)");
    /// assert_eq!(<SM70_8x8x4_F16F16F16F16_TN as MmaTraits>::ALayout::default().to_string(), "(_8,_4):(_1,_8)");
    /// ```
    SM70_8x8x4_F16F16F16F16_TN: shape (8,8,4), thr [(4,2):(1,16)],
        a [(8,4):(1,8)], b [(8,4):(1,8)], c [(8,8):(1,8)];
    /// `mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16`, the MMA of lanes 0-3 and 16-19.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM70_8x8x4_F16F16F16F16_NT};
    /// assert_eq!(<SM70_8x8x4_F16F16F16F16_NT as MmaTraits>::ThrId::default().to_string(), "(_4,_2):(_1,_16)");
    /// assert_eq!(<SM70_8x8x4_F16F16F16F16_NT as MmaTraits>::ALayout::default().to_string(), "((_4,_2),_4):((_8,_4),_1)");
    /// ```
    SM70_8x8x4_F16F16F16F16_NT: shape (8,8,4), thr [(4,2):(1,16)],
        a [((4,2),4):((8,4),1)], b [((4,2),4):((8,4),1)], c [(8,8):(1,8)];
    /// `mma.sync.aligned.m8n8k4.col.col.f16.f16.f16.f16`, the MMA of lanes 0-3 and 16-19.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM70_8x8x4_F16F16F16F16_NN};
    /// assert_eq!(<SM70_8x8x4_F16F16F16F16_NN as MmaTraits>::ThrId::default().to_string(), "(_4,_2):(_1,_16)");
    /// assert_eq!(<SM70_8x8x4_F16F16F16F16_NN as MmaTraits>::ALayout::default().to_string(), "((_4,_2),_4):((_8,_4),_1)");
    /// ```
    SM70_8x8x4_F16F16F16F16_NN: shape (8,8,4), thr [(4,2):(1,16)],
        a [((4,2),4):((8,4),1)], b [(8,4):(1,8)], c [(8,8):(1,8)];
    /// `mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f16`, the MMA of lanes 0-3 and 16-19.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM70_8x8x4_F16F16F16F16_TT};
    /// assert_eq!(<SM70_8x8x4_F16F16F16F16_TT as MmaTraits>::ThrId::default().to_string(), "(_4,_2):(_1,_16)");
    /// assert_eq!(<SM70_8x8x4_F16F16F16F16_TT as MmaTraits>::ALayout::default().to_string(), "(_8,_4):(_1,_8)");
    /// ```
    SM70_8x8x4_F16F16F16F16_TT: shape (8,8,4), thr [(4,2):(1,16)],
        a [(8,4):(1,8)], b [((4,2),4):((8,4),1)], c [(8,8):(1,8)];
    /// `mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32`, the MMA of lanes 0-3 and 16-19.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM70_8x8x4_F32F16F16F32_TN};
    /// assert_eq!(<SM70_8x8x4_F32F16F16F32_TN as MmaTraits>::ThrId::default().to_string(), "(_4,_2):(_1,_16)");
    /// assert_eq!(<SM70_8x8x4_F32F16F16F32_TN as MmaTraits>::ALayout::default().to_string(), "(_8,_4):(_1,_8)");
    /// ```
    SM70_8x8x4_F32F16F16F32_TN: shape (8,8,4), thr [(4,2):(1,16)],
        a [(8,4):(1,8)], b [(8,4):(1,8)], c [((2,2,2),(2,2,2)):((1,16,4),(8,2,32))];
    /// `mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32`, the MMA of lanes 0-3 and 16-19.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM70_8x8x4_F32F16F16F32_NT};
    /// assert_eq!(<SM70_8x8x4_F32F16F16F32_NT as MmaTraits>::ThrId::default().to_string(), "(_4,_2):(_1,_16)");
    /// assert_eq!(<SM70_8x8x4_F32F16F16F32_NT as MmaTraits>::ALayout::default().to_string(), "((_4,_2),_4):((_8,_4),_1)");
    /// ```
    SM70_8x8x4_F32F16F16F32_NT: shape (8,8,4), thr [(4,2):(1,16)],
        a [((4,2),4):((8,4),1)], b [((4,2),4):((8,4),1)], c [((2,2,2),(2,2,2)):((1,16,4),(8,2,32))];
    /// `mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32`, the MMA of lanes 0-3 and 16-19.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM70_8x8x4_F32F16F16F32_NN};
    /// assert_eq!(<SM70_8x8x4_F32F16F16F32_NN as MmaTraits>::ThrId::default().to_string(), "(_4,_2):(_1,_16)");
    /// assert_eq!(<SM70_8x8x4_F32F16F16F32_NN as MmaTraits>::ALayout::default().to_string(), "((_4,_2),_4):((_8,_4),_1)");
    /// ```
    SM70_8x8x4_F32F16F16F32_NN: shape (8,8,4), thr [(4,2):(1,16)],
        a [((4,2),4):((8,4),1)], b [(8,4):(1,8)], c [((2,2,2),(2,2,2)):((1,16,4),(8,2,32))];
    /// `mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32`, the MMA of lanes 0-3 and 16-19.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM70_8x8x4_F32F16F16F32_TT};
    /// assert_eq!(<SM70_8x8x4_F32F16F16F32_TT as MmaTraits>::ThrId::default().to_string(), "(_4,_2):(_1,_16)");
    /// assert_eq!(<SM70_8x8x4_F32F16F16F32_TT as MmaTraits>::ALayout::default().to_string(), "(_8,_4):(_1,_8)");
    /// ```
    SM70_8x8x4_F32F16F16F32_TT: shape (8,8,4), thr [(4,2):(1,16)],
        a [(8,4):(1,8)], b [((4,2),4):((8,4),1)], c [((2,2,2),(2,2,2)):((1,16,4),(8,2,32))];
}
