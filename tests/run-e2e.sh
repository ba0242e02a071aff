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
# A `pragreduce-flags:` line's -std= and -I (relative to the repository
# root) go to gcc as well, and -I to nvcc: a test in C89 (-std=gnu89)
# builds in C89 on the gcc side too.
# The output's object must keep the C linkage of the gcc-built object of
# the same file (tests/c-linkage.sh): another C file of the program links.
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
# The programs of tests/e2e are transpiled with --runtime=library and built
# against build/include and build/lib (make lib): the runtime is compiled
# once, not into each of them; samples/ keep the self-contained output
# (README's first example). PR_E2E_RUNTIME=embedded or =library sets one for
# all.
# PR_E2E_FAKE_DEVICE=both does both configurations from one transpile, one
# gcc build and one reference run per size (make e2e-all, what make test
# and make check run): the two nvcc builds are the only work the
# configurations do not share. Each configuration reports its own line.
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
case ${PR_E2E_FAKE_DEVICE:-0} in
1) configs=fake; mode_note=" (fake device)" ;;
both) configs="cpu fake"; mode_note=" (and fake device)" ;;
*) configs=cpu; mode_note="" ;;
esac
# The fake device's macro changes host code only: its build's device code
# is the CPU build's (the same kernels), and it never runs (the wrappers run
# the loops on the host). With both configurations the CPU build compiles
# it fully (cicc optimizing, ptxas), so the fake build only parses it
# (unoptimized PTX, no ptxas): 40% of that build's time, nothing it alone
# would find. The fake device alone still compiles it fully.
fake_device_code=""
[ "$configs" = "cpu fake" ] && fake_device_code="-gencode arch=compute_75,code=compute_75 -Xcicc -O0"
# The CPU build's device code never runs here either (no GPU; the GPU
# bundle builds and runs it optimized): compiled through cicc and ptxas
# unoptimized, which still checks that both accept every kernel.
cpu_device_code="-Xcicc -O0 -Xptxas -O0"

# runtime_of SRC: embedded or library (see above)
runtime_of() {
    case ${PR_E2E_RUNTIME:-} in embedded | library) echo "$PR_E2E_RUNTIME"; return ;; esac
    case $1 in samples/*) echo embedded ;; *) echo library ;; esac
}
rt_root=$PWD/build
if [ "${PR_E2E_TRANSPILE_ONLY:-0}" != 1 ] && [ "${PR_E2E_RUNTIME:-}" != embedded ] &&
    [ ! -f "$rt_root/lib/libpragreduce.a" ]; then
    echo "tests/run-e2e.sh: $rt_root/lib/libpragreduce.a is missing (make lib)" >&2; exit 2
fi

# config_note CONFIG: what a report line says of the configuration
config_note() { [ "$1" = fake ] && echo " (fake device)"; }

# report_all CONFIGS SRC NOTE WHY: the same failure, once per configuration
report_all() {
    local c
    for c in $1; do echo "FAIL $2: $4$3$(config_note "$c")"; done
}

# build_config CONFIG SRC OUT NAME OMP_NVCC NOTE: nvcc's build of the output
# for one configuration (fake: -DPRAGREDUCE_FAKE_DEVICE); on the CPU one,
# not for the serial build, the C linkage against gcc's object
# (tests/c-linkage.sh: a gcc-built file of the same program must link)
build_config() {
    local c=$1 src=$2 out=$3 name=$4 omp_nvcc=$5 note=$6 def="" obj
    [ "$c" = fake ] && def="-DPRAGREDUCE_FAKE_DEVICE $fake_device_code"
    [ "$c" = cpu ] && def="$cpu_device_code"
    obj=$out/$name.$c.o
    # shellcheck disable=SC2086
    # host code at -O0 (the runs are small; the device code is optimized as ever)
    if ! "$nvcc" -O0 -w $def $omp_nvcc $inc_flags $rt_inc -c "$out/$name.cu" -o "$obj" 2>"$out/nvcc.$c.err" ||
        ! "$nvcc" $omp_nvcc "$obj" -o "$out/prog.$c" $rt_lib -lm 2>>"$out/nvcc.$c.err"; then
        echo "FAIL $src: nvcc failed on the output$note$(config_note "$c")"
        sed 's/^/    /' "$out/nvcc.$c.err" | head -30; return 1
    fi
    if [ "$c" = cpu ] && [ -z "$note" ]; then
        local link
        # shellcheck disable=SC2086
        if ! gcc -std=gnu11 -O1 -w $omp_gcc $cc_flags -c "$src" -o "$out/gcc.o" 2>>"$out/gcc.err" ||
            ! link=$(tests/c-linkage.sh "$out/gcc.o" "$obj"); then
            echo "FAIL $src: the output does not link with gcc-built C files: $link"; return 1
        fi
    fi
}

# build_and_compare SRC OUT FLAGS NOTE: transpile with FLAGS and build with
# gcc once, then for each configuration build with nvcc (OpenMP on both
# sides when FLAGS has -fopenmp) and compare at each size against the one
# reference run
build_and_compare() {
    local src=$1 out=$2 flags=$3 note=$4 name c rt_flag="" rt_inc="" rt_lib=""
    name=$(basename "$src" .c)
    mkdir -p "$out"
    # rt_inc, rt_lib: build_config's too
    if [ "$(runtime_of "$src")" = library ]; then
        rt_flag=--runtime=library rt_inc="-I$rt_root/include" rt_lib="-L$rt_root/lib -lpragreduce"
    fi
    # shellcheck disable=SC2086
    if ! "$pragreduce" $rt_flag $flags "$src" -o "$out/$name.cu" 2>"$out/transpile.err"; then
        report_all "$configs" "$src" "$note" "pragreduce failed"; sed 's/^/    /' "$out/transpile.err"; return 1
    fi
    [ "${PR_E2E_TRANSPILE_ONLY:-0}" = 1 ] && { echo "ok   $src (transpiled)$note"; return 0; }
    # omp_gcc, cc_flags, inc_flags: build_config's too
    local omp_nvcc="" omp_gcc="" f cc_flags="" inc_flags=""
    case " $flags " in *" -fopenmp "*) omp_gcc=-fopenmp; omp_nvcc="-Xcompiler -fopenmp" ;; esac
    # the test's -std= is the C build's dialect too; its -I go to gcc and nvcc
    for f in $flags; do
        case $f in -std=*) cc_flags+=" $f" ;; -I*) cc_flags+=" $f"; inc_flags+=" $f" ;; esac
    done
    # shellcheck disable=SC2086
    if ! gcc -std=gnu11 -O1 -w $omp_gcc $cc_flags "$src" -o "$out/ref" -lm 2>"$out/gcc.err"; then
        report_all "$configs" "$src" "$note" "gcc failed"; sed 's/^/    /' "$out/gcc.err"; return 1
    fi
    local built=""
    for c in $configs; do
        build_config "$c" "$src" "$out" "$name" "$omp_nvcc" "$note" && built+=" $c"
    done
    local n failed=""
    for n in $sizes; do
        "$out/ref" "$n" >"$out/ref.$n" 2>&1; local rs=$?
        for c in $built; do
            [[ " $failed " == *" $c "* ]] && continue
            # on the fake device also in auto mode: calls below the GPU
            # threshold run on the CPU between calls on the device
            local env_run envs=("")
            [ "$c" = fake ] && envs=(PRAGREDUCE_DEVICE=gpu PRAGREDUCE_DEVICE=auto)
            for env_run in "${envs[@]}"; do
                # shellcheck disable=SC2086
                env $env_run "$out/prog.$c" "$n" >"$out/got.$n" 2>&1; local gs=$?
                if [ $rs != $gs ] || ! cmp -s "$out/ref.$n" "$out/got.$n"; then
                    echo "FAIL $src at n=$n (exit $rs vs $gs)$note$(config_note "$c") ${env_run}"
                    diff "$out/ref.$n" "$out/got.$n" | head -10 | sed 's/^/    /'
                    failed+=" $c"; break
                fi
            done
        done
    done
    local status=0
    for c in $configs; do
        if [[ " $built " != *" $c "* ]] || [[ " $failed " == *" $c "* ]]; then status=1; continue; fi
        echo "ok   $src$note$(config_note "$c")"
    done
    return $status
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
export -f runtime_of config_note report_all build_config build_and_compare one
export OMP_NUM_THREADS=${PR_E2E_OMP_THREADS:-4}
export pragreduce work sizes nvcc configs fake_device_code cpu_device_code rt_root

start=$(date +%s)
printf '%s\n' "${progs[@]}" |
    xargs -P "$jobs" -I{} bash -c 'one "$1" >"$work/$(basename "$1" .c).report" 2>&1' _ {}
for src in "${progs[@]}"; do cat "$work/$(basename "$src" .c).report"; done | tee "$work/log"
pass=$(grep -c '^ok' "$work/log")
fail=$(grep -c '^FAIL' "$work/log")
echo "e2e$mode_note: $pass passed, $fail failed, $(($(date +%s) - start)) s"
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
