#!/usr/bin/env python3
"""Generate tests/generated/mixed_oracle.rs: golden cases of the oracle through the mixed face.

Each case's layouts get a mixed type: every leaf is made static (a typenum constant) or runtime
(`i64`) by a hash of the case id and the leaf's position, so the cases cover many mixes, from all
static to all runtime; values past 1024 are runtime (typenum's `P<N>` aliases stop there). The
layout values come from the oracle text through `Layout::try_from`, the result is compared
with the oracle in tests/generated/mixed_oracle.rs (see its `check_*` functions).

Usage: python3 tools/gen_mixed_tests.py [--check]
"""

import argparse
import json
import os
import sys
import re
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_static_tests import ParseError, parse_int_tuple, parse_layout, leaves, rustfmt, split_top  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.path.join(ROOT, "..", "shared", "oracle", "public.jsonl")
OUTPUT = os.path.join(ROOT, "tests", "generated", "mixed_oracle.rs")
COMMAND = "python3 tools/gen_mixed_tests.py"

# op -> most cases taken (in file order, skipping unusable ones).
CAPS = {"composition": 420, "coalesce": 200, "eval": 120, "size": 40, "cosize": 40, "rank": 30, "depth": 30,
        "flatten": 60, "filter": 80, "filter_zeros": 80,
        "right_inverse": 100, "left_inverse": 40, "nullspace": 30, "max_common_vector": 60, "max_common_layout": 60, "upcast": 30, "downcast": 30,
        "logical_product": 60, "zipped_product": 30, "tiled_product": 30, "flat_product": 30,
        "blocked_product": 40, "raked_product": 40,
        "tile_to_shape": 60, "make_ordered_layout": 80, "complement": 120, "logical_divide": 120, "zipped_divide": 60, "tiled_divide": 60, "flat_divide": 60}


def runtime(case_id, salt, k):
    """Whether leaf `k` of argument `salt` is runtime: about half, the same every run."""
    return zlib.crc32(("%s/%s/%d" % (case_id, salt, k)).encode()) % 2 == 0


def leaf_type(v, is_runtime):
    """A leaf in the notation of the type macros: `{}` (runtime) or the static value."""
    if v == 0 and ZERO_STATIC[0]:
        return "0"
    if ALL_STATIC[0] and abs(v) <= 1024:
        is_runtime = False
    if is_runtime or abs(v) > 1024:
        return "{}"
    return "%d" % v


# filter and filter_zeros treat only a static `_0` stride as zero (as CuTe does); their cases keep
# zero strides static so the oracle's (static) answer applies.
ZERO_STATIC = [False]
# A predicate on stride values that keeps those strides static (None: the hash decides).
STATIC_STRIDE = [None]
# The operations CuTe defines only for static layouts get all-static types (values past 1024 make
# a case unusable there).
ALL_STATIC = [False]
STATIC_OPS = ("left_inverse",)
# The products need a static block (CuTe's complement does); the tiler gets a mix.
PRODUCT_OPS = ("logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product")


def tuple_type_ltr(t, case_id, salt, counter, static_if=None):
    """Like tuple_type but numbering leaves left to right; a leaf for which `static_if` holds is
    static."""
    if isinstance(t, int):
        k = counter[0]
        counter[0] += 1
        return leaf_type(t, runtime(case_id, salt, k) and not (static_if and static_if(t)))
    return "(%s)" % ",".join(tuple_type_ltr(e, case_id, salt, counter, static_if) for e in t)


def layout_type(text, case_id, salt):
    shape, stride = parse_layout(text)
    s = tuple_type_ltr(shape, case_id, salt + "s", [0])
    d = tuple_type_ltr(stride, case_id, salt + "d", [0], STATIC_STRIDE[0])
    return "Layout<Shape![%s], Stride![%s]>" % (s, d)


def is_layout(arg):
    return isinstance(arg, str) and ":" in arg and not arg.startswith("<")


def tuple_tiler(text, case_id):
    """`<e,...>` or a shape `(n,...)` as an HList value of mixed layouts, tile sizes and `_`;
    None for nested tuple tilers (not entries of the mixed face)."""
    entries = []
    for k, e in enumerate(split_top(text[1:-1])):
        if e == "_":
            entries.append("Underscore")
        elif ":" in e and e[0] != "<":
            entries.append("mixed::<%s>(%s)" % (layout_type(e, case_id, "t%d" % k), rust_str(e)))
        elif e.lstrip("-").isdigit() and int(e) > 0:
            n = int(e)
            entries.append("%di64" % n if runtime(case_id, "t", k) or n > 1024 else "P%d::new()" % n)
        else:
            return None
    if not entries:
        return None
    return "hlist![%s]" % ", ".join(entries)


def product_block(rec):
    """A product of an all-static block (no negative stride: its complement would be a compile
    error) by a tiler with a hash-chosen mix of leaves; only cases with an expected result."""
    op, args, cid, want = rec["op"], rec["args"], rec["id"], rec.get("result")
    if want is None or len(args) != 2 or not is_layout(args[0]):
        return None
    shape, stride = parse_layout(args[0])
    if any(v < 0 for v in leaves(stride)) or any(abs(v) > 1024 for v in leaves(shape) + leaves(stride)):
        return None
    ALL_STATIC[0] = True
    a_type = layout_type(args[0], cid, "a")
    ALL_STATIC[0] = False
    t = args[1]
    if is_layout(t):
        # A quarter of the tilers are all-static layouts made by `new()` (the product is then the
        # static face's), the others layouts read from the oracle's text.
        static_tiler = runtime(cid, "static-tiler", 0) and runtime(cid, "static-tiler", 1)
        ALL_STATIC[0] = static_tiler
        b_type = layout_type(t, cid, "b")
        ALL_STATIC[0] = False
        b = "mixed::<%s>(%s)" % (b_type, rust_str(t))
        if static_tiler and "{}" not in b_type:
            b = "<%s>::new()" % b_type
    elif op in ("blocked_product", "raked_product"):
        return None
    elif isinstance(t, int) and t > 0:
        b = "%di64" % t
    elif isinstance(t, str) and t[:1] in "<(":
        b = tuple_tiler(t, cid)
        if b is None:
            return None
    else:
        return None
    # tiled and flat products spread the copies, whose runtime size-1 modes CuTe keeps: their
    # top-level rank can differ from the static result's.
    check = "check_function" if op in ("tiled_product", "flat_product") else "check_function_modes"
    return "%s(%s, %s(mixed::<%s>(%s), %s).map(|r| r.to_dynamic()), %s);" % (
        check, rust_str(cid), op, a_type, rust_str(args[0]), b, rust_str(want))


def tuple_value(t, case_id, salt, counter):
    """A mixed int tuple value: each leaf `P<n>::new()` or `<n>i64` by the hash."""
    if isinstance(t, int):
        k = counter[0]
        counter[0] += 1
        if runtime(case_id, salt, k) or t > 1024:
            return "%di64" % t
        return "P%d::new()" % t
    return "hlist![%s]" % ", ".join(tuple_value(e, case_id, salt, counter) for e in t)


def tile_block(rec):
    """tile_to_shape of an all-static block to a target with a hash-chosen mix of leaves."""
    args, cid, want = rec["args"], rec["id"], rec.get("result")
    if want is None or len(args) != 2 or not is_layout(args[0]):
        return None
    shape, stride = parse_layout(args[0])
    if any(abs(v) > 1024 for v in leaves(shape) + leaves(stride)):
        return None
    try:
        target = parse_int_tuple(str(args[1]))
    except ParseError:
        return None
    ALL_STATIC[0] = True
    a_type = layout_type(args[0], cid, "a")
    ALL_STATIC[0] = False
    return "check_function_modes(%s, tile_to_shape(mixed::<%s>(%s), %s).map(|r| r.to_dynamic()), %s);" % (
        rust_str(cid), a_type, rust_str(args[0]), tuple_value(target, cid, "t", [0]), rust_str(want))


def order_value(t):
    """A static order (`(1,0)`) as a value: typenum integers in HLists."""
    if isinstance(t, int):
        if not 0 <= t <= 1024:
            raise ParseError(str(t))
        return "Z0::new()" if t == 0 else "P%d::new()" % t
    return "hlist![%s]" % ", ".join(order_value(e) for e in t)


def ordered_block(rec):
    """make_ordered_layout of a shape with a hash-chosen mix of leaves by a static order: the
    oracle's text when every extent is static, else the same function mode by mode (a runtime
    extent 1 keeps its stride where a static one gets 0, which no coordinate reaches)."""
    args, cid, want = rec["args"], rec["id"], rec.get("result")
    if want is None or len(args) != 2:
        return None
    shape, order = parse_int_tuple(str(args[0])), parse_int_tuple(str(args[1]))
    s = tuple_value(shape, cid, "s", [0])
    call = "make_ordered_layout(%s, %s)" % (s, order_value(order))
    if "i64" not in s:
        return "check_text(%s, %s.unwrap().to_dynamic().to_string(), %s);" % (rust_str(cid), call, rust_str(want))
    return "check_each_mode(%s, %s.map(|r| r.to_dynamic()), %s);" % (rust_str(cid), call, rust_str(want))


def complement_block(rec):
    """complement(A, M) of A whose extents are a hash-chosen mix at static strides (CuTe's
    requirement for a complement of several modes) by an integer cotarget, static or runtime by
    the hash; only cases with an expected result (a static A's conditions are compile errors). An
    extent of 1 stays static: a runtime 1 is a mode to CuTe, whose stride bounds a gap that the
    static answer does not have. A negative stride is admissible only on a mode of size 1 (the
    filter drops it)."""
    args, cid, want = rec["args"], rec["id"], rec.get("result")
    if want is None or len(args) != 2 or not is_layout(args[0]) or not (isinstance(args[1], int) and args[1] > 0):
        return None
    shape, stride = parse_layout(args[0])
    if any(abs(d) > 1024 or (d < 0 and s != 1) for s, d in zip(leaves(shape), leaves(stride))):
        return None
    s = tuple_type_ltr(shape, cid, "as", [0], lambda v: v == 1)
    d = tuple_type_ltr(stride, cid, "ad", [0], lambda v: True)
    m = args[1]
    m = "%di64" % m if runtime(cid, "m", 0) or m > 1024 else "P%d::new()" % m
    return "check_function(%s, complement(mixed::<Layout<Shape![%s], Stride![%s]>>(%s), %s).map(|r| r.to_dynamic()), %s);" % (
        rust_str(cid), s, d, rust_str(args[0]), m, rust_str(want))


DIVIDE_OPS = ("logical_divide", "zipped_divide", "tiled_divide", "flat_divide")


def divide_block(rec):
    """A divide of A (hash-chosen mix of leaves) by a tiler whose layouts are static (CuTe's
    complement needs a static tile, or one of rank 1: a leaf tile gets a mix too) and whose
    tile sizes are static or runtime by the hash; only
    cases with an expected result (a static tile's own conditions are compile errors)."""
    op, args, cid, want = rec["op"], rec["args"], rec["id"], rec.get("result")
    if want is None or len(args) != 2 or not is_layout(args[0]):
        return None
    t = args[1]
    ALL_STATIC[0] = True
    try:
        if is_layout(t):
            ts, td = parse_layout(t)
            if any(abs(v) > 1024 for v in leaves(ts) + leaves(td)):
                return None
            # A leaf tile with a positive stride may have runtime leaves (CuTe's complement of
            # a rank-1 layout allows them); other tiles are static.
            ALL_STATIC[0] = not (isinstance(ts, int) and isinstance(td, int) and td > 0)
            b = "mixed::<%s>(%s)" % (layout_type(t, cid, "b"), rust_str(t))
        elif isinstance(t, int) and t > 0:
            b = "%di64" % t if runtime(cid, "n", 0) or t > 1024 else "P%d::new()" % t
        elif isinstance(t, str) and t[:1] in "<(":
            b = tuple_tiler(t, cid)
            # A layout entry with a value past 1024 got a runtime leaf: not a static tile.
            if b is None or re.search(r"mixed::<[^\"]*\{\}", b):
                return None
        else:
            return None
    finally:
        ALL_STATIC[0] = False
    a_type = layout_type(args[0], cid, "a")
    a = "mixed::<%s>(%s)" % (a_type, rust_str(args[0]))
    modes = "true" if op in ("logical_divide", "zipped_divide") else "false"
    return "check_divide(&mut stats, %s, %s, %s(%s, %s).map(|r| r.to_dynamic()), %s, %s);" % (
        rust_str(cid), a, op, a, b, rust_str(want), modes)


def profile_value(text):
    """A coalesce profile (`(1,(_,1))`) as a Rust value: `P1` entries, `_` entries, HLists."""
    text = text.strip()
    if text == "_":
        return "Underscore"
    if text.startswith("("):
        return "hlist![%s]" % ", ".join(profile_value(p) for p in split_top(text[1:-1]))
    if not text.isdigit() or not 0 < int(text) <= 1024:
        raise ParseError(text)
    return "P%s::new()" % text


def rust_str(s):
    return json.dumps(s)


def case_block(rec):
    op, args, cid = rec["op"], rec["args"], rec["id"]
    want = rec.get("result")
    expect = "Ok(%s)" % rust_str(want) if want is not None else "Err(())"
    if op == "composition":
        if not is_layout(args[0]):
            return None
        if is_layout(args[1]):
            b_type = layout_type(args[1], cid, "b")
            b = "mixed::<%s>(%s)" % (b_type, rust_str(args[1]))
        elif isinstance(args[1], int) and args[1] > 0:
            b = "%di64" % args[1]
        elif isinstance(args[1], str) and args[1][:1] in "<(":
            b = tuple_tiler(args[1], cid)
            if b is None:
                return None
        else:
            return None
        a_type = layout_type(args[0], cid, "a")
        return "check_composition(%s, mixed::<%s>(%s), %s, %s, %s, %s);" % (
            rust_str(cid), a_type, rust_str(args[0]), b, rust_str(args[0]), rust_str(str(args[1])), expect)
    if op in PRODUCT_OPS:
        return product_block(rec)
    if op == "tile_to_shape":
        return tile_block(rec)
    if op == "make_ordered_layout":
        return ordered_block(rec)
    if op in DIVIDE_OPS:
        return divide_block(rec)
    if op == "complement":
        return complement_block(rec)
    if op in ("upcast", "downcast") and len(args) == 2 and isinstance(args[0], int):
        # CuTe's `upcast<N>(L)`: the oracle gives N first.
        args = [args[1], args[0]]
    if len(args) < 1 or not is_layout(args[0]) or want is None:
        return None
    ZERO_STATIC[0] = op in ("filter", "filter_zeros", "nullspace")
    # right_inverse and nullspace take runtime leaves, but half of their cases are all static, so
    # that their results are checked against the oracle's text too.
    ALL_STATIC[0] = op in STATIC_OPS or (
        op in ("right_inverse", "nullspace", "max_common_vector", "max_common_layout") and runtime(cid, "all-static", 0))
    # The casts treat a runtime stride as CuTe does (upcast: a multiple of the factor, divided;
    # downcast: scaled, even if it is 1): the strides for which that differs from the oracle's
    # static answer stay static, so the oracle's result applies to every case.
    if op in ("upcast", "downcast") and isinstance(args[1], int) and args[1] > 0:
        n = args[1]
        STATIC_STRIDE[0] = (lambda d: d % n != 0) if op == "upcast" else (lambda d: abs(d) == 1)
    a_type = layout_type(args[0], cid, "a")
    b_type = layout_type(args[1], cid, "b") if len(args) > 1 and is_layout(args[1]) else None
    ZERO_STATIC[0] = ALL_STATIC[0] = False
    STATIC_STRIDE[0] = None
    if op in STATIC_OPS and "{}" in a_type + (b_type or ""):
        return None
    a = "mixed::<%s>(%s)" % (a_type, rust_str(args[0]))
    if op == "coalesce" and len(args) == 2:
        return "check_each_mode(%s, coalesce_profile(%s, %s).map(|r| r.to_dynamic()), %s);" % (
            rust_str(cid), a, profile_value(args[1]), rust_str(want))
    if op == "coalesce" and len(args) == 1:
        return "check_function(%s, coalesce(%s).map(|r| r.to_dynamic()), %s);" % (rust_str(cid), a, rust_str(want))
    if op == "filter_zeros" and len(args) == 1:
        return "check_text(%s, filter_zeros(%s).to_dynamic().to_string(), %s);" % (rust_str(cid), a, rust_str(want))
    if op == "filter" and len(args) == 1:
        return "check_function(%s, filter(%s).map(|r| r.to_dynamic()), %s);" % (rust_str(cid), a, rust_str(want))
    if op == "right_inverse" and len(args) == 1:
        return "check_right_inverse(%s, %s, right_inverse(%s).map(|r| r.to_dynamic()), %s, %s);" % (
            rust_str(cid), rust_str(args[0]), a, rust_str(want), str("{}" not in a_type).lower())
    if op == "nullspace" and len(args) == 1:
        return "check_nullspace(%s, %s, nullspace(%s).map(|r| r.to_dynamic()), %s, %s);" % (
            rust_str(cid), rust_str(args[0]), a, rust_str(want), str("{}" not in a_type).lower())
    if op == "left_inverse" and len(args) == 1:
        return "check_text(%s, %s(%s).to_dynamic().to_string(), %s);" % (rust_str(cid), op, a, rust_str(want))
    if op in ("upcast", "downcast") and len(args) == 2 and isinstance(args[1], int) and 0 < args[1] <= 1024:
        return "check_text(%s, %s::<P%d, _, _>(%s).map_or_else(|e| e.to_string(), |r| r.to_dynamic().to_string()), %s);" % (
            rust_str(cid), op, args[1], a, rust_str(want))
    if op == "max_common_vector" and b_type is not None:
        b = "mixed::<%s>(%s)" % (b_type, rust_str(args[1]))
        return "check_common_vector(%s, %s, %s, max_common_vector(%s, %s), %s, %s);" % (
            rust_str(cid), rust_str(args[0]), rust_str(args[1]), a, b, rust_str(want),
            str("{}" not in a_type + b_type).lower())
    if op == "max_common_layout" and b_type is not None:
        b = "mixed::<%s>(%s)" % (b_type, rust_str(args[1]))
        return "check_common_layout(%s, %s, %s, max_common_layout(%s, %s).map(|r| r.to_dynamic()), %s, %s);" % (
            rust_str(cid), rust_str(args[0]), rust_str(args[1]), a, b, rust_str(want),
            str("{}" not in a_type + b_type).lower())
    if op == "flatten":
        return "check_text(%s, flatten(%s).to_dynamic().to_string(), %s);" % (rust_str(cid), a, rust_str(want))
    if op == "eval" and len(args) == 2 and isinstance(args[1], int):
        return "check_text(%s, %s.call(%d).to_string(), %s);" % (rust_str(cid), a, args[1], rust_str(want))
    if op in ("size", "cosize"):
        return "check_text(%s, %s.%s().to_string(), %s);" % (rust_str(cid), a, op, rust_str(want))
    if op in ("rank", "depth"):
        return "check_text(%s, <%s>::%s.to_string(), %s);" % (rust_str(cid), a_type, op.upper(), rust_str(want))
    return None


HEADER = """// @generated by `%s` from ../shared/oracle/public.jsonl: do not edit by hand.
// `%s --check` tells whether this file is up to date.
//
//! Golden cases of the oracle through the mixed face: each case's layouts get a mixed type (each
//! leaf static or runtime, chosen by a hash of the case id), their values come from the oracle
//! text through `Layout::try_from`, and the result is compared with the oracle. One case a
//! line, its types written with `Shape!`/`Stride!` (`{}` a runtime leaf).

#![allow(clippy::type_complexity)]

#[path = "../mixed_common/mod.rs"]
mod mixed_common;

use cute::mixed::{
    coalesce, coalesce_profile, downcast, filter, filter_zeros, flatten, left_inverse, max_common_layout, max_common_vector, nullspace, right_inverse,
    upcast,
};
use cute::mixed::{complement, flat_divide, logical_divide, tiled_divide, zipped_divide};
use cute::mixed::{
    blocked_product, flat_product, logical_product, raked_product, tile_to_shape, tiled_product, zipped_product,
};
use cute::mixed::make_ordered_layout;
use cute::typenum::consts::*;
use cute::{hlist, Layout, Shape, Stride};
use mixed_common::*;
"""


def generate(records):
    by_op = {}
    counts = {}
    for rec in records:
        op = rec["op"]
        if op not in CAPS or len(by_op.get(op, [])) >= CAPS[op]:
            continue
        try:
            block = case_block(rec)
        except ParseError:
            block = None
        if block is None:
            continue
        # A case whose layouts have more than 32 leaves is past the mixed checks' capacity.
        if any(is_layout(a) and len(leaves(parse_layout(a)[0])) > 32 for a in rec["args"]):
            continue
        by_op.setdefault(op, []).append(block)
    header = HEADER % (COMMAND, COMMAND)
    if any("Underscore" in b for bs in by_op.values() for b in bs):
        header = header.replace("use cute::{hlist, Layout, Shape, Stride};", "use cute::{hlist, Layout, Shape, Stride, Underscore};")
    parts = [header]
    for op in CAPS:
        blocks = by_op.get(op, [])
        counts[op] = len(blocks)
        stats = op == "composition" or op in DIVIDE_OPS
        # One case per line: rustfmt would spread each over several.
        parts.append("#[test]\n#[rustfmt::skip]\nfn mixed_%s() {\n" % op)
        if stats:
            parts.append("    let mut stats = Stats::default();\n")
        for b in blocks:
            parts.append("    " + b.replace("check_composition(", "check_composition(&mut stats, ") + "\n")
        if stats:
            parts.append("    stats.report(%s);\n" % rust_str(op))
        parts.append("}\n")
    return "".join(p if not p.startswith("#[test]") else "\n" + p for p in parts), counts


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
    print("total: %d cases" % sum(counts.values()), file=sys.stderr)
    if args.check:
        try:
            same = open(OUTPUT).read() == text
        except FileNotFoundError:
            same = False
        if not same:
            sys.exit("tests/generated/mixed_oracle.rs is out of date: run `%s`" % COMMAND)
        return
    with open(OUTPUT, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
