#!/usr/bin/env bash
# The generator's GPU bundle: the GPU machine has nvcc, gcc and python3 but
# no libclang, so COUNT programs are generated and transpiled here, in
# batches of GEN_BATCH; gcc's output at the GPU sizes is the expected output,
# computed here with GEN_ORACLE_HERE=1, else there by the same gcc build of
# the same C file (the programs are free of UB and of implementation
# choices gcc versions differ on). OUTDIR/run.sh builds them there
# (xargs -P 16) and runs each batch
# under four modes: PRAGREDUCE_DEVICE=gpu, auto, gpu with a tiny device
# budget (arrays reduced chunk by chunk) and gpu without residency.
#
#   tests/gen/make-gpu-gen-bundle.sh PRAGREDUCE OUTDIR COUNT [FIRST_SEED]
# Then, on the GPU machine: bash OUTDIR/run.sh   ($OUT gets the failures)
# A program pragreduce fails on here is left out of its batch and listed
# in OUTDIR/left-out (a finding for tests/gen/run.sh to reproduce).
# GEN_AVOID is passed to gen.py (see there). GEN_RUNTIME=library:
# transpiled with --runtime=library, the bundle carrying libpragreduce
# built here for sm_90 (nvcc of a batch then takes a fifth less time).
set -eu
pragreduce=$(realpath "$1")
out=$(realpath -m "$2")
count=$3
first=${4:-1000000}
here=$(cd "$(dirname "$0")" && pwd)
batch=${GEN_BATCH:-25}
jobs=${PR_JOBS:-$(nproc)}
# 300007 puts a double dot above auto mode's GPU threshold (262144);
# gen.py bounds its values for up to 2^19 iterations (524288 may be added)
sizes=${GEN_GPU_SIZES:-"0 1 31 33 1025 100003 300007"}
rm -rf "$out"
mkdir -p "$out/src" "$out/expected" "$out/cu"
: >"$out/left-out"
runtime=${GEN_RUNTIME:-embedded}
case $runtime in
embedded) pr_flags="" ;;
library)
    pr_flags=--runtime=library
    root=$(cd "$here/../.." && pwd)
    mkdir -p "$out/rt/include/pragreduce" "$out/rt/lib"
    sh "$root/runtime/embed.sh" --header "$root/runtime/pragreduce_rt.cuh" >"$out/rt/include/pragreduce/runtime.cuh"
    nvcc -O2 -w -arch=sm_90 -c "$root/runtime/library.cu" -o "$out/rt/lib/pragreduce.o"
    ar rcs "$out/rt/lib/libpragreduce.a" "$out/rt/lib/pragreduce.o" && rm "$out/rt/lib/pragreduce.o"
    ;;
*) echo "GEN_RUNTIME: 'embedded' or 'library', not '$runtime'" >&2; exit 2 ;;
esac
export pragreduce out here sizes pr_flags

prepare() {
    local b=$1 d
    shift
    d=$(mktemp -d)
    local seeds=("$@")
    python3 "$here/gen.py" --batch "${seeds[@]}" -o "$d/b.c"
    if ! "$pragreduce" $pr_flags "$d/b.c" -o "$d/b.cu" 2>/dev/null; then
        # leave out the programs pragreduce fails on alone, then the batch again
        local keep=() s
        for s in "${seeds[@]}"; do
            python3 "$here/gen.py" --seed "$s" -o "$d/one.c"
            if "$pragreduce" $pr_flags "$d/one.c" -o "$d/one.cu" 2>/dev/null; then keep+=("$s")
            else echo "$s transpile" >>"$out/left-out"; fi
        done
        seeds=("${keep[@]}")
        [ ${#seeds[@]} -gt 0 ] || { rm -rf "$d"; return; }
        python3 "$here/gen.py" --batch "${seeds[@]}" -o "$d/b.c"
        if ! "$pragreduce" $pr_flags "$d/b.c" -o "$d/b.cu" 2>/dev/null; then
            echo "batch $b (${seeds[*]}) transpile" >>"$out/left-out"; rm -rf "$d"; return
        fi
    fi
    if [ "${GEN_ORACLE_HERE:-0}" = 1 ]; then
        gcc -std=gnu11 -O2 -w "$d/b.c" -o "$d/ref" -lm
        # shellcheck disable=SC2086
        "$d/ref" $sizes >"$out/expected/b$b.out" 2>&1 || echo "exit $?" >>"$out/expected/b$b.out"
    fi
    cp "$d/b.c" "$out/src/b$b.c"
    cp "$d/b.cu" "$out/cu/b$b.cu"
    echo "${#seeds[@]}" >"$out/expected/b$b.count"
    rm -rf "$d"
}
export -f prepare

s=$first
b=0
end=$((first + count))
while [ "$s" -lt "$end" ]; do
    line="prepare $b"
    for ((k = 0; k < batch && s < end; k++)); do line+=" $s"; s=$((s + 1)); done
    echo "$line"
    b=$((b + 1))
done | GEN_AVOID=${GEN_AVOID:-} xargs -P "$jobs" -I{} bash -c '{}'

echo "$sizes" >"$out/sizes"
cp "$here/gpu-gen-run.sh" "$out/run.sh"
# the .cu files are large and alike: one xz stream
(cd "$out" && tar cJf cu.tar.xz cu && rm -rf cu)
n=$(cat "$out"/expected/*.count | awk '{ s += $1 } END { print s + 0 }')
echo "gpu gen bundle: $n programs in $(ls "$out"/src | wc -l) batches, $(wc -l <"$out/left-out") left out, $(du -sh "$out" | cut -f1) in $out"
