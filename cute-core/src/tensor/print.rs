//! Text printing as CuTe's: `print_layout`, the rank-2 table of offsets, and `print_tensor`,
//! the elements of a tensor of rank 1 to 4.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{Display, Write};

use super::{Engine, Tensor, ViewLayout};
use crate::dynamic::{Error, ErrorKind, Layout, Result};

/// The sizes of the top-level modes of `l`, which must have rank `min..=max`.
fn mode_sizes(l: &Layout, op: &str, min: usize, max: usize) -> Result<Vec<usize>> {
    let modes = if l.shape().is_leaf() { alloc::vec![l.clone()] } else { l.modes() };
    if modes.len() < min || modes.len() > max {
        let expected = if min == max { min.to_string() } else { alloc::format!("{} to {}", min, max) };
        return Err(Error::new(
            ErrorKind::RankMismatch,
            alloc::format!("{}: {} has rank {}, not {}", op, l, modes.len(), expected),
        ));
    }
    modes
        .iter()
        .map(|m| {
            let size = m.size()?;
            usize::try_from(size)
                .map_err(|_| Error::new(ErrorKind::Overflow, alloc::format!("{}: size {} past usize", op, size)))
        })
        .collect()
}

/// CuTe's `print_layout` as text: the layout, then the table of its offsets, rows the first
/// mode and columns the second (a rank-2 layout; another rank is an error of kind
/// [`RankMismatch`](crate::error::ErrorKind::RankMismatch)).
///
/// ```
/// let table = cute::tensor::layout_table(&cute::layout!((2,(2,2)):(4,(2,1)))).unwrap();
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
/// let e = cute::tensor::layout_table(&cute::layout!((2,2,2):(1,2,4))).unwrap_err();
/// assert_eq!(e.to_string(), "rank mismatch: print_layout: (2,2,2):(1,2,4) has rank 3, not 2");
/// ```
// In range: width is at least 3 (the digits of the cosize and 2), and i + m * j is below the
// size m * n.
#[allow(clippy::arithmetic_side_effects)]
pub fn layout_table<L: ViewLayout + Display>(layout: &L) -> Result<String> {
    let dynamic = layout.to_dynamic_layout();
    let sizes = mode_sizes(&dynamic, "print_layout", 2, 2)?;
    let (m, n) = (sizes[0], sizes[1]);
    let width = dynamic.cosize()?.to_string().len() + 2;
    let rule = |out: &mut String| {
        out.push_str("    ");
        for _ in 0..n {
            out.push('+');
            out.push_str(&"-".repeat(width));
        }
        out.push_str("+\n");
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", layout);
    out.push_str("    ");
    for j in 0..n {
        let _ = write!(out, "  {:>w$} ", j, w = width - 2);
    }
    out.push('\n');
    for i in 0..m {
        rule(&mut out);
        let _ = write!(out, "{:>2}  ", i);
        for j in 0..n {
            let _ = write!(out, "| {:>w$} ", layout.at(i + m * j), w = width - 2);
        }
        out.push_str("|\n");
    }
    rule(&mut out);
    Ok(out)
}

/// Print [`layout_table`] to standard output (CuTe's `print_layout`).
///
/// ```
/// cute::tensor::print_layout(&cute::layout!((2,2):(1,2))).unwrap();
/// ```
#[cfg(feature = "std")]
pub fn print_layout<L: ViewLayout + Display>(layout: &L) -> Result<()> {
    std::print!("{}", layout_table(layout)?);
    Ok(())
}

/// CuTe's `print_tensor` as text: `base o layout:`, then the elements of a tensor of rank 1 to
/// 4: a column for rank 1, a matrix (rows the first mode) for rank 2, and for ranks 3 and 4 one
/// matrix per coordinate of the last modes, separated by a rule.
///
/// ```
/// use cute::tensor::{make_tensor, tensor_text, Counting};
/// let t = make_tensor(Counting(8), cute::layout!((2,2,2):(1,2,4))).unwrap();
/// assert_eq!(tensor_text(&t).unwrap(), "\
/// 0 o (_2,_2,_2):(_1,_2,_4):
///   0  2
///   1  3
/// ------
///   4  6
///   5  7
/// ");
/// ```
// In range: the cells are the tensor's elements, m * n * pages of them, and each index is below
// that count; the rule's length is at most the width of a row of text.
#[allow(clippy::arithmetic_side_effects)]
pub fn tensor_text<'t, E, L>(t: &'t Tensor<E, L>) -> Result<String>
where
    E: Engine,
    E::Value<'t>: Display,
    L: ViewLayout + Display,
{
    let sizes = mode_sizes(&t.layout.to_dynamic_layout(), "print_tensor", 1, 4)?;
    let cells: Vec<String> = t.iter().map(|v| v.to_string()).collect();
    let width = cells.iter().map(String::len).max().unwrap_or(1);
    let (m, n) = (sizes[0], sizes.get(1).copied().unwrap_or(1));
    let pages = sizes.iter().skip(2).product::<usize>();
    let mut out = String::new();
    let _ = writeln!(out, "{}:", t);
    for p in 0..pages {
        if p > 0 {
            let _ = writeln!(out, "{}", "-".repeat((width + 2) * n));
        }
        for i in 0..m {
            for j in 0..n {
                let _ = write!(out, "  {:>w$}", cells[i + m * j + m * n * p], w = width);
            }
            out.push('\n');
        }
    }
    Ok(out)
}

/// Print [`tensor_text`] to standard output (CuTe's `print_tensor`).
///
/// ```
/// let t = cute::tensor::make_tensor(cute::tensor::Counting(4), cute::layout!(4:1)).unwrap();
/// cute::tensor::print_tensor(&t).unwrap();
/// ```
#[cfg(feature = "std")]
pub fn print_tensor<'t, E, L>(t: &'t Tensor<E, L>) -> Result<()>
where
    E: Engine,
    E::Value<'t>: Display,
    L: ViewLayout + Display,
{
    std::print!("{}", tensor_text(t)?);
    Ok(())
}
