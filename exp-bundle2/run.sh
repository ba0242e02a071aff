#!/usr/bin/env bash
# Runs on the GPU machine (bench bundle's run.sh): builds the transpiled
# benchmark and the CUB reference, times every loop at n = 2^10 ... 2^28 with
# the same method on both sides, writes bench.csv, a table and a plot to
# $OUT (or ./bench-out).
#   bash run.sh [passes] [max_log2_n]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
passes=${1:-1}
maxlog=${2:-28}
mkdir -p "$out" bin
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "GPU: $gpu"
ls pr_*.cu | sed 's/\.cu$//' | xargs -P "$(nproc)" -I{} nvcc -O3 -arch=sm_90 {}.cu -o bin/{}
nvcc -O3 -arch=sm_90 -std=c++17 cub_bench.cu -o bin/cub_bench
ops=(sum min max dot l2 count sumsq strided rows2d rows2dc)
sizes=""
for ((k = 10; k <= maxlog; k += 2)); do sizes="$sizes $((1 << k))"; done
csv="$out/bench.csv"
echo "pass,impl,type,op,n,us" >"$csv"
for ((pass = 1; pass <= passes; pass++)); do
    for t in float double int; do
        bin/cub_bench "$t" $sizes | sed "s/^/$pass,/" >>"$csv"
        for prog in bin/pr_"$t" bin/pr_"$t"_*; do
            [ -x "$prog" ] || continue
            impl=$(basename "$prog" | sed "s/^pr_$t/pragreduce/")
            for n in $sizes; do
                PRAGREDUCE_DEVICE=gpu PRAGREDUCE_BENCH=20 "$prog" "$n" 2>"$out/err.txt" >/dev/null
                grep '^pragreduce-bench' "$out/err.txt" | awk -v p="$pass" -v impl="$impl" -v t="$t" -v n="$n" \
                    -v ops="${ops[*]}" 'BEGIN { split(ops, o, " ") } { k++; for (i = 1; i <= NF; i++) if ($i == "median") us = $(i + 1); printf "%s,%s,%s,%s,%s,%s\n", p, impl, t, o[k], n, us }' >>"$csv"
            done
        done
    done
done
python3 plot.py "$csv" "$out" "$gpu"
