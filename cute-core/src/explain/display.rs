//! The text of an explanation: one numbered line per step, the words of each from its kind,
//! operands and result.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::rules::ints_text;
use super::{Explanation, Operand, Step, StepKind};
use crate::dynamic::{Error, HTuple};

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

/// Operands as text, separated by commas.
pub(super) fn operands(ops: &[Operand]) -> String {
    join(ops.iter(), ", ")
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}({})", self.op, operands(&self.operands))?;
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

/// What the error of a failed step says after its context (`composition A o B: `), the violated
/// condition.
fn condition<'a>(e: &'a Error, step: &Step) -> &'a str {
    e.message().get(step.condition..).unwrap_or(e.message())
}

/// A negative number in parentheses, so that it reads as one term.
fn term(v: i64) -> String {
    if v < 0 {
        format!("({})", v)
    } else {
        v.to_string()
    }
}

/// CuTe's `ceil_div(a, b)`, `(a + b - 1) / b` truncated, named as it is computed: a ceiling only
/// for `a >= 0` and `b > 0`. `sep` separates the arguments.
fn ceil_div_text(a: i64, b: i64, sep: &str) -> String {
    if a >= 0 && b > 0 {
        format!("ceil_div({}{}{})", a, sep, b)
    } else {
        format!("trunc(({} + {} - 1)/{})", a, term(b), term(b))
    }
}

/// The quotient `a / b` truncated as the engine computes it: exact, floored (operands >= 0), or
/// truncated toward zero.
fn div_text(a: i64, b: i64) -> String {
    if b != 0 && a.checked_rem(b) == Some(0) {
        format!("{}/{}", a, term(b))
    } else if a >= 0 && b > 0 {
        format!("floor({}/{})", a, b)
    } else {
        format!("trunc({}/{})", a, term(b))
    }
}

/// `expr` negated when `negative` (an exact quotient in parentheses).
fn signed(negative: bool, expr: String) -> String {
    match (negative, expr.contains('(')) {
        (false, _) => expr,
        (true, true) => format!("-{}", expr),
        (true, false) => format!("-({})", expr),
    }
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
    if let Err(e) = &step.result {
        if super::rules::has_context(step.kind) {
            return format!("{}: fails: {}", head(step, &a), condition(e, step));
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
        StepKind::StartMode => format!("start from the last mode {}", mode(a.int(0), a.int(1))),
        StepKind::DropMode => format!("{} has size 1: dropped", mode(a.int(0), a.int(1))),
        StepKind::ReplaceMode => {
            let (s1, d1) = (at(a.ints(2), 0), at(a.ints(2), 1));
            format!("{} has size 1: replaced by {}", mode(s1, d1), mode(a.int(0), a.int(1)))
        }
        StepKind::MergeModes | StepKind::KeepMode => {
            let (s, d) = (a.int(0), a.int(1));
            let (s1, d1) = (at(a.ints(2), 0), at(a.ints(2), 1));
            let pair = format!("{} then {}", mode(s, d), mode(s1, d1));
            match (&step.result, step.kind) {
                (Ok(_), StepKind::MergeModes) => {
                    format!("{}: {}*{} == {}: merged into {}", pair, s, d, d1, mode(res(step, 0), d))
                }
                (Ok(_), _) => match s.checked_mul(d) {
                    Some(sd) => format!("{}: {}*{} = {} != {}: kept, {} in front", pair, s, d, sd, d1, mode(s, d)),
                    None => format!("{}: {}*{} is past i64, no stride: kept, {} in front", pair, s, d, mode(s, d)),
                },
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

/// Entry `i` of `v`, 0 where absent.
fn at(v: &[i64], i: usize) -> i64 {
    v.get(i).copied().unwrap_or(0)
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
            if a.int(1) == 0 {
                format!("leaf {}:0 has stride 0", a.int(0))
            } else {
                format!("A is the single mode {}", mode(a.int(2), a.int(3)))
            }
        }
        StepKind::DivideStride => format!("mode {} of A, {}", a.int(0), mode(a.int(1), a.int(2))),
        StepKind::KeepSize => format!("keep size {} in the {} elements of the mode", a.int(2), a.int(4)),
        StepKind::LastMode => {
            format!("the last mode of A, {}, takes the size left {}", mode(a.int(0), a.int(1)), a.int(2))
        }
        StepKind::CheckLeafCount => format!("check: the result's {} leaves fit in a tuple", a.int(0)),
        StepKind::CheckDisjoint => disjoint(a),
        StepKind::CheckStrides => format!("check: no mode of {} of size > 1 has a negative stride", a.show(0)),
        StepKind::CheckCotarget => format!("check: the cotarget {} is positive", a.show(0)),
        StepKind::Filter => format!("filter {}: stride-0 modes get size 1", a.show(0)),
        StepKind::Compact => format!("nothing of A is left: the compact layout of size({})", a.show(0)),
        StepKind::SortByStride => format!("sort the modes of {} by stride", a.show(0)),
        StepKind::Gap => format!("gap below {}", mode(a.int(0), a.int(1))),
        StepKind::UpToCotarget => format!("up to the cotarget {}", a.show(0)),
        StepKind::PrefixProducts => format!("the index at which each mode of {} starts", a.show(0)),
        StepKind::Chain => mode(a.int(0), a.int(1)),
        StepKind::CheckNonNegative => format!("check: no stride of {} is negative", a.show(0)),
        StepKind::Fold => mode(a.int(0), a.int(1)),
        StepKind::LastShape => "the mode of largest stride closes the inverse".into(),
        StepKind::CheckQuasiInverse => {
            format!(
                "check: reading an offset of {} in the mixed radix of its sorted strides gives the index back",
                a.show(0)
            )
        }
        StepKind::Keep => format!("_ keeps {}", a.show(0)),
        StepKind::CheckModes => {
            format!("check: the tiler's {} modes are no more than the layout's {}", a.int(0), a.int(1))
        }
        StepKind::Uncovered => {
            let what = if a.int(2) != 0 { "kept" } else { "dropped" };
            format!("mode {}, {}, is not covered by the tiler: {}", a.int(0), a.show(1), what)
        }
        StepKind::TileLayout => format!("the tile of {}", a.show(0)),
        StepKind::Bound => format!("size({})", a.show(0)),
        StepKind::ProductCotarget => "size(A) * cosize(B)".into(),
        StepKind::CheckDegenerate => {
            format!("check: the complement {} has a non-positive shape (negative strides)", a.show(2))
        }
        StepKind::CheckShapes => format!("check: the product's shapes {} are positive", shape_of(a, 0)),
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
        StepKind::CheckTileSize => format!("check: the tile size {} is positive", a.int(0)),
        StepKind::CheckOperandLeaves => format!(
            "check: the operands' {} leaves are at most the {} an explanation takes",
            a.int(0),
            super::MAX_EXPLAINED_LEAVES
        ),
        _ => step.kind.name().into(),
    }
}

/// The second part of a line: the rule applied and the result.
fn tail(step: &Step, a: &Args<'_>) -> String {
    // A failed step has no numbers to show, only its error (an overflow).
    if let Err(e) = &step.result {
        return format!(" -> error: {}", e);
    }
    let r = |i| res(step, i);
    match step.kind {
        StepKind::Linear => format!(": {}:{}*{} = {}", a.int(0), a.int(1), a.int(3), mode(r(0), r(1))),
        StepKind::DivideStride => {
            let (s, d, rest_shape, stride) = (a.int(1), a.int(2), a.int(3), a.int(4));
            let abs = stride.checked_abs().unwrap_or(i64::MAX);
            let (holds, left) = (r(0), r(1));
            let multiple = s > 0 && abs.checked_rem(s) == Some(0);
            // The stride left is ceil_div(|r|, s) with r's sign; a multiple divides exactly.
            let by = if multiple { format!("{}/{}", abs, s) } else { ceil_div_text(abs, s, ",") };
            let left_text = format!("stride left {} = {}", signed(stride < 0, by), left);
            if rest_shape == 1 {
                format!(": the leaf is placed (size left 1): passed over, {}", left_text)
            } else if holds == 1 {
                let why = if multiple {
                    format!("stride {} is a multiple of shape {}", stride, s)
                } else {
                    format!("stride {} passes shape {} (past the bound)", stride, s)
                };
                format!(": {}: the mode is passed over, {}", why, left_text)
            } else {
                let rule = if abs > 0 && s.checked_rem(abs) == Some(0) {
                    format!("stride {} divides shape {}", stride, s)
                } else {
                    format!("stride {} < shape {}, {} = {}", stride, s, ceil_div_text(s, abs, ","), holds)
                };
                format!(": {}: the mode becomes {}:{}*{}, stride left {}", rule, holds, stride, d, left)
            }
        }
        StepKind::KeepSize => {
            let (rest_shape, holds) = (a.int(2), a.int(4));
            let why = if rest_shape <= holds {
                format!("{} fits in {}", rest_shape, holds)
            } else {
                format!("{} is divisible by {}", rest_shape, holds)
            };
            format!(": {}: keep {}, size left {}", why, mode(r(0), r(1)), r(2))
        }
        StepKind::LastMode => format!(": {}:{}*{} = {}", a.int(2), a.int(3), a.int(1), mode(r(0), r(1))),
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
            let (s, d, span) = (a.int(0), a.int(1), a.int(2));
            format!(": {} = {}, mode {}; span {}*{} = {}", div_text(d, span), r(0), mode(r(0), span), d, s, r(2))
        }
        StepKind::UpToCotarget => {
            let (m, span) = (a.show(0), a.int(1));
            let formula = match a.0.first() {
                Some(Operand::Tuple(t)) if !t.is_leaf() => format!("size(ceil_div({}, {}))", m, span),
                Some(Operand::Tuple(HTuple::Leaf(v))) => ceil_div_text(*v, span, ", "),
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
            let (d, pre, span) = (a.int(1), a.int(2), a.int(3));
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

/// The result as text, or the error.
fn shown(step: &Step) -> String {
    match &step.result {
        Ok(r) => r.to_string(),
        Err(e) => format!("error: {}", e),
    }
}

/// The overlap check as the engine makes it (`flat::check_disjoint`): the leaves of size > 1 and
/// non-zero stride count; with fewer than two nothing can overlap. Leaves of both signs must stay
/// all inside A's first mode or all on its last one. In each mode of A but the last, the largest
/// digits of the leaves of one sign must add up below the mode's shape (past the bound, only the
/// leaves that must agree everywhere count). Sums of zeros below a positive shape are left out.
fn disjoint(a: &Args<'_>) -> String {
    let (shapes, digits, infos, first) = (a.ints(0), a.ints(1), a.ints(2), a.int(3));
    let width = shapes.len().saturating_sub(1);
    // [n, sign, top, strict] per leaf, with its row of digits.
    let leaves: Vec<(&[i64], &[i64])> =
        infos.chunks(4).zip(digits.chunks(width.max(1)).chain(core::iter::repeat(&[][..]))).collect();
    let live: Vec<&(&[i64], &[i64])> = leaves.iter().filter(|(l, _)| at(l, 0) > 1 && at(l, 1) != 0).collect();
    if live.len() < 2 {
        let n = if live.is_empty() { "none" } else { "one" };
        return format!("check: B's leaves cannot overlap in A: {} of them has size > 1 and a non-zero stride", n);
    }
    let (neg, pos) = (live.iter().any(|(l, _)| at(l, 1) < 0), live.iter().any(|(l, _)| at(l, 1) > 0));
    let mut sums = Vec::new();
    for (i, &shape) in shapes.iter().enumerate().take(width) {
        let past = first >= 0 && usize::try_from(first).is_ok_and(|f| i >= f);
        for sign in [-1, 1] {
            let terms: Vec<i64> = live
                .iter()
                .filter(|(l, _)| at(l, 1) == sign && (!past || at(l, 3) != 0))
                .map(|(_, row)| at(row, i))
                .collect();
            if terms.is_empty() || (terms.iter().all(|&t| t == 0) && shape > 0) {
                continue;
            }
            let total = terms.iter().try_fold(0i64, |acc, &t| acc.checked_add(t));
            let sum = match (terms.len(), total) {
                (1, Some(t)) => t.to_string(),
                (_, Some(t)) => format!("{} = {}", join(terms.iter(), " + "), t),
                (_, None) => format!("{} overflows", join(terms.iter(), " + ")),
            };
            let cmp = match total {
                Some(t) if t < shape => format!(" < {}", shape),
                Some(_) => format!(" >= {}", shape),
                None => String::new(),
            };
            let which = match (neg && pos, sign < 0) {
                (false, _) => String::new(),
                (true, true) => " (strides < 0)".into(),
                (true, false) => " (strides > 0)".into(),
            };
            let bound = if past { " (past the bound, the leaves that must agree everywhere)" } else { "" };
            sums.push(format!("mode {}{}{}: {}{}", i, which, bound, sum, cmp));
        }
    }
    let mut text = String::from(
        "check: B's leaves do not overlap in A: per mode but the last, each sign's largest digits add up below its \
         shape",
    );
    if sums.is_empty() {
        text.push_str(": no leaf has a non-zero digit there");
    } else {
        text.push_str(": ");
        text.push_str(&sums.join(", "));
    }
    if neg && pos {
        let in_first = live.iter().all(|(l, _)| at(l, 2) == 0);
        let in_last = live.iter().all(|(_, row)| row.iter().all(|&g| g == 0));
        text.push_str(match (in_first, in_last) {
            (true, _) => "; the leaves of both signs all stay inside A's first mode",
            (false, true) => "; the leaves of both signs all land on multiples of A's last mode",
            (false, false) => "; leaves of both signs",
        });
    }
    text
}
