#!/usr/bin/env python3
"""Generate tests/generated/static_oracle.rs: golden cases of the oracle, run through the static face.

Usage (from the repository root):

    python3 tools/gen_static_tests.py            # writes tests/generated/static_oracle.rs
    python3 tools/gen_static_tests.py --check    # exits 1 if tests/generated/static_oracle.rs is stale

Reads ../shared/oracle/public.jsonl (format: ../shared/oracle/README.md). For every selected
case of an op in OPS that has a `result`, the generated file names its arguments as static types
written with cute's macros (`type A12 = Layout![(4,8):(1,4)];`, `Shape![24]`, `Tiler![<4:1,8>]`), calls the static operation and compares `to_string()`, with the
underscores of static values removed (`_4` -> `4`), against the expected text. Expected errors
are skipped: for the static face they are compile errors, covered by UI tests.

Python 3, standard library only. The output is deterministic (same input, same bytes).
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import OrderedDict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.path.join(ROOT, "..", "shared", "oracle", "public.jsonl")
OUTPUT = os.path.join(ROOT, "tests", "generated", "static_oracle.rs")
COMMAND = "python3 tools/gen_static_tests.py"

# Cases per generated #[test] function: a failing function lists every mismatch it holds.
CHUNK = 50


# ---------------------------------------------------------------------------------------------
# CuTe notation: parse into trees (an int is a leaf, a list a tuple) and print back.


class ParseError(Exception):
    pass


def parse_tuple(text, pos=0):
    """Parse an int tuple at `pos`: an integer or `(t,...)`. Returns (tree, next pos)."""
    if pos < len(text) and text[pos] == "(":
        pos += 1
        elems = []
        if pos < len(text) and text[pos] == ")":
            return elems, pos + 1
        while True:
            e, pos = parse_tuple(text, pos)
            elems.append(e)
            if pos < len(text) and text[pos] == ",":
                pos += 1
                continue
            if pos < len(text) and text[pos] == ")":
                return elems, pos + 1
            raise ParseError("expected ',' or ')' at %d in %r" % (pos, text))
    start = pos
    if pos < len(text) and text[pos] == "-":
        pos += 1
    while pos < len(text) and text[pos].isdigit():
        pos += 1
    if pos == start or text[start:pos] == "-":
        raise ParseError("expected an integer at %d in %r" % (start, text))
    return int(text[start:pos]), pos


def parse_int_tuple(text):
    tree, pos = parse_tuple(text)
    if pos != len(text):
        raise ParseError("trailing text at %d in %r" % (pos, text))
    return tree


def congruent(a, b):
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int)
    return len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))


def leaves(t):
    if isinstance(t, int):
        return [t]
    return [v for e in t for v in leaves(e)]


def parse_layout(text):
    """`shape:stride` -> (shape, stride); congruent, shape leaves positive."""
    shape, pos = parse_tuple(text)
    if pos >= len(text) or text[pos] != ":":
        raise ParseError("expected ':' at %d in %r" % (pos, text))
    stride, end = parse_tuple(text, pos + 1)
    if end != len(text):
        raise ParseError("trailing text at %d in %r" % (end, text))
    if not congruent(shape, stride):
        raise ParseError("shape and stride not congruent in %r" % text)
    if any(s <= 0 for s in leaves(shape)):
        raise ParseError("non-positive shape in %r" % text)
    return shape, stride


def show_tuple(t):
    if isinstance(t, int):
        return str(t)
    return "(" + ",".join(show_tuple(e) for e in t) + ")"


def show_layout(layout):
    return show_tuple(layout[0]) + ":" + show_tuple(layout[1])


# ---------------------------------------------------------------------------------------------
# Static types.

MAX_LEAVES = 64  # cute_core::statics::MAX_LEAVES


def int_tuple_type(t):
    """`Shape![...]` for positive leaves, else `Stride![...]` (an order or a coordinate may hold 0)."""
    positive = all(v > 0 for v in leaves(t)) if not isinstance(t, int) else t > 0
    return "%s![%s]" % ("Shape" if positive else "Stride", show_tuple(t))


# ---------------------------------------------------------------------------------------------
# Argument kinds: how an oracle argument is recognised, parsed, and written as a static type.


def kind_of(arg):
    if isinstance(arg, int):
        return "int"
    if arg.startswith("<"):
        return "tiler"
    if ":" in arg:
        return "layout"
    if "_" in arg:
        return "profile"
    if arg.startswith("("):
        return "tuple"
    return "int"


def split_top(text):
    """Split `text` (without its outer brackets) at the commas outside any brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "(<":
            depth += 1
        elif ch in ")>":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [] if parts == [""] else parts


def parse_tiler(text):
    """A tiler: ("layout", l), ("int", n), ("_",) or ("tuple", [tilers]) for `<...>` and `(...)`."""
    if text == "_":
        return ("_",)
    if text[0] in "<(" and ":" not in split_top(text[1:-1]) and (text[0] == "<" or ":" not in text):
        return ("tuple", [parse_tiler(e) for e in split_top(text[1:-1])])
    if ":" in text:
        return ("layout", parse_layout(text))
    return ("int", int(text))


def parse_profile(text):
    if text == "_":
        return ("_",)
    if text.startswith("("):
        return ("tuple", [parse_profile(e) for e in split_top(text[1:-1])])
    return ("int", int(text))


ARG_KINDS = {
    # kind: (parse text -> value, (value, text) -> the static type, written with cute's macros);
    # a type of None means the argument is passed as a Rust value (the `{n}` of a call is then its
    # literal).
    "layout": (parse_layout, lambda v, a: "Layout![%s]" % show_layout(v)),
    "tuple": (parse_int_tuple, lambda v, a: int_tuple_type(v)),
    "int": (lambda a: a if isinstance(a, int) else parse_int_tuple(a), lambda v, a: int_tuple_type(v)),
    "tiler": (parse_tiler, lambda v, a: "Tiler![%s]" % a),
    "profile": (parse_profile, lambda v, a: "Tiler![%s]" % a),
    "index": (lambda a: int(a), None),
    "coord": (lambda a: rust_coord(a if isinstance(a, int) else parse_int_tuple(a)), None),
}


def rust_coord(t):
    """A runtime coordinate as a Rust value: `3usize`, `cute::hlist![1usize, cute::hlist![2usize]]`."""
    if isinstance(t, int):
        return "%dusize" % t
    return "cute::hlist![%s]" % ", ".join(rust_coord(e) for e in t)


RESULT_KINDS = {
    # kind: (parse, print back): the expected text must print back as itself.
    "layout": (parse_layout, show_layout),
    "tuple": (parse_int_tuple, show_tuple),
    "int": (int, str),
}


# ---------------------------------------------------------------------------------------------
# The operations of the static face, data-driven.
#
# op name -> Op(forms, result kind, names to import from `cute`). A form is (the argument kinds
# it takes, the Rust call); a case is selected when its op is here and its arguments' kinds
# (kind_of) are exactly those of one form, so `coalesce` with a profile, or `composition` with a
# tiler or an integer B, is not selected. In a call, {0}, {1}, ... are the aliases of the
# arguments' static types (`type A12 = Layout![...];`, `Shape![...]`, `Tiler![...]`).
#
# To enable an op, add an entry matching the signature of its static function, regenerate
# (`python3 tools/gen_static_tests.py`) and run `cargo test --test static_oracle`. For example
# (signatures as of this writing; check them in cute-core/src/statics/):
#     ("complement", Op([(["layout"], "cute::statics::complement_default({0}::new())"),
#                        (["layout", "int"], "complement({0}::new(), {1}::default())")], "layout", ["complement"])),
#     ("right_inverse", Op([(["layout"], "right_inverse({0}::new())")], "layout", ["right_inverse"])),
#     ("left_inverse", Op([(["layout"], "left_inverse({0}::new())")], "layout", ["left_inverse"])),
#     ("logical_divide", Op([(["layout", "layout"], "logical_divide({0}::new(), {1}::new())")], "layout",
#                           ["logical_divide"])),
#     ("logical_product", Op([(["layout", "layout"], "logical_product({0}::new(), {1}::new())")], "layout",
#                            ["logical_product"])),
#     ("upcast", Op([(["int", "layout"], "upcast::<{0}, _>({1}::new())")], "layout", ["upcast"])),
#     ("tile_to_shape", Op([(["layout", "tuple"], "tile_to_shape({0}::new(), {1}::default())")], "layout",
#                          ["tile_to_shape"])),
# and likewise the other divides and products, filter, flatten, nullspace, ... A "tuple" or "int"
# argument's alias is an int tuple type (`{0}::default()` is its value). Tilers (`<...>`, and integer or shape right operands of composition and
# the divides) and coalesce profiles (tuples with `_`) need a line in ARG_KINDS (parse + type
# text) and a form using them; integer or coordinate results need a line in RESULT_KINDS and a
# call whose to_string() is the expected text (e.g. `size({0}::new())` if it returns an integer).
#
# Every enabled op adds its cases to one test file, whose compile time grows by about 70 ms per
# case (debug build, 2 cores); see DEFAULT_CAP.
class Op:
    def __init__(self, forms, result, imports):
        self.forms = forms
        self.result = result
        self.imports = imports


OPS = OrderedDict(
    [
        ("size", Op([(["layout"], "size({0}::new()).value()")], "int", ["size", "Int"])),
        ("cosize", Op([(["layout"], "cosize({0}::new()).value()")], "int", ["cosize", "Int"])),
        ("coshape", Op([(["layout"], "cosize({0}::new()).value()")], "int", ["cosize", "Int"])),
        ("rank", Op([(["layout"], "rank({0}::new())")], "int", ["rank"])),
        ("depth", Op([(["layout"], "depth({0}::new())")], "int", ["depth"])),
        ("eval", Op([(["layout", "index"], "{0}::new().call({1})")], "int", [])),
        ("flatten", Op([(["layout"], "flatten({0}::new())")], "layout", ["flatten"])),
        ("coalesce", Op([(["layout"], "coalesce({0}::new())"),
                         (["layout", "int"], "coalesce_profile({0}::new(), {1}::new())"),
                         (["layout", "tuple"], "coalesce_profile({0}::new(), {1}::default())"),
                         (["layout", "profile"], "coalesce_profile({0}::new(), {1}::default())")],
                        "layout", ["coalesce", "coalesce_profile"])),
        ("filter_zeros", Op([(["layout"], "filter_zeros({0}::new())")], "layout", ["filter_zeros"])),
        ("filter", Op([(["layout"], "filter({0}::new())")], "layout", ["filter"])),
        ("composition", Op([(["layout", "layout"], "composition({0}::new(), {1}::new())"),
                            (["layout", "tiler"], "composition({0}::new(), {1}::default())"),
                            (["layout", "tuple"], "composition({0}::new(), {1}::default())"),
                            (["layout", "int"], "composition({0}::new(), {1}::new())")], "layout", ["composition"])),
        ("complement", Op([(["layout"], "complement_default({0}::new())"),
                           (["layout", "int"], "complement({0}::new(), {1}::default())"),
                           (["layout", "tuple"], "complement({0}::new(), {1}::default())")],
                          "layout", ["complement", "complement_default"])),
        ("right_inverse", Op([(["layout"], "right_inverse({0}::new())")], "layout", ["right_inverse"])),
        ("left_inverse", Op([(["layout"], "left_inverse({0}::new())")], "layout", ["left_inverse"])),
        ("nullspace", Op([(["layout"], "nullspace({0}::new())")], "layout", ["nullspace"])),
        ("logical_divide", Op([(["layout", "layout"], "logical_divide({0}::new(), {1}::new())"),
                    (["layout", "tiler"], "logical_divide({0}::new(), {1}::default())"),
                    (["layout", "tuple"], "logical_divide({0}::new(), {1}::default())"),
                    (["layout", "int"], "logical_divide({0}::new(), {1}::new())")], "layout", ["logical_divide"])),
        ("zipped_divide", Op([(["layout", "layout"], "zipped_divide({0}::new(), {1}::new())"),
                    (["layout", "tiler"], "zipped_divide({0}::new(), {1}::default())"),
                    (["layout", "tuple"], "zipped_divide({0}::new(), {1}::default())"),
                    (["layout", "int"], "zipped_divide({0}::new(), {1}::new())")], "layout", ["zipped_divide"])),
        ("tiled_divide", Op([(["layout", "layout"], "tiled_divide({0}::new(), {1}::new())"),
                    (["layout", "tiler"], "tiled_divide({0}::new(), {1}::default())"),
                    (["layout", "tuple"], "tiled_divide({0}::new(), {1}::default())"),
                    (["layout", "int"], "tiled_divide({0}::new(), {1}::new())")], "layout", ["tiled_divide"])),
        ("flat_divide", Op([(["layout", "layout"], "flat_divide({0}::new(), {1}::new())"),
                    (["layout", "tiler"], "flat_divide({0}::new(), {1}::default())"),
                    (["layout", "tuple"], "flat_divide({0}::new(), {1}::default())"),
                    (["layout", "int"], "flat_divide({0}::new(), {1}::new())")], "layout", ["flat_divide"])),
        ("logical_product", Op([(["layout", "layout"], "logical_product({0}::new(), {1}::new())"),
                    (["layout", "tiler"], "logical_product({0}::new(), {1}::default())"),
                    (["layout", "tuple"], "logical_product({0}::new(), {1}::default())"),
                    (["layout", "int"], "logical_product({0}::new(), {1}::new())")], "layout", ["logical_product"])),
        ("zipped_product", Op([(["layout", "layout"], "zipped_product({0}::new(), {1}::new())"),
                    (["layout", "tiler"], "zipped_product({0}::new(), {1}::default())"),
                    (["layout", "tuple"], "zipped_product({0}::new(), {1}::default())"),
                    (["layout", "int"], "zipped_product({0}::new(), {1}::new())")], "layout", ["zipped_product"])),
        ("tiled_product", Op([(["layout", "layout"], "tiled_product({0}::new(), {1}::new())"),
                    (["layout", "tiler"], "tiled_product({0}::new(), {1}::default())"),
                    (["layout", "tuple"], "tiled_product({0}::new(), {1}::default())"),
                    (["layout", "int"], "tiled_product({0}::new(), {1}::new())")], "layout", ["tiled_product"])),
        ("flat_product", Op([(["layout", "layout"], "flat_product({0}::new(), {1}::new())"),
                    (["layout", "tiler"], "flat_product({0}::new(), {1}::default())"),
                    (["layout", "tuple"], "flat_product({0}::new(), {1}::default())"),
                    (["layout", "int"], "flat_product({0}::new(), {1}::new())")], "layout", ["flat_product"])),
        ("blocked_product", Op([(["layout", "layout"], "blocked_product({0}::new(), {1}::new())")], "layout",
                               ["blocked_product"])),
        ("raked_product", Op([(["layout", "layout"], "raked_product({0}::new(), {1}::new())")], "layout",
                             ["raked_product"])),
        ("max_common_vector", Op([(["layout", "layout"], "max_common_vector({0}::new(), {1}::new())")], "int",
                                 ["max_common_vector"])),
        ("max_common_layout", Op([(["layout", "layout"], "max_common_layout({0}::new(), {1}::new())")], "layout",
                                 ["max_common_layout"])),
        ("upcast", Op([(["int", "layout"], "upcast::<{0}, _>({1}::new())")], "layout", ["upcast"])),
        ("downcast", Op([(["int", "layout"], "downcast::<{0}, _>({1}::new())")], "layout", ["downcast"])),
        ("tile_to_shape", Op([(["layout", "tuple"], "tile_to_shape({0}::new(), {1}::default())"),
                              (["layout", "int"], "tile_to_shape({0}::new(), {1}::default())")], "layout", ["tile_to_shape"])),
        ("make_ordered_layout", Op([(["tuple", "tuple"], "make_ordered_layout({0}::default(), {1}::default())"),
                                    (["int", "int"], "make_ordered_layout({0}::default(), {1}::default())")],
                                   "layout", ["make_ordered_layout"])),
        ("idx2crd", Op([(["index", "tuple"], "idx2crd({0}, {1}::default()).display()"),
                        (["index", "int"], "idx2crd({0}, {1}::default()).display()")],
                       "tuple", ["idx2crd", "statics::Coordinate"])),
        ("crd2idx", Op([(["coord", "tuple"], "crd2idx({0}, {1}::default())"),
                        (["coord", "int"], "crd2idx({0}, {1}::default())")], "int", ["crd2idx"])),
        ("coalesce_z", Op([(["layout"], "coalesce_z({0}::new())")], "layout", ["coalesce_z"])),
        ("greatest_common_domain", Op([(["tuple", "tuple"], "greatest_common_domain({0}::default(), {1}::default())"),
                                       (["int", "tuple"], "greatest_common_domain({0}::default(), {1}::default())"),
                                       (["tuple", "int"], "greatest_common_domain({0}::default(), {1}::default())"),
                                       (["int", "int"], "greatest_common_domain({0}::default(), {1}::default())")],
                                      "layout", ["greatest_common_domain"])),
        ("layout_add", Op([(["layout", "layout"], "layout_add({0}::new(), {1}::new())")], "layout", ["layout_add"])),
        ("swizzle", Op([(["index", "index", "index", "index"], "swizzle::Swizzle::new({0}, {1}, {2}).unwrap().apply({3})")],
                       "int", ["swizzle"])),
    ]
)


# (form kind, argument kind) pairs that match besides equal kinds: an index or a coordinate is a
# runtime value written as an integer or a tuple.
MATCHES = {("index", "int"), ("coord", "int"), ("coord", "tuple")}


def form_of(case):
    """The (kinds, call) of OPS that takes this case's arguments, or None."""
    kinds = [kind_of(a) for a in case["args"]]
    for form in OPS[case["op"]].forms:
        if len(form[0]) == len(kinds) and all(w == k or (w, k) in MATCHES for w, k in zip(form[0], kinds)):
            return form
    return None


# At most this many cases per op: one of each structure of the arguments first (their text with
# the integers left out: a leaf block and a leaf target is a structure of its own, where a
# static face once differed from CuTe), then an even spread over the rest. 37 ops x 40 = about
# 1400 cases: tests/generated/static_oracle.rs compiles in about 100 s (`CARGO_INCREMENTAL=0`,
# 2 cores); each case costs about 70 ms of compile time. With `--cap 100000` every case of the
# oracle is generated (6222 on 2026-12-04, about 5 minutes and 3.6 GB to compile).
DEFAULT_CAP = 40


def structure(case):
    """The arguments' text with the integers left out: `(n,(n,n)):(n,(n,n))`."""
    return tuple(re.sub(r"-?\d+", "n", str(a)) for a in case["args"])


def spread(items, k):
    """`k` of `items`, evenly spread over their order (indices floor(i * n / k))."""
    n = len(items)
    return items if n <= k else [items[i * n // k] for i in range(k)]


def select(records, cap):
    """The selected result cases per op, in file order, at most `cap` per op: one of each
    argument structure (evenly spread over the structures when there are more), then the other
    cases evenly spread."""
    per_op = OrderedDict((op, []) for op in OPS)
    totals = OrderedDict((op, 0) for op in OPS)
    for r in records:
        op = r["op"]
        if op not in OPS or "result" not in r:
            continue
        totals[op] += 1
        if form_of(r) is None:
            continue
        per_op[op].append(r)
    for op, cases in per_op.items():
        if len(cases) <= cap:
            continue
        first = OrderedDict()
        for i, c in enumerate(cases):
            first.setdefault(structure(c), i)
        chosen = set(spread(list(first.values()), cap))
        rest = [i for i in range(len(cases)) if i not in chosen]
        chosen.update(spread(rest, cap - len(chosen)))
        per_op[op] = [cases[i] for i in sorted(chosen)]
    return per_op, totals


def sanity(case):
    """Parse every argument and the expected result, and print the result back."""
    kinds, _call = form_of(case)
    res_kind = OPS[case["op"]].result
    values = []
    for a, k in zip(case["args"], kinds):
        v = ARG_KINDS[k][0](a)
        if k in ("layout", "tuple") and len(leaves(v if k == "tuple" else v[0])) > MAX_LEAVES:
            raise ParseError("more than %d leaves" % MAX_LEAVES)
        values.append(v)
    parse, show = RESULT_KINDS[res_kind]
    expected = case["result"]
    back = show(parse(expected))
    if back != expected:
        raise ParseError("expected %r prints back as %r" % (expected, back))
    return values


def rust_str(s):
    return json.dumps(s)  # CuTe text is ASCII without quotes or backslashes


def generate(records, cap):
    per_op, totals = select(records, cap)
    aliases = []  # lines
    fns = []  # (op, fn name, [ (id, call, expected) ])
    counts = []
    k = 0
    for op, cases in per_op.items():
        rows = []
        for case in cases:
            kinds, call = form_of(case)
            try:
                values = sanity(case)
            except ParseError as e:
                sys.exit("%s: %s" % (case["id"], e))
            names = []
            aliases.append("// %s: %s(%s) = %s" % (case["id"], op, ", ".join(map(str, case["args"])), case["result"]))
            for j, (v, kind) in enumerate(zip(values, kinds)):
                if ARG_KINDS[kind][1] is None:
                    names.append(str(v))
                    continue
                name = "%s%d" % ("ABCDEFGH"[j], k)
                names.append(name)
                aliases.append("type %s = %s;" % (name, ARG_KINDS[kind][1](v, case["args"][j])))
            rows.append((case["id"], call.format(*names), case["result"]))
            k += 1
        for c in range(0, len(rows), CHUNK):
            fns.append((op, "%s_%03d" % (op, c // CHUNK), rows[c : c + CHUNK]))
        counts.append((op, len(rows), totals[op]))

    functions = sorted(set(f for op, n, _ in counts if n for f in OPS[op].imports))
    out = []
    w = out.append
    w("// @generated by `%s` from ../shared/oracle/public.jsonl: do not edit by hand." % COMMAND)
    w("// Regenerate after changing the oracle or enabling an op in the generator's OPS table;")
    w("// `%s --check` tells whether this file is up to date." % COMMAND)
    w("//")
    w("//! Golden cases of the oracle through the static face: each case's arguments as static types,")
    w("//! the static operation's result compared (as text, underscores of static values removed) with")
    w("//! the expected text. Expected-error cases are not here: on the static face they are compile")
    w("//! errors, covered by UI tests.")
    w("")
    w("#![allow(clippy::type_complexity)]")
    w("")
    w("use cute::{%s, Layout, Shape, Stride, Tiler};" % ", ".join(functions))
    w("")
    w("/// (case id, static result as text, expected text)")
    w("type Row = (&'static str, String, &'static str);")
    w("")
    w("/// Compare every row, then fail once listing all mismatches.")
    w("fn check(rows: Vec<Row>) {")
    w("    let bad: Vec<String> = rows")
    w("        .iter()")
    w("        .filter(|(_, got, want)| got.replace('_', \"\") != *want)")
    w("        .map(|(id, got, want)| format!(\"{id}: got {got}, expected {want}\"))")
    w("        .collect();")
    w("    assert!(bad.is_empty(), \"{} of {} cases differ:\\n{}\", bad.len(), rows.len(), bad.join(\"\\n\"));")
    w("}")
    w("")
    w("// Arguments of each case, as static types.")
    out.extend(aliases)
    for op, name, rows in fns:
        w("")
        w("fn rows_%s() -> Vec<Row> {" % name)
        w("    vec![")
        for cid, call, expected in rows:
            w("        (%s, %s.to_string(), %s)," % (rust_str(cid), call, rust_str(expected)))
        w("    ]")
        w("}")
        w("")
        w("#[test]")
        w("fn %s() {" % name)
        w("    check(rows_%s());" % name)
        w("}")
    w("")
    w("/// (op, cases here, result cases of the op in the oracle when this file was generated)")
    w("const COUNTS: &[(&str, usize, usize)] = &[")
    for op, n, total in counts:
        w("    (%s, %d, %d)," % (rust_str(op), n, total))
    w("];")
    w("")
    w("/// The cases per op, and whether the oracle still has the result cases it had when this file")
    w("/// was generated (if not, regenerate).")
    w("#[test]")
    w("fn case_counts() {")
    w("    let here = [")
    for op, _n, _t in counts:
        names = [name for o, name, _ in fns if o == op]
        total = " + ".join("rows_%s().len()" % n for n in names) or "0"
        w("        (%s, %s)," % (rust_str(op), total))
    w("    ];")
    w("    let path = std::path::Path::new(env!(\"CARGO_MANIFEST_DIR\")).join(\"../shared/oracle/public.jsonl\");")
    w("    let text = std::fs::read_to_string(&path).expect(\"the oracle file\");")
    w("    for (&(op, n, total), (op2, ran)) in COUNTS.iter().zip(here) {")
    w("        assert_eq!((op, n), (op2, ran));")
    w("        let now = text")
    w("            .lines()")
    w("            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())")
    w("            .filter(|r| r[\"op\"] == op && r.get(\"result\").is_some())")
    w("            .count();")
    w("        assert_eq!(now, total, \"{op}: the oracle changed; regenerate with `%s`\");" % COMMAND)
    w("        println!(\"{op}: {n} of {total} result cases\");")
    w("    }")
    w("}")
    return "\n".join(out) + "\n", counts


def rustfmt(text):
    """Format as `cargo fmt` would (the repository's rustfmt.toml), so `cargo fmt --check` passes."""
    try:
        p = subprocess.run(
            ["rustfmt", "--edition", "2021", "--config-path", os.path.join(ROOT, "rustfmt.toml")],
            input=text.encode(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            check=False,
        )
    except FileNotFoundError:
        sys.exit("rustfmt not found (rustup component add rustfmt)")
    if p.returncode != 0:
        sys.exit("rustfmt failed on the generated file:\n" + p.stderr.decode())
    return p.stdout.decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--oracle", default=ORACLE)
    ap.add_argument("--output", default=OUTPUT)
    ap.add_argument("--cap", type=int, default=DEFAULT_CAP, help="most cases per op (default %(default)s)")
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if the output differs")
    args = ap.parse_args()
    with open(args.oracle) as f:
        records = [json.loads(l) for l in f if l.strip()]
    text, counts = generate(records, args.cap)
    text = rustfmt(text)
    for op, n, total in counts:
        print("%s: %d cases (of %d result cases)" % (op, n, total), file=sys.stderr)
    if args.check:
        try:
            with open(args.output) as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if not same:
            sys.exit("%s is out of date: run `%s`" % (os.path.relpath(args.output, ROOT), COMMAND))
        return
    with open(args.output, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
