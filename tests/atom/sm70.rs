//! Volta's `mma.sync.m8n8k4` with `.f16`: the MMA computed by lanes 0-3 (the ISA's "low group")
//! and 16-19 (its "high group"), "MMA computation 1" of the ISA's table.

use super::{check_tv, covers};
use cute::atom::*;

/// The ISA's table: computation 1 is lanes 0-3 and 16-19; logical thread `t = t0 + 4 t1` of the
/// atom is the `t0`-th lane of the low (`t1 = 0`) or high (`t1 = 1`) group.
pub(super) fn lane(t: usize) -> usize {
    t % 4 + 16 * (t / 4)
}
fn high(lane: usize) -> usize {
    if lane < 16 {
        0
    } else {
        4
    }
}
/// Row-major A: "row = %laneid % 4 if %laneid < 16, (%laneid % 4) + 4 otherwise; col = i".
fn a_row(lane: usize, i: usize) -> (usize, usize) {
    (lane % 4 + high(lane), i)
}
/// Column-major A: "row = i % 4 if %laneid < 16, (i % 4) + 4 otherwise; col = %laneid % 4".
fn a_col(lane: usize, i: usize) -> (usize, usize) {
    (i % 4 + high(lane), lane % 4)
}
/// Row-major B: "row = %laneid % 4; col = i if %laneid < 16, i + 4 otherwise" (row is k, col is
/// n: the (N,K) tile's element is `(col, row)`).
fn b_row(lane: usize, i: usize) -> (usize, usize) {
    (i + high(lane), lane % 4)
}
/// Column-major B: "row = i; col = %laneid % 4 if %laneid < 16, (%laneid % 4) + 4 otherwise".
fn b_col(lane: usize, i: usize) -> (usize, usize) {
    (lane % 4 + high(lane), i)
}
/// `.f16` C: "row = %laneid % 4 if %laneid < 16, (%laneid % 4) + 4 otherwise; col = i".
fn c_f16(lane: usize, i: usize) -> (usize, usize) {
    (lane % 4 + high(lane), i)
}
/// `.f32` C: "row = X if %laneid < 16, X + 4 otherwise, where X = (%laneid & 0b1) + (i & 0b10);
/// col = (i & 0b100) + (%laneid & 0b10) + (i & 0b1)".
pub(super) fn c_f32(lane: usize, i: usize) -> (usize, usize) {
    ((lane & 1) + (i & 2) + high(lane), (i & 4) + (lane & 2) + (i & 1))
}

#[test]
fn the_isa_formulas_cover_their_tiles() {
    // On the atom's eight lanes.
    let on_atom = |f: fn(usize, usize) -> (usize, usize)| move |t: usize, i: usize| f(lane(t), i);
    covers(8, 4, 8, 4, on_atom(a_row));
    covers(8, 4, 8, 4, on_atom(a_col));
    covers(8, 4, 8, 4, on_atom(b_row));
    covers(8, 4, 8, 4, on_atom(b_col));
    covers(8, 8, 8, 8, on_atom(c_f16));
    covers(8, 8, 8, 8, on_atom(c_f32));
}

macro_rules! atom_884 {
    ($atom:ty, $a:expr, $b:expr, $c:expr) => {{
        let thr = <$atom as MmaTraits>::ThrId::default();
        for t in 0..8 {
            assert_eq!(thr.call(t), lane(t) as isize, "{}: ThrID({})", stringify!($atom), t);
        }
        check_tv!(<$atom as MmaTraits>::ALayout::default(), threads 8, values 4, rows 8, lane lane, $a);
        check_tv!(<$atom as MmaTraits>::BLayout::default(), threads 8, values 4, rows 8, lane lane, $b);
        check_tv!(<$atom as MmaTraits>::CLayout::default(), threads 8, values 8, rows 8, lane lane, $c);
    }};
}

/// `T` is `.row` and `N` is `.col`, for A and for B (`TN` is `mma.sync.aligned.m8n8k4.row.col`).
#[test]
fn m8n8k4_f16_accumulator() {
    atom_884!(SM70_8x8x4_F16F16F16F16_TN, a_row, b_col, c_f16);
    atom_884!(SM70_8x8x4_F16F16F16F16_NT, a_col, b_row, c_f16);
    atom_884!(SM70_8x8x4_F16F16F16F16_NN, a_col, b_col, c_f16);
    atom_884!(SM70_8x8x4_F16F16F16F16_TT, a_row, b_row, c_f16);
}

#[test]
fn m8n8k4_f32_accumulator() {
    atom_884!(SM70_8x8x4_F32F16F16F32_TN, a_row, b_col, c_f32);
    atom_884!(SM70_8x8x4_F32F16F16F32_NT, a_col, b_row, c_f32);
    atom_884!(SM70_8x8x4_F32F16F16F32_NN, a_col, b_col, c_f32);
    atom_884!(SM70_8x8x4_F32F16F16F32_TT, a_row, b_row, c_f32);
}
