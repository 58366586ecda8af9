//! Hopper's warpgroup-level MMA, `wgmma.mma_async.sync.aligned.m64nNk16` with `.f16` or
//! `.bf16` inputs (PTX ISA "Register Fragments and Shared Memory Matrix Layouts", "Matrix
//! Fragments for wgmma.mma_async.m64nNk16"): the four warps of a warpgroup, 128 threads,
//! compute a 64xNx16 tile; B is read from shared memory, A from shared memory (`SS`) or from
//! registers (`RS`). The atoms here are N = 8, 16, 32, 64, 128 and 256 (the ISA and CuTe also
//! have the other multiples of 8 up to 256).
//!
//! Thread `t` of the warpgroup is lane `t % 32` of warp `w = t / 32`, with `groupID = lane / 4`
//! and `threadID_in_group = lane % 4`. The ISA draws the fragments (its figures for A and D);
//! as drawn, warp `w` holds rows `16 w` to `16 w + 15`, and within them each 8-column block is
//! laid out as the `m16n8k16` accumulator: D element `i` at row `16 w + groupID + 8 ((i >> 1) & 1)`,
//! column `8 (i >> 2) + 2 threadID_in_group + (i & 1)` (N/2 elements a thread), and A element
//! `i` (from registers) at row `16 w + groupID + 8 ((i >> 1) & 1)`, column `8 (i >> 2) + 2
//! threadID_in_group + (i & 1)` (eight elements).
//!
//! An operand in shared memory is read by the whole warpgroup through its matrix descriptor,
//! so every thread "holds" every element: its TV layout has thread stride 0, `(128,(M,K)):(0,(1,M))`.
//! The descriptor's majors (CuTe's `GMMA::Major` template parameters) change the shared-memory
//! layout, not these thread-value layouts, so the atoms here have none; the accumulator's type
//! (`F16` or `F32`) changes the registers (`.f16x2` pairs or `.f32`), not the layout.

use super::mma::mma_atoms;

mma_atoms! { atoms;
    /// `wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x8x16_F16F16F16_SS};
    /// assert_eq!(<SM90_64x8x16_F16F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_1)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x8x16_F16F16F16_SS: shape (64,8,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(8,16)):(0,(1,8))],
        c [((4,8,4),(2,2,1)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x8x16_F16F16F16_RS};
    /// assert_eq!(<SM90_64x8x16_F16F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_1)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x8x16_F16F16F16_RS: shape (64,8,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(8,16)):(0,(1,8))],
        c [((4,8,4),(2,2,1)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x8x16_F32F16F16_SS};
    /// assert_eq!(<SM90_64x8x16_F32F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_1)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x8x16_F32F16F16_SS: shape (64,8,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(8,16)):(0,(1,8))],
        c [((4,8,4),(2,2,1)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x8x16_F32F16F16_RS};
    /// assert_eq!(<SM90_64x8x16_F32F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_1)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x8x16_F32F16F16_RS: shape (64,8,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(8,16)):(0,(1,8))],
        c [((4,8,4),(2,2,1)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x8x16_F32BF16BF16_SS};
    /// assert_eq!(<SM90_64x8x16_F32BF16BF16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_1)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x8x16_F32BF16BF16_SS: shape (64,8,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(8,16)):(0,(1,8))],
        c [((4,8,4),(2,2,1)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x8x16_F32BF16BF16_RS};
    /// assert_eq!(<SM90_64x8x16_F32BF16BF16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_1)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x8x16_F32BF16BF16_RS: shape (64,8,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(8,16)):(0,(1,8))],
        c [((4,8,4),(2,2,1)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n16k16.f16.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x16x16_F16F16F16_SS};
    /// assert_eq!(<SM90_64x16x16_F16F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x16x16_F16F16F16_SS: shape (64,16,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(16,16)):(0,(1,16))],
        c [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n16k16.f16.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x16x16_F16F16F16_RS};
    /// assert_eq!(<SM90_64x16x16_F16F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x16x16_F16F16F16_RS: shape (64,16,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(16,16)):(0,(1,16))],
        c [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x16x16_F32F16F16_SS};
    /// assert_eq!(<SM90_64x16x16_F32F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x16x16_F32F16F16_SS: shape (64,16,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(16,16)):(0,(1,16))],
        c [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x16x16_F32F16F16_RS};
    /// assert_eq!(<SM90_64x16x16_F32F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x16x16_F32F16F16_RS: shape (64,16,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(16,16)):(0,(1,16))],
        c [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x16x16_F32BF16BF16_SS};
    /// assert_eq!(<SM90_64x16x16_F32BF16BF16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x16x16_F32BF16BF16_SS: shape (64,16,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(16,16)):(0,(1,16))],
        c [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x16x16_F32BF16BF16_RS};
    /// assert_eq!(<SM90_64x16x16_F32BF16BF16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x16x16_F32BF16BF16_RS: shape (64,16,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(16,16)):(0,(1,16))],
        c [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x32x16_F16F16F16_SS};
    /// assert_eq!(<SM90_64x32x16_F16F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_4)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x32x16_F16F16F16_SS: shape (64,32,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(32,16)):(0,(1,32))],
        c [((4,8,4),(2,2,4)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x32x16_F16F16F16_RS};
    /// assert_eq!(<SM90_64x32x16_F16F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_4)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x32x16_F16F16F16_RS: shape (64,32,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(32,16)):(0,(1,32))],
        c [((4,8,4),(2,2,4)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x32x16_F32F16F16_SS};
    /// assert_eq!(<SM90_64x32x16_F32F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_4)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x32x16_F32F16F16_SS: shape (64,32,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(32,16)):(0,(1,32))],
        c [((4,8,4),(2,2,4)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x32x16_F32F16F16_RS};
    /// assert_eq!(<SM90_64x32x16_F32F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_4)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x32x16_F32F16F16_RS: shape (64,32,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(32,16)):(0,(1,32))],
        c [((4,8,4),(2,2,4)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x32x16_F32BF16BF16_SS};
    /// assert_eq!(<SM90_64x32x16_F32BF16BF16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_4)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x32x16_F32BF16BF16_SS: shape (64,32,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(32,16)):(0,(1,32))],
        c [((4,8,4),(2,2,4)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x32x16_F32BF16BF16_RS};
    /// assert_eq!(<SM90_64x32x16_F32BF16BF16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_4)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x32x16_F32BF16BF16_RS: shape (64,32,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(32,16)):(0,(1,32))],
        c [((4,8,4),(2,2,4)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x64x16_F16F16F16_SS};
    /// assert_eq!(<SM90_64x64x16_F16F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x64x16_F16F16F16_SS: shape (64,64,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(64,16)):(0,(1,64))],
        c [((4,8,4),(2,2,8)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x64x16_F16F16F16_RS};
    /// assert_eq!(<SM90_64x64x16_F16F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x64x16_F16F16F16_RS: shape (64,64,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(64,16)):(0,(1,64))],
        c [((4,8,4),(2,2,8)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x64x16_F32F16F16_SS};
    /// assert_eq!(<SM90_64x64x16_F32F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x64x16_F32F16F16_SS: shape (64,64,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(64,16)):(0,(1,64))],
        c [((4,8,4),(2,2,8)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x64x16_F32F16F16_RS};
    /// assert_eq!(<SM90_64x64x16_F32F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x64x16_F32F16F16_RS: shape (64,64,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(64,16)):(0,(1,64))],
        c [((4,8,4),(2,2,8)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x64x16_F32BF16BF16_SS};
    /// assert_eq!(<SM90_64x64x16_F32BF16BF16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x64x16_F32BF16BF16_SS: shape (64,64,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(64,16)):(0,(1,64))],
        c [((4,8,4),(2,2,8)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x64x16_F32BF16BF16_RS};
    /// assert_eq!(<SM90_64x64x16_F32BF16BF16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x64x16_F32BF16BF16_RS: shape (64,64,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(64,16)):(0,(1,64))],
        c [((4,8,4),(2,2,8)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x128x16_F16F16F16_SS};
    /// assert_eq!(<SM90_64x128x16_F16F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x128x16_F16F16F16_SS: shape (64,128,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(128,16)):(0,(1,128))],
        c [((4,8,4),(2,2,16)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x128x16_F16F16F16_RS};
    /// assert_eq!(<SM90_64x128x16_F16F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x128x16_F16F16F16_RS: shape (64,128,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(128,16)):(0,(1,128))],
        c [((4,8,4),(2,2,16)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x128x16_F32F16F16_SS};
    /// assert_eq!(<SM90_64x128x16_F32F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x128x16_F32F16F16_SS: shape (64,128,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(128,16)):(0,(1,128))],
        c [((4,8,4),(2,2,16)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x128x16_F32F16F16_RS};
    /// assert_eq!(<SM90_64x128x16_F32F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x128x16_F32F16F16_RS: shape (64,128,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(128,16)):(0,(1,128))],
        c [((4,8,4),(2,2,16)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x128x16_F32BF16BF16_SS};
    /// assert_eq!(<SM90_64x128x16_F32BF16BF16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x128x16_F32BF16BF16_SS: shape (64,128,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(128,16)):(0,(1,128))],
        c [((4,8,4),(2,2,16)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x128x16_F32BF16BF16_RS};
    /// assert_eq!(<SM90_64x128x16_F32BF16BF16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x128x16_F32BF16BF16_RS: shape (64,128,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(128,16)):(0,(1,128))],
        c [((4,8,4),(2,2,16)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n256k16.f16.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x256x16_F16F16F16_SS};
    /// assert_eq!(<SM90_64x256x16_F16F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x256x16_F16F16F16_SS: shape (64,256,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(256,16)):(0,(1,256))],
        c [((4,8,4),(2,2,32)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n256k16.f16.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x256x16_F16F16F16_RS};
    /// assert_eq!(<SM90_64x256x16_F16F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x256x16_F16F16F16_RS: shape (64,256,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(256,16)):(0,(1,256))],
        c [((4,8,4),(2,2,32)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x256x16_F32F16F16_SS};
    /// assert_eq!(<SM90_64x256x16_F32F16F16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x256x16_F32F16F16_SS: shape (64,256,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(256,16)):(0,(1,256))],
        c [((4,8,4),(2,2,32)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x256x16_F32F16F16_RS};
    /// assert_eq!(<SM90_64x256x16_F32F16F16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x256x16_F32F16F16_RS: shape (64,256,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(256,16)):(0,(1,256))],
        c [((4,8,4),(2,2,32)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16`, A from shared memory.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x256x16_F32BF16BF16_SS};
    /// assert_eq!(<SM90_64x256x16_F32BF16BF16_SS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x256x16_F32BF16BF16_SS: shape (64,256,16), thr [128:1],
        a [(128,(64,16)):(0,(1,64))], b [(128,(256,16)):(0,(1,256))],
        c [((4,8,4),(2,2,32)):((128,1,16),(64,8,512))];
    /// `wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16`, A from registers.
    ///
    /// ```
    /// use cute::atom::{MmaTraits, SM90_64x256x16_F32BF16BF16_RS};
    /// assert_eq!(<SM90_64x256x16_F32BF16BF16_RS as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x256x16_F32BF16BF16_RS: shape (64,256,16), thr [128:1],
        a [((4,8,4),(2,2,2)):((128,1,16),(64,8,512))], b [(128,(256,16)):(0,(1,256))],
        c [((4,8,4),(2,2,32)):((128,1,16),(64,8,512))];
}
