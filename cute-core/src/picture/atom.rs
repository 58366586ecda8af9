//! Pictures of tiled MMAs and tiled copies, laid out as CuTe's `print_latex(TiledMMA)` and
//! `print_latex(TiledCopy)` lay them out, and the [`Draw`] trait that CuTe's overloaded
//! `print_latex` and `print_svg` become.

use super::*;
use crate::dynamic::{MmaAtom, TiledCopy, TiledMma};

/// A cell of no tile: a blank, or a label.
fn blank(row: usize, col: usize) -> Cell {
    Cell {
        row,
        col,
        region: Region::Blank,
        index: 0,
        coord: IntTuple::from(0),
        offset: None,
        unswizzled: None,
        thread: None,
        value: None,
        reached: 0,
        others: Vec::new(),
        bank: None,
        highlighted: false,
        marked: false,
    }
}

/// `a * b + c` of picture dimensions, or a [`TooManyCells`](ErrorKind::TooManyCells) error past
/// usize.
fn grow(a: usize, b: usize, c: usize, what: &dyn fmt::Display) -> Result<usize> {
    a.checked_mul(b).and_then(|n| n.checked_add(c)).ok_or_else(|| {
        Error::new(ErrorKind::TooManyCells, format!("{} has more than the {} cells a picture draws", what, MAX_CELLS))
    })
}

/// How many (thread, value) pairs reach each cell of `region` (`verb`: `held`, `read`,
/// `written`): `held by one thread`, `held by 2 (thread, value) pairs` where all agree, `held by
/// 0 to 2 (thread, value) pairs` where they differ.
fn reach(cells: &[Cell], region: Region, verb: &str) -> String {
    let reached = cells.iter().filter(|c| c.region == region).map(|c| c.reached);
    let (lo, hi) = reached.fold((u32::MAX, 0), |(lo, hi), r| (lo.min(r), hi.max(r)));
    let by = match (lo, hi) {
        // No cell in the region: nothing to count.
        (u32::MAX, 0) => return format!("{}: no elements", region.name()),
        (1, 1) => "one thread".to_string(),
        (lo, hi) if lo == hi => format!("{} (thread, value) pairs", lo),
        (lo, hi) => format!("{} to {} (thread, value) pairs", lo, hi),
    };
    format!("{}: each element {} by {}", region.name(), verb, by)
}

/// Tile extent `i` of a tiled MMA as a count of cells.
fn extent(tile: &IntTuple, i: usize, what: &dyn fmt::Display) -> Result<usize> {
    let size = tile.mode(i)?.size()?;
    // A mode alone past the limit: say which, not a count of the whole picture's cells.
    usize::try_from(size).ok().filter(|&n| n <= MAX_CELLS).ok_or_else(|| {
        Error::new(
            ErrorKind::TooManyCells,
            format!(
                "{}: its tile's {} is {}, more rows or columns than the {} cells a picture draws",
                what,
                ["M", "N", "K"][i.min(2)],
                size,
                MAX_CELLS
            ),
        )
    })
}

impl Picture {
    /// The picture of a tiled MMA as CuTe draws it (`print_latex(tiled_mma)`): C, `(M,N)`, at
    /// the bottom right; A, `(M,K)`, to its left; B above it, drawn `(K,N)` (`k` down the
    /// rows); `m` along the left edge, `n` along the top, `k` above A and left of B. Each
    /// operand cell shows `T t` and `V v` of the first (thread, value) of the operand's TV layout
    /// ([`TiledMma::layout_a_tv`] ...) holding it (the lowest thread, then the lowest value),
    /// coloured by thread. The caption says how many threads hold each element (each A element
    /// by every atom along N, each B element by every atom along M).
    ///
    /// ```
    /// use cute::dynamic::{TiledMma, Tiler};
    /// use cute::picture::{Picture, Region};
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
    /// let mma = TiledMma::new(atom, &"(2,2,1):(1,2,0)".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// let p = Picture::mma(&mma).unwrap();
    /// // (M,N,K) = (32,16,16): 16 + 1 + 32 rows, 16 + 1 + 16 columns.
    /// assert_eq!((p.rows(), p.cols()), (49, 33));
    /// // C(0,0) is thread 0's value 0; A(0,0) left of it; B(0,0) at the top.
    /// let (c, a, b) = (p.cell(17, 17), p.cell(17, 0), p.cell(0, 17));
    /// assert_eq!((c.region, c.thread, c.value), (Region::C, Some(0), Some(0)));
    /// assert_eq!((a.region, a.coord.to_string()), (Region::A, "(0,0)".to_string()));
    /// assert_eq!((b.region, b.reached), (Region::B, 2));
    /// assert_eq!(p.cell(16, 3).region, Region::Label(3));
    /// ```
    pub fn mma(mma: &TiledMma) -> Result<Picture> {
        let tvs = [mma.layout_c_tv()?, mma.layout_a_tv()?, mma.layout_b_tv()?];
        Picture::mma_tiles(mma.to_string(), &mma.tile_size_mnk()?, &tvs, mma.size()?)
    }

    /// The picture of one MMA atom as CuTe's `print_latex(MMA_Atom)` draws it: as
    /// [`Picture::mma`], from the atom's own TV layouts, each thread named by its lane
    /// (`ThrID`: Volta's quad-pair holds lanes 0-3 and 16-19).
    ///
    /// ```
    /// use cute::picture::Picture;
    /// let p = Picture::mma_atom(&cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap()).unwrap();
    /// // C(8,1) is the ISA's c3 of lane 0 (row groupID + 8, column 2 * threadID_in_group + 1).
    /// assert_eq!((p.cell(8 + 1 + 8, 8 + 1 + 1).thread, p.cell(8 + 1 + 8, 8 + 1 + 1).value), (Some(0), Some(3)));
    /// let volta = Picture::mma_atom(&cute::atom::mma_atom("SM70_8x8x4_F16F16F16F16_TN").unwrap()).unwrap();
    /// // Logical thread 4 is lane 16.
    /// assert!(volta.cells().iter().any(|c| c.thread == Some(16)));
    /// assert!(!volta.cells().iter().any(|c| c.thread == Some(4)));
    /// ```
    pub fn mma_atom(atom: &MmaAtom) -> Result<Picture> {
        // The fields are public: draw only an instruction's shape and layouts.
        crate::dynamic::check_atom(atom)?;
        let tvs = [atom.layout_c.clone(), atom.layout_a.clone(), atom.layout_b.clone()];
        let mut p = Picture::mma_tiles(atom.name.clone(), &atom.shape_mnk, &tvs, atom.thr_id.size()?)?;
        for c in &mut p.cells {
            if let Some(t) = c.thread {
                c.thread = Some(atom.thr_id.call(t)?);
            }
            for (t, _) in &mut c.others {
                *t = atom.thr_id.call(*t)?;
            }
        }
        Ok(p)
    }

    /// The MMA picture of the `(M,N,K)` tile `tile` from the TV layouts of C, A and B (`tvs`)
    /// of `threads` threads.
    fn mma_tiles(what: String, tile: &IntTuple, tvs: &[Layout; 3], threads: i64) -> Result<Picture> {
        let (m, n, k) = (extent(tile, 0, &what)?, extent(tile, 1, &what)?, extent(tile, 2, &what)?);
        // C's top left corner: past B's k rows and A's k columns, and the row and column of labels.
        let corner = grow(k, 1, 1, &what)?;
        let (rows, cols) = (grow(m, 1, corner, &what)?, grow(n, 1, corner, &what)?);
        let total = cell_count(i64::try_from(grow(rows, cols, 0, &what)?).unwrap_or(i64::MAX), &what)?;
        // In range: every index below is a row below `rows` times `cols` plus a column below
        // `cols`, so below `total`, which is at most MAX_CELLS.
        #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_wrap)]
        let mut cells = {
            let mut cells: Vec<Cell> = (0..total).map(|i| blank(i / cols, i % cols)).collect();
            for kk in 0..k {
                cells[k * cols + kk].region = Region::Label(kk as i64);
                cells[kk * cols + k].region = Region::Label(kk as i64);
            }
            let mut place = |region: Region, row: usize, col: usize, index: usize, coord: [usize; 2]| {
                let c = &mut cells[row * cols + col];
                (c.region, c.index, c.offset) = (region, index as i64, Some(index as i64));
                c.coord = pair(coord[0] as i64, coord[1] as i64);
            };
            for (mm, kk) in (0..k).flat_map(|kk| (0..m).map(move |mm| (mm, kk))) {
                place(Region::A, corner + mm, kk, mm + m * kk, [mm, kk]);
            }
            for (nn, kk) in (0..k).flat_map(|kk| (0..n).map(move |nn| (nn, kk))) {
                place(Region::B, kk, corner + nn, nn + n * kk, [nn, kk]);
            }
            for (mm, nn) in (0..n).flat_map(|nn| (0..m).map(move |mm| (mm, nn))) {
                place(Region::C, corner + mm, corner + nn, mm + m * nn, [mm, nn]);
            }
            cells
        };
        // In range: the tile indices are below m * k, n * k or m * n, each at most MAX_CELLS.
        #[allow(clippy::arithmetic_side_effects)]
        let outside = [
            deal(&tvs[0], &what, &mut cells, |i| (i < m * n).then(|| (corner + i % m) * cols + corner + i / m))?,
            deal(&tvs[1], &what, &mut cells, |i| (i < m * k).then(|| (corner + i % m) * cols + i / m))?,
            deal(&tvs[2], &what, &mut cells, |i| (i < n * k).then(|| (i / n) * cols + corner + i % n))?,
        ];
        let mut row_labels = alloc::vec![String::new(); corner];
        row_labels.extend(labels(&IntTuple::from(i64::try_from(m).unwrap_or(i64::MAX)), m)?);
        let mut col_labels = alloc::vec![String::new(); corner];
        col_labels.extend(labels(&IntTuple::from(i64::try_from(n).unwrap_or(i64::MAX)), n)?);
        let mut caption = alloc::vec![
            format!(
                "C (M,N) = ({},{}) at the bottom right, A (M,K) = ({},{}) to its left, B (N,K) = ({},{}) above it with k down; \
                 each cell: T thread, V value of the first (thread, value) holding it",
                m, n, m, k, n, k
            ),
            format!("{}; {}; {}", reach(&cells, Region::A, "held"), reach(&cells, Region::B, "held"), reach(&cells, Region::C, "held")),
        ];
        if outside.iter().any(|&o| o > 0) {
            caption.push(format!(
                "pairs outside their tile: {} of C, {} of A, {} of B",
                outside[0], outside[1], outside[2]
            ));
        }
        Ok(Picture {
            kind: Kind::Mma,
            title: what,
            rows,
            cols,
            row_labels,
            col_labels,
            row_rules: Vec::new(),
            col_rules: Vec::new(),
            cells,
            caption,
            palette: Palette::Pastels,
            key_count: u64::try_from(threads).unwrap_or(1),
            folded: false,
            frames: alloc::vec![[corner, 0, m, k], [0, corner, k, n], [corner, corner, m, n]],
            second: None,
        })
    }

    /// The picture of a tiled copy as CuTe draws it (`print_latex(tiled_copy)`): the source tile
    /// (left) and the destination tile (right) of the copy's tiler side by side, each cell `T t`
    /// and `V v` of the first (thread, value) of [`TiledCopy::layout_src_tv`] (left) or
    /// [`TiledCopy::layout_dst_tv`] (right) reaching it, coloured by thread. The caption says
    /// how many pairs reach each element (a copy made for an MMA's A reads each element once
    /// for every atom along N).
    ///
    /// ```
    /// use cute::dynamic::TiledCopy;
    /// use cute::picture::{Picture, Region};
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"(1,2):(1,1)".parse().unwrap()).unwrap();
    /// let p = Picture::copy(&copy).unwrap();
    /// // The tile (4,4) twice, a blank column between.
    /// assert_eq!((p.rows(), p.cols()), (4, 9));
    /// let (s, d) = (p.cell(1, 2), p.cell(1, 5 + 2));
    /// assert_eq!((s.region, s.thread, s.value), (Region::Source, Some(5), Some(0)));
    /// assert_eq!((d.region, d.thread, d.value), (Region::Destination, Some(5), Some(0)));
    /// assert_eq!(p.cell(0, 4).region, Region::Blank);
    /// ```
    pub fn copy(copy: &TiledCopy) -> Result<Picture> {
        let what = copy.to_string();
        let grid = Grid::of(copy.tiler(), &what)?;
        let (rows, w) = (grid.rows, grid.cols);
        let cols = grow(w, 2, 1, &what)?;
        cell_count(i64::try_from(grow(rows, cols, 0, &what)?).unwrap_or(i64::MAX), &what)?;
        let tile = grid.cells()?;
        // In range: rows * cols is at most MAX_CELLS (checked above), and each cell number
        // below is a row below `rows` times `cols` plus a column below `cols`.
        #[allow(clippy::arithmetic_side_effects)]
        let (cells, src, dst) = {
            let mut cells = Vec::with_capacity(rows * cols);
            for row in 0..rows {
                for col in 0..cols {
                    let (region, c) = match col.cmp(&w) {
                        core::cmp::Ordering::Less => (Region::Source, col),
                        core::cmp::Ordering::Equal => {
                            cells.push(blank(row, col));
                            continue;
                        }
                        core::cmp::Ordering::Greater => (Region::Destination, col - w - 1),
                    };
                    let mut cell = tile[row * w + c].clone();
                    (cell.col, cell.region, cell.reached, cell.offset) = (col, region, 0, Some(cell.index));
                    cells.push(cell);
                }
            }
            let src = deal(&copy.layout_src_tv()?, &what, &mut cells, |k| {
                index_cell(k, rows, w).map(|n| (n / w) * cols + n % w)
            })?;
            let dst = deal(&copy.layout_dst_tv()?, &what, &mut cells, |k| {
                index_cell(k, rows, w).map(|n| (n / w) * cols + w + 1 + n % w)
            })?;
            (cells, src, dst)
        };
        let mut caption = alloc::vec![
            format!(
                "source (left) and destination (right) of the tile {}; each cell: T thread, V value of the first (thread, value) reaching it",
                copy.tiler()
            ),
            format!("{}; {}", reach(&cells, Region::Source, "read"), reach(&cells, Region::Destination, "written")),
        ];
        if src > 0 || dst > 0 {
            caption.push(format!("pairs outside the tile: {} of the source, {} of the destination", src, dst));
        }
        let mut col_labels = grid.col_labels.clone();
        col_labels.push(String::new());
        col_labels.extend(grid.col_labels.iter().cloned());
        // The destination's first column: w + 1 < cols.
        let right = cols.saturating_sub(w);
        // In range: the rules are columns below w, moved by right, so below cols.
        #[allow(clippy::arithmetic_side_effects)]
        let col_rules: Vec<usize> =
            grid.col_rules.iter().copied().chain(grid.col_rules.iter().map(|&j| j + right)).collect();
        let threads = copy.size()?;
        let mut p = grid.picture(Kind::Copy, what, cells, caption);
        (p.cols, p.col_labels, p.col_rules, p.frames) =
            (cols, col_labels, col_rules, alloc::vec![[0, 0, rows, w], [0, right, rows, w]]);
        p.key_count = u64::try_from(threads).unwrap_or(1);
        Ok(p)
    }
}

/// The pair `(a,b)`.
fn pair(a: i64, b: i64) -> IntTuple {
    IntTuple::Tuple(alloc::vec![IntTuple::from(a), IntTuple::from(b)])
}

/// What CuTe's overloaded `print_latex` and `print_svg` draw: a layout (of the crate's type or
/// the dynamic engine's), an MMA atom (a static one by its type, or the dynamic engine's), a
/// tiled MMA, or a tiled copy. [`svg`], [`latex`], [`print_svg`] and [`print_latex`] take any.
///
/// ```
/// use cute::picture::{Draw, Kind};
/// assert_eq!(cute::layout!((2,2):(1,2)).picture().unwrap().kind(), Kind::Layout);
/// assert_eq!(cute::atom::SM80_16x8x16_F32F16F16F32_TN.picture().unwrap().kind(), Kind::Mma);
/// ```
pub trait Draw {
    /// The picture.
    ///
    /// ```
    /// use cute::picture::Draw;
    /// let p = cute::atom::mma_atom("SM70_8x8x4_F32F16F16F32_NT").unwrap().picture().unwrap();
    /// assert_eq!((p.rows(), p.cols()), (4 + 1 + 8, 4 + 1 + 8));
    /// ```
    fn picture(&self) -> Result<Picture>;
}

impl<L: crate::tensor::ViewLayout> Draw for L {
    fn picture(&self) -> Result<Picture> {
        Picture::layout(&self.to_dynamic_layout())
    }
}

impl Draw for MmaAtom {
    fn picture(&self) -> Result<Picture> {
        Picture::mma_atom(self)
    }
}

impl Draw for TiledMma {
    fn picture(&self) -> Result<Picture> {
        Picture::mma(self)
    }
}

impl Draw for TiledCopy {
    fn picture(&self) -> Result<Picture> {
        Picture::copy(self)
    }
}
