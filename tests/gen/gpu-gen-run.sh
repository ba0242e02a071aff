#!/usr/bin/env bash
# Runs the generator's GPU bundle (made by make-gpu-gen-bundle.sh) on the
# GPU machine: builds every batch with nvcc in parallel, runs each under
# the four modes, compares with gcc's output made on the transpiling
# machine, and writes the failures and a summary under $OUT (or ./out).
#
#   bash run.sh
# GEN_NVCC_FLAGS: extra nvcc flags; GEN_RUN_ENV: extra assignments for
# every run; GEN_MODES: the modes (names below); GEN_SAN=K: K batches
# again under compute-sanitizer memcheck (default 2; 0: none);
# GEN_JOBS: parallel builds (16); GEN_RUN_JOBS: parallel runs (8); a run
# that times out (300 s) runs again alone after them, up to GEN_SLOW_LIMIT s
# (1800).
# GEN_BUILD_ONLY=1: build and stop (a build started in the background of
# another run); a batch already built is not built again, and a run
# covers the batches built (a build stopped early runs what it has);
# GEN_LIMIT=K: the first K batches (b0, b1, ...) only; GEN_SKIP=J: from the
# (J+1)th on.
# GEN_NO_BUILD=1: run the batches built (here or on another machine: bin/NAME), build none; the oracles still made here.
set -u
b=$(cd "$(dirname "$0")" && pwd)
res=${OUT:-$b/out}
mkdir -p "$res/fail" "$b/bin"
cd "$b"
[ -d cu ] || [ ! -f cu.tar.xz ] || tar xJf cu.tar.xz
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null || { echo "no nvcc"; exit 2; }
nvidia-smi -L >/dev/null 2>&1 || { echo "no GPU"; exit 2; }
sizes=$(cat sizes)
# small enough that the arrays of most loops at n = 300007 go in chunks,
# large enough for an in() section of a whole array (one iteration's data)
tiny=${GEN_TINY_KB:-8192}
modes=${GEN_MODES:-"gpu auto tiny noresident"}
export nvcc res sizes tiny b
export GEN_NVCC_FLAGS=${GEN_NVCC_FLAGS:-} GEN_RUN_ENV=${GEN_RUN_ENV:-}
# a bundle transpiled with --runtime=library carries libpragreduce in rt/
rt_flags=""
[ -f rt/lib/libpragreduce.a ] && rt_flags="-I$b/rt/include -L$b/rt/lib -lpragreduce"
export rt_flags
start=$(date +%s)

build() {
    local name=$1
    # the oracle: gcc's build of the same C file (when not made already;
    # also for a batch built beforehand, elsewhere)
    if [ ! -s "expected/$name.out" ]; then
        if ! gcc -std=gnu11 -O2 -w "src/$name.c" -o "bin/$name.ref" -lm 2>"$res/fail/$name.gcc"; then
            echo "FAIL $name: gcc (a generator defect)"; return
        fi
        rm -f "$res/fail/$name.gcc"
        # shellcheck disable=SC2086
        "bin/$name.ref" $sizes >"expected/$name.out" 2>&1 || echo "exit $?" >>"expected/$name.out"
    fi
    if [ -x "bin/$name" ] || [ "${GEN_ORACLE_ONLY:-0}" = 1 ]; then return; fi
    # shellcheck disable=SC2086
    # built under a temporary name: a build stopped half-way leaves no binary
    if ! "$nvcc" -O3 -arch=sm_90 -w $GEN_NVCC_FLAGS "cu/$name.cu" -o "bin/$name.part" $rt_flags 2>"$res/fail/$name.nvcc"; then
        cp "src/$name.c" "$res/fail/"
        echo "FAIL $name: nvcc"
        return
    fi
    mv "bin/$name.part" "bin/$name"
    rm -f "$res/fail/$name.nvcc"
}

mode_env() {
    case $1 in
    gpu) echo "PRAGREDUCE_DEVICE=gpu" ;;
    auto) echo "PRAGREDUCE_DEVICE=auto" ;;
    tiny) echo "PRAGREDUCE_DEVICE=gpu PRAGREDUCE_DEVICE_MEM_KB=$tiny PRAGREDUCE_COPY_CHUNK_KB=64 PRAGREDUCE_STAGE_MIN_KB=64" ;;
    noresident) echo "PRAGREDUCE_DEVICE=gpu PRAGREDUCE_RESIDENT=0" ;;
    esac
}

run_one() {
    local name=$1 mode=$2
    [ -x "bin/$name" ] || return
    # shellcheck disable=SC2046,SC2086
    env $(mode_env "$mode") $GEN_RUN_ENV timeout "${3:-300}" "bin/$name" $sizes >"$res/$name.$mode.out" 2>&1 ||
        echo "exit $?" >>"$res/$name.$mode.out"
    if [ -z "${3:-}" ] && tail -n 1 "$res/$name.$mode.out" | grep -q "exit 124$"; then
        # timed out: a batch whose loops launch once per host iteration
        # (300,007 launches) crawls while other processes share the GPU,
        # each launch waiting for a time slice; run again alone below
        echo "SLOW $name $mode"
        return
    fi
    if [ -n "${3:-}" ] && tail -n 1 "$res/$name.$mode.out" | grep -q "exit 124$"; then
        # timed out again alone: no result, but say whether every byte it
        # printed is gcc's (the "exit 124" may end a line cut mid-way)
        local printed
        printed=$(($(wc -c <"$res/$name.$mode.out") - 8))
        if cmp -s -n "$printed" "expected/$name.out" "$res/$name.$mode.out"; then
            echo "TIME $name $mode (over $3 s; its $printed bytes printed are gcc's)"
        else
            echo "FAIL $name $mode (over $3 s, and what it printed differs)"
        fi
        return
    fi
    if [ -z "${3:-}" ] && tail -n 1 "$res/$name.$mode.out" | grep -q "exit 1[34][37]$"; then
        # killed by a signal from outside (the machine's time limit cut the
        # whole run): no result, not a mismatch
        echo "CUT  $name $mode"
        return
    fi
    if [ "$mode" = tiny ] && grep -q "do not fit in the GPU's memory" "$res/$name.$mode.out"; then
        # documented: with PRAGREDUCE_DEVICE=gpu a loop whose one iteration
        # does not fit the budget is an error
        # what it printed before the message must still be gcc's
        local printed
        # (the message is unbuffered, stdout was not: it may split a line; the
        # site is the transpiled file's absolute path)
        python3 -c 'import re, sys; t = open(sys.argv[1]).read(); t = re.sub(r"/[^\s]*?\.c:\d+: [^\n]*do not fit in the GPU.s memory\n", "", t); sys.stdout.write(re.sub(r"exit 1\n$", "", t))' \
            "$res/$name.$mode.out" >"$res/$name.$mode.before"
        printed=$(wc -c <"$res/$name.$mode.before")
        if cmp -s -n "$printed" "expected/$name.out" "$res/$name.$mode.before"; then
            echo "SKIP $name $mode (one iteration's arrays exceed the budget; its $printed bytes printed before are gcc's)"
            rm -f "$res/$name.$mode.out" "$res/$name.$mode.before"
        else
            mv "$res/$name.$mode.out" "$res/$name.$mode.before" "$res/fail/"
            cp "src/$name.c" "$res/fail/"
            echo "FAIL $name $mode (stopped: one iteration's arrays exceed the budget, and what it printed before differs)"
        fi
        return
    fi
    if cmp -s "expected/$name.out" "$res/$name.$mode.out"; then
        echo "ok   $name $mode"
        rm -f "$res/$name.$mode.out"
    else
        diff "expected/$name.out" "$res/$name.$mode.out" | head -60 >"$res/fail/$name.$mode.diff"
        mv "$res/$name.$mode.out" "$res/fail/"
        cp "src/$name.c" "$res/fail/"
        echo "FAIL $name $mode ($(grep -c '^[<>]' "$res/fail/$name.$mode.diff") lines differ;" \
            "programs $(sed -n 's/^[<>] p\([0-9]*\)\..*/\1/p' "$res/fail/$name.$mode.diff" | sort -un | tr '\n' ' '))"
        # every diff also in one file, as it is found: a run cut by the
        # machine's time limit still brings them back (few files under $OUT)
        { echo "=== $name $mode"; tail -n 5 "$res/fail/$name.$mode.out"; echo "--- diff"; cat "$res/fail/$name.$mode.diff"; } |
            flock "$res/diffs.txt" tee -a "$res/diffs.txt" >/dev/null
    fi
}
export -f build mode_env run_one

# GEN_LIMIT=K: the first K batches only (a call's share of a big bundle)
# GEN_SKIP=J: leave out the first J batches (those an earlier call ran)
names=$(ls src | sed 's/\.c$//' | sort -V | tail -n +$(( ${GEN_SKIP:-0} + 1 )) | head -n "${GEN_LIMIT:-1000000}")
# GEN_NAMES="b22 b29": exactly these batches (a rerun of failures)
[ -z "${GEN_NAMES:-}" ] || names=$(echo $GEN_NAMES | tr ' ' '\n')
if [ "${GEN_NO_BUILD:-0}" = 1 ]; then
    # no builds; the oracles of batches built beforehand still made here
    # (in parallel: one at a time they took 505 s for 200 batches)
    for n in $names; do [ -s "expected/$n.out" ] || echo "$n"; done |
        GEN_ORACLE_ONLY=1 xargs -P "${GEN_JOBS:-16}" -I{} bash -c 'build {}' >"$res/build.log"
else
    echo "$names" | xargs -P "${GEN_JOBS:-16}" -I{} bash -c 'build {}' | tee "$res/build.log"
fi
echo "built in $(( $(date +%s) - start )) s"
[ "${GEN_BUILD_ONLY:-0}" = 1 ] && exit 0
built=""
for n in $names; do [ -x "bin/$n" ] && built+=" $n"; done
[ "$(echo $built | wc -w)" = "$(echo $names | wc -w)" ] ||
    echo "note: $(echo $built | wc -w) of $(echo $names | wc -w) batches built; the others are not run"
names=$built
for n in $names; do for m in $modes; do echo "$n $m"; done; done |
    xargs -P "${GEN_RUN_JOBS:-8}" -L1 bash -c 'run_one "$0" "$1"' | tee "$res/run.parallel"
# the runs that timed out, again one at a time with a longer limit
grep -v '^SLOW' "$res/run.parallel" >"$res/run.log"
grep '^SLOW' "$res/run.parallel" | while read -r _ n m; do
    run_one "$n" "$m" "${GEN_SLOW_LIMIT:-1800}"
done | tee -a "$res/run.log"

# a sample under memcheck, at the smaller sizes (the sanitizer is slow)
san=${GEN_SAN:-2}
if [ "$san" -gt 0 ] && command -v compute-sanitizer >/dev/null; then
    for n in $(echo $names | tr ' ' '\n' | head -n "$san"); do
        [ -x "bin/$n" ] || continue
        if PRAGREDUCE_DEVICE=gpu compute-sanitizer --tool memcheck --error-exitcode 9 \
            "bin/$n" 0 1 33 1025 100003 >"$res/$n.memcheck" 2>&1; then
            echo "ok   $n memcheck"
            rm -f "$res/$n.memcheck"
        else
            mv "$res/$n.memcheck" "$res/fail/"
            echo "FAIL $n memcheck"
        fi
    done | tee "$res/san.log"
fi

programs=$(for n in $names; do cat "expected/$n.count"; done | awk '{ s += $1 } END { print s + 0 }')
runs=$(grep -c '^ok\|^FAIL' "$res/run.log")
skips=$(grep -c '^SKIP' "$res/run.log")
cuts=$(grep -c '^CUT' "$res/run.log")
times=$(grep -c '^TIME' "$res/run.log")
bad=$(cat "$res/build.log" "$res/run.log" "$res/san.log" 2>/dev/null | grep -c '^FAIL')
echo "gen: $programs programs, $runs runs (batch x mode, $(wc -w <sizes) sizes each), $bad mismatches, $skips skipped, $times over the time limit, $cuts cut from outside ($(( $(date +%s) - start )) s; failures in $res/fail)" |
    tee "$res/summary"
# the failures' files in one archive: what comes back from the machine is
# a few files under $OUT
if [ -n "$(ls -A "$res/fail" 2>/dev/null)" ]; then
    tar czf "$res/fail.tgz" -C "$res" fail && rm -rf "$res/fail"
fi
[ "$bad" = 0 ]
