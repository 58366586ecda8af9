//! Text printing as CuTe's `print_tensor`: the elements of a tensor of rank 1 to 4 (the table
//! of a layout's offsets, `print_layout`, is in [`picture`](crate::picture)).

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
