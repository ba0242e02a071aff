#!/usr/bin/env bash
# The command line against hostile surroundings (run by `make golden`; no
# root needed, the big inputs are generated here, never committed):
#  - outputs that are not regular files: a FIFO and /dev/null are written in
#    place, a symbolic link's target is written and the link stays;
#  - an existing output keeps its mode, a new one honours the umask;
#  - an output that cannot be written: the message names it, not a temporary;
#  - inputs: more than 20 errors stop printing with a note, over 64 MB or
#    endless (/dev/zero) is refused, a 1 MB expression fails with a message
#    (never a crash);
#  - 2,000 marked loops in one file transpile (in well under the limit);
#    3,000 loops of 90-term bodies within a CPU time and a memory limit;
#  - a misspelt `#pragma reduce` is a warning, and so are a file with no
#    marked loop and a reduction variable with no value before its loop;
#  - names renamed for C++ (class, new, half) read as written in messages,
#    columns included; an error in a project header (inlined, since it uses
#    a C++ keyword as a name) names the header's file, line and column;
#  - -fopenmp defines _OPENMP; <omp.h> parses with and without it;
#    residency beside OpenMP loops and regions;
#  - --runtime=library: the output includes the library's header and is
#    short; built against build/lib (make lib) it prints what the
#    self-contained build prints, on the fake device too, and a file that
#    forks keeps the library's warm-up from making a context before main.
#   tests/cli.sh PRAGREDUCE
set -u
pragreduce=$(realpath "$1")
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
good=samples/dot.c
mode_of() { stat -c %a "$1"; }

# a FIFO: written in place (a reader on the other end), still a FIFO
mkfifo "$work/fifo"
cat "$work/fifo" >"$work/fifo.got" &
reader=$!
if timeout 60 "$pragreduce" "$good" -o "$work/fifo" 2>"$work/err"; then ok; else bad "-o FIFO failed"; cat "$work/err"; fi
wait $reader
[ -p "$work/fifo" ] && ok || bad "the FIFO was replaced"
grep -q "__global__" "$work/fifo.got" && ok || bad "nothing read from the FIFO"

# /dev/null: still a character device (as root it used to become a file)
"$pragreduce" "$good" -o /dev/null 2>"$work/err" && ok || { bad "-o /dev/null failed"; cat "$work/err"; }
[ -c /dev/null ] && ok || bad "/dev/null is no longer a device"

# a symbolic link: its target is written, the link stays
echo old >"$work/target.cu"
ln -s target.cu "$work/link.cu"
"$pragreduce" "$good" -o "$work/link.cu" 2>"$work/err" && ok || { bad "-o LINK failed"; cat "$work/err"; }
[ -L "$work/link.cu" ] && ok || bad "the symbolic link was replaced"
grep -q "__global__" "$work/target.cu" && ok || bad "the link's target was not written"
# a dangling link: the file it names is created
ln -s made.cu "$work/dangling.cu"
"$pragreduce" "$good" -o "$work/dangling.cu" 2>"$work/err" && ok || { bad "-o DANGLING failed"; cat "$work/err"; }
[ -L "$work/dangling.cu" ] && grep -q "__global__" "$work/made.cu" && ok || bad "dangling link: target not created"

# an existing file keeps its mode; new files honour the umask
echo old >"$work/m640.cu"
chmod 0640 "$work/m640.cu"
"$pragreduce" "$good" -o "$work/m640.cu" && [ "$(mode_of "$work/m640.cu")" = 640 ] && ok ||
    bad "mode 0640 not kept: $(mode_of "$work/m640.cu")"
(umask 077 && "$pragreduce" "$good" -o "$work/u077.cu") && [ "$(mode_of "$work/u077.cu")" = 600 ] && ok ||
    bad "umask 077 not honoured: $(mode_of "$work/u077.cu")"
(umask 022 && "$pragreduce" "$good" -o "$work/u022.cu") && [ "$(mode_of "$work/u022.cu")" = 644 ] && ok ||
    bad "umask 022 not honoured: $(mode_of "$work/u022.cu")"
ls "$work"/*.tmp* >/dev/null 2>&1 && bad "temporary files left behind" || ok

# outputs that cannot be written: the message names the output
"$pragreduce" "$good" -o "$work/no/such/dir/x.cu" 2>"$work/err"
[ $? = 1 ] && ok || bad "-o into a missing directory: exit not 1"
grep -q "cannot write '$work/no/such/dir/x.cu'" "$work/err" && ! grep -q '\.cu\.tmp' "$work/err" && ok ||
    { bad "missing directory: message does not name the output"; cat "$work/err"; }
if [ "$(id -u)" != 0 ]; then # root writes anywhere
    mkdir "$work/ro"
    echo old >"$work/ro/existing.cu"
    chmod 0555 "$work/ro"
    "$pragreduce" "$good" -o "$work/ro/x.cu" 2>"$work/err"
    [ $? = 1 ] && ok || bad "-o into an unwritable directory: exit not 1"
    grep -q "cannot write '$work/ro/x.cu': Permission denied" "$work/err" && ! grep -q '\.cu\.tmp' "$work/err" && ok ||
        { bad "unwritable directory: message does not name the output"; cat "$work/err"; }
    # a writable file in it is written in place
    "$pragreduce" "$good" -o "$work/ro/existing.cu" 2>"$work/err" && grep -q "__global__" "$work/ro/existing.cu" &&
        ok || { bad "writable file in an unwritable directory not written"; cat "$work/err"; }
    chmod 0755 "$work/ro"
fi
mkdir "$work/adir"
"$pragreduce" "$good" -o "$work/adir" 2>"$work/err"
[ $? = 1 ] && grep -q "cannot write '$work/adir': Is a directory" "$work/err" && ok || bad "-o DIRECTORY"

# at most 20 errors, then a note; the message size stays small
for i in $(seq 1 200); do echo "int f$i(void) { return undeclared_$i; }"; done >"$work/many.c"
"$pragreduce" "$work/many.c" -o "$work/many.cu" 2>"$work/err"
[ $? = 1 ] && ok || bad "200 errors: exit not 1"
[ "$(grep -c ': error: ' "$work/err")" = 20 ] && ok || bad "200 errors: $(grep -c ': error: ' "$work/err") printed, not 20"
tail -n 1 "$work/err" | grep -q "too many errors emitted (20), stopping now" && ok || bad "no 'too many errors' note"
head -c 1000000 /dev/urandom | tr -d '\0' >"$work/garbage.c"
"$pragreduce" "$work/garbage.c" -o "$work/garbage.cu" 2>"$work/err"
st=$?
[ $st = 1 ] && [ "$(wc -c <"$work/err")" -lt 20000 ] && ok || bad "1 MB of garbage: exit $st, $(wc -c <"$work/err") bytes of messages"

# a 1 MB expression, and 1 M nested unary operators: a message, not a crash
python3 -c "print('int f(int a) { return ' + '+'.join(['a'] * 500000) + '; }')" >"$work/long_expr.c"
"$pragreduce" "$work/long_expr.c" -o "$work/x.cu" 2>"$work/err"
st=$?
[ $st = 1 ] && grep -q "nested more than 10000 levels deep" "$work/err" && [ "$(wc -c <"$work/err")" -lt 2000 ] && ok ||
    { bad "1 MB expression: exit $st"; head -c 600 "$work/err"; }
python3 -c "print('int f(int a) { return ' + '-' * 1000000 + 'a; }')" >"$work/deep_unary.c"
"$pragreduce" "$work/deep_unary.c" -o "$work/x.cu" 2>"$work/err"
st=$?
[ $st = 1 ] && grep -q "error: " "$work/err" && ok || { bad "1 M unary operators: exit $st"; head -c 600 "$work/err"; }

# inputs too large or endless
"$pragreduce" /dev/zero -o "$work/x.cu" 2>"$work/err"
[ $? = 1 ] && grep -q "more than 64 MB read; inputs over 64 MB are refused" "$work/err" && ok ||
    { bad "/dev/zero as input"; cat "$work/err"; }
truncate -s 65M "$work/huge.c"
"$pragreduce" "$work/huge.c" -o "$work/x.cu" 2>"$work/err"
[ $? = 1 ] && grep -q "inputs over 64 MB are refused" "$work/err" && ok || { bad "a 65 MB input"; cat "$work/err"; }
"$pragreduce" "$work" -o "$work/x.cu" 2>"$work/err"
[ $? = 1 ] && grep -q "cannot read '$work': Is a directory" "$work/err" && ok || { bad "a directory as input"; cat "$work/err"; }

# 2,000 marked loops in one file (was quadratic: 1,000 took 23 s)
python3 - "$work/many_loops.c" 2000 <<'EOF'
import sys
path, n = sys.argv[1], int(sys.argv[2])
with open(path, "w") as f:
    f.write("#include <stdio.h>\n#include <stdlib.h>\n")
    for k in range(n):
        f.write(f"static long f{k}(const int *a, long n)\n{{\n    long s = {k};\n"
                f"#pragma reduce(+: s)\n    for (long i = 0; i < n; i++)\n        s += a[i] * {k % 7 + 1};\n"
                "    return s;\n}\n")
    f.write("int main(int argc, char **argv)\n{\n    long n = argc > 1 ? atol(argv[1]) : 10, t = 0;\n"
            "    int *a = calloc((size_t)n + 1, sizeof *a);\n    for (long i = 0; i < n; i++) a[i] = (int)(i % 5);\n")
    for k in range(n):
        f.write(f"    t += f{k}(a, n);\n")
    f.write('    printf("%ld\\n", t);\n    free(a);\n    return 0;\n}\n')
EOF
start=$(date +%s)
timeout 300 "$pragreduce" "$work/many_loops.c" -o "$work/many_loops.cu" 2>"$work/err"
st=$?
secs=$(($(date +%s) - start))
[ $st = 0 ] && [ "$(grep -c '__global__' "$work/many_loops.cu")" -ge 2000 ] && ok ||
    { bad "2,000 loops: exit $st"; head -5 "$work/err"; }
echo "cli: 2,000 marked loops transpiled in ${secs} s"
# -ftime-report: each stage's time and the peak memory on stderr, the same output
"$pragreduce" -ftime-report "$work/many_loops.c" -o "$work/many_loops_t.cu" 2>"$work/err"
st=$?
[ $st = 0 ] && grep -q "^pragreduce: time report (-ftime-report): 2000 marked loops$" "$work/err" &&
    grep -q "^  analysis (loops, reductions, accesses) .* s .*%$" "$work/err" &&
    grep -q "^  total .* s, peak memory [0-9]* MB$" "$work/err" &&
    cmp -s <(grep -v '^#line' "$work/many_loops.cu") <(grep -v '^#line' "$work/many_loops_t.cu") && ok ||
    { bad "-ftime-report: exit $st"; cat "$work/err"; }
# 3,000 marked loops of 90-term bodies (issue 43.4, bench/big_input.py): in
# CPU time (user + sys, not wall: CI runs other tiers beside this one on 2
# cores) and max RSS under the limits. The issue's target is 10 s and 600 MB;
# this machine (2 cores) measured 28 s wall / 3.9 GB at session 47's start, 13 s CPU /
# 1.6 GB after its changes (trees held twice, compact nodes and tokens), 8.4 s CPU / 708 MB
# after session 48's (function trees freed after each loop, plain loops' trees after their
# emission, smaller nodes and ranges, one walk for the () prototypes). The limits here are
# what the code reaches now, with a margin, so that a regression fails (make check ran it
# 1.6 times slower beside the other tiers): the CPU time meets the target, the memory does
# not yet (each loop's tree and analysis are held until every loop is analyzed: NOTES.md).
big_cpu_limit=16 big_rss_limit_mb=800
python3 bench/big_input.py 3000 90 "$work/big3000.c"
big=$(python3 - "$pragreduce" "$work/big3000.c" "$work/big3000.cu" <<'EOF2'
import resource, subprocess, sys
st = subprocess.call([sys.argv[1], sys.argv[2], "-o", sys.argv[3]], stderr=subprocess.DEVNULL)
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print(st, "%.1f" % (ru.ru_utime + ru.ru_stime), ru.ru_maxrss // 1024)
EOF2
)
read -r big_st big_cpu big_mb <<<"$big"
echo "cli: 3,000 loops of 90 terms: ${big_cpu} s CPU, ${big_mb} MB max RSS"
[ "$big_st" = 0 ] && [ "$(grep -c '__global__' "$work/big3000.cu")" -ge 3000 ] &&
    awk -v c="$big_cpu" -v l=$big_cpu_limit 'BEGIN { exit !(c <= l) }' && [ "$big_mb" -le $big_rss_limit_mb ] && ok ||
    bad "3,000 loops of 90 terms: exit $big_st, ${big_cpu} s CPU (limit $big_cpu_limit), ${big_mb} MB (limit $big_rss_limit_mb)"
rm -f "$work/big3000.c" "$work/big3000.cu"

# every #line directive still names its line: the one after it in the output
# (for output lines) or a line of the input whose text follows (for copies)
awk '/^#line [0-9]+ "/ { split($0, f, " "); if (index($0, ".cu\"")) { if (f[2] != NR + 1) bad++ } }
     END { exit bad ? 1 : 0 }' "$work/many_loops.cu" && ok || bad "2,000 loops: wrong #line numbers in the output"

# a misspelt pragma (every compiler ignores it, the loop stays sequential):
# a warning at it, exit 0; OpenMP's reduction clause and other pragmas are
# not warned about
cat >"$work/typo.c" <<'TYPO'
int main(void)
{
    double a[10] = {1}, s = 0, t = 0, u = 0;
#pragma reduction(+: s)
    for (int i = 0; i < 10; i++) s += a[i];
#pragma reduc(+: t)
    for (int i = 0; i < 10; i++) t += a[i];
#pragma Redcue(+: u)
    for (int i = 0; i < 10; i++) u += a[i];
#pragma omp parallel for reduction(+: u)
    for (int i = 0; i < 10; i++) u += a[i];
#pragma redo
#pragma once
    return (int)(s + t + u);
}
TYPO
"$pragreduce" "$work/typo.c" -o "$work/typo.cu" 2>"$work/err" && ok || bad "a misspelt pragma: exit $?"
for at in "4:9: warning: unknown pragma 'reduction'" "6:9: warning: unknown pragma 'reduc'" \
    "8:9: warning: unknown pragma 'Redcue'"; do
    grep -q "typo.c:$at (did you mean '#pragma reduce'?)" "$work/err" && ok || bad "no warning $at"
done
# and the file, left with no marked loop, says so
grep -q "warning: .*typo.c has no '#pragma reduce'" "$work/err" && ok || bad "no warning: no marked loop"
[ "$(grep -c warning "$work/err")" = 4 ] && ok || { bad "a misspelt pragma: other warnings"; cat "$work/err"; }

# a reduction variable with no value before the loop: a warning at its
# name in the pragma; not for one set before, nor for a maxloc index
cat >"$work/uninit.c" <<'SRC'
#include <stdio.h>
int main(void)
{
    double a[4] = {1, 2, 3, 4}, s, t;
    long at;
    double best = -1;
    t = 0;
#pragma reduce(+: s, t)
    for (int i = 0; i < 4; i++) { s += a[i]; t += a[i]; }
#pragma reduce(maxloc: best, at)
    for (int i = 0; i < 4; i++) if (a[i] > best) { best = a[i]; at = i; }
    printf("%g %g %ld\n", s, t, at);
    return 0;
}
SRC
"$pragreduce" "$work/uninit.c" -o "$work/uninit.cu" 2>"$work/err" && ok || bad "uninitialized: exit $?"
grep -q "uninit.c:8:19: warning: 's' has no value before the loop (declared at line 4" "$work/err" && ok ||
    { bad "uninitialized: no warning for s"; cat "$work/err"; }
[ "$(grep -c warning "$work/err")" = 1 ] && ok || { bad "uninitialized: other warnings"; cat "$work/err"; }

# C++ keywords as names, in the file and in a project header
mkdir -p "$work/proj/common"
cat >"$work/proj/common/util.h" <<'HDR'
/* a project header: 'class' and 'new' are C names */
static inline double total(const double *class, int n)
{
    double t = 1;
#pragma reduce(+: t)
    for (int i = 0; i < n; i++)
        t *= class[i];
    return t;
}
HDR
cat >"$work/proj/main.c" <<'SRC'
#include "common/util.h"
int main(void)
{
    double a[3] = {1, 2, 3}, new = 0;
    int class = 0;
#pragma reduce(+: class)
    for (int i = 0; i < 3; i++)
        class += a[i] + new + class;
    return (int)total(a, 3) + class;
}
SRC
(cd "$work/proj" && "$pragreduce" main.c -o main.cu 2>"$work/err") && bad "keyword names: exit 0"
for at in "common/util.h:7:9: error: 't' is updated with '\*' here" "common/util.h:5:1: note: in the loop" \
    "main.c:8:31: error: 'class' is read here outside its update"; do
    grep -q "^$at" "$work/err" && ok || { bad "keyword names: no '$at'"; cat "$work/err"; }
done
grep -q "cxx" "$work/err" && { bad "keyword names: a renamed name shown"; cat "$work/err"; } || ok
grep -q "^        t \*= class\[i\];" "$work/err" && ok || bad "keyword names: the header's line not shown as written"

# a header inlined for its renames keeps its preprocessing: an #include of
# it in an inactive #if branch first, then active ones (#pragma once, a guard)
mkdir -p "$work/once"
printf '#pragma once\nstatic inline int twice(int class) { return 2 * class; }\n' >"$work/once/once.h"
printf '#ifndef GUARD_H\n#define GUARD_H\nstatic inline int thrice(int new) { return 3 * new; }\n#endif\n' >"$work/once/guard.h"
cat >"$work/once/m.c" <<'SRC'
#ifdef NEVER_DEFINED
#include "once.h"
#include "guard.h"
#endif
#include "once.h"
#include "guard.h"
#include "once.h"
#include "guard.h"
int main(void)
{
    int s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < 10; i++)
        s += twice(i) + thrice(i);
    return s == 225 ? 0 : 1;
}
SRC
(cd "$work/once" && "$pragreduce" m.c -o m.cu 2>"$work/err") && grep -q "cxx_class" "$work/once/m.cu" && ok ||
    { bad "headers in inactive branches"; cat "$work/err"; }

# -U and -include, as gcc takes them (the -include file found from the
# current folder, written into the output by its absolute path)
mkdir -p "$work/inc/sub"
printf '#define SCALE 3\n' >"$work/inc/sub/cfg.h"
cat >"$work/inc/f.c" <<'SRC'
#include <stdio.h>
int main(void)
{
    double a[4] = {1, 2, 3, 4}, s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < 4; i++)
        s += a[i] * SCALE;
#ifdef EXTRA
    s += 100;
#endif
    printf("%g\n", s);
    return 0;
}
SRC
(cd "$work/inc" && "$pragreduce" -include sub/cfg.h -DEXTRA2 -U EXTRA f.c -o f.cu) 2>"$work/err" &&
    grep -q "^#include \"$work/inc/sub/cfg.h\"" "$work/inc/f.cu" && grep -q "^#undef EXTRA$" "$work/inc/f.cu" && ok ||
    { bad "-include, -U"; cat "$work/err"; }
(cd "$work/inc" && "$pragreduce" -I sub -include cfg.h f.c -o f2.cu) 2>"$work/err" && ok || bad "-include from an -I folder"
(cd "$work/inc" && "$pragreduce" -include nope.h f.c -o f3.cu) 2>"$work/err"
[ $? = 2 ] && grep -q "^pragreduce: -include nope.h: no such file" "$work/err" && [ ! -e "$work/inc/f3.cu" ] && ok || bad "-include of a missing file"
# -D and -U in their order, as gcc applies them: the analysis and the
# output's own macros agree (the output builds as gcc's build would)
(cd "$work/inc" && "$pragreduce" -DEXTRA -UEXTRA -include sub/cfg.h f.c -o f4.cu) 2>"$work/err" &&
    [ "$(grep -n '^#define EXTRA 1$\|^#undef EXTRA$' "$work/inc/f4.cu" | tail -n 1 | cut -d: -f2)" = "#undef EXTRA" ] && ok ||
    { bad "-DX -UX: not undefined last"; cat "$work/err"; }
(cd "$work/inc" && "$pragreduce" -UEXTRA -DEXTRA -include sub/cfg.h f.c -o f5.cu) 2>"$work/err" &&
    [ "$(grep -n '^#define EXTRA 1$\|^#undef EXTRA$' "$work/inc/f5.cu" | tail -n 1 | cut -d: -f2)" = "#define EXTRA 1" ] && ok ||
    { bad "-UX -DX: not defined last"; cat "$work/err"; }
printf '#ifdef GONE\n#error GONE is defined\n#endif\n#ifndef KEPT\n#error KEPT is not\n#endif\n' >"$work/inc/order.c"
cat "$work/inc/f.c" >>"$work/inc/order.c"
"$pragreduce" -DGONE -DKEPT=2 -UGONE -UKEPT -DKEPT "$work/inc/order.c" -include "$work/inc/sub/cfg.h" -o "$work/inc/o.cu" 2>"$work/err" &&
    ok || { bad "-D/-U order in the analysis"; cat "$work/err"; }

# gcc's ordinary flags: -O (gcc's __OPTIMIZE__ macro as an optimized build
# has it), -g, -x c, '-' for standard input, -fdiagnostics-color
printf '#ifndef __OPTIMIZE__\n#error not optimized\n#endif\n' >"$work/inc/opt.c"
cat "$work/inc/f.c" >>"$work/inc/opt.c"
(cd "$work/inc" && "$pragreduce" -O2 -g -x c -include sub/cfg.h opt.c -o opt.cu) 2>"$work/err" && ok ||
    { bad "-O2 -g -x c"; cat "$work/err"; }
(cd "$work/inc" && "$pragreduce" -O0 -ggdb3 -xc -include sub/cfg.h opt.c -o opt0.cu) 2>"$work/err"
[ $? = 1 ] && grep -q "not optimized" "$work/err" && ok || bad "-O0: __OPTIMIZE__ defined"
"$pragreduce" -x c++ "$good" -o "$work/xcpp.cu" 2>"$work/err"
[ $? = 2 ] && grep -q "^pragreduce: -x c++: pragreduce reads C only" "$work/err" && ok || bad "-x c++ taken"
"$pragreduce" -O9x "$good" -o "$work/o9.cu" 2>"$work/err"
[ $? = 2 ] && grep -q "not an optimization level" "$work/err" && ok || bad "-O9x taken"
"$pragreduce" - -o "$work/stdin.cu" <"$good" 2>"$work/err" && grep -q "from <stdin>" "$work/stdin.cu" &&
    grep -q '^#line [0-9]* "<stdin>"' "$work/stdin.cu" && ok || { bad "'-': standard input"; cat "$work/err"; }
printf 'int f(void) { int s = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < 3; i++) s += q;\nreturn s; }\n' >"$work/undecl.c"
"$pragreduce" - -o "$work/undecl.cu" <"$work/undecl.c" 2>"$work/err"
[ $? = 1 ] && grep -q "^<stdin>:3:34: error: use of undeclared identifier 'q'" "$work/err" && ok ||
    { bad "errors from standard input"; cat "$work/err"; }
"$pragreduce" -fdiagnostics-color=always "$work/undecl.c" -o "$work/undecl.cu" 2>"$work/err"
grep -q "$(printf '\033')\[01;31merror" "$work/err" && ok || bad "-fdiagnostics-color=always: no colour"
"$pragreduce" -fdiagnostics-color "$work/undecl.c" -fno-diagnostics-color -o "$work/undecl.cu" 2>"$work/err"
! grep -q "$(printf '\033')" "$work/err" && grep -q "error: use of undeclared" "$work/err" && ok ||
    bad "-fno-diagnostics-color: colour"
"$pragreduce" "$work/undecl.c" -o "$work/undecl.cu" 2>"$work/err"
! grep -q "$(printf '\033')" "$work/err" && ok || bad "colour when stderr is not a terminal"
# on a terminal, colour by default as clang's (script fakes one), none
# with TERM=dumb or -fdiagnostics-color=never
if command -v script >/dev/null; then
    script -qc "'$pragreduce' '$work/undecl.c' -o '$work/undecl.cu'" /dev/null >"$work/tty" 2>&1
    grep -q "$(printf '\033')\[01;31merror" "$work/tty" && ok || { bad "no colour on a terminal"; cat -v "$work/tty"; }
    script -qc "'$pragreduce' -fdiagnostics-color=never '$work/undecl.c' -o '$work/undecl.cu'" /dev/null >"$work/tty" 2>&1
    ! grep -q "$(printf '\033')" "$work/tty" && grep -q "error: use of undeclared" "$work/tty" && ok ||
        bad "-fdiagnostics-color=never: colour on a terminal"
    TERM=dumb script -qc "'$pragreduce' '$work/undecl.c' -o '$work/undecl.cu'" /dev/null >"$work/tty" 2>&1
    ! grep -q "$(printf '\033')" "$work/tty" && ok || bad "colour on a terminal with TERM=dumb"
fi

# -std= changes what the file means, as gcc's: 'restrict' is a name in C89
# (-std=c89, -ansi, -std=gnu89) and a keyword from C99; K&R definitions and
# calls without a declaration are taken in C99 as gcc takes them
printf 'int f(int *a, int n)\n{\n    int s = 0, restrict = 2, i;\n#pragma reduce(+: s)\n    for (i = 0; i < n; i++)\n        s += a[i] * restrict;\n    return s;\n}\n' >"$work/c89.c"
for std in -std=c89 -ansi -std=gnu89; do
    "$pragreduce" $std "$work/c89.c" -o "$work/c89.cu" 2>"$work/err" && ok || { bad "$std: restrict as a name"; cat "$work/err"; }
done
"$pragreduce" -std=c99 "$work/c89.c" -o "$work/c99.cu" 2>"$work/err"
[ $? = 1 ] && grep -q "c89.c:3:" "$work/err" && ok || bad "-std=c99: restrict taken as a name"
printf 'double sum(a, n)\n    double *a; long n;\n{\n    double s = 0;\n#pragma reduce(+: s)\n    for (long i = 0; i < n; i++)\n        s += a[i];\n    return s + helper();\n}\nint helper() { return 0; }\n' >"$work/kr.c"
for std in -std=c99 -std=c11 -std=gnu89; do
    "$pragreduce" $std "$work/kr.c" -o "$work/kr.cu" 2>"$work/err" && grep -q "__global__" "$work/kr.cu" && ok ||
        { bad "$std: K&R definition, implicit declaration"; cat "$work/err"; }
done
"$pragreduce" -std=c++17 "$work/kr.c" -o "$work/kr.cu" 2>"$work/err"
[ $? = 2 ] && grep -q "not a C dialect" "$work/err" && ok || bad "-std=c++17 taken"

# --explain=brief: one line per loop, in source order, no output file needed
"$pragreduce" --explain=brief tests/e2e/nest_kmeans_update.c >"$work/brief" 2>"$work/err" && ok ||
    { bad "--explain=brief: exit $?"; cat "$work/err"; }
[ "$(wc -l <"$work/brief")" = 4 ] && ok || { bad "--explain=brief: not one line per loop"; cat "$work/brief"; }
grep -q "^tests/e2e/nest_kmeans_update.c:24: independent loop (reduce(+: d2), segmented): one launch for the nest: GPU kernel" "$work/brief" &&
    grep -q "^tests/e2e/nest_kmeans_update.c:30: #pragma reduce(+: d2): inside the launch of the loop at line 24" "$work/brief" && ok ||
    { bad "--explain=brief: lines"; cat "$work/brief"; }
"$pragreduce" --explain=brief samples/dot.c | grep -q "^samples/dot.c:14: #pragma reduce(+: s): GPU kernel, .*; CPU below [0-9]* iterations (auto mode)$" && ok ||
    bad "--explain=brief: dot.c"

# -fopenmp: _OPENMP defined for the analysis (as gcc does), <omp.h> found
# with or without it, and the output keeps the include for the host compiler
cat >"$work/omp.c" <<'OMP'
#include <omp.h>
int main(void)
{
    double a[10] = {1}, s = 0;
#ifdef _OPENMP
#if _OPENMP != 201511
#error "_OPENMP is not 201511"
#endif
    omp_set_num_threads(omp_get_max_threads());
#endif
#pragma omp parallel for reduction(+: s)
#pragma reduce(+: s)
    for (int i = 0; i < 10; i++) s += a[i];
    return (int)s + omp_get_thread_num();
}
OMP
"$pragreduce" -fopenmp "$work/omp.c" -o "$work/omp.cu" 2>"$work/err" && ok || { bad "-fopenmp: exit $?"; cat "$work/err"; }
grep -q '^#pragma omp parallel for reduction(+: s)$' "$work/omp.cu" && ok || bad "-fopenmp: no '#pragma omp' on the CPU fallback"
grep -q '^#include <omp.h>' "$work/omp.cu" && ok || bad "-fopenmp: '#include <omp.h>' not kept"
"$pragreduce" "$work/omp.c" -o "$work/omp2.cu" 2>"$work/err" && ok || { bad "<omp.h> without -fopenmp: exit $?"; cat "$work/err"; }
grep -q 'omp_set_num_threads' "$work/omp2.cu" && ok || bad "without -fopenmp: the program's text lost"
"$pragreduce" --help | grep -q -- -fopenmp && ok || bad "--help does not mention -fopenmp"
# OpenMP clauses naming the function's variables the loop shadows or never
# uses (srad_v2's private(i, j) over `for (int i ...) for (int j ...)`):
# the CPU fallback keeps the line without those names, and no warning
osp=tests/e2e/omp_shadowed_private.c
"$pragreduce" -fopenmp "$osp" -o "$work/osp.cu" 2>"$work/err" && ok || { bad "$osp: exit $?"; cat "$work/err"; }
[ ! -s "$work/err" ] && ok || { bad "$osp: a warning"; cat "$work/err"; }
grep -q '^#pragma omp parallel for shared(J, c, rows, cols) private(k, Jc)$' "$work/osp.cu" &&
    grep -q '^#pragma omp parallel for shared(J, e)  private(d)$' "$work/osp.cu" &&
    grep -q '^#pragma omp parallel for private(\\$' "$work/osp.cu" &&
    grep -q '^#pragma omp parallel for $' "$work/osp.cu" && ok ||
    { bad "$osp: the OpenMP lines not kept on the CPU fallback"; grep -n '^#pragma omp' "$work/osp.cu"; }
# a clause other than private/firstprivate/shared naming one keeps the
# fallback without OpenMP (lastprivate would set the function's j)
cat >"$work/omplast.c" <<'OMP'
void f(float *a, int n)
{
    int j = 0;
#pragma omp parallel for lastprivate(j)
#pragma reduce parallel
    for (int i = 0; i < n; i++)
        a[i] = 1;
}
OMP
"$pragreduce" -fopenmp "$work/omplast.c" -o "$work/omplast.cu" 2>"$work/err" && ok || { bad "lastprivate: exit $?"; cat "$work/err"; }
grep -q "omplast.c:4:1: warning: this '#pragma omp' names 'j', which the loop does not use" "$work/err" && ok ||
    { bad "lastprivate(j): no warning"; cat "$work/err"; }

# residency beside OpenMP (tests/e2e/openmp_beside.c): kept in main, whose
# OpenMP loops are invalidated before their directive; off in a function
# with a parallel region
omp_e2e=tests/e2e/openmp_beside.c
"$pragreduce" -fopenmp --explain "$omp_e2e" -o "$work/ob.cu" >"$work/ob.txt" 2>"$work/err" && ok || { bad "openmp_beside: exit $?"; cat "$work/err"; }
grep -q "^residency in 'main' (line [0-9]*): device copies kept" "$work/ob.txt" && ok || bad "OpenMP loops turned residency off in main"
grep -q "^residency in 'each_thread' (line [0-9]*): off" "$work/ob.txt" && ok || bad "residency kept beside a parallel region"
grep -q "a call of 'scale', which writes other than its locals" "$work/ob.txt" && ok || bad "a function with OpenMP counted as harmless"
# the invalidation of an OpenMP loop: on the line before its directive
grep -B2 '^#pragma omp parallel for$' "$work/ob.cu" | grep -q 'host_wrote_box(x,' && ok || bad "no invalidation before '#pragma omp parallel for'"

# writes in an OpenMP loop at addresses the body computes (srad's `k = i +
# Nr * j; dN[k] = ...`): every copy stale before the directive, and no call
# at each write, which the team's threads would make for nothing
cat >"$work/omp_k.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    int n = 64, i, j, k;
    float *a = malloc(n * n * sizeof *a), s = 0;
    for (int t = 0; t < 3; t++) {
#pragma omp parallel for private(i, k)
        for (j = 0; j < n; j++)
            for (i = 0; i < n; i++) {
                k = i + n * j;
                a[k] = (float)(t + k);
            }
#pragma reduce(+: s)
        for (i = 0; i < n * n; i++)
            s += a[i];
    }
    printf("%g\n", s);
    free(a);
    return 0;
}
EOF
"$pragreduce" -fopenmp "$work/omp_k.c" -o "$work/omp_k.cu" 2>"$work/err" && ok || { bad "omp_k: exit $?"; cat "$work/err"; }
grep -B2 '^#pragma omp parallel for private(i, k)$' "$work/omp_k.cu" | grep -q 'host_wrote_all()' && ok ||
    bad "omp_k: no host_wrote_all before the OpenMP loop"
grep -q 'host_wrote(&(a\[k\])' "$work/omp_k.cu" && bad "omp_k: a host_wrote call at each write inside the OpenMP loop" || ok

# --keep-invalid never leaves a comm(...) loop sequential (each rank would
# keep its own result): invalid and malformed ones are errors, no output
for f in tests/reject/mpi_comm_take_nan.c tests/reject/mpi_comm_bad_argument.c; do
    rm -f "$work/keep_comm.cu"
    "$pragreduce" --keep-invalid "$f" -o "$work/keep_comm.cu" 2>"$work/err"
    status=$?
    [ $status = 1 ] && [ ! -e "$work/keep_comm.cu" ] &&
        grep -q "error: a loop with comm(...) cannot be kept sequential" "$work/err" && ok ||
        bad "--keep-invalid $f: exit $status"
done

# the output builds without a warning at -Wall -Wextra (users read and
# build it; parallel loops without results and helpers the kernels call
# once left unused names behind)
if command -v "${NVCC:-nvcc}" >/dev/null; then
    "$pragreduce" -fopenmp tests/e2e/parallel_loops.c -o "$work/warn.cu" 2>"$work/err" &&
        "${NVCC:-nvcc}" -c -O1 --Werror all-warnings -Xcompiler -fopenmp,-Wall,-Wextra,-Werror "$work/warn.cu" \
            -o "$work/warn.o" >"$work/err" 2>&1 && ok || { bad "warnings building parallel_loops' output"; head -20 "$work/err"; }
fi

# a data directive's extents are host reads (issue 40): what kernels
# wrote to cnt comes back before `data in(y[0:cnt[0]])` and `update
# in(y[0:cnt[1]])` evaluate them (the fake device bounds a copy by its
# block, so the e2e program alone shows it on the GPU only)
"$pragreduce" tests/e2e/setup_data_extents.c -o "$work/data_extents.cu" 2>"$work/err" &&
    [ "$(grep -c 'pragreduce::host_reads_all(); { /\* pragreduce: data region \*/' "$work/data_extents.cu")" = 1 ] &&
    [ "$(grep -c 'pragreduce::host_reads_all(); /\* pragreduce: update \*/' "$work/data_extents.cu")" = 1 ] && ok ||
    bad "no host reads before setup_data_extents' directives"

# --runtime=library: the header instead of the runtime's text
"$pragreduce" --runtime=library "$good" -o "$work/lib.cu" 2>"$work/err" &&
    grep -qx '#include <pragreduce/runtime.cuh>' "$work/lib.cu" && ! grep -q 'struct warm_up' "$work/lib.cu" &&
    [ "$(wc -l <"$work/lib.cu")" -le 800 ] && ok || { bad "--runtime=library: the output"; cat "$work/err"; }
"$pragreduce" --runtime=shared "$good" -o "$work/bad.cu" 2>"$work/err"
[ $? = 2 ] && grep -q "runtime is 'embedded' or 'library'" "$work/err" && ok || bad "--runtime=shared: no usage error"
if command -v "${NVCC:-nvcc}" >/dev/null && [ -f build/lib/libpragreduce.a ]; then
    for dev in "" -DPRAGREDUCE_FAKE_DEVICE; do
        "${NVCC:-nvcc}" -O1 -w $dev "$work/lib.cu" -Ibuild/include -Lbuild/lib -lpragreduce -o "$work/lib" 2>"$work/err" &&
            "$pragreduce" "$good" -o "$work/emb.cu" && "${NVCC:-nvcc}" -O1 -w $dev "$work/emb.cu" -o "$work/emb" &&
            [ "$(PRAGREDUCE_DEVICE=${dev:+gpu} "$work/lib" 100003 2>&1)" == "$(PRAGREDUCE_DEVICE=${dev:+gpu} "$work/emb" 100003 2>&1)" ] &&
            ok || { bad "--runtime=library ${dev:-(GPU build)}: differs from the self-contained build"; head "$work/err"; }
    done
    # a file that forks defines the weak symbol that stands the library's warm-up down
    printf '#include <unistd.h>\nint pid_of(void) { return fork(); }\n' >"$work/forks.c"
    cat "$good" >>"$work/forks.c"
    "$pragreduce" --runtime=library "$work/forks.c" -o "$work/forks.cu" 2>"$work/err" &&
        "${NVCC:-nvcc}" -O1 -w "$work/forks.cu" -Ibuild/include -Lbuild/lib -lpragreduce -o "$work/forks" 2>>"$work/err" &&
        nm "$work/forks" | grep -q " [VW] pragreduce_no_warmup$" && "$work/forks" 10 >/dev/null && ok ||
        { bad "--runtime=library: a file that forks"; head "$work/err"; }
fi

# a marked loop in a project header is the including file's (the header
# inlined); in a header pragreduce cannot inline, an error, never a silent
# CPU build
mkdir -p "$work/hdr/inc"
printf 'static inline double vsum(const double *a, int n)\n{\n    double s = 0;\n#pragma reduce(+: s)\n    for (int i = 0; i < n; i++)\n        s += a[i];\n    return s;\n}\n' >"$work/hdr/inc/vsum.h"
printf '#include "vsum.h"\ndouble twice(const double *a, int n) { return 2 * vsum(a, n); }\n' >"$work/hdr/m.c"
"$pragreduce" -I "$work/hdr/inc" "$work/hdr/m.c" -o "$work/hdr/m.cu" 2>"$work/err" && grep -q "__global__" "$work/hdr/m.cu" &&
    ! grep -q "has no '#pragma reduce'" "$work/err" && ok || { bad "a marked loop in a header"; cat "$work/err"; }
"$pragreduce" -isystem "$work/hdr/inc" "$work/hdr/m.c" -o "$work/hdr/m2.cu" 2>"$work/err"
[ $? = 1 ] && grep -q "the header '.*vsum.h' has a '#pragma reduce' loop" "$work/err" && [ ! -e "$work/hdr/m2.cu" ] && ok ||
    { bad "a marked loop in a system header: no error"; cat "$work/err"; }

echo "cli: $pass passed, $fail failed"
[ $fail = 0 ]
