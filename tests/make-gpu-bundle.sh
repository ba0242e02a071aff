#!/usr/bin/env bash
# Prepares the GPU test bundle: the GPU machine has nvcc but no libclang,
# so the programs are transpiled here, their expected outputs computed here
# from the gcc build, and gpu-bundle/run.sh compiles and checks them there.
#
#   tests/make-gpu-bundle.sh PRAGREDUCE OUTDIR
#   ONLY="omp_for_region struct_scratch" tests/make-gpu-bundle.sh ...   (those only)
# Then, on the GPU machine: bash OUTDIR/run.sh   (fails when there is no GPU)
set -eu
pragreduce=$(realpath "$1")
out=$2
cd "$(dirname "$0")/.."
rm -rf "$out"
mkdir -p "$out/cu" "$out/expected"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# every program at the issue's sizes; the samples also at 2^27
small="0 1 31 32 33 1023 1025 4099 1000003"
large="134217728"
list=()
for src in samples/*.c tests/e2e/*.c tests/gpu/*.c; do
    [ -f "$src" ] || continue
    case $src in samples/mpi_*) continue ;; esac # MPI programs: tests/run-mpi.sh
    name=$(basename "$src" .c)
    # ONLY="name ...": just those programs (a quick check of new tests)
    if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then continue; fi
    # options a test asks for on a line `pragreduce-flags: ...`
    flags=$(sed -n 's/.*pragreduce-flags: *\([^*]*\).*/\1/p' "$src" | head -n 1)
    # shellcheck disable=SC2086
    "$pragreduce" $flags "$src" -o "$out/cu/$name.cu"
    # -fopenmp among them: OpenMP builds on both sides (run.sh reads `openmp`)
    omp=""
    case " $flags " in *" -fopenmp "*) omp=-fopenmp; echo "$name" >>"$out/openmp" ;; esac
    # shellcheck disable=SC2086
    # the test's -std= and -I are the C build's too (tests/run-e2e.sh)
    cc_flags=""
    for f in $flags; do case $f in -std=*|-I*) cc_flags+=" $f" ;; esac; done
    # shellcheck disable=SC2086
    gcc -std=gnu11 -O2 -w $omp $cc_flags "$src" -o "$work/$name" -lm
    sizes=$small
    case "$src" in samples/*|tests/gpu/*) sizes="$small $large" ;; esac
    for n in $sizes; do
        "$work/$name" "$n" >"$out/expected/$name.$n" 2>&1 || echo "exit $?" >>"$out/expected/$name.$n"
    done
    list+=("$name")
done
printf '%s\n' "${list[@]}" >"$out/programs"
# the multi-file projects: built there by their own Makefile, CMake and
# pragreduce-cc in the same folders as here (PR_WORK, one per project, so
# that they build at once there), pragreduce's outputs recorded here and
# replayed there (tests/pragreduce-replay)
mkdir -p "$out/tree/tests" "$out/tree/tools"
cp -r tests/projects tests/run-projects.sh tests/pragreduce-replay "$out/tree/tests/"
cp tools/pragreduce-cc "$out/tree/tools/"
for dir in tests/projects/*/; do
    name=$(basename "$dir")
    # embedded runtime: the bundle's tree has no libpragreduce to link
    if ! PR_PROJECT_RUNTIME=embedded PR_WORK=/tmp/pragreduce-projects/$name PR_RECORD="$(realpath "$out")/projects-rec" PR_PRAGREDUCE="$pragreduce" \
        tests/run-projects.sh tests/pragreduce-replay "$dir" >"$work/projects.log" 2>&1; then
        cat "$work/projects.log"
        echo "gpu bundle: project $name fails here" >&2
        exit 1
    fi
done
# the transpiled programs are large and alike: one xz stream (64 MiB travel)
(cd "$out" && tar cJf cu.tar.xz cu && rm -rf cu)
cp tests/gpu-run.sh "$out/run.sh"
cp tests/gpu-run-light.sh "$out/run-light.sh"
echo "gpu bundle: ${#list[@]} programs in $out ($(du -sh "$out" | cut -f1))"
