//! Seed 002's permutations as memory accesses (`examples/seed_002_memory.rs`, the guide's
//! "Bank conflicts and coalescing"): the program's TV layouts are the seed's partition, its
//! numbers are the ones derived by hand from the strides, and the guide states exactly what
//! it prints.

use std::collections::BTreeSet;

use cute::dynamic::{make_layout_tv, ErrorKind, Layout, Tiler};
use cute::tensor::{make_tensor, Counting};

#[path = "../examples/seed_002_memory.rs"]
#[allow(dead_code)]
mod example;

use example::{row, rows, tile, tv_layout, widest, Row, PERMS};

/// Thread `k`'s offsets of the C tile by the algebra, as tests/tv_partition.rs computes them:
/// C divided by the permutation in both modes, partitioned over 16 x 16 threads.
fn partition_offsets(perm: &Layout, k: i64) -> BTreeSet<usize> {
    let c = make_tensor(Counting(128 * 128), tile()).unwrap();
    let per_mode = Tiler::Tuple(vec![Tiler::Layout(perm.clone()), Tiler::Layout(perm.clone())]);
    let (tiler, tv) =
        make_layout_tv(&"(16,16):(16,1)".parse().unwrap(), &Layout::column_major("(1,1)".parse().unwrap()).unwrap())
            .unwrap();
    let t = c.logical_divide(&per_mode).unwrap().partition_tv(&tiler.to_string().parse().unwrap(), &tv, k).unwrap();
    t.iter().collect()
}

#[test]
fn the_tv_layouts_are_the_seeds_partition() {
    for perm_text in PERMS {
        let perm: Layout = perm_text.parse().unwrap();
        let tv = tv_layout(&perm);
        assert_eq!((tv.mode(0).unwrap().size().unwrap(), tv.mode(1).unwrap().size().unwrap()), (256, 64), "{}", tv);
        let (groups, chunk) = (perm.mode(0).unwrap(), perm.mode(1).unwrap());
        let (g_stride, r, r_stride) = (
            groups.stride().as_int().unwrap() as usize,
            chunk.shape().as_int().unwrap() as usize,
            chunk.stride().as_int().unwrap() as usize,
        );
        let covered = 16 * r;
        let rests = 128 / covered;
        let mut owner = vec![None; 128 * 128];
        for k in 0..256usize {
            // (row, col) of each value: the TV layout gives the column-major index row + 128 col.
            let cells: Vec<(usize, usize)> = (0..64)
                .map(|v| {
                    let i = tv.call((k + 256 * v) as i64).unwrap() as usize;
                    (i % 128, i / 128)
                })
                .collect();
            // The seed's loop: my_rows / my_cols from the group and chunk strides, then the
            // repetition at +covered.
            let (tm, tn) = (k / 16, k % 16);
            let lines = |g: usize| -> BTreeSet<usize> {
                (0..rests).flat_map(|j| (0..r).map(move |i| g * g_stride + i * r_stride + covered * j)).collect()
            };
            let (my_rows, my_cols) = (lines(tm), lines(tn));
            let mine: BTreeSet<(usize, usize)> =
                my_rows.iter().flat_map(|&row| my_cols.iter().map(move |&col| (row, col))).collect();
            assert_eq!(cells.iter().copied().collect::<BTreeSet<_>>(), mine, "{} thread {}", perm_text, k);
            // The same elements as the algebra's partition of the row-major tile.
            let offsets: BTreeSet<usize> = cells.iter().map(|(row, col)| row * 128 + col).collect();
            assert_eq!(offsets, partition_offsets(&perm, k as i64), "{} thread {}", perm_text, k);
            // Consecutive values run along a row: the first R are the thread's first column
            // chunk of its first row.
            for v in 1..r {
                assert_eq!(cells[v], (cells[0].0, cells[0].1 + v * r_stride), "{} thread {} value {}", perm_text, k, v);
            }
            for &(row, col) in &cells {
                assert_eq!(owner[row * 128 + col], None, "{}: ({}, {}) owned twice", perm_text, row, col);
                owner[row * 128 + col] = Some(k);
            }
        }
        assert!(owner.iter().all(Option::is_some), "{}: an element no thread owns", perm_text);
    }
}

#[test]
fn the_widest_vectors() {
    let widths: Vec<i64> = PERMS.iter().map(|p| widest(&tv_layout(&p.parse().unwrap())).0).collect();
    assert_eq!(widths, [4, 1, 4]);
    // (16,4):(1,16): a thread's consecutive values are 16 columns apart.
    let (_, refused) = widest(&tv_layout(&PERMS[1].parse().unwrap()));
    let e = refused.unwrap();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.message().contains("thread 0 values 0..1: offsets 0 then 16 are not contiguous"), "{}", e);
    // (16,8):(8,1): 16 bytes is the widest access; its 8 contiguous values take two.
    assert!(widest(&tv_layout(&PERMS[2].parse().unwrap())).1.is_none());
}

/// A row from the numbers derived by hand: one warp is threads (tm, tn) = (2w, 0..16) and
/// (2w + 1, 0..16), so two rows of the tile, 16 threads each; a tile row is 512 bytes, 4 lines,
/// 16 sectors, and starts at bank 0. All warps and instructions are alike (single figures).
#[allow(clippy::too_many_arguments)]
fn by_hand(
    perm: &'static str,
    widest: bool,
    values: i64,
    (sectors, min_sectors, lines, min_lines): (u64, u64, u64, u64),
    efficiency: f64,
    (wavefronts, ideal): (u64, u64),
    degree: u32,
) -> Row {
    let steps = 64 / values;
    Row {
        perm,
        widest,
        values,
        steps,
        sectors: (sectors, sectors),
        min_sectors: (min_sectors, min_sectors),
        lines: (lines, lines),
        min_lines: (min_lines, min_lines),
        tile_sectors: 8 * steps as u64 * sectors,
        efficiency,
        wavefronts: (wavefronts, wavefronts),
        ideal: (ideal, ideal),
        warp_wavefronts: (steps as u64 * wavefronts, steps as u64 * wavefronts),
        warp_ideal: (steps as u64 * ideal, steps as u64 * ideal),
        degree,
    }
}

#[test]
fn the_numbers_are_the_strides() {
    let expected = vec![
        // (16,4):(4,1), 16 bytes: thread tn moves columns 4 tn .. 4 tn + 3, so 16 threads cover
        // 256 contiguous bytes of each of the two rows: 16 sectors, 4 lines, all used; in shared
        // memory each phase of 8 threads moves 128 contiguous bytes, one wavefront.
        by_hand(PERMS[0], true, 4, (16, 16, 4, 4), 1.0, (4, 4), 1),
        // One f32: 4 bytes of every 16 (threads 16 bytes apart): the same 16 sectors for 128
        // bytes; banks 0, 4, .., 28 each hold columns 0 and 32 of both rows, 4 words.
        by_hand(PERMS[0], false, 1, (16, 4, 4, 1), 0.25, (4, 1), 4),
        // (16,4):(1,16), one f32 (values 16 columns apart): threads tn are adjacent columns,
        // 64 contiguous bytes of each row: 4 sectors, 2 lines (of 1); banks 0 .. 15 hold a word
        // of each row, 2 wavefronts.
        by_hand(PERMS[1], true, 1, (4, 4, 2, 1), 1.0, (2, 1), 2),
        // (16,8):(8,1), 16 bytes: thread tn's first 16 bytes of columns 8 tn .. 8 tn + 7, so
        // every other 16 bytes of whole rows: 32 sectors, half used, 8 lines; a phase's 8 threads
        // reach words 0-3, 8-11, .., 56-59, banks 0-3, 8-11, 16-19, 24-27 twice.
        by_hand(PERMS[2], true, 4, (32, 16, 8, 4), 0.5, (8, 4), 2),
        // One f32, 32 bytes apart: a sector per thread, 4 of its 32 bytes used; columns 0, 8, ..,
        // 120 of two rows on banks 0, 8, 16, 24: 8 words each.
        by_hand(PERMS[2], false, 1, (32, 4, 8, 1), 0.125, (8, 1), 8),
    ];
    assert_eq!(rows(), expected);
    // A width the table leaves out, (16,8):(8,1) at 8 bytes: threads 32 bytes apart use 8 bytes
    // of each sector; a phase of 16 threads reaches words 8 tn, 8 tn + 1 of one row, banks 0, 1,
    // 8, 9, .., 24, 25 four words each.
    let r = row(PERMS[2], 2);
    assert_eq!((r.sectors, r.efficiency, r.wavefronts, r.ideal, r.degree), ((32, 32), 0.25, (8, 8), (2, 2), 4));
}

#[test]
fn the_guide_states_what_the_program_prints() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide.md")).unwrap();
    let begin = "<!-- seed_002_memory: begin -->\n";
    let end = "<!-- seed_002_memory: end -->";
    let from = guide.find(begin).expect("the guide's begin marker") + begin.len();
    let to = from + guide[from..].find(end).expect("the guide's end marker");
    let stated = guide[from..to].trim_end();
    assert_eq!(
        stated,
        example::markdown().trim_end(),
        "docs/guide.md is stale: rerun the example and paste its output"
    );
}
