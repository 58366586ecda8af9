#!/usr/bin/env bash
# Compile time of static operations on layouts with basis strides (coordinates): for each of 36
# identity layouts `make_identity_layout((m, n))`, m and n in {4, 8, 16, 32, 64, 128}, one
# composition, one logical divide and one zipped divide by static tiles (108 distinct
# operations, each in its own `pub fn`).
#
#   bash benches/compile_time_basis.sh                  # the last commit
#   SOURCE=worktree bash benches/compile_time_basis.sh  # the work tree
#   REPS=3 bash benches/compile_time_basis.sh
#
# Generates a throwaway crate that depends on a copy of this repository, builds its
# dependencies, then times `cargo check` and `cargo build` (dev profile) of the crate alone, with
# CARGO_INCREMENTAL=0, REPS times each (default 2), and prints each run: wall and user time, and
# the peak resident memory of the largest process (rustc), from /usr/bin/time.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
reps=${REPS:-2}
[ -x /usr/bin/time ] || { echo "compile_time_basis.sh: /usr/bin/time not found" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "${SOURCE:-commit}" = worktree ]; then
    cp -r "$repo" "$work/repo"
    rm -rf "$work/repo/target"
else
    git -C "$repo" archive HEAD | (mkdir -p "$work/repo" && tar -x -C "$work/repo")
fi

mkdir -p "$work/crate/src"
cat > "$work/crate/Cargo.toml" <<EOF
[package]
name = "compile_time_basis"
version = "0.1.0"
edition = "2021"
[dependencies]
cute-rs = { path = "$work/repo" }
EOF
python3 - "$work/crate/src/lib.rs" <<'EOF'
import sys
sizes = [4, 8, 16, 32, 64, 128]
out = ["use cute::{composition, hlist, layout, logical_divide, make_identity_layout, shape, zipped_divide};"]
k = 0
for m in sizes:
    for n in sizes:
        ident = f"make_identity_layout(shape!(({m},{n})))"
        out.append(f"pub fn c{k}() -> String {{ format!(\"{{:?}}\", composition({ident}, layout!(({m // 2},{n}):(2,{m})))) }}")
        out.append(f"pub fn l{k}() -> String {{ format!(\"{{:?}}\", logical_divide({ident}, layout!({m // 2}:2))) }}")
        out.append(f"pub fn z{k}() -> String {{ format!(\"{{:?}}\", zipped_divide({ident}, hlist![layout!({m // 2}:1), layout!({n // 2}:1)])) }}")
        k += 1
open(sys.argv[1], "w").write("\n".join(out) + "\n")
EOF

cd "$work/crate"
echo "commit $(git -C "$repo" rev-parse --short HEAD)${SOURCE:+ ($SOURCE)}; $(rustc --version); $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
export CARGO_INCREMENTAL=0
for cmd in check build; do
    cargo "$cmd" -q
    for _ in $(seq "$reps"); do
        touch src/lib.rs
        /usr/bin/time -f "cargo $cmd, 108 operations: %e s wall, %U s user, %M KB peak" cargo "$cmd" -q 2>&1 | tail -1
    done
done
