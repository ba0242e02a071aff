#!/usr/bin/env bash
# Runs on a GPU machine with several GPUs (bench bundle's run-team.sh):
# bench/team_cg.c in one process, PRAGREDUCE_GPUS=1 against 2 and all
# (when the machine has more than two), alternating, twice each,
# PRAGREDUCE_DEVICE=gpu, then its OpenMP build on every core. Each line has
# the whole time and the first iteration's (the first copies) apart.
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
gpus=$(nvidia-smi -L | wc -l)
teams="1 2"
[ "$gpus" -gt 2 ] && teams="1 2 all"
: >"$out/team.txt"
for size in "1024 1024 500" "2048 2048 300" "4096 4096 200" "8192 8192 100" "16384 8192 200"; do
    set -- $size
    for round in 1 2; do
        for g in $teams; do
            PRAGREDUCE_GPUS=$g PRAGREDUCE_DEVICE=gpu bin/team_cg_pr "$1" "$2" "$3" | sed "s/^/gpus=$g: /" >>"$out/team.txt"
        done
    done
    OMP_NUM_THREADS=$(nproc) bin/team_cg_omp "$1" "$2" "$3" | sed "s/^/openmp $(nproc): /" >>"$out/team.txt"
done
cat "$out/team.txt"
