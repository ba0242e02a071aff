#!/usr/bin/env bash
# differs.sh FILE.c: exit 0 when pragreduce + nvcc's build of FILE.c prints
# something else than gcc's at GEN_SIZES (the reducer's predicate for a
# wrong result; GEN_NVCC_FLAGS and GEN_RUN_ENV as in run.sh)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
pr=${PRAGREDUCE:-$root/build/pragreduce}
sizes=${GEN_SIZES:-"0 1 31 33 1025 100003"}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
gcc -std=gnu11 -O1 -w "$1" -o "$d/ref" -lm || exit 2
"$pr" "$1" -o "$d/p.cu" 2>/dev/null || exit 2
# shellcheck disable=SC2086
nvcc -O1 -w ${GEN_NVCC_FLAGS:-} "$d/p.cu" -o "$d/p" || exit 2
# shellcheck disable=SC2086
"$d/ref" $sizes >"$d/e" 2>&1 || exit 2
# shellcheck disable=SC2086
env ${GEN_RUN_ENV:-} "$d/p" $sizes >"$d/g" 2>&1
! cmp -s "$d/e" "$d/g"
