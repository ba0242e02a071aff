#!/usr/bin/env bash
# Outputs nobody else builds must build too (issue 40: no output of an
# accepted program may fail in nvcc), and link with gcc-built C files:
#   tests/run-build-all.sh PRAGREDUCE [SRC.c...]
# tests/explain/*.c, and each tests/reject/*.c that --keep-invalid accepts
# (its invalid loops left sequential with a warning), are transpiled and
# compiled by `nvcc -c` against libpragreduce's header (no run: explain
# pins plans, reject pins messages);
# each object must keep the C linkage of its gcc-built object
# (tests/c-linkage.sh). tests/run-e2e.sh checks the linkage of every e2e
# and sample program, tests/run-projects.sh links transpiled files with
# gcc-built ones.
set -u
[ $# -ge 1 ] || { echo "usage: tests/run-build-all.sh PRAGREDUCE" >&2; exit 2; }
pragreduce=$(realpath "$1")
shift
cd "$(dirname "$0")/.."
srcs=("$@")
# BUILD_ALL_KNOWN="FILE ...": known failures, reported but not counted
# (empty: every accepted output must build)
known=" ${BUILD_ALL_KNOWN-} "
[ ${#srcs[@]} -gt 0 ] || srcs=(tests/explain/*.c tests/reject/*.c)
nvcc=${NVCC:-nvcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jobs=${PR_JOBS:-$(nproc)}
# against the runtime's header (make lib): the runtime itself is compiled
# once, by the e2e samples' self-contained builds and the library's
rt_include=$PWD/build/include
[ -f "$rt_include/pragreduce/runtime.cuh" ] || { echo "tests/run-build-all.sh: build/include is missing (make lib)" >&2; exit 2; }
export pragreduce nvcc work rt_include

# build SRC FLAGS: prints one line, ok or FAIL
build() {
    local src=$1 flags=$2 name d
    name=$(basename "$(dirname "$src")")_$(basename "$src" .c)
    d=$work/$name
    mkdir -p "$d"
    # shellcheck disable=SC2086
    "$pragreduce" --runtime=library $flags "$src" -o "$d/out.cu" 2>"$d/transpile.err"; local rc=$?
    if [ $rc = 1 ] && [ -n "$flags" ]; then echo "skip $src (an error --keep-invalid keeps)"; return; fi
    if [ $rc != 0 ]; then echo "FAIL $src: pragreduce $flags exit $rc"; sed 's/^/    /' "$d/transpile.err" | head -5; return; fi
    # no -I: quoted includes beside the source are found from the output's #line paths
    # device code unoptimized: cicc and ptxas still check every kernel
    if ! "$nvcc" -O0 -Xcicc -O0 -Xptxas -O0 -w -c -I "$(dirname "$src")" -I "$rt_include" "$d/out.cu" -o "$d/out.o" 2>"$d/nvcc.err"; then
        echo "FAIL $src: nvcc rejects the output of pragreduce $flags"; sed 's/^/    /' "$d/nvcc.err" | head -12; return
    fi
    if ! gcc -std=gnu11 -O1 -w -c "$src" -o "$d/gcc.o" 2>"$d/gcc.err"; then
        echo "FAIL $src: gcc"; sed 's/^/    /' "$d/gcc.err" | head -5; return
    fi
    local link
    if ! link=$(tests/c-linkage.sh "$d/gcc.o" "$d/out.o"); then
        echo "FAIL $src: $link"; return
    fi
    echo "ok   $src${flags:+ ($flags)}"
    rm -rf "$d"
}
export -f build

start=$(date +%s)
{
    for f in "${srcs[@]}"; do
        [[ $known == *" $f "* ]] && { echo "echo known $f"; continue; }
        case $f in */reject/*) echo "build $f --keep-invalid" ;; *) echo "build $f none" ;; esac
    done
} | xargs -P "$jobs" -L 1 bash -c '"$1" "$2" "${3/none/}"' _ | tee "$work/log"
pass=$(grep -c '^ok' "$work/log")
fail=$(grep -c '^FAIL' "$work/log")
echo "build-all: $pass built and linkage-checked, $(grep -c '^skip' "$work/log") left (errors)," \
    "$(grep -c '^known' "$work/log") known failures left out, $fail failed, $(($(date +%s) - start)) s"
echo "build-all: $pass passed, $fail failed" # the form make test sums
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
