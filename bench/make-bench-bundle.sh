#!/usr/bin/env bash
# Prepares `make bench`: the benchmark loops transpiled here (the GPU
# machine has no libclang) for float, double and int, plus plan variants for
# float, with the CUB side and the scripts that run and plot them there.
#   bench/make-bench-bundle.sh PRAGREDUCE OUTDIR
# Then, on the GPU machine: bash OUTDIR/run.sh [passes]; bash OUTDIR/run-host.sh;
# bash OUTDIR/run-segmented.sh; bash OUTDIR/run-whole.sh; bash OUTDIR/run-sections.sh;
# bash OUTDIR/run-tables.sh; bash OUTDIR/run-programs.sh; bash OUTDIR/run-mpi-scaling.sh;
# bash OUTDIR/run-team.sh
# (bench/NOTES.md)
set -eu
pragreduce=$(realpath "$1")
out=$2
cd "$(dirname "$0")/.."
rm -rf "$out"
mkdir -p "$out"
for t in float double int; do
    "$pragreduce" bench/reduce_bench.c -DELEM=$t -o "$out/pr_$t.cu"
done
# variants of the float build, for the notes (bench/NOTES.md)
while read -r name plan; do
    "$pragreduce" bench/reduce_bench.c -DELEM=float --plan="$plan" -o "$out/pr_float_$name.cu"
done <<'VARIANTS'
tile waves=0
u4 unroll=4
w2 waves=2
scalar vector=1,block=256,unroll=4,waves=1
VARIANTS
# the same plan with the fence-then-atomic last-block detection
{ echo "#define PRAGREDUCE_OLD_FENCE 1"; cat "$out/pr_float.cu"; } >"$out/pr_float_fence.cu"
# end to end from host memory (bench/run-host.sh)
"$pragreduce" bench/host_bench.c -DELEM=float -o "$out/host_float.cu"
"$pragreduce" bench/host_bench.c -DELEM=float --pin-host -o "$out/host_float_pin.cu"
"$pragreduce" bench/host_bench.c -DELEM=int -DELEM_IS_INT -o "$out/host_int.cu"
# segmented reductions against cuBLAS / CUB (bench/run-segmented.sh)
for t in float double int; do
    "$pragreduce" bench/segmented_bench.c -DELEM=$t -o "$out/seg_$t.cu"
done
# whole programs for data residency (bench/run-whole.sh); the OpenMP
# version is plain C, built there with gcc
"$pragreduce" bench/power_iter.c -o "$out/power_iter.cu"
"$pragreduce" bench/stats_once.c -o "$out/stats_once.cu"
# whole programs against their OpenMP build (bench/run-programs.sh)
for p in cg_whole stencil_whole particles_whole lookups_whole kmeans_whole lu_whole; do
    "$pragreduce" -fopenmp "bench/$p.c" -o "$out/$p.cu"
    cp "bench/$p.c" "$out/"
done
cp bench/run-programs.sh "$out/"
# MPI scaling on several GPUs (bench/run-mpi-scaling.sh), where mpicc is
if command -v mpicc >/dev/null; then
    # shellcheck disable=SC2046
    "$pragreduce" $(mpicc --showme:compile) bench/mpi_cg_scaling.c -o "$out/mpi_cg_scaling.cu"
    cp bench/mpi_cg_scaling.c bench/run-mpi-scaling.sh "$out/"
fi
# one process over several GPUs (bench/run-team.sh)
"$pragreduce" -fopenmp bench/team_cg.c -o "$out/team_cg.cu"
cp bench/team_cg.c bench/run-team.sh "$out/"
# array sections against CUB (bench/run-sections.sh)
"$pragreduce" bench/section_bench.c -o "$out/sections.cu"
cp bench/section_cub.cu bench/run-sections.sh bench/plot_sections.py "$out/"
# tables of pointers against a flat array (bench/run-tables.sh)
"$pragreduce" bench/table_bench.c -o "$out/tables.cu"
cp bench/run-tables.sh "$out/"
cp bench/cub_bench.cu bench/run-bench.sh bench/plot.py bench/host_naive.cu bench/run-host.sh \
    bench/vendor_bench.cu bench/run-segmented.sh bench/plot_segmented.py bench/power_iter_omp.c \
    bench/run-whole.sh "$out/"
mv "$out/run-bench.sh" "$out/run.sh"
echo "bench bundle in $out: $(ls "$out" | tr '\n' ' ')"
