//! The pictures of MMA atoms, tiled MMAs and tiled copies: each operand cell shows the thread and
//! value that the PTX ISA's formulas give it, placed where CuTe draws it (C at the bottom right,
//! A to its left, B above it with k down the rows).

use super::sm70::{c_f32, lane};
use super::sm80::{a_16816, b_16816, c_168};
use cute::dynamic::{Layout, TiledCopy, TiledMma, Tiler};
use cute::picture::{Cell, Draw, Kind, Picture, Region};

fn layout(text: &str) -> Layout {
    text.parse().unwrap()
}

/// The cell shows `thread` and `value` as the first of `reached` pairs holding the element at
/// `coord` of `region`.
fn check(cell: &Cell, region: Region, coord: (usize, usize), thread: usize, value: usize, reached: u32) {
    assert_eq!(
        (cell.region, cell.coord.to_string(), cell.thread, cell.value, cell.reached),
        (region, format!("({},{})", coord.0, coord.1), Some(thread as i64), Some(value as i64), reached),
        "the cell at row {}, column {}",
        cell.row,
        cell.col
    );
}

/// How many cells of each region: A, B, C, labels, blanks.
fn regions(p: &Picture) -> [usize; 5] {
    let mut n = [0; 5];
    for c in p.cells() {
        n[match c.region {
            Region::A => 0,
            Region::B => 1,
            Region::C => 2,
            Region::Label(_) => 3,
            _ => 4,
        }] += 1;
    }
    n
}

#[test]
fn an_atoms_picture_is_the_isas_fragments() {
    let p = cute::atom::SM80_16x8x16_F32F16F16F32_TN.picture().unwrap();
    let (m, n, k) = (16, 8, 16);
    let corner = k + 1;
    assert_eq!((p.kind(), p.rows(), p.cols()), (Kind::Mma, corner + m, corner + n));
    for lane in 0..32 {
        for i in 0..4 {
            let (row, col) = c_168(lane, i);
            check(p.cell(corner + row, corner + col), Region::C, (row, col), lane, i, 1);
        }
        for i in 0..8 {
            let (row, col) = a_16816(lane, i);
            check(p.cell(corner + row, col), Region::A, (row, col), lane, i, 1);
        }
        for i in 0..4 {
            let (nn, kk) = b_16816(lane, i);
            check(p.cell(kk, corner + nn), Region::B, (nn, kk), lane, i, 1);
        }
    }
    // k above each column of A and left of each row of B; nothing else outside the operands.
    for kk in 0..k {
        assert_eq!(p.cell(k, kk).region, Region::Label(kk as i64));
        assert_eq!(p.cell(kk, k).region, Region::Label(kk as i64));
    }
    let blanks = p.rows() * p.cols() - m * k - n * k - m * n - 2 * k;
    assert_eq!(regions(&p), [m * k, n * k, m * n, 2 * k, blanks]);
    // m down the left edge beside A, n along the top above B.
    let edge = |labels: &[String], count: usize| {
        let mut want = vec![String::new(); corner];
        want.extend((0..count).map(|i| i.to_string()));
        assert_eq!(labels, want);
    };
    edge(p.row_labels(), m);
    edge(p.col_labels(), n);
    assert_eq!(p.title(), "SM80_16x8x16_F32F16F16F32_TN");
    assert_eq!(
        p.caption()[1],
        "A: each element held by one thread; B: each element held by one thread; C: each element held by one thread"
    );
    // The dynamic engine's atom by name draws the same.
    let by_name = Picture::mma_atom(&cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap()).unwrap();
    assert_eq!(by_name.cells(), p.cells());
}

/// A Volta atom names its threads by lane (CuTe's ThrID): the quad-pair's lanes 0-3 and 16-19.
#[test]
fn a_volta_atoms_picture_names_lanes() {
    let p = cute::atom::SM70_8x8x4_F32F16F16F32_TN.picture().unwrap();
    let corner = 4 + 1;
    for t in 0..8 {
        for i in 0..8 {
            let (row, col) = c_f32(lane(t), i);
            check(p.cell(corner + row, corner + col), Region::C, (row, col), lane(t), i, 1);
        }
    }
}

/// 2 x 2 atoms, M-major: thread `lane + 32 (am + 2 an)` is `lane` of the atom at `(am, an)`,
/// which computes the C block `(16 am.., 8 an..)`. Each A element is held by the two atoms along
/// N (the first is `an = 0`), each B element by the two along M.
#[test]
fn a_tiled_mmas_picture_deals_the_atoms_blocks() {
    let atom = cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
    let mma = TiledMma::new(atom, &layout("(2,2,1):(1,2,0)"), &Tiler::Tuple(vec![])).unwrap();
    let p = mma.picture().unwrap();
    let (m, n, k) = (32, 16, 16);
    let corner = k + 1;
    assert_eq!((p.rows(), p.cols()), (corner + m, corner + n));
    for (am, an) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let thread = |lane: usize| lane + 32 * (am + 2 * an);
        for lane in 0..32 {
            for i in 0..4 {
                let (row, col) = c_168(lane, i);
                let (mm, nn) = (16 * am + row, 8 * an + col);
                check(p.cell(corner + mm, corner + nn), Region::C, (mm, nn), thread(lane), i, 1);
                assert!(p.cell(corner + mm, corner + nn).others.is_empty());
            }
            if an == 0 {
                for i in 0..8 {
                    let (row, kk) = a_16816(lane, i);
                    let mm = 16 * am + row;
                    check(p.cell(corner + mm, kk), Region::A, (mm, kk), thread(lane), i, 2);
                    // The same element in the atom at n = 1: thread + 64, same value.
                    assert_eq!(p.cell(corner + mm, kk).others, [(thread(lane) as i64 + 64, i as i64)]);
                }
            }
            if am == 0 {
                for i in 0..4 {
                    let (col, kk) = b_16816(lane, i);
                    let nn = 8 * an + col;
                    check(p.cell(kk, corner + nn), Region::B, (nn, kk), thread(lane), i, 2);
                    assert_eq!(p.cell(kk, corner + nn).others, [(thread(lane) as i64 + 32, i as i64)]);
                }
            }
        }
    }
    assert_eq!(regions(&p)[..3], [m * k, n * k, m * n]);
    assert_eq!(
        p.caption()[1],
        "A: each element held by 2 (thread, value) pairs; B: each element held by 2 (thread, value) pairs; \
         C: each element held by one thread"
    );
    // Atoms along K: C's TV layout is not defined, and so neither is the picture.
    let split_k = TiledMma::new(
        cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap(),
        &layout("(1,1,2):(0,0,1)"),
        &Tiler::Tuple(vec![]),
    )
    .unwrap();
    let e = Picture::mma(&split_k).unwrap_err();
    assert_eq!(e.kind(), cute::dynamic::ErrorKind::RankMismatch);
    assert!(e.to_string().contains("splits K among 2 atoms"), "{}", e);
}

/// The ldmatrix copy of the tiled MMA's A: on the source side each thread reads one 16-byte row
/// (8 consecutive k of one m: "each lane supplies a row address"), on the destination side each
/// element goes to the thread that holds it in the MMA's A fragment.
#[test]
fn a_tiled_copys_picture_is_source_and_destination() {
    let atom = cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
    let mma = TiledMma::new(atom, &layout("(2,2,1):(1,2,0)"), &Tiler::Tuple(vec![])).unwrap();
    let copy = TiledCopy::for_mma_a(cute::atom::copy_atom("SM75_U32x4_LDSM_N").unwrap(), 16, &mma).unwrap();
    let p = copy.picture().unwrap();
    let a = mma.picture().unwrap();
    let (m, k) = (32, 16);
    assert_eq!((p.kind(), p.rows(), p.cols()), (Kind::Copy, m, 2 * k + 1));
    let mut rows: std::collections::BTreeMap<(i64, i64), Vec<(usize, usize)>> = Default::default();
    for mm in 0..m {
        assert_eq!(p.cell(mm, k).region, Region::Blank);
        for kk in 0..k {
            let (s, d) = (p.cell(mm, kk), p.cell(mm, k + 1 + kk));
            assert_eq!((s.region, d.region), (Region::Source, Region::Destination));
            assert_eq!((s.reached, d.reached), (2, 2), "({}, {}): read and written by both atoms along N", mm, kk);
            assert_eq!(d.thread, a.cell(k + 1 + mm, kk).thread, "({}, {}): the MMA's A holder", mm, kk);
            rows.entry((s.thread.unwrap(), s.value.unwrap() / 8)).or_default().push((mm, kk));
        }
    }
    for ((t, r), cells) in &rows {
        let (m0, k0) = cells[0];
        let want: Vec<(usize, usize)> = (0..8).map(|j| (m0, k0 + j)).collect();
        assert!(k0 % 8 == 0 && *cells == want, "thread {} row {} reads {:?}", t, r, cells);
    }
    assert_eq!(
        p.caption()[1],
        "source: each element read by 2 (thread, value) pairs; destination: each element written by 2 (thread, value) pairs"
    );
}

/// `cute::picture::svg` and `latex` take an atom, a tiled MMA and a tiled copy as CuTe's
/// `print_svg` and `print_latex` do: one drawn cell per operand element, no box for a label or a
/// blank.
#[test]
fn svg_and_latex_draw_atoms_and_tiled_operations() {
    let svg = cute::picture::svg(&cute::atom::SM80_16x8x8_F16F16F16F16_TN).unwrap();
    assert_eq!(svg.matches("class=\"cell\"").count(), 16 * 8 + 16 * 8 + 8 * 8);
    let tex = cute::picture::latex(&cute::atom::SM80_16x8x8_F16F16F16F16_TN).unwrap();
    assert_eq!(tex.matches("\\filldraw").count(), 16 * 8 + 16 * 8 + 8 * 8);
    // n's 8 labels along the top, k's 8 above A and 8 left of B; m's 16 down the left edge;
    // three boxes (A, B and C).
    assert_eq!(tex.lines().filter(|l| l.starts_with("\\node at (")).count(), 8 + 8 + 8);
    assert_eq!(tex.lines().filter(|l| l.starts_with("\\node[anchor=east] at (")).count(), 16);
    assert_eq!(tex.matches("rectangle (").count(), 3);
    // UniversalFMA: one element of each.
    assert_eq!(cute::picture::svg(&cute::tensor::UniversalFma).unwrap().matches("class=\"cell\"").count(), 3);
}

/// Every atom of the table draws: each element of C, and of A and B in registers, held by
/// exactly one (thread, value) of the atom (an instruction's fragments partition its operands);
/// an operand in shared memory (wgmma's B, and A of an `_SS` atom) by all 128 threads of the
/// warpgroup.
#[test]
fn every_atom_draws() {
    for name in cute::atom::mma_atom_names() {
        let atom = cute::atom::mma_atom(&name).unwrap();
        let p = Picture::mma_atom(&atom).unwrap();
        let mnk: Vec<usize> = atom.shape_mnk.leaves().iter().map(|&&e| e as usize).collect();
        let (m, n, k) = (mnk[0], mnk[1], mnk[2]);
        assert_eq!(regions(&p)[..3], [m * k, n * k, m * n], "{}", name);
        for c in p.cells().iter().filter(|c| c.region.is_tile()) {
            let shared =
                name.starts_with("SM90") && (c.region == Region::B || (c.region == Region::A && name.ends_with("_SS")));
            let want = if shared { 128 } else { 1 };
            assert_eq!(c.reached, want, "{}: {} of {:?}", name, c.coord, c.region);
        }
    }
}

#[test]
fn an_atom_that_is_no_instructions_is_not_drawn() {
    let check = |atom: cute::dynamic::MmaAtom, message: &str| {
        let e = Picture::mma_atom(&atom).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (cute::dynamic::ErrorKind::InvalidArgument, message.to_string()));
    };
    let atom = cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap();
    let mut empty = atom.clone();
    empty.shape_mnk = "(0,8,8)".parse().unwrap();
    check(
        empty,
        "invalid argument: MMA atom SM80_16x8x8_F16F16F16F16_TN: its shape (0,8,8) is not (M,N,K) of positive integers",
    );
    let mut nested = atom.clone();
    nested.shape_mnk = "((4,4),8,8)".parse().unwrap();
    check(
        nested,
        "invalid argument: MMA atom SM80_16x8x8_F16F16F16F16_TN: its shape ((4,4),8,8) is not (M,N,K) of positive integers",
    );
    let mut outside = atom;
    outside.layout_c = layout("((4,8),(2,2)):((2,8),(1,128))");
    check(
        outside,
        "invalid argument: MMA atom SM80_16x8x8_F16F16F16F16_TN: its C layout ((4,8),(2,2)):((2,8),(1,128)) reaches offsets 0..=191, outside the tile of 128",
    );
}

/// The text table of an MMA picture names rows by m and columns by n (blank by k's labels and
/// the gap), not by grid position.
#[test]
fn an_mma_tables_rows_and_columns_are_m_and_n() {
    let p = Picture::mma_atom(&cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap()).unwrap();
    let table = p.table();
    let lines: Vec<&str> = table.lines().collect();
    // Header: 9 blank columns (A's k and the labels) then n = 0..7, each 5 wide plus a space.
    let blanks = " ".repeat(4 + 9 * 6);
    assert_eq!(lines[1], format!("{}    0     1     2     3     4     5     6     7 ", blanks));
    // B's rows (k) have no row number; C's first row is m = 0 with A's (0,0) = T0V0 at its left.
    assert!(lines[3].starts_with("    |     |"), "{}", lines[3]);
    let m0 = lines.iter().position(|l| l.starts_with(" 0  |")).unwrap();
    assert_eq!(m0, 2 + 2 * 9 + 1, "{}", table);
    assert!(lines[m0].starts_with(" 0  | T0V0| T0V1| T1V0|"), "{}", lines[m0]);
    assert!(lines.iter().any(|l| l.starts_with("15  |")), "{}", table);
}

/// Rows numbered past 99 stay aligned: the row numbers are as wide as the widest.
#[test]
fn a_tables_row_numbers_align_past_99() {
    let p = Picture::layout(&layout("(128,2):(2,1)")).unwrap();
    let table = p.table();
    let lines: Vec<&str> = table.lines().collect();
    let (row5, row100) = (lines.iter().find(|l| l.contains("|  10 |")).unwrap(), lines[3 + 2 * 100]);
    assert_eq!(row100, "100  | 200 | 201 |", "{}", table);
    assert_eq!(*row5, "  5  |  10 |  11 |");
    assert_eq!(lines[1], "         0     1 ");
    assert_eq!(lines[2], "     +-----+-----+");
}

/// A tile too large to draw is a TooManyCells error counting what is too large: the picture's
/// cells, or the one extent that alone exceeds the limit.
#[test]
fn a_tile_too_large_names_what_is_too_large() {
    let atom = cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap();
    let check = |m: &str, message: &str| {
        let permutation: Tiler = format!("<{}:1,_,_>", m).parse().unwrap();
        let mma = TiledMma::new(atom.clone(), &layout("(1,1,1):(0,0,0)"), &permutation).unwrap();
        let e = Picture::mma(&mma).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (cute::dynamic::ErrorKind::TooManyCells, message.to_string()));
    };
    check(
        "4096",
        "too many cells: make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, (1,1,1):(0,0,0), <4096:1,_,_>) has 69785 cells, \
         more than the 65536 a picture draws",
    );
    check(
        "70000",
        "too many cells: make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, (1,1,1):(0,0,0), <70000:1,_,_>): its tile's M is \
         70000, more rows or columns than the 65536 cells a picture draws",
    );
}
