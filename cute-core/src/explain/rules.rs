//! The rule of each step kind: its result from its operands (and, for a nested step, from its
//! sub-steps). Both the derivations and [`Explanation::replay`](super::Explanation::replay) run
//! these, so a recorded step is always the rule applied to its operands.
//!
//! The arithmetic is the engine's, in the same order, through the checked operations of
//! `arith`, so that an overflow reports the same operation and operands as the engine does.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::{Operand, Step, StepKind};
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
    fn text(&self, i: usize) -> Result<&'a str> {
        match self.get(i)? {
            Operand::Text(t) => Ok(t),
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

/// The engine's error for a violated condition of composition, under `context`
/// (`composition A o B`).
fn composition_error(context: &str, v: Violation) -> Error {
    match v {
        Violation::Overflow(o) => o.into(),
        _ => Error::new(v.kind(), format!("{}: {}", context, v)),
    }
}

/// The engine's error for a violated condition of complement, under `context`.
fn complement_error(context: &str, c: ComplementError) -> Error {
    match c {
        ComplementError::Overflow(o) => o.into(),
        _ => Error::new(c.kind(), format!("{}: {}", context, c)),
    }
}

/// The engine's error for a violated condition of the left inverse, under `context`.
fn inverse_error(context: &str, v: InverseViolation) -> Error {
    match v {
        InverseViolation::Overflow(o) => o.into(),
        _ => Error::new(v.kind(), format!("{}: {}", context, v)),
    }
}

/// The first mode of the coalesce walk, the last mode of the layout; with `extended` a size-1
/// mode counts as 2 so that its stride is kept (it decides the layout past its size).
pub(super) fn start_mode(s: i64, d: i64, extended: bool) -> (i64, i64) {
    (if extended && s == 1 { 2 } else { s }, d)
}

/// One step of the coalesce walk: the mode `s:d` before `modes` (left to right). Returns the
/// rule that applies and the new modes.
pub(super) fn coalesce_next(s: i64, d: i64, modes: &[(i64, i64)]) -> (StepKind, Result<Vec<(i64, i64)>>) {
    let Some(&(s1, d1)) = modes.first() else { return (StepKind::KeepMode, Ok(vec![(s, d)])) };
    if s == 1 {
        return (StepKind::DropMode, Ok(modes.to_vec()));
    }
    if modes.len() == 1 && s1 == 1 {
        return (StepKind::ReplaceMode, Ok(vec![(s, d)]));
    }
    let sd = match arith::mul(s, d) {
        Ok(v) => v,
        Err(o) => return (StepKind::MergeModes, Err(o.into())),
    };
    if sd == d1 {
        let merged = match arith::mul(s, s1) {
            Ok(v) => v,
            Err(o) => return (StepKind::MergeModes, Err(o.into())),
        };
        let mut out = modes.to_vec();
        if let Some(first) = out.first_mut() {
            *first = (merged, d);
        }
        (StepKind::MergeModes, Ok(out))
    } else {
        let mut out = Vec::with_capacity(modes.len().saturating_add(1));
        out.push((s, d));
        out.extend_from_slice(modes);
        (StepKind::KeepMode, Ok(out))
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
    let mut rev = vec![start_mode(s, d, extended)];
    for &(s, d) in rest.iter().rev() {
        if s == 1 {
            continue;
        }
        let front = rev.last().copied().unwrap_or((1, 0));
        if rev.len() == 1 && front.0 == 1 {
            rev = vec![(s, d)];
        } else if arith::mul(s, d)? == front.1 {
            let merged = arith::mul(s, front.0)?;
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

/// The result of a nested step: its last sub-step's, a layout or the error.
fn nested(kind: StepKind, subs: &[Step]) -> Result<Operand> {
    match subs.last().map(|s| &s.result) {
        Some(Ok(Operand::Layout(l))) => Ok(Operand::Layout(l.clone())),
        Some(Err(e)) => Err(e.clone()),
        _ => Err(malformed(kind)),
    }
}

/// The result of a leaf: the modes its sub-steps produced, or the first error.
fn leaf(kind: StepKind, subs: &[Step]) -> Result<Operand> {
    let mut pairs = Vec::new();
    for s in subs {
        match (&s.result, s.kind) {
            (Err(e), _) => return Err(e.clone()),
            (Ok(Operand::Ints(v)), StepKind::KeepSize | StepKind::LastMode | StepKind::Linear) => {
                pairs.push((at(v, 0, kind)?, at(v, 1, kind)?));
            }
            _ => {}
        }
    }
    if pairs.is_empty() {
        return Err(malformed(kind));
    }
    Ok(Operand::Layout(flat_layout(&pairs)))
}

/// The rule of `kind`: the result of a step with operands `ops` and sub-steps `subs`.
pub(super) fn apply(kind: StepKind, ops: &[Operand], subs: &[Step]) -> Result<Operand> {
    let o = Ops { kind, ops };
    match kind {
        StepKind::Coalesce => {
            Ok(Operand::Layout(flat_layout(&coalesce_pairs(&o.layout(0)?.flat_modes(), o.flag(1)?)?)))
        }
        StepKind::Flatten => Ok(Operand::Layout(o.layout(0)?.flatten())),
        StepKind::StartMode => Ok(Operand::Layout(flat_layout(&[start_mode(o.int(0)?, o.int(1)?, o.flag(2)?)]))),
        StepKind::DropMode | StepKind::ReplaceMode | StepKind::MergeModes | StepKind::KeepMode => {
            let (rule, modes) = coalesce_next(o.int(0)?, o.int(1)?, &o.layout(2)?.flat_modes());
            if rule != kind {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    format!("explain: the rule is {}, not {}", rule, kind),
                ));
            }
            Ok(Operand::Layout(flat_layout(&modes?)))
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
        StepKind::Leaf => leaf(kind, subs),
        StepKind::Linear => {
            let (context, n, r, a) = (o.text(0)?, o.int(1)?, o.int(2)?, o.layout(3)?);
            let stride = match a.flat_modes().first() {
                Some(&(_, d)) if r != 0 => {
                    arith::mul(r, d).map_err(|v| composition_error(context, Violation::Overflow(v)))?
                }
                _ => 0,
            };
            Ok(Operand::Ints(vec![n, stride]))
        }
        StepKind::DivideStride => {
            let (context, s, rest_shape, rest_stride, exempt) =
                (o.text(0)?, o.int(2)?, o.int(4)?, o.int(5)?, o.flag(6)?);
            divide_stride(s, rest_shape, rest_stride, exempt)
                .map(Operand::Ints)
                .map_err(|v| composition_error(context, v))
        }
        StepKind::KeepSize => {
            let (context, s, d, rest_shape, rest_stride, holds, exempt) =
                (o.text(0)?, o.int(1)?, o.int(2)?, o.int(3)?, o.int(4)?, o.int(5)?, o.flag(6)?);
            keep_size(s, d, rest_shape, rest_stride, holds, exempt)
                .map(Operand::Ints)
                .map_err(|v| composition_error(context, v))
        }
        StepKind::LastMode => {
            let (context, d, rest_shape, rest_stride) = (o.text(0)?, o.int(2)?, o.int(3)?, o.int(4)?);
            let stride = arith::mul(rest_stride, d).map_err(|v| composition_error(context, Violation::Overflow(v)))?;
            Ok(Operand::Ints(vec![rest_shape, stride]))
        }
        StepKind::Exempt => {
            let (shapes, bound) = (o.ints(0)?, o.int(1)?);
            let first = flat::first_exempt(shapes, Some(bound));
            Ok(Operand::Int(if first == usize::MAX { -1 } else { index(first) }))
        }
        StepKind::CheckLeafCount => {
            check_leaf_count(to_index(o.int(1)?, kind)?, &o.text(0)?)?;
            Ok(Operand::Holds)
        }
        StepKind::CheckDisjoint => {
            let (context, shapes, digits, infos, first) = (o.text(0)?, o.ints(1)?, o.ints(2)?, o.ints(3)?, o.int(4)?);
            let leaves = infos
                .chunks(4)
                .map(|c| match *c {
                    [n, sign, top, strict] => Ok(LeafInfo { n, sign, top: to_index(top, kind)?, strict: strict != 0 }),
                    _ => Err(malformed(kind)),
                })
                .collect::<Result<Vec<_>>>()?;
            let width = shapes.len().saturating_sub(1);
            if shapes.len() > 1 && Some(digits.len()) != width.checked_mul(leaves.len()) {
                return Err(malformed(kind));
            }
            let first = if first < 0 { usize::MAX } else { to_index(first, kind)? };
            flat::check_disjoint(shapes, digits, &leaves, first).map_err(|v| composition_error(context, v))?;
            Ok(Operand::Holds)
        }
        StepKind::Join => {
            let (b, leaves) = (o.layout(0)?, o.layouts(1)?);
            let mut it = leaves.iter();
            let r = join(b.shape(), &mut it, kind)?;
            if it.next().is_some() {
                return Err(malformed(kind));
            }
            Ok(Operand::Layout(r))
        }
        StepKind::CheckStrides => {
            let (context, a) = (o.text(0)?, o.layout(1)?);
            flat::check_strides(&a.shape().flat_leaves(), &a.stride().flat_leaves())
                .map_err(|c| complement_error(context, c))?;
            Ok(Operand::Holds)
        }
        StepKind::CheckCotarget => {
            let (context, m) = (o.text(0)?, o.tuple(1)?);
            if let Some(&entry) = m.leaves().into_iter().find(|&&e| e < 1) {
                return Err(complement_error(context, ComplementError::NonPositiveCotarget { entry }));
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
            let (context, s, d, span) = (o.text(0)?, o.int(1)?, o.int(2)?, o.int(3)?);
            let err = |v| complement_error(context, ComplementError::Overflow(v));
            let q = arith::div(d, span).map_err(err)?;
            if q == 0 {
                return Err(complement_error(context, ComplementError::NonInjective { stride: d, span }));
            }
            Ok(Operand::Ints(vec![q, span, arith::mul(d, s).map_err(err)?]))
        }
        StepKind::UpToCotarget => {
            let (context, m, span) = (o.text(0)?, o.tuple(1)?, o.int(2)?);
            let rest = up_to_cotarget(&m.flat_leaves(), span).map_err(|c| complement_error(context, c))?;
            Ok(Operand::Ints(vec![rest, if rest == 1 { 0 } else { span }]))
        }
        StepKind::Complement | StepKind::Compose | StepKind::Mode | StepKind::Logical => nested(kind, subs),
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
            let (context, l) = (o.text(0)?, o.layout(1)?);
            if let Some(&(_, stride)) = l.flat_modes().iter().find(|m| m.1 < 0) {
                return Err(inverse_error(context, InverseViolation::NegativeStride { stride }));
            }
            Ok(Operand::Holds)
        }
        StepKind::Fold => {
            let (context, d, pre, span) = (o.text(0)?, o.int(2)?, o.int(3)?, o.int(4)?);
            if d == 0 {
                return Ok(Operand::Ints(Vec::new()));
            }
            let err = |v| inverse_error(context, InverseViolation::Overflow(v));
            if arith::rem(d, span).map_err(err)? != 0 {
                return Err(inverse_error(context, InverseViolation::LeftInverseDivisibility { stride: d, span }));
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
            let (context, l, order, absorbs) = (o.text(0)?, o.layout(1)?, o.ints(2)?, o.flag(3)?);
            let order = order.iter().map(|&i| to_index(i, kind)).collect::<Result<Vec<_>>>()?;
            let (shape, stride) = (l.shape().flat_leaves(), l.stride().flat_leaves());
            if order.iter().any(|&i| i >= shape.len()) {
                return Err(malformed(kind));
            }
            quasi_inverse(&shape, &stride, &order, absorbs).map_err(|v| inverse_error(context, v))?;
            Ok(Operand::Holds)
        }
        StepKind::Keep => Ok(Operand::Layout(o.layout(0)?.clone())),
        StepKind::CheckModes => {
            let (context, tiler_rank, rank) = (o.text(0)?, o.int(1)?, o.int(2)?);
            if tiler_rank > rank {
                return Err(Error::new(
                    ErrorKind::TooManyModes,
                    format!("{}: the tiler has {} modes, the layout {}", context, tiler_rank, rank),
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
            let (context, a, m, a_star, cosize) = (o.text(0)?, o.layout(1)?, o.int(2)?, o.layout(3)?, o.int(4)?);
            if cosize > 1 {
                return Err(Error::new(
                    ErrorKind::NegativeStride,
                    format!(
                        "{}: complement({}, {}) of a layout with negative strides is {}, not a layout",
                        context, a, m, a_star
                    ),
                ));
            }
            Ok(Operand::Holds)
        }
        StepKind::CheckShapes => {
            let (context, rest) = (o.text(0)?, o.layout(1)?);
            if let Some(bad) = rest.shape().leaves().into_iter().find(|&&s| s <= 0) {
                return Err(Error::new(
                    ErrorKind::NegativeStride,
                    format!("{}: the product has shape {} from a layout with negative strides", context, bad),
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
            let (context, n) = (o.text(0)?, o.int(1)?);
            if n < 1 {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    format!("{}: a tile size must be positive", context),
                ));
            }
            Ok(Operand::Holds)
        }
    }
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
