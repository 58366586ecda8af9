#!/usr/bin/env bash
# The pictures at 128 x 128 cells (16,384): the sizes of the SVG, TikZ, HTML and table the
# `cute` command writes, and the time and memory headless Chromium takes to load and render the
# SVG and the page into a screenshot, against a 4-cell picture (the browser's own start).
#
#   bash benches/pictures.sh       # prints the Markdown table of benches/README.md
#
# Needs chromium (Debian's package) and GNU time (/usr/bin/time). CARGO_TARGET_DIR is respected.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in chromium /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "pictures.sh: $tool not found (apt-get install chromium time)" >&2; exit 1; }
done
cargo build --release --quiet -p cute-cli
cute="${CARGO_TARGET_DIR:-target}/release/cute"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name | expression | drawing options
cases=(
    "small|(2,2):(1,2)|"
    "plain|(128,128):(128,1)|"
    "seed_002_tv|((16,16),((4,2),(4,2))):((512,4),((1,64),(128,8192)))|--tile (128,128)"
    "banks|Sw<3,4,3> o 0 o (128,128):(128,1)|--elem-bytes 2"
)

# Seconds and the largest process's peak memory (KB) of a headless screenshot of $1.
render() {
    /usr/bin/time -o "$work/time.txt" -f "%e %M" chromium --headless --no-sandbox --disable-gpu --disable-quic \
        --no-first-run --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$(mktemp -d -p "$work")" --window-size=1600,1200 \
        --screenshot="$work/shot.png" "file://$1" >/dev/null 2>&1
    tail -1 "$work/time.txt"
}

echo "| picture | cells | SVG bytes | TikZ bytes | HTML bytes | table bytes | SVG render s / peak MB | page render s / peak MB |"
echo "|---|---|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
    IFS='|' read -r name expr opts <<<"$c"
    # shellcheck disable=SC2086
    "$cute" svg "$expr" $opts -o "$work/$name.svg"
    # shellcheck disable=SC2086
    "$cute" latex "$expr" $opts -o "$work/$name.tex"
    # shellcheck disable=SC2086
    "$cute" html "$expr" $opts -o "$work/$name.html"
    # shellcheck disable=SC2086
    "$cute" show "$expr" $opts >"$work/$name.txt"
    cells=$(grep -c 'class="cell' "$work/$name.svg")
    read -r svg_s svg_kb <<<"$(render "$work/$name.svg")"
    read -r page_s page_kb <<<"$(render "$work/$name.html")"
    printf "| %s | %s | %s | %s | %s | %s | %s / %s | %s / %s |\n" "$name" "$cells" \
        "$(stat -c %s "$work/$name.svg")" "$(stat -c %s "$work/$name.tex")" "$(stat -c %s "$work/$name.html")" \
        "$(stat -c %s "$work/$name.txt")" "$svg_s" "$((svg_kb / 1024))" "$page_s" "$((page_kb / 1024))"
done
