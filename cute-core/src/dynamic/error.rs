//! Errors of the dynamic engine: a kind naming the violated condition, and a message with the
//! offending values.

use alloc::string::{String, ToString};
use core::fmt;

use crate::arith::Overflow;
pub use crate::error::ErrorKind;

/// An error of the dynamic engine.
///
/// ```
/// use cute::dynamic::{composition, ErrorKind, Layout};
/// let a: Layout = "(4,6,8):(2,3,5)".parse().unwrap();
/// let e = composition(&a, &"6:3".parse().unwrap()).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
/// assert!(e.to_string().starts_with("stride divisibility: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    /// The arithmetic of an overflow (`From<Overflow>`), which the operation called names
    /// with its operands in the message ([`named!`]).
    overflow: Option<Overflow>,
}

impl Error {
    /// An error of `kind` with a message naming the offending values.
    ///
    /// ```
    /// use cute::dynamic::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::RankMismatch, "rank 2 vs rank 3");
    /// assert_eq!(e.to_string(), "rank mismatch: rank 2 vs rank 3");
    /// ```
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error { kind, message: message.into(), overflow: None }
    }

    /// This error, where it is an overflow of the arithmetic, with the text of the operation
    /// and its operands (`op`, e.g. `composition A o B`) before the arithmetic that overflowed;
    /// any other error as it is (it names the step that failed already). Each public operation
    /// names its overflows, so the last to do so, the operation the caller called, is named.
    #[cold]
    pub(crate) fn named(self, op: impl FnOnce() -> String) -> Self {
        match self.overflow {
            Some(o) => Error { message: alloc::format!("{}: {}", op(), o), ..self },
            None => self,
        }
    }

    /// The violated condition.
    ///
    /// ```
    /// use cute::dynamic::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::Parse, "x").kind(), ErrorKind::Parse);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message: the condition and the offending values.
    ///
    /// ```
    /// use cute::dynamic::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::Parse, "at byte 3").message(), "at byte 3");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

/// An error of a static or mixed layout or tensor ([`cute::mixed::Error`](crate::mixed::Error))
/// as the dynamic engine's: the same kind and text, so that code using both (a kernel on static
/// layouts calling the simulated instructions, say) propagates either with `?`.
///
/// ```
/// use cute::dynamic::{Error, ErrorKind};
/// let e = cute::tensor::make_tensor(&[0u8; 4][..], cute::layout!(8:1)).unwrap_err();
/// let d = Error::from(e);
/// assert_eq!(d.kind(), ErrorKind::IndexOutOfRange);
/// assert_eq!(d.to_string(), e.to_string());
/// ```
impl From<crate::error::runtime::Error> for Error {
    fn from(e: crate::error::runtime::Error) -> Self {
        let text = e.to_string();
        // The text is "kind: message"; the dynamic error writes the kind itself.
        let prefix = alloc::format!("{}: ", e.kind());
        let message = text.strip_prefix(prefix.as_str()).unwrap_or(&text);
        Error::new(e.kind(), message.to_string())
    }
}

/// An overflow of the arithmetic, which the operation it happened in names.
///
/// ```
/// use cute::dynamic::{composition, Error, ErrorKind, Layout};
/// let e = Error::from(cute::error::Overflow { op: "*", lhs: 2, rhs: i64::MAX });
/// assert_eq!(e.to_string(), "overflow: 2 * 9223372036854775807 does not fit in i64");
/// // Through an operation, the message names it and its operands.
/// let a: Layout = "4:4611686018427387904".parse().unwrap();
/// let e = composition(&a, &"4:2".parse().unwrap()).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::Overflow);
/// assert_eq!(
///     e.to_string(),
///     "overflow: composition 4:4611686018427387904 o 4:2: 2 * 4611686018427387904 does not fit in i64"
/// );
/// ```
impl From<Overflow> for Error {
    fn from(o: Overflow) -> Self {
        Error { kind: ErrorKind::Overflow, message: o.to_string(), overflow: Some(o) }
    }
}

/// Result of an operation of the dynamic engine.
///
/// ```
/// use cute::dynamic::{Layout, Result};
/// let l: Result<Layout> = "4:1".parse();
/// assert!(l.is_ok());
/// ```
pub type Result<T> = core::result::Result<T, Error>;

/// `result` with an overflow named by the operation whose text and operands the format
/// arguments write ([`Error::named`]): each public operation of the engine wraps its result in
/// it, so that an overflow names the operation its caller called.
macro_rules! named {
    ($result:expr, $($arg:tt)*) => {
        $result.map_err(|e: $crate::dynamic::Error| e.named(|| alloc::format!($($arg)*)))
    };
}
pub(crate) use named;

/// Shorthand for building an `Err` with a formatted message.
macro_rules! bail {
    ($kind:ident, $($arg:tt)*) => {
        return Err($crate::dynamic::Error::new(
            $crate::dynamic::ErrorKind::$kind,
            alloc::format!($($arg)*),
        ))
    };
}
pub(crate) use bail;
