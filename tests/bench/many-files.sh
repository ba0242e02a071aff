#!/usr/bin/env bash
# A project of N files with marked loops (default 20) and a main, built
# with tools/pragreduce-cc as a Makefile's CC, once with each runtime:
# embedded (every output carries the runtime) and library (the outputs
# include <pragreduce/runtime.cuh> and link libpragreduce, `make lib`);
# prints each build's wall time and checks both programs print what the
# gcc build prints (issue 41: the 20-file build at least 2x faster).
#   tests/bench/many-files.sh [N] [JOBS]     (JOBS: make -j, default 1)
set -u
n=${1:-20}
jobs=${2:-1}
cd "$(dirname "$0")/../.."
root=$PWD
[ -x build/pragreduce ] || { echo "build/pragreduce first (make)" >&2; exit 2; }
[ -f build/lib/libpragreduce.a ] || make -s lib || exit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# file k: a sum, a maximum and a parallel scaling, on arrays of the caller's
gen() {
    local d=$1 k
    mkdir -p "$d"
    : >"$d/parts.h"
    for k in $(seq 1 "$n"); do
        echo "double part$k(const double *x, double *y, long n);" >>"$d/parts.h"
        cat >"$d/part$k.c" <<C
#include "parts.h"

double part$k(const double *x, double *y, long n)
{
    double s = 0.0, m = -1e300;
#pragma reduce parallel
    for (long i = 0; i < n; i++)
        y[i] = x[i] * $k.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += y[i] - x[i];
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = y[i] > m ? y[i] : m;
    return s + m;
}
C
    done
    {
        echo '#include <stdio.h>'
        echo '#include <stdlib.h>'
        echo '#include "parts.h"'
        echo 'int main(int argc, char **argv)'
        echo '{'
        echo '    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;'
        echo '    double *x = malloc((size_t)(n + 1) * sizeof *x), *y = malloc((size_t)(n + 1) * sizeof *y);'
        echo '    for (long i = 0; i < n; i++)'
        echo '        x[i] = (double)(i % 17) - 8.0;'
        echo '    double t = 0.0;'
        for k in $(seq 1 "$n"); do echo "    t += part$k(x, y, n);"; done
        echo '    printf("%.1f\n", t);'
        echo '    free(x);'
        echo '    free(y);'
        echo '    return 0;'
        echo '}'
    } >"$d/main.c"
    {
        echo 'OBJS = main.o' $(for k in $(seq 1 "$n"); do printf 'part%d.o ' "$k"; done)
        printf 'prog: $(OBJS)\n\t$(CC) -O2 $(OBJS) -o $@ -lm\n'
        printf '%%.o: %%.c parts.h\n\t$(CC) -O2 -c $< -o $@\n'
    } >"$d/Makefile"
}

gen "$work/gcc"
make -s -C "$work/gcc" CC=gcc || exit
want=$("$work/gcc/prog" 100003)
status=0
for rt in embedded library; do
    gen "$work/$rt"
    start=$(date +%s.%N)
    PRAGREDUCE=$root/build/pragreduce PRAGREDUCE_RUNTIME=$rt make -s -j "$jobs" -C "$work/$rt" \
        CC="$root/tools/pragreduce-cc" || { echo "FAIL $rt build"; status=1; continue; }
    end=$(date +%s.%N)
    got=$("$work/$rt/prog" 100003)
    [ "$got" == "$want" ] || { echo "FAIL $rt: prints $got, gcc $want"; status=1; }
    printf '%s: %d files with marked loops, %.1f s (make -j%s)\n' "$rt" "$n" "$(echo "$end - $start" | bc)" "$jobs"
done
exit $status
