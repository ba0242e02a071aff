#!/usr/bin/env bash
# On the GPU machine (nvcc 13, sm_90, 16 cores): the Rodinia bundle made by
# rodinia.sh bundle. For each program builds
#   ser   gcc -O3 -march=native (no -fopenmp; -lgomp for the omp_* calls)
#   omp   gcc -O3 -march=native -fopenmp, OMP_NUM_THREADS=16
#   pr    the transpiled .cu: nvcc -O3 -arch=sm_90 -x cu, host code
#         -Xcompiler -fopenmp,-march=native, the other files by gcc -fopenmp
# checks omp, pr auto and pr gpu against ser on the small inputs, then times
# the whole process at the large size (ser, omp 16, pr auto, pr with
# PRAGREDUCE_DEVICE=gpu), each run limited to LIMIT seconds (60).
# Writes $OUT/rodinia.md and rodinia.log.   PROGRAMS="kmeans bfs" bash run.sh
set -u
b=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$b/out}
mkdir -p "$out" "$b/bin"
. "$b/programs.sh"
progs=${PROGRAMS:-$RODINIA_PROGRAMS}
log=$out/rodinia.log
: >"$log"
T=${THREADS:-16}
GEN=$b/bin/gen_inputs FIXTIME=$b/bin/fixtime.so
gcc -O2 "$b/gen_inputs.c" -o "$GEN" && gcc -O2 -shared -fPIC "$b/fixtime.c" -o "$FIXTIME" || exit 1
build() { # P KIND(check|timed): bin/P.{ser,omp,pr}.KIND
    local p=$1 k=$2 defs o
    spec "$p"
    [ "$k" = check ] && defs=$check_defs || defs=$timed_defs
    cd "$b/src/$p"
    gcc -O3 -march=native $defs -x c "$marked" $others -o "$b/bin/$p.ser.$k" -lm -lgomp >>"$log" 2>&1 || echo "$p ser $k: build failed" >>"$log"
    gcc -O3 -march=native -fopenmp $defs -x c "$marked" $others -o "$b/bin/$p.omp.$k" -lm >>"$log" 2>&1 || echo "$p omp $k: build failed" >>"$log"
    local objs=() f
    for f in $others; do
        o="$b/bin/$p.$k.$(echo "$f" | tr / _).o"
        gcc -O3 -march=native -fopenmp $defs -c "$f" -o "$o" >>"$log" 2>&1
        objs+=("$o")
    done
    o="$b/bin/$p.$k.cu.o"
    { nvcc -O3 -arch=sm_90 -w -Xcompiler -fopenmp,-march=native $defs -x cu -c "$marked.$k.cu" -o "$o" &&
      nvcc -arch=sm_90 -Xcompiler -fopenmp "$o" "${objs[@]+"${objs[@]}"}" -o "$b/bin/$p.pr.$k" -lm -lgomp; } >>"$log" 2>&1 ||
        echo "$p pr $k: build failed" >>"$log"
}
for p in $progs; do
    (build "$p" check) &
    (build "$p" timed) &
done
wait
same() { spec "$1"; python3 "$b/same_numbers.py" $tol "$2" "$3"; }
wall() { # BIN P THREADS DIR VARIANT [env...]: seconds, or fail / over-LIMITs
    local bin=$1 p=$2 t=$3 d=$4 v=$5 t0 t1 rc=0
    shift 5
    [ -x "$bin" ] || { echo "no build"; return; }
    t0=$(date +%s.%N)
    run_one "$bin" "$p" large "$t" "$d" "$v" "$@" timeout "${LIMIT:-60}" 2>/dev/null || rc=$?
    t1=$(date +%s.%N)
    if [ $rc = 124 ]; then echo "over ${LIMIT:-60} s"; elif [ $rc != 0 ]; then echo "fail ($rc)"
    else echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }'; fi
}
{
    echo "# Rodinia OpenMP, $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1), $(nproc) cores, $(date -u +%Y-%m-%d)"
    echo
    echo "Small inputs: omp, pragreduce auto and gpu against serial. Large: whole-process wall seconds (limit ${LIMIT:-60} s)."
    echo
    echo "| program | small: omp | auto | gpu | large args | serial | OpenMP $T | pragreduce auto | pragreduce gpu | auto vs OpenMP |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
} >"$out/rodinia.md"
for p in $progs; do
    d=$b/run/$p/small
    rm -rf "$b/run/$p"
    inputs "$p" small "$d" >>"$log" 2>&1
    row="| $p"
    if [ -x "$b/bin/$p.ser.check" ] && run_one "$b/bin/$p.ser.check" "$p" small 1 "$d" ser; then
        for v in omp auto gpu; do
            bin=$b/bin/$p.pr.check env=(PRAGREDUCE_DEVICE=$v)
            [ $v = omp ] && bin=$b/bin/$p.omp.check env=()
            if [ ! -x "$bin" ]; then row="$row | no build"
            elif ! run_one "$bin" "$p" small "$T" "$d" $v "${env[@]+"${env[@]}"}"; then row="$row | **exit status**"; { echo "== $p small $v"; tail -5 "$d/a/b/$v/stderr"; } >>"$log"
            elif msg=$(same "$p" "$d/a/b/ser/compared" "$d/a/b/$v/compared"); then row="$row | same"
            else row="$row | **differs**"; echo "== $p small $v: $msg" >>"$log"; fi
        done
    else
        row="$row | serial failed | - | -"
    fi
    d=$b/run/$p/large
    inputs "$p" large "$d" >>"$log" 2>&1
    s=$(wall "$b/bin/$p.ser.timed" "$p" 1 "$d" ser)
    o=$(wall "$b/bin/$p.omp.timed" "$p" "$T" "$d" omp)
    a=$(wall "$b/bin/$p.pr.timed" "$p" "$T" "$d" auto PRAGREDUCE_DEVICE=auto)
    g=$(wall "$b/bin/$p.pr.timed" "$p" "$T" "$d" gpu PRAGREDUCE_DEVICE=gpu)
    ratio=$(echo "$o $a" | awk '$1 + 0 > 0 && $2 + 0 > 0 { printf "%.2fx", $1 / $2 }')
    echo "$row | $(args "$p" large "$T" '$IN') | $s | $o | $a | $g | ${ratio:--} |" >>"$out/rodinia.md"
    rm -rf "$d"   # the large inputs: hundreds of MB for nn and bfs
done
cat "$out/rodinia.md"
