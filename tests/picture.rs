//! The pictures (`cute::picture`): the SVG parses as XML and each cell's text and colour follow
//! the rules, computed here from the definitions (offset = sum of coordinate x stride, CuTe's
//! greys and pastels, seed 002's ownership, the swizzle's XOR, F2's carry-less products); the
//! TikZ document has the same cells; the text tables are CuTe's.

use std::collections::BTreeMap;

use cute::dynamic::{make_swizzle, ComposedLayout, F2Layout, IntTuple, Layout};
use cute::picture::{Kind, Palette, Picture, Shared};

/// CuTe's 8 greys (percent of black) and pastels, as the issue names them.
const GREYS: [u32; 8] = [0, 40, 20, 60, 10, 50, 30, 70];
const PASTELS: [(u8, u8, u8); 8] = [
    (175, 175, 255),
    (175, 255, 175),
    (255, 255, 175),
    (255, 175, 175),
    (210, 210, 255),
    (210, 255, 210),
    (255, 255, 210),
    (255, 210, 210),
];

/// The grey of an offset: a negative one takes its magnitude's.
fn grey(offset: i64) -> (u8, u8, u8) {
    let v = (255 * (100 - GREYS[(offset.unsigned_abs() % 8) as usize]) / 100) as u8;
    (v, v, v)
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{:02x}{:02x}{:02x}", r, g, b)
}

/// A cell as drawn: its number, rectangle, fill and texts.
#[derive(Debug, Clone, PartialEq)]
struct Drawn {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    fill: String,
    texts: Vec<String>,
}

/// A heavier line: x1, y1, x2, y2.
type Rule = (f64, f64, f64, f64);
/// A colour as (red, green, blue).
type Rgb = (u8, u8, u8);

/// The cells of an SVG picture, by `data-k`, with the texts that follow each rectangle; the
/// heavier lines; the other texts.
fn svg_cells(svg: &str) -> (BTreeMap<usize, Drawn>, Vec<Rule>, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    let mut cells = BTreeMap::new();
    let mut rules = Vec::new();
    let mut texts = Vec::new();
    let mut current: Option<usize> = None;
    let num = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    for n in root.children().filter(|n| n.is_element()) {
        match n.tag_name().name() {
            "rect" if n.attribute("class").is_some_and(|c| c.split(' ').any(|c| c == "cell")) => {
                let k: usize = n.attribute("data-k").unwrap().parse().unwrap();
                let d = Drawn {
                    x: num(n, "x"),
                    y: num(n, "y"),
                    w: num(n, "width"),
                    h: num(n, "height"),
                    fill: n.attribute("fill").unwrap().to_string(),
                    texts: Vec::new(),
                };
                assert!(cells.insert(k, d).is_none(), "cell {} drawn twice", k);
                current = Some(k);
            }
            "text" => {
                let t = n.text().unwrap_or("").to_string();
                match (n.attribute("class").map(|c| c.starts_with('m') || c.starts_with('s')), current) {
                    (Some(true), Some(k)) => cells.get_mut(&k).unwrap().texts.push(t),
                    _ => texts.push(t),
                }
            }
            "line" => rules.push((num(n, "x1"), num(n, "y1"), num(n, "x2"), num(n, "y2"))),
            _ => current = None,
        }
    }
    (cells, rules, texts)
}

/// The cells of a TikZ picture: (column, row) -> (colour, text).
fn tikz_cells(doc: &str) -> BTreeMap<(usize, usize), (Rgb, String)> {
    let mut colours = BTreeMap::new();
    for line in doc.lines().filter_map(|l| l.strip_prefix("\\definecolor{")) {
        let (name, rest) = line.split_once("}{RGB}{").unwrap();
        let v: Vec<u8> = rest.trim_end_matches('}').split(',').map(|x| x.parse().unwrap()).collect();
        colours.insert(name.to_string(), (v[0], v[1], v[2]));
    }
    let mut cells = BTreeMap::new();
    for line in doc.lines().filter_map(|l| l.strip_prefix("\\filldraw[fill=")) {
        let (colour, rest) = line.split_once(',').unwrap();
        let at = rest.split_once("] (").unwrap().1;
        let (cr, rest) = at.split_once(") rectangle +(1,1) node[").unwrap();
        let (c, r) = cr.split_once(',').unwrap();
        let text = rest.split_once("] {").unwrap().1.strip_suffix("};").unwrap().to_string();
        let key = (c.parse().unwrap(), r.parse().unwrap());
        assert!(cells.insert(key, (colours[colour], text)).is_none());
    }
    cells
}

/// The offset of index `i` by the definition: the colexicographic coordinate of `i` in the
/// flat shape, dotted with the flat stride.
fn offset_by_definition(shape: &[i64], stride: &[i64], mut i: i64) -> i64 {
    let mut o = 0;
    for (k, (&s, &d)) in shape.iter().zip(stride).enumerate() {
        let c = if k + 1 == shape.len() { i } else { i % s };
        o += c * d;
        i /= s;
    }
    o
}

/// Check a plain layout's picture: grid, cell texts, colours, and the TikZ's same cells.
fn check_plain(text: &str, rows: usize, cols: usize) -> (Picture, Vec<Rule>) {
    let l: Layout = text.parse().unwrap();
    let (shape, stride) = (l.shape().flat_leaves(), l.stride().flat_leaves());
    let p = Picture::layout(&l).unwrap();
    assert_eq!((p.rows(), p.cols()), (rows, cols), "{}", text);
    let svg = p.svg();
    let (cells, rules, _) = svg_cells(&svg);
    let tikz = tikz_cells(&p.latex());
    assert_eq!((cells.len(), tikz.len()), (rows * cols, rows * cols), "{}", text);
    for (&k, d) in &cells {
        let (row, col) = (k / cols, k % cols);
        let index = (row + rows * col) as i64;
        let o = offset_by_definition(&shape, &stride, index);
        assert_eq!(d.texts, [o.to_string()], "{} cell {}", text, k);
        assert_eq!(d.fill, hex(grey(o)), "{} cell {}: CuTe's grey of offset {}", text, k, o);
        let first = &cells[&0];
        assert_eq!((d.x, d.y), (first.x + d.w * col as f64, first.y + d.h * row as f64), "{} cell {}", text, k);
        assert_eq!(tikz[&(col, row)], (grey(o), o.to_string()), "{} TikZ cell {}", text, k);
    }
    (p, rules)
}

#[test]
fn plain_rank_2_grid() {
    let (p, rules) = check_plain("(4,8):(1,4)", 4, 8);
    assert_eq!(p.kind(), Kind::Layout);
    assert!(rules.is_empty(), "a flat layout has no inner boundaries: {:?}", rules);
    assert_eq!(p.col_labels(), (0..8).map(|j| j.to_string()).collect::<Vec<_>>());
    let (p, _) = check_plain("(4,8):(8,1)", 4, 8);
    assert_eq!(p.row_labels(), ["0", "1", "2", "3"]);
}

#[test]
fn rank_1_is_one_row() {
    let (p, _) = check_plain("8:3", 1, 8);
    assert_eq!(p.caption(), ["each cell: the offset of its coordinate"]);
}

#[test]
fn nested_modes_draw_heavier_lines_every_2_rows_and_columns() {
    let (p, rules) = check_plain("((2,4),(2,2)):((1,8),(4,32))", 8, 4);
    assert_eq!((p.row_rules(), p.col_rules()), (&[2, 4, 6][..], &[2][..]));
    assert_eq!(p.row_labels(), ["(0,0)", "(1,0)", "(0,1)", "(1,1)", "(0,2)", "(1,2)", "(0,3)", "(1,3)"]);
    assert_eq!(p.col_labels(), ["(0,0)", "(1,0)", "(0,1)", "(1,1)"]);
    // The lines lie on the cell edges: horizontal ones at rows 2, 4, 6, the vertical one at
    // column 2, each spanning the whole grid.
    let (cells, _, _) = svg_cells(&p.svg());
    let (c0, w, h) = (&cells[&0], cells[&0].w, cells[&0].h);
    let mut want: Vec<Rule> = [2.0, 4.0, 6.0]
        .iter()
        .map(|r| (c0.x, c0.y + h * r, c0.x + 4.0 * w, c0.y + h * r))
        .chain([(c0.x + 2.0 * w, c0.y, c0.x + 2.0 * w, c0.y + 8.0 * h)])
        .collect();
    let mut got = rules;
    want.sort_by(|a, b| a.partial_cmp(b).unwrap());
    got.sort_by(|a, b| a.partial_cmp(b).unwrap());
    assert_eq!(got, want);
    let doc = p.latex();
    for line in ["\\draw[line width=1.5pt] (0,2) -- (4,2);", "\\draw[line width=1.5pt] (2,0) -- (2,8);"] {
        assert!(doc.contains(line), "{}", line);
    }
}

#[test]
fn rank_3_is_folded_with_a_caption() {
    let (p, _) = check_plain("(2,3,4):(12,1,3)", 2, 12);
    assert_eq!(
        p.caption()[0],
        "rank 3 folded: mode 0 down the rows, modes 1..2 across the columns (column j is the coordinate of j in (3,4))"
    );
    assert_eq!(p.col_rules(), [3, 6, 9]);
    assert_eq!(&p.col_labels()[..4], ["(0,0)", "(1,0)", "(2,0)", "(0,1)"]);
    assert_eq!(p.cell(1, 4).coord.to_string(), "(1,1,1)");
    let table = p.table();
    assert!(table.starts_with("(2,3,4):(12,1,3)\nrank 3 folded: "), "{}", table);
    assert!(table.contains("\n 1  | 12 | 13 | 14 | 15 |"), "{}", table);
}

/// Seed 002's partition of the 128 x 128 tile over 16 x 16 threads (thread k = 16 tm + tn),
/// as a TV layout onto the tile's column-major index: thread k owns rows 4 tm + {0..3} and
/// 64 + 4 tm + {0..3}, and the same columns of tn.
fn seed_002_tv() -> (IntTuple, Layout) {
    ("(128,128)".parse().unwrap(), "((16,16),((4,2),(4,2))):((512,4),((1,64),(128,8192)))".parse().unwrap())
}

#[test]
fn thread_value_picture_of_seed_002() {
    let (tile, tv) = seed_002_tv();
    let p = Picture::tv(&tile, &tv).unwrap();
    assert_eq!((p.kind(), p.rows(), p.cols()), (Kind::ThreadValue, 128, 128));
    assert_eq!(
        p.caption()[1],
        "0 cells no thread reaches (-), 0 cells reached more than once (red border), 0 pairs outside the tile"
    );
    let svg = p.svg();
    let (cells, _, _) = svg_cells(&svg);
    let tikz = tikz_cells(&p.latex());
    assert_eq!((cells.len(), tikz.len()), (16384, 16384));
    for (&k, d) in &cells {
        let (row, col) = (k / 128, k % 128);
        let thread = (col % 64) / 4 + 16 * ((row % 64) / 4);
        let value = (row % 4) + 4 * (row / 64) + 8 * ((col % 4) + 4 * (col / 64));
        assert_eq!(d.texts, [format!("T{}", thread), format!("V{}", value)], "cell ({}, {})", row, col);
        assert_eq!(d.fill, hex(PASTELS[thread % 8]), "cell ({}, {}): CuTe's pastel of thread {}", row, col, thread);
        let tex = format!("\\shortstack{{T{}\\\\\\tiny V{}}}", thread, value);
        assert_eq!(tikz[&(col, row)], (PASTELS[thread % 8], tex));
    }
    let rainbow = p.clone().with_palette(Palette::Rainbow);
    assert_eq!(rainbow.colour(rainbow.cell(0, 4)), Palette::Rainbow.rgb(1, 256));
    // The table names T and V per cell, as CuTe's print_layout of a TV partition, each as wide
    // as the widest, T255V63; the row numbers as wide as 127.
    let table = p.table();
    assert!(table.contains("\n  0  |   T0V0|   T0V8|  T0V16|  T0V24|   T1V0|"), "{}", &table[..600]);
    assert!(table.contains("\n127  | T240V7|"), "{}", &table[..600]);
}

#[test]
fn unreached_and_repeated_cells_are_marked_and_counted() {
    // Thread t reaches index t and t+1 for t in 0..3 (a 4 x 2 tile): index 0 once, 1..3 twice,
    // 4 (the cells (0,1)..) never; thread 3 also reaches 9, outside.
    let p = Picture::tv(&"(4,2)".parse().unwrap(), &"(4,2):(1,6)".parse().unwrap()).unwrap();
    // (t, v) -> t + 6 v: 0..3 and 6..9; 8 and 9 are outside the 8 cells, 4 and 5 unreached.
    assert_eq!(
        p.caption()[1],
        "2 cells no thread reaches (-), 0 cells reached more than once (red border), 2 pairs outside the tile"
    );
    let overlap = Picture::tv(&"4".parse().unwrap(), &"(2,3):(1,1)".parse().unwrap()).unwrap();
    // (t, v) -> t + v over 4 cells: 0 once, 1 and 2 twice, 3 once.
    assert_eq!(
        overlap.caption()[1],
        "0 cells no thread reaches (-), 2 cells reached more than once (red border), 0 pairs outside the tile"
    );
    let svg = overlap.svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let multi: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell multi"))
        .map(|n| n.attribute("data-k").unwrap())
        .collect();
    assert_eq!(multi, ["1", "2"]);
    let (cells, _, _) = svg_cells(&p.svg());
    // Index 4 is row 0, column 1: cell number 1 of the 4 x 2 grid.
    assert_eq!(cells[&1].texts, ["-"]);
    assert_eq!(cells[&1].fill, "#ffffff");
}

/// Sw<B,M,S>: the bits [M+S, M+S+B) XOR-ed into [M, M+B).
fn swizzle(b: u32, m: u32, s: u32, o: i64) -> i64 {
    let mask = ((1i64 << b) - 1) << (m + s);
    o ^ ((o & mask) >> s)
}

#[test]
fn swizzled_banks_show_every_bank_once_per_row() {
    let inner: Layout = "(8,32):(32,1)".parse().unwrap();
    let sw = ComposedLayout::new(make_swizzle(3, 2, 3).unwrap(), 0, inner.clone());
    // 4-byte elements, rows of 32: bank = offset mod 32.
    let p = Picture::banks(Shared::from(&sw), 4).unwrap();
    let (cells, _, _) = svg_cells(&p.svg());
    let tikz = tikz_cells(&p.latex());
    for (&k, d) in &cells {
        let (row, col) = (k / 32, k % 32);
        let plain = (row * 32 + col) as i64;
        let o = swizzle(3, 2, 3, plain);
        let bank = (o * 4 / 4) % 32;
        assert_eq!(d.texts, [o.to_string(), plain.to_string()], "cell ({}, {})", row, col);
        assert_eq!(d.fill, hex(Palette::Rainbow.rgb(bank as u64, 32)), "cell ({}, {}) bank {}", row, col, bank);
        assert_eq!(tikz[&(col, row)].0, Palette::Rainbow.rgb(bank as u64, 32));
    }
    for row in 0..8 {
        let mut banks: Vec<i64> = (0..32).map(|col| p.cell(row, col).bank.unwrap()).collect();
        banks.sort();
        assert_eq!(banks, (0..32).collect::<Vec<_>>(), "row {}", row);
    }
    // Sw<3,4,3> over 2-byte elements (the case): the offsets as defined.
    let sw = ComposedLayout::new(make_swizzle(3, 4, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
    let p = Picture::banks(Shared::from(&sw), 2).unwrap();
    for row in 0..8 {
        for col in 0..64 {
            let plain = (row * 64 + col) as i64;
            let o = swizzle(3, 4, 3, plain);
            let c = p.cell(row, col);
            assert_eq!((c.offset, c.unswizzled, c.bank), (Some(o), Some(plain), Some((o * 2 / 4) % 32)));
        }
    }
    let table = p.table();
    assert!(table.contains("\nbanks:\n"), "{}", table);
}

/// Carry-less product.
fn clmul(a: i64, b: i64) -> i64 {
    (0..63).filter(|i| a >> i & 1 == 1).fold(0, |acc, i| acc ^ (b << i))
}

#[test]
fn f2_banks() {
    let f2: F2Layout = "(4,8):(f8,f9)".parse().unwrap();
    let p = Picture::banks(Shared::from(&f2), 4).unwrap();
    let (cells, _, _) = svg_cells(&p.svg());
    for (&k, d) in &cells {
        let (row, col) = (k / 8, k % 8);
        let o = clmul(row as i64, 8) ^ clmul(col as i64, 9);
        let index = row + 4 * col;
        assert_eq!(d.texts, [o.to_string(), index.to_string()], "cell ({}, {})", row, col);
        assert_eq!(d.fill, hex(Palette::Rainbow.rgb((o % 32) as u64, 32)));
    }
    assert!(p.caption()[0].ends_with("small: the index"), "{:?}", p.caption());
}

#[test]
fn seed_002_thread_0_in_the_whole_tile() {
    let tile: Layout = "(128,128):(128,1)".parse().unwrap();
    let part: Layout = "(1,(4,2),(4,2)):(0,(128,8192),(1,64))".parse().unwrap();
    let p = Picture::partition(&tile, &part, 0).unwrap();
    assert_eq!(p.kind(), Kind::Partition);
    let (cells, _, _) = svg_cells(&p.svg());
    let mut highlighted = 0;
    for (&k, d) in &cells {
        let (row, col) = (k / 128, k % 128);
        let mine = row % 64 < 4 && col % 64 < 4;
        let offset = (row * 128 + col).to_string();
        if mine {
            highlighted += 1;
            let v = (row % 4) + 4 * (row / 64) + 8 * ((col % 4) + 4 * (col / 64));
            assert_eq!(d.texts, [offset, format!("V{}", v)], "cell ({}, {})", row, col);
            assert_ne!(d.fill, "#ffffff");
        } else {
            assert_eq!((d.texts.clone(), d.fill.as_str()), (vec![offset], "#ffffff"), "cell ({}, {})", row, col);
        }
    }
    assert_eq!(highlighted, 64);
    assert_eq!(p.caption()[1], "64 of 16384 elements highlighted, 0 elements of the partition outside the tile");
}

#[test]
fn titles_and_captions_are_escaped() {
    let sw = ComposedLayout::new(make_swizzle(1, 0, 1).unwrap(), 0, "(2,2):(2,1)".parse().unwrap());
    let p = Picture::banks(Shared::from(&sw), 4).unwrap();
    let svg = p.svg();
    assert!(svg.contains("Sw&lt;1,0,1&gt; o 0 o (2,2):(2,1), 4-byte elements"), "{}", svg);
    roxmltree::Document::parse(&svg).unwrap();
}

#[test]
fn too_many_cells_is_an_error() {
    let e = Picture::tv(&"(512,512)".parse().unwrap(), &"(2,2):(1,2)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), cute::dynamic::ErrorKind::TooManyCells);
    assert_eq!(
        e.to_string(),
        "too many cells: tile (512,512) of TV layout (2,2):(1,2) has 262144 cells, more than the 65536 a picture draws"
    );
    let e = Picture::tv(&"4".parse().unwrap(), &"(2048,1024):(0,0)".parse().unwrap()).unwrap_err();
    assert_eq!(e.to_string(), "too many cells: tile 4 of TV layout (2048,1024):(0,0): 2097152 (thread, value) pairs, more than the 1048576 a picture visits");
    let e = Picture::tv(&"4".parse().unwrap(), &"8:1".parse().unwrap()).unwrap_err();
    assert_eq!(e.to_string(), "rank mismatch: tile 4 of TV layout 8:1: a TV layout has rank 2 (thread, value), not 1");
    let sw: Layout = "4:1".parse().unwrap();
    assert_eq!(
        Picture::banks(Shared::from(&sw), 0).unwrap_err().to_string(),
        "invalid argument: element bytes 0: expected 1 to 1048576"
    );
}

#[test]
fn offsets_that_fit_are_drawn_where_the_cosize_does_not() {
    // Offsets 0, 2^62, -2^62, 0: each fits in i64, the cosize does not.
    let (p, _) = check_plain("(2,2):(4611686018427387904,-4611686018427387904)", 2, 2);
    assert_eq!(p.cell(1, 1).offset, Some(0));
    let (p, _) = check_plain("(3,2):(-5,7)", 3, 2);
    assert_eq!(p.cell(2, 0).offset, Some(-10));
}

#[test]
fn a_bank_is_defined_for_any_offset() {
    // (2^61 * 8 / 4) mod 32 = 2^62 mod 32 = 0; the byte address itself is past i64.
    let l: Layout = "2:2305843009213693951".parse().unwrap();
    let p = Picture::banks(Shared::from(&l), 8).unwrap();
    assert_eq!(p.cell(0, 1).bank, Some((2305843009213693951i128 * 8 / 4 % 32) as i64));
    let l: Layout = "2:-3".parse().unwrap();
    // -3 * 4 / 4 = -3, mod 32 (Euclidean): 29.
    assert_eq!(Picture::banks(Shared::from(&l), 4).unwrap().cell(0, 1).bank, Some(29));
}

#[test]
fn size_1_leaves_draw_no_lines_and_one_is_singular() {
    let (p, rules) = check_plain("((1,4),2):((0,1),4)", 4, 2);
    assert!(p.row_rules().is_empty() && rules.is_empty(), "{:?}", p.row_rules());
    let (p, _) = check_plain("(4,(1,2)):(1,(0,4))", 4, 2);
    assert!(p.col_rules().is_empty(), "{:?}", p.col_rules());
    let p = Picture::tv(&"(2,2)".parse().unwrap(), &"(3,1):(1,0)".parse().unwrap()).unwrap();
    assert_eq!(
        p.caption()[1],
        "1 cell no thread reaches (-), 0 cells reached more than once (red border), 0 pairs outside the tile"
    );
    let p = Picture::tv(&"3".parse().unwrap(), &"(2,2):(1,2)".parse().unwrap()).unwrap();
    assert_eq!(
        p.caption()[1],
        "0 cells no thread reaches (-), 0 cells reached more than once (red border), 1 pair outside the tile"
    );
}

#[test]
fn tiles_have_positive_extents() {
    for (tile, bad) in [("(0,2)", 0), ("((-2,-2),4)", -2), ("(2,-1)", -1)] {
        let e = Picture::tv(&tile.parse().unwrap(), &"(2,2):(1,2)".parse().unwrap()).unwrap_err();
        assert_eq!(e.kind(), cute::dynamic::ErrorKind::InvalidArgument, "{}", tile);
        assert_eq!(
            e.to_string(),
            format!(
                "invalid argument: tile {} of TV layout (2,2):(1,2): extent {} of the shape {} is not positive",
                tile, bad, tile
            )
        );
    }
}
