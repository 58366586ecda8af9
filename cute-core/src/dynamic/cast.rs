//! Upcast, downcast and recast: reinterpret a layout of elements as a layout of wider or
//! narrower elements.

use alloc::vec::Vec;

use super::error::{bail, named, Error, Result};
use super::int_tuple::HTuple;
use super::layout::Layout;
use crate::flat::{self, CastViolation};

/// The error of `op<n>(layout)` for a violation found by `flat`.
fn cast_error(op: &str, n: i64, layout: &Layout, v: CastViolation) -> Error {
    match v {
        CastViolation::Overflow(o) => Error::from(o).named(|| alloc::format!("{}<{}>({})", op, n, layout)),
        _ => Error::new(v.kind(), alloc::format!("{}<{}>({}): {}", op, n, layout, v)),
    }
}

type LeafCast = fn(i64, &[i64], &[i64], &mut [i64], &mut [i64]) -> core::result::Result<(), CastViolation>;

/// Cast the leaves of `layout` with `cast` (one of `flat::upcast`, `flat::downcast`) and
/// put them back in its structure.
fn cast_leaves(op: &str, cast: LeafCast, n: i64, layout: &Layout) -> Result<Layout> {
    let (shape, stride): (Vec<i64>, Vec<i64>) = layout.flat_modes().into_iter().unzip();
    let (mut out_shape, mut out_stride) = (alloc::vec![0; shape.len()], alloc::vec![0; shape.len()]);
    cast(n, &shape, &stride, &mut out_shape, &mut out_stride).map_err(|v| cast_error(op, n, layout, v))?;
    let shape = layout.shape().unflatten(&out_shape).expect("same profile");
    let stride: HTuple<i64> = layout.stride().unflatten(&out_stride).expect("same profile");
    named!(Layout::new(shape, stride), "{}<{}>({})", op, n, layout)
}

/// View a layout of elements as a layout of `n`-element groups (CuTe's `upcast<N>`): a mode of
/// stride `d` keeps `ceil(s / ceil(n / |d|))` elements with stride `sign(d) * ceil(|d| / n)`;
/// stride-0 modes are kept.
///
/// Errors: [`UpcastDivisibility`](super::ErrorKind::UpcastDivisibility) when a non-zero stride
/// neither divides nor is divided by `n`.
///
/// ```
/// use cute::dynamic::{upcast, Layout};
/// let l: Layout = "(4,(3,4,3)):(0,(1,0,-1))".parse().unwrap();
/// assert_eq!(upcast(16, &l).unwrap().to_string(), "(4,(1,4,1)):(0,(1,0,-1))");
/// ```
pub fn upcast(n: i64, layout: &Layout) -> Result<Layout> {
    cast_leaves("upcast", flat::upcast, n, layout)
}

/// View a layout of elements as a layout of `1/n`-elements (CuTe's `downcast<N>`): a stride-±1
/// mode grows `n` times, every other stride is multiplied by `n`.
///
/// Errors: [`DowncastAdjacency`](super::ErrorKind::DowncastAdjacency) when no mode has stride 1.
///
/// ```
/// use cute::dynamic::{downcast, Layout};
/// let l: Layout = "(16,4,8):(1,48,192)".parse().unwrap();
/// assert_eq!(downcast(6, &l).unwrap().to_string(), "(96,4,8):(1,288,1152)");
/// ```
pub fn downcast(n: i64, layout: &Layout) -> Result<Layout> {
    cast_leaves("downcast", flat::downcast, n, layout)
}

/// Reinterpret a layout of `old_bits`-bit elements as one of `new_bits`-bit elements
/// (CuTe's `recast_layout`): upcast by `new/old`, downcast by `old/new`, or both for a ratio
/// that is neither.
///
/// ```
/// use cute::dynamic::{recast, Layout};
/// let l: Layout = "(8,4):(1,8)".parse().unwrap();
/// assert_eq!(recast(16, 32, &l).unwrap().to_string(), "(4,4):(1,4)");
/// ```
pub fn recast(old_bits: i64, new_bits: i64, layout: &Layout) -> Result<Layout> {
    let Ok((up, down)) = flat::recast_factors(old_bits, new_bits) else {
        bail!(InvalidArgument, "recast from {} to {} bits: sizes must be positive", old_bits, new_bits);
    };
    // A step's error is named as a step of the recast, as the other faces name it.
    let step = |e: Error| Error::new(e.kind(), alloc::format!("recast<{}, {}>: {}", old_bits, new_bits, e.message()));
    match (up, down) {
        (1, 1) => Ok(layout.clone()),
        (1, d) => downcast(d, layout).map_err(step),
        (n, 1) => upcast(n, layout).map_err(step),
        (n, d) => downcast(d, &upcast(n, layout).map_err(step)?).map_err(step),
    }
}
