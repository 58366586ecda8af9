//! The expression parser: `name(arg, ...)`, each argument CuTe notation or a nested call. It
//! reads the text with the dynamic engine's notation [`Lexer`], so a layout argument is read by
//! the same code, with the same errors, as `"...".parse::<Layout>()`.

use cute_core::dynamic::{
    make_swizzle, parse_basis_layout_prefix, parse_descriptor_prefix, parse_f2_layout_prefix, ComposedLayout, Error,
    ErrorKind, Lexer, Result, TermKind,
};

use crate::functions::{call, FunctionInfo};
use crate::suggest::{unknown_atom, unknown_function};
use crate::value::{Value, ValueKind};

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
    Value(Box<Value>),
    Call { name: &'static str, args: Vec<Expr> },
}

impl Expr {
    fn eval(&self) -> Result<Value> {
        match self {
            Expr::Value(v) => Ok(Value::clone(v)),
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

/// A nested call (a name and `(`), an MMA or copy atom (a name alone), a swizzle or swizzled layout
/// (starting `Sw<`) or a term of CuTe notation.
fn parse_arg(lex: &mut Lexer<'_>, depth: usize) -> Result<Expr> {
    lex.skip_ws();
    match lex.peek() {
        _ if starts_swizzle(lex) => Ok(Expr::Value(Box::new(parse_value(lex)?))),
        Some(c) if c.is_ascii_alphabetic() && !starts_call(lex) => Ok(Expr::Value(Box::new(atom(lex)?))),
        // In range: parse_arg runs inside a call that checked depth < MAX_NESTING.
        #[allow(clippy::arithmetic_side_effects)]
        Some(c) if c.is_ascii_alphabetic() => parse_call(lex, depth + 1),
        Some(b'(' | b'<' | b'_' | b'-' | b'0'..=b'9') => Ok(Expr::Value(Box::new(term_or_descriptor(lex)?))),
        _ => Err(lex.error("an argument (CuTe notation or a call)")),
    }
}

/// Whether the word at the lexer is a call: a function's name, or followed by `(`.
fn starts_call(lex: &Lexer<'_>) -> bool {
    let mut ahead = lex.clone();
    let word = ahead.word();
    ahead.skip_ws();
    FunctionInfo::find(word).is_some() || ahead.eat(b'(')
}

/// An MMA or copy atom by CuTe's name; a name with a width, `UniversalCopy<uint32_t>`, is read
/// up to its `>`.
fn atom(lex: &mut Lexer<'_>) -> Result<Value> {
    let at = lex.pos();
    let word = lex.word();
    let mut name = String::from(word);
    let mut ahead = lex.clone();
    ahead.skip_ws();
    if ahead.eat(b'<') {
        *lex = ahead;
        lex.skip_ws();
        name.push('<');
        name.push_str(lex.word());
        lex.skip_ws();
        if !lex.eat(b'>') {
            return Err(lex.error("'>' after the width of the atom"));
        }
        name.push('>');
    }
    if let Some(atom) = cute_core::atom::mma_atom(&name) {
        return Ok(Value::MmaAtom(Box::new(atom)));
    }
    match cute_core::atom::copy_atom(&name) {
        Some(atom) => Ok(Value::CopyAtom(Box::new(atom))),
        None => Err(Error::new(ErrorKind::InvalidArgument, format!("at byte {}: {}", at, unknown_atom(&name)))),
    }
}

/// Whether the text at the lexer starts `Sw<` (a swizzle, not a call).
fn starts_swizzle(lex: &Lexer<'_>) -> bool {
    let mut ahead = lex.clone();
    ahead.word() == "Sw" && ahead.eat(b'<')
}

/// A value: a swizzle `Sw<B,M,S>`, a swizzled layout `Sw<B,M,S> o OFFSET o LAYOUT`, or a term
/// of CuTe notation; whitespace before it skipped, the text after it left unread.
pub(crate) fn parse_value(lex: &mut Lexer<'_>) -> Result<Value> {
    lex.skip_ws();
    if !starts_swizzle(lex) {
        if matches!(lex.peek(), Some(c) if c.is_ascii_alphabetic()) {
            return atom(lex);
        }
        return term_or_descriptor(lex);
    }
    lex.word();
    lex.eat(b'<');
    let mut params = [0i64; 3];
    for (k, p) in params.iter_mut().enumerate() {
        *p = int(lex, ["B", "M", "S"][k])?;
        lex.skip_ws();
        let sep = if k < 2 { b',' } else { b'>' };
        if !lex.eat(sep) {
            return Err(lex.error(if k < 2 { "','" } else { "'>'" }));
        }
    }
    let swizzle = make_swizzle(params[0], params[1], params[2])?;
    // `o OFFSET o LAYOUT` makes it a swizzled layout.
    let mut ahead = lex.clone();
    ahead.skip_ws();
    if ahead.word() != "o" {
        return Ok(Value::Swizzle(swizzle));
    }
    *lex = ahead;
    let offset = int(lex, "the offset")?;
    lex.skip_ws();
    let before = lex.clone();
    if lex.word() != "o" {
        return Err(before.error("'o' before the layout"));
    }
    lex.skip_ws();
    let at = lex.clone();
    match Value::from_term(&lex.term()?)?.convert(ValueKind::Layout) {
        Ok(Value::Layout(l)) => Ok(Value::Composed(ComposedLayout::new(swizzle, offset, l))),
        _ => Err(at.error("a layout shape:stride")),
    }
}

/// A term of CuTe notation; where the notation stops at a basis entry's `@` or `/`, a basis
/// descriptor `(1@0, 8@1)` (seed 001's grammar, normalized) or, after a shape and `:`, a
/// layout with basis strides `(4,8):(1@0,1@1)`; where it stops at an `f` after a shape and
/// `:`, a layout with F2 strides `(4,4):(f1,f5)`.
fn term_or_descriptor(lex: &mut Lexer<'_>) -> Result<Value> {
    let start = lex.pos();
    let mut ahead = lex.clone();
    let text = lex.text();
    let e = match ahead.term() {
        // A rank-1 layout `4:1@0` reads as the layout `4:1` up to its basis entry's `@` (or a
        // scale's `/`): it is a layout with a basis stride.
        Ok(_)
            if matches!(text.as_bytes().get(ahead.pos()), Some(b'@' | b'/'))
                && text[start..ahead.pos()].contains(':') =>
        {
            let (l, end) = parse_basis_layout_prefix(text, start)?;
            lex.seek(end);
            return Ok(Value::Basis(l));
        }
        Ok(t) => {
            *lex = ahead;
            return Value::from_term(&t);
        }
        Err(e) => e,
    };
    let Some(at) = error_offset(&e) else { return Err(e) };
    let after_shape = text.get(start..at).is_some_and(|t| t.contains(':'));
    let (value, end) = match (text.as_bytes().get(at), after_shape) {
        (Some(b'@' | b'/'), true) => {
            let (l, end) = parse_basis_layout_prefix(text, start)?;
            (Value::Basis(l), end)
        }
        (Some(b'f'), true) => {
            let (l, end) = parse_f2_layout_prefix(text, start)?;
            (Value::F2(l), end)
        }
        (Some(b'@' | b'/'), false) if text[start..].trim_start().starts_with('(') => {
            let (d, end) = parse_descriptor_prefix(text, start)?;
            (Value::Descriptor(d.normalize()?), end)
        }
        _ => return Err(e),
    };
    lex.seek(end);
    Ok(value)
}

/// The byte offset a notation error names.
fn error_offset(e: &Error) -> Option<usize> {
    e.message().strip_prefix("at byte ")?.split(':').next()?.parse().ok()
}

/// An integer term, named `what` in the error.
fn int(lex: &mut Lexer<'_>, what: &str) -> Result<i64> {
    lex.skip_ws();
    let at = lex.clone();
    match lex.term().map(|t| t.kind) {
        Ok(TermKind::Int(n)) => Ok(n),
        _ => Err(at.error(&format!("an integer ({})", what))),
    }
}

/// Parse an expression `name(arg, ...)` as [`eval`] does and evaluate its arguments but not the
/// outer call: the function's name (as in the table) and the argument values.
pub(crate) fn parse_outer_call(expr: &str) -> Result<(&'static str, Vec<Value>)> {
    let mut lex = Lexer::new(expr);
    let tree = parse_call(&mut lex, 0)?;
    lex.finish()?;
    match tree {
        Expr::Call { name, args } => Ok((name, args.iter().map(Expr::eval).collect::<Result<Vec<_>>>()?)),
        Expr::Value(_) => Err(Error::new(ErrorKind::Parse, "at byte 0: expected a function name")),
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
