#!/usr/bin/env bash
# Runs on the GPU machine (bench bundle's run-programs.sh): issue 17's whole
# programs, each one C file with OpenMP lines beside its pragmas, timed by
# the program itself (the solve or time loop, clock_gettime):
#   serial      gcc -O3 -march=native
#   openmp      gcc -O3 -march=native -fopenmp, OMP_NUM_THREADS = all cores
#   pragreduce  the transpiled file (transpiled with -fopenmp), nvcc -O3
#               -Xcompiler -fopenmp,-march=native, PRAGREDUCE_DEVICE=auto
#               (what a user gets), then gpu
# Programs: cg_whole (CG on the 2-D Poisson matrix, 75 iterations) and
# stencil_whole (diffusion sweeps with a per-step mean, 100 steps).
# Writes $OUT/programs.md.
#   bash run-programs.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
cores=$(nproc)
for p in cg_whole stencil_whole; do
    gcc -O3 -march=native "$p.c" -o "bin/${p}_serial" -lm &
    gcc -O3 -march=native -fopenmp "$p.c" -o "bin/${p}_omp" -lm &
    nvcc -O3 -arch=sm_90 -w -Xcompiler -fopenmp,-march=native "$p.cu" -o "bin/${p}_pr" &
done
wait
secs() { sed -n 's/.*\(solve\|loop\) \([0-9.]*\) s.*/\2/p'; }
{
    echo "# Whole programs: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1), $cores cores, $(date -u +%Y-%m-%d)"
    echo
    echo "Seconds of the solve / time loop (measured inside the program); ratio = OpenMP / pragreduce auto."
    echo
    echo "| program | size | serial | OpenMP $cores threads | pragreduce auto | pragreduce gpu | ratio |"
    echo "|---|---|---|---|---|---|---|"
} >"$out/programs.md"
for spec in "cg_whole 2048 75" "cg_whole 4096 75" "stencil_whole 4096 100" "stencil_whole 8192 100"; do
    set -- $spec
    p=$1
    shift
    s=$(bin/${p}_serial "$@" | secs)
    o=$(OMP_NUM_THREADS=$cores bin/${p}_omp "$@" | secs)
    a=$(OMP_NUM_THREADS=$cores PRAGREDUCE_DEVICE=auto bin/${p}_pr "$@" | secs)
    g=$(OMP_NUM_THREADS=$cores PRAGREDUCE_DEVICE=gpu bin/${p}_pr "$@" | secs)
    r=$(awk -v o="$o" -v a="$a" 'BEGIN { printf "%.2f", o / a }')
    echo "| $p | $* | $s | $o | $a | $g | $r |" >>"$out/programs.md"
done
cat "$out/programs.md"
