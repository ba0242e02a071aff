#!/usr/bin/env bash
# Runs on the GPU machine (copied into the bundle as run.sh by
# tests/make-gpu-bundle.sh): builds every transpiled program with nvcc for
# sm_90, runs it on the GPU at each size the bundle has an expected output
# for, checks that results are bit-identical across two runs, and runs the
# programs under compute-sanitizer (memcheck, racecheck, initcheck).
# Fails when no GPU is present. Writes logs to $OUT (or ./gpu-logs).
set -u
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
logs=${OUT:-$here/gpu-logs}
mkdir -p "$logs" bin
# the transpiled programs travel as one xz stream (make-gpu-bundle.sh)
[ -d cu ] || tar xJf cu.tar.xz
export PRAGREDUCE_DEVICE=gpu
if ! nvidia-smi -L; then
    echo "gpu: no GPU found"
    exit 1
fi
nvcc --version | tail -n 1
pass=0
fail=0
failures=()
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); failures+=("$1"); echo "FAIL $1"; }

# PR_GPU_ONLY="regex": only the programs whose names match (a run in parts)
if [ -n "${PR_GPU_ONLY:-}" ]; then
    grep -E "$PR_GPU_ONLY" programs >programs.only || true
    mv programs.only programs
    mkdir -p expected.all
    for f in expected/*; do
        b=$(basename "$f")
        grep -qx "${b%.*}" programs || mv "$f" expected.all/
    done
fi

# build in parallel; -Xptxas -warn-spills flags register spills; the
# programs listed in `openmp` are OpenMP builds (as their gcc references)
t0=$(date +%s)
xargs -P "$(nproc)" -I{} sh -c \
    'omp=""; grep -qx {} openmp 2>/dev/null && omp="-Xcompiler -fopenmp"
     nvcc -O3 -arch=sm_90 -Xptxas -warn-spills,-warn-lmem-usage $omp cu/{}.cu -o bin/{} >bin/{}.log 2>&1 || echo "build failed: {}"' \
    <programs
echo "built in $(( $(date +%s) - t0 )) s"
while read -r p; do
    if [ ! -x "bin/$p" ]; then bad "$p: build"; sed 's/^/    /' "bin/$p.log" | head -20; continue; fi
    if grep -qi "spill\|lmem\|warning" "bin/$p.log"; then
        echo "note: $p: $(grep -i 'spill\|lmem\|warning' "bin/$p.log" | head -3)"
    fi
done <programs

# the segmented loops' programs (checked with each segment group below)
grep -l "pr_G" cu/*.cu 2>/dev/null | xargs -r -n 1 basename | sed 's/\.cu$//' >"$logs/segmented.programs"

# PR_GPU_SAN_ONLY=1: straight to compute-sanitizer (the results checked
# in an earlier run)
if [ "${PR_GPU_SAN_ONLY:-0}" != 1 ]; then
# results against the gcc build
for f in expected/*; do
    base=$(basename "$f")
    p=${base%.*}
    n=${base##*.}
    [ -x "bin/$p" ] || continue
    got=$("bin/$p" "$n" 2>&1) || got="$got
exit $?"
    if [ "$got" == "$(cat "$f")" ]; then ok; else
        bad "$p n=$n"
        diff <(echo "$got") "$f" | head -8 | sed 's/^/    /'
    fi
done
echo "results: $pass passed, $fail failed"

# the transfer paths: staged copies in 64 KiB chunks (from 16 KiB up), and
# a device memory budget of 16 MiB so that large arrays are reduced chunk
# by chunk, two chunks in flight; the same results expected
# (at 2^27 only the programs of tests/gpu, to keep the run short); a loop
# whose single iteration needs more than the budget (an in() section larger
# than it) says so and exits, which is what it must do under that budget
for f in expected/*.1000003 expected/big_trip.134217728 expected/kinds.134217728 expected/dot_smoke.134217728; do
    [ -f "$f" ] || continue
    base=$(basename "$f")
    p=${base%.*}
    n=${base##*.}
    [ -x "bin/$p" ] || continue
    got=$(PRAGREDUCE_STAGE_MIN_KB=16 PRAGREDUCE_COPY_CHUNK_KB=64 PRAGREDUCE_DEVICE_MEM_KB=16384 \
        "bin/$p" "$n" 2>&1) || got="$got
exit $?"
    if [ "$got" == "$(cat "$f")" ]; then ok; elif grep -q "do not fit in the GPU's memory" <<<"$got"; then
        echo "note: $p n=$n: does not fit a 16 MiB budget: $(grep -m 1 "do not fit" <<<"$got")"
    else
        bad "$p n=$n (staged copies, chunks)"
        diff <(echo "$got") "$f" | head -8 | sed 's/^/    /'
    fi
done
echo "results with staged copies and chunks: $pass passed, $fail failed so far"

# determinism: the same input twice gives the same bits
while read -r p; do
    [ -x "bin/$p" ] || continue
    a=$("bin/$p" 1000003 2>&1)
    b=$("bin/$p" 1000003 2>&1)
    if [ "$a" == "$b" ]; then ok; else bad "$p: two runs differ"; fi
done <programs

# segmented loops: every size again with a segment per thread, per warp
# and per block (the size picks one of them; each must give the same)
while read -r p; do
    [ -x "bin/$p" ] || continue
    for f in expected/"$p".*; do
        n=${f##*.}
        # a few sizes: empty, one warp's worth, several blocks, many segments
        case " 1 33 1025 100003 " in *" $n "*) ;; *) continue ;; esac
        for g in 1 32 256; do
            got=$(PRAGREDUCE_SEGMENT_GROUP=$g "bin/$p" "$n" 2>&1) || got="$got
exit $?"
            if [ "$got" == "$(cat "$f")" ]; then ok; else
                bad "$p n=$n (segment group $g)"
                diff <(echo "$got") "$f" | head -8 | sed 's/^/    /'
            fi
        done
    done
done <"$logs/segmented.programs"
echo "results with each segment group: $pass passed, $fail failed so far"
# residency: five marked loops over one 2^27 double array copy it to the GPU
# once (PRAGREDUCE_PROFILE's table; the other four reuse the copy), five
# times with PRAGREDUCE_RESIDENT=0; the residency traps (resident_*) give
# the same results without residency too (and the resid_* traps of issue 14)
if [ -x bin/resident_stats ]; then
    n=134217728
    for mode in 1 0; do
        t0=$(date +%s%N)
        prof=$(PRAGREDUCE_RESIDENT=$mode PRAGREDUCE_PROFILE=1 bin/resident_stats $n 2>&1 >/dev/null |
            grep '^pragreduce-profile:')
        t1=$(date +%s%N)
        read -r bytes copies avoided < <(sed -n 's/.* h2d \([0-9]*\) bytes in \([0-9]*\) copies.*avoided \([0-9]*\) copies.*/\1 \2 \3/p' <<<"$prof" |
            awk '{b += $1; c += $2; a += $3} END {print b + 0, c + 0, a + 0}')
        want=1
        [ $mode = 0 ] && want=5
        echo "residency: PRAGREDUCE_RESIDENT=$mode: $copies copies to the GPU, $bytes bytes, $avoided avoided, $(( (t1 - t0) / 1000000 )) ms"
        if [ "$copies" = $want ] && [ "$bytes" = $((want * n * 8)) ]; then ok; else
            bad "resident_stats: PRAGREDUCE_RESIDENT=$mode: $copies copies, $bytes bytes to the GPU (want $want copies of $((n * 8)) bytes)"
            sed 's/^/    /' <<<"$prof"
        fi
    done
fi
for f in expected/resident_*.1000003 expected/resid_*.1000003; do
    [ -f "$f" ] || continue
    base=$(basename "$f")
    p=${base%.*}
    [ -x "bin/$p" ] || continue
    got=$(PRAGREDUCE_RESIDENT=0 "bin/$p" 1000003 2>&1) || got="$got
exit $?"
    if [ "$got" == "$(cat "$f")" ]; then ok; else
        bad "$p n=1000003 (PRAGREDUCE_RESIDENT=0)"
        diff <(echo "$got") "$f" | head -8 | sed 's/^/    /'
    fi
done
fi # PR_GPU_SAN_ONLY

# the multi-file projects (tests/projects) built by their own Makefile and
# CMake with pragreduce-cc, pragreduce's outputs as recorded by
# make-gpu-bundle.sh; every marked loop on the GPU (PR_GPU_PROJECTS=0: not
# run, as in the second half of a run in two)
if [ -d tree ] && [ "${PR_GPU_PROJECTS:-1}" != 0 ]; then
    for dir in tree/tests/projects/*/; do
        name=$(basename "$dir")
        PR_WORK=/tmp/pragreduce-projects/$name PR_REPLAY="$here/projects-rec" PR_PROJECT_DEVICE=gpu \
            PR_NVCC_FLAGS=-arch=sm_90 PR_PROJECT_SIZES="0 1 33 1025 100003 1000003" \
            bash tree/tests/run-projects.sh tree/tests/pragreduce-replay "tests/projects/$name/" >"$logs/projects.$name.log" 2>&1 &
    done
    wait
    cat "$logs"/projects.*.log >"$logs/projects.log"
    while read -r word rest; do
        case $word in ok) ok ;; FAIL) bad "project $rest" ;; esac
    done <"$logs/projects.log"
    echo "projects: $(grep -c '^ok' "$logs/projects.log") passed, $(grep -c '^FAIL' "$logs/projects.log") failed"
fi

# compute-sanitizer: memcheck at two sizes, racecheck, initcheck and
# synccheck at a size with several blocks (so the last-block combine runs);
# four at a time (PR_SAN_JOBS)
if command -v compute-sanitizer >/dev/null; then
    # PR_GPU_SAN="prog1 prog2": only those under compute-sanitizer (a short run)
    san_list=programs
    if [ -n "${PR_GPU_SAN:-}" ]; then
        printf '%s\n' $PR_GPU_SAN >"$logs/san.programs"
        san_list="$logs/san.programs"
    fi
    while read -r p; do
        [ -x "bin/$p" ] || continue
        for spec in "memcheck 1025" "memcheck 100003" "racecheck 5000" "initcheck 5000" "synccheck 5000" "memcheck 300007"; do
            echo "$p $spec"
        done
        # segmented loops: the warp and block groups under racecheck and synccheck too
        if grep -qx "$p" "$logs/segmented.programs"; then
            for spec in "racecheck 5001" "synccheck 5001" "racecheck 5002" "synccheck 5002" "memcheck 5001" "memcheck 5002"; do
                echo "$p $spec"
            done
        fi
    done <"$san_list" >"$logs/san.tasks"
    # memcheck at 300007 runs chunked (a 1.5 MiB budget) with staged copies
    # sizes 5001 and 5002: a segment per warp and per block
    xargs -r -P "${PR_SAN_JOBS:-4}" -L 1 sh -c 'if [ "$2" = 300007 ]; then export PRAGREDUCE_DEVICE_MEM_KB=1536 PRAGREDUCE_STAGE_MIN_KB=16 PRAGREDUCE_COPY_CHUNK_KB=32; fi; if [ "$2" = 5001 ]; then export PRAGREDUCE_SEGMENT_GROUP=32; fi; if [ "$2" = 5002 ]; then export PRAGREDUCE_SEGMENT_GROUP=256; fi; compute-sanitizer --tool "$1" --error-exitcode 99 "bin/$0" "$2" >"'"$logs"'/san.$0.$1.$2.log" 2>&1 && echo "ok $0 $1 $2" || echo "FAIL $0 $1 $2"' \
        <"$logs/san.tasks" >"$logs/san.results"
    while read -r status p tool n; do
        log="$logs/san.$p.$tool.$n.log"
        if [ "$status" != ok ] && grep -q "do not fit in the GPU's memory" "$log" &&
            grep -q "ERROR SUMMARY: 0 errors" "$log"; then
            # the chunked run's budget is smaller than one iteration's in() section
            echo "note: $p $tool n=$n: does not fit the 1.5 MiB budget (exits as it must), 0 errors"
            status=ok
            rm -f "$log"
        fi
        if [ "$status" = ok ]; then ok; else
            bad "$p: compute-sanitizer $tool at n=$n"
            grep -m 5 -i "error\|hazard" "$logs/san.$p.$tool.$n.log" | sed 's/^/    /'
        fi
    done <"$logs/san.results"
    # keep only the failing logs (the tool brings back a few files)
    grep -l "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$logs"/san.*.log 2>/dev/null | xargs rm -f
else
    bad "compute-sanitizer not found"
fi

echo
if [ $fail -gt 0 ]; then
    echo "failures:"
    printf '  %s\n' "${failures[@]}"
fi
echo "gpu: $pass passed, $fail failed"
[ $fail = 0 ]
