//! The text of an explanation: one numbered line per step, the words of each from its kind,
//! operands and result.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::rules::ints_text;
use super::{Explanation, Operand, Step, StepKind};
use crate::dynamic::Error;

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Int(v) => write!(f, "{}", v),
            Operand::Ints(v) => f.write_str(&ints_text(v)),
            Operand::Tuple(t) => write!(f, "{}", t),
            Operand::Layout(l) => write!(f, "{}", l),
            Operand::Layouts(v) => f.write_str(&join(v.iter(), ", ")),
            Operand::Tiler(t) => write!(f, "{}", t),
            Operand::Text(s) => f.write_str(s),
            Operand::Holds => f.write_str("ok"),
        }
    }
}

fn join<T: fmt::Display>(items: impl Iterator<Item = T>, sep: &str) -> String {
    items.map(|x| x.to_string()).collect::<Vec<_>>().join(sep)
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}({})", self.op, join(self.operands.iter(), ", "))?;
        write_steps(f, &self.steps, "", "")?;
        match &self.outcome {
            Ok(l) => write!(f, "= {}", l),
            Err(e) => write!(f, "error: {}", e),
        }
    }
}

/// The steps, numbered under `prefix` and indented by `indent`; a step with sub-steps is
/// followed by them and by its result.
fn write_steps(f: &mut fmt::Formatter<'_>, steps: &[Step], prefix: &str, indent: &str) -> fmt::Result {
    for (number, step) in (1usize..).zip(steps) {
        let label = format!("{}{}.", prefix, number);
        writeln!(f, "{}{} {}", indent, label, describe(step))?;
        if !step.steps.is_empty() {
            let inner = format!("{}   ", indent);
            write_steps(f, &step.steps, &label, &inner)?;
            match &step.result {
                Ok(r) => writeln!(f, "{}= {}", inner, r)?,
                Err(e) => writeln!(f, "{}error: {}", inner, e.kind())?,
            }
        }
    }
    Ok(())
}

/// The operands of a step, by position; absent ones read as 0 or nothing (the words never fail).
struct Args<'a>(&'a [Operand]);

impl<'a> Args<'a> {
    fn int(&self, i: usize) -> i64 {
        match self.0.get(i) {
            Some(Operand::Int(v)) => *v,
            _ => 0,
        }
    }
    fn show(&self, i: usize) -> String {
        self.0.get(i).map(|o| o.to_string()).unwrap_or_default()
    }
    fn ints(&self, i: usize) -> &'a [i64] {
        match self.0.get(i) {
            Some(Operand::Ints(v)) => v,
            _ => &[],
        }
    }
    fn modes(&self, i: usize) -> Vec<(i64, i64)> {
        match self.0.get(i) {
            Some(Operand::Layout(l)) => l.flat_modes(),
            _ => Vec::new(),
        }
    }
}

/// The integers of a result, 0 where absent.
fn res(step: &Step, i: usize) -> i64 {
    match &step.result {
        Ok(Operand::Ints(v)) => v.get(i).copied().unwrap_or(0),
        Ok(Operand::Int(v)) if i == 0 => *v,
        _ => 0,
    }
}

/// What the error says after its context (`composition A o B: `), the violated condition.
fn condition(e: &Error, context: &str) -> String {
    let m = e.message();
    m.strip_prefix(context).and_then(|r| r.strip_prefix(": ")).unwrap_or(m).to_string()
}

/// The mode `s:d` as text.
fn mode(s: i64, d: i64) -> String {
    format!("{}:{}", s, d)
}

/// The line of a step: its words and, for a step without sub-steps, its result or violated
/// condition.
fn describe(step: &Step) -> String {
    let a = Args(&step.operands);
    let result = || match &step.result {
        Ok(r) => r.to_string(),
        Err(e) => format!("error: {}", e),
    };
    // A failed check names the condition with its values, without the context its error repeats.
    if let (Err(e), Some(Operand::Text(context))) = (&step.result, step.operands.first()) {
        if step.steps.is_empty() && step.kind != StepKind::Mode && step.kind != StepKind::Logical {
            return format!("{}: fails: {}", head(step, &a), condition(e, context));
        }
    }
    match step.kind {
        StepKind::Coalesce if a.int(1) != 0 => {
            // Composition's coalesce of A, whose flat modes the leaves walk.
            let modes = match &step.result {
                Ok(Operand::Layout(l)) => join(l.flat_modes().iter().map(|&(s, d)| mode(s, d)), ", "),
                _ => String::new(),
            };
            format!("coalesce A = {} -> {}, modes {}", a.show(0), result(), modes)
        }
        StepKind::Coalesce => format!("coalesce {} -> {}", a.show(0), result()),
        StepKind::Flatten => format!("flatten {} -> {}", a.show(0), result()),
        StepKind::StartMode => {
            let (s, d) = (a.int(0), a.int(1));
            if a.int(2) != 0 && s == 1 {
                format!("start from the last mode {}, as {} to keep its stride", mode(s, d), result())
            } else {
                format!("start from the last mode {}", mode(s, d))
            }
        }
        StepKind::DropMode => format!("{} has size 1: dropped -> {}", mode(a.int(0), a.int(1)), result()),
        StepKind::ReplaceMode => {
            let first = a.modes(2).first().copied().unwrap_or((1, 0));
            format!("{} has size 1: replaced by {} -> {}", mode(first.0, first.1), mode(a.int(0), a.int(1)), result())
        }
        StepKind::MergeModes | StepKind::KeepMode => {
            let (s, d) = (a.int(0), a.int(1));
            let (s1, d1) = a.modes(2).first().copied().unwrap_or((1, 0));
            let pair = format!("{} then {}", mode(s, d), mode(s1, d1));
            match (&step.result, step.kind) {
                (Ok(_), StepKind::MergeModes) => {
                    let merged = s.checked_mul(s1).map(|v| v.to_string()).unwrap_or_default();
                    format!("{}: {}*{} == {}: merged into {} -> {}", pair, s, d, d1, mode_text(&merged, d), result())
                }
                (Ok(_), _) => {
                    let sd = s.checked_mul(d).map(|v| v.to_string()).unwrap_or_default();
                    format!("{}: {}*{} = {} != {}: kept -> {}", pair, s, d, sd, d1, result())
                }
                (Err(_), _) => format!("{}: {}*{} -> {}", pair, s, d, result()),
            }
        }
        StepKind::Trivial => format!("nothing but size 1 is left: {}", result()),
        StepKind::Distribute => format!("distribute over B's modes: the leaves of {} are {}", a.show(0), result()),
        StepKind::Leaf => {
            let bounded = if a.int(1) == 0 { " (agreeing with A below the bound)" } else { "" };
            format!("leaf {} of B{}", a.show(0), bounded)
        }
        StepKind::Join => format!("join the leaves' results by B's shape {}: {}", shape_of(&a, 0), result()),
        StepKind::JoinModes => format!("join the modes: {}", result()),
        StepKind::Exempt => {
            let first = res(step, 0);
            if first < 0 {
                format!("bound {}: A's modes (shapes {}) stay below it: every mode is checked", a.int(1), a.show(0))
            } else {
                format!(
                    "bound {}: A's modes (shapes {}) reach it at mode {}: from there the divisibility only matters below the bound",
                    a.int(1),
                    a.show(0),
                    first
                )
            }
        }
        StepKind::Complement => format!("complement({}, {})", a.show(0), a.show(1)),
        StepKind::Compose => format!("composition({}, {})", a.show(0), a.show(1)),
        StepKind::Mode => format!("mode {}: {}({}, {})", a.show(1), a.show(0), a.show(2), a.show(3)),
        StepKind::Logical => format!("{}({}, {})", a.show(0), a.show(1), a.show(2)),
        _ => format!("{}{}", head(step, &a), tail(step, &a)),
    }
}

/// A mode whose shape is given as text.
fn mode_text(s: &str, d: i64) -> String {
    format!("{}:{}", s, d)
}

fn shape_of(a: &Args<'_>, i: usize) -> String {
    match a.0.get(i) {
        Some(Operand::Layout(l)) => l.shape().to_string(),
        _ => String::new(),
    }
}

/// The first part of a line: what the step looks at.
fn head(step: &Step, a: &Args<'_>) -> String {
    match step.kind {
        StepKind::Linear => {
            if a.int(2) == 0 {
                format!("leaf {}:0 has stride 0", a.int(1))
            } else {
                format!("A is the single mode {}", a.show(3))
            }
        }
        StepKind::DivideStride => format!("mode {} of A, {}", a.int(1), mode(a.int(2), a.int(3))),
        StepKind::KeepSize => format!("keep size {} in the {} elements of the mode", a.int(3), a.int(5)),
        StepKind::LastMode => {
            format!("the last mode of A, {}, takes the size left {}", mode(a.int(1), a.int(2)), a.int(3))
        }
        StepKind::CheckLeafCount => format!("check: the result's {} leaves fit in a tuple", a.int(1)),
        StepKind::CheckDisjoint => {
            let shapes = a.ints(1);
            let width = shapes.len().saturating_sub(1).max(1);
            let rows = join(a.ints(2).chunks(width).map(ints_text), " + ");
            let checked = ints_text(shapes.get(..shapes.len().saturating_sub(1)).unwrap_or(&[]));
            format!(
                "check: B's leaves' largest digits {} in A's modes stay below their shapes {} (no overlap)",
                rows, checked
            )
        }
        StepKind::CheckStrides => format!("check: no mode of {} of size > 1 has a negative stride", a.show(1)),
        StepKind::CheckCotarget => format!("check: the cotarget {} is positive", a.show(1)),
        StepKind::Filter => format!("filter {}: stride-0 modes get size 1", a.show(0)),
        StepKind::Compact => format!("nothing of A is left: the compact layout of size({})", a.show(0)),
        StepKind::SortByStride => format!("sort the modes of {} by stride", a.show(0)),
        StepKind::Gap => format!("gap below {}", mode(a.int(1), a.int(2))),
        StepKind::UpToCotarget => format!("up to the cotarget {}", a.show(1)),
        StepKind::PrefixProducts => format!("the index at which each mode of {} starts", a.show(0)),
        StepKind::Chain => mode(a.int(0), a.int(1)),
        StepKind::CheckNonNegative => format!("check: no stride of {} is negative", a.show(1)),
        StepKind::Fold => mode(a.int(1), a.int(2)),
        StepKind::LastShape => "the mode of largest stride closes the inverse".into(),
        StepKind::CheckQuasiInverse => {
            format!(
                "check: reading an offset of {} in the mixed radix of its sorted strides gives the index back",
                a.show(1)
            )
        }
        StepKind::Keep => format!("_ keeps {}", a.show(0)),
        StepKind::CheckModes => {
            format!("check: the tiler's {} modes are no more than the layout's {}", a.int(1), a.int(2))
        }
        StepKind::Uncovered => {
            let what = if a.int(2) != 0 { "kept" } else { "dropped" };
            format!("mode {}, {}, is not covered by the tiler: {}", a.int(0), a.show(1), what)
        }
        StepKind::TileLayout => format!("the tile of {}", a.show(0)),
        StepKind::Bound => format!("size({})", a.show(0)),
        StepKind::ProductCotarget => "size(A) * cosize(B)".into(),
        StepKind::CheckDegenerate => {
            format!("check: the complement {} has a non-positive shape (negative strides)", a.show(3))
        }
        StepKind::CheckShapes => format!("check: the product's shapes {} are positive", shape_of(a, 1)),
        StepKind::Zip2By => format!("gather {} by the tiler {} into ((tiles),(rests))", a.show(0), a.show(1)),
        StepKind::Unpack => {
            let which: Vec<&str> =
                a.ints(1).iter().zip(["mode 0", "mode 1"]).filter(|(f, _)| **f != 0).map(|(_, name)| name).collect();
            format!("spread {} of {} into the top level", which.join(" and "), a.show(0))
        }
        StepKind::Pad => format!("pad {} to rank {} with 1:0 modes", a.show(0), a.int(1)),
        StepKind::Zip => {
            let order = if a.int(1) != 0 { "(rest, A)" } else { "(A, rest)" };
            format!("pair the modes of the product {} as {}", a.show(0), order)
        }
        StepKind::CheckTileSize => format!("check: the tile size {} is positive", a.int(1)),
        _ => step.kind.name().into(),
    }
}

/// The second part of a line: the rule applied and the result.
fn tail(step: &Step, a: &Args<'_>) -> String {
    let r = |i| res(step, i);
    match step.kind {
        StepKind::Linear => format!(": {}:{}*{} = {}", a.int(1), a.int(2), first_stride(a), mode(r(0), r(1))),
        StepKind::DivideStride => {
            let (s, rest_shape, stride) = (a.int(2), a.int(4), a.int(5));
            let abs = stride.checked_abs().unwrap_or(i64::MAX);
            let (holds, left) = (r(0), r(1));
            if rest_shape == 1 {
                format!(
                    ": the leaf is placed (size left 1): passed over, stride left ceil_div({},{}) = {}",
                    abs, s, left
                )
            } else if holds == 1 {
                let why = if abs.checked_rem(s) == Some(0) {
                    format!("stride {} is a multiple of shape {}", stride, s)
                } else {
                    format!("stride {} passes shape {} (past the bound)", stride, s)
                };
                let by = if abs.checked_rem(s) == Some(0) {
                    format!("{}/{}", abs, s)
                } else {
                    format!("ceil_div({},{})", abs, s)
                };
                format!(": {}: the mode is passed over, stride left {} = {}", why, by, left)
            } else {
                let rule = if s.checked_rem(abs) == Some(0) {
                    format!("stride {} divides shape {}", stride, s)
                } else {
                    format!("stride {} < shape {}, ceil_div({},{}) = {}", stride, s, s, abs, holds)
                };
                format!(": {}: the mode becomes {}:{}*{}, stride left {}", rule, holds, stride, a.int(3), left)
            }
        }
        StepKind::KeepSize => {
            let (rest_shape, holds) = (a.int(3), a.int(5));
            let why = if rest_shape <= holds {
                format!("{} fits in {}", rest_shape, holds)
            } else {
                format!("{} is divisible by {}", rest_shape, holds)
            };
            format!(": {}: keep {}, size left {}", why, mode(r(0), r(1)), r(2))
        }
        StepKind::LastMode => format!(": {}:{}*{} = {}", a.int(3), a.int(4), a.int(2), mode(r(0), r(1))),
        StepKind::CheckLeafCount
        | StepKind::CheckDisjoint
        | StepKind::CheckQuasiInverse
        | StepKind::CheckStrides
        | StepKind::CheckCotarget
        | StepKind::CheckNonNegative
        | StepKind::CheckModes
        | StepKind::CheckShapes
        | StepKind::CheckTileSize => ": ok".into(),
        StepKind::CheckDegenerate => ": only B's offset 0 is used, so it is never evaluated".into(),
        StepKind::Filter
        | StepKind::Compact
        | StepKind::TileLayout
        | StepKind::Pad
        | StepKind::Zip
        | StepKind::Zip2By => {
            format!(" -> {}", shown(step))
        }
        StepKind::Unpack | StepKind::Keep => format!(": {}", shown(step)),
        StepKind::SortByStride => {
            let modes = a.modes(0);
            let sorted: Vec<String> = match &step.result {
                Ok(Operand::Ints(order)) => order
                    .iter()
                    .filter_map(|&i| usize::try_from(i).ok().and_then(|i| modes.get(i)))
                    .map(|&(s, d)| mode(s, d))
                    .collect(),
                _ => Vec::new(),
            };
            format!(": {}", sorted.join(", "))
        }
        StepKind::Gap => {
            let (s, d, span) = (a.int(1), a.int(2), a.int(3));
            format!(": {}/{} = {}, mode {}; span {}*{} = {}", d, span, r(0), mode(r(0), span), d, s, r(2))
        }
        StepKind::UpToCotarget => {
            let (m, span) = (a.show(1), a.int(2));
            let formula = match a.0.get(1) {
                Some(Operand::Tuple(t)) if !t.is_leaf() => format!("size(ceil_div({}, {}))", m, span),
                _ => format!("ceil_div({}, {})", m, span),
            };
            format!(": {} = {}, mode {}", formula, r(0), mode(r(0), r(1)))
        }
        StepKind::PrefixProducts => format!(": {}", shown(step)),
        StepKind::Chain => {
            let (s, d, pre, next) = (a.int(0), a.int(1), a.int(2), a.int(3));
            if r(0) == 1 {
                format!(
                    ": stride {} == {}: contiguous, takes {} ({} elements from index {}); next stride {}*{} = {}",
                    d,
                    next,
                    mode(s, pre),
                    s,
                    pre,
                    s,
                    d,
                    r(1)
                )
            } else {
                format!(": stride {} != {}: not on the chain, skipped", d, next)
            }
        }
        StepKind::Fold => {
            let (d, pre, span) = (a.int(2), a.int(3), a.int(4));
            if d == 0 {
                ": stride 0, no mode".into()
            } else {
                format!(
                    ": stride {} is a multiple of the span {}: shape {}/{} = {}, then stride {} (the mode's start index); span {}",
                    d,
                    span,
                    d,
                    span,
                    r(0),
                    pre,
                    r(2)
                )
            }
        }
        StepKind::LastShape => format!(": shape {}", r(0)),
        StepKind::Uncovered => String::new(),
        StepKind::Bound => format!(" = {}: the rest only needs to agree with A below it", r(0)),
        StepKind::ProductCotarget => format!(" = {} * {} = {}", r(0), r(1), r(2)),
        _ => format!(" -> {}", shown(step)),
    }
}

fn first_stride(a: &Args<'_>) -> i64 {
    a.modes(3).first().map(|m| m.1).unwrap_or(0)
}

/// The result as text, or the error.
fn shown(step: &Step) -> String {
    match &step.result {
        Ok(r) => r.to_string(),
        Err(e) => format!("error: {}", e),
    }
}
