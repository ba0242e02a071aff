#!/usr/bin/env bash
# Transpiles bench/public/*.c (with -fopenmp, as their OpenMP builds use)
# into a folder to carry to the GPU machine with run-public.sh; the .c
# files and their headers go too, for the OpenMP builds.
#   bench/public/make-public-bundle.sh build/pragreduce pub-bundle
set -eu
pragreduce=$(realpath "$1")
out=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
mkdir -p "$out"
for c in "$here"/*.c; do
    p=$(basename "$c" .c)
    cp "$c" "$out/"
    "$pragreduce" -fopenmp "$c" -o "$out/$p.cu"
done
cp "$here"/*.h "$out/" # the headers the programs' gcc builds include (nas_cg_common.h)
cp "$here/run-public.sh" "$out/"
echo "$out: $(ls "$out"/*.cu | wc -l) programs"
