//! `explain`: the derivation of a call of the dynamic engine, step by step with the numbers
//! ([`cute_core::explain`]), from an expression of the call language.

use cute_core::dynamic::{filter, Error, ErrorKind, IntTuple, Layout, Result, Tiler};
use cute_core::explain::{self as ex, Explanation, StepKind};

use crate::functions::FunctionInfo;
use crate::parser::parse_outer_call;
use crate::value::{Value, ValueKind};

/// The functions whose calls can be explained.
///
/// ```
/// assert!(cute_eval::explain::EXPLAINED.contains(&"logical_divide"));
/// ```
pub const EXPLAINED: &[&str] = &[
    "composition",
    "complement",
    "coalesce",
    "right_inverse",
    "left_inverse",
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
];

/// Explain the outer call of `expr`, such as `composition((4,6):(1,4), 6:2)`: its arguments are
/// parsed and evaluated as [`eval`](crate::eval) does (nested calls included, an integer `n`
/// standing for the layout `n:1` or the tile `n`), and the derivation of the call is returned.
/// `complement(A)` is explained with its default cotarget, `cosize(filter(A))`.
///
/// Errors: those of parsing and of evaluating the arguments; arguments of the wrong number or
/// kind, a function that cannot be explained (the message lists those that can), and
/// `coalesce` with a profile, are [`ErrorKind::InvalidArgument`]; arguments of more than
/// [`MAX_EXPLAINED_LEAVES`](cute_core::explain::MAX_EXPLAINED_LEAVES) leaves together, which the
/// library does not explain (an explanation grows with the product of its operands' sizes), are
/// [`ErrorKind::TooManyLeaves`]. A call that the engine rejects is explained, ending in the
/// engine's error.
///
/// ```
/// use cute_core::explain::MAX_EXPLAINED_LEAVES;
/// use cute_eval::explain::explain;
/// let e = explain("composition((4,6):(1,5), 6:2)").unwrap();
/// assert_eq!(e.outcome().unwrap().to_string(), "(2,3):(2,5)");
/// assert!(e.to_string().starts_with("composition((4,6):(1,5), 6:2)\n1. coalesce A"));
/// let bad = explain("composition((4,6,8):(2,3,5), 6:3)").unwrap();
/// assert!(bad.to_string().ends_with("stride 3 does not divide shape 4"));
/// assert!(explain("size(4:1)").unwrap_err().message().contains("logical_divide"));
/// let wide = format!("coalesce(({}):({}))", vec!["2"; 2000].join(","), vec!["1"; 2000].join(","));
/// let e = explain(&wide).unwrap_err();
/// assert_eq!(e.to_string(), format!("too many leaves: coalesce: the operands have 2000 leaves, more than the {} an explanation takes", MAX_EXPLAINED_LEAVES));
/// ```
pub fn explain(expr: &str) -> Result<Explanation> {
    let (name, args) = parse_outer_call(expr)?;
    if !EXPLAINED.contains(&name) {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("{} cannot be explained; the functions that can: {}", name, EXPLAINED.join(", ")),
        ));
    }
    let info = FunctionInfo::find(name)
        .ok_or_else(|| Error::new(ErrorKind::InvalidArgument, format!("unknown function '{}'", name)))?;
    let a = Args::new(info, &args)?;
    let e = match name {
        "composition" => match a.tiler(1)? {
            Tiler::Layout(b) => ex::composition(&a.layout(0)?, &b),
            t => ex::composition_tiler(&a.layout(0)?, &t),
        },
        "complement" => {
            let l = a.layout(0)?;
            let m = match args.len() {
                1 => IntTuple::Leaf(filter(&l)?.cosize()?),
                _ => a.tuple(1)?,
            };
            ex::complement(&l, &m)
        }
        "coalesce" => {
            if args.len() > 1 {
                return Err(Error::new(ErrorKind::InvalidArgument, "coalesce with a profile cannot be explained"));
            }
            ex::coalesce(&a.layout(0)?)
        }
        "right_inverse" => ex::right_inverse(&a.layout(0)?),
        "left_inverse" => ex::left_inverse(&a.layout(0)?),
        "logical_divide" => ex::logical_divide(&a.layout(0)?, &a.tiler(1)?),
        "zipped_divide" => ex::zipped_divide(&a.layout(0)?, &a.tiler(1)?),
        "tiled_divide" => ex::tiled_divide(&a.layout(0)?, &a.tiler(1)?),
        "flat_divide" => ex::flat_divide(&a.layout(0)?, &a.tiler(1)?),
        "logical_product" => ex::logical_product(&a.layout(0)?, &a.tiler(1)?),
        "zipped_product" => ex::zipped_product(&a.layout(0)?, &a.tiler(1)?),
        "tiled_product" => ex::tiled_product(&a.layout(0)?, &a.tiler(1)?),
        "flat_product" => ex::flat_product(&a.layout(0)?, &a.tiler(1)?),
        "blocked_product" => ex::blocked_product(&a.layout(0)?, &a.layout(1)?),
        _ => ex::raked_product(&a.layout(0)?, &a.layout(1)?),
    };
    // Operands the library refuses to explain: the call is not explained.
    if let [step] = e.steps() {
        if let (StepKind::CheckOperandLeaves, Err(err)) = (step.kind(), step.result()) {
            return Err(err.clone());
        }
    }
    Ok(e)
}

/// The arguments of a call, converted to the kinds of the function's parameters.
struct Args {
    name: &'static str,
    values: Vec<Value>,
}

impl Args {
    fn new(info: &FunctionInfo, args: &[Value]) -> Result<Args> {
        let (min, max) = (info.min_args(), info.params.len());
        if args.len() < min || args.len() > max {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("{} takes {} to {} arguments, got {}: {}", info.name, min, max, args.len(), info),
            ));
        }
        let mut values = Vec::with_capacity(args.len());
        for (number, (v, p)) in (1usize..).zip(args.iter().zip(info.params)) {
            values.push(v.convert(p.kind).map_err(|e| {
                Error::new(e.kind(), format!("{}: argument {} ({}): {}", info.name, number, p.name, e.message()))
            })?);
        }
        Ok(Args { name: info.name, values })
    }

    fn get(&self, i: usize, kind: ValueKind) -> Result<&Value> {
        self.values.get(i).filter(|v| v.kind() == kind).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                format!("{}: an argument is missing or of the wrong kind", self.name),
            )
        })
    }

    fn layout(&self, i: usize) -> Result<Layout> {
        match self.get(i, ValueKind::Layout)? {
            Value::Layout(l) => Ok(l.clone()),
            _ => Err(Error::new(ErrorKind::InvalidArgument, format!("{}: expected a layout", self.name))),
        }
    }

    fn tiler(&self, i: usize) -> Result<Tiler> {
        match self.get(i, ValueKind::Tiler)? {
            Value::Tiler(t) => Ok(t.clone()),
            _ => Err(Error::new(ErrorKind::InvalidArgument, format!("{}: expected a tiler", self.name))),
        }
    }

    fn tuple(&self, i: usize) -> Result<IntTuple> {
        match self.get(i, ValueKind::Tuple)? {
            Value::Tuple(t) => Ok(t.clone()),
            _ => Err(Error::new(ErrorKind::InvalidArgument, format!("{}: expected a tuple", self.name))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(expr: &str) -> String {
        match explain(expr) {
            Ok(e) => e.to_string(),
            Err(e) => panic!("{}: {}", expr, e),
        }
    }

    #[test]
    fn every_explained_function_agrees_with_eval() {
        let cases = [
            "composition((4,6,8,10):(2,3,5,7), 6:12)",
            "composition((12,(4,8)):(59,(13,1)), <3:4,8:2>)",
            "composition((4,6):(1,4), 6)",
            "composition((4,6):(1,4), _)",
            "complement(4:2, 24)",
            "complement((4,8):(1,8))",
            "coalesce((2,(1,6)):(1,(6,2)))",
            "right_inverse((4,8):(8,1))",
            "left_inverse((4,8):(1,5))",
            "logical_divide((8,16):(20,1), <4:1,8:2>)",
            "zipped_divide((8,16):(20,1), <4:1,8:2>)",
            "tiled_divide((8,16):(20,1), <4:1,8:2>)",
            "flat_divide((8,16):(20,1), <4:1,8:2>)",
            "logical_divide(24, 4)",
            "logical_product((3,4):(4,1), (2,5):(1,2))",
            "zipped_product((2,2):(1,2), <3:1,2:1>)",
            "tiled_product((2,2):(1,2), <3:1,2:1>)",
            "flat_product((2,2):(1,2), <3:1,2:1>)",
            "blocked_product((3,4):(4,1), (2,5):(1,2))",
            "raked_product((3,4):(4,1), (2,5):(1,2))",
            "composition(coalesce((4,6):(1,4)), 6:2)",
        ];
        for expr in cases {
            let e = explain(expr).unwrap();
            let want = crate::eval(expr).unwrap().to_string();
            assert_eq!(e.outcome().unwrap().to_string(), want, "{}", expr);
            assert_eq!(e.replay().unwrap().to_string(), want, "{}", expr);
            assert!(e.to_string().ends_with(&format!("\n= {}", want)), "{}", expr);
        }
    }

    #[test]
    fn engine_errors_are_explained() {
        let expr = "composition((4,6,8):(2,3,5), 6:3)";
        let e = explain(expr).unwrap();
        let want = crate::eval(expr).unwrap_err();
        assert_eq!(e.outcome().unwrap_err(), &want);
        assert!(text(expr).ends_with(&format!("error: {}", want)));
    }

    #[test]
    fn unsupported_calls() {
        let e = explain("size(4:1)").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert!(e.message().starts_with("size cannot be explained; the functions that can: composition, complement"));
        assert_eq!(explain("compositon(4:1, 2)").unwrap_err().kind(), ErrorKind::InvalidArgument);
        assert_eq!(explain("composition(4:1)").unwrap_err().kind(), ErrorKind::InvalidArgument);
        assert_eq!(explain("coalesce(4:1, (1))").unwrap_err().kind(), ErrorKind::InvalidArgument);
        assert_eq!(explain("composition(4:1, 2").unwrap_err().kind(), ErrorKind::Parse);
        assert_eq!(explain("logical_divide(Sw<1,2,3>, 2)").unwrap_err().kind(), ErrorKind::InvalidArgument);
        // Too many leaves is checked after the function, so a long call of another one says so.
        let ones = vec!["1"; 600].join(",");
        let e = explain(&format!("size(({}):({}))", ones, ones)).unwrap_err();
        assert!(e.message().starts_with("size cannot be explained"), "{}", e);
        let e = explain(&format!("composition(({}):({}), 2)", ones, ones)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooManyLeaves);
        assert_eq!(e.message(), "composition: the operands have 601 leaves, more than the 256 an explanation takes");
    }
}
