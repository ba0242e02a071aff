#!/usr/bin/env bash
# Runs on a GPU machine with several GPUs (bench bundle's run-team.sh):
# bench/team_cg.c in one process, PRAGREDUCE_GPUS=1 against =all,
# alternating, PRAGREDUCE_DEVICE=gpu, then its OpenMP build on every core.
# Writes $OUT/team.txt (results: bench/results/*-team-cg.txt).
#   bash run-team.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
nvcc -O3 -arch=sm_90 -w -Xcompiler -fopenmp,-march=native team_cg.cu -o bin/team_cg_pr &
gcc -O3 -march=native -fopenmp team_cg.c -o bin/team_cg_omp -lm &
wait
: >"$out/team.txt"
for size in "4096 4096 200" "8192 8192 100" "16384 8192 200"; do
    set -- $size
    for g in 1 all 1 all; do
        PRAGREDUCE_GPUS=$g PRAGREDUCE_DEVICE=gpu bin/team_cg_pr "$1" "$2" "$3" | sed "s/^/gpus=$g: /" >>"$out/team.txt"
    done
    OMP_NUM_THREADS=$(nproc) bin/team_cg_omp "$1" "$2" "$3" | sed "s/^/openmp $(nproc): /" >>"$out/team.txt"
done
cat "$out/team.txt"
