//! # cute
//!
//! NVIDIA CuTe's layout algebra in Rust. This is the facade crate: it re-exports
//! [`cute_core`], where the algebra lives.
//!
//! ```
//! use cute::dynamic::{composition, Layout};
//! let a: Layout = "(4,6,8,10):(2,3,5,7)".parse().unwrap();
//! let r = composition(&a, &"6:12".parse().unwrap()).unwrap();
//! assert_eq!(r.to_string(), "(2,3):(9,5)");
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use cute_core::*;
pub use cute_macros::{layout, shape, stride, tiler, Layout, Shape, Stride, Tiler};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
