//! The MMA atoms' thread-value layouts against NVIDIA's PTX ISA, for every thread and value.
//!
//! Each formula below is the ISA's, written from its text ("Matrix Fragments for mma.m16n8k8",
//! "mma.m16n8k16", "mma.m16n8k32", "mma.m8n8k4" with `.f16` and with `.f64`; for `wgmma`, whose
//! fragments the ISA gives as figures only, what the figures draw, as `mma_sm90.rs` states it):
//! `(lane, i) -> (row, col)` of element `i` held by lane `lane`, with `groupID = lane >> 2` and
//! `threadID_in_group = lane % 4`. A layout passes when, for every logical thread `t` and value
//! `i`, it maps `(t, i)` to the column-major index of that element, `row + rows * col`, with
//! `lane = ThrID(t)`.

mod copy;
mod exec;
mod gemm;
mod partition_runtime;
mod picture;
mod sm70;
mod sm80;
mod sm80_gemm;
mod sm90;
mod table;
mod tiled_copy;
mod tiled_copy_static;
mod tiled_mma;
mod tiled_static;

/// Checks one TV layout, given as its static type's value, against an ISA formula.
///
/// `threads` and `values` are the ISA's counts (threads in the instruction, elements a thread
/// holds); `rows` is the operand's row count (its column-major leading dimension); `lane` maps
/// a logical thread to its lane (`ThrID`).
macro_rules! check_tv {
    ($layout:expr, threads $threads:expr, values $values:expr, rows $rows:expr, lane $lane:expr, $formula:expr) => {{
        let layout = $layout;
        let (threads, values, rows): (usize, usize, usize) = ($threads, $values, $rows);
        assert_eq!(layout.size() as usize, threads * values, "{}: size is threads x values", layout);
        let lane: &dyn Fn(usize) -> usize = &$lane;
        let formula: &dyn Fn(usize, usize) -> (usize, usize) = &$formula;
        for t in 0..threads {
            for i in 0..values {
                let (row, col) = formula(lane(t), i);
                assert_eq!(
                    layout.call(t + threads * i),
                    (row + rows * col) as isize,
                    "{}: thread {} (lane {}) value {} is ({}, {})",
                    layout,
                    t,
                    lane(t),
                    i,
                    row,
                    col
                );
            }
        }
    }};
}
pub(crate) use check_tv;

/// `groupID` and `threadID_in_group` of a lane (the ISA's definitions).
pub(crate) fn group(lane: usize) -> (usize, usize) {
    (lane >> 2, lane % 4)
}

/// Every (thread, value) of a formula reaches a distinct element of the `rows x cols` tile, and
/// together they cover it: so that a formula transcribed wrong is caught even where a layout
/// copies the mistake.
pub(crate) fn covers(
    threads: usize,
    values: usize,
    rows: usize,
    cols: usize,
    formula: impl Fn(usize, usize) -> (usize, usize),
) {
    let mut seen = vec![false; rows * cols];
    for lane in 0..threads {
        for i in 0..values {
            let (r, c) = formula(lane, i);
            assert!(r < rows && c < cols, "lane {lane} value {i}: ({r}, {c}) is outside {rows} x {cols}");
            assert!(!seen[r + rows * c], "lane {lane} value {i}: ({r}, {c}) is held twice");
            seen[r + rows * c] = true;
        }
    }
    assert!(seen.iter().all(|&s| s), "the formula leaves elements of the {rows} x {cols} tile unheld");
}
