//! The forms of the functions for swizzles `Sw<B,M,S>`, swizzled layouts
//! `Sw<B,M,S> o OFFSET o LAYOUT`, layouts with basis strides `(4,8):(1@0,1@1)` and layouts with
//! F2 strides `(4,4):(f1,f5)`, used when an argument is one. As in CuTe, a swizzled layout's
//! inner layout defines the domain: the properties, slicing, composition on the right, the
//! divides and the products apply to it, and the swizzle and offset stay outside.
//!
//! ```
//! use cute_eval::eval;
//! assert_eq!(eval("zipped_divide(Sw<3,4,3> o 0 o (8,128):(128,1), (8,16))").unwrap().to_string(),
//!            "Sw<3,4,3> o 0 o ((8,16),(1,8)):((128,1),(0,16))");
//! ```

use cute_core::dynamic::{
    blocked_product, compose_swizzles, composition_swizzle, composition_with_basis, composition_with_composed,
    composition_with_swizzle, flat_divide, flat_product, logical_divide, logical_product, max_common_vector,
    raked_product, tiled_divide, tiled_product, zipped_divide, zipped_product, BasisLayout, CanonicalLayout,
    ComposedLayout, Error, ErrorKind, Result, Tiler,
};

use crate::value::{Value, ValueKind as K};

/// A function's form for swizzles and swizzled layouts.
///
/// ```
/// use cute_eval::FunctionInfo;
/// let f = FunctionInfo::find("logical_divide").unwrap();
/// assert_eq!(f.swizzled().unwrap().signature, "logical_divide(A: composed | basis, B: tiler) -> composed | basis");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Swizzled {
    /// The function's name.
    pub name: &'static str,
    /// The signature of this form, for the help.
    pub signature: &'static str,
    run: fn(&Raw<'_>) -> Result<Value>,
}

impl Swizzled {
    /// The form of the function named `name`, if it has one.
    pub(crate) fn find(name: &str) -> Option<&'static Swizzled> {
        SWIZZLED.iter().find(|s| s.name == name)
    }

    /// Apply to `args`, one of which is a swizzle or a swizzled layout.
    pub(crate) fn call(&self, args: &[Value]) -> Result<Value> {
        (self.run)(&Raw { f: self, args })
    }
}

/// The arguments of a call in this form, unconverted.
struct Raw<'a> {
    f: &'a Swizzled,
    args: &'a [Value],
}

impl Raw<'_> {
    fn err(&self, what: String) -> Error {
        Error::new(ErrorKind::InvalidArgument, format!("{}: {} ({})", self.f.name, what, self.f.signature))
    }

    /// Exactly `n` arguments.
    fn count(&self, n: usize) -> Result<()> {
        if self.args.len() == n {
            Ok(())
        } else {
            Err(self.err(format!("takes {} arguments here, got {}", n, self.args.len())))
        }
    }

    // In range: `args[i]` exists (read first), so i < args.len() and `i + 1` fits.
    #[allow(clippy::arithmetic_side_effects)]
    fn composed(&self, i: usize) -> Result<&ComposedLayout> {
        match &self.args[i] {
            Value::Composed(c) => Ok(c),
            v => Err(self.err(format!(
                "argument {}: expected {}, found {}",
                i + 1,
                K::Composed.description(),
                v.describe()
            ))),
        }
    }

    /// Argument `i` converted to `kind`.
    // In range: `args[i]` exists (read first), so i < args.len() and `i + 1` fits.
    #[allow(clippy::arithmetic_side_effects)]
    fn conv(&self, i: usize, kind: K) -> Result<Value> {
        self.args[i]
            .convert(kind)
            .map_err(|e| Error::new(e.kind(), format!("{}: argument {}: {}", self.f.name, i + 1, e.message())))
    }

    fn tiler(&self, i: usize) -> Result<Tiler> {
        match self.conv(i, K::Tiler)? {
            Value::Tiler(t) => Ok(t),
            _ => unreachable!("converted to a tiler"),
        }
    }

    fn int(&self, i: usize) -> Result<i64> {
        match self.conv(i, K::Int)? {
            Value::Int(n) => Ok(n),
            _ => unreachable!("converted to an integer"),
        }
    }

    fn layout(&self, i: usize) -> Result<cute_core::dynamic::Layout> {
        match self.conv(i, K::Layout)? {
            Value::Layout(l) => Ok(l),
            _ => unreachable!("converted to a layout"),
        }
    }

    /// `f` of the inner layout of argument 0 and the tiler of argument 1.
    fn by_tiler(
        &self,
        f: fn(&cute_core::dynamic::Layout, &Tiler) -> Result<cute_core::dynamic::Layout>,
    ) -> Result<Value> {
        self.count(2)?;
        let t = self.tiler(1)?;
        Ok(Value::Composed(self.composed(0)?.map_inner(|l| f(l, &t))?))
    }

    /// A divide of argument 0 by the tiler of argument 1: `basis` for a layout with basis
    /// strides, else `f` of a swizzled layout's inner layout.
    fn divide(
        &self,
        f: fn(&cute_core::dynamic::Layout, &Tiler) -> Result<cute_core::dynamic::Layout>,
        basis: fn(&BasisLayout, &Tiler) -> Result<BasisLayout>,
    ) -> Result<Value> {
        match self.args {
            [Value::Basis(l), _] => Ok(Value::Basis(basis(l, &self.tiler(1)?)?)),
            _ => self.by_tiler(f),
        }
    }

    /// `f` of the inner layout of argument 0 and the layout of argument 1.
    fn by_layout(
        &self,
        f: fn(&cute_core::dynamic::Layout, &cute_core::dynamic::Layout) -> Result<cute_core::dynamic::Layout>,
    ) -> Result<Value> {
        self.count(2)?;
        let b = self.layout(1)?;
        Ok(Value::Composed(self.composed(0)?.map_inner(|l| f(l, &b))?))
    }

    /// A property of the inner layout of the only argument.
    fn inner(&self, f: fn(&cute_core::dynamic::Layout) -> Result<Value>) -> Result<Value> {
        self.count(1)?;
        f(self.composed(0)?.inner())
    }
}

fn count(n: usize) -> Result<Value> {
    i64::try_from(n).map(Value::Int).map_err(|_| Error::new(ErrorKind::Overflow, format!("{} does not fit in i64", n)))
}

macro_rules! s {
    ($name:literal, $sig:literal, $run:expr) => {
        Swizzled { name: $name, signature: $sig, run: $run }
    };
}

static SWIZZLED: &[Swizzled] = &[
    s!("size", "size(L: composed | basis | f2) -> int", |a| {
        a.count(1)?;
        match &a.args[0] {
            Value::Basis(l) => Ok(Value::Int(l.size()?)),
            Value::F2(l) => Ok(Value::Int(l.size()?)),
            _ => a.inner(|l| Ok(Value::Int(l.size()?))),
        }
    }),
    s!("cosize", "cosize(L: composed) -> int", |a| a.inner(|l| Ok(Value::Int(l.cosize()?)))),
    s!("rank", "rank(L: composed) -> int", |a| a.inner(|l| count(l.rank()))),
    s!("depth", "depth(L: composed) -> int", |a| a.inner(|l| count(l.depth()))),
    s!("shape", "shape(L: composed) -> tuple", |a| a.inner(|l| Ok(Value::Tuple(l.shape().clone())))),
    s!("eval", "eval(L: composed | basis | f2, i: tuple) -> int | tuple", |a| {
        a.count(2)?;
        match &a.args[0] {
            Value::Basis(l) => match &a.args[1] {
                Value::Int(i) => Ok(Value::Tuple(l.call(*i)?)),
                _ => match a.conv(1, K::Tuple)? {
                    Value::Tuple(t) => Ok(Value::Tuple(l.call_coord(&t)?)),
                    _ => unreachable!("converted to a tuple"),
                },
            },
            Value::F2(l) => Ok(Value::Int(l.call(a.int(1)?)?)),
            _ => {
                let c = a.composed(0)?;
                match &a.args[1] {
                    Value::Int(i) => Ok(Value::Int(c.call(*i)?)),
                    _ => match a.conv(1, K::Tuple)? {
                        Value::Tuple(t) => Ok(Value::Int(c.call_coord(&t)?)),
                        _ => unreachable!("converted to a tuple"),
                    },
                }
            }
        }
    }),
    s!("slice", "slice(c: coord, L: composed) -> composed", |a| {
        a.count(2)?;
        let coord = match a.conv(0, K::Coord)? {
            Value::Coord(c) => c,
            _ => unreachable!("converted to a coordinate"),
        };
        Ok(Value::Composed(a.composed(1)?.slice_and_offset(&coord)?.0))
    }),
    s!("composition", "composition(A: swizzle | composed | basis | f2 | layout, B: swizzle | composed | basis | layout | tiler | f2) -> swizzle | composed | basis | f2 | layout", |a| {
        a.count(2)?;
        match (&a.args[0], &a.args[1]) {
            (Value::Swizzle(x), Value::Swizzle(y)) => Ok(Value::Swizzle(compose_swizzles(*x, *y)?)),
            (Value::Swizzle(x), _) => Ok(Value::Composed(composition_swizzle(*x, &a.layout(1)?))),
            (Value::Composed(c), _) => Ok(Value::Composed(c.composition(&a.tiler(1)?)?)),
            (Value::Basis(l), _) => Ok(Value::Basis(l.composition_tiler(&a.tiler(1)?)?)),
            (Value::F2(l), Value::F2(b)) => Ok(Value::F2(l.composition(b)?)),
            (Value::F2(l), _) => Ok(Value::F2(l.composition_layout(&a.layout(1)?)?)),
            // An integer layout with a swizzle, a swizzled layout or basis strides on the right.
            (Value::Layout(_) | Value::Int(_), Value::Swizzle(y)) => {
                Ok(Value::Composed(composition_with_swizzle(&a.layout(0)?, *y)?))
            }
            (Value::Layout(_) | Value::Int(_), Value::Composed(c)) => {
                Ok(Value::Composed(composition_with_composed(&a.layout(0)?, c)?))
            }
            (Value::Layout(_) | Value::Int(_), Value::Basis(b)) => {
                Ok(Value::Layout(composition_with_basis(&a.layout(0)?, b)?))
            }
            (v, _) => Err(a.err(format!(
                "argument 1: expected a swizzle, a swizzled layout, a layout with basis or F2 strides, or a layout with one of those on the right, found {}",
                v.describe()
            ))),
        }
    }),
    s!("logical_divide", "logical_divide(A: composed | basis, B: tiler) -> composed | basis", |a| {
        a.divide(logical_divide, BasisLayout::logical_divide)
    }),
    s!("zipped_divide", "zipped_divide(A: composed | basis, B: tiler) -> composed | basis", |a| {
        a.divide(zipped_divide, BasisLayout::zipped_divide)
    }),
    s!("tiled_divide", "tiled_divide(A: composed | basis, B: tiler) -> composed | basis", |a| {
        a.divide(tiled_divide, BasisLayout::tiled_divide)
    }),
    s!("flat_divide", "flat_divide(A: composed | basis, B: tiler) -> composed | basis", |a| {
        a.divide(flat_divide, BasisLayout::flat_divide)
    }),
    s!("logical_product", "logical_product(A: composed, B: tiler) -> composed", |a| a.by_tiler(logical_product)),
    s!("zipped_product", "zipped_product(A: composed, B: tiler) -> composed", |a| a.by_tiler(zipped_product)),
    s!("tiled_product", "tiled_product(A: composed, B: tiler) -> composed", |a| a.by_tiler(tiled_product)),
    s!("flat_product", "flat_product(A: composed, B: tiler) -> composed", |a| a.by_tiler(flat_product)),
    s!("blocked_product", "blocked_product(A: composed, B: layout) -> composed", |a| a.by_layout(blocked_product)),
    s!("raked_product", "raked_product(A: composed, B: layout) -> composed", |a| a.by_layout(raked_product)),
    s!("right_inverse", "right_inverse(L: composed | basis | f2) -> composed | layout | f2", |a| {
        a.count(1)?;
        match &a.args[0] {
            Value::Basis(l) => Ok(Value::Layout(l.right_inverse()?)),
            Value::F2(l) => Ok(Value::F2(l.inverse()?)),
            _ => Ok(Value::Composed(a.composed(0)?.right_inverse()?)),
        }
    }),
    s!("left_inverse", "left_inverse(L: composed | basis | f2) -> composed | layout | f2", |a| {
        a.count(1)?;
        match &a.args[0] {
            Value::Basis(l) => Ok(Value::Layout(l.left_inverse()?)),
            Value::F2(l) => Ok(Value::F2(l.inverse()?)),
            _ => Ok(Value::Composed(a.composed(0)?.left_inverse()?)),
        }
    }),
    s!("complement", "complement(A: basis) -> basis", |a| {
        a.count(1)?;
        match &a.args[0] {
            Value::Basis(l) => Ok(Value::Basis(l.complement()?)),
            v => Err(a.err(format!("argument 1: expected {}, found {}", K::Basis.description(), v.describe()))),
        }
    }),
    s!("coalesce", "coalesce(L: composed | basis | f2) -> composed | basis | f2", |a| {
        a.count(1)?;
        match &a.args[0] {
            Value::Basis(l) => Ok(Value::Basis(l.coalesce()?)),
            Value::F2(l) => Ok(Value::F2(l.coalesce()?)),
            _ => Ok(Value::Composed(a.composed(0)?.map_inner(cute_core::dynamic::coalesce)?)),
        }
    }),
    s!("upcast", "upcast(N: int, L: swizzle | composed) -> swizzle | composed", |a| {
        a.count(2)?;
        let n = a.int(0)?;
        match &a.args[1] {
            Value::Swizzle(sw) => Ok(Value::Swizzle(sw.upcast(n).map_err(|e| swizzle_error("upcast", e))?)),
            _ => Ok(Value::Composed(a.composed(1)?.upcast(n)?)),
        }
    }),
    s!("downcast", "downcast(N: int, L: swizzle | composed) -> swizzle | composed", |a| {
        a.count(2)?;
        let n = a.int(0)?;
        match &a.args[1] {
            Value::Swizzle(sw) => Ok(Value::Swizzle(sw.downcast(n).map_err(|e| swizzle_error("downcast", e))?)),
            _ => Ok(Value::Composed(a.composed(1)?.downcast(n)?)),
        }
    }),
    s!("max_common_vector", "max_common_vector(A: layout | composed, B: layout | composed) -> int", |a| {
        a.count(2)?;
        let v = match (&a.args[0], &a.args[1]) {
            (Value::Composed(x), Value::Composed(y)) => x.max_common_vector_composed(y)?,
            (Value::Composed(x), _) => x.max_common_vector(&a.layout(1)?)?,
            (_, Value::Composed(y)) => y.max_common_vector(&a.layout(0)?)?,
            _ => max_common_vector(&a.layout(0)?, &a.layout(1)?)?,
        };
        Ok(Value::Int(v))
    }),
    s!("canonical", "canonical(L: composed) -> layout | composed", |a| {
        a.count(1)?;
        Ok(match CanonicalLayout::of_composed(a.composed(0)?)? {
            CanonicalLayout::Plain(l) => Value::Layout(l),
            CanonicalLayout::Swizzled(c) => Value::Composed(c),
        })
    }),
    s!("layouts_equivalent", "layouts_equivalent(A: layout | composed, B: layout | composed) -> bool", |a| {
        a.count(2)?;
        let form = |i: usize| match &a.args[i] {
            Value::Composed(c) => CanonicalLayout::of_composed(c),
            _ => CanonicalLayout::of(&a.layout(i)?),
        };
        Ok(Value::Bool(form(0)? == form(1)?))
    }),
];

fn swizzle_error(op: &str, e: cute_core::swizzle::SwizzleError) -> Error {
    Error::new(ErrorKind::InvalidSwizzle, format!("{}: {}", op, e))
}

/// Whether the call goes to the swizzled form: an argument is a swizzle or a swizzled layout.
pub(crate) fn applies(args: &[Value]) -> bool {
    args.iter().any(|v| matches!(v, Value::Swizzle(_) | Value::Composed(_) | Value::Basis(_) | Value::F2(_)))
}

/// The leaves a composed value holds, for the leaf bound.
pub(crate) fn leaves(v: &Value) -> usize {
    match v {
        Value::Composed(c) => c.inner().shape().leaf_count(),
        Value::Layout(l) => l.shape().leaf_count(),
        Value::Basis(l) => l.shape().leaf_count(),
        Value::F2(l) => l.shape().leaf_count(),
        Value::Tuple(t) => t.leaf_count(),
        _ => 1,
    }
}
