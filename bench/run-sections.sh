#!/usr/bin/env bash
# Runs on the GPU machine (bench bundle): array-section reductions against
# CUB, same run, same timing method (bench/section_bench.c, section_cub.cu).
# Writes $OUT/sections.csv and sections.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
nvcc -O3 -arch=sm_90 sections.cu -o bin/sections &
nvcc -O3 -arch=sm_90 -std=c++17 section_cub.cu -o bin/section_cub &
wait
export PRAGREDUCE_DEVICE=gpu
csv="$out/sections.csv"
echo "impl,op,a,b,us,check" >"$csv"
run() { # op a b
    local pr us check
    pr=$(PRAGREDUCE_BENCH=20 bin/sections "$@" 2>&1)
    us=$(echo "$pr" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | head -n 1)
    check=$(echo "$pr" | sed -n 's/.*check=\([0-9]*\).*/\1/p')
    echo "pragreduce,$1,$2,$3,$us,$check" >>"$csv"
    bin/section_cub "$@" >>"$csv"
}
for n in 16777216 268435456; do
    for bins in 256 4096 65536; do
        run hist $n $bins
    done
done
for shape in "16777216 16" "4194304 64" "1048576 32"; do
    # shellcheck disable=SC2086
    run colsum $shape
done
{
    echo "| op | shape | pragreduce us | CUB us | pragreduce / CUB speed | checks equal |"
    echo "|---|---|---|---|---|---|"
    paste -d, <(grep '^pragreduce' "$csv") <(grep '^cub' "$csv") |
        awk -F, '{ printf "| %s | %s x %s | %s | %s | %.2fx | %s |\n", $2, $3, $4, $5, $11, $11 / $5, ($6 == $12 ? "yes" : "NO") }'
} >"$out/sections.md"
cat "$out/sections.md"
python3 plot_sections.py "$csv" "$out/sections.png" 2>/dev/null || echo "(no matplotlib: no plot)"
