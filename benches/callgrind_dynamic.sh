#!/usr/bin/env bash
# Instructions per call of the dynamic engine's algebra (benches/dynamic_algebra.rs), counted by
# callgrind inside `measure` (inclusive: each case function and its callees), divided by the
# calls of each case, beside CuTe C++'s counts on the same inputs (issue 35: g++ -O2, runtime
# `int` leaves, static structure). Prints a Markdown table of benches/README.md.
#
#   bash benches/callgrind_dynamic.sh
#
# Needs valgrind (callgrind, callgrind_annotate) and python3. CARGO_TARGET_DIR is respected.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in valgrind callgrind_annotate python3; do
    command -v "$tool" >/dev/null || { echo "callgrind_dynamic.sh: $tool not found (apt-get install valgrind)" >&2; exit 1; }
done

bin=$(cargo bench --bench dynamic_algebra --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "dynamic_algebra" and m.get("executable"):
        print(m["executable"])')
[ -x "$bin" ] || { echo "callgrind_dynamic.sh: no dynamic_algebra binary" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A native run checks every case's result against its operation's definition.
"$bin" >"$work/run.txt"
valgrind --tool=callgrind --toggle-collect='dynamic_algebra::measure' \
    --callgrind-out-file="$work/cg.out" "$bin" >/dev/null 2>"$work/valgrind.txt"
callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.out" >"$work/annotate.txt" 2>/dev/null
calls=$(sed -n 's/^const CALLS: usize = \([0-9_]*\);/\1/p' benches/dynamic_algebra.rs | tr -d _)

python3 - "$work" "$calls" <<'PY'
import re, sys
work, calls = sys.argv[1], int(sys.argv[2])
# CuTe C++ on the same inputs, as issue 35 quotes them (right_inverse not quoted).
cpp = {
    "composition": (85, 292, 688), "complement": (31, 55, 53),
    "divide_layout": (110, 168, 546), "divide_by_mode": (55, 66, 110),
}
sizes = ("small", "gemm_tile", "rank4_npow2")
ir = {}
for line in open(work + "/annotate.txt"):
    m = re.match(r"\s*([\d,]+)\s.*dynamic_algebra::counted::(\w+) \[", line)
    if m:
        ir[m.group(2)] = int(m.group(1).replace(",", "")) // calls
print("| case | cute-rs Ir / call | CuTe C++ | ratio |")
print("|---|---:|---:|---:|")
for op in ("composition", "complement", "divide_layout", "divide_by_mode", "right_inverse"):
    for k, size in enumerate(sizes):
        name = f"{op}_{size}"
        if name not in ir:
            continue
        c = cpp.get(op, (None,) * 3)[k]
        ratio = f"{ir[name] / c:.1f}x" if c else "-"
        print(f"| `{name}` | {ir[name]} | {c or '-'} | {ratio} |")
PY
