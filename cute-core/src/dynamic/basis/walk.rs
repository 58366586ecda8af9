//! The tree walks of the basis-stride engine: composition's walk over A's coalesced modes, and
//! the encoding of a basis layout's leaves for the integer algorithms.

use super::*;

/// Composition's walk: A's coalesced modes `shape:stride` and the operands for errors.
pub(super) struct Walk<'a> {
    pub(super) a: &'a BasisLayout,
    pub(super) b: &'a Layout,
    pub(super) shape: Vec<i64>,
    pub(super) stride: Vec<ScaledBasis>,
    /// The first mode of A whose violations only show past the bound (`usize::MAX`: none).
    pub(super) first_exempt: usize,
}

impl Walk<'_> {
    /// The error of a violated condition, naming it and the operands: B, or the leaf of B
    /// whose walk failed (as the integer layouts' composition names them).
    pub(super) fn error(&self, b: &dyn fmt::Display, v: Violation) -> Error {
        match v {
            Violation::Overflow(o) => o.into(),
            _ => fail(v.kind(), format!("composition {} o {}: {}", self.a, b, v)),
        }
    }

    /// `A o n:r`: the integer walk over A's shapes (strides of 1, so each result stride is the
    /// leaf's stride at the mode it comes from), then each mode's basis stride scaled by it.
    /// The modes the walk keeps are those it puts a digit in, then A's last mode if it keeps
    /// one more.
    // In range: `modes + 1` of the length of a vector of i64 (below 2^60), and `modes - 1` with
    // `modes >= 1`, as coalesced_x leaves at least one mode. The i64 values go through `arith`.
    #[allow(clippy::arithmetic_side_effects)]
    pub(super) fn compose_leaf(
        &self,
        n: i64,
        r: i64,
        strict: bool,
        digits: &mut Vec<i64>,
    ) -> Result<(Vec<(i64, ScaledBasis)>, LeafInfo)> {
        let modes = self.shape.len();
        let (mut s, mut d, mut g) = (vec![0; modes + 1], vec![0; modes + 1], vec![0; modes.max(1)]);
        let ones = vec![1; modes];
        let exempt = if strict { usize::MAX } else { self.first_exempt };
        let leaf = flat::compose_leaf(&self.shape, &ones, n, r, exempt, &mut s, &mut d, &mut g)
            .map_err(|v| self.error(&format_args!("{}:{}", n, r), v))?;
        let digit_modes = g[..modes - 1].iter().enumerate().filter(|(_, &x)| x != 0).map(|(i, _)| i);
        let from: Vec<usize> = digit_modes.chain(core::iter::once(modes - 1)).take(leaf.len).collect();
        digits.extend_from_slice(&g[..modes - 1]);
        let out = (0..leaf.len)
            .map(|j| {
                let v = arith::mul(d[j], self.stride[from[j]].value())
                    .map_err(|o| fail(ErrorKind::Overflow, format!("composition {} o {}: {}", self.a, self.b, o)))?;
                Ok((s[j], ScaledBasis::new(v, self.stride[from[j]].dims().to_vec())))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok((out, LeafInfo { n, sign: leaf.sign, top: leaf.top, strict }))
    }

    /// `A o B`, B's structure kept: each leaf of B becomes its composition with A, a tuple
    /// where that has several modes.
    pub(super) fn compose_tree(
        &self,
        shape: &IntTuple,
        stride: &IntTuple,
        strict: &dyn Fn(usize) -> bool,
        leaves: &mut Vec<LeafInfo>,
        digits: &mut Vec<i64>,
        produced: &mut usize,
    ) -> Result<(IntTuple, HTuple<ScaledBasis>)> {
        match (shape, stride) {
            (HTuple::Leaf(n), HTuple::Leaf(r)) => {
                let (modes, info) = self.compose_leaf(*n, *r, strict(0), digits)?;
                leaves.push(info);
                // In range: every earlier sum passed the check below (a failed one ends the
                // composition), so `produced <= MAX_LEAVES`, and `modes` is a vector in memory.
                #[allow(clippy::arithmetic_side_effects)]
                let sum = *produced + modes.len();
                *produced = sum;
                check_leaf_count(sum, &"composition")?;
                Ok(match <[_; 1]>::try_from(modes) {
                    Ok([(s, d)]) => (HTuple::Leaf(s), HTuple::Leaf(d)),
                    Err(modes) => (
                        HTuple::Tuple(modes.iter().map(|(s, _)| HTuple::Leaf(*s)).collect()),
                        HTuple::Tuple(modes.into_iter().map(|(_, d)| HTuple::Leaf(d)).collect()),
                    ),
                })
            }
            _ => {
                let modes = shape
                    .modes()
                    .iter()
                    .zip(stride.modes())
                    .enumerate()
                    .map(|(k, (s, d))| self.compose_tree(s, d, &|_| strict(k), leaves, digits, produced))
                    .collect::<Result<Vec<_>>>()?;
                Ok((
                    HTuple::Tuple(modes.iter().map(|(s, _)| s.clone()).collect()),
                    HTuple::Tuple(modes.into_iter().map(|(_, d)| d).collect()),
                ))
            }
        }
    }
}

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
