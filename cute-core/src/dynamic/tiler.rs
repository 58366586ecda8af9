//! Tilers: the right-hand side of composition, divides and products. A tiler is a layout, an
//! integer `n` (the layout `n:1`, kept distinct because CuTe treats `Int<N>` and `N:1`
//! differently for `N == 1`), the slice marker `_`, or a tuple of tilers applied mode by mode.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::error::{Error, Result};
use super::layout::Layout;
use super::notation::{Term, TermKind};

/// A tiler, written `<4:1,(8,2):(2,1)>`, `(4,8)`, `6:12` or `6`.
///
/// ```
/// use cute::dynamic::Tiler;
/// let t: Tiler = "<4:1,8>".parse().unwrap();
/// assert_eq!(t.to_string(), "<4:1,8>");
/// let s: Tiler = "(4,8)".parse().unwrap();
/// assert_eq!(s.to_string(), "<4,8>");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tiler {
    /// A layout.
    Layout(Layout),
    /// An integer `n`, meaning `n:1` (CuTe's `Int<N>`).
    Int(i64),
    /// `_`: leave the mode alone.
    Underscore,
    /// One tiler per mode.
    Tuple(Vec<Tiler>),
}

impl Tiler {
    /// Number of modes a tuple tiler applies to; 1 otherwise.
    ///
    /// ```
    /// use cute::dynamic::Tiler;
    /// assert_eq!("<4:1,8>".parse::<Tiler>().unwrap().rank(), 2);
    /// ```
    pub fn rank(&self) -> usize {
        match self {
            Tiler::Tuple(v) => v.len(),
            _ => 1,
        }
    }
}

impl From<Layout> for Tiler {
    fn from(l: Layout) -> Self {
        Tiler::Layout(l)
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => l.fmt(f),
            Tiler::Int(n) => n.fmt(f),
            Tiler::Underscore => f.write_str("_"),
            Tiler::Tuple(v) => {
                f.write_str("<")?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    t.fmt(f)?;
                }
                f.write_str(">")
            }
        }
    }
}

impl Term {
    /// This term as a tiler: a layout, an integer, `_`, a shape tuple or a `<...>` tiler.
    ///
    /// ```
    /// use cute::dynamic::{Term, Tiler};
    /// let t = Term::parse("<2:1,_,(2,2)>").unwrap().to_tiler().unwrap();
    /// assert_eq!(t.to_string(), "<2:1,_,<2,2>>");
    /// ```
    pub fn to_tiler(&self) -> Result<Tiler> {
        Ok(match &self.kind {
            TermKind::Layout(..) => Tiler::Layout(self.to_layout()?),
            TermKind::Int(n) => {
                if *n <= 0 {
                    return Err(self.expected("a positive tile size"));
                }
                Tiler::Int(*n)
            }
            TermKind::Underscore => Tiler::Underscore,
            TermKind::Tuple(v) | TermKind::Tiler(v) => {
                Tiler::Tuple(v.iter().map(Term::to_tiler).collect::<Result<_>>()?)
            }
        })
    }
}

impl FromStr for Tiler {
    type Err = Error;
    fn from_str(s: &str) -> Result<Tiler> {
        Term::parse(s)?.to_tiler()
    }
}
