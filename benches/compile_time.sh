#!/usr/bin/env bash
# Compile time of the static face: wall time and peak memory per distinct static operation
# (compositions, logical divides and logical products, in equal shares).
#
#   bash benches/compile_time.sh            # 200, then 1000 operations
#   bash benches/compile_time.sh 100 500    # other counts
#   REPS=3 SEED=7 bash benches/compile_time.sh
#   SOURCE=worktree bash benches/compile_time.sh   # the work tree instead of the last commit
#   KEEP=/tmp/ct bash benches/compile_time.sh 200  # keep the generated crate (to profile it)
#   ONLY=logical_product bash benches/compile_time.sh  # one operation kind only (same pairs, filtered)
#
# Generates a throwaway crate in a temporary directory that depends on this repository by path
# (by default a copy of its last commit, see SOURCE below)
# and holds N distinct `composition(A, B)`, `logical_divide(A, B)` and `logical_product(A, B)`
# calls on static layouts (the operation drawn per pair), one per `pub fn`. The pairs
# are random but admissible: A is a compact layout (random extents, its modes ordered by a
# random permutation, sometimes nested), B a sub-tile of A's domain (some of A's modes, each
# taken with a step dividing it and a count dividing what is left, in a random order); every
# pair is also run through the dynamic engine (`cute eval -`), and only accepted ones are kept.
#
# For each N (and N = 0, the baseline: the same crate without operations, so the fixed cost of
# cargo and rustc is subtracted), it runs, with CARGO_INCREMENTAL=0 and the dependencies
# already built:
#   * `cargo check`: the trait solver computes every result type;
#   * `cargo build` (dev profile): also evaluates the const checks (post-monomorphization:
#     `cargo check` does not evaluate them) and generates code.
# and records the wall time, the CPU time and the peak resident memory (/usr/bin/time -v: the
# largest process, i.e. rustc). REPS runs each (default 1), the one with the least CPU time kept.
# The "increment" rows divide the growth between two counts by the operations added: equal to
# the per-operation figures when the cost is linear.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(200 1000)
reps=${REPS:-1}
seed=${SEED:-1}
[ -x /usr/bin/time ] || { echo "compile_time.sh: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }

work=$(mktemp -d)
# KEEP=dir keeps the throwaway crate (with the largest count) and the code it measured there.
cleanup() {
    if [ -n "${KEEP:-}" ] && [ -d "$work/crate" ]; then
        mkdir -p "$KEEP"
        cp -r "$work/crate" "$KEEP/"
        if [ -d "$work/repo" ]; then
            cp -r "$work/repo" "$KEEP/"
            sed -i "s|$work/repo|$KEEP/repo|" "$KEEP/crate/Cargo.toml"
        fi
    fi
    rm -rf "$work"
}
trap cleanup EXIT
max=0
for n in "${counts[@]}"; do [ "$n" -gt "$max" ] && max=$n; done

# The code measured: the last commit (SOURCE=head, the default: a fixed state, even while the
# work tree is being edited), or the work tree as it is (SOURCE=worktree).
if [ "${SOURCE:-head}" = head ]; then
    dep="$work/repo"
    mkdir "$dep"
    git -C "$repo" archive HEAD | tar -x -C "$dep"
    # Bench sources the commit's manifest may name before they are committed (cargo needs them).
    for f in "$repo"/benches/*.rs; do [ -e "$dep/benches/${f##*/}" ] || cp "$f" "$dep/benches/"; done
    code="commit $(git -C "$repo" rev-parse --short HEAD)"
else
    dep=$repo
    code="the work tree of $repo"
fi

# The dynamic engine of the same code decides admissibility.
(cd "$dep" && cargo build -q --release -p cute-cli) 2>"$work/cli.txt" || { cat "$work/cli.txt" >&2; exit 1; }
cli=$(cd "$dep" && cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/cute

# Candidate pairs (more than needed), filtered by the engine.
# (ONLY=op keeps the pairs of one operation: three times as many candidates, the same sequence.)
want=$((max * 2))
[ -z "${ONLY:-}" ] || want=$((max * 6))
python3 - "$seed" "$want" >"$work/candidates.txt" <<'EOF'
import random, sys
seed, want = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
EXTENTS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 16]

def factors(n):
    return [d for d in range(1, n + 1) if n % d == 0]

def show(t):
    return str(t) if isinstance(t, int) else "(" + ",".join(show(e) for e in t) + ")"

seen = set()
while len(seen) < want:
    r = rng.randint(2, 4)
    shape = [rng.choice(EXTENTS) for _ in range(r)]
    order = list(range(r))
    rng.shuffle(order)
    stride, acc = [0] * r, 1
    for k in order:
        stride[k], acc = acc, acc * shape[k]
    dom, acc = [], 1  # where mode k starts in A's (colexicographic) domain
    for s in shape:
        dom.append(acc)
        acc *= s
    modes = []
    for k in range(r):
        if rng.random() < 0.6:
            step = rng.choice(factors(shape[k]))
            count = rng.choice(factors(shape[k] // step)[1:] or [1])
            if count > 1:
                modes.append((count, step * dom[k]))
    if not modes:
        modes = [(shape[0], 1)]
    rng.shuffle(modes)
    sa, da = list(shape), list(stride)
    if r >= 3 and rng.random() < 1 / 3:  # nest A's first two modes
        sa, da = [sa[:2]] + sa[2:], [da[:2]] + da[2:]
    if len(modes) == 1 and rng.random() < 0.5:
        sb, db = modes[0]
    else:
        sb, db = [m[0] for m in modes], [m[1] for m in modes]
    op = rng.choice(["composition", "logical_divide", "logical_product"])
    case = "%s %s:%s %s:%s" % (op, show(sa), show(da), show(sb), show(db))
    if case not in seen:
        seen.add(case)
        print(case)
EOF
sed 's/^\(.*\) \(.*\) \(.*\)$/\1(\2, \3)/' "$work/candidates.txt" | "$cli" eval - >"$work/results.txt" 2>&1 || true
paste -d '|' "$work/candidates.txt" "$work/results.txt" >"$work/all.txt"
accepted=$(grep -vc '|error' "$work/all.txt" || true)
rejected=$(grep -c '|error' "$work/all.txt" || true)
grep -v '|error' "$work/all.txt" | grep "^${ONLY:-}" | sed -n "1,${max}p" >"$work/accepted.txt" # (head: SIGPIPE)
[ "$(wc -l <"$work/accepted.txt")" -ge "$max" ] || { echo "compile_time.sh: only $accepted admissible pairs" >&2; exit 1; }

# The throwaway crate (same toolchain and dependency versions as this repository).
crate="$work/crate"
mkdir -p "$crate/src"
cp "$dep/rust-toolchain.toml" "$dep/Cargo.lock" "$crate/"
cat >"$crate/Cargo.toml" <<EOF
[package]
name = "static_compile_time"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
cute = { package = "cute-rs", path = "$dep" }

[workspace]
EOF
export CARGO_TARGET_DIR="$work/target" CARGO_INCREMENTAL=0

# lib.rs with the first N accepted pairs.
write_lib() {
    python3 - "$repo/tools" "$1" "$work/accepted.txt" >"$crate/src/lib.rs" <<'EOF'
import sys
sys.path.insert(0, sys.argv[1])
from gen_static_tests import parse_layout

TYPENUM_ALIAS_MAX = 1024  # typenum names P1..P1024 (and N1..N1024)


class Emitter:
    """Writes static types as typenum integers in HLists (no macro), and records the names to
    import from typenum or to define (leaves beyond typenum's aliases)."""

    def __init__(self):
        self.names = set()
        self.big = {}

    def unsigned(self, n):
        # typenum's bits B0/B1 are imported as Bit0/Bit1: the argument aliases are named A0, B0, ...
        self.names.update(["UInt", "UTerm", "B0 as Bit0", "B1 as Bit1"])
        out = "UTerm"
        for bit in bin(n)[2:]:  # most significant bit innermost
            out = "UInt<%s, Bit%s>" % (out, bit)
        return out

    def leaf(self, n):
        name = "Z0" if n == 0 else ("P%d" if n > 0 else "N%d") % abs(n)
        if abs(n) <= TYPENUM_ALIAS_MAX:
            self.names.add(name)
        else:
            self.big[n] = name
        return name

    def definitions(self):
        out = []
        for n in sorted(self.big, key=lambda v: (v < 0, abs(v))):
            kind = "PInt" if n > 0 else "NInt"
            self.names.add(kind)
            out.append("type %s = %s<%s>;" % (self.big[n], kind, self.unsigned(abs(n))))
        return out

    def tuple(self, t):
        if isinstance(t, int):
            return self.leaf(t)
        out = "HNil"
        for e in reversed(t):
            out = "HCons<%s, %s>" % (self.tuple(e), out)
        return out

    def layout(self, layout):
        return "Layout<%s, %s>" % (self.tuple(layout[0]), self.tuple(layout[1]))

n = int(sys.argv[2])
lines = open(sys.argv[3]).read().splitlines()[:n]
em = Emitter()
body = []
for k, line in enumerate(lines):
    pair, result = line.split("|")
    op, a, b = pair.split(" ")
    body.append("// %s(%s, %s) = %s" % (op, a, b, result))
    body.append("type A%d = %s;" % (k, em.layout(parse_layout(a))))
    body.append("type B%d = %s;" % (k, em.layout(parse_layout(b))))
    body.append("pub fn c%d() {" % k)
    body.append("    let _ = %s(A%d::new(), B%d::new());" % (op, k, k))
    body.append("}")
big = em.definitions()
print("#![allow(unused_imports, clippy::type_complexity)]")
print("use cute::typenum::{%s};" % ", ".join(sorted(em.names | {"P1"})))
print("use cute::{composition, logical_divide, logical_product, HCons, HNil, Layout};")
print("\n".join(big + body))
EOF
}

# Sets T (wall seconds), C (user + system CPU seconds) and M (peak KB): the run with the least CPU
# time of $reps runs of `cargo $1` after touching lib.rs. CPU time is the steadier figure when
# other jobs share the machine; wall time is what a user waits.
measure() {
    T="" C="" M=""
    local t c m
    local run=0 tries=0
    while [ "$run" -lt "$reps" ]; do
        touch "$crate/src/lib.rs"
        if ! (cd "$crate" && /usr/bin/time -v -o "$work/time.txt" cargo "$1") 2>"$work/cargo.txt" >/dev/null; then
            cat "$work/cargo.txt" >&2
            exit 1
        fi
        # Other work on this repository can make cargo rebuild the dependencies in the middle
        # of the measurement: then the run does not count, and is made again.
        if grep -Eq '(Checking|Compiling) (cute|cute-core|typenum|frunk_core|const_panic|typewit) ' "$work/cargo.txt"; then
            tries=$((tries + 1))
            [ "$tries" -lt 10 ] || { echo "compile_time.sh: the dependencies keep changing" >&2; exit 1; }
            continue
        fi
        run=$((run + 1))
        t=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt" |
            awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
        c=$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$work/time.txt")
        m=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
        if [ -z "$C" ] || awk "BEGIN { exit !($c < $C) }"; then T=$t C=$c M=$m; fi
    done
}

write_lib 0
(cd "$crate" && cargo build -q && cargo check -q) # dependencies, once

echo "seed $seed: kept $max of $accepted admissible pairs ($rejected of the candidates rejected by the engine)"
python3 - "$work/accepted.txt" <<'EOF2'
import re, sys
rows = [l.split("|")[0].split(" ") for l in open(sys.argv[1])]
leaves = lambda t: len(re.findall(r"\d+", t.split(":")[0]))
mean = lambda v: sum(v) / len(v)
print("A: %.1f leaves on average (2 to 4, a third nested); B: %.1f leaves on average (1 to 4); %s"
      % (mean([leaves(a) for _, a, _ in rows]), mean([leaves(b) for _, _, b in rows]),
         ", ".join("%d %s" % (sum(r[0] == op for r in rows), op)
                   for op in ("composition", "logical_divide", "logical_product"))))
EOF2
echo "$code; $(rustc --version); $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| command | operations | wall (s) | CPU (s) | peak RSS (MB) | wall / operation (ms) | CPU / operation (ms) | memory / operation (MB) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
row() { # command, label, wall, cpu, kb, then per-op wall ms, cpu ms, MB (or empty)
    printf '| `cargo %s` | %s | %.2f | %.2f | %.0f | %s | %s | %s |\n' "$1" "$2" "$3" "$4" "$(awk -v m="$5" 'BEGIN { print m / 1024 }')" "$6" "$7" "$8"
}
per() { # delta of two numbers / n, scaled
    awk -v a="$1" -v b="$2" -v n="$3" -v k="$4" -v f="$5" 'BEGIN { printf f, (a - b) * k / n }'
}
for cmd in check build; do
    write_lib 0
    measure "$cmd"
    t0=$T c0=$C m0=$M
    row "$cmd" "0 (baseline)" "$T" "$C" "$M" "" "" ""
    prev_n=0 prev_t=$T prev_c=$C prev_m=$M
    for n in "${counts[@]}"; do
        write_lib "$n"
        measure "$cmd"
        row "$cmd" "$n" "$T" "$C" "$M" "$(per "$T" "$t0" "$n" 1000 %.1f)" "$(per "$C" "$c0" "$n" 1000 %.1f)" \
            "$(per "$M" "$m0" "$n" 0.0009765625 %.3f)"
        if [ "$prev_n" -gt 0 ]; then
            echo "| \`cargo $cmd\` | $prev_n → $n (the increment) | | | | $(per "$T" "$prev_t" $((n - prev_n)) 1000 %.1f) |" \
                "$(per "$C" "$prev_c" $((n - prev_n)) 1000 %.1f) | $(per "$M" "$prev_m" $((n - prev_n)) 0.0009765625 %.3f) |"
        fi
        prev_n=$n prev_t=$T prev_c=$C prev_m=$M
    done
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
