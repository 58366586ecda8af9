#!/usr/bin/env bash
# Instructions per call of the algebra on layouts with runtime leaves (benches/mixed_algebra.rs),
# counted by callgrind inside `measure` (inclusive: each case function and its callees), divided
# by the calls of each case. Prints a Markdown table of benches/README.md.
#
#   bash benches/callgrind_mixed_algebra.sh
#
# Needs valgrind (callgrind, callgrind_annotate) and python3. CARGO_TARGET_DIR is respected.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in valgrind callgrind_annotate python3; do
    command -v "$tool" >/dev/null || { echo "callgrind_mixed_algebra.sh: $tool not found (apt-get install valgrind)" >&2; exit 1; }
done

bin=$(cargo bench --bench mixed_algebra --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "mixed_algebra" and m.get("executable"):
        print(m["executable"])')
[ -x "$bin" ] || { echo "callgrind_mixed_algebra.sh: no mixed_algebra binary" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A native run checks every case against the dynamic engine.
"$bin" >"$work/run.txt"
valgrind --tool=callgrind --toggle-collect='mixed_algebra::measure' \
    --callgrind-out-file="$work/cg.out" "$bin" >/dev/null 2>"$work/valgrind.txt"
callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.out" >"$work/annotate.txt" 2>/dev/null
calls=$(sed -n 's/^const CALLS: usize = \([0-9_]*\);/\1/p' benches/mixed_algebra.rs | tr -d _)

python3 - "$work" "$calls" <<'PY'
import re, sys
work, calls = sys.argv[1], int(sys.argv[2])
ir, alloc = {}, 0
for line in open(work + "/annotate.txt"):
    m = re.match(r"\s*([\d,]+)\s.*mixed_algebra::counted::(\w+) \[", line)
    if m:
        ir[m.group(2)] = int(m.group(1).replace(",", ""))
    m = re.match(r"\s*([\d,]+)\s.*\b(memset|__memset\w*)\b", line)
    if m:
        alloc = max(alloc, int(m.group(1).replace(",", "")))
print("| case | Ir / call |")
print("|---|---|")
for name in sorted(ir):
    print(f"| `{name}` | {ir[name] // calls} |")
if ir:
    print(f"\nmemset: {alloc // (calls * len(ir))} Ir per call, averaged over the {len(ir)} cases")
PY
