//! The call language of `cute eval`: `name(arg, ...)`, where each argument is CuTe notation
//! (`4:1`, `(4,8):(1,4)`, `(3,(2,4))`, `<4:1,8>`, `(_,1)`, `24`) or a nested call.
//!
//! One table, [`functions`], describes every function (name, parameters, result, summary); it
//! drives both the dispatch of [`call`] and the help of the `cute` command. [`eval`] parses a
//! whole expression, reporting malformed text with its byte offset, then evaluates it.
//!
//! ```
//! use cute_core::dynamic::eval;
//! assert_eq!(eval("composition((4,6,8,10):(2,3,5,7), 6:12)").unwrap().to_string(), "(2,3):(9,5)");
//! assert_eq!(eval("size(logical_divide((8,16):(20,1), <4:1,8:2>))").unwrap().to_string(), "128");
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::error::{Error, ErrorKind, Result};
use super::int_tuple::{HTuple, IntTuple};
use super::layout::{Coord, Layout};
use super::notation::{Term, TermKind};
use super::tiler::Tiler;
use super::{
    blocked_product, ceil_div, coalesce, coalesce_profile, coalesce_z, compatible, complement, complement_default,
    composition, composition_tiler, crd2crd, crd2idx, downcast, filter, filter_zeros, flat_divide, flat_product,
    greatest_common_domain, idx2crd, layout_add, left_inverse, logical_divide, logical_product, make_layout_like,
    make_ordered_layout, max_common_layout, max_common_vector, nullspace, raked_product, recast, right_inverse,
    shape_div, swizzle, tile_to_shape, tiled_divide, tiled_product, upcast, zipped_divide, zipped_product,
};

/// Calls nested deeper than this are rejected (the parser is recursive).
const MAX_NESTING: usize = 64;

/// A value of the call language: an argument or a result.
///
/// It prints in CuTe notation, and parses from it (a tuple holding `_` is a [`Value::Coord`],
/// a tuple holding a layout is a [`Value::Tiler`]).
///
/// ```
/// use cute_core::dynamic::{Value, ValueKind};
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
}

/// The kind of a [`Value`]; as the kind of a parameter, the values it accepts.
///
/// ```
/// use cute_core::dynamic::{Value, ValueKind};
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
}

impl ValueKind {
    /// The short name used in signatures: `int`, `tuple`, `coord`, `layout`, `tiler`, `bool`.
    ///
    /// ```
    /// use cute_core::dynamic::ValueKind;
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
        }
    }

    /// What a parameter of this kind accepts, as used in error messages and help.
    ///
    /// ```
    /// use cute_core::dynamic::ValueKind;
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
        }
    }

    /// All kinds, in the order of the help's legend.
    ///
    /// ```
    /// use cute_core::dynamic::ValueKind;
    /// assert_eq!(ValueKind::ALL.len(), 6);
    /// ```
    pub const ALL: [ValueKind; 6] =
        [ValueKind::Int, ValueKind::Tuple, ValueKind::Coord, ValueKind::Layout, ValueKind::Tiler, ValueKind::Bool];
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
    /// use cute_core::dynamic::{Value, ValueKind};
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
        }
    }

    /// The value of a parsed piece of notation; a tuple becomes an int tuple, else a coordinate
    /// if it holds `_`, else a tiler.
    ///
    /// ```
    /// use cute_core::dynamic::{Term, Value};
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
    fn describe(&self) -> String {
        let what = match self {
            Value::Int(_) => "integer",
            Value::Tuple(_) => "tuple",
            Value::Layout(_) => "layout",
            Value::Tiler(_) => "tiler",
            Value::Coord(_) => "coordinate",
            Value::Bool(_) => "boolean",
        };
        format!("the {} {}", what, self)
    }

    /// This value as a value of `kind`, converting where the meaning is natural.
    fn convert(&self, kind: ValueKind) -> Result<Value> {
        let v = match (kind, self) {
            (ValueKind::Int, Value::Int(_))
            | (ValueKind::Tuple, Value::Tuple(_))
            | (ValueKind::Coord, Value::Coord(_))
            | (ValueKind::Layout, Value::Layout(_))
            | (ValueKind::Tiler, Value::Tiler(_))
            | (ValueKind::Bool, Value::Bool(_)) => self.clone(),
            (ValueKind::Tuple, Value::Int(n)) => Value::Tuple(HTuple::Leaf(*n)),
            (ValueKind::Coord, Value::Int(n)) => Value::Coord(HTuple::Leaf(Some(*n))),
            (ValueKind::Coord, Value::Tuple(t)) => Value::Coord(t.map(|&x| Some(x))),
            (ValueKind::Layout, Value::Int(n)) => Value::Layout(Layout::new(HTuple::Leaf(*n), HTuple::Leaf(1))?),
            (ValueKind::Layout, Value::Tiler(Tiler::Layout(l))) => Value::Layout(l.clone()),
            (ValueKind::Tiler, Value::Layout(l)) => Value::Tiler(Tiler::Layout(l.clone())),
            (ValueKind::Tiler, Value::Int(n)) => Value::Tiler(int_tiler(*n)?),
            (ValueKind::Tiler, Value::Tuple(t)) => Value::Tiler(coord_tiler(&t.map(|&x| Some(x)))?),
            (ValueKind::Tiler, Value::Coord(c)) => Value::Tiler(coord_tiler(c)?),
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
        }
    }
}

impl FromStr for Value {
    type Err = Error;
    fn from_str(s: &str) -> Result<Value> {
        Value::from_term(&Term::parse(s)?)
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

/// A parameter of a function of the table.
///
/// ```
/// use cute_core::dynamic::{FunctionInfo, ValueKind};
/// let p = FunctionInfo::find("complement").unwrap().params[1];
/// assert_eq!((p.name, p.kind, p.optional), ("M", ValueKind::Tuple, true));
/// assert_eq!(p.to_string(), "M: tuple");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    /// The name used in signatures and error messages (`A`, `B`, `L`, `shape`, ...).
    pub name: &'static str,
    /// The kind of value it takes (see [`ValueKind`] for the conversions).
    pub kind: ValueKind,
    /// Whether it may be left out; optional parameters come last.
    pub optional: bool,
}

impl Param {
    const fn req(name: &'static str, kind: ValueKind) -> Param {
        Param { name, kind, optional: false }
    }

    const fn opt(name: &'static str, kind: ValueKind) -> Param {
        Param { name, kind, optional: true }
    }
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.kind)
    }
}

/// One function of the call language: its name, parameters, result and a one-line summary.
/// It prints as its signature.
///
/// ```
/// use cute_core::dynamic::{FunctionInfo, Value};
/// let f = FunctionInfo::find("complement").unwrap();
/// assert_eq!(f.to_string(), "complement(A: layout[, M: tuple]) -> layout");
/// let r = f.call(&["4:2".parse().unwrap(), Value::Int(24)]).unwrap();
/// assert_eq!(r.to_string(), "(2,3):(1,8)");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FunctionInfo {
    /// The name, as in CuTe.
    pub name: &'static str,
    /// The parameters, in call order.
    pub params: &'static [Param],
    /// The kind of the result.
    pub returns: ValueKind,
    /// What the function computes, in one line.
    pub summary: &'static str,
    run: fn(&Args<'_>) -> Result<Value>,
}

impl FunctionInfo {
    /// The function named `name`, if any.
    ///
    /// ```
    /// use cute_core::dynamic::FunctionInfo;
    /// assert_eq!(FunctionInfo::find("logical_divide").unwrap().params.len(), 2);
    /// assert!(FunctionInfo::find("nope").is_none());
    /// ```
    pub fn find(name: &str) -> Option<&'static FunctionInfo> {
        FUNCTIONS.iter().find(|f| f.name == name)
    }

    /// The number of required parameters.
    ///
    /// ```
    /// use cute_core::dynamic::FunctionInfo;
    /// assert_eq!(FunctionInfo::find("coalesce").unwrap().min_args(), 1);
    /// ```
    pub fn min_args(&self) -> usize {
        self.params.iter().filter(|p| !p.optional).count()
    }

    /// Apply the function: check the number of arguments, convert each to its parameter's kind
    /// (see [`ValueKind`]), and compute.
    ///
    /// ```
    /// use cute_core::dynamic::{FunctionInfo, Value};
    /// let f = FunctionInfo::find("eval").unwrap();
    /// assert_eq!(f.call(&["(4,8):(1,4)".parse().unwrap(), Value::Int(22)]).unwrap(), Value::Int(22));
    /// let e = f.call(&[Value::Int(3)]).unwrap_err();
    /// assert_eq!(e.message(), "eval takes 2 arguments, got 1: eval(L: layout, i: tuple) -> int");
    /// ```
    pub fn call(&self, args: &[Value]) -> Result<Value> {
        let (min, max) = (self.min_args(), self.params.len());
        if args.len() < min || args.len() > max {
            let count = match (min, max) {
                (1, 1) => String::from("1 argument"),
                (a, b) if a == b => format!("{} arguments", a),
                (a, b) if a + 1 == b => format!("{} or {} arguments", a, b),
                (a, b) => format!("{} to {} arguments", a, b),
            };
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("{} takes {}, got {}: {}", self.name, count, args.len(), self),
            ));
        }
        let mut values = Vec::with_capacity(args.len());
        for (i, (v, p)) in args.iter().zip(self.params).enumerate() {
            let converted = v.convert(p.kind).map_err(|e| {
                Error::new(e.kind(), format!("{}: argument {} ({}): {}", self.name, i + 1, p.name, e.message()))
            })?;
            values.push(converted);
        }
        (self.run)(&Args { f: self, values })
    }
}

impl fmt::Display for FunctionInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.name)?;
        for (i, p) in self.params.iter().enumerate() {
            match (i, p.optional) {
                (0, false) => write!(f, "{}", p)?,
                (0, true) => write!(f, "[{}]", p)?,
                (_, false) => write!(f, ", {}", p)?,
                (_, true) => write!(f, "[, {}]", p)?,
            }
        }
        write!(f, ") -> {}", self.returns)
    }
}

/// The converted arguments of a call; each has its parameter's kind.
struct Args<'a> {
    f: &'a FunctionInfo,
    values: Vec<Value>,
}

impl Args<'_> {
    fn has(&self, i: usize) -> bool {
        i < self.values.len()
    }

    fn mismatch(&self, i: usize) -> Error {
        Error::new(
            ErrorKind::InvalidArgument,
            format!("{}: argument {} is missing or of the wrong kind", self.f.name, i + 1),
        )
    }

    fn int(&self, i: usize) -> Result<i64> {
        match self.values.get(i) {
            Some(Value::Int(n)) => Ok(*n),
            _ => Err(self.mismatch(i)),
        }
    }

    /// An integer argument used as a mode index or count.
    fn index(&self, i: usize) -> Result<usize> {
        let n = self.int(i)?;
        usize::try_from(n).map_err(|_| {
            let name = self.f.params.get(i).map_or("?", |p| p.name);
            Error::new(
                ErrorKind::IndexOutOfRange,
                format!("{}: argument {} ({}): {} is negative", self.f.name, i + 1, name, n),
            )
        })
    }

    fn tuple(&self, i: usize) -> Result<&IntTuple> {
        match self.values.get(i) {
            Some(Value::Tuple(t)) => Ok(t),
            _ => Err(self.mismatch(i)),
        }
    }

    fn coord(&self, i: usize) -> Result<&Coord> {
        match self.values.get(i) {
            Some(Value::Coord(c)) => Ok(c),
            _ => Err(self.mismatch(i)),
        }
    }

    fn layout(&self, i: usize) -> Result<&Layout> {
        match self.values.get(i) {
            Some(Value::Layout(l)) => Ok(l),
            _ => Err(self.mismatch(i)),
        }
    }

    fn tiler(&self, i: usize) -> Result<&Tiler> {
        match self.values.get(i) {
            Some(Value::Tiler(t)) => Ok(t),
            _ => Err(self.mismatch(i)),
        }
    }
}

fn count(n: usize) -> Result<Value> {
    i64::try_from(n).map(Value::Int).map_err(|_| Error::new(ErrorKind::Overflow, format!("{} does not fit in i64", n)))
}

use ValueKind as K;

const L: &[Param] = &[Param::req("L", K::Layout)];
const A_B: &[Param] = &[Param::req("A", K::Layout), Param::req("B", K::Layout)];
const A_TILER: &[Param] = &[Param::req("A", K::Layout), Param::req("B", K::Tiler)];
const N_L: &[Param] = &[Param::req("N", K::Int), Param::req("L", K::Layout)];
const SHAPE: &[Param] = &[Param::req("shape", K::Tuple)];
const TUPLES: &[Param] = &[Param::req("a", K::Tuple), Param::req("b", K::Tuple)];
const L_I: &[Param] = &[Param::req("L", K::Layout), Param::req("i", K::Int)];
const L_X: &[Param] = &[Param::req("L", K::Layout), Param::req("x", K::Layout)];
const L_RANGE: &[Param] = &[Param::req("L", K::Layout), Param::req("begin", K::Int), Param::req("end", K::Int)];
const C_L: &[Param] = &[Param::req("c", K::Coord), Param::req("L", K::Layout)];

macro_rules! f {
    ($name:literal, $params:expr, $ret:ident, $summary:literal, $run:expr) => {
        FunctionInfo { name: $name, params: $params, returns: K::$ret, summary: $summary, run: $run }
    };
}

static FUNCTIONS: &[FunctionInfo] = &[
    // Properties.
    f!("size", L, Int, "number of coordinates: the product of the shape", |a| Ok(Value::Int(a.layout(0)?.size()?))),
    f!("cosize", L, Int, "size of the codomain: 1 + sum((s-1)*|d|) over the leaves", |a| Ok(Value::Int(
        a.layout(0)?.cosize()?
    ))),
    f!("coshape", L, Int, "CuTe's coshape for integer strides (equals cosize)", |a| {
        Ok(Value::Int(a.layout(0)?.coshape()?))
    }),
    f!("rank", L, Int, "number of top-level modes", |a| count(a.layout(0)?.rank())),
    f!("depth", L, Int, "nesting depth of the shape (0 for an integer shape)", |a| count(a.layout(0)?.depth())),
    f!("shape", L, Tuple, "the shape of L", |a| Ok(Value::Tuple(a.layout(0)?.shape().clone()))),
    f!("stride", L, Tuple, "the stride of L", |a| Ok(Value::Tuple(a.layout(0)?.stride().clone()))),
    f!(
        "eval",
        &[Param::req("L", K::Layout), Param::req("i", K::Tuple)],
        Int,
        "L(i): the offset of index or coordinate i",
        |a| { Ok(Value::Int(a.layout(0)?.call_coord(a.tuple(1)?)?)) }
    ),
    // Construction.
    f!(
        "make_layout",
        &[Param::req("shape", K::Tuple), Param::opt("stride", K::Tuple)],
        Layout,
        "shape:stride, or the compact column-major layout of shape",
        |a| {
            let shape = a.tuple(0)?.clone();
            Ok(Value::Layout(if a.has(1) {
                Layout::new(shape, a.tuple(1)?.clone())?
            } else {
                Layout::column_major(shape)?
            }))
        }
    ),
    f!("make_layout_right", SHAPE, Layout, "the compact row-major layout of shape", |a| {
        Ok(Value::Layout(Layout::row_major(a.tuple(0)?.clone())?))
    }),
    f!(
        "make_ordered_layout",
        &[Param::req("shape", K::Tuple), Param::req("order", K::Tuple)],
        Layout,
        "compact layout of shape whose modes get increasing strides in the given order",
        |a| Ok(Value::Layout(make_ordered_layout(a.tuple(0)?, a.tuple(1)?)?))
    ),
    f!("make_layout_like", L, Layout, "compact layout of L's shape, its modes ordered as L's strides", |a| {
        Ok(Value::Layout(make_layout_like(a.layout(0)?)?))
    }),
    // Modes.
    f!("flatten", L, Layout, "the same leaves at depth <= 1", |a| Ok(Value::Layout(a.layout(0)?.flatten()))),
    f!("mode", L_I, Layout, "mode i of L (CuTe's layout<i>(L))", |a| Ok(Value::Layout(
        a.layout(0)?.mode(a.index(1)?)?
    ))),
    f!(
        "select",
        &[Param::req("L", K::Layout), Param::req("modes", K::Tuple)],
        Layout,
        "the modes of L with the given indices, in that order",
        |a| {
            let modes = a.tuple(1)?;
            let mut indices = Vec::new();
            for m in modes.modes() {
                let Some(i) = m.as_int() else {
                    return Err(Error::new(
                        ErrorKind::InvalidArgument,
                        format!("select: argument 2 (modes): expected a flat tuple of mode indices, found {}", modes),
                    ));
                };
                indices.push(usize::try_from(i).map_err(|_| {
                    Error::new(ErrorKind::IndexOutOfRange, format!("select: argument 2 (modes): {} is negative", i))
                })?);
            }
            Ok(Value::Layout(a.layout(0)?.select(&indices)?))
        }
    ),
    f!("take", L_RANGE, Layout, "modes [begin, end) of L", |a| {
        Ok(Value::Layout(a.layout(0)?.take(a.index(1)?, a.index(2)?)?))
    }),
    f!("group", L_RANGE, Layout, "L with modes [begin, end) grouped into one mode", |a| {
        Ok(Value::Layout(a.layout(0)?.group(a.index(1)?, a.index(2)?)?))
    }),
    f!("append", L_X, Layout, "L with x added as a last mode", |a| Ok(Value::Layout(
        a.layout(0)?.append(a.layout(1)?)
    ))),
    f!("prepend", L_X, Layout, "L with x added as a first mode", |a| Ok(Value::Layout(
        a.layout(0)?.prepend(a.layout(1)?)
    ))),
    f!(
        "replace",
        &[Param::req("L", K::Layout), Param::req("i", K::Int), Param::req("x", K::Layout)],
        Layout,
        "L with mode i replaced by x",
        |a| Ok(Value::Layout(a.layout(0)?.replace(a.index(1)?, a.layout(2)?)?))
    ),
    f!("slice", C_L, Layout, "the sub-layout of the modes marked _ in c", |a| {
        Ok(Value::Layout(a.layout(1)?.slice(a.coord(0)?)?))
    }),
    f!("dice", C_L, Layout, "the sub-layout of the modes given an integer in c", |a| {
        Ok(Value::Layout(a.layout(1)?.dice(a.coord(0)?)?))
    }),
    // Simplification.
    f!(
        "coalesce",
        &[Param::req("L", K::Layout), Param::opt("profile", K::Coord)],
        Layout,
        "merge contiguous modes (mode by mode where profile has 1, leave _ modes alone)",
        |a| {
            let l = a.layout(0)?;
            Ok(Value::Layout(if a.has(1) { coalesce_profile(l, a.coord(1)?)? } else { coalesce(l)? }))
        }
    ),
    f!("coalesce_z", L, Layout, "coalesce keeping a trailing size-1 mode, exact beyond the size (PyCuTe)", |a| {
        Ok(Value::Layout(coalesce_z(a.layout(0)?)?))
    }),
    f!("filter_zeros", L, Layout, "L with the shape of stride-0 modes set to 1", |a| {
        Ok(Value::Layout(filter_zeros(a.layout(0)?)))
    }),
    f!("filter", L, Layout, "coalesce(filter_zeros(L))", |a| Ok(Value::Layout(filter(a.layout(0)?)?))),
    // Algebra.
    f!("composition", A_TILER, Layout, "A o B: c -> A(B(c)); B a layout, a tiler or an integer", |a| {
        let lhs = a.layout(0)?;
        Ok(Value::Layout(match a.tiler(1)? {
            Tiler::Layout(b) => composition(lhs, b)?,
            t => composition_tiler(lhs, t)?,
        }))
    }),
    f!(
        "complement",
        &[Param::req("A", K::Layout), Param::opt("M", K::Tuple)],
        Layout,
        "the ordered layout filling the gaps of A up to M (default cosize(filter(A)))",
        |a| {
            let l = a.layout(0)?;
            Ok(Value::Layout(if a.has(1) { complement(l, a.tuple(1)?)? } else { complement_default(l)? }))
        }
    ),
    f!("right_inverse", L, Layout, "R with L(R(i)) == i on the largest contiguous range", |a| {
        Ok(Value::Layout(right_inverse(a.layout(0)?)?))
    }),
    f!("left_inverse", L, Layout, "R with R(L(i)) == i", |a| Ok(Value::Layout(left_inverse(a.layout(0)?)?))),
    f!("nullspace", L, Layout, "a layout of the indices that L maps to 0", |a| Ok(Value::Layout(nullspace(
        a.layout(0)?
    )?))),
    f!("logical_divide", A_TILER, Layout, "A o (B, complement(B)): tile and rest, mode by mode", |a| {
        Ok(Value::Layout(logical_divide(a.layout(0)?, a.tiler(1)?)?))
    }),
    f!("zipped_divide", A_TILER, Layout, "logical_divide gathered into ((tile),(rest))", |a| {
        Ok(Value::Layout(zipped_divide(a.layout(0)?, a.tiler(1)?)?))
    }),
    f!("tiled_divide", A_TILER, Layout, "logical_divide as ((tile),rest0,rest1,...)", |a| {
        Ok(Value::Layout(tiled_divide(a.layout(0)?, a.tiler(1)?)?))
    }),
    f!("flat_divide", A_TILER, Layout, "logical_divide as (tile0,tile1,...,rest0,rest1,...)", |a| {
        Ok(Value::Layout(flat_divide(a.layout(0)?, a.tiler(1)?)?))
    }),
    f!("logical_product", A_TILER, Layout, "(A, complement(A) o B): B copies of A", |a| {
        Ok(Value::Layout(logical_product(a.layout(0)?, a.tiler(1)?)?))
    }),
    f!("zipped_product", A_TILER, Layout, "logical_product gathered into ((block),(rest))", |a| {
        Ok(Value::Layout(zipped_product(a.layout(0)?, a.tiler(1)?)?))
    }),
    f!("tiled_product", A_TILER, Layout, "logical_product as ((block),rest0,rest1,...)", |a| {
        Ok(Value::Layout(tiled_product(a.layout(0)?, a.tiler(1)?)?))
    }),
    f!("flat_product", A_TILER, Layout, "logical_product as (block0,block1,...,rest0,rest1,...)", |a| {
        Ok(Value::Layout(flat_product(a.layout(0)?, a.tiler(1)?)?))
    }),
    f!("blocked_product", A_B, Layout, "mode-wise product, A's block inside each mode", |a| {
        Ok(Value::Layout(blocked_product(a.layout(0)?, a.layout(1)?)?))
    }),
    f!("raked_product", A_B, Layout, "mode-wise product, A's elements interleaved across B", |a| {
        Ok(Value::Layout(raked_product(a.layout(0)?, a.layout(1)?)?))
    }),
    f!(
        "tile_to_shape",
        &[Param::req("L", K::Layout), Param::req("shape", K::Tuple)],
        Layout,
        "repeat L to fill shape",
        |a| { Ok(Value::Layout(tile_to_shape(a.layout(0)?, a.tuple(1)?)?)) }
    ),
    f!("max_common_vector", A_B, Int, "the number of contiguous elements that A and B map alike", |a| {
        Ok(Value::Int(max_common_vector(a.layout(0)?, a.layout(1)?)?))
    }),
    f!("max_common_layout", A_B, Layout, "the largest layout R with A(R(i)) == B(R(i)) == i", |a| {
        Ok(Value::Layout(max_common_layout(a.layout(0)?, a.layout(1)?)?))
    }),
    f!("upcast", N_L, Layout, "L over elements N times wider (strides divided by N)", |a| {
        Ok(Value::Layout(upcast(a.int(0)?, a.layout(1)?)?))
    }),
    f!("downcast", N_L, Layout, "L over elements N times narrower (strides multiplied by N)", |a| {
        Ok(Value::Layout(downcast(a.int(0)?, a.layout(1)?)?))
    }),
    f!(
        "recast",
        &[Param::req("old_bits", K::Int), Param::req("new_bits", K::Int), Param::req("L", K::Layout)],
        Layout,
        "L re-expressed over elements of new_bits instead of old_bits",
        |a| Ok(Value::Layout(recast(a.int(0)?, a.int(1)?, a.layout(2)?)?))
    ),
    // PyCuTe-only operations.
    f!(
        "greatest_common_domain",
        &[Param::req("A", K::Tuple), Param::req("B", K::Tuple)],
        Layout,
        "the index factors both shapes split off alike, as a layout (PyCuTe)",
        |a| Ok(Value::Layout(greatest_common_domain(a.tuple(0)?, a.tuple(1)?)?))
    ),
    f!("layout_add", A_B, Layout, "the layout c -> A(c) + B(c) (PyCuTe)", |a| {
        Ok(Value::Layout(layout_add(a.layout(0)?, a.layout(1)?)?))
    }),
    // Int tuples.
    f!(
        "idx2crd",
        &[Param::req("i", K::Int), Param::req("shape", K::Tuple)],
        Tuple,
        "the natural coordinate of index i in shape (colexicographic)",
        |a| Ok(Value::Tuple(idx2crd(a.int(0)?, a.tuple(1)?)?))
    ),
    f!(
        "crd2idx",
        &[Param::req("coord", K::Tuple), Param::req("shape", K::Tuple)],
        Int,
        "the colexicographic index of coord in shape",
        |a| Ok(Value::Int(crd2idx(a.tuple(0)?, a.tuple(1)?)?))
    ),
    f!(
        "crd2crd",
        &[Param::req("coord", K::Tuple), Param::req("src", K::Tuple), Param::req("dst", K::Tuple)],
        Tuple,
        "coord of shape src as a coordinate of shape dst",
        |a| Ok(Value::Tuple(crd2crd(a.tuple(0)?, a.tuple(1)?, a.tuple(2)?)?))
    ),
    f!("shape_div", TUPLES, Tuple, "a / b, mode by mode (one must divide the other)", |a| {
        Ok(Value::Tuple(shape_div(a.tuple(0)?, a.tuple(1)?)?))
    }),
    f!("ceil_div", TUPLES, Tuple, "a / b rounded up, mode by mode", |a| Ok(Value::Tuple(ceil_div(
        a.tuple(0)?,
        a.tuple(1)?
    )?))),
    f!("product_each", SHAPE, Tuple, "the size of each top-level mode", |a| Ok(Value::Tuple(
        a.tuple(0)?.product_each()?
    ))),
    f!("compatible", TUPLES, Bool, "same size, and every coordinate of a is one of b", |a| {
        Ok(Value::Bool(compatible(a.tuple(0)?, a.tuple(1)?)?))
    }),
    f!("congruent", TUPLES, Bool, "a and b have the same tree structure", |a| Ok(Value::Bool(
        a.tuple(0)?.congruent(a.tuple(1)?)
    ))),
    f!("weakly_congruent", TUPLES, Bool, "a's tree structure is a prefix of b's", |a| {
        Ok(Value::Bool(a.tuple(0)?.weakly_congruent(a.tuple(1)?)))
    }),
    // Swizzle.
    f!(
        "swizzle",
        &[Param::req("B", K::Int), Param::req("M", K::Int), Param::req("S", K::Int), Param::req("offset", K::Int)],
        Int,
        "Swizzle<B,M,S> applied to offset: xor of the bits [M+S, M+S+B) into [M, M+B)",
        |a| Ok(Value::Int(swizzle(a.int(0)?, a.int(1)?, a.int(2)?, a.int(3)?)?))
    ),
];

/// Every function of the call language, in the order of the help.
///
/// ```
/// use cute_core::dynamic::functions;
/// assert!(functions().iter().any(|f| f.name == "composition"));
/// for f in functions() {
///     assert!(!f.summary.is_empty());
/// }
/// ```
pub fn functions() -> &'static [FunctionInfo] {
    FUNCTIONS
}

/// Apply the function named `op` to `args` (see [`FunctionInfo::call`]).
///
/// ```
/// use cute_core::dynamic::{call, ErrorKind, Value};
/// let a: Value = "(4,6,8,10):(2,3,5,7)".parse().unwrap();
/// assert_eq!(call("composition", &[a, "6:12".parse().unwrap()]).unwrap().to_string(), "(2,3):(9,5)");
/// let e = call("compositon", &[]).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::InvalidArgument);
/// assert!(e.message().starts_with("unknown function 'compositon'; did you mean 'composition'?"));
/// ```
pub fn call(op: &str, args: &[Value]) -> Result<Value> {
    match FunctionInfo::find(op) {
        Some(f) => f.call(args),
        None => Err(Error::new(ErrorKind::InvalidArgument, unknown_function(op))),
    }
}

/// `unknown function 'x'; did you mean 'y'? (...)`.
fn unknown_function(name: &str) -> String {
    let closest = FUNCTIONS
        .iter()
        .map(|f| (edit_distance(name, f.name), f.name))
        .filter(|&(d, _)| d <= 2 && d < name.len())
        .min_by_key(|&(d, _)| d);
    let hint = match closest {
        Some((_, n)) => format!("; did you mean '{}'?", n),
        None => String::new(),
    };
    format!("unknown function '{}'{} (`cute eval --help` lists the functions)", name, hint)
}

/// Levenshtein distance over bytes.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut cur = Vec::with_capacity(b.len() + 1);
        cur.push(i + 1);
        for (j, &y) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(x != y);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// A parsed expression.
enum Expr {
    Value(Value),
    Call { name: &'static str, args: Vec<Expr> },
}

impl Expr {
    fn eval(&self) -> Result<Value> {
        match self {
            Expr::Value(v) => Ok(v.clone()),
            Expr::Call { name, args } => {
                let values = args.iter().map(Expr::eval).collect::<Result<Vec<_>>>()?;
                call(name, &values)
            }
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn error(&self, expected: &str) -> Error {
        let found = match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            None => String::from("end of input"),
            Some(c) => format!("'{}'", c),
        };
        Error::new(ErrorKind::Parse, format!("at byte {}: expected {}, found {}", self.pos, expected, found))
    }

    /// `name ( [arg {, arg}] )`, at the current position (whitespace skipped).
    fn call(&mut self, depth: usize) -> Result<Expr> {
        self.skip_ws();
        let at = self.pos;
        if !matches!(self.peek(), Some(c) if c.is_ascii_alphabetic()) {
            return Err(self.error("a function name"));
        }
        if depth >= MAX_NESTING {
            return Err(Error::new(
                ErrorKind::Parse,
                format!("at byte {}: calls nested deeper than {} levels", at, MAX_NESTING),
            ));
        }
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_') {
            self.pos += 1;
        }
        let name = &self.text[at..self.pos];
        let Some(info) = FunctionInfo::find(name) else {
            return Err(Error::new(ErrorKind::InvalidArgument, format!("at byte {}: {}", at, unknown_function(name))));
        };
        self.skip_ws();
        if self.peek() != Some(b'(') {
            return Err(self.error("'('"));
        }
        self.pos += 1;
        let mut args = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b')') {
            self.pos += 1;
            return Ok(Expr::Call { name: info.name, args });
        }
        loop {
            args.push(self.arg(depth)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b')') => {
                    self.pos += 1;
                    return Ok(Expr::Call { name: info.name, args });
                }
                _ => return Err(self.error("',' or ')'")),
            }
        }
    }

    /// A nested call (starting with a letter) or a term of CuTe notation.
    fn arg(&mut self, depth: usize) -> Result<Expr> {
        self.skip_ws();
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() => self.call(depth + 1),
            Some(b'(' | b'<' | b'_' | b'-' | b'0'..=b'9') => {
                let (term, end) = Term::parse_prefix(self.text, self.pos)?;
                self.pos = end;
                Ok(Expr::Value(Value::from_term(&term)?))
            }
            _ => Err(self.error("an argument (CuTe notation or a call)")),
        }
    }
}

/// Parse and evaluate an expression `name(arg, ...)`, whose arguments are CuTe notation or
/// nested calls; whitespace is allowed between tokens and the whole text must be consumed.
///
/// Malformed text is an [`ErrorKind::Parse`] error giving the byte offset and what was expected;
/// an unknown function, or arguments of the wrong number or kind, are
/// [`ErrorKind::InvalidArgument`]; the function's own errors come back unchanged. The whole
/// text is parsed before anything is evaluated.
///
/// ```
/// use cute_core::dynamic::{eval, ErrorKind};
/// assert_eq!(eval("complement(4:2, 24)").unwrap().to_string(), "(2,3):(1,8)");
/// assert_eq!(eval(" eval( (4,8):(1,4) , 22 ) ").unwrap().to_string(), "22");
/// assert_eq!(eval("coalesce((2,(1,6)):(1,(6,2)), (1,_))").unwrap().to_string(), "(2,(1,6)):(1,(6,2))");
/// let e = eval("size(4:1 x)").unwrap_err();
/// assert_eq!(e.to_string(), "parse: at byte 9: expected ',' or ')', found 'x'");
/// assert_eq!(eval("composition(4:1)").unwrap_err().kind(), ErrorKind::InvalidArgument);
/// ```
pub fn eval(expr: &str) -> Result<Value> {
    let mut p = Parser { text: expr, pos: 0 };
    let tree = p.call(0)?;
    p.skip_ws();
    if p.pos < expr.len() {
        return Err(p.error("end of input"));
    }
    tree.eval()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec;

    fn ok(expr: &str) -> String {
        match eval(expr) {
            Ok(v) => v.to_string(),
            Err(e) => panic!("{}: {}", expr, e),
        }
    }

    fn err(expr: &str) -> String {
        match eval(expr) {
            Ok(v) => panic!("{}: expected an error, got {}", expr, v),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn examples_of_the_issue() {
        assert_eq!(ok("composition((4,6,8,10):(2,3,5,7), 6:12)"), "(2,3):(9,5)");
        assert_eq!(ok("complement(4:2, 24)"), "(2,3):(1,8)");
        assert_eq!(ok("eval((4,8):(1,4), 22)"), "22");
        assert_eq!(ok("logical_divide((8,16):(20,1), <4:1,8:2>)"), "((4,2),(8,2)):((20,80),(2,1))");
    }

    #[test]
    fn whitespace_and_nesting() {
        assert_eq!(ok("\t size ( \n (4,8) : (1,4) ) \r\n"), "32");
        assert_eq!(ok("size(logical_divide((8,16):(20,1),<4:1,8:2>))"), "128");
        assert_eq!(ok("eval(composition(composition((4,6,8,10):(2,3,5,7), 6:12), 3:2), 1)"), "5");
        assert_eq!(ok("shape(zipped_divide(make_layout((8,16)), (4,8)))"), "((4,8),(2,2))");
        let deep = format!("{}4:1{}", "flatten(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
        assert_eq!(ok(&deep), "4:1");
        let deeper = format!("{}4:1{}", "flatten(".repeat(MAX_NESTING + 1), ")".repeat(MAX_NESTING + 1));
        assert_eq!(err(&deeper), format!("parse: at byte {}: calls nested deeper than 64 levels", 8 * MAX_NESTING));
    }

    #[test]
    fn values_print_in_cute_notation() {
        assert_eq!(ok("idx2crd(46, (4,(12,5)))"), "(2,(11,0))");
        assert_eq!(ok("crd2idx((67,1), ((6,16),4))"), "163");
        assert_eq!(ok("compatible((24), ((4,6)))"), "true");
        assert_eq!(ok("congruent((1,2), (1,(2,3)))"), "false");
        assert_eq!(ok("weakly_congruent((1,2), (1,(2,3)))"), "true");
        assert_eq!("<4:1,8>".parse::<Value>().unwrap().to_string(), "<4:1,8>");
        assert_eq!("(_4,(_,1))".parse::<Value>().unwrap().to_string(), "(4,(_,1))");
        assert_eq!("_".parse::<Value>().unwrap(), Value::Coord(HTuple::Leaf(None)));
        assert_eq!("(3,(2,4))".parse::<Value>().unwrap(), Value::Tuple("(3,(2,4))".parse().unwrap()));
        assert_eq!("-7".parse::<Value>().unwrap(), Value::Int(-7));
    }

    #[test]
    fn argument_conversions() {
        // B as a layout, a tiler, a shape tuple, an integer, a tuple with `_`.
        assert_eq!(ok("composition((4,6):(1,4), (2,3):(3,1))"), "(2,3):(3,1)");
        assert_eq!(ok("composition((12,(4,8)):(59,(13,1)), <3:4,8:2>)"), "(3,(2,4)):(236,(26,1))");
        assert_eq!(ok("composition((8,16):(1,8), (2,4))"), "(2,4):(1,8)");
        assert_eq!(ok("composition((8,16):(1,8), 4)"), "4:1");
        assert_eq!(ok("composition((8,16):(1,8), (_,4))"), "(8,4):(1,8)");
        // M as an integer or a shape; the profile of coalesce.
        assert_eq!(ok("complement(4:2)"), "2:1");
        assert_eq!(ok("coalesce((2,(1,6)):(1,(6,2)))"), "12:1");
        assert_eq!(ok("coalesce((2,(1,6)):(1,(6,2)), (1,1))"), "(2,6):(1,2)");
        assert_eq!(ok("coalesce(6:1, (1))"), "(6):(1)");
        assert_eq!(ok("coalesce(8:1, 1)"), "8:1");
        // A layout argument given as an integer.
        assert_eq!(ok("size(8)"), "8");
        assert_eq!(ok("eval((4,(3,2)):(2,(8,1)), (1,(2,1)))"), "19");
    }

    #[test]
    fn extra_operations() {
        assert_eq!(ok("make_layout((4,1,(2,3)))"), "(4,1,(2,3)):(1,0,(4,8))");
        assert_eq!(ok("make_layout((4,8), (8,1))"), "(4,8):(8,1)");
        assert_eq!(ok("make_layout_right((4,8))"), "(4,8):(8,1)");
        assert_eq!(ok("cosize((4,(3,2)):(2,(8,1)))"), "24");
        assert_eq!(ok("rank((4,(3,2)):(2,(8,1)))"), "2");
        assert_eq!(ok("depth(8:1)"), "0");
        assert_eq!(ok("stride((4,8):(1,4))"), "(1,4)");
        assert_eq!(ok("mode((4,(3,2)):(2,(8,1)), 1)"), "(3,2):(8,1)");
        assert_eq!(ok("select((2,3,4):(1,2,6), (2,0))"), "(4,2):(6,1)");
        assert_eq!(ok("select((2,3,4):(1,2,6), 1)"), "(3):(2)");
        assert_eq!(ok("take((2,3,4):(1,2,6), 1, 3)"), "(3,4):(2,6)");
        assert_eq!(ok("group((2,3,4):(1,2,6), 0, 2)"), "((2,3),4):((1,2),6)");
        assert_eq!(ok("append((4,8):(1,4), 2:32)"), "(4,8,2):(1,4,32)");
        assert_eq!(ok("prepend((4,8):(1,4), 2:32)"), "(2,4,8):(32,1,4)");
        assert_eq!(ok("replace((4,8):(1,4), 1, 2:32)"), "(4,2):(1,32)");
        assert_eq!(ok("slice((_,(1,_)), (4,(3,2)):(2,(8,1)))"), "(4,2):(2,1)");
        assert_eq!(ok("dice((_,(1,_)), (4,(3,2)):(2,(8,1)))"), "(3):(8)");
        assert_eq!(ok("shape_div((4,5,6), 40)"), "(1,1,3)");
        assert_eq!(ok("swizzle(3, 3, 3, 77)"), "69");
        assert_eq!(ok("upcast(2, (4,8):(1,4))"), "(2,8):(1,2)");
        assert_eq!(ok("downcast(2, (4,8):(1,4))"), "(8,8):(1,8)");
        assert_eq!(ok("recast(16, 32, (4,8):(1,4))"), "(2,8):(1,2)");
        assert_eq!(ok("make_ordered_layout((4,8), (1,0))"), "(4,8):(8,1)");
        assert_eq!(ok("make_layout_like((4,8):(8,1))"), "(4,8):(8,1)");
        assert_eq!(ok("tile_to_shape((2,2):(1,2), (4,8))"), "((2,2),(2,4)):((1,4),(2,8))");
        assert_eq!(ok("nullspace((4,3,2):(1,0,4))"), "3:4");
        assert_eq!(ok("max_common_vector((4,8):(1,4), (4,8):(1,8))"), "4");
        assert_eq!(ok("max_common_layout((4,8):(1,4), (4,8):(1,8))"), "4:1");
        assert_eq!(ok("ceil_div((3,5), 2)"), "(2,5)");
        assert_eq!(ok("crd2crd((1,(1,2)), (2,(3,4)), (2,12))"), "(1,7)");
        assert_eq!(ok("product_each(((2,3),4))"), "(6,4)");
        assert_eq!(ok("filter_zeros((4,2):(1,0))"), "(4,1):(1,0)");
    }

    #[test]
    fn parse_errors() {
        let cases = [
            ("", "parse: at byte 0: expected a function name, found end of input"),
            ("   ", "parse: at byte 3: expected a function name, found end of input"),
            ("(4,8):(1,4)", "parse: at byte 0: expected a function name, found '('"),
            ("size", "parse: at byte 4: expected '(', found end of input"),
            ("size 4:1", "parse: at byte 5: expected '(', found '4'"),
            ("size(", "parse: at byte 5: expected an argument (CuTe notation or a call), found end of input"),
            ("size(4:1", "parse: at byte 8: expected ',' or ')', found end of input"),
            ("size(4:1 x)", "parse: at byte 9: expected ',' or ')', found 'x'"),
            ("composition(4:1,)", "parse: at byte 16: expected an argument (CuTe notation or a call), found ')'"),
            ("composition(4:1,,2)", "parse: at byte 16: expected an argument (CuTe notation or a call), found ','"),
            ("size(4:1) x", "parse: at byte 10: expected end of input, found 'x'"),
            ("size(4:1))", "parse: at byte 9: expected end of input, found ')'"),
            ("size(é)", "parse: at byte 5: expected an argument (CuTe notation or a call), found 'é'"),
            ("size((4,8)", "parse: at byte 10: expected ',' or ')', found end of input"),
            ("size((4,8):(1,(4,2)))", "parse: at byte 5: shape (4,8) and stride (1,(4,2)) are not congruent"),
            ("size(4:)", "parse: at byte 7: expected an integer, '_', '(' or '<', found ')'"),
            ("size(<4:1,>)", "parse: at byte 10: expected an integer, '_', '(' or '<', found '>'"),
            ("size(99999999999999999999:1)", "parse: at byte 5: integer 99999999999999999999 does not fit in i64"),
            ("size(size)", "parse: at byte 9: expected '(', found ')'"),
        ];
        for (expr, want) in cases {
            assert_eq!(err(expr), want, "{:?}", expr);
        }
    }

    #[test]
    fn unknown_functions() {
        assert_eq!(
            err("compositon(4:1, 2)"),
            "invalid argument: at byte 0: unknown function 'compositon'; did you mean 'composition'? \
             (`cute eval --help` lists the functions)"
        );
        assert_eq!(
            err("size(frobnicate(1))"),
            "invalid argument: at byte 5: unknown function 'frobnicate' (`cute eval --help` lists the functions)"
        );
        assert_eq!(
            call("x", &[]).unwrap_err().message(),
            "unknown function 'x' (`cute eval --help` lists the functions)"
        );
    }

    #[test]
    fn arity_and_kind_errors() {
        let cases = [
            ("size()", "invalid argument: size takes 1 argument, got 0: size(L: layout) -> int"),
            (
                "composition(4:1)",
                "invalid argument: composition takes 2 arguments, got 1: composition(A: layout, B: tiler) -> layout",
            ),
            (
                "complement(4:1, 8, 2)",
                "invalid argument: complement takes 1 or 2 arguments, got 3: complement(A: layout[, M: tuple]) -> layout",
            ),
            (
                "eval(4:1, <2,2>)",
                "invalid argument: eval: argument 2 (i): expected an integer or a tuple of integers, found the tiler <2,2>",
            ),
            (
                "upcast(4:1, 2)",
                "invalid argument: upcast: argument 1 (N): expected an integer, found the layout 4:1",
            ),
            (
                "size((4,8))",
                "invalid argument: size: argument 1 (L): expected a layout shape:stride, or an integer n meaning n:1, \
                 found the tuple (4,8)",
            ),
            ("size(0)", "invalid argument: size: argument 1 (L): shape 0 has a non-positive entry 0"),
            ("composition(4:1, (2,0))", "invalid argument: composition: argument 2 (B): tile size 0 is not positive"),
            (
                "composition(4:1, compatible(1, 1))",
                "invalid argument: composition: argument 2 (B): expected a tiler: a layout, <...>, a tuple or a \
                 positive integer, found the boolean true",
            ),
            (
                "coalesce(4:1, 2:1)",
                "invalid argument: coalesce: argument 2 (profile): expected a coordinate of integers and '_', \
                 found the layout 2:1",
            ),
            ("mode(4:1, -1)", "index out of range: mode: argument 2 (i): -1 is negative"),
            (
                "select((2,3):(1,2), ((1)))",
                "invalid argument: select: argument 2 (modes): expected a flat tuple of mode indices, found ((1))",
            ),
        ];
        for (expr, want) in cases {
            assert_eq!(err(expr), want, "{:?}", expr);
        }
    }

    #[test]
    fn engine_errors_pass_through() {
        let e = eval("composition((4,6,8):(2,3,5), 6:3)").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
        assert_eq!(eval("shape_div(6, 4)").unwrap_err().kind(), ErrorKind::ShapeDivisibility);
        // Parse errors come before evaluation errors, wherever they are.
        assert_eq!(eval("composition((4,6,8):(2,3,5), 6:3) x").unwrap_err().kind(), ErrorKind::Parse);
    }

    #[test]
    fn table_is_consistent() {
        for (i, f) in FUNCTIONS.iter().enumerate() {
            assert!(FUNCTIONS[..i].iter().all(|g| g.name != f.name), "duplicate {}", f.name);
            assert!(f.name.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_'));
            let first_optional = f.params.iter().position(|p| p.optional).unwrap_or(f.params.len());
            assert!(f.params[first_optional..].iter().all(|p| p.optional), "{}", f.name);
            // Wrong arity is reported, never a panic.
            let e = f.call(&vec![Value::Int(1); 5]).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        }
        // Every op of the oracle is there.
        for op in [
            "size",
            "coshape",
            "cosize",
            "rank",
            "depth",
            "flatten",
            "coalesce",
            "coalesce_z",
            "filter_zeros",
            "filter",
            "composition",
            "complement",
            "right_inverse",
            "left_inverse",
            "nullspace",
            "logical_divide",
            "zipped_divide",
            "tiled_divide",
            "flat_divide",
            "logical_product",
            "zipped_product",
            "tiled_product",
            "flat_product",
            "blocked_product",
            "raked_product",
            "max_common_vector",
            "max_common_layout",
            "upcast",
            "downcast",
            "tile_to_shape",
            "make_ordered_layout",
            "greatest_common_domain",
            "layout_add",
            "eval",
            "idx2crd",
            "crd2idx",
            "swizzle",
        ] {
            assert!(FunctionInfo::find(op).is_some(), "{}", op);
        }
    }

    #[test]
    fn any_argument_kind_is_handled() {
        let samples: [Value; 6] = [
            Value::Int(-3),
            "(0,(2,-1))".parse().unwrap(),
            "(4,(3,2)):(2,(-8,0))".parse().unwrap(),
            "<4:1,_>".parse().unwrap(),
            "(_,(1,_))".parse().unwrap(),
            Value::Bool(true),
        ];
        for f in FUNCTIONS {
            let n = f.params.len();
            // All argument lists over the samples, up to 3 arguments (swizzle with ints only).
            let total = samples.len().pow(n.min(3) as u32);
            for k in 0..total {
                let mut args = Vec::new();
                let mut r = k;
                for _ in 0..n {
                    args.push(samples[r % samples.len()].clone());
                    r /= samples.len();
                }
                let _ = f.call(&args);
            }
        }
    }
}
