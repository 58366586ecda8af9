#!/usr/bin/env bash
# Instructions per call of static layout evaluation vs hand-written index arithmetic
# (benches/static_eval.rs), counted by callgrind, and a comparison of each pair's machine code.
#
#   bash benches/callgrind.sh            # prints the Markdown table of benches/README.md
#   ASM=1 bash benches/callgrind.sh      # and each pair's instructions side by side
#
# Needs valgrind (callgrind, callgrind_annotate), objdump and python3. CARGO_TARGET_DIR is
# respected.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in valgrind callgrind_annotate objdump python3; do
    command -v "$tool" >/dev/null || { echo "callgrind.sh: $tool not found (apt-get install valgrind binutils)" >&2; exit 1; }
done

# The optimized bench binary (the `bench` profile), built once.
bin=$(cargo bench --bench static_eval --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "static_eval" and m.get("executable"):
        print(m["executable"])')
[ -x "$bin" ] || { echo "callgrind.sh: no static_eval binary (cargo bench --bench static_eval --no-run)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A native run checks every static function against its twin and prints their addresses.
"$bin" >"$work/run.txt"
# Count only inside `measure` (CALLS calls of each function), not the checks before it.
valgrind --tool=callgrind --toggle-collect='static_eval::measure' \
    --callgrind-out-file="$work/cg.out" "$bin" >/dev/null 2>"$work/valgrind.txt"
callgrind_annotate --threshold=100 "$work/cg.out" >"$work/annotate.txt" 2>/dev/null
objdump -d --no-show-raw-insn -C "$bin" >"$work/asm.txt"
calls=$(sed -n 's/^const CALLS: usize = \([0-9_]*\);/\1/p' benches/static_eval.rs | tr -d _)

python3 - "$work" "$calls" "${ASM:-0}" <<'EOF'
import re, sys
from collections import Counter, defaultdict

work, calls, show_asm = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
addr = {}
for line in open(work + "/run.txt"):
    p = line.split()
    if p[0] == "address":
        addr[p[1]] = p[2]
names = list(addr)
sharing = defaultdict(list)
for n in names:
    sharing[addr[n]].append(n)

# Self instruction counts per symbol, inside `measure`.
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

twin = {"static_two_step": "hand_composed"}
print("| layout | static fn | Ir / call | hand-written fn | Ir / call | machine code |")
print("|---|---|---:|---|---:|---|")
layouts = {
    "rank4": "`(3,5,6,7):(210,1,35,5)`",
    "row_major": "`(8,16):(16,1)`",
    "col_major": "`(8,16):(1,8)`",
    "depth2": "`((4,8),(2,2)):((2,16),(1,8))`",
    "composed": "`composition(rank4, ((5,3),(2,3),7):((3,1),(15,30),90))`",
    "two_step": "`rank4` at `((5,3),(2,3),7):((3,1),(15,30),90)` at i",
}
for n in names:
    if not n.startswith("static_"):
        continue
    h = twin.get(n, "hand_" + n[len("static_"):])
    a, b = asm[code_of(n)], asm[code_of(h)]
    if addr[n] == addr[h]:
        verdict = "identical: LLVM merged the two functions (%d instructions)" % len(a)
    elif a == b:
        verdict = "identical (%d instructions)" % len(a)
    elif Counter(a) == Counter(b):
        verdict = "same %d instructions, another order" % len(a)
    else:
        ops = lambda x: Counter(i.split()[0] for i in x)
        same_ops = ops(a) == ops(b)
        verdict = "%d vs %d instructions%s" % (len(a), len(b), ", same opcodes" if same_ops else "")
    print("| %s | `%s` | %g | `%s` | %g | %s |" % (layouts[n[len("static_"):]], n, per_call(n), h, per_call(h), verdict))
print()
print("(%d calls of each function; Ir = instructions executed inside the function, `ret` included)" % calls)
if show_asm:
    for n in names:
        if n.startswith("static_"):
            h = twin.get(n, "hand_" + n[len("static_"):])
            a, b = asm[code_of(n)], asm[code_of(h)]
            print("\n%-44s %s" % (n + " (" + code_of(n) + ")", h))
            for k in range(max(len(a), len(b))):
                print("%-44s %s" % (a[k] if k < len(a) else "", b[k] if k < len(b) else ""))
EOF
