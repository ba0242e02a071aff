#!/usr/bin/env bash
# Runs on the GPU machine (bench bundle's run-midsize.sh): issue 17 item 3,
# the auto mode's choice at sizes where one call's copies or launch cost as
# much as the loop (NAS CG class A has 14,000 rows; small grids). The same
# programs as run-programs.sh, with iterations enough for the OpenMP build
# to take about a second or more; whole-program wall time (the CUDA
# context's start included, which the programs' own timers leave out when
# a GPU build first touches the GPU inside the timed loop):
#   openmp      gcc -O3 -march=native -fopenmp, all cores
#   auto        pragreduce, PRAGREDUCE_DEVICE=auto (built -Xcompiler -fopenmp)
#   auto, before  the same file transpiled by the previous pragreduce
#               (${p}_before.cu, when the bundle has it)
#   gpu         PRAGREDUCE_DEVICE=gpu
# Writes $OUT/midsize.md (the table) and $OUT/midsize.out (every run's
# output line, to compare the results).
#   bash run-midsize.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
cores=$(nproc)
progs="cg_whole stencil_whole"
for p in $progs; do
    gcc -O3 -march=native -fopenmp "$p.c" -o "bin/${p}_omp" -lm &
    nvcc -O3 -arch=sm_90 -w -Xcompiler -fopenmp,-march=native "$p.cu" -o "bin/${p}_pr" &
    if [ -f "${p}_before.cu" ]; then
        nvcc -O3 -arch=sm_90 -w -Xcompiler -fopenmp,-march=native "${p}_before.cu" -o "bin/${p}_before" &
    fi
done
wait
now() { date +%s.%N; }
run() { # label command...: the better wall time of two runs, their lines kept
    local label=$1
    shift
    local best="" t0 t1 line w
    for k in 1 2; do
        t0=$(now)
        line=$("$@")
        t1=$(now)
        w=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
        echo "$label (run $k, wall $w s): $line" >>"$out/midsize.out"
        best=$(awk -v a="$best" -v b="$w" 'BEGIN { print (a == "" || b < a ? b : a) }')
    done
    echo "$best"
}
{
    echo "# Mid-size programs: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1), $cores cores, $(date -u +%Y-%m-%d)"
    echo
    echo "Whole-program wall seconds, the better of two runs; ratio = OpenMP / pragreduce auto"
    echo "(above 1: pragreduce faster)."
    echo
    echo "| program | size | OpenMP $cores threads | auto, before | auto | gpu | ratio |"
    echo "|---|---|---|---|---|---|---|"
} >"$out/midsize.md"
: >"$out/midsize.out"
for spec in "cg_whole 64 30000" "cg_whole 118 20000" "cg_whole 256 10000" "cg_whole 512 4000" \
    "stencil_whole 128 40000" "stencil_whole 256 20000" "stencil_whole 512 8000" "stencil_whole 1024 2000"; do
    set -- $spec
    p=$1
    shift
    o=$(OMP_NUM_THREADS=$cores run "$p $* openmp" "bin/${p}_omp" "$@")
    b="-"
    if [ -x "bin/${p}_before" ]; then
        b=$(OMP_NUM_THREADS=$cores PRAGREDUCE_DEVICE=auto run "$p $* auto-before" "bin/${p}_before" "$@")
    fi
    a=$(OMP_NUM_THREADS=$cores PRAGREDUCE_DEVICE=auto run "$p $* auto" "bin/${p}_pr" "$@")
    g=$(OMP_NUM_THREADS=$cores PRAGREDUCE_DEVICE=gpu run "$p $* gpu" "bin/${p}_pr" "$@")
    r=$(awk -v o="$o" -v a="$a" 'BEGIN { printf "%.2f", o / a }')
    echo "| $p | $* | $o | $b | $a | $g | $r |" >>"$out/midsize.md"
done
cat "$out/midsize.md"
