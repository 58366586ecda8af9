//! The rule of each step kind: its result from its operands (a nested step's result is its
//! sub-steps' derivation's, and has no rule here). The derivations record each step's result
//! from these, and [`Explanation::replay`](super::Explanation::replay) derives again to check a
//! recorded explanation.
//!
//! The arithmetic is the engine's, in the same order, through the checked operations of
//! `arith`, so that an overflow reports the same operation and operands as the engine does.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::{Operand, StepKind};
use crate::arith::{self, Overflow};
use crate::dynamic::{check_leaf_count, Error, ErrorKind, HTuple, IntTuple, Layout, Result, Tiler};
use crate::flat::{self, ComplementError, InverseViolation, LeafInfo, Violation};

/// The error of a step whose operands do not have the form of its kind.
fn malformed(kind: StepKind) -> Error {
    Error::new(ErrorKind::InvalidArgument, format!("explain: a {} step with operands of the wrong form", kind.name()))
}

/// Typed access to a step's operands.
struct Ops<'a> {
    kind: StepKind,
    ops: &'a [Operand],
}

impl<'a> Ops<'a> {
    fn get(&self, i: usize) -> Result<&'a Operand> {
        self.ops.get(i).ok_or_else(|| malformed(self.kind))
    }
    fn int(&self, i: usize) -> Result<i64> {
        match self.get(i)? {
            Operand::Int(v) => Ok(*v),
            _ => Err(malformed(self.kind)),
        }
    }
    fn flag(&self, i: usize) -> Result<bool> {
        Ok(self.int(i)? != 0)
    }
    fn ints(&self, i: usize) -> Result<&'a [i64]> {
        match self.get(i)? {
            Operand::Ints(v) => Ok(v),
            _ => Err(malformed(self.kind)),
        }
    }
    fn layout(&self, i: usize) -> Result<&'a Layout> {
        match self.get(i)? {
            Operand::Layout(l) => Ok(l),
            _ => Err(malformed(self.kind)),
        }
    }
    fn layouts(&self, i: usize) -> Result<&'a [Layout]> {
        match self.get(i)? {
            Operand::Layouts(v) => Ok(v),
            _ => Err(malformed(self.kind)),
        }
    }
    fn tuple(&self, i: usize) -> Result<&'a IntTuple> {
        match self.get(i)? {
            Operand::Tuple(t) => Ok(t),
            _ => Err(malformed(self.kind)),
        }
    }
    fn tiler(&self, i: usize) -> Result<&'a Tiler> {
        match self.get(i)? {
            Operand::Tiler(t) => Ok(t),
            _ => Err(malformed(self.kind)),
        }
    }
}

/// Entry `i` of `v`, or the malformed error of `kind`.
pub(super) fn at(v: &[i64], i: usize, kind: StepKind) -> Result<i64> {
    v.get(i).copied().ok_or_else(|| malformed(kind))
}

/// A layout of flat modes: one mode as an integral layout, else a tuple (as the engine builds
/// its flat results).
pub(super) fn flat_layout(pairs: &[(i64, i64)]) -> Layout {
    Layout::from_flat(pairs, false)
}

/// `i` as an integer operand.
pub(super) fn index(i: usize) -> i64 {
    i64::try_from(i).unwrap_or(i64::MAX)
}

/// An integer operand as an index.
fn to_index(v: i64, kind: StepKind) -> Result<usize> {
    usize::try_from(v).map_err(|_| malformed(kind))
}

/// The context an error message starts with (`composition A o B`, `complement(A, M)`, ...),
/// built only when a step fails: steps do not store it, as it repeats whole operands.
pub(super) type Ctx<'a> = &'a dyn Fn() -> String;

/// The engine's error for a violated condition of composition, under the context.
fn composition_error(ctx: Ctx<'_>, v: Violation) -> Error {
    match v {
        Violation::Overflow(o) => o.into(),
        _ => Error::new(v.kind(), format!("{}: {}", ctx(), v)),
    }
}

/// The engine's error for a violated condition of complement, under the context.
fn complement_error(ctx: Ctx<'_>, c: ComplementError) -> Error {
    match c {
        ComplementError::Overflow(o) => o.into(),
        _ => Error::new(c.kind(), format!("{}: {}", ctx(), c)),
    }
}

/// The engine's error for a violated condition of the left inverse, under the context.
fn inverse_error(ctx: Ctx<'_>, v: InverseViolation) -> Error {
    match v {
        InverseViolation::Overflow(o) => o.into(),
        _ => Error::new(v.kind(), format!("{}: {}", ctx(), v)),
    }
}

/// Whether a failure of `kind` is a violated condition whose error message starts with the
/// context (the text then shows the condition alone).
pub(super) fn has_context(kind: StepKind) -> bool {
    matches!(
        kind,
        StepKind::Linear
            | StepKind::DivideStride
            | StepKind::KeepSize
            | StepKind::LastMode
            | StepKind::CheckLeafCount
            | StepKind::CheckDisjoint
            | StepKind::CheckStrides
            | StepKind::CheckCotarget
            | StepKind::Gap
            | StepKind::UpToCotarget
            | StepKind::CheckNonNegative
            | StepKind::Fold
            | StepKind::CheckQuasiInverse
            | StepKind::CheckModes
            | StepKind::CheckDegenerate
            | StepKind::CheckShapes
            | StepKind::CheckTileSize
            | StepKind::CheckOperandLeaves
    )
}

/// The walk of coalesce keeps its front mode `s1:d1` and how many modes it has so far
/// (`[s1, d1, count]`); the modes behind the front are the fronts that [`StepKind::KeepMode`]
/// steps displaced, so no step carries the whole list.
pub(super) type Front = (i64, i64, i64);

/// One step of the coalesce walk: the mode `s:d` before the modes so far, whose front is `front`.
/// Returns the rule that applies and the new front.
pub(super) fn coalesce_next(s: i64, d: i64, front: Front) -> (StepKind, Result<Front>) {
    let (s1, d1, count) = front;
    if s == 1 {
        return (StepKind::DropMode, Ok(front));
    }
    if count == 1 && s1 == 1 {
        return (StepKind::ReplaceMode, Ok((s, d, 1)));
    }
    // `s:d` continues into the front mode when `s * d` is its stride; a product past i64 is no
    // stride, so such a mode is kept.
    if arith::mul(s, d) == Ok(d1) {
        (StepKind::MergeModes, arith::mul(s, s1).map(|merged| (merged, d, count)).map_err(Error::from))
    } else {
        (StepKind::KeepMode, arith::add(count, 1).map(|c| (s, d, c)).map_err(Error::from))
    }
}

/// Whether the coalesce walk ends in the trivial layout: one size-1 mode, or none.
pub(super) fn is_trivial(modes: &[(i64, i64)]) -> bool {
    matches!(modes, [] | [(1, _)])
}

/// Coalesce flat modes by the walk's rules (back to front).
pub(super) fn coalesce_pairs(pairs: &[(i64, i64)], extended: bool) -> Result<Vec<(i64, i64)>> {
    let Some((&(s, d), rest)) = pairs.split_last() else { return Ok(vec![(1, 0)]) };
    // Built back to front, reversed at the end, so that prepending is a push.
    // With `extended` a trailing size-1 mode counts as 2, so that its stride is kept (it decides
    // the layout past its size).
    let mut held = extended && s == 1;
    let mut rev = vec![(if held { 2 } else { s }, d)];
    for &(s, d) in rest.iter().rev() {
        if s == 1 {
            continue;
        }
        let front = rev.last().copied().unwrap_or((1, 0));
        if rev.len() == 1 && front.0 == 1 {
            rev = vec![(s, d)];
        } else if arith::mul(s, d) == Ok(front.1) {
            // The 2 of a trailing size-1 mode stands for its 1 where the product passes i64.
            let merged = match arith::mul(s, front.0) {
                Err(_) if held && rev.len() == 1 => {
                    held = false;
                    arith::mul(s, front.0 / 2)?
                }
                m => m?,
            };
            if let Some(f) = rev.last_mut() {
                *f = (merged, d);
            }
        } else {
            rev.push((s, d));
        }
    }
    if is_trivial(&rev) {
        return Ok(vec![(1, 0)]);
    }
    rev.reverse();
    Ok(rev)
}

/// Indices `0..stride.len()` sorted by stride, stably.
pub(super) fn stable_order(stride: &[i64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..stride.len()).collect();
    order.sort_by_key(|&i| stride.get(i).copied().unwrap_or(0));
    order
}

/// The tile of a tiler: a layout as it is, `n` as `n:1` (CuTe's `make_layout(n)`).
pub(super) fn tile_layout(tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Layout(l) => Ok(l.clone()),
        Tiler::Int(n) => Layout::column_major(IntTuple::Leaf(*n)),
        Tiler::Underscore | Tiler::Tuple(_) => {
            Err(Error::new(ErrorKind::InvalidArgument, format!("{} is not a single tile", tiler)))
        }
    }
}

/// `((t0,t1,..),(r0,r1,..,other modes..))` from the rank-2 modes a tiler's leaves produced.
fn zip2_by(l: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Tuple(ts) => {
            let modes = l.modes();
            if ts.len() > modes.len() {
                return Err(Error::new(
                    ErrorKind::RankMismatch,
                    format!("zip2_by({}, {}): the tiler has more modes than the layout", l, tiler),
                ));
            }
            let (mut firsts, mut seconds) = (Vec::new(), Vec::new());
            for (m, t) in modes.iter().zip(ts) {
                let z = zip2_by(m, t)?;
                firsts.push(z.mode(0)?);
                seconds.push(z.mode(1)?);
            }
            seconds.extend(modes.into_iter().skip(ts.len()));
            Ok(Layout::from_modes(vec![Layout::from_modes(firsts), Layout::from_modes(seconds)]))
        }
        _ => {
            if l.shape().is_leaf() || l.rank() != 2 {
                return Err(Error::new(
                    ErrorKind::RankMismatch,
                    format!("zip2_by({}, {}): expected a rank-2 layout", l, tiler),
                ));
            }
            Ok(l.clone())
        }
    }
}

/// The modes of the marked top-level modes of rank > 1 spread into the top level.
fn unpack(l: &Layout, spread: &[i64]) -> Layout {
    let mut out = Vec::new();
    for (i, m) in l.modes().into_iter().enumerate() {
        if spread.get(i).is_some_and(|&f| f != 0) && m.rank() > 1 {
            out.extend(m.modes());
        } else {
            out.push(m);
        }
    }
    Layout::from_modes(out)
}

/// `((x0,y0),(x1,y1),...)`; a leaf `x` gives `((x,y))`.
fn zip(x: &Layout, y: &Layout) -> Result<Layout> {
    if x.shape().is_leaf() {
        return Ok(Layout::from_modes(vec![Layout::from_modes(vec![x.clone(), y.clone()])]));
    }
    if y.shape().is_leaf() || y.rank() != x.rank() {
        return Err(Error::new(
            ErrorKind::RankMismatch,
            format!("zip({}, {}): the second operand must be a tuple of rank {}", x, y, x.rank()),
        ));
    }
    Ok(Layout::from_modes(x.modes().into_iter().zip(y.modes()).map(|(p, q)| Layout::from_modes(vec![p, q])).collect()))
}

/// Rebuild B's tree with its leaves replaced, in order, by `leaves`.
fn join(shape: &IntTuple, leaves: &mut core::slice::Iter<'_, Layout>, kind: StepKind) -> Result<Layout> {
    match shape {
        HTuple::Leaf(_) => leaves.next().cloned().ok_or_else(|| malformed(kind)),
        HTuple::Tuple(v) => {
            Ok(Layout::from_modes(v.iter().map(|m| join(m, leaves, kind)).collect::<Result<Vec<_>>>()?))
        }
    }
}

/// The rule of `kind`: the result of a step with operands `ops`; `ctx` gives the context of the
/// error of a violated condition. A nested step's result is its derivation's, which has no rule
/// here.
pub(super) fn apply(kind: StepKind, ops: &[Operand], ctx: Ctx<'_>) -> Result<Operand> {
    let o = Ops { kind, ops };
    match kind {
        StepKind::Coalesce => {
            Ok(Operand::Layout(flat_layout(&coalesce_pairs(&o.layout(0)?.flat_modes(), o.flag(1)?)?)))
        }
        StepKind::Flatten => Ok(Operand::Layout(o.layout(0)?.flatten())),
        StepKind::StartMode => Ok(Operand::Ints(vec![o.int(0)?, o.int(1)?, 1])),
        StepKind::DropMode | StepKind::ReplaceMode | StepKind::MergeModes | StepKind::KeepMode => {
            let front = match o.ints(2)? {
                &[s1, d1, count] => (s1, d1, count),
                _ => return Err(malformed(kind)),
            };
            let (rule, next) = coalesce_next(o.int(0)?, o.int(1)?, front);
            if rule != kind {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    format!("explain: the rule is {}, not {}", rule, kind),
                ));
            }
            let (s, d, count) = next?;
            Ok(Operand::Ints(vec![s, d, count]))
        }
        StepKind::Trivial => {
            if !is_trivial(&o.layout(0)?.flat_modes()) {
                return Err(malformed(kind));
            }
            Ok(Operand::Layout(Layout::trivial()))
        }
        StepKind::Distribute => {
            Ok(Operand::Layouts(o.layout(0)?.flat_modes().iter().map(|&(n, r)| flat_layout(&[(n, r)])).collect()))
        }
        StepKind::Linear => {
            let (n, r, d) = (o.int(0)?, o.int(1)?, o.int(3)?);
            let stride = if r == 0 {
                0
            } else {
                arith::mul(r, d).map_err(|v| composition_error(ctx, Violation::Overflow(v)))?
            };
            Ok(Operand::Ints(vec![n, stride]))
        }
        StepKind::DivideStride => {
            let (s, rest_shape, rest_stride, exempt) = (o.int(1)?, o.int(3)?, o.int(4)?, o.flag(5)?);
            divide_stride(s, rest_shape, rest_stride, exempt).map(Operand::Ints).map_err(|v| composition_error(ctx, v))
        }
        StepKind::KeepSize => {
            let (s, d, rest_shape, rest_stride, holds, exempt) =
                (o.int(0)?, o.int(1)?, o.int(2)?, o.int(3)?, o.int(4)?, o.flag(5)?);
            keep_size(s, d, rest_shape, rest_stride, holds, exempt)
                .map(Operand::Ints)
                .map_err(|v| composition_error(ctx, v))
        }
        StepKind::LastMode => {
            let (d, rest_shape, rest_stride) = (o.int(1)?, o.int(2)?, o.int(3)?);
            let stride = arith::mul(rest_stride, d).map_err(|v| composition_error(ctx, Violation::Overflow(v)))?;
            Ok(Operand::Ints(vec![rest_shape, stride]))
        }
        StepKind::Exempt => {
            let (shapes, bound) = (o.ints(0)?, o.int(1)?);
            let first = flat::first_exempt(shapes, Some(bound));
            Ok(Operand::Int(if first == usize::MAX { -1 } else { index(first) }))
        }
        StepKind::CheckLeafCount => {
            check_leaf_count(to_index(o.int(0)?, kind)?, &ctx())?;
            Ok(Operand::Holds)
        }
        StepKind::CheckDisjoint => {
            let (shapes, digits, infos, first) = (o.ints(0)?, o.ints(1)?, o.ints(2)?, o.int(3)?);
            let leaves = leaf_infos(infos, kind)?;
            let width = shapes.len().saturating_sub(1);
            if shapes.len() > 1 && Some(digits.len()) != width.checked_mul(leaves.len()) {
                return Err(malformed(kind));
            }
            let first = if first < 0 { usize::MAX } else { to_index(first, kind)? };
            flat::check_disjoint(shapes, digits, &leaves, first, &mut vec![flat::ModeSums::ZERO; width])
                .map_err(|v| composition_error(ctx, v))?;
            Ok(Operand::Holds)
        }
        StepKind::Join => {
            let (b, leaves) = (o.layout(0)?, o.layouts(1)?);
            let mut it = leaves.iter();
            let r = join(&b.shape(), &mut it, kind)?;
            if it.next().is_some() {
                return Err(malformed(kind));
            }
            Ok(Operand::Layout(r))
        }
        StepKind::CheckStrides => {
            let a = o.layout(0)?;
            flat::check_strides(&a.shape().flat_leaves(), &a.stride().flat_leaves())
                .map_err(|c| complement_error(ctx, c))?;
            Ok(Operand::Holds)
        }
        StepKind::CheckCotarget => {
            if let Some(&entry) = o.tuple(0)?.leaves().into_iter().find(|&&e| e < 1) {
                return Err(complement_error(ctx, ComplementError::NonPositiveCotarget { entry }));
            }
            Ok(Operand::Holds)
        }
        StepKind::Filter => {
            let pairs: Vec<(i64, i64)> =
                o.layout(0)?.flat_modes().into_iter().map(|(s, d)| (if d == 0 { 1 } else { s }, d)).collect();
            Ok(Operand::Layout(flat_layout(&pairs)))
        }
        StepKind::Compact => {
            let mut size = 1i64;
            for &e in o.tuple(0)?.leaves() {
                size = arith::mul(size, e)?;
            }
            Ok(Operand::Layout(flat_layout(&[(size, if size == 1 { 0 } else { 1 })])))
        }
        StepKind::SortByStride => {
            let strides: Vec<i64> = o.layout(0)?.flat_modes().iter().map(|m| m.1).collect();
            Ok(Operand::Ints(stable_order(&strides).into_iter().map(index).collect()))
        }
        StepKind::Gap => {
            let (s, d, span) = (o.int(0)?, o.int(1)?, o.int(2)?);
            let err = |v| complement_error(ctx, ComplementError::Overflow(v));
            let q = arith::div(d, span).map_err(err)?;
            if q == 0 {
                return Err(complement_error(ctx, ComplementError::NonInjective { stride: d, span }));
            }
            Ok(Operand::Ints(vec![q, span, arith::mul(d, s).map_err(err)?]))
        }
        StepKind::UpToCotarget => {
            let (m, span) = (o.tuple(0)?, o.int(1)?);
            let rest = up_to_cotarget(&m.flat_leaves(), span).map_err(|c| complement_error(ctx, c))?;
            Ok(Operand::Ints(vec![rest, if rest == 1 { 0 } else { span }]))
        }
        StepKind::Leaf | StepKind::Complement | StepKind::Compose | StepKind::Mode | StepKind::Logical => {
            Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("explain: a {} step's result is its sub-steps' derivation", kind.name()),
            ))
        }
        StepKind::PrefixProducts => {
            let mut p = 1i64;
            let mut pre = Vec::new();
            for (s, _) in o.layout(0)?.flat_modes() {
                pre.push(p);
                p = arith::mul(p, s)?;
            }
            Ok(Operand::Ints(pre))
        }
        StepKind::Chain => {
            let (s, d, next) = (o.int(0)?, o.int(1)?, o.int(3)?);
            if d == next {
                Ok(Operand::Ints(vec![1, arith::mul(s, d)?]))
            } else {
                Ok(Operand::Ints(vec![0, next]))
            }
        }
        StepKind::CheckNonNegative => {
            if let Some(&(_, stride)) = o.layout(0)?.flat_modes().iter().find(|m| m.1 < 0) {
                return Err(inverse_error(ctx, InverseViolation::NegativeStride { stride }));
            }
            Ok(Operand::Holds)
        }
        StepKind::Fold => {
            let (d, pre, span) = (o.int(1)?, o.int(2)?, o.int(3)?);
            if d == 0 {
                return Ok(Operand::Ints(Vec::new()));
            }
            let err = |v| inverse_error(ctx, InverseViolation::Overflow(v));
            if arith::rem(d, span).map_err(err)? != 0 {
                return Err(inverse_error(ctx, InverseViolation::LeftInverseDivisibility { stride: d, span }));
            }
            Ok(Operand::Ints(vec![arith::div(d, span).map_err(err)?, pre, d]))
        }
        StepKind::LastShape => {
            let (l, order) = (o.layout(0)?, o.ints(1)?);
            let modes = l.flat_modes();
            Ok(Operand::Int(match order.last() {
                Some(&i) => modes.get(to_index(i, kind)?).ok_or_else(|| malformed(kind))?.0,
                None => 1,
            }))
        }
        StepKind::CheckQuasiInverse => {
            let (l, order, absorbs) = (o.layout(0)?, o.ints(1)?, o.flag(2)?);
            let order = order.iter().map(|&i| to_index(i, kind)).collect::<Result<Vec<_>>>()?;
            let (shape, stride) = (l.shape().flat_leaves(), l.stride().flat_leaves());
            if order.iter().any(|&i| i >= shape.len()) {
                return Err(malformed(kind));
            }
            quasi_inverse(&shape, &stride, &order, absorbs).map_err(|v| inverse_error(ctx, v))?;
            Ok(Operand::Holds)
        }
        StepKind::Keep => Ok(Operand::Layout(o.layout(0)?.clone())),
        StepKind::CheckModes => {
            let (tiler_rank, rank) = (o.int(0)?, o.int(1)?);
            if tiler_rank > rank {
                return Err(Error::new(
                    ErrorKind::TooManyModes,
                    format!("{}: the tiler has {} modes, the layout {}", ctx(), tiler_rank, rank),
                ));
            }
            Ok(Operand::Holds)
        }
        StepKind::Uncovered => Ok(if o.flag(2)? { Operand::Layout(o.layout(1)?.clone()) } else { Operand::Holds }),
        StepKind::JoinModes => Ok(Operand::Layout(Layout::from_modes(o.layouts(0)?.to_vec()))),
        StepKind::TileLayout => Ok(Operand::Layout(tile_layout(o.tiler(0)?)?)),
        StepKind::Bound => Ok(Operand::Int(o.layout(0)?.size()?)),
        StepKind::ProductCotarget => {
            let (a, b) = (o.layout(0)?, o.layout(1)?);
            let cosize = b.cosize()?;
            let size = a.size()?;
            Ok(Operand::Ints(vec![size, cosize, arith::mul(size, cosize)?]))
        }
        StepKind::CheckDegenerate => {
            let (a, m, a_star, cosize) = (o.layout(0)?, o.int(1)?, o.layout(2)?, o.int(3)?);
            if cosize > 1 {
                return Err(Error::new(
                    ErrorKind::NegativeStride,
                    format!(
                        "{}: complement({}, {}) of a layout with negative strides is {}, not a layout",
                        ctx(),
                        a,
                        m,
                        a_star
                    ),
                ));
            }
            Ok(Operand::Holds)
        }
        StepKind::CheckShapes => {
            if let Some(bad) = o.layout(0)?.shape().leaves().into_iter().find(|&&s| s <= 0) {
                return Err(Error::new(
                    ErrorKind::NegativeStride,
                    format!("{}: the product has shape {} from a layout with negative strides", ctx(), bad),
                ));
            }
            Ok(Operand::Holds)
        }
        StepKind::Zip2By => Ok(Operand::Layout(zip2_by(o.layout(0)?, o.tiler(1)?)?)),
        StepKind::Unpack => Ok(Operand::Layout(unpack(o.layout(0)?, o.ints(1)?))),
        StepKind::Pad => Ok(Operand::Layout(o.layout(0)?.append_to_rank(to_index(o.int(1)?, kind)?)?)),
        StepKind::Zip => {
            let (p, raked) = (o.layout(0)?, o.flag(1)?);
            let (x, y) = (p.mode(0)?, p.mode(1)?);
            Ok(Operand::Layout(if raked { zip(&y, &x)? } else { zip(&x, &y)? }))
        }
        StepKind::CheckTileSize => {
            if o.int(0)? < 1 {
                return Err(Error::new(ErrorKind::InvalidArgument, format!("{}: a tile size must be positive", ctx())));
            }
            Ok(Operand::Holds)
        }
        StepKind::CheckOperandLeaves => {
            let count = o.int(0)?;
            if count > index(super::MAX_EXPLAINED_LEAVES) {
                return Err(Error::new(
                    ErrorKind::TooManyLeaves,
                    format!(
                        "{}: the operands have {} leaves, more than the {} an explanation takes",
                        ctx(),
                        count,
                        super::MAX_EXPLAINED_LEAVES
                    ),
                ));
            }
            Ok(Operand::Holds)
        }
    }
}

/// The leaves' `[n, sign, top, strict]` rows of a [`StepKind::CheckDisjoint`] step.
pub(super) fn leaf_infos(infos: &[i64], kind: StepKind) -> Result<Vec<LeafInfo>> {
    infos
        .chunks(4)
        .map(|c| match *c {
            [n, sign, top, strict] => Ok(LeafInfo { n, sign, top: to_index(top, kind)?, strict: strict != 0 }),
            _ => Err(malformed(kind)),
        })
        .collect()
}

/// Divide the stride left, `rest_stride`, out of a mode of shape `s` of A: CuTe's check
/// (`rest_stride % s == 0 || rest_stride < s`), then the shape of the mode that is left,
/// `ceil_div(s, |r|)`, and the stride left after it, `ceil_div(|r|, s)` with r's sign. Where the
/// mode is passed over (it holds one element, or the leaf is placed), a stride that jumps over
/// it must be a multiple of it (unless the mode is exempt: only offsets past the bound depend on
/// it).
fn divide_stride(s: i64, rest_shape: i64, rest_stride: i64, exempt: bool) -> core::result::Result<Vec<i64>, Violation> {
    let ov = Violation::Overflow;
    let abs_r = arith::abs(rest_stride).map_err(ov)?;
    if !(arith::rem(rest_stride, s).map_err(ov)? == 0 || rest_stride < s) {
        return Err(Violation::StrideDivisibility { stride: rest_stride, shape: s });
    }
    let next_shape = arith::ceil_div(s, abs_r).map_err(ov)?;
    let next_stride = arith::mul(arith::ceil_div(abs_r, s).map_err(ov)?, rest_stride.signum()).map_err(ov)?;
    // Passed over with elements left to place (a placed leaf, size 1, passes any mode).
    if next_shape == 1 && rest_shape != 1 && arith::rem(abs_r, s).map_err(ov)? != 0 && !exempt {
        return Err(Violation::StrideNotMultiple { stride: rest_stride, shape: s });
    }
    Ok(vec![next_shape, next_stride])
}

/// Keep the leaf's size left, `rest_shape`, in the `holds` elements a mode of A has for it:
/// `min(holds, rest_shape)` elements, which must divide `rest_shape`; a leaf that goes on past
/// the mode needs a stride that divides the mode's shape `s`. Returns the mode of the result,
/// the size left and the largest digit the leaf puts in the mode.
fn keep_size(
    s: i64,
    d: i64,
    rest_shape: i64,
    rest_stride: i64,
    holds: i64,
    exempt: bool,
) -> core::result::Result<Vec<i64>, Violation> {
    let ov = Violation::Overflow;
    let abs_r = arith::abs(rest_stride).map_err(ov)?;
    let new_shape = holds.min(rest_shape);
    if arith::rem(rest_shape, new_shape).map_err(ov)? != 0 {
        return Err(Violation::ShapeDivisibility { rest: rest_shape, part: new_shape });
    }
    if new_shape < rest_shape && arith::rem(s, abs_r).map_err(ov)? != 0 && !exempt {
        return Err(Violation::StrideNotDivisor { stride: rest_stride, shape: s });
    }
    let digit = arith::mul(arith::add(new_shape, -1).map_err(ov)?, abs_r).map_err(ov)?;
    let stride = arith::mul(rest_stride, d).map_err(ov)?;
    let left = arith::div(rest_shape, new_shape).map_err(ov)?;
    Ok(vec![new_shape, stride, left, digit])
}

/// CuTe's left inverse reads an offset in the mixed radix of the sorted strides; that gives the
/// coordinate back unless a mode followed by a gap in the strides (or the largest one) receives a
/// carry from the smaller modes, which only L's last mode absorbs (as L does past its size).
fn quasi_inverse(
    shape: &[i64],
    stride: &[i64],
    order: &[usize],
    last_absorbs: bool,
) -> core::result::Result<(), InverseViolation> {
    let ov = InverseViolation::Overflow;
    let mut below = 0i64;
    for (k, &i) in order.iter().enumerate() {
        let (Some(&s), Some(&d)) = (shape.get(i), stride.get(i)) else { continue };
        if d == 0 {
            continue;
        }
        let next = order.iter().skip(k.saturating_add(1)).filter_map(|&j| stride.get(j)).find(|&&x| x != 0);
        let gap = match next {
            Some(&x) => arith::div(x, d).map_err(ov)? > s,
            None => true,
        };
        let is_last = i.checked_add(1) == Some(shape.len());
        if gap && below >= d && !(last_absorbs && is_last) {
            return Err(InverseViolation::NonInjective);
        }
        below = arith::add(below, arith::mul(arith::add(s, -1).map_err(ov)?, d).map_err(ov)?).map_err(ov)?;
    }
    Ok(())
}

/// `size(ceil_div(M, span))`, folding the divisor across M's leaves as CuTe does.
fn up_to_cotarget(m: &[i64], span: i64) -> core::result::Result<i64, ComplementError> {
    let ov = ComplementError::Overflow;
    let (mut rest, mut div) = (1i64, span);
    for &e in m {
        if div == 0 {
            return Err(ov(Overflow { op: "/", lhs: e, rhs: 0 }));
        }
        rest = arith::mul(rest, arith::ceil_div(e, div).map_err(ov)?).map_err(ov)?;
        if e == 0 {
            return Err(ov(Overflow { op: "/", lhs: div, rhs: 0 }));
        }
        div = arith::ceil_div(div, e).map_err(ov)?;
    }
    Ok(rest)
}

/// The text of a list of integers, `(a,b,c)`, or the one integer.
pub(super) fn ints_text(v: &[i64]) -> String {
    match v {
        [x] => format!("{}", x),
        _ => {
            let parts: Vec<String> = v.iter().map(|x| format!("{}", x)).collect();
            format!("({})", parts.join(","))
        }
    }
}
