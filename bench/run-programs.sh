#!/usr/bin/env bash
# Runs on the GPU machine (bench bundle's run-programs.sh): issue 17's whole
# programs, each one C file with OpenMP lines beside its pragmas, timed by
# the program itself (the solve or time loop, clock_gettime):
#   openmp      gcc -O3 -march=native -fopenmp, OMP_NUM_THREADS = all cores
#   pragreduce  the transpiled file (transpiled with -fopenmp), nvcc -O3
#               -Xcompiler -fopenmp,-march=native, PRAGREDUCE_DEVICE=auto
#               (what a user gets), then gpu, then gpu with every kernel's
#               writes copied back at once (PRAGREDUCE_LAZY_COPY_BACK=0)
#   serial      gcc -O3 -march=native, at the first size of each program
# SERIAL=0 leaves out the serial runs, EAGER=0 the eager copy-back ones.
# Programs: cg_whole (CG on the 2-D Poisson matrix, 75 iterations),
# stencil_whole (diffusion sweeps with a per-step mean, 100 steps),
# particles_whole (all-pairs forces, moves and kinetic energy per step),
# lookups_whole (Monte Carlo cross-section lookups in batches),
# kmeans_whole (assignment and centre sums, 20 rounds), lu_whole (LU with
# partial pivoting and a solve). A run that fails (a mode the program
# cannot run in) shows as "failed".
# SPECS="kmeans_whole 494020 20;lu_whole 2048" runs only those.
# Writes $OUT/programs.md (the table) and $OUT/programs.out (every run's
# output line, to compare the results).
#   bash run-programs.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
cores=$(nproc)
progs="cg_whole stencil_whole particles_whole lookups_whole kmeans_whole lu_whole"
for p in $progs; do
    gcc -O3 -march=native "$p.c" -o "bin/${p}_serial" -lm &
    gcc -O3 -march=native -fopenmp "$p.c" -o "bin/${p}_omp" -lm &
    nvcc -O3 -arch=sm_90 -w -Xcompiler -fopenmp,-march=native "$p.cu" -o "bin/${p}_pr" &
done
wait
secs() { sed -n 's/.* \([0-9.]*\) s$/\1/p'; }
run() { # label program args...: the better of two runs, their lines kept, its seconds printed
    local label=$1 p=$2
    shift 2
    local line a b
    line=$("$@" 2>&1) || { echo "$label: failed: $line" >>"$out/programs.out"; echo failed; return; }
    echo "$label: $line" >>"$out/programs.out"
    a=$(echo "$line" | secs)
    if [ "${ONCE:-0}" = 1 ]; then echo "$a"; return; fi
    line=$("$@" 2>&1) || { echo "$label (again): failed: $line" >>"$out/programs.out"; echo failed; return; }
    echo "$label (again): $line" >>"$out/programs.out"
    b=$(echo "$line" | secs)
    awk -v a="$a" -v b="$b" 'BEGIN { print (a < b ? a : b) }'
}
{
    echo "# Whole programs: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1), $cores cores, $(date -u +%Y-%m-%d)"
    echo
    echo "Seconds of the solve / time loop (measured inside the program), the better of two runs (serial: one);"
    echo "ratio = OpenMP / pragreduce auto."
    echo
    echo "| program | size | serial | OpenMP $cores threads | pragreduce auto | pragreduce gpu | gpu, eager copy-back | ratio |"
    echo "|---|---|---|---|---|---|---|---|"
} >"$out/programs.md"
: >"$out/programs.out"
first=""
specs=${SPECS:-"cg_whole 2048 75;cg_whole 4096 75;stencil_whole 4096 100;stencil_whole 8192 100;particles_whole 32768 4;particles_whole 65536 2;lookups_whole 8000000 4;lookups_whole 16000000 4;kmeans_whole 494020 100;kmeans_whole 2000000 50;lu_whole 2048;lu_whole 4096"}
IFS=';' read -r -a spec_list <<<"$specs"
for spec in "${spec_list[@]}"; do
    set -- $spec
    p=$1
    shift
    s="-"
    if [ "$p" != "$first" ] && [ "${SERIAL:-1}" = 1 ]; then
        s=$(ONCE=1 run "$p $* serial" "$p" "bin/${p}_serial" "$@")
        first=$p
    fi
    o=$(OMP_NUM_THREADS=$cores run "$p $* openmp" "$p" "bin/${p}_omp" "$@")
    a=$(OMP_NUM_THREADS=$cores PRAGREDUCE_DEVICE=auto run "$p $* auto" "$p" "bin/${p}_pr" "$@")
    g=$(OMP_NUM_THREADS=$cores PRAGREDUCE_DEVICE=gpu run "$p $* gpu" "$p" "bin/${p}_pr" "$@")
    e="-"
    if [ "${EAGER:-1}" = 1 ]; then
        e=$(OMP_NUM_THREADS=$cores PRAGREDUCE_DEVICE=gpu PRAGREDUCE_LAZY_COPY_BACK=0 run "$p $* eager" "$p" "bin/${p}_pr" "$@")
    fi
    r=$(awk -v o="$o" -v a="$a" 'BEGIN { if (o + 0 > 0 && a + 0 > 0) printf "%.2f", o / a; else print "-" }')
    echo "| $p | $* | $s | $o | $a | $g | $e | $r |" >>"$out/programs.md"
done
cat "$out/programs.md"
cat "$out/programs.out"
