#!/usr/bin/env bash
# tools/pragreduce-cc against gcc on the same command lines (run by
# `make projects`): each line is run in a folder of its own once with gcc
# and once with the driver; the exit status, the files made and the
# program's output must agree (the driver's marked files go through
# pragreduce and nvcc). Forms: @FILE response files (nested, quoted), -x c
# on another suffix and -x none after it, '-' for standard input (linked,
# and -c making '-.o'), joined -MFFILE, -Wp,-MD,FILE, -Wall and -Werror
# (the host compiler's diagnostics of the marked file, the optimizer's
# included), -ansi and a C++ -std= (ignored by gcc for C), -iquote,
# -idirafter, --include-directory, options with a separate argument after
# -x c (-L DIR), an error's status, --version and --help naming the driver;
# -imacros refused for a marked file; -fmad for nvcc from the contraction
# the command line asks for.
#   tests/driver.sh PRAGREDUCE
set -u
export PRAGREDUCE
PRAGREDUCE=$(realpath "$1")
cd "$(dirname "$0")/.."
driver=$PWD/tools/pragreduce-cc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

mkdir "$work/src"
cat >"$work/src/m.c" <<'SRC'
#include <stdio.h>
#include <stdlib.h>
#include "h.h"
int other(int x);
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += i * SCALE;
    printf("%g %d %s\n", s, other(3), NAME);
    return 0;
}
SRC
printf '#define SCALE 2\n#ifndef NAME\n#define NAME "none"\n#endif\n' >"$work/src/h.h"
printf 'int other(int x) { return x * 7; }\n' >"$work/src/u.c"
cp "$work/src/m.c" "$work/src/m.inc"
printf '#include <stdio.h>\nint main(void) { int unused; double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < 9; i++) s += i;\nprintf("%%g\\n", s); return 0; }\n' >"$work/src/w.c"
printf 'int main(void) { double s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < 9; i++) s += q;\nreturn 0; }\n' >"$work/src/e.c"
# -fwrapv changes what the marked file's host code means (gcc -O2 folds
# the test away without it): nvcc's host compile must get it too
cat >"$work/src/wrap.c" <<'SRC'
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int x = argc > 1 ? atoi(argv[1]) + INT_MAX - 10 : 0;
    long s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < 9; i++)
        s += i;
    printf("%ld %s\n", s, x + 1 < x ? "wraps" : "no wrap");
    return 0;
}
SRC
# a warning only the optimizer sees (gcc -O2: undefined behaviour in the
# loop of set), which a syntax check alone would miss
cat >"$work/src/ub.c" <<'SRC'
#include <stdio.h>
int g[4];
void set(int k) { for (int i = 0; i <= 4; i++) g[i] = k; }
int main(void)
{
    double s = 0;
    set(1);
#pragma reduce(+: s)
    for (int i = 0; i < 4; i++)
        s += g[i];
    printf("%g\n", s);
    return 0;
}
SRC
# a header found through -iquote, -idirafter, --include-directory
mkdir "$work/src/q" "$work/src/lib"
printf '#define K 3\n' >"$work/src/q/k.h"
sed 's/"h.h"/"k.h"/; s/SCALE/K/; s/NAME/"k"/' "$work/src/m.c" >"$work/src/k.c"
printf -- '-O2 "-DNAME=\\"a b\\"" @more\n' >"$work/src/rsp"
printf -- 'm.c u.c -o prog\n' >"$work/src/more"

# same COMPILER-INPUT LINE...: LINE run by gcc and by the driver in copies of
# src/ (INPUT: a file fed on standard input, or -)
same() {
    local input=$1 line=$2 c
    for c in gcc driver; do
        rm -rf "$work/$c" && cp -r "$work/src" "$work/$c"
        local cc=gcc
        [ $c = driver ] && cc=$driver
        (cd "$work/$c" && if [ "$input" = - ]; then eval "\"$cc\" $line"; else eval "\"$cc\" $line" <"$input"; fi) \
            >"$work/$c.out" 2>"$work/$c.err"
        echo $? >"$work/$c.status"
        # (the driver leaves its CUDA files beside the objects: docs/projects.md)
        (cd "$work/$c" && ls | grep -v '\.pr\.cu$' | sort) >"$work/$c.files"
        [ -x "$work/$c/prog" ] && (cd "$work/$c" && ./prog 10 >"$work/$c.run" 2>&1) || : >"$work/$c.run"
    done
    local what=""
    cmp -s "$work/gcc.status" "$work/driver.status" || what+=" status $(cat "$work/gcc.status") vs $(cat "$work/driver.status")"
    cmp -s "$work/gcc.files" "$work/driver.files" ||
        what+=" files: $(diff "$work/gcc.files" "$work/driver.files" | grep '^[<>]' | tr '\n' ' ')"
    cmp -s "$work/gcc.run" "$work/driver.run" || what+=" output: $(cat "$work/gcc.run") vs $(cat "$work/driver.run")"
    if [ -z "$what" ]; then ok; else bad "'$line':$what"; sed 's/^/    /' "$work/driver.err" | head -5; fi
}

same - "@rsp"
same - "-x c m.inc -x none u.c -o prog"
same "$work/src/m.c" "-x c - u.c -o prog"
same "$work/src/m.c" "-c -x c -"
same - "-c m.c -MMD -MFdeps.d -o m.o"
same - "-c m.c -Wp,-MD,deps.d -o m.o"
same - "-Wall -c w.c -o w.o"
same - "-Wall -Werror -c w.c -o w.o"
same - "-c e.c -o e.o"
same - "-O2 -fwrapv wrap.c -o prog"
same - "-O2 -march=native -funroll-loops wrap.c -o prog"
same - "-O2 -Wno-unknown-pragmas -Werror -c ub.c -o ub.o"
same - "-O2 -Wno-unknown-pragmas -c ub.c -o ub.o"
same - "-ansi -c w.c -o w.o"
same - "-std=c++11 -c m.c -o m.o"
same - "-iquote q k.c u.c -o prog"
same - "-iquoteq -c k.c -o k.o"
same - "-idirafter q k.c u.c -o prog"
same - "--include-directory=q k.c u.c -o prog"
same - "--include-directory q -x c k.c -L lib -l m -x none u.c -o prog"
# what the driver refuses for a marked file: an error naming the option
(cd "$work/driver" && "$driver" -imacros h.h -c m.c -o m.o) 2>"$work/err"
[ $? = 1 ] && grep -q "^pragreduce-cc: -imacros: not taken for a file with '#pragma reduce' (m.c)" "$work/err" &&
    ok || { bad "-imacros: no error"; cat "$work/err"; }
(cd "$work/driver" && "$driver" -imacros h.h -c u.c -o u.o) 2>"$work/err" && ok || bad "-imacros: refused for an unmarked file"
# the dependency files name the same headers
for c in gcc driver; do
    rm -rf "$work/$c" && cp -r "$work/src" "$work/$c"
    cc=gcc
    [ $c = driver ] && cc=$driver
    (cd "$work/$c" && "$cc" -c m.c -MMD -MFdeps.d -o m.o && tr -s ' \\\n' '\n' <deps.d | sort) >"$work/$c.deps" 2>/dev/null
done
cmp -s "$work/gcc.deps" "$work/driver.deps" && ok || bad "-MFdeps.d: $(diff "$work/gcc.deps" "$work/driver.deps" | tr '\n' ' ')"
# -Wall shows gcc's warning for the marked file, and no '#pragma reduce' one
(cd "$work/driver" && "$driver" -Wall -c w.c -o w.o) 2>"$work/err"
grep -q "unused variable" "$work/err" && ! grep -q "pragma" "$work/err" && ok || { bad "-Wall: the warnings"; cat "$work/err"; }
# the kernels fuse multiply-adds only where the command line allows it
printf '#!/bin/sh\necho "$*" >>"%s/nvcc.args"\nexec nvcc "$@"\n' "$work" >"$work/nvcc-log"
chmod +x "$work/nvcc-log"
for fl in "-O2:false" "-O2 -ffp-contract=fast:true" "-ffast-math -fno-fast-math:false" "-O3 -ffast-math:true"; do
    : >"$work/nvcc.args"
    # shellcheck disable=SC2086
    (cd "$work/driver" && NVCC="$work/nvcc-log" "$driver" ${fl%:*} -c m.c -o m.o) >/dev/null 2>&1
    grep -q -- "-fmad=${fl#*:}" "$work/nvcc.args" && ok || bad "${fl%:*}: nvcc not given -fmad=${fl#*:}: $(cat "$work/nvcc.args")"
done
"$driver" --version >"$work/v" 2>&1 && head -n 1 "$work/v" | grep -q "^pragreduce-cc (pragreduce " && ok || bad "--version"
"$driver" --help >"$work/h" 2>&1 && head -n 1 "$work/h" | grep -q "^usage: pragreduce-cc" && ok || bad "--help"
echo "driver: $pass passed, $fail failed"
[ $fail = 0 ]
