//! Tilers: the right-hand side of composition, divides and products. A tiler is a layout, an
//! integer `n` (the layout `n:1`, kept distinct because CuTe treats `Int<N>` and `N:1`
//! differently for `N == 1`), the slice marker `_`, or a tuple of tilers applied mode by mode.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::error::{bail, Error, Result};
use super::int_tuple::HTuple;
use super::layout::Layout;
use super::notation::{Term, TermKind};

/// A layout of the dynamic engine that a tiler applies to: integer strides ([`Layout`]) or
/// scaled-basis ones ([`BasisLayout`](super::BasisLayout)). The tiler's walks are written once
/// over it.
pub(crate) trait Tiled: Sized + Clone + fmt::Display {
    /// The number of top-level modes; a leaf layout is its one mode, as CuTe treats an
    /// integral layout under a one-entry tiler.
    fn top_rank(&self) -> usize;
    /// Top-level mode `i`, for `i` below the rank.
    fn top_mode(&self, i: usize) -> Result<Self>;
    /// The layout whose top-level modes are `modes`, the first error if one is.
    fn of_modes(modes: impl Iterator<Item = Result<Self>>) -> Result<Self>;
    /// `A o B` for an integer layout B.
    fn compose(&self, b: &Layout) -> Result<Self>;
}

/// `op` on each mode of `a` with its entry of the tuple tiler `ts` (CuTe's `transform_layout`);
/// the modes past the tiler are kept where `keep_rest` (the divides and products) and dropped
/// otherwise (composition). A tiler of more modes than `a` is CuTe's "Too many modes in tiler".
pub(crate) fn by_mode<L: Tiled>(
    a: &L,
    tiler: &Tiler,
    ts: &[Tiler],
    name: &str,
    keep_rest: bool,
    op: impl Fn(&L, &Tiler) -> Result<L>,
) -> Result<L> {
    let rank = tiled_rank(a, tiler, ts, name)?;
    let kept = if keep_rest { rank } else { ts.len() };
    L::of_modes((0..kept).map(|k| match ts.get(k) {
        Some(t) => op(&a.top_mode(k)?, t),
        None => a.top_mode(k),
    }))
}

/// The rank of `a`, which the tuple tiler `ts` (`tiler`) of the operation `name` must not exceed
/// (CuTe's "Too many modes in tiler").
pub(crate) fn tiled_rank<L: Tiled>(a: &L, tiler: &Tiler, ts: &[Tiler], name: &str) -> Result<usize> {
    let rank = a.top_rank();
    if ts.len() > rank {
        bail!(TooManyModes, "{}({}, {}): the tiler has {} modes, the layout {}", name, a, tiler, ts.len(), rank);
    }
    Ok(rank)
}

/// Composition with a tiler (CuTe's `composition(A, tiler)`): a layout composes as `A o B`; an
/// integer `n` keeps the first `n` elements (`A o n:1`); `_` keeps A; a tuple composes mode by
/// mode and drops the modes of A it does not cover.
pub(crate) fn compose_tiler<L: Tiled>(a: &L, tiler: &Tiler) -> Result<L> {
    match tiler {
        Tiler::Layout(b) => a.compose(b),
        Tiler::Int(n) if *n < 1 => bail!(InvalidArgument, "composition({}, {}): a tile size must be positive", a, n),
        // `n:1`, not `make_layout(n)`, whose stride is 0 for `n == 1`.
        Tiler::Int(n) => a.compose(&Layout::new(HTuple::Leaf(*n), HTuple::Leaf(1))?),
        Tiler::Underscore => Ok(a.clone()),
        Tiler::Tuple(ts) => by_mode(a, tiler, ts, "composition", false, compose_tiler),
    }
}

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
// A tiler's layout is held in place, as a layout holds its leaves, so that a tiler costs no
// allocation.
#[allow(clippy::large_enum_variant)]
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
