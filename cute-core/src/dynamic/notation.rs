//! CuTe's text notation: `(4,(3,2)):(2,(8,1))`, tilers `<4:1,(8,2):(2,1)>`, shapes `(4,8)`,
//! integers (`_4` is accepted), and `_`, the slice marker.
//!
//! Parsing builds a small syntax tree ([`Term`]) that each value type then converts from, so a
//! malformed input is reported once, with the byte offset and what was expected.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::error::{bail, Error, ErrorKind, Result};
use super::int_tuple::{HTuple, IntTuple};

/// A parsed piece of CuTe notation, with the byte offset where it starts.
///
/// ```
/// use cute::dynamic::Term;
/// let t = Term::parse("  (4,8):(1,4)").unwrap();
/// assert_eq!(t.at, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// Byte offset of the first character of this term in the parsed text.
    pub at: usize,
    /// What the term is.
    pub kind: TermKind,
}

/// The forms a [`Term`] takes.
///
/// ```
/// use cute::dynamic::{Term, TermKind};
/// assert_eq!(Term::parse("_4").unwrap().kind, TermKind::Int(4));
/// assert_eq!(Term::parse("_").unwrap().kind, TermKind::Underscore);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TermKind {
    /// An integer, `4`, `-3` or `_4`.
    Int(i64),
    /// The slice marker `_`.
    Underscore,
    /// A parenthesized tuple `(a,b,...)`, possibly empty.
    Tuple(Vec<Term>),
    /// A tiler `<a,b,...>`.
    Tiler(Vec<Term>),
    /// A layout `shape:stride`.
    Layout(Box<Term>, Box<Term>),
}

impl Term {
    /// Parse one term; the whole text must be consumed.
    ///
    /// ```
    /// use cute::dynamic::{Term, TermKind};
    /// let t = Term::parse("(4,8):(1,4)").unwrap();
    /// assert!(matches!(t.kind, TermKind::Layout(..)));
    /// let e = Term::parse("(4,8").unwrap_err();
    /// assert_eq!(e.to_string(), "parse: at byte 4: expected ',' or ')', found end of input");
    /// ```
    pub fn parse(text: &str) -> Result<Term> {
        let mut lex = Lexer::new(text);
        let t = lex.term()?;
        lex.finish()?;
        Ok(t)
    }

    /// This term as an int tuple (a shape, stride or coordinate).
    ///
    /// ```
    /// use cute::dynamic::Term;
    /// assert_eq!(Term::parse("(2,(3,_4))").unwrap().to_int_tuple().unwrap().to_string(), "(2,(3,4))");
    /// assert!(Term::parse("4:1").unwrap().to_int_tuple().is_err());
    /// ```
    pub fn to_int_tuple(&self) -> Result<IntTuple> {
        self.check_leaf_count()?;
        self.int_tuple()
    }

    fn int_tuple(&self) -> Result<IntTuple> {
        match &self.kind {
            TermKind::Int(v) => Ok(HTuple::Leaf(*v)),
            TermKind::Tuple(v) => Ok(HTuple::Tuple(v.iter().map(Term::int_tuple).collect::<Result<_>>()?)),
            _ => Err(self.expected("an integer or a tuple of integers")),
        }
    }

    /// At most [`MAX_LEAVES`](super::MAX_LEAVES) leaves.
    fn check_leaf_count(&self) -> Result<()> {
        fn count(t: &Term) -> usize {
            match &t.kind {
                TermKind::Tuple(v) => v.iter().map(count).sum(),
                _ => 1,
            }
        }
        super::int_tuple::check_leaf_count(count(self), &format_args!("at byte {}", self.at))
    }

    /// This term as a coordinate that may contain `_` (`None`).
    ///
    /// ```
    /// use cute::dynamic::Term;
    /// let c = Term::parse("(_,2)").unwrap().to_coord().unwrap();
    /// assert_eq!(c.leaves(), vec![&None, &Some(2)]);
    /// ```
    pub fn to_coord(&self) -> Result<HTuple<Option<i64>>> {
        self.check_leaf_count()?;
        self.coord()
    }

    fn coord(&self) -> Result<HTuple<Option<i64>>> {
        match &self.kind {
            TermKind::Int(v) => Ok(HTuple::Leaf(Some(*v))),
            TermKind::Underscore => Ok(HTuple::Leaf(None)),
            TermKind::Tuple(v) => Ok(HTuple::Tuple(v.iter().map(Term::coord).collect::<Result<_>>()?)),
            _ => Err(self.expected("a coordinate")),
        }
    }

    /// An error saying this term is not `what`.
    pub(crate) fn expected(&self, what: &str) -> Error {
        let found = match &self.kind {
            TermKind::Int(_) => "an integer",
            TermKind::Underscore => "'_'",
            TermKind::Tuple(_) => "a tuple",
            TermKind::Tiler(_) => "a tiler",
            TermKind::Layout(..) => "a layout",
        };
        Error::new(ErrorKind::Parse, alloc::format!("at byte {}: expected {}, found {}", self.at, what, found))
    }
}

/// Deepest nesting of parentheses accepted; CuTe layouts rarely exceed depth 4, and the limit
/// keeps every recursive operation's stack use small.
pub const MAX_DEPTH: usize = 64;

/// The lexer of CuTe notation: a position in a text, the tokens of the notation and the terms
/// built from them. [`Term::parse`] reads one whole term with it; a language that embeds CuTe
/// notation (the `cute` command's calls) reads its own tokens with the same lexer, so both
/// report positions and expectations alike.
///
/// ```
/// use cute::dynamic::{Lexer, TermKind};
/// let mut lex = Lexer::new("size( (4,8):(1,4) )");
/// assert_eq!(lex.word(), "size");
/// assert!(lex.eat(b'('));
/// assert!(matches!(lex.term().unwrap().kind, TermKind::Layout(..)));
/// lex.skip_ws();
/// assert!(lex.eat(b')'));
/// assert!(lex.finish().is_ok());
/// assert_eq!(Lexer::new("4:1 x").term().map(|t| t.at), Ok(0));
/// ```
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    depth: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    ///
    /// ```
    /// assert_eq!(cute::dynamic::Lexer::new("4:1").pos(), 0);
    /// ```
    pub fn new(text: &'a str) -> Self {
        Lexer { text, pos: 0, depth: 0 }
    }

    /// The byte offset of the next unread character.
    ///
    /// ```
    /// let mut lex = cute::dynamic::Lexer::new("  4");
    /// lex.skip_ws();
    /// assert_eq!(lex.pos(), 2);
    /// ```
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The whole text being read.
    ///
    /// ```
    /// assert_eq!(cute::dynamic::Lexer::new("(4)").text(), "(4)");
    /// ```
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Continue reading at byte `pos`, where another reader of the same text (such as
    /// [`parse_descriptor_prefix`](super::parse_descriptor_prefix)) stopped; a position past the
    /// end or inside a character leaves the lexer where it was.
    ///
    /// ```
    /// let mut lex = cute::dynamic::Lexer::new("ab, 4");
    /// lex.seek(3);
    /// assert_eq!(lex.term().unwrap().at, 4);
    /// ```
    pub fn seek(&mut self, pos: usize) {
        if self.text.is_char_boundary(pos) {
            self.pos = pos;
        }
    }

    /// The next unread byte, if any.
    ///
    /// ```
    /// assert_eq!(cute::dynamic::Lexer::new("(4)").peek(), Some(b'('));
    /// ```
    pub fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    /// Step past the next byte, one [`peek`](Self::peek) returned (at the end, stay).
    fn bump(&mut self) {
        if self.pos < self.text.len() {
            // In range: pos < text.len() <= isize::MAX.
            #[allow(clippy::arithmetic_side_effects)]
            let next = self.pos + 1;
            self.pos = next;
        }
    }

    /// Consume `byte` if it is next; whether it was.
    ///
    /// ```
    /// let mut lex = cute::dynamic::Lexer::new(",4");
    /// assert!(!lex.eat(b'('));
    /// assert!(lex.eat(b','));
    /// ```
    pub fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.bump();
        }
        found
    }

    /// Skip spaces, tabs and line breaks.
    ///
    /// ```
    /// let mut lex = cute::dynamic::Lexer::new(" \t\r\n4");
    /// lex.skip_ws();
    /// assert_eq!(lex.peek(), Some(b'4'));
    /// ```
    pub fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.bump();
        }
    }

    /// A word `[A-Za-z0-9_]*` (a function name), possibly empty.
    ///
    /// ```
    /// let mut lex = cute::dynamic::Lexer::new("logical_divide(");
    /// assert_eq!(lex.word(), "logical_divide");
    /// assert_eq!(lex.peek(), Some(b'('));
    /// ```
    pub fn word(&mut self) -> &'a str {
        let start = self.pos;
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_') {
            self.bump();
        }
        &self.text[start..self.pos]
    }

    /// Skip whitespace, then require the end of the text.
    ///
    /// ```
    /// use cute::dynamic::Lexer;
    /// assert!(Lexer::new("  ").finish().is_ok());
    /// assert_eq!(Lexer::new(" x").finish().unwrap_err().to_string(), "parse: at byte 1: expected end of input, found 'x'");
    /// ```
    pub fn finish(mut self) -> Result<()> {
        self.skip_ws();
        if self.pos < self.text.len() {
            return Err(self.error("end of input"));
        }
        Ok(())
    }

    /// A parse error at the current position: what was expected and what was found. A control
    /// character found is shown escaped (`'\u{1b}'`), never raw.
    ///
    /// ```
    /// use cute::dynamic::Lexer;
    /// assert_eq!(Lexer::new("\u{1b}").error("a digit").to_string(), "parse: at byte 0: expected a digit, found '\\u{1b}'");
    /// ```
    pub fn error(&self, expected: &str) -> Error {
        let found = match self.text[self.pos..].chars().next() {
            None => String::from("end of input"),
            Some(c) => alloc::format!("'{}'", c.escape_debug()),
        };
        Error::new(ErrorKind::Parse, alloc::format!("at byte {}: expected {}, found {}", self.pos, expected, found))
    }

    /// One term of CuTe notation (a layout, a tuple, a tiler, an integer or `_`), whitespace
    /// before it skipped; the text after it is left unread.
    ///
    /// ```
    /// use cute::dynamic::{Lexer, TermKind};
    /// let mut lex = Lexer::new("f(4:1, 8)");
    /// lex.word();
    /// lex.eat(b'(');
    /// let t = lex.term().unwrap();
    /// assert_eq!((t.at, lex.pos()), (2, 5));
    /// ```
    pub fn term(&mut self) -> Result<Term> {
        let first = self.primary()?;
        self.skip_ws();
        if self.peek() == Some(b':') {
            self.bump();
            let stride = self.primary()?;
            let at = first.at;
            return Ok(Term { at, kind: TermKind::Layout(Box::new(first), Box::new(stride)) });
        }
        Ok(first)
    }

    fn primary(&mut self) -> Result<Term> {
        self.skip_ws();
        let at = self.pos;
        match self.peek() {
            Some(b'(') => {
                self.bump();
                Ok(Term { at, kind: TermKind::Tuple(self.list(b')')?) })
            }
            Some(b'<') => {
                self.bump();
                Ok(Term { at, kind: TermKind::Tiler(self.list(b'>')?) })
            }
            Some(b'_')
                if !matches!(self.text.as_bytes().get(self.pos..).and_then(|r| r.get(1)), Some(b'0'..=b'9' | b'-')) =>
            {
                self.bump();
                Ok(Term { at, kind: TermKind::Underscore })
            }
            Some(b'_' | b'-' | b'0'..=b'9') => Ok(Term { at, kind: TermKind::Int(self.int()?) }),
            _ => Err(self.error("an integer, '_', '(' or '<'")),
        }
    }

    /// Comma-separated terms up to `close`; the opening bracket is already consumed.
    fn list(&mut self, close: u8) -> Result<Vec<Term>> {
        if self.depth >= MAX_DEPTH {
            // In range: the opening bracket before `pos` is consumed, so pos >= 1.
            #[allow(clippy::arithmetic_side_effects)]
            let open = self.pos - 1;
            bail!(Parse, "at byte {}: nesting deeper than {} levels", open, MAX_DEPTH);
        }
        // In range: depth < MAX_DEPTH, checked above.
        #[allow(clippy::arithmetic_side_effects)]
        let inner = self.depth + 1;
        let outer = core::mem::replace(&mut self.depth, inner);
        let items = self.list_items(close);
        self.depth = outer;
        items
    }

    fn list_items(&mut self, close: u8) -> Result<Vec<Term>> {
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(close) {
            self.bump();
            return Ok(items);
        }
        loop {
            items.push(self.term()?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.bump(),
                Some(c) if c == close => {
                    self.bump();
                    return Ok(items);
                }
                _ => return Err(self.error(if close == b')' { "',' or ')'" } else { "',' or '>'" })),
            }
        }
    }

    /// `[_][-]digits` or `-_digits`: CuTe prints static integers as `_N` and `_-N`.
    fn int(&mut self) -> Result<i64> {
        let start = self.pos;
        let mut negative = false;
        for _ in 0..2 {
            match self.peek() {
                Some(b'_') if self.pos == start || negative => self.bump(),
                Some(b'-') if !negative => {
                    negative = true;
                    self.bump();
                }
                _ => break,
            }
        }
        let digits = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.bump();
        }
        if digits == self.pos {
            return Err(self.error("a digit"));
        }
        let text = &self.text[digits..self.pos];
        let magnitude: i128 = text.parse().unwrap_or(i128::MAX);
        // In range: `text` is ASCII digits, so magnitude >= 0 and its negation fits.
        #[allow(clippy::arithmetic_side_effects)]
        let value = if negative { -magnitude } else { magnitude };
        match i64::try_from(value) {
            Ok(v) => Ok(v),
            Err(_) => bail!(Parse, "at byte {}: integer {} does not fit in i64", start, &self.text[start..self.pos]),
        }
    }
}

/// The shape of a layout written `shape:stride` in `text` from byte `start`, for the layouts
/// whose strides are not integers (basis, F2): the shape and the byte offset of the `:`.
pub(crate) fn shape_before_colon(text: &str, start: usize) -> Result<(super::IntTuple, usize)> {
    let mut lex = Lexer::new(text);
    lex.seek(start);
    lex.skip_ws();
    let at = lex.pos();
    let colon = top_level_colon(text, at).ok_or_else(|| lex.error("a shape, ':' and the strides"))?;
    let shape = Term::parse(&text[at..colon])
        .and_then(|t| t.to_int_tuple())
        .map_err(|e| Error::new(ErrorKind::Parse, alloc::format!("in the shape at byte {}: {}", at, e.message())))?;
    Ok((shape, colon))
}

/// The byte of the `:` that ends the shape starting at `from` (parentheses balanced before it).
fn top_level_colon(text: &str, from: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate().skip(from) {
        match b {
            // In range: depth counts bytes read, fewer than text.len() <= isize::MAX.
            #[allow(clippy::arithmetic_side_effects)]
            b'(' | b'<' => depth += 1,
            b')' | b'>' => depth = depth.checked_sub(1)?,
            b':' if depth == 0 => return Some(i),
            b',' if depth == 0 => return None,
            _ => {}
        }
    }
    None
}

/// Nothing but spaces and tabs in `text` from byte `end` (a whole-text parse of `what`).
pub(crate) fn expect_end(text: &str, end: usize, what: &str) -> Result<()> {
    let rest = text[end..].trim_start_matches([' ', '\t']);
    // In range: `rest` is a suffix of `text`.
    #[allow(clippy::arithmetic_side_effects)]
    let at = text.len() - rest.len();
    match rest.chars().next() {
        None => Ok(()),
        Some(c) => Err(Error::new(
            ErrorKind::Parse,
            alloc::format!("at byte {}: expected the end of the {}, found '{}'", at, what, c.escape_debug()),
        )),
    }
}
