//! The expression parser: `name(arg, ...)`, each argument CuTe notation or a nested call. It
//! reads the text with the dynamic engine's notation [`Lexer`], so a layout argument is read by
//! the same code, with the same errors, as `"...".parse::<Layout>()`.

use cute_core::dynamic::{Error, ErrorKind, Lexer, Result};

use crate::functions::{call, FunctionInfo};
use crate::suggest::unknown_function;
use crate::value::Value;

/// Calls nested deeper than this are rejected (the parser is recursive).
///
/// ```
/// use cute_eval::{eval, MAX_NESTING};
/// let deep = format!("{}4:1{}", "flatten(".repeat(MAX_NESTING + 1), ")".repeat(MAX_NESTING + 1));
/// assert!(eval(&deep).unwrap_err().to_string().contains("nested deeper than 64 levels"));
/// ```
pub const MAX_NESTING: usize = 64;

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

/// `name ( [arg {, arg}] )`, at the lexer's position (whitespace skipped).
fn parse_call(lex: &mut Lexer<'_>, depth: usize) -> Result<Expr> {
    lex.skip_ws();
    let at = lex.pos();
    if !matches!(lex.peek(), Some(c) if c.is_ascii_alphabetic()) {
        return Err(lex.error("a function name"));
    }
    if depth >= MAX_NESTING {
        return Err(Error::new(
            ErrorKind::Parse,
            format!("at byte {}: calls nested deeper than {} levels", at, MAX_NESTING),
        ));
    }
    let name = lex.word();
    let Some(info) = FunctionInfo::find(name) else {
        return Err(Error::new(ErrorKind::InvalidArgument, format!("at byte {}: {}", at, unknown_function(name))));
    };
    lex.skip_ws();
    if !lex.eat(b'(') {
        return Err(lex.error("'('"));
    }
    let mut args = Vec::new();
    lex.skip_ws();
    if lex.eat(b')') {
        return Ok(Expr::Call { name: info.name, args });
    }
    loop {
        args.push(parse_arg(lex, depth)?);
        lex.skip_ws();
        if lex.eat(b')') {
            return Ok(Expr::Call { name: info.name, args });
        }
        if !lex.eat(b',') {
            return Err(lex.error("',' or ')'"));
        }
    }
}

/// A nested call (starting with a letter) or a term of CuTe notation.
fn parse_arg(lex: &mut Lexer<'_>, depth: usize) -> Result<Expr> {
    lex.skip_ws();
    match lex.peek() {
        Some(c) if c.is_ascii_alphabetic() => parse_call(lex, depth + 1),
        Some(b'(' | b'<' | b'_' | b'-' | b'0'..=b'9') => Ok(Expr::Value(Value::from_term(&lex.term()?)?)),
        _ => Err(lex.error("an argument (CuTe notation or a call)")),
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
/// use cute_core::dynamic::ErrorKind;
/// use cute_eval::eval;
/// assert_eq!(eval("complement(4:2, 24)").unwrap().to_string(), "(2,3):(1,8)");
/// assert_eq!(eval(" eval( (4,8):(1,4) , 22 ) ").unwrap().to_string(), "22");
/// assert_eq!(eval("coalesce((2,(1,6)):(1,(6,2)), (1,_))").unwrap().to_string(), "(2,(1,6)):(1,(6,2))");
/// let e = eval("size(4:1 x)").unwrap_err();
/// assert_eq!(e.to_string(), "parse: at byte 9: expected ',' or ')', found 'x'");
/// assert_eq!(eval("composition(4:1)").unwrap_err().kind(), ErrorKind::InvalidArgument);
/// ```
pub fn eval(expr: &str) -> Result<Value> {
    let mut lex = Lexer::new(expr);
    let tree = parse_call(&mut lex, 0)?;
    lex.finish()?;
    tree.eval()
}
