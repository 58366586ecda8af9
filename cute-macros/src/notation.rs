//! CuTe's notation, parsed from the tokens of a macro call.
//!
//! The grammar is the dynamic engine's (`cute::dynamic::Term`): `(4,(3,2)):(2,(8,1))`, `_4`,
//! `-2`, `<4:1,(8,2):(2,1)>`, `_`, basis strides `1@0`, `2@1@0`, plus `{expr}` (`{}` in a type)
//! for a runtime leaf (also as a basis stride's scale, `{v}@1`). Each node
//! keeps its tokens, so an error can point at the characters the user typed.

use core::fmt;

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Error, Result};

/// A parsed term with the tokens it came from.
pub struct Term {
    pub kind: Kind,
    pub tokens: TokenStream,
}

pub enum Kind {
    /// An integer: `4`, `-4`, `_4`, `_-4`.
    Int(i64),
    /// `{expr}` or `{}`: a runtime leaf, with the tokens inside the braces (empty for `{}`).
    Runtime(TokenStream),
    /// `_`.
    Underscore,
    /// `(a, b, ...)`.
    Tuple(Vec<Term>),
    /// `<a, b, ...>`.
    Tiler(Vec<Term>),
    /// `shape:stride`.
    Layout(Box<Term>, Box<Term>),
    /// `v@k`, `v@k@j`: a scale (an integer or a runtime leaf) times a basis element, its dims
    /// innermost first as written (`1@1@0` is CuTe's `E<0,1>`).
    Basis(Box<Term>, Vec<u32>),
}

impl Term {
    /// An error pointing at this term's tokens.
    pub fn error(&self, message: impl fmt::Display) -> Error {
        Error::new_spanned(&self.tokens, message)
    }

    /// The sub-terms of a tuple or a tiler.
    pub fn items(&self) -> Option<&[Term]> {
        match &self.kind {
            Kind::Tuple(v) | Kind::Tiler(v) => Some(v),
            _ => None,
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, v: &[Term], open: &str, close: &str| {
            f.write_str(open)?;
            for (i, t) in v.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                t.fmt(f)?;
            }
            f.write_str(close)
        };
        match &self.kind {
            Kind::Int(n) => n.fmt(f),
            Kind::Runtime(e) if e.is_empty() => f.write_str("{}"),
            Kind::Runtime(_) => f.write_str("{..}"),
            Kind::Underscore => f.write_str("_"),
            Kind::Tuple(v) => list(f, v, "(", ")"),
            Kind::Tiler(v) => list(f, v, "<", ">"),
            Kind::Layout(s, d) => write!(f, "{s}:{d}"),
            Kind::Basis(v, dims) => {
                v.fmt(f)?;
                dims.iter().try_for_each(|k| write!(f, "@{k}"))
            }
        }
    }
}

/// Parse a whole macro input as one term, optionally followed by `, Word` (returned as an
/// identifier), e.g. `(4,8), LayoutRight`.
pub fn parse(input: TokenStream, what: &str) -> Result<(Term, Option<proc_macro2::Ident>)> {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    if tokens.is_empty() {
        return Err(Error::new(Span::call_site(), format!("expected {what}, found nothing")));
    }
    let mut p = Parser { tokens: &tokens, pos: 0 };
    let term = p.term()?;
    let mut word = None;
    if p.is_punct(',') {
        p.advance();
        match p.peek() {
            Some(TokenTree::Ident(id)) => {
                word = Some(id.clone());
                p.advance();
            }
            Some(t) => return Err(Error::new_spanned(t, "expected `LayoutLeft` or `LayoutRight`")),
            None => return Err(Error::new_spanned(p.previous(), "expected `LayoutLeft` or `LayoutRight`")),
        }
    }
    if let Some(t) = p.peek() {
        return Err(Error::new_spanned(t, format!("unexpected `{t}` after `{term}`")));
    }
    Ok((term, word))
}

struct Parser<'a> {
    tokens: &'a [TokenTree],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    /// Step past the token at `pos` (nothing at the end of the input).
    fn advance(&mut self) {
        if self.pos < self.tokens.len() {
            // In range: pos < tokens.len() <= isize::MAX.
            #[allow(clippy::arithmetic_side_effects)]
            let next = self.pos + 1;
            self.pos = next;
        }
    }

    /// The token just stepped past, where an error points when the input ends there (every
    /// caller has stepped past one: an opening token, a `:`, `,`, `@` or `-`).
    fn previous(&self) -> Option<&TokenTree> {
        self.pos.checked_sub(1).and_then(|at| self.tokens.get(at))
    }

    fn is_punct(&self, c: char) -> bool {
        matches!(self.peek(), Some(TokenTree::Punct(p)) if p.as_char() == c)
    }

    /// The tokens consumed since `start`, for the spans of a node.
    fn since(&self, start: usize) -> TokenStream {
        self.tokens[start..self.pos].iter().cloned().collect()
    }

    /// `primary [':' primary]`.
    fn term(&mut self) -> Result<Term> {
        let start = self.pos;
        let first = self.primary()?;
        if !self.is_punct(':') {
            return Ok(first);
        }
        self.advance();
        let stride = self.primary()?;
        Ok(Term { kind: Kind::Layout(Box::new(first), Box::new(stride)), tokens: self.since(start) })
    }

    fn primary(&mut self) -> Result<Term> {
        let start = self.pos;
        let Some(token) = self.peek().cloned() else {
            return Err(match self.previous() {
                Some(last) => Error::new_spanned(last, format!("expected an integer, `_`, `(` or `<` after `{last}`")),
                None => Error::new(Span::call_site(), "expected an integer, `_`, `(` or `<`"),
            });
        };
        let kind = match &token {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => {
                self.advance();
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                let mut sub = Parser { tokens: &inner, pos: 0 };
                Kind::Tuple(sub.items(None, g.span_close())?)
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                self.advance();
                Kind::Runtime(g.stream())
            }
            TokenTree::Punct(p) if p.as_char() == '<' => {
                self.advance();
                Kind::Tiler(self.items(Some('>'), p.span())?)
            }
            TokenTree::Ident(id) if id == "_" => {
                self.advance();
                if self.is_punct('-') {
                    Kind::Int(self.signed_int(start)?)
                } else {
                    Kind::Underscore
                }
            }
            _ => Kind::Int(self.signed_int(start)?),
        };
        let scale = Term { kind, tokens: self.since(start) };
        if !self.is_punct('@') || !matches!(scale.kind, Kind::Int(_) | Kind::Runtime(_)) {
            return Ok(scale);
        }
        let mut dims = Vec::new();
        while self.is_punct('@') {
            self.advance();
            dims.push(self.dim()?);
        }
        Ok(Term { kind: Kind::Basis(Box::new(scale), dims), tokens: self.since(start) })
    }

    /// The index after an `@`: an unsigned integer literal below 1024 (CuTe DSL's basis
    /// elements are small; the dynamic engine's `MAX_BASIS_INDEX`).
    fn dim(&mut self) -> Result<u32> {
        let Some(TokenTree::Literal(lit)) = self.peek() else {
            return Err(match self.peek() {
                Some(t) => Error::new_spanned(t, format!("expected a basis index after `@`, found `{t}`")),
                None => Error::new_spanned(self.previous(), "expected a basis index after this `@`"),
            });
        };
        let index = match syn::parse2::<syn::Lit>(lit.to_token_stream()) {
            Ok(syn::Lit::Int(int)) if int.suffix().is_empty() => int.base10_parse::<u32>().ok().filter(|&k| k < 1024),
            _ => return Err(Error::new_spanned(lit, format!("expected a basis index after `@`, found `{lit}`"))),
        };
        let index = index
            .ok_or_else(|| Error::new_spanned(lit, format!("basis index `{lit}` is out of range: at most 1023")))?;
        self.advance();
        Ok(index)
    }

    /// Comma-separated terms, up to the end of the group (`close` None) or up to `close`.
    /// `open` is where to point if the list is never closed.
    fn items(&mut self, close: Option<char>, open: Span) -> Result<Vec<Term>> {
        let mut items = Vec::new();
        let at_close = |p: &Self| match close {
            None => p.peek().is_none(),
            Some(c) => p.is_punct(c),
        };
        if at_close(self) {
            if close.is_some() {
                self.advance();
            }
            return Ok(items);
        }
        loop {
            items.push(self.term()?);
            if at_close(self) {
                if close.is_some() {
                    self.advance();
                }
                return Ok(items);
            }
            match self.peek() {
                Some(TokenTree::Punct(p)) if p.as_char() == ',' => self.advance(),
                Some(t) => {
                    let expected = if close.is_some() { "`,` or `>`" } else { "`,` or `)`" };
                    return Err(Error::new_spanned(t, format!("expected {expected}, found `{t}`")));
                }
                None => return Err(Error::new(open, "unclosed `<`: expected `,` or `>`")),
            }
            if at_close(self) {
                return Err(Error::new_spanned(self.previous(), "expected an integer, `_`, `(` or `<` after this `,`"));
            }
        }
    }

    /// `[_][-]digits`, `-_digits` or the identifier `_digits`, from `start` (a leading `_` may
    /// already be consumed).
    fn signed_int(&mut self, start: usize) -> Result<i64> {
        let negative = self.is_punct('-');
        if negative {
            self.advance();
        }
        let digits = match self.peek() {
            Some(TokenTree::Literal(lit)) => match syn::parse2::<syn::Lit>(lit.to_token_stream()) {
                Ok(syn::Lit::Int(int)) if int.suffix().is_empty() => int.base10_digits().to_string(),
                _ => return Err(self.not_an_integer()),
            },
            // `_4` is one identifier (`-_4` is `-` and `_4`).
            Some(TokenTree::Ident(id)) => match id.to_string().strip_prefix('_') {
                Some(d) if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) => d.to_string(),
                _ => return Err(self.not_an_integer()),
            },
            _ => return Err(self.not_an_integer()),
        };
        self.advance();
        let magnitude: Option<i128> = digits.parse().ok();
        match magnitude
            .and_then(|m| if negative { m.checked_neg() } else { Some(m) })
            .and_then(|v| i64::try_from(v).ok())
        {
            Some(v) => Ok(v),
            None => {
                let tokens = self.since(start);
                let text: String = tokens.to_string().split_whitespace().collect();
                Err(Error::new_spanned(tokens, format!("integer `{text}` is out of range: a leaf must fit in i64")))
            }
        }
    }

    fn not_an_integer(&self) -> Error {
        match self.peek() {
            Some(t) => Error::new_spanned(t, format!("expected an integer, `_`, `(` or `<`, found `{t}`")),
            None => Error::new_spanned(self.previous(), "expected digits after this"),
        }
    }
}
