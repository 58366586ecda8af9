//! Seed 001's basis descriptors: a parenthesized tree of basis entries `N@d` (the stride `N`
//! times the basis element `e_d`, CuTe's `ScaledBasis`), as layouts with basis strides are
//! written: `(1@0, 1@1)`, `(16@0, 1@1)`, `((1@0, 8@1), 1@2)`, `(1/2@0, 4@1)`, `(1@0@1)`, `()`.
//!
//! ```text
//! layout ::= group
//! group  ::= "(" [ entry { "," entry } ] ")"
//! entry  ::= group | basis
//! basis  ::= count "@" dim { "@" dim }
//! count  ::= int | int "/" int
//! dim    ::= digit { digit }
//! int    ::= [ "-" ] digit { digit }
//! ```
//!
//! Spaces and tabs may stand between any two tokens, and before and after the whole.
//!
//! - [`parse_descriptor`] is a recursive descent whose every failure is an error of kind
//!   [`Parse`](super::ErrorKind::Parse) naming the byte offset, what was expected there and what
//!   was found; it never makes up a default. Groups nest at most [`MAX_DEPTH`] deep, and a
//!   number that does not fit is an error at its offset.
//! - [`Descriptor::normalize`] turns the parsed counts into integer strides, the form a layout
//!   holds. It *drops* nothing of the structure (groups, empty groups, the order of entries and
//!   of the dims of a nested basis are all kept), only the forms of the counts: a fraction whose
//!   denominator divides its numerator becomes that integer (`4/2@0` is `2@0`), and the sign of a
//!   negative denominator moves to the numerator. It *rejects*, before any layout is made, a
//!   zero denominator (no value) and a count that is not an integer (`1/2@0`: a layout's
//!   strides are integers, so no layout has it), each an error of kind
//!   [`InvalidArgument`](super::ErrorKind::InvalidArgument) naming the entry and its offset.
//! - [`BasisStride`]'s `Display` prints the same notation, `(1@0, 8@1)`; parsing what it prints
//!   gives the same strides back.
//!
//! A nested basis lists its dims innermost first, as CuTe DSL prints them: `1@1@0` is
//! `E<0,1>`, the element 1 of mode 0's sub-basis.
//!
//! Seed 001 also writes composition as `C(i) = B(A(i))` ("applies A first"). cute-rs follows
//! CuTe and the paper: `composition(A, B)(c) = A(B(c))`.
//!
//! ```
//! use cute::dynamic::parse_descriptor;
//! let d = parse_descriptor(" ( (1@0 ,8@1) , 4/2 @ 2 ) ").unwrap();
//! assert_eq!(d.normalize().unwrap().to_string(), "((1@0, 8@1), 2@2)");
//! let e = parse_descriptor("(1@0, 8@)").unwrap_err();
//! assert_eq!(e.to_string(), "parse: at byte 8: expected a dim (an unsigned integer), found ')'");
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::error::{Error, ErrorKind, Result};
use super::int_tuple::HTuple;

/// How deep groups may nest (the parser is recursive).
///
/// ```
/// use cute::dynamic::{parse_descriptor, MAX_DEPTH};
/// let deep = format!("{}1@0{}", "(".repeat(MAX_DEPTH + 1), ")".repeat(MAX_DEPTH + 1));
/// assert!(parse_descriptor(&deep).unwrap_err().to_string().contains("nested deeper than 64"));
/// ```
pub const MAX_DEPTH: usize = 64;

/// A parsed descriptor: the tree of its entries as written (counts still fractions).
///
/// ```
/// use cute::dynamic::{parse_descriptor, Descriptor};
/// let d: Descriptor = parse_descriptor("(1/2@0)").unwrap();
/// assert!(d.normalize().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Descriptor {
    root: Vec<Entry>,
}

/// An entry of a descriptor as written.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    Group(Vec<Entry>),
    Basis { at: usize, num: i64, den: Option<i64>, dims: Vec<u32> },
}

/// A stride of a layout with basis strides: `value` times the basis element of `dims`
/// (innermost first, as written), CuTe's `ScaledBasis`.
///
/// ```
/// use cute::dynamic::ScaledBasis;
/// let e = ScaledBasis::new(3, vec![1, 0]);
/// assert_eq!((e.value(), e.dims(), e.to_string()), (3, &[1u32, 0][..], "3@1@0".to_string()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScaledBasis {
    value: i64,
    dims: Vec<u32>,
}

impl ScaledBasis {
    /// `value` times the basis element of `dims` (innermost first).
    ///
    /// ```
    /// assert_eq!(cute::dynamic::ScaledBasis::new(16, vec![0]).to_string(), "16@0");
    /// ```
    pub fn new(value: i64, dims: Vec<u32>) -> ScaledBasis {
        ScaledBasis { value, dims }
    }

    /// The scale.
    ///
    /// ```
    /// assert_eq!(cute::dynamic::ScaledBasis::new(16, vec![0]).value(), 16);
    /// ```
    pub fn value(&self) -> i64 {
        self.value
    }

    /// The dims of the basis element, innermost first.
    ///
    /// ```
    /// assert_eq!(cute::dynamic::ScaledBasis::new(1, vec![0, 1]).dims(), &[0, 1]);
    /// ```
    pub fn dims(&self) -> &[u32] {
        &self.dims
    }
}

/// `N@d` or `N@d1@d0...` (innermost first).
impl fmt::Display for ScaledBasis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value)?;
        for d in &self.dims {
            write!(f, "@{}", d)?;
        }
        Ok(())
    }
}

/// A normalized descriptor: a tree of integer basis strides, the stride of a layout with basis
/// strides. It prints in the descriptor notation.
///
/// ```
/// use cute::dynamic::parse_descriptor;
/// let s = parse_descriptor("((1@0,8@1),1@2)").unwrap().normalize().unwrap();
/// assert_eq!(s.to_string(), "((1@0, 8@1), 1@2)");
/// assert_eq!(parse_descriptor(&s.to_string()).unwrap().normalize().unwrap(), s);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BasisStride(pub HTuple<ScaledBasis>);

impl fmt::Display for BasisStride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn write(t: &HTuple<ScaledBasis>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match t {
                HTuple::Leaf(b) => b.fmt(f),
                HTuple::Tuple(v) => {
                    f.write_str("(")?;
                    for (i, m) in v.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write(m, f)?;
                    }
                    f.write_str(")")
                }
            }
        }
        write(&self.0, f)
    }
}

impl Descriptor {
    /// The integer strides: each count an integer (see the [module](self) for what is dropped
    /// and what is rejected, and why).
    ///
    /// ```
    /// use cute::dynamic::{parse_descriptor, ErrorKind};
    /// assert_eq!(parse_descriptor("(6/-3@0)").unwrap().normalize().unwrap().to_string(), "(-2@0)");
    /// let e = parse_descriptor("(1@0, 3/0@1)").unwrap().normalize().unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    /// assert_eq!(e.to_string(), "invalid argument: at byte 6: 3/0@1: zero denominator");
    /// let e = parse_descriptor("(1/2@0, 4@1)").unwrap().normalize().unwrap_err();
    /// assert_eq!(e.to_string(), "invalid argument: at byte 1: 1/2@0: the count 1/2 is not an integer, and a layout's strides are");
    /// ```
    pub fn normalize(&self) -> Result<BasisStride> {
        Ok(BasisStride(HTuple::Tuple(self.root.iter().map(normalize_entry).collect::<Result<_>>()?)))
    }
}

/// An entry with its counts integers (see [`Descriptor::normalize`]).
fn normalize_entry(e: &Entry) -> Result<HTuple<ScaledBasis>> {
    match e {
        Entry::Group(v) => Ok(HTuple::Tuple(v.iter().map(normalize_entry).collect::<Result<_>>()?)),
        Entry::Basis { at, num, den, dims } => {
            let written = || {
                let mut s = match den {
                    Some(d) => format!("{}/{}", num, d),
                    None => format!("{}", num),
                };
                for d in dims {
                    s.push_str(&format!("@{}", d));
                }
                s
            };
            let bad =
                |why: String| Error::new(ErrorKind::InvalidArgument, format!("at byte {}: {}: {}", at, written(), why));
            let value = match *den {
                None => *num,
                Some(0) => return Err(bad(String::from("zero denominator"))),
                // The quotient fits (|num / d| <= |num|) but for i64::MIN / -1, whose remainder
                // overflows too.
                Some(d) => match (num.checked_rem(d), num.checked_div(d)) {
                    (Some(0), Some(q)) => q,
                    (Some(_), _) => {
                        return Err(bad(format!(
                            "the count {}/{} is not an integer, and a layout's strides are",
                            num, d
                        )))
                    }
                    _ => {
                        return Err(Error::new(
                            ErrorKind::Overflow,
                            format!("at byte {}: {}: the count {}/{} does not fit in i64", at, written(), num, d),
                        ))
                    }
                },
            };
            Ok(HTuple::Leaf(ScaledBasis { value, dims: dims.clone() }))
        }
    }
}

/// Parse a basis descriptor (see the [module](self) for the grammar and the errors).
///
/// ```
/// use cute::dynamic::{parse_descriptor, ErrorKind};
/// for ok in ["(1@0, 1@1)", "(16@0, 1@1)", "((1@0, 8@1), 1@2)", "(1/2@0, 4@1)", "(1@0@1)", "()", "\t( ( ) ,\t-3@2 )"] {
///     assert!(parse_descriptor(ok).is_ok(), "{}", ok);
/// }
/// let e = parse_descriptor("(1@0 1@1)").unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::Parse);
/// assert_eq!(e.to_string(), "parse: at byte 5: expected ',' or ')', found '1'");
/// assert_eq!(parse_descriptor("(1@0))").unwrap_err().to_string(), "parse: at byte 5: expected the end of the descriptor, found ')'");
/// assert_eq!(parse_descriptor("").unwrap_err().to_string(), "parse: at byte 0: expected '(', found the end of the text");
/// ```
pub fn parse_descriptor(text: &str) -> Result<Descriptor> {
    let (d, end) = parse_descriptor_prefix(text, 0)?;
    let mut p = Parser { text: text.as_bytes(), pos: end };
    p.ws();
    if p.pos < p.text.len() {
        return Err(p.error("the end of the descriptor"));
    }
    Ok(d)
}

/// Parse one descriptor in `text` from byte `start` (spaces and tabs skipped first), as part
/// of a longer text such as a `cute eval` expression: the descriptor and the byte offset just
/// past it. The offsets of errors are offsets in `text`.
///
/// ```
/// use cute::dynamic::parse_descriptor_prefix;
/// let (d, end) = parse_descriptor_prefix("f( (1@0, 2@1), 3)", 2).unwrap();
/// assert_eq!((d.normalize().unwrap().to_string(), end), ("(1@0, 2@1)".to_string(), 13));
/// let e = parse_descriptor_prefix("f( (1@0, @1), 3)", 2).unwrap_err();
/// assert_eq!(e.to_string(), "parse: at byte 9: expected an entry ('(' or a count), found '@'");
/// ```
pub fn parse_descriptor_prefix(text: &str, start: usize) -> Result<(Descriptor, usize)> {
    let mut p = Parser { text: text.as_bytes(), pos: start.min(text.len()) };
    p.ws();
    let root = p.group(0)?;
    Ok((Descriptor { root }, p.pos))
}

/// The strides of a layout with basis strides in `text` from byte `start` to its end: a
/// descriptor group, or for an integer shape one basis `v@k` or integer `v`; normalized.
///
/// ```
/// use cute::dynamic::descriptor::parse_basis_stride;
/// assert_eq!(parse_basis_stride("4:2@1", 2).unwrap().leaves()[0].to_string(), "2@1");
/// assert_eq!(parse_basis_stride("4:3", 2).unwrap().leaves()[0].to_string(), "3");
/// assert_eq!(parse_basis_stride("(4,8):(1@0,1@1)", 6).unwrap().leaf_count(), 2);
/// assert_eq!(parse_basis_stride("4:1@", 2).unwrap_err().to_string(), "parse: at byte 4: expected a dim (an unsigned integer), found the end of the text");
/// ```
pub fn parse_basis_stride(text: &str, start: usize) -> Result<HTuple<ScaledBasis>> {
    let (stride, end) = parse_basis_stride_prefix(text, start)?;
    let mut p = Parser { text: text.as_bytes(), pos: end };
    p.ws();
    if p.pos < p.text.len() {
        return Err(p.error("the end of the strides"));
    }
    Ok(stride)
}

/// [`parse_basis_stride`] as part of a longer text: the strides and the byte offset just past
/// them.
///
/// ```
/// use cute::dynamic::descriptor::parse_basis_stride_prefix;
/// let (s, end) = parse_basis_stride_prefix("f((4,8):(1@0,1@1), 2)", 8).unwrap();
/// assert_eq!((s.leaf_count(), end), (2, 17));
/// ```
pub fn parse_basis_stride_prefix(text: &str, start: usize) -> Result<(HTuple<ScaledBasis>, usize)> {
    let mut p = Parser { text: text.as_bytes(), pos: start.min(text.len()) };
    p.ws();
    if p.peek() == Some(b'(') {
        let (d, end) = parse_descriptor_prefix(text, start)?;
        return Ok((d.normalize()?.0, end));
    }
    // One basis stride, normalized as a descriptor's entry (`4/2@0` is `2@0`), or an integer.
    let mut ahead = Parser { text: p.text, pos: p.pos };
    let num = ahead.int("a stride (an integer or v@k)")?;
    if !matches!(ahead.peek(), Some(b'/' | b'@')) {
        return Ok((HTuple::Leaf(ScaledBasis { value: num, dims: Vec::new() }), ahead.pos));
    }
    let entry = p.basis()?;
    Ok((normalize_entry(&entry)?, p.pos))
}

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

// In range: `pos` moves past a byte that `peek` has just read, so it stays at most the text's
// length, and so does `pos + valid_up_to` of the text after it; a group's depth is checked
// against MAX_DEPTH before it goes one deeper; a digit byte less b'0' is 0 to 9, and the values
// it builds are multiplied and added checked.
#[allow(clippy::arithmetic_side_effects)]
impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// `expected X, found Y` at the current byte; the character found is escaped, so a message
    /// never carries a raw control character of the input.
    fn error(&self, expected: &str) -> Error {
        let found = match core::str::from_utf8(&self.text[self.pos..]) {
            _ if self.pos >= self.text.len() => String::from("the end of the text"),
            Ok(rest) => format!("'{}'", rest.chars().next().map_or(String::new(), |c| c.escape_debug().collect())),
            Err(e) => match core::str::from_utf8(&self.text[self.pos..self.pos + e.valid_up_to()]) {
                Ok(valid) if !valid.is_empty() => {
                    format!("'{}'", valid.chars().next().map_or(String::new(), |c| c.escape_debug().collect()))
                }
                _ => format!("the byte {:#04x}", self.text[self.pos]),
            },
        };
        Error::new(ErrorKind::Parse, format!("at byte {}: expected {}, found {}", self.pos, expected, found))
    }

    /// `( [entry {, entry}] )`, the `(` next.
    fn group(&mut self, depth: usize) -> Result<Vec<Entry>> {
        self.ws();
        if self.peek() != Some(b'(') {
            return Err(self.error("'('"));
        }
        if depth >= MAX_DEPTH {
            return Err(Error::new(
                ErrorKind::Parse,
                format!("at byte {}: groups nested deeper than {} levels", self.pos, MAX_DEPTH),
            ));
        }
        self.pos += 1;
        let mut entries = Vec::new();
        if self.eat(b')') {
            return Ok(entries);
        }
        loop {
            entries.push(self.entry(depth)?);
            if self.eat(b')') {
                return Ok(entries);
            }
            if !self.eat(b',') {
                return Err(self.error("',' or ')'"));
            }
        }
    }

    /// A group or a basis.
    fn entry(&mut self, depth: usize) -> Result<Entry> {
        self.ws();
        match self.peek() {
            Some(b'(') => Ok(Entry::Group(self.group(depth + 1)?)),
            Some(b'-' | b'0'..=b'9') => self.basis(),
            _ => Err(self.error("an entry ('(' or a count)")),
        }
    }

    /// `count @ dim {@ dim}`.
    fn basis(&mut self) -> Result<Entry> {
        let at = self.pos;
        let num = self.int("a count (an integer)")?;
        let den = if self.eat(b'/') { Some(self.int("a denominator (an integer)")?) } else { None };
        let mut dims = Vec::new();
        if !self.eat(b'@') {
            return Err(self.error(if den.is_some() { "'@'" } else { "'/' or '@'" }));
        }
        loop {
            self.ws();
            dims.push(self.uint()?);
            if !self.eat(b'@') {
                return Ok(Entry::Basis { at, num, den, dims });
            }
        }
    }

    /// `[-] digit {digit}` as an `i64`.
    fn int(&mut self, what: &str) -> Result<i64> {
        self.ws();
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let digits = self.digits(what, start)?;
        let mut v: i64 = 0;
        for &d in digits {
            let step = v.checked_mul(10).and_then(|v| {
                let d = (d - b'0') as i64;
                if negative {
                    v.checked_sub(d)
                } else {
                    v.checked_add(d)
                }
            });
            v = step.ok_or_else(|| {
                Error::new(ErrorKind::Parse, format!("at byte {}: {} does not fit in 64 bits", start, what))
            })?;
        }
        Ok(v)
    }

    /// `digit {digit}` as a `u32`.
    fn uint(&mut self) -> Result<u32> {
        let start = self.pos;
        let what = "a dim (an unsigned integer)";
        let digits = self.digits(what, start)?;
        let mut v: u32 = 0;
        for &d in digits {
            v = v.checked_mul(10).and_then(|v| v.checked_add((d - b'0') as u32)).ok_or_else(|| {
                Error::new(ErrorKind::Parse, format!("at byte {}: {} does not fit in 32 bits", start, what))
            })?;
        }
        Ok(v)
    }

    /// One or more digits, the position moved past them; `what` names them in the error.
    fn digits(&mut self, what: &str, start: usize) -> Result<&[u8]> {
        let from = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        if self.pos == from {
            let e = self.error(what);
            self.pos = start;
            return Err(e);
        }
        Ok(&self.text[from..self.pos])
    }
}
