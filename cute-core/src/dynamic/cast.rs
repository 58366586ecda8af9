//! Upcast, downcast and recast: reinterpret a layout of elements as a layout of wider or
//! narrower elements.

use super::error::{bail, Result};
use super::int_tuple::HTuple;
use super::layout::Layout;
use crate::arith;

fn positive(op: &str, n: i64, layout: &Layout) -> Result<()> {
    if n < 1 {
        bail!(InvalidArgument, "{}<{}>({}): the factor must be positive", op, n, layout);
    }
    Ok(())
}

/// View a layout of elements as a layout of `n`-element groups (CuTe's `upcast<N>`): a mode of
/// stride `d` keeps `ceil(s / ceil(n / |d|))` elements with stride `sign(d) * ceil(|d| / n)`;
/// stride-0 modes are kept.
///
/// Errors: [`UpcastDivisibility`](super::ErrorKind::UpcastDivisibility) when a non-zero stride
/// neither divides nor is divided by `n`.
///
/// ```
/// use cute_core::dynamic::{upcast, Layout};
/// let l: Layout = "(4,(3,4,3)):(0,(1,0,-1))".parse().unwrap();
/// assert_eq!(upcast(16, &l).unwrap().to_string(), "(4,(1,4,1)):(0,(1,0,-1))");
/// ```
pub fn upcast(n: i64, layout: &Layout) -> Result<Layout> {
    positive("upcast", n, layout)?;
    let pairs = layout.flat_modes();
    let mut shape = alloc::vec::Vec::with_capacity(pairs.len());
    let mut stride = alloc::vec::Vec::with_capacity(pairs.len());
    for (s, d) in pairs {
        if d == 0 {
            shape.push(s);
            stride.push(0);
            continue;
        }
        if arith::rem(d, n)? != 0 && arith::rem(n, d)? != 0 {
            bail!(
                UpcastDivisibility,
                "upcast<{}>({}): stride {} neither divides nor is divided by {}",
                n,
                layout,
                d,
                n
            );
        }
        let ad = arith::abs(d)?;
        shape.push(arith::ceil_div(s, arith::ceil_div(n, ad)?)?);
        stride.push(arith::signum(d) * arith::ceil_div(ad, n)?);
    }
    rebuild(layout, &shape, &stride)
}

/// View a layout of elements as a layout of `1/n`-elements (CuTe's `downcast<N>`): a stride-±1
/// mode grows `n` times, every other stride is multiplied by `n`.
///
/// Errors: [`DowncastAdjacency`](super::ErrorKind::DowncastAdjacency) when no mode has stride 1.
///
/// ```
/// use cute_core::dynamic::{downcast, Layout};
/// let l: Layout = "(16,4,8):(1,48,192)".parse().unwrap();
/// assert_eq!(downcast(6, &l).unwrap().to_string(), "(96,4,8):(1,288,1152)");
/// ```
pub fn downcast(n: i64, layout: &Layout) -> Result<Layout> {
    positive("downcast", n, layout)?;
    let pairs = layout.flat_modes();
    if !pairs.iter().any(|&(_, d)| d == 1) {
        bail!(DowncastAdjacency, "downcast<{}>({}): no mode has stride 1, so elements are not adjacent", n, layout);
    }
    let mut shape = alloc::vec::Vec::with_capacity(pairs.len());
    let mut stride = alloc::vec::Vec::with_capacity(pairs.len());
    for (s, d) in pairs {
        if d == 1 || d == -1 {
            shape.push(arith::mul(s, n)?);
            stride.push(d);
        } else {
            shape.push(s);
            stride.push(arith::mul(d, n)?);
        }
    }
    rebuild(layout, &shape, &stride)
}

/// Reinterpret a layout of `old_bits`-bit elements as one of `new_bits`-bit elements
/// (CuTe's `recast_layout`): upcast by `new/old`, downcast by `old/new`, or both for a ratio
/// that is neither.
///
/// ```
/// use cute_core::dynamic::{recast, Layout};
/// let l: Layout = "(8,4):(1,8)".parse().unwrap();
/// assert_eq!(recast(16, 32, &l).unwrap().to_string(), "(4,4):(1,4)");
/// ```
pub fn recast(old_bits: i64, new_bits: i64, layout: &Layout) -> Result<Layout> {
    if old_bits < 1 || new_bits < 1 {
        bail!(InvalidArgument, "recast from {} to {} bits: sizes must be positive", old_bits, new_bits);
    }
    let g = arith::gcd(old_bits, new_bits);
    let (num, den) = (new_bits / g, old_bits / g);
    match (num, den) {
        (1, 1) => Ok(layout.clone()),
        (1, d) => downcast(d, layout),
        (n, 1) => upcast(n, layout),
        (n, d) => downcast(d, &upcast(n, layout)?),
    }
}

fn rebuild(layout: &Layout, shape: &[i64], stride: &[i64]) -> Result<Layout> {
    let shape = layout.shape().unflatten(shape).expect("same profile");
    let stride: HTuple<i64> = layout.stride().unflatten(stride).expect("same profile");
    Layout::new(shape, stride)
}
