//! The derivations: the engine's algorithms, each computation a recorded step whose operands the
//! derivation takes from the explanation's operands and earlier steps' results, and whose result
//! is its kind's rule (`rules::apply`) applied to them. The rules repeat the engine's arithmetic
//! and conditions rather than call it, so that the outcome equals the engine's is what the tests
//! check (on worked examples, edges and random operands), not something that holds by
//! construction. [`Explanation::replay`] runs the same derivation again from the explanation's
//! operands and compares it step by step with the recorded one.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::rules::{self, at, flat_layout, index, Ctx, Front};
use super::{Explanation, Operand, Step, StepKind, MAX_EXPLAINED_LEAVES};
use crate::dynamic::{check_leaf_count, Error, ErrorKind, HTuple, IntTuple, Layout, Result, Tiler};

/// The steps recorded so far.
#[derive(Default)]
pub(super) struct Tape {
    steps: Vec<Step>,
}

impl Tape {
    /// Record a step that has no context and return its result.
    fn push(&mut self, kind: StepKind, operands: Vec<Operand>) -> Result<Operand> {
        self.check(kind, operands, &String::new)
    }

    /// Record a step whose violated condition is reported under the context `ctx` (built only
    /// if it fails) and return its result.
    fn check(&mut self, kind: StepKind, operands: Vec<Operand>, ctx: Ctx<'_>) -> Result<Operand> {
        let result = rules::apply(kind, &operands, ctx);
        let condition = match &result {
            Err(e) if rules::has_context(kind) => {
                let (m, c) = (e.message(), ctx());
                m.strip_prefix(c.as_str())
                    .and_then(|r| r.strip_prefix(": "))
                    .map_or(0, |r| m.len().saturating_sub(r.len()))
            }
            _ => 0,
        };
        self.steps.push(Step { kind, operands, result: result.clone(), steps: Vec::new(), condition });
        result
    }

    /// Record a step whose sub-steps `derive` records; its result is the derivation's.
    fn sub(
        &mut self,
        kind: StepKind,
        operands: Vec<Operand>,
        derive: impl FnOnce(&mut Tape) -> Result<Layout>,
    ) -> Result<Layout> {
        let mut t = Tape::default();
        let result = derive(&mut t);
        let recorded = result.clone().map(Operand::Layout);
        self.steps.push(Step { kind, operands, result: recorded, steps: t.steps, condition: 0 });
        result
    }
}

/// The layout of a step's result.
fn layout(r: Result<Operand>) -> Result<Layout> {
    match r? {
        Operand::Layout(l) => Ok(l),
        _ => Err(Error::new(ErrorKind::InvalidArgument, "explain: a step's result is not a layout")),
    }
}

/// The integers of a step's result.
fn ints(r: Result<Operand>) -> Result<Vec<i64>> {
    match r? {
        Operand::Ints(v) => Ok(v),
        _ => Err(Error::new(ErrorKind::InvalidArgument, "explain: a step's result is not a list of integers")),
    }
}

/// The integer of a step's result.
fn int(r: Result<Operand>) -> Result<i64> {
    match r? {
        Operand::Int(v) => Ok(v),
        _ => Err(Error::new(ErrorKind::InvalidArgument, "explain: a step's result is not an integer")),
    }
}

fn lay(l: &Layout) -> Operand {
    Operand::Layout(l.clone())
}

fn text(s: String) -> Operand {
    Operand::Text(s)
}

fn flag(b: bool) -> Operand {
    Operand::Int(i64::from(b))
}

/// The explanation of `op` with `operands`, whose steps `derive` records; operands of more than
/// [`MAX_EXPLAINED_LEAVES`] leaves are refused in a single failed step.
pub(super) fn explain(
    op: &'static str,
    operands: Vec<Operand>,
    derive: impl FnOnce(&mut Tape) -> Result<Layout>,
) -> Explanation {
    let mut t = Tape::default();
    let count = operands.iter().map(leaf_count).fold(0usize, usize::saturating_add);
    let outcome = if count > MAX_EXPLAINED_LEAVES {
        layout(t.check(StepKind::CheckOperandLeaves, vec![Operand::Int(index(count))], &|| op.into()))
    } else {
        derive(&mut t)
    };
    // An overflow names the operation and its operands, as the engine's call does.
    let outcome = outcome.map_err(|e| e.named(|| call_text(op, &operands)));
    Explanation::new(op, operands, t.steps, outcome)
}

/// `op` of `operands` as the engine's messages write the call: `composition A o B`, else
/// `op(A, B, ...)`.
fn call_text(op: &str, operands: &[Operand]) -> String {
    match (op, operands) {
        ("composition", [a, b]) => format!("composition {} o {}", a, b),
        _ => format!("{}({})", op, super::display::operands(operands)),
    }
}

/// The leaves of an operand (a tiler's `_` and integers count as one).
fn leaf_count(o: &Operand) -> usize {
    fn tiler(t: &Tiler) -> usize {
        match t {
            Tiler::Layout(l) => l.shape().leaf_count(),
            Tiler::Int(_) | Tiler::Underscore => 1,
            Tiler::Tuple(v) => v.iter().map(tiler).fold(0usize, usize::saturating_add),
        }
    }
    match o {
        Operand::Layout(l) => l.shape().leaf_count(),
        Operand::Tuple(t) => t.leaf_count(),
        Operand::Tiler(t) => tiler(t),
        Operand::Layouts(v) => v.iter().map(|l| l.shape().leaf_count()).fold(0usize, usize::saturating_add),
        Operand::Ints(v) => v.len(),
        Operand::Int(_) | Operand::Text(_) | Operand::Holds => 1,
    }
}

/// The explanation that the derivation of `op` from `operands` records, or `None` when they are
/// not the operands of an explained operation.
pub(super) fn rederive(op: &str, operands: &[Operand]) -> Option<Explanation> {
    use super as ex;
    Some(match (op, operands) {
        ("composition", [Operand::Layout(a), Operand::Layout(b)]) => ex::composition(a, b),
        ("composition", [Operand::Layout(a), Operand::Tiler(t)]) => ex::composition_tiler(a, t),
        ("complement", [Operand::Layout(a), Operand::Tuple(m)]) => ex::complement(a, m),
        ("coalesce", [Operand::Layout(a)]) => ex::coalesce(a),
        ("right_inverse", [Operand::Layout(a)]) => ex::right_inverse(a),
        ("left_inverse", [Operand::Layout(a)]) => ex::left_inverse(a),
        ("blocked_product", [Operand::Layout(a), Operand::Layout(b)]) => ex::blocked_product(a, b),
        ("raked_product", [Operand::Layout(a), Operand::Layout(b)]) => ex::raked_product(a, b),
        (_, [Operand::Layout(a), Operand::Tiler(t)]) => match op {
            "logical_divide" => ex::logical_divide(a, t),
            "zipped_divide" => ex::zipped_divide(a, t),
            "tiled_divide" => ex::tiled_divide(a, t),
            "flat_divide" => ex::flat_divide(a, t),
            "logical_product" => ex::logical_product(a, t),
            "zipped_product" => ex::zipped_product(a, t),
            "tiled_product" => ex::tiled_product(a, t),
            "flat_product" => ex::flat_product(a, t),
            _ => return None,
        },
        _ => return None,
    })
}

/// The operands `[A, tiler]`.
pub(super) fn a_tiler(a: &Layout, tiler: &Tiler) -> Vec<Operand> {
    vec![lay(a), Operand::Tiler(tiler.clone())]
}

/// For each leaf of B, the index of the top-level mode of B it is in (0 for a leaf B).
fn leaf_modes(b: &Layout) -> Vec<usize> {
    match b.shape() {
        HTuple::Leaf(_) => vec![0],
        HTuple::Tuple(v) => v.iter().enumerate().flat_map(|(k, m)| core::iter::repeat_n(k, m.leaf_count())).collect(),
    }
}

/// What one leaf's walk through A gives: the modes of its result, and for the overlap check its
/// largest digit in each mode of A but the last and the highest mode it reaches.
struct LeafWalk {
    pairs: Vec<(i64, i64)>,
    digits: Vec<i64>,
    top: usize,
}

/// `A o B` where the top-level modes of B from `first_bounded` on need only agree with A below
/// `bound` (the engine's `composition_within`).
pub(super) fn composition(
    t: &mut Tape,
    a: &Layout,
    b: &Layout,
    bound: Option<i64>,
    first_bounded: usize,
) -> Result<Layout> {
    let flat_a = layout(t.push(StepKind::Coalesce, vec![lay(a), flag(true)]))?;
    let modes = flat_a.flat_modes();
    let shapes: Vec<i64> = modes.iter().map(|m| m.0).collect();
    let first_exempt = match bound {
        Some(bd) => {
            let k = int(t.push(StepKind::Exempt, vec![Operand::Ints(shapes.clone()), Operand::Int(bd)]))?;
            usize::try_from(k).unwrap_or(usize::MAX)
        }
        None => usize::MAX,
    };
    let leaves = match t.push(StepKind::Distribute, vec![lay(b)])? {
        Operand::Layouts(v) => v,
        _ => return Err(Error::new(ErrorKind::InvalidArgument, "explain: B has no leaves")),
    };
    let (mut results, mut digits, mut infos, mut produced) = (Vec::new(), Vec::new(), Vec::new(), 0usize);
    for (leaf, k) in leaves.iter().zip(leaf_modes(b)) {
        let strict = bound.is_none() || k < first_bounded;
        let (n, r) = leaf.flat_modes().first().copied().unwrap_or((1, 0));
        let ctx = || format!("composition {} o {}:{}", flat_a, n, r);
        let mut walk = None;
        let l = t.sub(StepKind::Leaf, vec![lay(leaf), flag(strict)], |s| {
            let w = leaf_walk(s, &modes, &ctx, n, r, if strict { usize::MAX } else { first_exempt })?;
            let l = flat_layout(&w.pairs);
            walk = Some(w);
            Ok(l)
        })?;
        let w = walk.unwrap_or(LeafWalk { pairs: Vec::new(), digits: Vec::new(), top: 0 });
        produced = produced.saturating_add(w.pairs.len());
        if check_leaf_count(produced, &"composition").is_err() {
            t.check(StepKind::CheckLeafCount, vec![Operand::Int(index(produced))], &|| "composition".into())?;
        }
        digits.extend_from_slice(&w.digits);
        infos.extend_from_slice(&[n, r.signum(), index(w.top), i64::from(strict)]);
        results.push(l);
    }
    // The engine's check only constrains several leaves in an A of several modes.
    if leaves.len() > 1 && modes.len() > 1 {
        let first = if first_exempt == usize::MAX { -1 } else { index(first_exempt) };
        let ops = vec![Operand::Ints(shapes), Operand::Ints(digits), Operand::Ints(infos), Operand::Int(first)];
        t.check(StepKind::CheckDisjoint, ops, &|| format!("composition {} o {}", flat_a, b))?;
    }
    layout(t.push(StepKind::Join, vec![lay(b), Operand::Layouts(results)]))
}

/// The walk of the leaf `n:r` through `modes`, those of the coalesced A (the engine's
/// `flat::compose_leaf`); modes from `first_exempt` on are checked only below the bound.
fn leaf_walk(
    t: &mut Tape,
    modes: &[(i64, i64)],
    ctx: Ctx<'_>,
    n: i64,
    r: i64,
    first_exempt: usize,
) -> Result<LeafWalk> {
    let width = modes.len().saturating_sub(1);
    if r == 0 || modes.len() <= 1 {
        let (s, d) = modes.first().copied().unwrap_or((1, 0));
        let k = StepKind::Linear;
        let v = ints(t.check(k, vec![Operand::Int(n), Operand::Int(r), Operand::Int(s), Operand::Int(d)], ctx))?;
        return Ok(LeafWalk { pairs: vec![(at(&v, 0, k)?, at(&v, 1, k)?)], digits: vec![0; width], top: 0 });
    }
    let (mut rest_shape, mut rest_stride, mut top) = (n, r, width);
    let (mut digits, mut pairs) = (vec![0; width], Vec::new());
    for (i, &(s, d)) in modes.iter().enumerate().take(width) {
        let exempt = i >= first_exempt;
        let k = StepKind::DivideStride;
        let ops = vec![
            Operand::Int(index(i)),
            Operand::Int(s),
            Operand::Int(d),
            Operand::Int(rest_shape),
            Operand::Int(rest_stride),
            flag(exempt),
        ];
        let v = ints(t.check(k, ops, ctx))?;
        let (holds, next_stride) = (at(&v, 0, k)?, at(&v, 1, k)?);
        if holds != 1 && rest_shape != 1 {
            let k = StepKind::KeepSize;
            let ops = vec![
                Operand::Int(s),
                Operand::Int(d),
                Operand::Int(rest_shape),
                Operand::Int(rest_stride),
                Operand::Int(holds),
                flag(exempt),
            ];
            let v = ints(t.check(k, ops, ctx))?;
            pairs.push((at(&v, 0, k)?, at(&v, 1, k)?));
            if let Some(g) = digits.get_mut(i) {
                *g = at(&v, 3, k)?;
            }
            rest_shape = at(&v, 2, k)?;
            if rest_shape == 1 && top == width {
                top = i;
            }
        }
        rest_stride = next_stride;
    }
    if pairs.is_empty() || rest_shape != 1 {
        let (s, d) = modes.last().copied().unwrap_or((1, 0));
        let k = StepKind::LastMode;
        let ops = vec![Operand::Int(s), Operand::Int(d), Operand::Int(rest_shape), Operand::Int(rest_stride)];
        let v = ints(t.check(k, ops, ctx))?;
        pairs.push((at(&v, 0, k)?, at(&v, 1, k)?));
    }
    Ok(LeafWalk { pairs, digits, top })
}

/// `A o tiler` (the engine's `composition_tiler`).
pub(super) fn composition_tiler(t: &mut Tape, a: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Layout(b) => composition(t, a, b, None, 0),
        Tiler::Int(n) => {
            t.check(StepKind::CheckTileSize, vec![Operand::Int(*n)], &|| format!("composition({}, {})", a, n))?;
            let flat_a = layout(t.push(StepKind::Coalesce, vec![lay(a), flag(true)]))?;
            let leaf = flat_layout(&[(*n, 1)]);
            let ctx = || format!("composition {} o {}:1", flat_a, n);
            let mut produced = 1usize;
            let l = t.sub(StepKind::Leaf, vec![lay(&leaf), flag(true)], |s| {
                let w = leaf_walk(s, &flat_a.flat_modes(), &ctx, *n, 1, usize::MAX)?;
                produced = w.pairs.len();
                Ok(flat_layout(&w.pairs))
            })?;
            if check_leaf_count(produced, &"composition").is_err() {
                t.check(StepKind::CheckLeafCount, vec![Operand::Int(index(produced))], &|| "composition".into())?;
            }
            Ok(l)
        }
        Tiler::Underscore => layout(t.push(StepKind::Keep, vec![lay(a)])),
        Tiler::Tuple(ts) => {
            let modes = a.modes();
            let ops = vec![Operand::Int(index(ts.len())), Operand::Int(index(modes.len()))];
            t.check(StepKind::CheckModes, ops, &|| format!("composition({}, {})", a, tiler))?;
            let mut out = Vec::new();
            for (i, m) in modes.iter().enumerate() {
                match ts.get(i) {
                    Some(ti) => {
                        let ops = vec![
                            text("composition".into()),
                            Operand::Int(index(i)),
                            lay(m),
                            Operand::Tiler(ti.clone()),
                        ];
                        out.push(t.sub(StepKind::Mode, ops, |s| composition_tiler(s, m, ti))?);
                    }
                    None => {
                        t.push(StepKind::Uncovered, vec![Operand::Int(index(i)), lay(m), flag(false)])?;
                    }
                }
            }
            layout(t.push(StepKind::JoinModes, vec![Operand::Layouts(out)]))
        }
    }
}

/// `complement(A, M)`; `checked` adds the engine's check of negative strides (the products use
/// CuTe's arithmetic as is).
pub(super) fn complement(t: &mut Tape, a: &Layout, m: &IntTuple, checked: bool) -> Result<Layout> {
    let ctx = || format!("complement({}, {})", a, m);
    if checked {
        t.check(StepKind::CheckStrides, vec![lay(a)], &ctx)?;
    }
    t.check(StepKind::CheckCotarget, vec![Operand::Tuple(m.clone())], &ctx)?;
    let filtered = layout(t.push(StepKind::Filter, vec![lay(a)]))?;
    let c = layout(t.push(StepKind::Coalesce, vec![lay(&filtered), flag(false)]))?;
    let modes = c.flat_modes();
    if matches!(modes[..], [(_, 0)]) {
        return layout(t.push(StepKind::Compact, vec![Operand::Tuple(m.clone())]));
    }
    let k = StepKind::SortByStride;
    let order = ints(t.push(k, vec![lay(&c)]))?;
    let (mut span, mut out) = (1i64, Vec::new());
    for i in order {
        let &(s, d) = modes.get(usize::try_from(i).unwrap_or(usize::MAX)).ok_or_else(|| bad(k))?;
        let k = StepKind::Gap;
        let v = ints(t.check(k, vec![Operand::Int(s), Operand::Int(d), Operand::Int(span)], &ctx))?;
        out.push((at(&v, 0, k)?, at(&v, 1, k)?));
        span = at(&v, 2, k)?;
    }
    let k = StepKind::UpToCotarget;
    let v = ints(t.check(k, vec![Operand::Tuple(m.clone()), Operand::Int(span)], &ctx))?;
    out.push((at(&v, 0, k)?, at(&v, 1, k)?));
    layout(t.push(StepKind::Coalesce, vec![lay(&flat_layout(&out)), flag(false)]))
}

fn bad(kind: StepKind) -> Error {
    Error::new(ErrorKind::InvalidArgument, format!("explain: a {} step with results of the wrong form", kind.name()))
}

/// Apply `op` mode by mode for a tuple tiler, keeping the modes it does not cover (the engine's
/// `by_mode`).
fn by_mode(
    t: &mut Tape,
    name: &'static str,
    a: &Layout,
    tiler: &Tiler,
    ts: &[Tiler],
    op: fn(&mut Tape, &Layout, &Tiler) -> Result<Layout>,
) -> Result<Layout> {
    let modes = a.modes();
    let ops = vec![Operand::Int(index(ts.len())), Operand::Int(index(modes.len()))];
    t.check(StepKind::CheckModes, ops, &|| format!("{}({}, {})", name, a, tiler))?;
    let mut out = Vec::new();
    for (i, m) in modes.iter().enumerate() {
        match ts.get(i) {
            Some(ti) => {
                let ops = vec![text(name.into()), Operand::Int(index(i)), lay(m), Operand::Tiler(ti.clone())];
                out.push(t.sub(StepKind::Mode, ops, |s| op(s, m, ti))?);
            }
            None => out.push(layout(t.push(StepKind::Uncovered, vec![Operand::Int(index(i)), lay(m), flag(true)]))?),
        }
    }
    layout(t.push(StepKind::JoinModes, vec![Operand::Layouts(out)]))
}

/// `logical_divide(A, tiler) = A o (B, complement(B, shape(coalesce(A))))`.
pub(super) fn logical_divide(t: &mut Tape, a: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Underscore => layout(t.push(StepKind::Keep, vec![lay(a)])),
        Tiler::Tuple(ts) => by_mode(t, "logical_divide", a, tiler, ts, logical_divide),
        _ => {
            let b = layout(t.push(StepKind::TileLayout, vec![Operand::Tiler(tiler.clone())]))?;
            let shape = layout(t.push(StepKind::Coalesce, vec![lay(a), flag(false)]))?.shape().clone();
            let ops = vec![lay(&b), Operand::Tuple(shape.clone()), flag(true)];
            let rest = t.sub(StepKind::Complement, ops, |s| complement(s, &b, &shape, true))?;
            let size = int(t.push(StepKind::Bound, vec![lay(a)]))?;
            let d = Layout::from_modes(vec![b, rest]);
            let ops = vec![lay(a), lay(&d), Operand::Int(size), Operand::Int(1)];
            t.sub(StepKind::Compose, ops, |s| composition(s, a, &d, Some(size), 1))
        }
    }
}

/// `logical_product(A, tiler) = (A, complement(A, size(A)*cosize(B)) o B)`.
pub(super) fn logical_product(t: &mut Tape, a: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Underscore => layout(t.push(StepKind::Keep, vec![lay(a)])),
        Tiler::Tuple(ts) => by_mode(t, "logical_product", a, tiler, ts, logical_product),
        _ => {
            let b = layout(t.push(StepKind::TileLayout, vec![Operand::Tiler(tiler.clone())]))?;
            let k = StepKind::ProductCotarget;
            let v = ints(t.push(k, vec![lay(a), lay(&b)]))?;
            let (cosize, m) = (at(&v, 1, k)?, at(&v, 2, k)?);
            let mt = IntTuple::Leaf(m);
            let ops = vec![lay(a), Operand::Tuple(mt.clone()), flag(false)];
            let a_star = t.sub(StepKind::Complement, ops, |s| complement(s, a, &mt, false))?;
            let ctx = || format!("logical_product({}, {})", a, b);
            let degenerate = a_star.shape().leaves().into_iter().any(|&s| s <= 0);
            let bound = if degenerate {
                let ops = vec![lay(a), Operand::Int(m), lay(&a_star), Operand::Int(cosize)];
                t.check(StepKind::CheckDegenerate, ops, &ctx)?;
                -1
            } else {
                int(t.push(StepKind::Bound, vec![lay(&a_star)]))?
            };
            let ops = vec![lay(&a_star), lay(&b), Operand::Int(bound), Operand::Int(0)];
            let rest =
                t.sub(StepKind::Compose, ops, |s| composition(s, &a_star, &b, (bound >= 0).then_some(bound), 0))?;
            if rest.shape().leaves().into_iter().any(|&s| s <= 0) {
                t.check(StepKind::CheckShapes, vec![lay(&rest)], &ctx)?;
            }
            layout(t.push(StepKind::JoinModes, vec![Operand::Layouts(vec![a.clone(), rest])]))
        }
    }
}

/// A zipped (`spread` empty), tiled (`[0, 1]`) or flat (`[1, 1]`) divide or product: the
/// logical one (`logical`), then its modes gathered by the tiler, then spread.
pub(super) fn regrouped(
    t: &mut Tape,
    logical: &'static str,
    a: &Layout,
    tiler: &Tiler,
    spread: &[i64],
) -> Result<Layout> {
    let ops = vec![text(logical.into()), lay(a), Operand::Tiler(tiler.clone())];
    let l = t.sub(StepKind::Logical, ops, |s| {
        if logical == "logical_divide" {
            logical_divide(s, a, tiler)
        } else {
            logical_product(s, a, tiler)
        }
    })?;
    let z = layout(t.push(StepKind::Zip2By, vec![lay(&l), Operand::Tiler(tiler.clone())]))?;
    if spread.is_empty() {
        return Ok(z);
    }
    layout(t.push(StepKind::Unpack, vec![lay(&z), Operand::Ints(spread.to_vec())]))
}

/// The blocked (`raked == false`) or raked product: both operands padded to the larger rank,
/// their logical product, and its two modes zipped.
pub(super) fn rank_product(t: &mut Tape, a: &Layout, b: &Layout, raked: bool) -> Result<Layout> {
    let r = index(a.rank().max(b.rank()));
    let pa = layout(t.push(StepKind::Pad, vec![lay(a), Operand::Int(r)]))?;
    let pb = layout(t.push(StepKind::Pad, vec![lay(b), Operand::Int(r)]))?;
    let tiler = Tiler::Layout(pb);
    let ops = vec![text("logical_product".into()), lay(&pa), Operand::Tiler(tiler.clone())];
    let p = t.sub(StepKind::Logical, ops, |s| logical_product(s, &pa, &tiler))?;
    layout(t.push(StepKind::Zip, vec![lay(&p), flag(raked)]))
}

/// `coalesce(L)`: the flat modes from the last to the first, each with the rule that applies.
/// The walk threads its front mode and count from step to step; the result is the final front
/// followed by the fronts that kept modes displaced, in order.
pub(super) fn coalesce(t: &mut Tape, l: &Layout) -> Result<Layout> {
    let flat = if l.depth() > 1 { layout(t.push(StepKind::Flatten, vec![lay(l)]))? } else { l.clone() };
    let pairs = flat.flat_modes();
    let Some((&(s, d), rest)) = pairs.split_last() else {
        return layout(t.push(StepKind::Trivial, vec![lay(&flat)]));
    };
    let mut front = front_of(t.push(StepKind::StartMode, vec![Operand::Int(s), Operand::Int(d)]), StepKind::StartMode)?;
    let mut behind = Vec::new();
    for &(s, d) in rest.iter().rev() {
        let (kind, _) = rules::coalesce_next(s, d, front);
        let state = Operand::Ints(vec![front.0, front.1, front.2]);
        let next = front_of(t.push(kind, vec![Operand::Int(s), Operand::Int(d), state]), kind)?;
        if kind == StepKind::KeepMode {
            behind.push((front.0, front.1));
        }
        front = next;
    }
    if front.2 == 1 && front.0 == 1 {
        return layout(t.push(StepKind::Trivial, vec![lay(&flat_layout(&[(front.0, front.1)]))]));
    }
    behind.push((front.0, front.1));
    behind.reverse();
    Ok(flat_layout(&behind))
}

/// The front mode and count of a coalesce step's result.
fn front_of(r: Result<Operand>, kind: StepKind) -> Result<Front> {
    let v = ints(r)?;
    Ok((at(&v, 0, kind)?, at(&v, 1, kind)?, at(&v, 2, kind)?))
}

/// The coalesced L's flat modes, the start index of each mode and the order by stride.
type Sorted = (Vec<(i64, i64)>, Vec<i64>, Vec<usize>);

/// The inverses' common start: L coalesced, the start index of each mode, the order by stride.
fn sorted(t: &mut Tape, l: &Layout) -> Result<Sorted> {
    let c = layout(t.push(StepKind::Coalesce, vec![lay(l), flag(false)]))?;
    let pre = ints(t.push(StepKind::PrefixProducts, vec![lay(&c)]))?;
    let order = ints(t.push(StepKind::SortByStride, vec![lay(&c)]))?;
    let order = order.into_iter().map(|i| usize::try_from(i).unwrap_or(usize::MAX)).collect();
    Ok((c.flat_modes(), pre, order))
}

/// `right_inverse(L)`: the chain of strides `1, s*d, ...` through the modes sorted by stride.
pub(super) fn right_inverse(t: &mut Tape, l: &Layout) -> Result<Layout> {
    let (modes, pre, order) = sorted(t, l)?;
    let (mut next, mut pairs) = (1i64, vec![(1, 0)]);
    for i in order {
        let k = StepKind::Chain;
        let (&(s, d), &p) = modes.get(i).zip(pre.get(i)).ok_or_else(|| bad(k))?;
        let v = ints(t.push(k, vec![Operand::Int(s), Operand::Int(d), Operand::Int(p), Operand::Int(next)]))?;
        if at(&v, 0, k)? == 1 {
            pairs.push((s, p));
        }
        next = at(&v, 1, k)?;
    }
    layout(t.push(StepKind::Coalesce, vec![lay(&Layout::from_flat(&pairs, true)), flag(false)]))
}

/// `left_inverse(L)`: `(d1/1, d2/d1, ..., s_last) : (0, pre1, pre2, ...)` over the non-zero
/// strides sorted, with the engine's conditions.
pub(super) fn left_inverse(t: &mut Tape, l: &Layout) -> Result<Layout> {
    let ctx = || format!("left_inverse({})", l);
    let last_absorbs = l.shape().flat_leaves().last().is_some_and(|&s| s > 1);
    let (modes, pre, order) = sorted(t, l)?;
    let c = flat_layout(&modes);
    t.check(StepKind::CheckNonNegative, vec![lay(&c)], &ctx)?;
    let (mut span, mut shapes, mut strides) = (1i64, Vec::new(), vec![0i64]);
    for &i in &order {
        let k = StepKind::Fold;
        let (&(s, d), &p) = modes.get(i).zip(pre.get(i)).ok_or_else(|| bad(k))?;
        let ops = vec![Operand::Int(s), Operand::Int(d), Operand::Int(p), Operand::Int(span)];
        let v = ints(t.check(k, ops, &ctx))?;
        if !v.is_empty() {
            shapes.push(at(&v, 0, k)?);
            strides.push(at(&v, 1, k)?);
            span = at(&v, 2, k)?;
        }
    }
    let order: Vec<i64> = order.into_iter().map(index).collect();
    shapes.push(int(t.push(StepKind::LastShape, vec![lay(&c), Operand::Ints(order.clone())]))?);
    let ops = vec![lay(&c), Operand::Ints(order), flag(last_absorbs)];
    t.check(StepKind::CheckQuasiInverse, ops, &ctx)?;
    let pairs: Vec<(i64, i64)> = shapes.into_iter().zip(strides).collect();
    layout(t.push(StepKind::Coalesce, vec![lay(&Layout::from_flat(&pairs, true)), flag(false)]))
}
