//! Hopper's `wgmma.mma_async.m64nNk16` with `.f16`/`.bf16` inputs, 128 threads.
//!
//! The ISA's text gives the counts (A from registers: "four .f16x2 registers", eight elements;
//! D: "N/2 number of .f32 registers" or "N/4 number of .f16x2 registers", N/2 elements) and
//! draws the fragments in its figures for A and D ("WGMMA .m64nNk16 register fragment layout"):
//! warp `w` of the warpgroup holds rows `16 w` to `16 w + 15`, and each 8-column block of them
//! is laid out as the `m16n8k16` accumulator (thread 0 holds (0,0), (0,1), (8,0), (8,1), then the
//! same in the next 8 columns). The formulas below are those drawings.

use super::{check_tv, covers, group};
use cute::atom::*;

/// D element `i` of warpgroup thread `t`: row `16 w + groupID + 8 ((i >> 1) & 1)`, column
/// `8 (i >> 2) + 2 threadID_in_group + (i & 1)`. A from registers is the same drawing on the
/// 64 x 16 tile (eight elements).
fn d(t: usize, i: usize) -> (usize, usize) {
    let (w, (g, tig)) = (t / 32, group(t % 32));
    (16 * w + g + 8 * ((i >> 1) & 1), 8 * (i >> 2) + 2 * tig + (i & 1))
}

fn identity(t: usize) -> usize {
    t
}

#[test]
fn the_drawn_fragments_cover_their_tiles() {
    for n in [8, 16, 32, 64, 128, 256] {
        covers(128, n / 2, 64, n, d);
    }
    covers(128, 8, 64, 16, d);
}

/// An operand in shared memory: every thread of the warpgroup reads the whole `rows x cols`
/// tile through the descriptor, value `i` being element `i` in column-major order.
fn shared(rows: usize) -> impl Fn(usize, usize) -> (usize, usize) {
    move |_, i| (i % rows, i / rows)
}

macro_rules! gmma {
    ($n:literal: $($ss:ty),* ; $($rs:ty),*) => {
        $(
            assert_eq!(<$ss as MmaTraits>::ThrId::default().to_string(), "_128:_1");
            check_tv!(<$ss as MmaTraits>::ALayout::default(), threads 128, values 64 * 16, rows 64, lane identity, shared(64));
            check_tv!(<$ss as MmaTraits>::BLayout::default(), threads 128, values $n * 16, rows $n, lane identity, shared($n));
            check_tv!(<$ss as MmaTraits>::CLayout::default(), threads 128, values $n / 2, rows 64, lane identity, d);
        )*
        $(
            check_tv!(<$rs as MmaTraits>::ALayout::default(), threads 128, values 8, rows 64, lane identity, d);
            check_tv!(<$rs as MmaTraits>::BLayout::default(), threads 128, values $n * 16, rows $n, lane identity, shared($n));
            check_tv!(<$rs as MmaTraits>::CLayout::default(), threads 128, values $n / 2, rows 64, lane identity, d);
        )*
    };
}

#[test]
fn m64n8k16() {
    gmma!(8: SM90_64x8x16_F16F16F16_SS, SM90_64x8x16_F32F16F16_SS, SM90_64x8x16_F32BF16BF16_SS; SM90_64x8x16_F16F16F16_RS, SM90_64x8x16_F32F16F16_RS, SM90_64x8x16_F32BF16BF16_RS);
}

#[test]
fn m64n16k16() {
    gmma!(16: SM90_64x16x16_F16F16F16_SS, SM90_64x16x16_F32F16F16_SS, SM90_64x16x16_F32BF16BF16_SS; SM90_64x16x16_F16F16F16_RS, SM90_64x16x16_F32F16F16_RS, SM90_64x16x16_F32BF16BF16_RS);
}

#[test]
fn m64n32k16() {
    gmma!(32: SM90_64x32x16_F16F16F16_SS, SM90_64x32x16_F32F16F16_SS, SM90_64x32x16_F32BF16BF16_SS; SM90_64x32x16_F16F16F16_RS, SM90_64x32x16_F32F16F16_RS, SM90_64x32x16_F32BF16BF16_RS);
}

#[test]
fn m64n64k16() {
    gmma!(64: SM90_64x64x16_F16F16F16_SS, SM90_64x64x16_F32F16F16_SS, SM90_64x64x16_F32BF16BF16_SS; SM90_64x64x16_F16F16F16_RS, SM90_64x64x16_F32F16F16_RS, SM90_64x64x16_F32BF16BF16_RS);
}

#[test]
fn m64n128k16() {
    gmma!(128: SM90_64x128x16_F16F16F16_SS, SM90_64x128x16_F32F16F16_SS, SM90_64x128x16_F32BF16BF16_SS; SM90_64x128x16_F16F16F16_RS, SM90_64x128x16_F32F16F16_RS, SM90_64x128x16_F32BF16BF16_RS);
}

#[test]
fn m64n256k16() {
    gmma!(256: SM90_64x256x16_F16F16F16_SS, SM90_64x256x16_F32F16F16_SS, SM90_64x256x16_F32BF16BF16_SS; SM90_64x256x16_F16F16F16_RS, SM90_64x256x16_F32F16F16_RS, SM90_64x256x16_F32BF16BF16_RS);
}
