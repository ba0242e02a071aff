#!/usr/bin/env bash
# Runs on the GPU machine: public benchmark codes' stand-ins (bench/public/,
# each one C file with its own OpenMP lines and only its reduction loops
# marked, as a user would) against their OpenMP build on every core.
#   omp   gcc -O3 -march=native -fopenmp, OMP_NUM_THREADS = all cores
#   auto  the transpiled file (pragreduce -fopenmp, by make-public-bundle.sh),
#         nvcc -O3 -Xcompiler -fopenmp,-march=native, PRAGREDUCE_DEVICE=auto
#   gpu   the same binary, PRAGREDUCE_DEVICE=gpu (every marked loop forced)
#   ser   gcc -O3 -march=native (SERIAL=1)
# Each run: the program's own "time = X s" and the whole program's wall
# time; the better of RUNS (default 2) runs. Writes $OUT/public.md (the
# table) and $OUT/public.out (every run's output, to compare the results).
# SPECS="nas_cg A;srad 100 0.5 2048 2048" runs only those.
#   bash run-public.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/out}
mkdir -p "$out" bin
runs=${RUNS:-2}
cores=$(nproc)
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$cores}
specs=${SPECS:-"nas_cg A;nas_cg B;nas_cg_region A;nas_cg_region B;srad 100 0.5 502 458;srad 100 0.5 2048 2048;hotspot3d 512 8 100;particlefilter -x 128 -y 128 -z 10 -np 400000;lavamd 10;lavamd 20;xsbench 15000000 small;kmeans 494020 34 5;kmeans 819200 34 5;ludcmp 2000"}
for c in *.c; do
    p=${c%.c}
    gcc -O3 -march=native -fopenmp "$c" -o "bin/${p}_omp" -lm &
    [ "${SERIAL:-0}" = 1 ] && gcc -O3 -march=native "$c" -o "bin/${p}_ser" -lm &
    nvcc -O3 -arch=sm_90 -w -Xcompiler -fopenmp,-march=native "$p.cu" -o "bin/${p}_pr" -lm &
done
wait
one() { # limit label env... cmd...: prints "program-seconds wall-seconds"
    local limit=$1 label=$2
    shift 2
    local t0 t1 line rc
    t0=$(date +%s.%N)
    line=$(timeout "$limit" env "$@" 2>&1)
    rc=$?
    t1=$(date +%s.%N)
    { echo "== $label (rc $rc)"; echo "$line"; } >>"$out/public.out"
    if [ $rc != 0 ]; then
        [ $rc = 124 ] && echo "over-${limit}s over-${limit}s" || echo "failed failed"
        return
    fi
    local t
    t=$(echo "$line" | sed -n 's/^time = \([0-9.]*\) s$/\1/p' | tail -n 1)
    awk -v t="${t:--}" -v a="$t0" -v b="$t1" 'BEGIN { printf "%s %.3f\n", t, b - a }'
}
best() { # count limit label env... : the better of count runs (by wall time)
    local n=$1
    shift
    local b="" r
    for _ in $(seq "$n"); do
        r=$(one "$@")
        case "$r" in failed*|over*) [ -z "$b" ] && b=$r; break ;; esac
        if [ -z "$b" ] || case "$b" in failed*|over*) true ;; *) awk -v x="${r#* }" -v y="${b#* }" 'BEGIN { exit !(x < y) }' ;; esac; then
            b=$r
        fi
    done
    echo "$b"
}
{
    echo "# Public codes' stand-ins: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1), $cores cores, $(date -u +%Y-%m-%d)"
    echo
    echo "Seconds: the program's own timer / the whole program's wall time, the better of $runs runs;"
    echo "speed-up = OpenMP wall / pragreduce auto wall."
    echo
    echo "| program | args | OpenMP $OMP_NUM_THREADS threads | pragreduce auto | pragreduce gpu | speed-up |"
    echo "|---|---|---|---|---|---|"
} >"$out/public.md"
: >"$out/public.out"
IFS=';' read -ra list <<<"$specs"
for spec in "${list[@]}"; do
    read -ra a <<<"$spec"
    p=${a[0]}
    args=("${a[@]:1}")
    o=$(best "$runs" 200 "$p ${args[*]} omp" "bin/${p}_omp" "${args[@]}")
    u=$(best "$runs" 200 "$p ${args[*]} auto" PRAGREDUCE_DEVICE=auto "bin/${p}_pr" "${args[@]}")
    g=$(best 1 "${GPU_LIMIT:-60}" "$p ${args[*]} gpu" PRAGREDUCE_DEVICE=gpu "bin/${p}_pr" "${args[@]}")
    sp=$(awk -v a="${o#* }" -v b="${u#* }" 'BEGIN { if (b + 0 > 0 && a + 0 > 0) printf "%.2f", a / b; else print "-" }')
    echo "| $p | ${args[*]} | ${o% *} / ${o#* } | ${u% *} / ${u#* } | ${g% *} / ${g#* } | $sp |" >>"$out/public.md"
    echo "$p ${args[*]}: omp $o auto $u gpu $g"
done
