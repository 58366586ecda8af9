//! The encoding of a basis layout's leaves as integers, for the integer algorithms (the
//! inverses and the complement run on it).

use super::*;

/// The codomain's coordinates as integers: the top-level elements `e_0, e_1, ...` of the
/// strides, each weighted by the extents of the ones before it.
pub(super) struct Encoding {
    /// The extent of each element: 1 + its reach.
    pub(super) elements: Vec<i64>,
    /// The weight of each element.
    pub(super) weights: Vec<i64>,
}

impl Encoding {
    pub(super) fn of(l: &BasisLayout, op: &str) -> Result<Encoding> {
        let leaves = l.leaves();
        let mut reach: Vec<i64> = Vec::new();
        for (s, d) in &leaves {
            if d.value() == 0 {
                continue;
            }
            let k = match d.dims() {
                [k] => *k as usize,
                _ => {
                    return Err(fail(
                        ErrorKind::InvalidArgument,
                        format!("{} of {}: stride {} is not a scaled top-level basis element e_k", op, l, d),
                    ))
                }
            };
            if d.value() < 0 {
                return Err(fail(ErrorKind::NegativeStride, format!("{} of {}: stride {} is negative", op, l, d)));
            }
            if reach.len() <= k {
                // In range: BasisLayout::new holds every basis index below MAX_BASIS_INDEX.
                #[allow(clippy::arithmetic_side_effects)]
                let len = k + 1;
                reach.resize(len, 0);
            }
            // In range: BasisLayout::new holds every shape leaf positive, so s - 1 >= 0.
            #[allow(clippy::arithmetic_side_effects)]
            let span = arith::mul(s - 1, d.value()).map_err(|o| fail(ErrorKind::Overflow, format!("{}", o)))?;
            reach[k] = arith::add(reach[k], span).map_err(|o| fail(ErrorKind::Overflow, format!("{}", o)))?;
        }
        let elements = reach
            .iter()
            .map(|&r| arith::add(r, 1).map_err(|o| fail(ErrorKind::Overflow, format!("{} of {}: {}", op, l, o))))
            .collect::<Result<Vec<i64>>>()?;
        let mut weights = Vec::with_capacity(elements.len());
        let mut w = 1i64;
        for e in &elements {
            weights.push(w);
            w = arith::mul(w, *e).map_err(|o| fail(ErrorKind::Overflow, format!("{} of {}: {}", op, l, o)))?;
        }
        Ok(Encoding { elements, weights })
    }

    /// The integer layout of `l` (strides `v * weight_k`).
    pub(super) fn encode(&self, l: &BasisLayout) -> Result<Layout> {
        let stride = l.stride.try_map(|d: &ScaledBasis| {
            let Some(&k) = d.dims().first().filter(|_| d.value() != 0) else { return Ok(0) };
            let k = k as usize;
            arith::mul(d.value(), self.weights[k]).map_err(|o| fail(ErrorKind::Overflow, format!("{}", o)))
        })?;
        Layout::new(l.shape.clone(), stride)
    }

    /// An integer layout over the encoded coordinates, its modes cut at the elements' weights
    /// and grouped by element: a layout over the codomain's coordinates.
    pub(super) fn regroup(&self, r: &Layout) -> Result<Layout> {
        let mut groups: Vec<Vec<(i64, i64)>> = vec![Vec::new(); self.weights.len()];
        let mut at = 1i64;
        for (s, d) in r.flat_modes() {
            let (mut s, mut d) = (s, d);
            while s > 1 {
                let k = self.weights.iter().rposition(|&w| w <= at).unwrap_or(0);
                // In range: k < weights.len(), or 0.
                #[allow(clippy::arithmetic_side_effects)]
                let end = self.weights.get(k + 1).copied().unwrap_or(i64::MAX);
                let room = arith::div(end, at)?;
                let part = if s <= room { s } else { room };
                if part <= 1 || arith::rem(s, part)? != 0 || (part < s && arith::rem(end, at)? != 0) {
                    return Err(fail(
                        ErrorKind::InvalidArgument,
                        format!("{}: a mode of size {} does not split at the codomain's extents", r, s),
                    ));
                }
                groups[k].push((part, d));
                at = arith::mul(at, part)?;
                s = arith::div(s, part)?;
                // The stride of what is left of the mode, needed only if something is left.
                if s > 1 {
                    d = arith::mul(d, part)?;
                }
            }
        }
        let mode = |g: &Vec<(i64, i64)>| -> (IntTuple, IntTuple) {
            match g.as_slice() {
                [] => (HTuple::Leaf(1), HTuple::Leaf(0)),
                [(s, d)] => (HTuple::Leaf(*s), HTuple::Leaf(*d)),
                _ => (
                    HTuple::Tuple(g.iter().map(|(s, _)| HTuple::Leaf(*s)).collect()),
                    HTuple::Tuple(g.iter().map(|(_, d)| HTuple::Leaf(*d)).collect()),
                ),
            }
        };
        let modes: Vec<(IntTuple, IntTuple)> = groups.iter().map(mode).collect();
        Layout::new(
            HTuple::Tuple(modes.iter().map(|(s, _)| s.clone()).collect()),
            HTuple::Tuple(modes.iter().map(|(_, d)| d.clone()).collect()),
        )
    }
}
