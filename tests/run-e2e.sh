#!/usr/bin/env bash
# End-to-end tests: each program in samples/ and tests/e2e/ is built twice,
# by gcc as plain C and by pragreduce + nvcc, run at several sizes, and the
# two outputs must be identical. Without a GPU the transpiled programs run
# their marked loops on the CPU (PRAGREDUCE_DEVICE=auto falls back), which
# checks the host plumbing: the C-to-C++ rewrites, the wrapper calls, the
# write-back of results. The kernels themselves are checked by the GPU
# bundle (make gpu-bundle).
#
#   tests/run-e2e.sh PRAGREDUCE [PROGRAM.c...]
# PR_E2E_TRANSPILE_ONLY=1 only transpiles (used under AddressSanitizer).
# The output's object must keep the C linkage of the gcc-built object of
# the same file (tests/c-linkage.sh): another C file of the program links.
# A `pragreduce-flags:` line's -std= and -I (relative to the repository
# root) go to gcc as well, and -I to nvcc: a test in C89 (-std=gnu89)
# builds in C89 on the gcc side too.
# A test whose `pragreduce-flags:` line has -fopenmp is built with OpenMP
# on both sides (gcc -fopenmp; nvcc -Xcompiler -fopenmp) and run with
# OMP_NUM_THREADS=4 (PR_E2E_OMP_THREADS), then again without OpenMP
# anywhere (reported as "(serial)").
# A `-std=` among a test's flags is the dialect of its gcc build too
# (gnu11 otherwise).
# PR_E2E_FAKE_DEVICE=1 builds with -DPRAGREDUCE_FAKE_DEVICE and runs with
# PRAGREDUCE_DEVICE=gpu: every marked loop takes the GPU path against a
# device faked by host memory (residency, copies, invalidations, copy-back),
# its loop run as written over the device copies (make e2e-fake); then with
# PRAGREDUCE_DEVICE=auto, where loops below the GPU threshold run on the CPU
# between the others.
set -u
[ $# -ge 1 ] || { echo "usage: tests/run-e2e.sh PRAGREDUCE [PROGRAM.c...]" >&2; exit 2; }
pragreduce=$(realpath "$1")
shift
cd "$(dirname "$0")/.."
progs=("$@")
if [ ${#progs[@]} = 0 ]; then
    for p in samples/*.c tests/e2e/*.c; do
        case $p in samples/mpi_*) ;; *) progs+=("$p") ;; esac # MPI programs: tests/run-mpi.sh
    done
fi
sizes=${PR_E2E_SIZES:-"0 1 31 33 1025 100003"}
nvcc=${NVCC:-nvcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jobs=${PR_JOBS:-$(nproc)}
fake=${PR_E2E_FAKE_DEVICE:-0}
nvcc_mode=""
run_env=""
mode_note=""
if [ "$fake" = 1 ]; then
    nvcc_mode="-DPRAGREDUCE_FAKE_DEVICE"
    run_env="PRAGREDUCE_DEVICE=gpu"
    mode_note=" (fake device)"
fi

# build_and_compare SRC OUT FLAGS NOTE: transpile with FLAGS, build with gcc
# and nvcc (OpenMP on both when FLAGS has -fopenmp), compare at each size
build_and_compare() {
    local src=$1 out=$2 flags=$3 note=$4 name
    name=$(basename "$src" .c)
    mkdir -p "$out"
    # shellcheck disable=SC2086
    if ! "$pragreduce" $flags "$src" -o "$out/$name.cu" 2>"$out/transpile.err"; then
        echo "FAIL $src: pragreduce failed$note"; sed 's/^/    /' "$out/transpile.err"; return 1
    fi
    [ "${PR_E2E_TRANSPILE_ONLY:-0}" = 1 ] && { echo "ok   $src (transpiled)$note"; return 0; }
    local omp_gcc="" omp_nvcc="" f cc_flags="" inc_flags=""
    case " $flags " in *" -fopenmp "*) omp_gcc=-fopenmp; omp_nvcc="-Xcompiler -fopenmp" ;; esac
    for f in $flags; do
        case $f in -std=*) cc_flags+=" $f" ;; -I*) cc_flags+=" $f"; inc_flags+=" $f" ;; esac
    done
    # shellcheck disable=SC2086
    if ! gcc -std=gnu11 -O1 -w $omp_gcc $cc_flags "$src" -o "$out/ref" -lm 2>"$out/gcc.err"; then
        echo "FAIL $src: gcc failed$note"; sed 's/^/    /' "$out/gcc.err"; return 1
    fi
    # compiled, then linked: the object's C linkage is checked against gcc's
    # (a gcc-built file of the same program must link with it:
    # tests/c-linkage.sh), once per program, off the fake device
    # shellcheck disable=SC2086
    if ! "$nvcc" -O1 -w $nvcc_mode $omp_nvcc $inc_flags -c "$out/$name.cu" -o "$out/$name.o" 2>"$out/nvcc.err" ||
        ! "$nvcc" $omp_nvcc "$out/$name.o" -o "$out/prog" -lm 2>>"$out/nvcc.err"; then
        echo "FAIL $src: nvcc failed on the output$note"; sed 's/^/    /' "$out/nvcc.err" | head -30; return 1
    fi
    if [ -z "$nvcc_mode" ] && [ -z "$note" ]; then
        local link
        # shellcheck disable=SC2086
        if ! gcc -std=gnu11 -O1 -w $omp_gcc $cc_flags -c "$src" -o "$out/gcc.o" 2>>"$out/gcc.err" ||
            ! link=$(tests/c-linkage.sh "$out/gcc.o" "$out/$name.o"); then
            echo "FAIL $src: the output does not link with gcc-built C files: $link"; return 1
        fi
    fi
    for n in $sizes; do
        "$out/ref" "$n" >"$out/ref.$n" 2>&1; local rs=$?
        # on the fake device also in auto mode: calls below the GPU threshold
        # run on the CPU between calls on the device
        local env_run
        for env_run in "$run_env" ${run_env:+PRAGREDUCE_DEVICE=auto}; do
            # shellcheck disable=SC2086
            env $env_run "$out/prog" "$n" >"$out/got.$n" 2>&1; local gs=$?
            if [ $rs != $gs ] || ! cmp -s "$out/ref.$n" "$out/got.$n"; then
                echo "FAIL $src at n=$n (exit $rs vs $gs)$note$mode_note ${env_run}"
                diff "$out/ref.$n" "$out/got.$n" | head -10 | sed 's/^/    /'
                return 1
            fi
        done
    done
    echo "ok   $src$note$mode_note"
}

one() {
    local src=$1 name flags
    name=$(basename "$src" .c)
    # options a test asks for on a line `pragreduce-flags: ...`
    flags=$(sed -n 's/.*pragreduce-flags: *\([^*]*\).*/\1/p' "$src" | head -n 1)
    build_and_compare "$src" "$work/$name" "$flags" ""
    case " $flags " in
    *" -fopenmp "*) build_and_compare "$src" "$work/$name.serial" "$(echo " $flags " | sed 's/ -fopenmp / /g')" " (serial)" ;;
    esac
}
export -f build_and_compare one
export OMP_NUM_THREADS=${PR_E2E_OMP_THREADS:-4}
export pragreduce work sizes nvcc nvcc_mode run_env mode_note

printf '%s\n' "${progs[@]}" |
    xargs -P "$jobs" -I{} bash -c 'one "$1" >"$work/$(basename "$1" .c).report" 2>&1' _ {}
for src in "${progs[@]}"; do cat "$work/$(basename "$src" .c).report"; done | tee "$work/log"
pass=$(grep -c '^ok' "$work/log")
fail=$(grep -c '^FAIL' "$work/log")
echo "e2e$mode_note: $pass passed, $fail failed"
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
