//! The grid of a picture: its rows and columns from the shape, the labels along its edges and the
//! rules where a nested mode wraps.

use super::*;

/// The grid of a shape: its dimensions, labels and rules, before the cells are filled.
pub(super) struct Grid {
    pub(super) shape: IntTuple,
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) row_labels: Vec<String>,
    pub(super) col_labels: Vec<String>,
    pub(super) row_rules: Vec<usize>,
    pub(super) col_rules: Vec<usize>,
    pub(super) fold: Option<String>,
}

/// `n` things, in the singular for one.
pub(super) fn count(n: usize, thing: &str) -> String {
    format!("{} {}{}", n, thing, if n == 1 { "" } else { "s" })
}

/// `size` as a count of cells: a positive size within [`MAX_CELLS`].
pub(super) fn cell_count(size: i64, what: &dyn fmt::Display) -> Result<usize> {
    match usize::try_from(size) {
        Ok(n) if n <= MAX_CELLS => Ok(n),
        _ => Err(Error::new(
            ErrorKind::TooManyCells,
            format!("{} has {} cells, more than the {} a picture draws", what, size, MAX_CELLS),
        )),
    }
}

/// The positions inside `0..n` where a nested mode of `shape` wraps: the multiples of each
/// product of its leading leaves, without the whole.
// In range: the products are of leaves of a shape whose size `n` fits in usize, and each is at
// most `n`.
#[allow(clippy::arithmetic_side_effects)]
pub(super) fn rules(shape: &IntTuple, n: usize) -> Vec<usize> {
    let mut marks = alloc::vec![false; n];
    let mut step = 1usize;
    for &leaf in shape.leaves().iter().rev().skip(1).rev() {
        // A size-1 leaf wraps nowhere.
        if *leaf <= 1 {
            continue;
        }
        step *= usize::try_from(*leaf).unwrap_or(1);
        if step >= n {
            break;
        }
        for m in (step..n).step_by(step.max(1)) {
            marks[m] = true;
        }
    }
    (1..n).filter(|&m| marks[m]).collect()
}

/// The labels of `0..n` along an edge: the natural coordinates in `shape`.
pub(super) fn labels(shape: &IntTuple, n: usize) -> Result<Vec<String>> {
    (0..n).map(|i| Ok(idx2crd(i64::try_from(i).unwrap_or(i64::MAX), shape)?.to_string())).collect()
}

impl Grid {
    /// The grid of `shape`: mode 0 down, the other modes across, rank 1 as one row.
    pub(super) fn of(shape: &IntTuple, what: &dyn fmt::Display) -> Result<Grid> {
        if let Some(&&bad) = shape.leaves().iter().find(|&&&e| e <= 0) {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("{}: extent {} of the shape {} is not positive", what, bad, shape),
            ));
        }
        let size = cell_count(shape.size()?, what)?;
        let leaves = shape.leaf_count();
        if size.checked_mul(leaves).is_none_or(|n| n > MAX_COORD_LEAVES) {
            return Err(Error::new(
                ErrorKind::TooManyCells,
                format!(
                    "{} has {} cells of {}-leaf coordinates, more than the {} coordinate leaves a picture holds",
                    what, size, leaves, MAX_COORD_LEAVES
                ),
            ));
        }
        let modes: Vec<IntTuple> = if shape.is_leaf() { alloc::vec![shape.clone()] } else { shape.modes().to_vec() };
        let (row_shape, col_shape, fold) = match modes.len() {
            0 | 1 => (IntTuple::from(1), shape.clone(), None),
            2 => (modes[0].clone(), modes[1].clone(), None),
            r => {
                let across = IntTuple::Tuple(modes[1..].to_vec());
                let fold = format!(
                    "rank {} folded: mode 0 down the rows, modes 1..{} across the columns (column j is the coordinate of j in {})",
                    r,
                    r.saturating_sub(1),
                    across
                );
                (modes[0].clone(), across, Some(fold))
            }
        };
        let rows = cell_count(row_shape.size()?, what)?;
        let cols = cell_count(col_shape.size()?, what)?;
        debug_assert_eq!(rows.checked_mul(cols), Some(size));
        let row_labels = if modes.len() <= 1 { alloc::vec![String::new()] } else { labels(&row_shape, rows)? };
        Ok(Grid {
            shape: shape.clone(),
            rows,
            cols,
            row_labels,
            col_labels: labels(&col_shape, cols)?,
            row_rules: rules(&row_shape, rows),
            col_rules: rules(&col_shape, cols),
            fold,
        })
    }

    /// The empty cells, row by row, with their indices and coordinates.
    // In range: row < rows and col < cols, so row + rows * col < rows * cols <= MAX_CELLS.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_wrap)]
    pub(super) fn cells(&self) -> Result<Vec<Cell>> {
        let mut cells = Vec::with_capacity(self.rows * self.cols);
        for row in 0..self.rows {
            for col in 0..self.cols {
                let index = (row + self.rows * col) as i64;
                cells.push(Cell {
                    row,
                    col,
                    region: Region::Whole,
                    index,
                    coord: idx2crd(index, &self.shape)?,
                    offset: None,
                    unswizzled: None,
                    thread: None,
                    value: None,
                    reached: 1,
                    others: Vec::new(),
                    bank: None,
                    highlighted: false,
                    marked: false,
                });
            }
        }
        Ok(cells)
    }

    pub(super) fn picture(self, kind: Kind, title: String, cells: Vec<Cell>, mut caption: Vec<String>) -> Picture {
        let folded = self.fold.is_some();
        if let Some(fold) = self.fold {
            caption.insert(0, fold);
        }
        let palette = match kind {
            Kind::Layout => Palette::Greys,
            Kind::ThreadValue | Kind::Partition | Kind::Mma | Kind::Copy => Palette::Pastels,
            Kind::Banks => Palette::Rainbow,
        };
        Picture {
            kind,
            title,
            rows: self.rows,
            cols: self.cols,
            row_labels: self.row_labels,
            col_labels: self.col_labels,
            row_rules: self.row_rules,
            col_rules: self.col_rules,
            cells,
            caption,
            palette,
            key_count: 1,
            frames: alloc::vec![[0, 0, self.rows, self.cols]],
            folded,
            second: None,
        }
    }
}
