#!/usr/bin/env bash
# Runs on the GPU machine (bench bundle's run-tables.sh): a float matrix
# summed through a table of row pointers (in(rows[0:n][0:d])) against the
# same data as a flat array, both through pragreduce in one program
# (bench/table_bench.c): wall time per call, median of 20, data held on the
# GPU by a data region. Writes $OUT/tables.md.
#   bash run-tables.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
nvcc -O3 -arch=sm_90 -w tables.cu -o bin/tables
export PRAGREDUCE_DEVICE=gpu
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
{
    echo "Tables of pointers vs a flat array, $gpu, $(date -u +%F)"
    echo
    echo "| rows x cols | table, kept (us) | table, rebuilt each call (us) | flat (us) | kept / flat | rebuilt / flat |"
    echo "|---|---|---|---|---|---|"
    for shape in "16384 34" "494020 34" "1048576 64" "65536 1024" "4096 16384"; do
        line=$(./bin/tables $shape 20)
        echo "$line" >&2
        v() { echo "$line" | sed -n "s|.* $1=\([^ ]*\).*|\1|p"; }
        echo "| ${shape/ / x } | $(v table_us) | $(v rebuilt_us) | $(v flat_us) | $(v table/flat) | $(v rebuilt/flat) |"
    done
} >"$out/tables.md"
cat "$out/tables.md"
