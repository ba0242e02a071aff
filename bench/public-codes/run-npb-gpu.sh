#!/usr/bin/env bash
# On the GPU machine: the NPB bundle made by npb.sh bundle.
# Builds each benchmark at each class: gcc -O3 -march=native serial (NPB's
# OpenMP lines ignored), the same with -fopenmp (16 threads), and the
# transpiled file through nvcc -O3 -arch=sm_90 (host code -march=native
# -fopenmp, as pragreduce-cc passes it), NPB's common files through gcc.
# At the first class every build must print NPB's "Verification =
# SUCCESSFUL" (auto and forced GPU); at the last, whole-process wall time of
# serial, OpenMP 16, auto and forced GPU (PRAGREDUCE_DEVICE=gpu), LIMIT
# seconds at most each (60). Writes $OUT/npb.md and npb.log. SKIP_SERIAL=1
# leaves the serial run out; PROFILE=1 adds $OUT/BENCH.profile.txt, the
# auto run under PRAGREDUCE_PROFILE=1.
#   bash run.sh          BENCHES="CG EP" bash run.sh: those only
set -u
b=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$b/out}
mkdir -p "$out" "$b/work"
read -r -a classes <"$b/classes"
benches=${BENCHES:-$(cat "$b/benches")}
log=$out/npb.log
: >"$log"
# NPB's common files each benchmark links (IS has its own randlc)
common_of() { if [ "$1" = IS ]; then echo "c_print_results.c c_timers.c wtime.c"; else echo "c_print_results.c c_randdp.c c_timers.c wtime.c"; fi; }
lower() { echo "$1" | tr 'A-Z' 'a-z'; }

build() { # benchmark $1 at class $2 in work/$1.$2: .ser .omp .pr
    local w=$b/work/$1.$2 f
    f=$(lower "$1").c
    rm -rf "$w"; mkdir -p "$w"
    cp "$b/src/$1"/*.c "$w/"; cp "$b/src/$1"/*.h "$w/" 2>/dev/null
    cp "$b/src/$1/npbparams.$2.h" "$w/npbparams.h"
    cp "$b/cu/$1.$2.cu" "$w/pr.cu"
    local srcs=""
    for c in $(common_of "$1"); do srcs="$srcs $b/src/common/$c"; done
    (cd "$w" &&
        gcc -O3 -march=native -I"$b/src/common" "$f" $srcs -o ser -lm &&
        gcc -O3 -march=native -fopenmp -I"$b/src/common" "$f" $srcs -o omp -lm &&
        gcc -O3 -march=native -c $srcs &&
        nvcc -O3 -arch=sm_90 -Xcompiler -march=native,-fopenmp -w -I"$b/src/common" pr.cu *.o \
            -o pr -lgomp -lm) >>"$log" 2>&1 || echo "== build of $1 $2 failed" >>"$log"
}

for bm in $benches; do for c in "${classes[@]}"; do build "$bm" "$c" & done; done
wait

verified() { grep -q "Verification *= *SUCCESSFUL" "$1"; }
wall() { # seconds of one run of $@ (env settings first), its output in $run_out
    local t0 t1
    t0=$(date +%s.%N)
    timeout "${LIMIT:-60}" env "$@" >"$run_out" 2>&1 || { echo "fail"; return; }
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}
first=${classes[0]}
last=${classes[${#classes[@]}-1]}
{
    echo "| benchmark | class $first: auto | gpu | class $last: serial (s) | OpenMP 16 | auto | gpu | auto vs OpenMP |"
    echo "|---|---|---|---|---|---|---|---|"
    for bm in $benches; do
        w=$b/work/$bm.$first
        row="| $bm"
        for m in auto gpu; do
            if PRAGREDUCE_DEVICE=$m OMP_NUM_THREADS=16 "$w/pr" >"$w/$m.txt" 2>&1 && verified "$w/$m.txt"; then
                row="$row | verified"
            else
                row="$row | **not verified**"
                { echo "== $bm $first $m"; tail -20 "$w/$m.txt"; } >>"$log"
            fi
        done
        w=$b/work/$bm.$last
        s=-
        [ -n "${SKIP_SERIAL:-}" ] || { run_out=$w/ser.txt; s=$(wall OMP_NUM_THREADS=1 "$w/ser"); }
        run_out=$w/omp.txt; o=$(wall OMP_NUM_THREADS=16 "$w/omp")
        run_out=$w/auto.txt; a=$(wall OMP_NUM_THREADS=16 PRAGREDUCE_DEVICE=auto "$w/pr")
        verified "$w/auto.txt" || a="$a (not verified)"
        run_out=$w/gpu.txt; g=$(wall OMP_NUM_THREADS=16 PRAGREDUCE_DEVICE=gpu "$w/pr")
        verified "$w/gpu.txt" || g="$g (not verified)"
        # PROFILE=1: what the auto run did, call by call (PRAGREDUCE_PROFILE)
        [ -z "${PROFILE:-}" ] || OMP_NUM_THREADS=16 PRAGREDUCE_PROFILE=1 timeout "${LIMIT:-60}" "$w/pr" \
            >"$out/$bm.profile.txt" 2>&1
        ratio=$(echo "$o $a" | awk '$1 + 0 > 0 && $2 + 0 > 0 { printf "%.2fx", $1 / $2 }')
        echo "$row | $s | $o | $a | $g | ${ratio:--} |"
    done
} | tee "$out/npb.md"
