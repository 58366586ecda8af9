//! The function table: one entry per function of the call language (name, parameters, result,
//! summary and what it computes). It drives both the dispatch of [`call`] and the help of the
//! `cute` command.
//!
//! ```
//! use cute_eval::functions::{call, FunctionInfo};
//! assert_eq!(FunctionInfo::find("size").unwrap().to_string(), "size(L: layout) -> int");
//! assert_eq!(call("size", &["(4,8):(1,4)".parse().unwrap()]).unwrap().to_string(), "32");
//! ```

use std::fmt;

use cute_core::dynamic::{
    blocked_product, canonical, ceil_div, check_leaf_count, coalesce, coalesce_profile, coalesce_z, compatible,
    complement, complement_default, composition, composition_tiler, crd2crd, crd2idx, domain_distribute, downcast,
    evenly_divides, filter, filter_zeros, flat_divide, flat_product, greatest_common_domain, idx2crd, inner_partition,
    layout_add, layouts_equivalent, left_inverse, local_partition, local_partition_proj, local_tile, local_tile_proj,
    logical_divide, logical_product, make_identity_layout, make_layout_like, make_layout_tv, make_ordered_layout,
    make_swizzle_masks, max_common_layout, max_common_vector, nullspace, outer_partition, partition_tv, raked_product,
    recast, right_inverse, shape_div, shape_mod, swizzle, tile_to_shape, tile_to_shape_ordered, tiled_divide,
    tiled_product, upcast, weakly_compatible, zipped_divide, zipped_product, BitMatrix, ComposedLayout, Coord,
    CopyAtom, Error, ErrorKind, F2Layout, IntTuple, Layout, MmaAtom, Result, TiledCopy, TiledMma, Tiler,
};

use crate::suggest::unknown_function;
pub use crate::swizzled::Swizzled;
use crate::value::{Value, ValueKind};

/// A parameter of a function of the table.
///
/// ```
/// use cute_eval::{FunctionInfo, ValueKind};
/// let p = FunctionInfo::find("complement").unwrap().params[1];
/// assert_eq!((p.name, p.kind, p.optional, p.repeats), ("M", ValueKind::Tuple, true, false));
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
    /// Whether it takes any number of further arguments of its kind (the last parameter only,
    /// as CuTe's variadic `make_layout(L0, L1, ...)`); written `L: layout...`.
    pub repeats: bool,
}

impl Param {
    const fn req(name: &'static str, kind: ValueKind) -> Param {
        Param { name, kind, optional: false, repeats: false }
    }

    const fn opt(name: &'static str, kind: ValueKind) -> Param {
        Param { name, kind, optional: true, repeats: false }
    }

    /// A required parameter that takes the rest of the arguments, one or more.
    const fn many(name: &'static str, kind: ValueKind) -> Param {
        Param { name, kind, optional: false, repeats: true }
    }
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}{}", self.name, self.kind, if self.repeats { "..." } else { "" })
    }
}

/// One function of the call language: its name, parameters, result and a one-line summary.
/// It prints as its signature.
///
/// ```
/// use cute_eval::{FunctionInfo, Value};
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
    /// The function named `name`, if any (its first form, where CuTe overloads the name).
    ///
    /// ```
    /// use cute_eval::FunctionInfo;
    /// assert_eq!(FunctionInfo::find("logical_divide").unwrap().params.len(), 2);
    /// assert!(FunctionInfo::find("nope").is_none());
    /// ```
    pub fn find(name: &str) -> Option<&'static FunctionInfo> {
        FUNCTIONS.iter().find(|f| f.name == name)
    }

    /// Every form of the function named `name`, in the table's order: one, or more where CuTe
    /// overloads the name (`make_layout(shape, stride)` and `make_layout(L0, L1, ...)`).
    ///
    /// ```
    /// use cute_eval::FunctionInfo;
    /// let forms: Vec<String> = FunctionInfo::overloads("make_layout").map(|f| f.to_string()).collect();
    /// assert_eq!(forms, ["make_layout(shape: tuple[, stride: tuple]) -> layout", "make_layout(L: layout...) -> layout"]);
    /// assert_eq!(FunctionInfo::overloads("size").count(), 1);
    /// ```
    pub fn overloads(name: &str) -> impl Iterator<Item = &'static FunctionInfo> + '_ {
        FUNCTIONS.iter().filter(move |f| f.name == name)
    }

    /// The function's form for swizzles, swizzled layouts and layouts with basis or F2
    /// strides, used when an argument is one.
    ///
    /// ```
    /// use cute_eval::FunctionInfo;
    /// assert!(FunctionInfo::find("zipped_divide").unwrap().swizzled().is_some());
    /// assert!(FunctionInfo::find("nullspace").unwrap().swizzled().is_none());
    /// ```
    pub fn swizzled(&self) -> Option<&'static Swizzled> {
        Swizzled::find(self.name)
    }

    /// The number of required parameters.
    ///
    /// ```
    /// use cute_eval::FunctionInfo;
    /// assert_eq!(FunctionInfo::find("coalesce").unwrap().min_args(), 1);
    /// ```
    pub fn min_args(&self) -> usize {
        self.params.iter().filter(|p| !p.optional).count()
    }

    /// The number of arguments it takes at most: `usize::MAX` when its last parameter repeats.
    ///
    /// ```
    /// use cute_eval::FunctionInfo;
    /// assert_eq!(FunctionInfo::find("coalesce").unwrap().max_args(), 2);
    /// assert_eq!(FunctionInfo::overloads("make_layout").nth(1).unwrap().max_args(), usize::MAX);
    /// ```
    pub fn max_args(&self) -> usize {
        match self.params.last() {
            Some(p) if p.repeats => usize::MAX,
            _ => self.params.len(),
        }
    }

    /// The parameter of each argument in turn: the last one again for every argument past it
    /// when it repeats.
    fn each_param(&self) -> impl Iterator<Item = &'static Param> {
        let params: &'static [Param] = self.params;
        let repeated = params.last().filter(|p| p.repeats);
        params.iter().chain(repeated.into_iter().flat_map(core::iter::repeat))
    }

    /// Whether `args` are as many as it takes and each converts to its parameter's kind: the
    /// form of an overloaded name that a call takes.
    fn accepts(&self, args: &[Value]) -> bool {
        (self.min_args()..=self.max_args()).contains(&args.len())
            && args.iter().zip(self.each_param()).all(|(v, p)| v.convert(p.kind).is_ok())
    }

    /// Apply the function: check the number of arguments, convert each to its parameter's kind
    /// (see [`ValueKind`]), and compute.
    ///
    /// ```
    /// use cute_eval::{FunctionInfo, Value};
    /// let f = FunctionInfo::find("eval").unwrap();
    /// assert_eq!(f.call(&["(4,8):(1,4)".parse().unwrap(), Value::Int(22)]).unwrap(), Value::Int(22));
    /// let e = f.call(&[Value::Int(3)]).unwrap_err();
    /// assert_eq!(e.message(), "eval takes 2 arguments, got 1: eval(L: layout, i: tuple) -> int");
    /// ```
    pub fn call(&self, args: &[Value]) -> Result<Value> {
        if let (true, Some(form)) = (crate::swizzled::applies(args), self.swizzled()) {
            let result = form.call(args)?;
            check_leaf_count(crate::swizzled::leaves(&result), &self.name)?;
            return Ok(result);
        }
        let (min, max) = (self.min_args(), self.max_args());
        if args.len() < min || args.len() > max {
            let count = match (min, max) {
                (1, usize::MAX) => String::from("1 or more arguments"),
                (a, usize::MAX) => format!("{} or more arguments", a),
                (1, 1) => String::from("1 argument"),
                (a, b) if a == b => format!("{} arguments", a),
                (a, b) if a.checked_add(1) == Some(b) => format!("{} or {} arguments", a, b),
                (a, b) => format!("{} to {} arguments", a, b),
            };
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("{} takes {}, got {}: {}", self.name, count, args.len(), self),
            ));
        }
        let mut values = Vec::with_capacity(args.len());
        // Arguments are numbered from 1 in messages.
        for (number, (v, p)) in (1usize..).zip(args.iter().zip(self.each_param())) {
            let converted = v.convert(p.kind).map_err(|e| {
                Error::new(e.kind(), format!("{}: argument {} ({}): {}", self.name, number, p.name, e.message()))
            })?;
            values.push(converted);
        }
        let result = (self.run)(&Args { f: self, values })?;
        // Every value holds at most MAX_LEAVES leaves (products and divides concatenate what
        // their parts bounded, so their results are checked here, once).
        let leaves = match &result {
            Value::Tuple(t) => t.leaf_count(),
            Value::Layout(l) => l.shape().leaf_count(),
            Value::Coord(c) => c.leaf_count(),
            Value::Sliced(_, l) => l.shape().leaf_count(),
            Value::TilerTv(t, l) => t.leaf_count().max(l.shape().leaf_count()),
            Value::Composed(c) => c.inner().shape().leaf_count(),
            Value::Descriptor(d) => d.0.leaf_count(),
            Value::Basis(l) => l.shape().leaf_count(),
            Value::F2(l) => l.shape().leaf_count(),
            Value::Int(_)
            | Value::Tiler(_)
            | Value::Bool(_)
            | Value::Swizzle(_)
            | Value::MmaAtom(_)
            | Value::CopyAtom(_)
            | Value::TiledMma(_)
            | Value::TiledCopy(_) => 1,
        };
        check_leaf_count(leaves, &self.name)?;
        Ok(result)
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

    // In range: `i` is a position in the function's own parameter list, a small literal of the
    // table's code, not a user value.
    #[allow(clippy::arithmetic_side_effects)]
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
            // In range: `values[i]` exists (`int` read it), so i < values.len().
            #[allow(clippy::arithmetic_side_effects)]
            let number = i + 1;
            Error::new(
                ErrorKind::IndexOutOfRange,
                format!("{}: argument {} ({}): {} is negative", self.f.name, number, name, n),
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

    /// An MMA atom or a tiled MMA: the atom as it is, or the tiled MMA.
    fn mma(&self, i: usize) -> Result<Mma<'_>> {
        match self.values.get(i) {
            Some(Value::MmaAtom(m)) => Ok(Mma::Atom(m)),
            Some(Value::TiledMma(t)) => Ok(Mma::Tiled(t)),
            _ => Err(self.mismatch(i)),
        }
    }

    fn tiled_mma(&self, i: usize) -> Result<&TiledMma> {
        match self.values.get(i) {
            Some(Value::TiledMma(t)) => Ok(t),
            _ => Err(self.mismatch(i)),
        }
    }

    fn copy_atom(&self, i: usize) -> Result<&CopyAtom> {
        match self.values.get(i) {
            Some(Value::CopyAtom(c)) => Ok(c),
            _ => Err(self.mismatch(i)),
        }
    }

    fn tiled_copy(&self, i: usize) -> Result<&TiledCopy> {
        match self.values.get(i) {
            Some(Value::TiledCopy(c)) => Ok(c),
            _ => Err(self.mismatch(i)),
        }
    }

    /// The source (`src`) or destination TV layout of a copy atom (in bits) or of a tiled copy
    /// (`get_layoutS_TV`, `get_layoutD_TV`, in elements).
    fn copy_tv(&self, i: usize, src: bool) -> Result<Layout> {
        match self.values.get(i) {
            Some(Value::CopyAtom(c)) => Ok(if src { c.layout_src.clone() } else { c.layout_dst.clone() }),
            Some(Value::TiledCopy(c)) => {
                if src {
                    c.layout_src_tv()
                } else {
                    c.layout_dst_tv()
                }
            }
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

/// An argument of kind [`ValueKind::Mma`].
enum Mma<'a> {
    Atom(&'a MmaAtom),
    Tiled(&'a TiledMma),
}

impl Mma<'_> {
    /// The atom's `(M,N,K)`, or the tiled MMA's tile.
    fn shape_mnk(&self) -> Result<IntTuple> {
        match self {
            Mma::Atom(a) => Ok(a.shape_mnk.clone()),
            Mma::Tiled(t) => t.tile_size_mnk(),
        }
    }

    /// The TV layout of operand 0 (A), 1 (B) or 2 (C): the atom's, or the tiled MMA's
    /// `get_layoutX_TV`.
    fn tv(&self, operand: usize) -> Result<Layout> {
        match (self, operand) {
            (Mma::Atom(a), 0) => Ok(a.layout_a.clone()),
            (Mma::Atom(a), 1) => Ok(a.layout_b.clone()),
            (Mma::Atom(a), _) => Ok(a.layout_c.clone()),
            (Mma::Tiled(t), 0) => t.layout_a_tv(),
            (Mma::Tiled(t), 1) => t.layout_b_tv(),
            (Mma::Tiled(t), _) => t.layout_c_tv(),
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
const L_TILER_COORD: &[Param] =
    &[Param::req("L", K::Layout), Param::req("tiler", K::Tiler), Param::req("coord", K::Coord)];
const C_L: &[Param] = &[Param::req("c", K::Coord), Param::req("L", K::Layout)];
const TUPLES_YZ: &[Param] = &[Param::req("Y", K::Int), Param::req("Z", K::Int)];
const MMA: &[Param] = &[Param::req("X", K::Mma)];
const TILED_L_THREAD: &[Param] =
    &[Param::req("T", K::TiledMma), Param::req("L", K::Layout), Param::req("thread", K::Int)];
const COPY: &[Param] = &[Param::req("X", K::Copy)];
const COPY_L_THREAD: &[Param] =
    &[Param::req("T", K::TiledCopy), Param::req("L", K::Layout), Param::req("thread", K::Int)];
const COPY_FOR_MMA: &[Param] =
    &[Param::req("atom", K::CopyAtom), Param::req("bits", K::Int), Param::req("mma", K::TiledMma)];

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
    f!(
        "make_layout",
        &[Param::many("L", K::Layout)],
        Layout,
        "the layouts as the modes of one layout: (L0,L1,...), one layout L wrapped as (L)",
        |a| {
            let modes = (0..a.values.len()).map(|i| a.layout(i).cloned()).collect::<Result<_>>()?;
            Ok(Value::Layout(Layout::from_modes(modes)))
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
        &[Param::req("L", K::Layout), Param::req("shape", K::Tuple), Param::opt("order", K::Tuple)],
        Layout,
        "repeat L to fill shape, the copies column-major or in the given mode order",
        |a| {
            let (l, shape) = (a.layout(0)?, a.tuple(1)?);
            Ok(Value::Layout(if a.has(2) {
                tile_to_shape_ordered(l, shape, a.tuple(2)?)?
            } else {
                tile_to_shape(l, shape)?
            }))
        }
    ),
    f!(
        "domain_distribute",
        &[Param::req("shape", K::Tuple), Param::req("n", K::Int)],
        Layout,
        "which elements of shape's column-major domain make up n of them, greedily mode by mode",
        |a| Ok(Value::Layout(domain_distribute(a.tuple(0)?, a.int(1)?)?))
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
    // Partitioning.
    f!(
        "local_tile",
        &[
            Param::req("L", K::Layout),
            Param::req("tiler", K::Tiler),
            Param::req("coord", K::Coord),
            Param::opt("proj", K::Coord)
        ],
        Sliced,
        "the tile of L at coord in the grid of tiles (modes where proj has _ dropped first)",
        |a| {
            let (l, offset) = if a.has(3) {
                local_tile_proj(a.layout(0)?, a.tiler(1)?, a.coord(2)?, a.coord(3)?)?
            } else {
                local_tile(a.layout(0)?, a.tiler(1)?, a.coord(2)?)?
            };
            Ok(Value::Sliced(offset, l))
        }
    ),
    f!("inner_partition", L_TILER_COORD, Sliced, "zipped_divide(L, tiler) at (_, coord): one tile", |a| {
        let (l, offset) = inner_partition(a.layout(0)?, a.tiler(1)?, a.coord(2)?)?;
        Ok(Value::Sliced(offset, l))
    }),
    f!(
        "outer_partition",
        L_TILER_COORD,
        Sliced,
        "zipped_divide(L, tiler) at (coord, _): one element of every tile",
        |a| {
            let (l, offset) = outer_partition(a.layout(0)?, a.tiler(1)?, a.coord(2)?)?;
            Ok(Value::Sliced(offset, l))
        }
    ),
    f!(
        "local_partition",
        &[
            Param::req("L", K::Layout),
            Param::req("thr", K::Layout),
            Param::req("idx", K::Int),
            Param::opt("proj", K::Coord)
        ],
        Sliced,
        "thread idx's share of L under the thread layout thr (modes where proj has _ dropped first)",
        |a| {
            let (l, thr, idx) = (a.layout(0)?, a.layout(1)?, a.int(2)?);
            let (l, offset) =
                if a.has(3) { local_partition_proj(l, thr, idx, a.coord(3)?)? } else { local_partition(l, thr, idx)? };
            Ok(Value::Sliced(offset, l))
        }
    ),
    f!(
        "make_layout_tv",
        &[Param::req("thr", K::Layout), Param::req("val", K::Layout)],
        TilerTv,
        "the tiler and the (thread, value) -> tile index layout of threads thr holding values val",
        |a| {
            let (tiler, tv) = make_layout_tv(a.layout(0)?, a.layout(1)?)?;
            Ok(Value::TilerTv(tiler, tv))
        }
    ),
    f!(
        "partition_tv",
        &[
            Param::req("L", K::Layout),
            Param::req("tiler", K::Tiler),
            Param::req("tv", K::Layout),
            Param::req("thread", K::Int)
        ],
        Sliced,
        "thread's (V, rest...) of L tiled by tiler under the thread-value layout tv",
        |a| {
            let (l, offset) = partition_tv(a.layout(0)?, a.tiler(1)?, a.layout(2)?, a.int(3)?)?;
            Ok(Value::Sliced(offset, l))
        }
    ),
    // MMA and copy atoms, tiled MMAs and copies.
    f!(
        "make_tiled_mma",
        &[Param::req("atom", K::MmaAtom), Param::opt("atom_layout", K::Layout), Param::opt("permutation", K::Tiler)],
        TiledMma,
        "the atom tiled over threads: atom_layout (M,N,K) -> atom, one permutation per mode (CuTe's make_tiled_mma)",
        |a| {
            let atom = match &a.values[0] {
                Value::MmaAtom(m) => (**m).clone(),
                _ => return Err(a.mismatch(0)),
            };
            let layout = if a.has(1) { a.layout(1)?.clone() } else { Layout::trivial() };
            // As CuTe: one entry per mode, a tuple (make_tiled_mma refuses another tiler).
            let permutation = match a.values.get(2) {
                Some(Value::Tiler(t)) => t.clone(),
                _ => Tiler::Tuple(Vec::new()),
            };
            Ok(Value::TiledMma(Box::new(TiledMma::new(atom, &layout, &permutation)?)))
        }
    ),
    f!("shape_mnk", MMA, Tuple, "the tile (M,N,K) of an atom, or of a tiled MMA (CuTe's tile_shape)", |a| Ok(
        Value::Tuple(a.mma(0)?.shape_mnk()?)
    )),
    f!("thr_id", &[Param::req("X", K::Atom)], Layout, "the atom's logical thread -> lane (CuTe's ThrID)", |a| {
        match &a.values[0] {
            Value::MmaAtom(m) => Ok(Value::Layout(m.thr_id.clone())),
            Value::CopyAtom(c) => Ok(Value::Layout(c.thr_id.clone())),
            _ => Err(a.mismatch(0)),
        }
    }),
    f!("thr_layout_vmnk", &[Param::req("T", K::TiledMma)], Layout, "a tiled MMA's (V,M,N,K) -> thread index", |a| {
        Ok(Value::Layout(a.tiled_mma(0)?.thr_layout_vmnk().clone()))
    }),
    f!("layout_a_tv", MMA, Layout, "(thread, value) -> m + M*k of the (M,K) tile of A (get_layoutA_TV)", |a| Ok(
        Value::Layout(a.mma(0)?.tv(0)?)
    )),
    f!("layout_b_tv", MMA, Layout, "(thread, value) -> n + N*k of the (N,K) tile of B (get_layoutB_TV)", |a| Ok(
        Value::Layout(a.mma(0)?.tv(1)?)
    )),
    f!("layout_c_tv", MMA, Layout, "(thread, value) -> m + M*n of the (M,N) tile of C (get_layoutC_TV)", |a| Ok(
        Value::Layout(a.mma(0)?.tv(2)?)
    )),
    f!("partition_a", TILED_L_THREAD, Sliced, "thread's (MMA, MMA_M, MMA_K) of the A tensor L (M,K)", |a| {
        let (l, offset) = a.tiled_mma(0)?.partition_a(a.layout(1)?, a.int(2)?)?;
        Ok(Value::Sliced(offset, l))
    }),
    f!("partition_b", TILED_L_THREAD, Sliced, "thread's (MMA, MMA_N, MMA_K) of the B tensor L (N,K)", |a| {
        let (l, offset) = a.tiled_mma(0)?.partition_b(a.layout(1)?, a.int(2)?)?;
        Ok(Value::Sliced(offset, l))
    }),
    f!("partition_c", TILED_L_THREAD, Sliced, "thread's (MMA, MMA_M, MMA_N) of the C tensor L (M,N)", |a| {
        let (l, offset) = a.tiled_mma(0)?.partition_c(a.layout(1)?, a.int(2)?)?;
        Ok(Value::Sliced(offset, l))
    }),
    f!(
        "partition_fragment_a",
        &[Param::req("T", K::TiledMma), Param::req("L", K::Layout)],
        Layout,
        "a thread's registers for its A partition of L (MMA, MMA_M, MMA_K), CuTe's order",
        |a| Ok(Value::Layout(a.tiled_mma(0)?.partition_fragment_a(a.layout(1)?)?))
    ),
    f!(
        "partition_fragment_b",
        &[Param::req("T", K::TiledMma), Param::req("L", K::Layout)],
        Layout,
        "a thread's registers for its B partition of L (MMA, MMA_N, MMA_K), CuTe's order",
        |a| Ok(Value::Layout(a.tiled_mma(0)?.partition_fragment_b(a.layout(1)?)?))
    ),
    f!(
        "partition_fragment_c",
        &[Param::req("T", K::TiledMma), Param::req("L", K::Layout)],
        Layout,
        "a thread's accumulators for its C partition of L (MMA, MMA_M, MMA_N), compact",
        |a| Ok(Value::Layout(a.tiled_mma(0)?.partition_fragment_c(a.layout(1)?)?))
    ),
    f!(
        "make_tiled_copy",
        &[
            Param::req("atom", K::CopyAtom),
            Param::req("bits", K::Int),
            Param::req("thr", K::Layout),
            Param::req("val", K::Layout)
        ],
        TiledCopy,
        "the copy atom of bits-bit elements tiled: threads thr, each a block val (CuTe's make_tiled_copy)",
        |a| Ok(Value::TiledCopy(Box::new(TiledCopy::make(
            a.copy_atom(0)?.clone(),
            a.int(1)?,
            a.layout(2)?,
            a.layout(3)?
        )?)))
    ),
    f!("make_tiled_copy_a", COPY_FOR_MMA, TiledCopy, "the copy of each thread's A fragment of the tiled MMA", |a| Ok(
        Value::TiledCopy(Box::new(TiledCopy::for_mma_a(a.copy_atom(0)?.clone(), a.int(1)?, a.tiled_mma(2)?)?))
    )),
    f!("make_tiled_copy_b", COPY_FOR_MMA, TiledCopy, "the copy of each thread's B fragment of the tiled MMA", |a| Ok(
        Value::TiledCopy(Box::new(TiledCopy::for_mma_b(a.copy_atom(0)?.clone(), a.int(1)?, a.tiled_mma(2)?)?))
    )),
    f!("make_tiled_copy_c", COPY_FOR_MMA, TiledCopy, "the copy of each thread's C fragment of the tiled MMA", |a| Ok(
        Value::TiledCopy(Box::new(TiledCopy::for_mma_c(a.copy_atom(0)?.clone(), a.int(1)?, a.tiled_mma(2)?)?))
    )),
    f!(
        "layout_src_tv",
        COPY,
        Layout,
        "(thread, value) -> what it reads: a copy atom's bits (SrcLayout), a tiled copy's tile index",
        |a| Ok(Value::Layout(a.copy_tv(0, true)?))
    ),
    f!(
        "layout_dst_tv",
        COPY,
        Layout,
        "(thread, value) -> what it writes: a copy atom's bits (DstLayout), a tiled copy's tile index",
        |a| Ok(Value::Layout(a.copy_tv(0, false)?))
    ),
    f!("partition_s", COPY_L_THREAD, Sliced, "thread's (CPY, CPY_M, CPY_N) of the source tensor L", |a| {
        let (l, offset) = a.tiled_copy(0)?.partition_s(a.layout(1)?, a.int(2)?)?;
        Ok(Value::Sliced(offset, l))
    }),
    f!("partition_d", COPY_L_THREAD, Sliced, "thread's (CPY, CPY_M, CPY_N) of the destination tensor L", |a| {
        let (l, offset) = a.tiled_copy(0)?.partition_d(a.layout(1)?, a.int(2)?)?;
        Ok(Value::Sliced(offset, l))
    }),
    f!(
        "retile",
        &[Param::req("T", K::TiledCopy), Param::req("F", K::Layout)],
        Layout,
        "a thread's fragment F (V, rest...) in the tiled copy's value order (retile_S, retile_D)",
        |a| Ok(Value::Layout(a.tiled_copy(0)?.retile(a.layout(1)?)?))
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
        &[Param::req("i", K::Tuple), Param::req("shape", K::Tuple), Param::opt("stride", K::Tuple)],
        Tuple,
        "the coordinate of index i in shape (colexicographic; of an offset with stride), i a tuple mode by mode",
        |a| {
            let (i, shape) = (a.tuple(0)?, a.tuple(1)?);
            Ok(Value::Tuple(if a.has(2) { idx2crd(i, (shape, a.tuple(2)?))? } else { idx2crd(i, shape)? }))
        }
    ),
    f!(
        "crd2idx",
        &[Param::req("coord", K::Tuple), Param::req("shape", K::Tuple), Param::opt("stride", K::Tuple)],
        Int,
        "the colexicographic index of coord in shape (with stride, its offset)",
        |a| {
            let (c, shape) = (a.tuple(0)?, a.tuple(1)?);
            Ok(Value::Int(if a.has(2) { crd2idx(c, (shape, a.tuple(2)?))? } else { crd2idx(c, shape)? }))
        }
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
    f!("shape_mod", TUPLES, Tuple, "the first b elements of a, mode by mode (a = shape_mod * shape_div)", |a| {
        Ok(Value::Tuple(shape_mod(a.tuple(0)?, a.tuple(1)?)?))
    }),
    f!(
        "evenly_divides",
        &[Param::req("shape", K::Tuple), Param::req("tiler", K::Tuple)],
        Bool,
        "whether tiling shape by tiler leaves no partial tile",
        |a| Ok(Value::Bool(evenly_divides(a.tuple(0)?, a.tuple(1)?)?))
    ),
    f!("compatible", TUPLES, Bool, "same size, and every coordinate of a is one of b", |a| {
        Ok(Value::Bool(compatible(a.tuple(0)?, a.tuple(1)?)?))
    }),
    f!("weakly_compatible", TUPLES, Bool, "each leaf of a divides the size of the part of b it meets", |a| {
        Ok(Value::Bool(weakly_compatible(a.tuple(0)?, a.tuple(1)?)?))
    }),
    f!("congruent", TUPLES, Bool, "a and b have the same tree structure", |a| Ok(Value::Bool(
        a.tuple(0)?.congruent(a.tuple(1)?)
    ))),
    f!("weakly_congruent", TUPLES, Bool, "a's tree structure is a prefix of b's", |a| {
        Ok(Value::Bool(a.tuple(0)?.weakly_congruent(a.tuple(1)?)))
    }),
    // Canonical forms (seed 001).
    f!("canonical", L, Layout, "coalesce(filter_zeros(L)): seed 001's canonical form", |a| Ok(Value::Layout(
        canonical(a.layout(0)?)?
    ))),
    f!("layouts_equivalent", A_B, Bool, "whether A and B have the same canonical form", |a| Ok(Value::Bool(
        layouts_equivalent(a.layout(0)?, a.layout(1)?)?
    ))),
    // Basis and F2 strides.
    f!(
        "make_identity_layout",
        SHAPE,
        Basis,
        "the layout of shape mapping each coordinate to itself (basis strides)",
        |a| { Ok(Value::Basis(make_identity_layout(a.tuple(0)?)?)) }
    ),
    f!(
        "swizzle_layout",
        &[Param::req("Sw", K::Swizzle), Param::req("bits", K::Int)],
        F2,
        "the swizzle on [0, 2^bits) as a layout with F2 strides",
        |a| match &a.values[0] {
            Value::Swizzle(sw) => {
                let n = a.int(1)?;
                let bits = u32::try_from(n).map_err(|_| {
                    let why = if n < 0 { "is negative" } else { "is too large" };
                    Error::new(ErrorKind::InvalidArgument, format!("swizzle_layout: argument 2 (bits): {} {}", n, why))
                })?;
                Ok(Value::F2(F2Layout::from_swizzle(*sw, bits)?))
            }
            _ => Err(a.mismatch(0)),
        }
    ),
    f!(
        "f2_layout",
        L,
        F2,
        "L as a layout with F2 strides, where its extents are powers of two and its bits never carry",
        |a| {
            let l = a.layout(0)?;
            Ok(Value::F2(F2Layout::from_matrix(&l.shape(), &BitMatrix::from_layout(l)?)?))
        }
    ),
    f!(
        "f2_matrix",
        &[Param::req("F", K::F2)],
        Tuple,
        "the columns of F's matrix over F2, one per coordinate bit (Triton's bases)",
        |a| {
            match &a.values[0] {
                Value::F2(l) => Ok(Value::Tuple(IntTuple::Tuple(
                    l.to_matrix()?.columns().iter().map(|&c| IntTuple::Leaf(c)).collect(),
                ))),
                _ => Err(a.mismatch(0)),
            }
        }
    ),
    // Seed 001's basis descriptors.
    f!(
        "descriptor",
        &[Param::req("D", K::Descriptor)],
        Descriptor,
        "D normalized (counts as integers), printed in the descriptor notation",
        |a| match &a.values[0] {
            Value::Descriptor(d) => Ok(Value::Descriptor(d.clone())),
            _ => Err(a.mismatch(0)),
        }
    ),
    // Swizzle.
    f!("make_swizzle", TUPLES_YZ, Swizzle, "the swizzle of a YYY and a ZZZ mask (CuTe's make_swizzle<Y,Z>)", |a| Ok(
        Value::Swizzle(make_swizzle_masks(a.int(0)?, a.int(1)?)?)
    )),
    f!(
        "make_composed_layout",
        &[Param::req("A", K::Swizzle), Param::req("O", K::Int), Param::req("B", K::Layout)],
        Composed,
        "A o O o B: c -> A(O + B(c)), a swizzle after a layout and an offset",
        |a| match &a.values[0] {
            Value::Swizzle(sw) => Ok(Value::Composed(ComposedLayout::new(*sw, a.int(1)?, a.layout(2)?.clone()))),
            _ => Err(a.mismatch(0)),
        }
    ),
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
/// use cute_eval::functions;
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
/// use cute_core::dynamic::ErrorKind;
/// use cute_eval::{call, Value};
/// let a: Value = "(4,6,8,10):(2,3,5,7)".parse().unwrap();
/// assert_eq!(call("composition", &[a, "6:12".parse().unwrap()]).unwrap().to_string(), "(2,3):(9,5)");
/// let e = call("compositon", &[]).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::InvalidArgument);
/// assert!(e.message().starts_with("unknown function 'compositon'; did you mean 'composition'?"));
/// ```
pub fn call(op: &str, args: &[Value]) -> Result<Value> {
    let forms: Vec<&FunctionInfo> = FunctionInfo::overloads(op).collect();
    match forms[..] {
        [] => Err(Error::new(ErrorKind::InvalidArgument, unknown_function(op))),
        [f] => f.call(args),
        // An overloaded name: the first form that takes the arguments, else the first form's
        // error naming the other forms.
        [first, ref others @ ..] => match forms.iter().find(|f| f.accepts(args)) {
            Some(f) => f.call(args),
            None => first.call(args).map_err(|e| {
                let others: Vec<String> = others.iter().map(|f| f.to_string()).collect();
                Error::new(e.kind(), format!("{}; or {}", e.message(), others.join("; or ")))
            }),
        },
    }
}
