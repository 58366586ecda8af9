//! Turing's and Ampere's `mma.sync` atoms (`m16n8k8`, `m16n8k16`, `m16n8k32`, `m8n8k4.f64`).

use super::{check_tv, covers, group};
use cute::atom::*;

/// `m16n8k16` with `.f16`/`.bf16`: "row = groupID for ai where 0 <= i < 2 || 4 <= i < 6,
/// groupID + 8 otherwise; col = (threadID_in_group * 2) + (i & 0x1) for ai where i < 4, + 8 for
/// i >= 4".
pub(super) fn a_16816(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    let row = if i < 2 || (4..6).contains(&i) { g } else { g + 8 };
    let col = t * 2 + (i & 1) + if i < 4 { 0 } else { 8 };
    (row, col)
}
/// "row = (threadID_in_group * 2) + (i & 0x1) for bi where i < 2, + 8 for i >= 2; col = groupID"
/// (B's row is k, its column n: the (N,K) tile's index is `col + 8 row`).
pub(super) fn b_16816(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    let k = t * 2 + (i & 1) + if i < 2 { 0 } else { 8 };
    (g, k)
}
/// The accumulator of `m16n8k8`, `m16n8k16` and `m16n8k32`: "row = groupID for ci where i < 2,
/// groupID + 8 for i >= 2; col = (threadID_in_group * 2) + (i & 0x1)".
pub(super) fn c_168(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    (if i < 2 { g } else { g + 8 }, t * 2 + (i & 1))
}
/// `m16n8k8` with `.f16`/`.bf16`: "row = groupID for a0 and a1, groupID + 8 for a2 and a3;
/// col = threadID_in_group * 2 + (i & 0x1)".
pub(super) fn a_1688(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    (if i < 2 { g } else { g + 8 }, t * 2 + (i & 1))
}
/// "row = (threadID_in_group * 2) + i for bi where i = {0, 1}; col = groupID".
pub(super) fn b_1688(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    (g, t * 2 + i)
}
/// `m16n8k8` with `.tf32`: "row = groupID for a0 and a2, groupID + 8 for a1 and a3; col =
/// threadID_in_group for a0 and a1, threadID_in_group + 4 for a2 and a3".
fn a_1688_tf32(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    (if i == 0 || i == 2 { g } else { g + 8 }, if i < 2 { t } else { t + 4 })
}
/// "row = threadID_in_group for b0, threadID_in_group + 4 for b1; col = groupID".
fn b_1688_tf32(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    (g, if i == 0 { t } else { t + 4 })
}
/// `m16n8k32` with `.s8`/`.u8`: "row = groupID for ai where 0 <= i < 4 || 8 <= i < 12, groupID
/// + 8 otherwise; col = (threadID_in_group * 4) + (i & 0x3) for ai where i < 8, + 16 for i >= 8".
fn a_16832(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    let row = if i < 4 || (8..12).contains(&i) { g } else { g + 8 };
    (row, t * 4 + (i & 3) + if i < 8 { 0 } else { 16 })
}
/// "row = (threadID_in_group * 4) + (i & 0x3) for bi where i < 4, + 16 for i >= 4; col = groupID".
fn b_16832(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    (g, t * 4 + (i & 3) + if i < 4 { 0 } else { 16 })
}
/// `m8n8k4` with `.f64`: A "row = %laneid >> 2, col = %laneid % 4"; B "row = %laneid % 4, col =
/// %laneid >> 2"; C "row = groupID, col = (threadID_in_group * 2) + (i & 0x1)".
fn a_884_f64(lane: usize, _: usize) -> (usize, usize) {
    (lane >> 2, lane % 4)
}
fn b_884_f64(lane: usize, _: usize) -> (usize, usize) {
    (lane >> 2, lane % 4)
}
fn c_884_f64(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = group(lane);
    (g, t * 2 + (i & 1))
}

fn identity(t: usize) -> usize {
    t
}

/// The formulas themselves reach every element of their tiles once.
#[test]
fn the_isa_formulas_cover_their_tiles() {
    covers(32, 8, 16, 16, a_16816);
    covers(32, 4, 8, 16, b_16816);
    covers(32, 4, 16, 8, c_168);
    covers(32, 4, 16, 8, a_1688);
    covers(32, 2, 8, 8, b_1688);
    covers(32, 4, 16, 8, a_1688_tf32);
    covers(32, 2, 8, 8, b_1688_tf32);
    covers(32, 16, 16, 32, a_16832);
    covers(32, 8, 8, 32, b_16832);
    covers(32, 1, 8, 4, a_884_f64);
    covers(32, 1, 8, 4, b_884_f64);
    covers(32, 2, 8, 8, c_884_f64);
}

macro_rules! atom_16816 {
    ($($atom:ty),*) => {$(
        check_tv!(<$atom as MmaTraits>::ALayout::default(), threads 32, values 8, rows 16, lane identity, a_16816);
        check_tv!(<$atom as MmaTraits>::BLayout::default(), threads 32, values 4, rows 8, lane identity, b_16816);
        check_tv!(<$atom as MmaTraits>::CLayout::default(), threads 32, values 4, rows 16, lane identity, c_168);
        assert_eq!(<$atom as MmaTraits>::ThrId::default().to_string(), "_32:_1");
    )*};
}

#[test]
fn m16n8k16_f16_and_bf16() {
    atom_16816!(SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x16_F32BF16BF16F32_TN);
}

macro_rules! atom_1688 {
    ($($atom:ty),*) => {$(
        check_tv!(<$atom as MmaTraits>::ALayout::default(), threads 32, values 4, rows 16, lane identity, a_1688);
        check_tv!(<$atom as MmaTraits>::BLayout::default(), threads 32, values 2, rows 8, lane identity, b_1688);
        check_tv!(<$atom as MmaTraits>::CLayout::default(), threads 32, values 4, rows 16, lane identity, c_168);
    )*};
}

#[test]
fn m16n8k8_f16_and_bf16() {
    atom_1688!(
        SM75_16x8x8_F32F16F16F32_TN,
        SM80_16x8x8_F16F16F16F16_TN,
        SM80_16x8x8_F32F16F16F32_TN,
        SM80_16x8x8_F32BF16BF16F32_TN
    );
}

#[test]
fn m16n8k8_tf32() {
    type T = SM80_16x8x8_F32TF32TF32F32_TN;
    check_tv!(<T as MmaTraits>::ALayout::default(), threads 32, values 4, rows 16, lane identity, a_1688_tf32);
    check_tv!(<T as MmaTraits>::BLayout::default(), threads 32, values 2, rows 8, lane identity, b_1688_tf32);
    check_tv!(<T as MmaTraits>::CLayout::default(), threads 32, values 4, rows 16, lane identity, c_168);
}

macro_rules! atom_16832 {
    ($($atom:ty),*) => {$(
        check_tv!(<$atom as MmaTraits>::ALayout::default(), threads 32, values 16, rows 16, lane identity, a_16832);
        check_tv!(<$atom as MmaTraits>::BLayout::default(), threads 32, values 8, rows 8, lane identity, b_16832);
        check_tv!(<$atom as MmaTraits>::CLayout::default(), threads 32, values 4, rows 16, lane identity, c_168);
    )*};
}

#[test]
fn m16n8k32_s8_and_u8() {
    atom_16832!(
        SM80_16x8x32_S32S8S8S32_TN,
        SM80_16x8x32_S32S8U8S32_TN,
        SM80_16x8x32_S32U8S8S32_TN,
        SM80_16x8x32_S32U8U8S32_TN
    );
}

#[test]
fn m8n8k4_f64() {
    type T = SM80_8x8x4_F64F64F64F64_TN;
    check_tv!(<T as MmaTraits>::ALayout::default(), threads 32, values 1, rows 8, lane identity, a_884_f64);
    check_tv!(<T as MmaTraits>::BLayout::default(), threads 32, values 1, rows 8, lane identity, b_884_f64);
    check_tv!(<T as MmaTraits>::CLayout::default(), threads 32, values 2, rows 8, lane identity, c_884_f64);
}

#[test]
fn universal_fma_is_one_thread_one_value() {
    use cute::tensor::UniversalFma;
    let one = |_: usize, _: usize| (0, 0);
    check_tv!(<UniversalFma as MmaTraits>::ALayout::default(), threads 1, values 1, rows 1, lane identity, one);
    check_tv!(<UniversalFma as MmaTraits>::BLayout::default(), threads 1, values 1, rows 1, lane identity, one);
    check_tv!(<UniversalFma as MmaTraits>::CLayout::default(), threads 1, values 1, rows 1, lane identity, one);
    assert_eq!(cute::mixed::ShowTuple(&<UniversalFma as MmaTraits>::ShapeMnk::default()).to_string(), "(_1,_1,_1)");
}
