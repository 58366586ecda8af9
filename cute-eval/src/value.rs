//! The values of the call language: what an argument is and what a call returns.
//!
//! ```
//! use cute_eval::value::{Value, ValueKind};
//! assert_eq!("(4,8):(1,4)".parse::<Value>().unwrap().kind(), ValueKind::Layout);
//! ```

use std::fmt;
use std::str::FromStr;

use cute_core::dynamic::{
    BasisLayout, BasisStride, ComposedLayout, Coord, CopyAtom, Error, ErrorKind, F2Layout, HTuple, IntTuple, Layout,
    Lexer, MmaAtom, Result, Term, TermKind, TiledCopy, TiledMma, Tiler,
};
use cute_core::swizzle::Swizzle;

/// A value of the call language: an argument or a result.
///
/// It prints in CuTe notation, and parses from it (a tuple holding `_` is a [`Value::Coord`],
/// a tuple holding a layout is a [`Value::Tiler`]).
///
/// ```
/// use cute_eval::{Value, ValueKind};
/// let v: Value = "(4,8):(1,4)".parse().unwrap();
/// assert_eq!((v.kind(), v.to_string()), (ValueKind::Layout, "(4,8):(1,4)".to_string()));
/// assert_eq!("(_,1)".parse::<Value>().unwrap().kind(), ValueKind::Coord);
/// assert_eq!(Value::from(22).to_string(), "22");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Value {
    /// An integer: a size, an index, an offset.
    Int(i64),
    /// An int tuple: a shape, a stride, a coordinate, e.g. `(3,(2,4))`.
    Tuple(IntTuple),
    /// A layout `shape:stride`.
    Layout(Layout),
    /// A tiler, e.g. `<4:1,8>`.
    Tiler(Tiler),
    /// A coordinate holding `_`, e.g. `(_,1)` (a slice, or a coalesce profile).
    Coord(Coord),
    /// A truth value (`compatible`, `congruent`, ...), printed `true` or `false`.
    Bool(bool),
    /// A sub-layout at an offset, printed `OFFSET o LAYOUT` (the partitioning functions: the
    /// elements at `OFFSET + LAYOUT(c)`, CuTe's `slice_and_offset`).
    Sliced(i64, Layout),
    /// A tiler and a thread-value layout, printed `(TILER, TV)` (`make_layout_tv`).
    TilerTv(IntTuple, Layout),
    /// A swizzle functor, written and printed `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// A swizzled layout, written and printed `Sw<B,M,S> o OFFSET o LAYOUT` (CuTe's
    /// `ComposedLayout`).
    Composed(ComposedLayout),
    /// Seed 001's basis descriptor, normalized: a tree of strides `N@d`, e.g. `(1@0, 8@1)`.
    Descriptor(BasisStride),
    /// A layout with basis strides, e.g. `(4,8):(1@0,1@1)`: coordinates to coordinates.
    Basis(BasisLayout),
    /// A layout with F2 strides, e.g. `(4,4):(f1,f5)`: XOR of carry-less products.
    F2(F2Layout),
    /// An MMA instruction's atom, written and printed by CuTe's name
    /// (`SM80_16x8x16_F32F16F16F32_TN`, see `cute::atom::mma_atom_names`).
    MmaAtom(Box<MmaAtom>),
    /// A copy instruction's atom, written and printed by CuTe's name (`SM75_U32x4_LDSM_N`,
    /// `UniversalCopy<uint128_t>`, see `cute::atom::copy_atom_names`).
    CopyAtom(Box<CopyAtom>),
    /// MMA atoms tiled over threads, printed as the `make_tiled_mma(ATOM, LAYOUT, PERMUTATION)`
    /// call that makes it (CuTe's `TiledMMA`).
    TiledMma(Box<TiledMma>),
    /// Copy atoms tiled over threads, printed as
    /// `make_tiled_copy(Copy_Atom<ATOM, BITS-bit>, TV, TILE)` (CuTe's `TiledCopy`).
    TiledCopy(Box<TiledCopy>),
}

/// The kind of a [`Value`]; as the kind of a parameter, the values it accepts.
///
/// ```
/// use cute_eval::{Value, ValueKind};
/// assert_eq!(Value::from(3).kind().name(), "int");
/// assert_eq!(ValueKind::Tuple.description(), "an integer or a tuple of integers");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValueKind {
    /// An integer.
    Int,
    /// An int tuple; as a parameter, an integer is accepted too.
    Tuple,
    /// A coordinate of integers and `_`; as a parameter, an integer or int tuple is accepted too.
    Coord,
    /// A layout; as a parameter, an integer `n` is accepted as `n:1`.
    Layout,
    /// A tiler; as a parameter, a layout, a tuple (with `_` entries) or a positive integer is
    /// accepted too.
    Tiler,
    /// A truth value.
    Bool,
    /// `OFFSET o LAYOUT`, a result only.
    Sliced,
    /// `(TILER, TV)`, a result only.
    TilerTv,
    /// A swizzle `Sw<B,M,S>`.
    Swizzle,
    /// A swizzled layout `Sw<B,M,S> o OFFSET o LAYOUT`.
    Composed,
    /// A basis descriptor `(1@0, 8@1)`.
    Descriptor,
    /// A layout with basis strides `(4,8):(1@0,1@1)`.
    Basis,
    /// A layout with F2 strides `(4,4):(f1,f5)`.
    F2,
    /// An MMA atom by CuTe's name.
    MmaAtom,
    /// A copy atom by CuTe's name.
    CopyAtom,
    /// An MMA or a copy atom (a parameter only).
    Atom,
    /// A tiled MMA, `make_tiled_mma(...)`.
    TiledMma,
    /// An MMA atom or a tiled MMA (a parameter only).
    Mma,
    /// A tiled copy, `make_tiled_copy(...)`.
    TiledCopy,
    /// A copy atom or a tiled copy (a parameter only).
    Copy,
}

impl ValueKind {
    /// The short name used in signatures: `int`, `tuple`, `coord`, `layout`, `tiler`, `bool`.
    ///
    /// ```
    /// use cute_eval::ValueKind;
    /// assert_eq!(ValueKind::Tiler.name(), "tiler");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ValueKind::Int => "int",
            ValueKind::Tuple => "tuple",
            ValueKind::Coord => "coord",
            ValueKind::Layout => "layout",
            ValueKind::Tiler => "tiler",
            ValueKind::Bool => "bool",
            ValueKind::Sliced => "sliced",
            ValueKind::TilerTv => "tiler_tv",
            ValueKind::Swizzle => "swizzle",
            ValueKind::Composed => "composed",
            ValueKind::Descriptor => "descriptor",
            ValueKind::Basis => "basis",
            ValueKind::F2 => "f2",
            ValueKind::MmaAtom => "mma_atom",
            ValueKind::CopyAtom => "copy_atom",
            ValueKind::Atom => "atom",
            ValueKind::TiledMma => "tiled_mma",
            ValueKind::Mma => "mma",
            ValueKind::TiledCopy => "tiled_copy",
            ValueKind::Copy => "copy",
        }
    }

    /// What a parameter of this kind accepts, as used in error messages and help.
    ///
    /// ```
    /// use cute_eval::ValueKind;
    /// assert_eq!(ValueKind::Int.description(), "an integer");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            ValueKind::Int => "an integer",
            ValueKind::Tuple => "an integer or a tuple of integers",
            ValueKind::Coord => "a coordinate of integers and '_'",
            ValueKind::Layout => "a layout shape:stride, or an integer n meaning n:1",
            ValueKind::Tiler => "a tiler: a layout, <...>, a tuple or a positive integer",
            ValueKind::Bool => "true or false",
            ValueKind::Sliced => "OFFSET o LAYOUT: a sub-layout at an offset (a result only)",
            ValueKind::TilerTv => "(TILER, TV): a tiler and a thread-value layout (a result only)",
            ValueKind::Swizzle => "a swizzle Sw<B,M,S>: xor of the bits [M+max(0,S), +B) into [M-min(0,S), +B)",
            ValueKind::Composed => "a swizzled layout Sw<B,M,S> o OFFSET o LAYOUT: Sw(OFFSET + LAYOUT(c))",
            ValueKind::Descriptor => "a basis descriptor (1@0, 8@1): strides N@d, N times the basis element e_d",
            ValueKind::Basis => "a layout with basis strides (4,8):(1@0,1@1): coordinates to coordinates",
            ValueKind::F2 => "a layout with F2 strides (4,4):(f1,f5): strides XOR-ed, scaled carry-less",
            ValueKind::MmaAtom => "an MMA atom by CuTe's name: SM80_16x8x16_F32F16F16F32_TN, UniversalFMA, ...",
            ValueKind::CopyAtom => "a copy atom by CuTe's name: SM75_U32x4_LDSM_N, UniversalCopy<uint128_t>, ...",
            ValueKind::Atom => "an MMA atom or a copy atom",
            ValueKind::TiledMma => "MMA atoms tiled over threads: make_tiled_mma(ATOM, ATOM_LAYOUT, PERMUTATION)",
            ValueKind::Mma => "an MMA atom by CuTe's name (SM80_16x8x16_F32F16F16F32_TN) or make_tiled_mma(...)",
            ValueKind::TiledCopy => {
                "copy atoms tiled over threads: make_tiled_copy(ATOM, BITS, THR, VAL), make_tiled_copy_a(...)"
            }
            ValueKind::Copy => "a copy atom by CuTe's name (SM75_U32x4_LDSM_N) or make_tiled_copy(...)",
        }
    }

    /// All kinds, in the order of the help's legend.
    ///
    /// ```
    /// use cute_eval::ValueKind;
    /// assert_eq!(ValueKind::ALL.len(), 20);
    /// ```
    pub const ALL: [ValueKind; 20] = [
        ValueKind::Int,
        ValueKind::Tuple,
        ValueKind::Coord,
        ValueKind::Layout,
        ValueKind::Tiler,
        ValueKind::Bool,
        ValueKind::Swizzle,
        ValueKind::Composed,
        ValueKind::Descriptor,
        ValueKind::Basis,
        ValueKind::F2,
        ValueKind::MmaAtom,
        ValueKind::CopyAtom,
        ValueKind::Atom,
        ValueKind::TiledMma,
        ValueKind::Mma,
        ValueKind::TiledCopy,
        ValueKind::Copy,
        ValueKind::Sliced,
        ValueKind::TilerTv,
    ];
}

impl fmt::Display for ValueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Value {
    /// The kind of this value.
    ///
    /// ```
    /// use cute_eval::{Value, ValueKind};
    /// assert_eq!("<4:1,8>".parse::<Value>().unwrap().kind(), ValueKind::Tiler);
    /// ```
    pub fn kind(&self) -> ValueKind {
        match self {
            Value::Int(_) => ValueKind::Int,
            Value::Tuple(_) => ValueKind::Tuple,
            Value::Layout(_) => ValueKind::Layout,
            Value::Tiler(_) => ValueKind::Tiler,
            Value::Coord(_) => ValueKind::Coord,
            Value::Bool(_) => ValueKind::Bool,
            Value::Sliced(..) => ValueKind::Sliced,
            Value::TilerTv(..) => ValueKind::TilerTv,
            Value::Swizzle(_) => ValueKind::Swizzle,
            Value::Composed(_) => ValueKind::Composed,
            Value::Descriptor(_) => ValueKind::Descriptor,
            Value::Basis(_) => ValueKind::Basis,
            Value::F2(_) => ValueKind::F2,
            Value::MmaAtom(_) => ValueKind::MmaAtom,
            Value::CopyAtom(_) => ValueKind::CopyAtom,
            Value::TiledMma(_) => ValueKind::TiledMma,
            Value::TiledCopy(_) => ValueKind::TiledCopy,
        }
    }

    /// The value of a parsed piece of notation; a tuple becomes an int tuple, else a coordinate
    /// if it holds `_`, else a tiler.
    ///
    /// ```
    /// use cute_core::dynamic::Term;
    /// use cute_eval::Value;
    /// let v = Value::from_term(&Term::parse("(4:1,_)").unwrap()).unwrap();
    /// assert_eq!(v.to_string(), "<4:1,_>");
    /// ```
    pub fn from_term(term: &Term) -> Result<Value> {
        match &term.kind {
            TermKind::Int(n) => Ok(Value::Int(*n)),
            TermKind::Underscore => Ok(Value::Coord(HTuple::Leaf(None))),
            TermKind::Layout(..) => term.to_layout().map(Value::Layout),
            TermKind::Tiler(_) => term.to_tiler().map(Value::Tiler),
            TermKind::Tuple(_) => {
                if let Ok(t) = term.to_int_tuple() {
                    Ok(Value::Tuple(t))
                } else if let Ok(c) = term.to_coord() {
                    Ok(Value::Coord(c))
                } else {
                    term.to_tiler().map(Value::Tiler)
                }
            }
        }
    }

    /// `the layout 4:1`, for error messages.
    pub(crate) fn describe(&self) -> String {
        let what = match self {
            Value::Int(_) => "integer",
            Value::Tuple(_) => "tuple",
            Value::Layout(_) => "layout",
            Value::Tiler(_) => "tiler",
            Value::Coord(_) => "coordinate",
            Value::Bool(_) => "boolean",
            Value::Sliced(..) => "sliced layout",
            Value::TilerTv(..) => "tiler and TV layout",
            Value::Swizzle(_) => "swizzle",
            Value::Composed(_) => "swizzled layout",
            Value::Descriptor(_) => "descriptor",
            Value::Basis(_) => "layout with basis strides",
            Value::F2(_) => "layout with F2 strides",
            Value::MmaAtom(_) => "MMA atom",
            Value::CopyAtom(_) => "copy atom",
            Value::TiledMma(_) => "tiled MMA",
            Value::TiledCopy(_) => "tiled copy",
        };
        format!("the {} {}", what, self)
    }

    /// This value as a value of `kind`, converting where the meaning is natural.
    pub(crate) fn convert(&self, kind: ValueKind) -> Result<Value> {
        let v = match (kind, self) {
            (ValueKind::Int, Value::Int(_))
            | (ValueKind::Tuple, Value::Tuple(_))
            | (ValueKind::Coord, Value::Coord(_))
            | (ValueKind::Layout, Value::Layout(_))
            | (ValueKind::Tiler, Value::Tiler(_))
            | (ValueKind::Bool, Value::Bool(_))
            | (ValueKind::Sliced, Value::Sliced(..))
            | (ValueKind::TilerTv, Value::TilerTv(..))
            | (ValueKind::Swizzle, Value::Swizzle(_))
            | (ValueKind::Composed, Value::Composed(_))
            | (ValueKind::Descriptor, Value::Descriptor(_))
            | (ValueKind::Basis, Value::Basis(_))
            | (ValueKind::F2, Value::F2(_))
            | (ValueKind::MmaAtom | ValueKind::Atom | ValueKind::Mma, Value::MmaAtom(_))
            | (ValueKind::TiledMma | ValueKind::Mma, Value::TiledMma(_))
            | (ValueKind::CopyAtom | ValueKind::Atom | ValueKind::Copy, Value::CopyAtom(_))
            | (ValueKind::TiledCopy | ValueKind::Copy, Value::TiledCopy(_)) => self.clone(),
            (ValueKind::Tuple, Value::Int(n)) => Value::Tuple(HTuple::Leaf(*n)),
            (ValueKind::Coord, Value::Int(n)) => Value::Coord(HTuple::Leaf(Some(*n))),
            (ValueKind::Coord, Value::Tuple(t)) => Value::Coord(t.map(|&x| Some(x))),
            (ValueKind::Layout, Value::Int(n)) => Value::Layout(Layout::new(HTuple::Leaf(*n), HTuple::Leaf(1))?),
            (ValueKind::Layout, Value::Tiler(Tiler::Layout(l))) => Value::Layout(l.clone()),
            (ValueKind::Tiler, Value::Layout(l)) => Value::Tiler(Tiler::Layout(l.clone())),
            (ValueKind::Tiler, Value::Int(n)) => Value::Tiler(int_tiler(*n)?),
            (ValueKind::Tiler, Value::Tuple(t)) => Value::Tiler(coord_tiler(&t.map(|&x| Some(x)))?),
            (ValueKind::Tiler, Value::Coord(c)) => Value::Tiler(coord_tiler(c)?),
            // `()` and `(())` read as tuples; as descriptors they are the empty groups.
            (ValueKind::Descriptor, Value::Tuple(t)) if t.leaf_count() == 0 => {
                Value::Descriptor(BasisStride(empty_groups(t)))
            }
            _ => {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    format!("expected {}, found {}", kind.description(), self.describe()),
                ))
            }
        };
        Ok(v)
    }
}

/// The descriptor of a tuple of empty tuples, group for group.
fn empty_groups(t: &IntTuple) -> HTuple<cute_core::dynamic::ScaledBasis> {
    match t {
        HTuple::Tuple(v) => HTuple::Tuple(v.iter().map(empty_groups).collect()),
        // Not reached: the tuple holds no leaves.
        HTuple::Leaf(_) => HTuple::Tuple(Vec::new()),
    }
}

fn int_tiler(n: i64) -> Result<Tiler> {
    if n <= 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, format!("tile size {} is not positive", n)));
    }
    Ok(Tiler::Int(n))
}

fn coord_tiler(c: &Coord) -> Result<Tiler> {
    match c {
        HTuple::Leaf(None) => Ok(Tiler::Underscore),
        HTuple::Leaf(Some(n)) => int_tiler(*n),
        HTuple::Tuple(v) => Ok(Tiler::Tuple(v.iter().map(coord_tiler).collect::<Result<_>>()?)),
    }
}

fn fmt_coord(c: &Coord, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match c {
        HTuple::Leaf(None) => f.write_str("_"),
        HTuple::Leaf(Some(n)) => write!(f, "{}", n),
        HTuple::Tuple(v) => {
            f.write_str("(")?;
            for (i, m) in v.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                fmt_coord(m, f)?;
            }
            f.write_str(")")
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{}", n),
            Value::Tuple(t) => t.fmt(f),
            Value::Layout(l) => l.fmt(f),
            Value::Tiler(t) => t.fmt(f),
            Value::Coord(c) => fmt_coord(c, f),
            Value::Bool(b) => write!(f, "{}", b),
            Value::Sliced(offset, l) => write!(f, "{} o {}", offset, l),
            Value::TilerTv(tiler, tv) => write!(f, "({}, {})", tiler, tv),
            Value::Swizzle(sw) => sw.fmt(f),
            Value::Composed(c) => c.fmt(f),
            Value::Descriptor(d) => d.fmt(f),
            Value::Basis(l) => l.fmt(f),
            Value::F2(l) => l.fmt(f),
            Value::MmaAtom(atom) => f.write_str(&atom.name),
            Value::CopyAtom(atom) => f.write_str(&atom.name),
            Value::TiledMma(mma) => mma.fmt(f),
            Value::TiledCopy(copy) => copy.fmt(f),
        }
    }
}

/// CuTe notation, a swizzle `Sw<B,M,S>`, a swizzled layout `Sw<B,M,S> o OFFSET o LAYOUT`, a
/// basis descriptor `(1@0, 8@1)`, or an MMA atom by CuTe's name.
impl FromStr for Value {
    type Err = Error;
    fn from_str(s: &str) -> Result<Value> {
        let mut lex = Lexer::new(s);
        let v = crate::parser::parse_value(&mut lex)?;
        lex.finish()?;
        Ok(v)
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::Int(v)
    }
}

impl From<IntTuple> for Value {
    fn from(v: IntTuple) -> Self {
        Value::Tuple(v)
    }
}

impl From<Layout> for Value {
    fn from(v: Layout) -> Self {
        Value::Layout(v)
    }
}

impl From<Tiler> for Value {
    fn from(v: Tiler) -> Self {
        Value::Tiler(v)
    }
}

impl From<Coord> for Value {
    fn from(v: Coord) -> Self {
        Value::Coord(v)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}
