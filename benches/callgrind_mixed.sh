#!/usr/bin/env bash
# Instructions per call of mixed layout evaluation (static tile, runtime extents and leading
# dimensions) vs hand-written index arithmetic with the same runtime values vs the dynamic engine
# (the `mixed_*`, `hand_*` and `dynamic_*` functions of benches/static_eval.rs), counted by
# callgrind, and a comparison of the mixed and hand-written machine code.
#
#   bash benches/callgrind_mixed.sh          # prints the Markdown table of benches/README.md
#   ASM=1 bash benches/callgrind_mixed.sh    # and each mixed / hand-written pair side by side
#
# Needs valgrind (callgrind, callgrind_annotate), objdump and python3. CARGO_TARGET_DIR is
# respected. The sibling of benches/callgrind.sh (the static face), on the same binary.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in valgrind callgrind_annotate objdump python3; do
    command -v "$tool" >/dev/null || { echo "callgrind_mixed.sh: $tool not found (apt-get install valgrind binutils)" >&2; exit 1; }
done

# The optimized bench binary (the `bench` profile), built once.
bin=$(cargo bench --bench static_eval --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "static_eval" and m.get("executable"):
        print(m["executable"])')
[ -x "$bin" ] || { echo "callgrind_mixed.sh: no static_eval binary (cargo bench --bench static_eval --no-run)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A native run checks every mixed function against its hand-written and dynamic twins on the
# layout's whole domain, and prints their addresses.
"$bin" >"$work/run.txt"
# Count only inside `measure_mixed` (CALLS calls of each function), not the checks before it.
# The dynamic functions call into the engine, so counts are inclusive (the function and its
# callees: cute_core, the allocator).
valgrind --tool=callgrind --toggle-collect='static_eval::measure_mixed' \
    --callgrind-out-file="$work/cg.out" "$bin" >/dev/null 2>"$work/valgrind.txt"
callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.out" >"$work/annotate.txt" 2>/dev/null
objdump -d --no-show-raw-insn -C "$bin" >"$work/asm.txt"
calls=$(sed -n 's/^const CALLS: usize = \([0-9_]*\);/\1/p' benches/static_eval.rs | tr -d _)

python3 - "$work" "$calls" "${ASM:-0}" <<'PY'
import re, sys
from collections import Counter, defaultdict

work, calls, show_asm = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
addr = {}
for line in open(work + "/run.txt"):
    p = line.split()
    if p and p[0] == "mixed-address":
        addr[p[1]] = p[2]
sharing = defaultdict(list)
for n in addr:
    sharing[addr[n]].append(n)

# Inclusive instruction counts per symbol, inside `measure_mixed`.
ir = {}
for line in open(work + "/annotate.txt"):
    m = re.match(r"\s*([\d,]+)\s.*static_eval::(\w+) \[", line)
    if m:
        ir[m.group(2)] = int(m.group(1).replace(",", ""))

# Instructions of each symbol present in the binary (padding int3/nop dropped).
asm, cur = {}, None
for line in open(work + "/asm.txt"):
    m = re.match(r"[0-9a-f]+ <static_eval::(\w+)>:", line)
    if m:
        cur = m.group(1)
        asm[cur] = []
        continue
    if not line.strip():
        cur = None
        continue
    if cur:
        p = line.split("\t")
        if len(p) >= 2:
            ins = p[1].strip()
            if ins and not ins.startswith(("int3", "nop", "cs nop", "data16", "xchg   %ax,%ax")):
                asm[cur].append(" ".join(ins.split()))

def code_of(n):
    """The symbol that holds n's code (n itself, or the name LLVM kept for the merged code)."""
    for m in sharing[addr[n]]:
        if m in asm:
            return m
    raise SystemExit("no code found for " + n)

def per_call(n):
    holder = [m for m in sharing[addr[n]] if m in ir]
    if not holder:
        raise SystemExit("callgrind did not count %s" % n)
    return ir[holder[0]] / (calls * len(sharing[addr[n]]))

layouts = {
    "tile": "`(_32,_8):(_1,ld)`, ld = 40",
    "rank3": "`(_4,m,_3):(_1,ld0,ld1)`, m = 6, ld0 = 8, ld1 = 64",
}
print("| layout | mixed fn | Ir / call | hand-written fn | Ir / call | dynamic fn | Ir / call | machine code, mixed vs hand-written |")
print("|---|---|---:|---|---:|---|---:|---|")
for case, desc in layouts.items():
    n, h, d = "mixed_" + case, "hand_" + case, "dynamic_" + case
    a, b = asm[code_of(n)], asm[code_of(h)]
    if addr[n] == addr[h]:
        verdict = "identical: LLVM merged the two functions (%d instructions)" % len(a)
    elif [re.sub(r"0x[0-9a-f]+\(%rdi\)", "FIELD", x) for x in a] == [re.sub(r"0x[0-9a-f]+\(%rdi\)", "FIELD", x) for x in b]:
        verdict = "identical up to the field offsets (%d instructions)" % len(a)
    elif Counter(a) == Counter(b):
        verdict = "same %d instructions, another order" % len(a)
    else:
        verdict = "%d vs %d instructions" % (len(a), len(b))
    print("| %s | `%s` | %g | `%s` | %g | `%s` | %g | %s |" % (desc, n, per_call(n), h, per_call(h), d, per_call(d), verdict))
print()
print("(%d calls of each function; Ir = instructions executed inside the function and its callees, `ret` included)" % calls)
if show_asm:
    for case in layouts:
        n, h = "mixed_" + case, "hand_" + case
        a, b = asm[code_of(n)], asm[code_of(h)]
        print("\n%-44s %s" % (n + " (" + code_of(n) + ")", h))
        for k in range(max(len(a), len(b))):
            print("%-44s %s" % (a[k] if k < len(a) else "", b[k] if k < len(b) else ""))
PY
