//! # cute-eval
//!
//! The call language of the `cute` command: an expression is a call `name(arg, ...)` whose
//! arguments are CuTe notation (`4:1`, `(4,8):(1,4)`, `(3,(2,4))`, `<4:1,8>`, `(_,1)`, `24`) or
//! nested calls, evaluated by the dynamic engine of `cute-core`.
//!
//! - [`value`]: [`Value`], what an argument is and what a call returns, and [`ValueKind`];
//! - [`functions`](mod@functions): the table of functions ([`FunctionInfo`], [`Param`]) that
//!   drives both [`call`] and the `cute` command's help;
//! - `parser`: [`eval`], the expression parser, which reads CuTe notation with the engine's own
//!   [`Lexer`](cute_core::dynamic::Lexer);
//! - `swizzled`: the functions' forms for swizzles `Sw<B,M,S>` and swizzled layouts
//!   `Sw<B,M,S> o OFFSET o LAYOUT` ([`Swizzled`]);
//! - `suggest`: the did-you-mean hint for an unknown function name.
//! - [`explain`](mod@explain): the derivation of a call, step by step with the numbers
//!   ([`cute_core::explain`]).
//!
//! ```
//! use cute_eval::eval;
//! assert_eq!(eval("composition((4,6,8,10):(2,3,5,7), 6:12)").unwrap().to_string(), "(2,3):(9,5)");
//! assert_eq!(eval("size(logical_divide((8,16):(20,1), <4:1,8:2>))").unwrap().to_string(), "128");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod explain;
pub mod functions;
mod parser;
mod suggest;
mod swizzled;
pub mod value;

pub use functions::{call, functions, FunctionInfo, Param, Swizzled};
pub use parser::{eval, MAX_NESTING};
pub use value::{Value, ValueKind};

#[cfg(test)]
mod tests;
