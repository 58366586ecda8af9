#!/usr/bin/env bash
# Instructions of the kernels written with cute-rs against the same loops written by hand
# (benches/kernels/), counted by callgrind inside the kernel function only (not the setup).
#
#   bash benches/callgrind_kernels.sh        # prints the Markdown table of benches/README.md
#
# valgrind does not run AVX-512 code, so the examples are built for x86-64-v3 (AVX2 and FMA)
# in their own target directory. Needs valgrind and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "callgrind_kernels.sh: valgrind not found" >&2; exit 1; }

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/callgrind-kernels"
RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --quiet --release --example gemm --example transpose
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

count() { # example kernel size function
    valgrind --tool=callgrind --toggle-collect="$4" --callgrind-out-file="$work/cg.out" \
        "$CARGO_TARGET_DIR/release/examples/$1" --kernel "$2" --size "$3" >/dev/null 2>"$work/vg.txt"
    sed -n 's/^summary: *\([0-9]*\)/\1/p' "$work/cg.out"
}

echo "| kernel | size | cute-rs | hand-written | ratio |"
echo "|---|---:|---:|---:|---:|"
for size in 256 512; do
    c=$(count gemm cute $size 'gemm::kernels::gemm_cute')
    h=$(count gemm hand $size 'gemm::kernels::gemm_hand')
    python3 -c "print(f'| gemm | $size | {$c:,} | {$h:,} | {$c/$h:.3f} |')"
done
for size in 1024 2048; do
    c=$(count transpose cute $size 'transpose::kernels::transpose_cute')
    h=$(count transpose hand $size 'transpose::kernels::transpose_hand')
    python3 -c "print(f'| transpose | $size | {$c:,} | {$h:,} | {$c/$h:.3f} |')"
done
