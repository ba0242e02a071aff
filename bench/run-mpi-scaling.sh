#!/usr/bin/env bash
# Runs on a GPU machine with several GPUs (bench bundle's run-mpi-scaling.sh):
# issue 18's scaling figures. mpi_cg_scaling (2-D Poisson CG, ghost rows
# through MPI_Sendrecv, dot products with comm(MPI_COMM_WORLD)):
#   pragreduce  the transpiled file, nvcc -O3 against the machine's Open MPI,
#               one rank per GPU (the launcher's local rank picks it),
#               PRAGREDUCE_DEVICE=auto
#   cpu         mpicc -O3 -march=native -DCPU_REFERENCE (MPI_Allreduce
#               written out), one rank per core
# strong: the same grid on 1, 2, 4 ... GPUs; weak: the same rows per rank.
# Each figure the better of two runs; the program times its iterations
# (MPI_Wtime, the slowest rank, first copies to the GPUs included).
# NX, NY, ITER override the sizes. Writes $OUT/mpi-scaling.md and
# $OUT/mpi-scaling.out (every run's line).
#   bash run-mpi-scaling.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun --oversubscribe --bind-to none --mca btl self,vader --mca btl_vader_single_copy_mechanism none)
gpus=$(nvidia-smi -L | wc -l)
cores=$(nproc)
nx=${NX:-4096} ny=${NY:-8192} iter=${ITER:-300}
inc=$(mpicc --showme:compile) lib=$(mpicc --showme:link)
# shellcheck disable=SC2086
nvcc -O3 -arch=sm_90 -w $inc mpi_cg_scaling.cu -o bin/mpi_cg_scaling_pr $lib &
mpicc -O3 -march=native -DCPU_REFERENCE mpi_cg_scaling.c -o bin/mpi_cg_scaling_cpu -lm &
wait
: >"$out/mpi-scaling.out"
run() { # label np binary args...: the better of two runs' seconds
    local label=$1 np=$2 best="" line s
    shift 2
    for _ in 1 2; do
        line=$(XDG_CACHE_HOME=$here/cache PRAGREDUCE_DEVICE=${MODE:-auto} \
            "${mpirun[@]}" -x XDG_CACHE_HOME -x PRAGREDUCE_DEVICE -np "$np" "$@" 2>&1 | tail -n 1) || true
        echo "$label: $line" >>"$out/mpi-scaling.out"
        s=$(echo "$line" | sed -n 's/.* \([0-9.]*\) s$/\1/p')
        [ -n "$s" ] || { echo failed; return; }
        best=$(awk -v a="$s" -v b="${best:-$s}" 'BEGIN { print (a < b ? a : b) }')
    done
    echo "$best"
}
counts=""
for ((g = 1; g <= gpus; g *= 2)); do counts="$counts $g"; done
{
    echo "# MPI scaling: mpi_cg_scaling, $gpus x $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1), $cores cores, $(date -u +%Y-%m-%d)"
    echo
    echo "Seconds of $iter CG iterations (the slowest rank, first copies included), the better of two runs."
    echo "Strong: grid $nx x $ny on every row; weak: $nx x $ny per rank."
    echo
    echo "| scaling | GPUs (ranks) | grid | pragreduce | speed-up over 1 GPU | efficiency |"
    echo "|---|---|---|---|---|---|"
} >"$out/mpi-scaling.md"
for kind in strong weak; do
    base=""
    for g in $counts; do
        if [ $kind = strong ]; then args=("$nx" "$ny" "$iter"); grid="$nx x $ny"; else args=("$nx" "$ny" "$iter" weak); grid="$nx x $((ny * g))"; fi
        s=$(run "$kind pragreduce $g" "$g" bin/mpi_cg_scaling_pr "${args[@]}")
        base=${base:-$s}
        read -r up eff < <(awk -v b="$base" -v s="$s" -v g="$g" -v k="$kind" 'BEGIN {
            if (s == "failed" || b == "failed") { print "- -"; exit }
            u = k == "strong" ? b / s : g * b / s; printf "%.2f %.0f%%\n", u, 100 * u / g }')
        echo "| $kind | $g | $grid | $s | $up | $eff |" >>"$out/mpi-scaling.md"
    done
done
{
    echo
    echo "The CPU build (mpicc -O3 -march=native -DCPU_REFERENCE) on the same grid as strong scaling:"
    echo
    echo "| CPU ranks | seconds |"
    echo "|---|---|"
} >>"$out/mpi-scaling.md"
for np in 16 "$cores"; do
    s=$(run "cpu $np" "$np" bin/mpi_cg_scaling_cpu "$nx" "$ny" "$iter")
    echo "| $np | $s |" >>"$out/mpi-scaling.md"
done
cat "$out/mpi-scaling.md"
