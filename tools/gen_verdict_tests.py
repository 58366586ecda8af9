#!/usr/bin/env python3
"""Generate tests/generated/verdict_oracle.rs: the oracle's cases of the operations whose conditions the
trait solver decides, through their static verdicts.

For each selected case (its expected errors first, then some results) the generated file names
the arguments as static types and asks the verdict of the static operation (what `cargo check`
reports, `cute::statics::report::Outcome::KIND`). The test compares it with the error kind the
dynamic engine gives for the same arguments (`cute_eval::call`): the static face rejects exactly
what the engine rejects, for the same condition. Cases whose arguments the static macros cannot
write (a value past i64, more than 64 leaves) are skipped.

Usage (from the repository root):

    python3 tools/gen_verdict_tests.py            # writes tests/generated/verdict_oracle.rs
    python3 tools/gen_verdict_tests.py --check    # exits 1 if it is stale
"""

import argparse
import json
import os
import sys
from collections import OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_static_tests import ARG_KINDS, ParseError, kind_of, leaves, rust_str, rustfmt  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.path.join(ROOT, "..", "shared", "oracle", "public.jsonl")
OUTPUT = os.path.join(ROOT, "tests", "generated", "verdict_oracle.rs")
COMMAND = "python3 tools/gen_verdict_tests.py"

# op -> (forms: argument kinds and the verdict type, {0} and {1} the arguments' types; the
# kinds of error the verdict covers, or None for all). tile_to_shape's blocked product keeps its
# conditions (composition's, the complement's) in the `const` check.
COMPOSITION = "MarkedVerdict<op::Composition, Composition<{0}, {1}>, {0}, {1}>"
MARKED = ["TooManyModes", "StrideDivisibility", "ShapeDivisibility", "ModeOverlap"]
# A divide or product also marks, in its place, a complement that does not exist.
DIVIDE = MARKED + ["NonInjective", "NegativeStride"]


def marked(op, result):
    """The forms of a divide or product, its verdict read from `result` (the logical divide or
    product the others regroup, or the blocked or raked product): the conditions of its
    compositions and of the complement it composes with, the engine's first for each case."""
    verdict = "MarkedVerdict<op::%s, %s<{0}, {1}>, {0}, {1}>" % (op, result)
    return ([(["layout", k], verdict) for k in ("layout", "int", "tiler", "tuple")], DIVIDE)


OPS = OrderedDict(
    [
        ("composition", ([(["layout", "layout"], COMPOSITION), (["layout", "int"], COMPOSITION),
                          (["layout", "tiler"], COMPOSITION), (["layout", "tuple"], COMPOSITION)],
                         MARKED)),
        ("logical_divide", marked("LogicalDivide", "LogicalDivide")),
        ("zipped_divide", marked("ZippedDivide", "LogicalDivide")),
        ("tiled_divide", marked("TiledDivide", "LogicalDivide")),
        ("flat_divide", marked("FlatDivide", "LogicalDivide")),
        ("logical_product", marked("LogicalProduct", "LogicalProduct")),
        ("zipped_product", marked("ZippedProduct", "LogicalProduct")),
        ("tiled_product", marked("TiledProduct", "LogicalProduct")),
        ("flat_product", marked("FlatProduct", "LogicalProduct")),
        ("blocked_product", marked("BlockedProduct", "BlockedProduct")),
        ("raked_product", marked("RakedProduct", "RakedProduct")),
        ("complement", ([(["layout", "int"], "RouteVerdict<op::Complement, {0}, {1}>"),
                         (["layout", "tuple"], "RouteVerdict<op::Complement, {0}, {1}>")], None)),
        ("tile_to_shape", ([(["layout", "tuple"], "RouteVerdict<op::TileToShape, {0}, {1}>"),
                            (["layout", "int"], "RouteVerdict<op::TileToShape, {0}, {1}>")],
                           ["TileToShapeRank", "TileToShapeDivisibility"])),
        ("left_inverse", ([(["layout"], "<{0} as LeftInverseVerdict>::Output")],
                          ["NegativeStride", "LeftInverseDivisibility", "NonInjective"])),
        ("layout_add", ([(["layout", "layout"], "<{0} as AddVerdict<{1}>>::Output")],
                        ["InvalidArgument", "NoCommonRefinement"])),
        ("upcast", ([(["int", "layout"], "Verdict1<op::Upcast<{0}>, {1}>")], None)),
        ("downcast", ([(["int", "layout"], "Verdict1<op::Downcast<{0}>, {1}>")], None)),
    ]
)
# Per op: at most this many expected errors and this many results (evenly spread).
ERRORS = 40
RESULTS = 10
# Composition: its expected errors and more of its results, its forms being many.
CAPS = {"composition": (200, 40)}
# Leaves of a static tuple, and the largest magnitude a static leaf can hold.
MAX_LEAVES = 64
MAX_VALUE = 2**63 - 1


def form_of(case):
    kinds = [kind_of(a) for a in case["args"]]
    for form in OPS[case["op"]][0]:
        if form[0] == kinds:
            return form
    return None


def writable(case, kinds):
    """The arguments as values, or None when the static macros cannot write them."""
    values = []
    for a, k in zip(case["args"], kinds):
        try:
            v = ARG_KINDS[k][0](a)
        except ParseError:
            return None
        if k == "tiler":
            # Written as the oracle's text by `Tiler![...]`, which checks it.
            values.append(v)
            continue
        tree = v[0] if k == "layout" else v
        flat = leaves(tree) + (leaves(v[1]) if k == "layout" else [])
        if len(flat) > MAX_LEAVES or any(abs(x) > MAX_VALUE for x in flat):
            return None
        # A shape, a cotarget or a factor is positive (the macros reject 0 and negatives there).
        shape_leaves = leaves(tree) if k in ("layout", "tuple", "int") else []
        if any(x <= 0 for x in shape_leaves):
            return None
        values.append(v)
    return values


def spread(cases, cap):
    n = len(cases)
    return cases if n <= cap else [cases[i * n // cap] for i in range(cap)]


def generate(records):
    picked = OrderedDict((op, ([], [])) for op in OPS)
    for r in records:
        if r["op"] not in OPS:
            continue
        form = form_of(r)
        if form is None or writable(r, form[0]) is None:
            continue
        # CuTe C++ cannot instantiate these (an integral layout beside a tuple of rank 1), nor can
        # the static face (its blocked and raked products zip layouts of equal rank).
        if r["op"] in ("blocked_product", "raked_product") and r.get("error", "").startswith("incomplete type"):
            continue
        picked[r["op"]][0 if "error" in r else 1].append(r)
    out = []
    w = out.append
    w("// @generated by `%s` from ../shared/oracle/public.jsonl: do not edit by hand." % COMMAND)
    w("//")
    w("//! The oracle's cases of the operations whose conditions the trait solver decides, through")
    w("//! their static verdicts (what `cargo check` reports): each verdict names the condition the")
    w("//! dynamic engine reports for the same arguments, and passes where the engine succeeds.")
    w("")
    w("#![allow(clippy::type_complexity)]")
    w("")
    w('#[path = "../common/mod.rs"]')
    w("mod common;")
    w("")
    w("use cute::dynamic::ErrorKind;")
    w("use cute::mixed::AllStatic;")
    w("use cute::statics::inverse::LeftInverseVerdict;")
    w("use cute::statics::pycute::AddVerdict;")
    w("use cute::statics::report::Outcome;")
    w("use cute::{op, BlockedProduct, Composition, Layout, LogicalDivide, LogicalProduct, MarkedVerdict, RakedProduct, RouteVerdict, Shape, Tiler, Verdicts1};")
    w("")
    w("/// The verdict of a one-operand operation.")
    w("type Verdict1<Op, A> = <<A as AllStatic>::Is as Verdicts1<Op, A>>::Output;")
    w("")
    w("/// Compare each case's verdict with the dynamic engine's outcome on the oracle's arguments: a")
    w("/// failing verdict names the engine's condition; a passing one means the engine succeeds or")
    w("/// reports a condition outside `covered` (when given, the kinds of error the verdict decides;")
    w("/// the others are the `const` check's).")
    w("fn check(rows: &[(&str, Option<ErrorKind>)], covered: Option<&[ErrorKind]>) {")
    w("    let cases = common::cases();")
    w("    let mut bad = Vec::new();")
    w("    for (id, verdict) in rows {")
    w("        let case = cases.iter().find(|c| c.id == *id).expect(\"the case is in the oracle\");")
    w("        let dynamic = cute_eval::call(&case.op, &case.args).err().map(|e| e.kind());")
    w("        let agrees = match (verdict, dynamic) {")
    w("            (Some(_), _) => *verdict == dynamic,")
    w("            (None, Some(d)) => covered.is_some_and(|kinds| !kinds.contains(&d)),")
    w("            (None, None) => true,")
    w("        };")
    w("        if !agrees {")
    w("            bad.push(format!(\"{id}: the verdict says {verdict:?}, the engine {dynamic:?}\"));")
    w("        }")
    w("    }")
    w("    assert!(bad.is_empty(), \"{} of {} cases differ:\\n{}\", bad.len(), rows.len(), bad.join(\"\\n\"));")
    w("}")
    counts = OrderedDict()
    k = 0
    for op, (errors, results) in picked.items():
        rows = []
        aliases = []
        n_errors, n_results = CAPS.get(op, (ERRORS, RESULTS))
        for case in spread(errors, n_errors) + spread(results, n_results):
            kinds, verdict = form_of(case)
            values = writable(case, kinds)
            names = []
            for j, (v, kind) in enumerate(zip(values, kinds)):
                name = "%s%d" % ("AB"[j], k)
                names.append(name)
                aliases.append("type %s = %s;" % (name, ARG_KINDS[kind][1](v, case["args"][j])))
            outcome = case.get("error", case.get("result"))
            rows.append("        // %s(%s) = %s" % (op, ", ".join(map(str, case["args"])), outcome))
            rows.append("        (%s, <%s as Outcome>::KIND)," % (rust_str(case["id"]), verdict.format(*names)))
            k += 1
        counts[op] = len(rows) // 2
        w("")
        w("#[test]")
        w("fn %s() {" % op)
        out.extend("    " + a for a in aliases)
        covered = OPS[op][1]
        w("    check(")
        w("        &[")
        out.extend("    " + r for r in rows)
        w("        ],")
        w("        %s," % ("None" if covered is None else "Some(&[%s])" % ", ".join("ErrorKind::" + c for c in covered)))
        w("    );")
        w("}")
    return "\n".join(out) + "\n", counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    with open(ORACLE) as f:
        records = [json.loads(l) for l in f if l.strip()]
    text, counts = generate(records)
    text = rustfmt(text)
    for op, n in counts.items():
        print("%s: %d cases" % (op, n), file=sys.stderr)
    if args.check:
        try:
            same = open(OUTPUT).read() == text
        except FileNotFoundError:
            same = False
        if not same:
            sys.exit("tests/generated/verdict_oracle.rs is out of date: run `%s`" % COMMAND)
        return
    with open(OUTPUT, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
