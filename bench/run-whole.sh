#!/usr/bin/env bash
# Runs on the GPU machine (bench bundle's run-whole.sh): whole programs for
# the data-residency issue, wall clock of the iteration phase (measured
# inside the program with clock_gettime) and of the whole process (date
# around it: CUDA start-up, allocation, initialisation, copies included):
#   power_iter (N x N float, ITERS iterations of y = A x, ||y||, x = y/||y||)
#       transpiled, default environment (residency on when the runtime has it)
#       transpiled, PRAGREDUCE_RESIDENT=0 (every product copies A)
#       OpenMP build, 16 threads (gcc -O3 -march=native -fopenmp)
#   stats_once (mean, variance, min, max, count over one double array)
#       PRAGREDUCE_PROFILE=1, with residency and with PRAGREDUCE_RESIDENT=0;
#       the runtime's profile (stderr) goes into the log
# Marked loops run with PRAGREDUCE_DEVICE=auto (what a user gets), except
# where PR_WHOLE_DEVICE says otherwise. Writes $OUT/whole.txt.
#   bash run-whole.sh [N] [ITERS] [STATS_N]    (default 16384 100 134217728)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
n=${1:-16384}
iters=${2:-100}
stats_n=${3:-134217728}
limit=${PR_WHOLE_TIMEOUT:-240}
export PRAGREDUCE_DEVICE=${PR_WHOLE_DEVICE:-auto}
unset PRAGREDUCE_BENCH PRAGREDUCE_RESIDENT PRAGREDUCE_PROFILE
nvcc -O3 -arch=sm_90 power_iter.cu -o bin/power_iter &
nvcc -O3 -arch=sm_90 stats_once.cu -o bin/stats_once &
gcc -O3 -march=native -fopenmp power_iter_omp.c -o bin/power_iter_omp -lm &
wait
log="$out/whole.txt"
{
    echo "# run-whole.sh: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "# N=$n ITERS=$iters STATS_N=$stats_n PRAGREDUCE_DEVICE=$PRAGREDUCE_DEVICE"
} | tee "$log"

run() { # label, then env assignments and the command
    local label=$1
    shift
    local t0 t1 rc=0
    t0=$(date +%s%N)
    env "$@" >"$out/whole-run.out" 2>"$out/whole-run.err" || rc=$?
    t1=$(date +%s%N)
    local wall
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    echo "whole: $label process_s=$wall exit=$rc $(grep -h '^power-iter\|^stats-once' "$out/whole-run.out" | head -n 1)" | tee -a "$log"
    # the runtime's profile and any error, indented
    if [ -s "$out/whole-run.err" ]; then
        sed 's/^/    /' "$out/whole-run.err" | head -n 60 | tee -a "$log"
    fi
}

run "power_iter default" timeout "$limit" bin/power_iter "$n" "$iters"
run "power_iter PRAGREDUCE_RESIDENT=0" PRAGREDUCE_RESIDENT=0 timeout "$limit" bin/power_iter "$n" "$iters"
run "power_iter PRAGREDUCE_PROFILE=1" PRAGREDUCE_PROFILE=1 timeout "$limit" bin/power_iter "$n" "$iters"
run "power_iter_omp threads=16" OMP_NUM_THREADS=16 OMP_PROC_BIND=spread timeout "$limit" bin/power_iter_omp "$n" "$iters"
run "stats_once PRAGREDUCE_PROFILE=1" PRAGREDUCE_PROFILE=1 timeout "$limit" bin/stats_once "$stats_n"
run "stats_once PRAGREDUCE_PROFILE=1 PRAGREDUCE_RESIDENT=0" PRAGREDUCE_PROFILE=1 PRAGREDUCE_RESIDENT=0 \
    timeout "$limit" bin/stats_once "$stats_n"
echo "results in $log"
