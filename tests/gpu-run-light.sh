#!/usr/bin/env bash
# Runs on the GPU machine (copied into the bundle as run-light.sh by
# tests/make-gpu-bundle.sh): a shorter check than run.sh. Every program
# built, its results at a few sizes in gpu and auto mode against the gcc
# build (8 programs at a time: a program of many small launches may pass
# its 60 s there, forced onto the GPU), then the four compute-sanitizer
# tools on programs with parallel loops and kept outputs.
set -u
cd "$(dirname "$0")"
logs=${OUT:-$PWD/gpu-logs}
mkdir -p "$logs" bin
# the transpiled programs travel as one xz stream (make-gpu-bundle.sh)
[ -d cu ] || tar xJf cu.tar.xz
t0=$(date +%s)
xargs -P 16 -I{} sh -c 'omp=""; grep -qx {} openmp 2>/dev/null && omp="-Xcompiler -fopenmp"
  nvcc -O3 -arch=sm_90 -w $omp cu/{}.cu -o bin/{} >bin/{}.log 2>&1 || echo "build failed: {}"' <programs
echo "built in $(( $(date +%s) - t0 )) s"
check() { # mode file
    f=$2; base=$(basename "$f"); p=${base%.*}; n=${base##*.}
    [ -x "bin/$p" ] || { echo "FAIL $1 $p: no binary"; return; }
    got=$(PRAGREDUCE_DEVICE=$1 timeout 60 "bin/$p" "$n" 2>&1) || got="$got
exit $?"
    if [ "$got" == "$(cat "$f")" ]; then echo "ok $1 $p $n"; else echo "FAIL $1 $p $n"; diff <(echo "$got") "$f" | head -6; fi
}
export -f check
for mode in gpu auto; do
    ls expected/*.0 expected/*.33 expected/*.4099 expected/*.1000003 2>/dev/null | xargs -P 8 -I{} bash -c "check $mode {}" >"$logs/results-$mode.log"
    echo "$mode: $(grep -c '^ok' "$logs/results-$mode.log") ok, $(grep -c '^FAIL' "$logs/results-$mode.log") failed"
    grep -A6 '^FAIL' "$logs/results-$mode.log" | head -40
done
echo "results done at $(( $(date +%s) - t0 )) s"
# PR_LIGHT_SAN="p1 p2": those programs under the four tools instead
# (PR_LIGHT_SAN_JOBS at a time, 4 by default)
for p in ${PR_LIGHT_SAN:-parallel_loops lazy_copy_back guarded_edges openmp_beside rows_apart array_sections nested_parallel}; do
    [ -x "bin/$p" ] || continue
    for tool in memcheck racecheck initcheck synccheck; do echo "$tool $p"; done
done | xargs -r -P "${PR_LIGHT_SAN_JOBS:-4}" -L 1 sh -c \
    'r=$(PRAGREDUCE_DEVICE=gpu timeout 120 compute-sanitizer --tool $0 "bin/$1" 4099 2>&1 | grep "SUMMARY" | tail -1); echo "$0 $1: $r"'
# auto mode's trial moving the arrays between the sides mid-run
if [ -x bin/trial_flip ]; then
    r=$(PRAGREDUCE_DEVICE=auto timeout 300 compute-sanitizer --tool memcheck bin/trial_flip 100003 2>&1 | grep "SUMMARY" | tail -1)
    echo "memcheck trial_flip (auto, the switch): $r"
fi
echo "all done at $(( $(date +%s) - t0 )) s"
