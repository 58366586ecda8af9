//! Pictures of layouts: CuTe's `print_layout`, `print_latex` and `print_svg`, for plain layouts
//! of any rank, thread-value layouts over a tile, swizzled and F2 layouts coloured by
//! shared-memory bank, and the elements one thread owns in a whole tile.
//!
//! A [`Picture`] is a grid of [`Cell`]s computed once from a layout of the dynamic engine (the
//! layout type's layouts convert with [`to_dynamic_layout`](crate::tensor::ViewLayout)); it
//! renders as a text table ([`Picture::table`]), an SVG image that needs no toolchain
//! ([`Picture::svg`]) and a standalone TikZ document ([`Picture::latex`]).
//!
//! The grid: mode 0 runs down the rows and mode 1 across the columns; a rank-1 layout is one
//! row; a layout of rank above 2 is folded, mode 0 down and modes 1.. across (column `j` is the
//! coordinate `idx2crd(j, (mode 1, mode 2, ...))`), which the caption states. The cell in row
//! `i` and column `j` is the layout's index `i + rows * j`, its natural coordinate written along
//! the edges. Where a mode is nested, a heavier line marks each boundary of its inner modes
//! (for `((2,4),(2,2)):((1,8),(4,32))`, every 2 rows and every 2 columns).
//!
//! ```
//! use cute::dynamic::Layout;
//! use cute::picture::Picture;
//! let l: Layout = "((2,4),(2,2)):((1,8),(4,32))".parse().unwrap();
//! let p = Picture::layout(&l).unwrap();
//! assert_eq!((p.rows(), p.cols()), (8, 4));
//! assert_eq!(p.cell(3, 1).offset, Some(1 + 8 + 4));
//! assert_eq!((p.row_rules(), p.col_rules()), (&[2, 4, 6][..], &[2][..]));
//! assert!(p.svg().starts_with("<svg"));
//! ```

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::dynamic::{idx2crd, ComposedLayout, Error, ErrorKind, F2Layout, IntTuple, Layout, Result};

mod palette;
mod render;
pub use palette::*;
mod shared;
pub use shared::*;
mod grid;
use grid::*;
mod atom;
pub use atom::*;

/// The most cells a picture draws: 65,536, a 256 x 256 grid (a 128 x 128 tile is 16,384). A
/// larger layout is an error of kind [`TooManyCells`](crate::error::ErrorKind::TooManyCells),
/// so that drawing one request cannot take unbounded time or memory.
///
/// ```
/// use cute::dynamic::{ErrorKind, Layout};
/// let big: Layout = "(512,512):(1,512)".parse().unwrap();
/// let e = cute::picture::Picture::layout(&big).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::TooManyCells);
/// assert_eq!(e.to_string(), "too many cells: (512,512):(1,512) has 262144 cells, more than the 65536 a picture draws");
/// ```
pub const MAX_CELLS: usize = 1 << 16;

/// The most coordinate leaves a picture holds: its cells times the leaves of the drawn shape,
/// 2^20 (65,536 cells of 16 leaves), so that a shape of many size-1 modes cannot make each of
/// many cells carry a long coordinate.
///
/// ```
/// use cute::dynamic::{ErrorKind, Layout};
/// let wide: Layout = format!("(256,(256{})):(1,(256{}))", ",1".repeat(20), ",0".repeat(20)).parse().unwrap();
/// let e = cute::picture::Picture::layout(&wide).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::TooManyCells);
/// assert!(e.to_string().ends_with("has 65536 cells of 22-leaf coordinates, more than the 1048576 coordinate leaves a picture holds"));
/// ```
pub const MAX_COORD_LEAVES: usize = 1 << 20;

/// The most (thread, value) pairs a thread-value picture visits: 2^20, sixteen per cell of the
/// largest grid.
///
/// ```
/// assert_eq!(cute::picture::MAX_PAIRS, 1 << 20);
/// ```
pub const MAX_PAIRS: usize = 1 << 20;

/// What a picture shows.
///
/// ```
/// use cute::picture::{Kind, Picture};
/// let p = Picture::layout(&"(4,8):(1,4)".parse().unwrap()).unwrap();
/// assert_eq!(p.kind(), Kind::Layout);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// A plain layout: each cell its offset.
    Layout,
    /// A thread-value layout over a tile: each cell the first (thread, value) reaching it.
    ThreadValue,
    /// A swizzled, F2 or plain shared-memory layout: each cell its offset, coloured by bank.
    Banks,
    /// A tile with the elements of one partition highlighted.
    Partition,
    /// A tiled MMA as CuTe draws it: C `(M,N)` at the bottom right, A `(M,K)` to its left, B
    /// above it drawn `(K,N)`; each cell the first (thread, value) holding it
    /// ([`Picture::mma`]).
    Mma,
    /// A tiled copy: the source tile and the destination tile side by side, each cell the first
    /// (thread, value) reaching it ([`Picture::copy`]).
    Copy,
}

impl Kind {
    /// Whether the cells show threads and values (`T t`, `V v`), coloured by thread.
    ///
    /// ```
    /// use cute::picture::Kind;
    /// assert!(Kind::Mma.is_thread_value() && !Kind::Banks.is_thread_value());
    /// ```
    pub fn is_thread_value(self) -> bool {
        matches!(self, Kind::ThreadValue | Kind::Mma | Kind::Copy)
    }
}

/// The part of a picture a cell belongs to: the one tile of a plain, thread-value, bank or
/// partition picture, an operand of an MMA picture, a side of a copy picture, a label, or the
/// blank between them.
///
/// ```
/// use cute::picture::{Picture, Region};
/// let p = Picture::layout(&"(2,2):(1,2)".parse().unwrap()).unwrap();
/// assert_eq!(p.cell(1, 1).region, Region::Whole);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Region {
    /// The tile of a one-tile picture.
    Whole,
    /// An MMA picture's A, `(M,K)`, left of C.
    A,
    /// An MMA picture's B, `(N,K)`, above C (drawn with `k` down the rows).
    B,
    /// An MMA picture's C, `(M,N)`.
    C,
    /// A copy picture's source tile (left).
    Source,
    /// A copy picture's destination tile (right).
    Destination,
    /// A label inside a composite picture: the index `k` above each column of A and left of
    /// each row of B, as CuTe writes them.
    Label(i64),
    /// Nothing drawn: the gaps and the corner of a composite picture.
    Blank,
}

impl Region {
    /// The region's name in a cell's description: `A`, `B`, `C`, `source`, `destination`, or
    /// empty (the one tile, labels, blanks).
    ///
    /// ```
    /// assert_eq!(cute::picture::Region::Source.name(), "source");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Region::A => "A",
            Region::B => "B",
            Region::C => "C",
            Region::Source => "source",
            Region::Destination => "destination",
            Region::Whole | Region::Label(_) | Region::Blank => "",
        }
    }

    /// Whether the cell is one of a tile (drawn as a box), not a label or a blank.
    ///
    /// ```
    /// use cute::picture::Region;
    /// assert!(Region::C.is_tile() && !Region::Label(3).is_tile() && !Region::Blank.is_tile());
    /// ```
    pub fn is_tile(self) -> bool {
        !matches!(self, Region::Label(_) | Region::Blank)
    }
}

/// One cell of a [`Picture`]: its place, its coordinate and what the picture computed there.
///
/// ```
/// let p = cute::picture::Picture::layout(&"(4,8):(8,1)".parse().unwrap()).unwrap();
/// let c = p.cell(1, 2);
/// assert_eq!((c.index, c.coord.to_string(), c.offset), (9, "(1,2)".to_string(), Some(10)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cell {
    /// The row, from the top.
    pub row: usize,
    /// The column, from the left.
    pub col: usize,
    /// The part of the picture the cell belongs to.
    pub region: Region,
    /// The index of the drawn shape (the layout's, or the tile's): `row + rows * col`; in an
    /// MMA or copy picture the index in the cell's own tile (`m + M k` in A); 0 in a label or
    /// a blank.
    pub index: i64,
    /// The natural coordinate of `index` in the drawn shape (in an MMA picture `(m,k)`,
    /// `(n,k)` or `(m,n)`; 0 in a label or a blank).
    pub coord: IntTuple,
    /// The offset (the swizzled one in a bank picture); in a thread-value picture, the tile
    /// index the TV layout maps to (the same as `index`).
    pub offset: Option<i64>,
    /// The second number of a bank picture: the offset before the swizzle (a swizzled
    /// layout), or the index (an F2 layout).
    pub unswizzled: Option<i64>,
    /// The thread of the first (thread, value) reaching the cell (thread-value picture).
    pub thread: Option<i64>,
    /// The value of the first (thread, value) reaching the cell (thread-value picture), or
    /// the position of the element in the partition (partition picture).
    pub value: Option<i64>,
    /// How many (thread, value) pairs reach the cell (thread-value picture; 1 elsewhere).
    pub reached: u32,
    /// The (thread, value) pairs reaching the cell after the first, in the order of
    /// [`thread`](Cell::thread) (thread-value picture; empty elsewhere): with the first, every
    /// thread holding the element.
    pub others: Vec<(i64, i64)>,
    /// The shared-memory bank: `(offset * element bytes / 4) mod 32` (bank picture).
    pub bank: Option<i64>,
    /// Whether the cell belongs to the partition (partition picture).
    pub highlighted: bool,
    /// Whether the cell is marked (drawn with a red border), e.g. the accesses of a bank
    /// analysis's worst phase ([`Picture::with_marked`]).
    pub marked: bool,
}

/// A picture of a layout: the grid of cells, the labels along its edges, the heavier lines of
/// nested modes, and the caption. See the [module](self) for the rules.
///
/// ```
/// use cute::picture::Picture;
/// let p = Picture::layout(&"(2,3):(3,1)".parse().unwrap()).unwrap();
/// let lines = [
///     "(2,3):(3,1)",
///     "      0   1   2 ", // CuTe's header ends with a space
///     "    +---+---+---+",
///     " 0  | 0 | 1 | 2 |",
///     "    +---+---+---+",
///     " 1  | 3 | 4 | 5 |",
///     "    +---+---+---+",
/// ];
/// assert_eq!(p.table(), lines.join("\n") + "\n");
/// ```
#[derive(Clone, Debug)]
pub struct Picture {
    kind: Kind,
    title: String,
    rows: usize,
    cols: usize,
    row_labels: Vec<String>,
    col_labels: Vec<String>,
    row_rules: Vec<usize>,
    col_rules: Vec<usize>,
    cells: Vec<Cell>,
    caption: Vec<String>,
    palette: Palette,
    /// The number of keys the rainbow spreads its hues over.
    key_count: u64,
    /// Whether the caption's first line says how a rank above 2 is folded.
    folded: bool,
    /// The boxes drawn with a heavy border, as (row, column, rows, columns): the whole grid,
    /// or each tile of a composite picture.
    frames: Vec<[usize; 4]>,
    /// What a bank picture's second number is.
    second: Option<&'static str>,
}

impl Picture {
    /// The picture of a plain layout: each cell shows its offset, coloured by offset (CuTe's
    /// 8 greys by default).
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"(2,2,2):(1,2,4)".parse().unwrap()).unwrap();
    /// assert_eq!((p.rows(), p.cols(), p.cell(1, 3).offset), (2, 4, Some(7)));
    /// assert!(p.caption()[0].starts_with("rank 3 folded"));
    /// ```
    pub fn layout(layout: &Layout) -> Result<Picture> {
        let grid = Grid::of(&layout.shape(), layout)?;
        let mut cells = grid.cells()?;
        for c in &mut cells {
            c.offset = Some(layout.call(c.index)?);
        }
        // The rainbow's hue count and the table's column width: the cosize, or past i64 (offsets
        // of both signs may fit where it does not) the largest offset's magnitude and one.
        let key_count = match layout.cosize() {
            Ok(c) => u64::try_from(c).unwrap_or(1),
            Err(_) => cells.iter().filter_map(|c| c.offset).map(i64::unsigned_abs).max().unwrap_or(0).saturating_add(1),
        };
        let caption = alloc::vec!["each cell: the offset of its coordinate".to_string()];
        let mut p = grid.picture(Kind::Layout, layout.to_string(), cells, caption);
        p.key_count = key_count;
        Ok(p)
    }

    /// The picture of a thread-value layout `tv`, (thread, value) -> index of a tile of shape
    /// `tile` (as `make_layout_tv` gives them): each cell shows `T t` and `V v` of the first
    /// pair reaching it (the lowest thread, then the lowest value), coloured by thread (CuTe's
    /// 8 pastels by default). The caption counts the cells no pair reaches (drawn white with
    /// `-`), the cells reached more than once (a red border) and the pairs falling outside
    /// the tile.
    ///
    /// ```
    /// use cute::dynamic::{make_layout_tv, Layout};
    /// use cute::picture::Picture;
    /// let (tile, tv) = make_layout_tv(&"(2,2):(2,1)".parse().unwrap(), &"(1,2):(2,1)".parse().unwrap()).unwrap();
    /// let p = Picture::tv(&tile, &tv).unwrap();
    /// assert_eq!(p.cell(0, 1).thread, Some(0));
    /// assert_eq!(p.cell(0, 1).value, Some(1));
    /// let gappy = Picture::tv(&"(2,2)".parse().unwrap(), &"(2,1):(1,0)".parse().unwrap()).unwrap();
    /// assert_eq!(gappy.caption()[1], "2 cells no thread reaches (-), 0 cells reached more than once (red border), 0 pairs outside the tile");
    /// ```
    pub fn tv(tile: &IntTuple, tv: &Layout) -> Result<Picture> {
        let what = format!("tile {} of TV layout {}", tile, tv);
        if tv.rank() != 2 {
            return Err(Error::new(
                ErrorKind::RankMismatch,
                format!("{}: a TV layout has rank 2 (thread, value), not {}", what, tv.rank()),
            ));
        }
        let grid = Grid::of(tile, &what)?;
        let mut cells = grid.cells()?;
        for c in &mut cells {
            (c.reached, c.offset) = (0, Some(c.index));
        }
        let threads = tv.mode(0)?.size()?;
        let outside = deal(tv, &what, &mut cells, |k| index_cell(k, grid.rows, grid.cols))?;
        let unreached = cells.iter().filter(|c| c.reached == 0).count();
        let multiple = cells.iter().filter(|c| c.reached > 1).count();
        let caption = alloc::vec![
            format!("each cell: T thread, V value of the first (thread, value) reaching it, TV layout {}", tv),
            format!(
                "{} no thread reaches (-), {} reached more than once (red border), {} outside the tile",
                count(unreached, "cell"),
                count(multiple, "cell"),
                count(outside, "pair")
            ),
        ];
        let mut p = grid.picture(Kind::ThreadValue, format!("{} over tile {}", tv, tile), cells, caption);
        p.key_count = u64::try_from(threads).unwrap_or(1);
        Ok(p)
    }

    /// The picture of a shared-memory layout coloured by bank: `bank = (offset * elem_bytes /
    /// 4) mod 32`. Each cell shows the offset large (the swizzled one) and, small, the offset
    /// before the swizzle (a swizzled layout) or the index (an F2 layout). A tile without
    /// conflicts along its rows shows each bank once per 128 bytes of a row.
    ///
    /// ```
    /// use cute::dynamic::{make_swizzle, ComposedLayout};
    /// use cute::picture::Picture;
    /// let sw = ComposedLayout::new(make_swizzle(3, 4, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
    /// let p = Picture::banks((&sw).into(), 2).unwrap();
    /// // Row 2 starts at 128 = 0b1000_0000: bit 7 XORs into bit 4.
    /// let c = p.cell(2, 0);
    /// assert_eq!((c.offset, c.unswizzled, c.bank), (Some(144), Some(128), Some(8)));
    /// ```
    pub fn banks(layout: Shared<'_>, elem_bytes: i64) -> Result<Picture> {
        if !(1..=1 << 20).contains(&elem_bytes) {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("element bytes {}: expected 1 to {}", elem_bytes, 1 << 20),
            ));
        }
        let title = layout.to_string();
        let grid = Grid::of(&layout.shape(), &title)?;
        let mut cells = grid.cells()?;
        for c in &mut cells {
            let offset = layout.call(c.index)?;
            let second = match layout {
                Shared::Plain(_) => None,
                Shared::Swizzled(l) => Some(l.inner().call(c.index)?.checked_add(l.offset()).ok_or_else(|| {
                    Error::new(ErrorKind::Overflow, format!("{}: offset of index {} past i64", l, c.index))
                })?),
                Shared::F2(_) => Some(c.index),
            };
            (c.offset, c.unswizzled, c.bank) = (Some(offset), second, Some(bank(offset, elem_bytes)));
        }
        let small = match layout {
            Shared::Plain(_) => "",
            Shared::Swizzled(_) => ", small: the offset before the swizzle",
            Shared::F2(_) => ", small: the index",
        };
        let caption = alloc::vec![format!(
            "colour: bank = (offset x {} bytes / 4) mod 32; large: the offset{}",
            elem_bytes, small
        )];
        let mut p = grid.picture(Kind::Banks, format!("{}, {}-byte elements", title, elem_bytes), cells, caption);
        p.key_count = 32;
        p.second = match layout {
            Shared::Plain(_) => None,
            Shared::Swizzled(_) => Some("unswizzled"),
            Shared::F2(_) => Some("index"),
        };
        Ok(p)
    }

    /// The picture of a tile (the layout of a whole tensor) with the elements of one
    /// partition highlighted: the partition is `offset + part(j)` (what CuTe's
    /// `local_partition`, `outer_partition` or `partition_tv` give as `offset o part`), and a
    /// highlighted cell shows `V j`, its position in the partition. The caption counts the
    /// elements highlighted and those outside the tile.
    ///
    /// ```
    /// use cute::dynamic::{local_partition, Layout};
    /// use cute::picture::Picture;
    /// let tile: Layout = "(4,4):(4,1)".parse().unwrap();
    /// let (part, offset) = local_partition(&tile, &"(2,2):(1,2)".parse().unwrap(), 0).unwrap();
    /// let p = Picture::partition(&tile, &part, offset).unwrap();
    /// assert!(p.cell(2, 2).highlighted && !p.cell(1, 0).highlighted);
    /// assert_eq!(p.caption()[1], "4 of 16 elements highlighted, 0 elements of the partition outside the tile");
    /// ```
    pub fn partition(tile: &Layout, part: &Layout, offset: i64) -> Result<Picture> {
        let mut picture = Picture::layout(tile)?;
        let what = format!("{} o {}", offset, part);
        let size = part.size()?;
        if usize::try_from(size).map_or(true, |p| p > MAX_PAIRS) {
            return Err(Error::new(
                ErrorKind::TooManyCells,
                format!("partition {}: {} elements, more than the {} a picture visits", what, size, MAX_PAIRS),
            ));
        }
        let mut position = BTreeMap::new();
        for j in 0..size {
            let o = part.call(j)?.checked_add(offset).ok_or_else(|| {
                Error::new(ErrorKind::Overflow, format!("partition {}: offset of index {} past i64", what, j))
            })?;
            position.entry(o).or_insert(j);
        }
        let mut highlighted = 0usize;
        for c in &mut picture.cells {
            if let Some(&j) = c.offset.and_then(|o| position.get(&o)) {
                (c.highlighted, c.value) = (true, Some(j));
                highlighted = highlighted.saturating_add(1);
            }
        }
        let tile_offsets: alloc::collections::BTreeSet<i64> = picture.cells.iter().filter_map(|c| c.offset).collect();
        let outside = position.keys().filter(|o| !tile_offsets.contains(o)).count();
        picture.kind = Kind::Partition;
        picture.palette = Palette::Pastels;
        picture.key_count = 2;
        picture.title = format!("{} in {}", what, tile);
        picture.caption.truncate(usize::from(picture.folded));
        picture.caption.extend([
            format!("each cell: the tile's offset; highlighted: the partition {}, V its position in it", what),
            format!(
                "{} of {} highlighted, {} of the partition outside the tile",
                highlighted,
                count(picture.cells.len(), "element"),
                count(outside, "element")
            ),
        ]);
        Ok(picture)
    }

    /// The same picture with the cells for which `marked` holds drawn with a red border, and
    /// `why` added to the caption.
    ///
    /// ```
    /// use cute::picture::Picture;
    /// let p = Picture::layout(&"(2,2):(2,1)".parse().unwrap()).unwrap();
    /// let p = p.with_marked(|c| c.offset == Some(3), "marked: offset 3".to_string());
    /// assert!(p.cell(1, 1).marked && !p.cell(0, 0).marked);
    /// assert_eq!(p.caption().last().unwrap(), "marked: offset 3");
    /// assert!(p.svg().contains("class=\"cell marked\""));
    /// ```
    pub fn with_marked(mut self, marked: impl Fn(&Cell) -> bool, why: String) -> Picture {
        for c in &mut self.cells {
            c.marked = marked(c);
        }
        self.caption.push(why);
        self
    }

    /// The same picture with another palette.
    ///
    /// ```
    /// use cute::picture::{Palette, Picture};
    /// let p = Picture::layout(&"8:1".parse().unwrap()).unwrap().with_palette(Palette::Rainbow);
    /// assert_eq!(p.palette(), Palette::Rainbow);
    /// ```
    pub fn with_palette(mut self, palette: Palette) -> Picture {
        self.palette = palette;
        self
    }

    /// What the picture shows.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"8:1".parse().unwrap()).unwrap();
    /// assert_eq!(p.kind(), cute::picture::Kind::Layout);
    /// ```
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The palette the cells are coloured with.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"8:1".parse().unwrap()).unwrap();
    /// assert_eq!(p.palette(), cute::picture::Palette::Greys);
    /// ```
    pub fn palette(&self) -> Palette {
        self.palette
    }

    /// The title: the layout in CuTe notation (with the tile, the partition or the element
    /// size).
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"8:1".parse().unwrap()).unwrap();
    /// assert_eq!(p.title(), "8:1");
    /// ```
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The number of rows.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"8:1".parse().unwrap()).unwrap();
    /// assert_eq!(p.rows(), 1);
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"8:1".parse().unwrap()).unwrap();
    /// assert_eq!(p.cols(), 8);
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells, row by row (the cell in row `i` and column `j` is number `i * cols + j`).
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"(2,2):(2,1)".parse().unwrap()).unwrap();
    /// let offsets: Vec<_> = p.cells().iter().map(|c| c.offset.unwrap()).collect();
    /// assert_eq!(offsets, [0, 1, 2, 3]);
    /// ```
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell in row `row` and column `col` (both within the grid).
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"(2,2):(2,1)".parse().unwrap()).unwrap();
    /// assert_eq!(p.cell(1, 0).offset, Some(2));
    /// ```
    ///
    /// # Panics
    ///
    /// When `row >= rows()` or `col >= cols()`, as a slice index out of bounds does.
    pub fn cell(&self, row: usize, col: usize) -> &Cell {
        assert!(
            row < self.rows && col < self.cols,
            "cell ({}, {}) outside the {} x {} grid",
            row,
            col,
            self.rows,
            self.cols
        );
        // In range: row < rows and col < cols, so the product is below the cell count.
        #[allow(clippy::arithmetic_side_effects)]
        &self.cells[row * self.cols + col]
    }

    /// The labels of the rows (the natural coordinates of mode 0; one empty label for a
    /// rank-1 layout).
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"((2,2),3):((1,6),2)".parse().unwrap()).unwrap();
    /// assert_eq!(p.row_labels(), ["(0,0)", "(1,0)", "(0,1)", "(1,1)"]);
    /// ```
    pub fn row_labels(&self) -> &[String] {
        &self.row_labels
    }

    /// The labels of the columns (the natural coordinates across).
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"(2,2,2):(1,2,4)".parse().unwrap()).unwrap();
    /// assert_eq!(p.col_labels(), ["(0,0)", "(1,0)", "(0,1)", "(1,1)"]);
    /// ```
    pub fn col_labels(&self) -> &[String] {
        &self.col_labels
    }

    /// The rows above which a heavier line is drawn: where a nested mode 0 wraps.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"((2,3),2):((1,2),6)".parse().unwrap()).unwrap();
    /// assert_eq!(p.row_rules(), [2, 4]);
    /// ```
    pub fn row_rules(&self) -> &[usize] {
        &self.row_rules
    }

    /// The columns left of which a heavier line is drawn: where a nested or folded mode
    /// wraps.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"(2,2,3):(1,2,4)".parse().unwrap()).unwrap();
    /// assert_eq!(p.col_rules(), [2, 4]);
    /// ```
    pub fn col_rules(&self) -> &[usize] {
        &self.col_rules
    }

    /// What the second number of a bank picture's cells ([`Cell::unswizzled`]) is:
    /// `unswizzled` (the offset before the swizzle) or `index` (an F2 layout's); None where the
    /// cells have none.
    ///
    /// ```
    /// use cute::dynamic::F2Layout;
    /// use cute::picture::{Picture, Shared};
    /// let f2: F2Layout = "(4,4):(f1,f5)".parse().unwrap();
    /// assert_eq!(Picture::banks(Shared::from(&f2), 4).unwrap().second_number(), Some("index"));
    /// ```
    pub fn second_number(&self) -> Option<&'static str> {
        self.second
    }

    /// The caption's lines: what a cell shows, the folding, and the counts.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"4:1".parse().unwrap()).unwrap();
    /// assert_eq!(p.caption(), ["each cell: the offset of its coordinate"]);
    /// ```
    pub fn caption(&self) -> &[String] {
        &self.caption
    }

    /// The colour of a cell, as (red, green, blue): white for a cell without a key.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"4:1".parse().unwrap()).unwrap();
    /// assert_eq!(p.colour(p.cell(0, 0)), (255, 255, 255));
    /// assert_eq!(p.colour(p.cell(0, 1)), (153, 153, 153));
    /// ```
    pub fn colour(&self, cell: &Cell) -> (u8, u8, u8) {
        match self.key(cell) {
            Some(key) => self.palette.rgb(key, self.key_count),
            None => (255, 255, 255),
        }
    }

    /// The key the palette colours a cell by: its offset (a negative one by its magnitude),
    /// its thread, its bank, or one colour for the partition; None for a cell drawn white (no
    /// pair reaches it, or outside the partition).
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"4:3".parse().unwrap()).unwrap();
    /// assert_eq!(p.key(p.cell(0, 2)), Some(6));
    /// ```
    pub fn key(&self, cell: &Cell) -> Option<u64> {
        if !cell.region.is_tile() {
            return None;
        }
        let key = match self.kind {
            Kind::Layout => cell.offset?,
            Kind::ThreadValue | Kind::Mma | Kind::Copy => cell.thread?,
            Kind::Banks => cell.bank?,
            Kind::Partition => cell.highlighted.then_some(1)?,
        };
        Some(key.unsigned_abs())
    }

    /// The text of a cell in the table: the offset, `T0V1` (thread-value) or `-` where no
    /// pair reaches; a label's number; nothing in a blank.
    ///
    /// ```
    /// use cute::dynamic::make_layout_tv;
    /// let (tile, tv) = make_layout_tv(&"2:1".parse().unwrap(), &"2:1".parse().unwrap()).unwrap();
    /// let p = cute::picture::Picture::tv(&tile, &tv).unwrap();
    /// assert_eq!(p.cell_text(p.cell(0, 1)), "T0V1");
    /// ```
    pub fn cell_text(&self, cell: &Cell) -> String {
        match (cell.region, cell.thread, cell.value, cell.offset) {
            (Region::Label(k), ..) => k.to_string(),
            (Region::Blank, ..) => String::new(),
            (_, Some(t), Some(v), _) if self.kind.is_thread_value() => format!("T{}V{}", t, v),
            _ if self.kind.is_thread_value() => "-".to_string(),
            (_, _, _, Some(o)) => o.to_string(),
            _ => "-".to_string(),
        }
    }
}

/// Deals the pairs of the thread-value layout `tv` to the cells: tile index `k` is the cell
/// `place(k)`, whose `reached` counts the pairs reaching it (start it at 0) and whose `thread`
/// and `value` are the first pair's, in order of thread, then value. Returns the pairs that
/// fall outside the tile (`place` gives None).
fn deal(tv: &Layout, what: &str, cells: &mut [Cell], place: impl Fn(usize) -> Option<usize>) -> Result<usize> {
    let threads = tv.mode(0)?.size()?;
    let pairs = tv.size()?;
    if usize::try_from(pairs).map_or(true, |p| p > MAX_PAIRS) {
        return Err(Error::new(
            ErrorKind::TooManyCells,
            format!("{}: {} (thread, value) pairs, more than the {} a picture visits", what, pairs, MAX_PAIRS),
        ));
    }
    let mut outside = 0usize;
    for t in 0..threads {
        let mut v = 0i64;
        let mut i = t;
        while i < pairs {
            let k = tv.call(i)?;
            match usize::try_from(k).ok().and_then(&place).and_then(|n| cells.get_mut(n)) {
                Some(c) => {
                    if c.reached == 0 {
                        (c.thread, c.value) = (Some(t), Some(v));
                    } else {
                        c.others.push((t, v));
                    }
                    c.reached = c.reached.saturating_add(1);
                }
                None => outside = outside.saturating_add(1),
            }
            v = v.saturating_add(1);
            i = i.saturating_add(threads);
        }
    }
    Ok(outside)
}

/// The bank of the element at `offset`: `(offset * elem_bytes / 4) mod 32`, the byte address
/// taken in i128 so that any offset has one.
// In range: |offset * elem_bytes| < 2^63 * 2^21, far inside i128; the result is below 32.
#[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
fn bank(offset: i64, elem_bytes: i64) -> i64 {
    (i128::from(offset) * i128::from(elem_bytes)).div_euclid(4).rem_euclid(32) as i64
}

/// The cell number (row-major) of tile index `k`, or None outside the grid.
// In range: k < rows * cols, so k % rows < rows and k / rows < cols.
#[allow(clippy::arithmetic_side_effects)]
fn index_cell(k: usize, rows: usize, cols: usize) -> Option<usize> {
    (k < rows.checked_mul(cols)?).then(|| (k % rows) * cols + k / rows)
}

/// CuTe's `print_layout`: the table of any layout (see [`Picture::table`]) on standard output.
///
/// ```
/// cute::picture::print_layout(&cute::layout!((2,2,2):(1,2,4))).unwrap();
/// ```
#[cfg(feature = "std")]
pub fn print_layout<L: crate::tensor::ViewLayout + fmt::Display>(layout: &L) -> Result<()> {
    std::print!("{}", layout_table(layout)?);
    Ok(())
}

/// CuTe's `print_layout` as text, for a layout of any rank: the layout, then the table of its
/// offsets (rank 2 exactly as CuTe prints it; rank 1 as one row; a higher rank folded, mode 0
/// down and the others across, with a line saying so).
///
/// ```
/// let table = cute::picture::layout_table(&cute::layout!((2,(2,2)):(4,(2,1)))).unwrap();
/// let lines = [
///     "(_2,(_2,_2)):(_4,(_2,_1))",
///     "      0   1   2   3 ", // CuTe's header ends with a space
///     "    +---+---+---+---+",
///     " 0  | 0 | 2 | 1 | 3 |",
///     "    +---+---+---+---+",
///     " 1  | 4 | 6 | 5 | 7 |",
///     "    +---+---+---+---+",
/// ];
/// assert_eq!(table, lines.join("\n") + "\n");
/// ```
pub fn layout_table<L: crate::tensor::ViewLayout + fmt::Display>(layout: &L) -> Result<String> {
    let picture = Picture::layout(&layout.to_dynamic_layout())?;
    Ok(picture.table_titled(&layout.to_string()))
}

/// CuTe's `print_latex`: the picture of a layout, an MMA atom, a tiled MMA or a tiled copy
/// ([`Draw`]) as a standalone TikZ document.
///
/// ```
/// let doc = cute::picture::latex(&cute::layout!((2,2):(1,2))).unwrap();
/// assert!(doc.starts_with("\\documentclass[tikz,border=4pt]{standalone}"));
/// let mma = cute::picture::latex(&cute::atom::SM80_16x8x8_F32TF32TF32F32_TN).unwrap();
/// assert!(mma.contains("T31"));
/// ```
pub fn latex<D: Draw + ?Sized>(drawn: &D) -> Result<String> {
    Ok(drawn.picture()?.latex())
}

/// CuTe's `print_svg`: the picture of a layout, an MMA atom, a tiled MMA or a tiled copy
/// ([`Draw`]) as an SVG image.
///
/// ```
/// let image = cute::picture::svg(&cute::layout!((2,2):(1,2))).unwrap();
/// assert!(image.starts_with("<svg"));
/// let atom = cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
/// assert_eq!(cute::picture::svg(&atom).unwrap().matches("class=\"cell\"").count(), 16 * 8 + 16 * 16 + 8 * 16);
/// ```
pub fn svg<D: Draw + ?Sized>(drawn: &D) -> Result<String> {
    Ok(drawn.picture()?.svg())
}

/// CuTe's `print_latex` on standard output: a layout, an MMA atom, a tiled MMA or a tiled
/// copy ([`Draw`]).
///
/// ```
/// cute::picture::print_latex(&cute::layout!((2,2):(1,2))).unwrap();
/// cute::picture::print_latex(&cute::atom::SM80_16x8x16_F32F16F16F32_TN).unwrap();
/// ```
#[cfg(feature = "std")]
pub fn print_latex<D: Draw + ?Sized>(drawn: &D) -> Result<()> {
    std::print!("{}", latex(drawn)?);
    Ok(())
}

/// CuTe's `print_svg` on standard output: a layout, an MMA atom, a tiled MMA or a tiled copy
/// ([`Draw`]).
///
/// ```
/// cute::picture::print_svg(&cute::layout!((2,2):(1,2))).unwrap();
/// cute::picture::print_svg(&cute::atom::mma_atom("SM80_8x8x4_F64F64F64F64_TN").unwrap()).unwrap();
/// ```
#[cfg(feature = "std")]
pub fn print_svg<D: Draw + ?Sized>(drawn: &D) -> Result<()> {
    std::print!("{}", svg(drawn)?);
    Ok(())
}

/// CuTe DSL's `print_latex_tv`: the picture of a thread-value layout over a tile of shape
/// `tile`, as a TikZ document on standard output (see [`Picture::tv`]).
///
/// ```
/// let (tile, tv) = cute::dynamic::make_layout_tv(&"4:1".parse().unwrap(), &"2:1".parse().unwrap()).unwrap();
/// cute::picture::print_latex_tv(&tv, &tile).unwrap();
/// ```
#[cfg(feature = "std")]
pub fn print_latex_tv(tv: &Layout, tile: &IntTuple) -> Result<()> {
    std::print!("{}", Picture::tv(tile, tv)?.latex());
    Ok(())
}

/// The SVG counterpart of [`print_latex_tv`]: a thread-value layout over a tile as an SVG
/// image on standard output.
///
/// ```
/// let (tile, tv) = cute::dynamic::make_layout_tv(&"4:1".parse().unwrap(), &"2:1".parse().unwrap()).unwrap();
/// cute::picture::print_svg_tv(&tv, &tile).unwrap();
/// ```
#[cfg(feature = "std")]
pub fn print_svg_tv(tv: &Layout, tile: &IntTuple) -> Result<()> {
    std::print!("{}", Picture::tv(tile, tv)?.svg());
    Ok(())
}
