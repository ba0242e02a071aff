#!/usr/bin/env bash
# Golden tests of the command line and its messages:
#  - tests/reject/*.c: each must fail with exit 1, leave no output file,
#    report an error at every position its first line names
#    (/* expect-error-at: L:C: what; L:C: what */), and print exactly
#    tests/reject/NAME.err;
#  - tests/golden/*.c: the output must equal tests/golden/NAME.cu;
#  - command-line behaviour: exit codes, -o -, --help, --version.
#   tests/run-golden.sh PRAGREDUCE [--update]
set -u
pragreduce=$(realpath "$1")
update=${2:-}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

for src in tests/reject/*.c; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .c)
    out="$work/$name.cu"
    "$pragreduce" "$src" -o "$out" 2>"$work/$name.err"
    status=$?
    if [ $status != 1 ]; then bad "$src: exit $status, expected 1"; continue; fi
    if [ -e "$out" ] || ls "$work/$name.cu.tmp"* >/dev/null 2>&1; then bad "$src: output file left behind"; continue; fi
    missing=""
    spec=$(head -n 1 "$src" | sed -n 's/.*expect-error-at: *\(.*\) *\*\/.*/\1/p')
    IFS=';' read -ra wants <<<"$spec"
    for want in "${wants[@]}"; do
        pos=$(echo "$want" | sed -n 's/^ *\([0-9]*:[0-9]*\).*/\1/p')
        [ -n "$pos" ] || continue
        grep -q "^$src:$pos: error: " "$work/$name.err" || missing="$missing $pos"
    done
    if [ -z "$spec" ]; then bad "$src: no expect-error-at line"; continue; fi
    if [ -n "$missing" ]; then
        bad "$src: no error at$missing"; sed 's/^/    /' "$work/$name.err" | head -12; continue
    fi
    if [ "$update" = --update ]; then cp "$work/$name.err" "tests/reject/$name.err"; fi
    if [ -f "tests/reject/$name.err" ] && ! diff -u "tests/reject/$name.err" "$work/$name.err" >"$work/diff"; then
        bad "$src: messages differ from tests/reject/$name.err"; head -20 "$work/diff"; continue
    fi
    ok
done

for src in tests/golden/*.c; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .c)
    if ! "$pragreduce" "$src" -o "$work/$name.cu" 2>"$work/$name.err"; then
        bad "$src: pragreduce failed"; cat "$work/$name.err"; continue
    fi
    # the output names the temporary path in #line directives: normalize
    sed "s|$work/|OUT/|g" "$work/$name.cu" >"$work/$name.norm"
    if [ "$update" = --update ]; then cp "$work/$name.norm" "tests/golden/$name.cu"; fi
    if ! diff -u "tests/golden/$name.cu" "$work/$name.norm" >"$work/diff"; then
        bad "$src: output differs from tests/golden/$name.cu"; head -30 "$work/diff"; continue
    fi
    ok
done

# --explain: the model's facts, candidates and choice, pinned
for src in tests/explain/*.c; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .c)
    if ! "$pragreduce" --explain "$src" >"$work/$name.txt" 2>"$work/$name.err"; then
        bad "$src: --explain failed"; cat "$work/$name.err"; continue
    fi
    if [ "$update" = --update ]; then cp "$work/$name.txt" "tests/explain/$name.txt"; fi
    if ! diff -u "tests/explain/$name.txt" "$work/$name.txt" >"$work/diff"; then
        bad "$src: --explain differs from tests/explain/$name.txt"; head -30 "$work/diff"; continue
    fi
    ok
done
"$pragreduce" --explain --gpu A100 tests/explain/dot.c >"$work/a100.txt" 2>&1 &&
    grep -q "device: A100 (sm_80), 108 SMs" "$work/a100.txt" && ok || bad "--gpu A100 not used"
"$pragreduce" --explain --arch sm_70 tests/explain/dot.c >"$work/v100.txt" 2>&1 &&
    grep -q "device: V100" "$work/v100.txt" && ok || bad "--arch sm_70 not used"

# the command line
expect_status() {
    local want=$1; shift
    "$@" >"$work/cli.out" 2>"$work/cli.err"
    local got=$?
    if [ $got = "$want" ]; then ok; else bad "'$*' exited $got, expected $want"; cat "$work/cli.err"; fi
}
good=samples/dot.c
[ -f $good ] || good=tests/gpu/kinds.c
expect_status 0 "$pragreduce" --help
grep -q "usage: pragreduce" "$work/cli.out" && ok || bad "--help prints no usage"
expect_status 0 "$pragreduce" --version
grep -q "^pragreduce [0-9]" "$work/cli.out" && ok || bad "--version prints no version"
expect_status 2 "$pragreduce"
expect_status 2 "$pragreduce" "$good"
expect_status 2 "$pragreduce" --bogus "$good" -o "$work/x.cu"
expect_status 2 "$pragreduce" "$good" -o
expect_status 2 "$pragreduce" "$good" -o "$work/x.cu" --gpu K80
expect_status 2 "$pragreduce" "$good" "$good" -o "$work/x.cu"
cp "$good" "$work/self.c"
expect_status 2 "$pragreduce" "$work/self.c" -o "$work/self.c"
cmp -s "$good" "$work/self.c" && ok || bad "the input was overwritten"
expect_status 1 "$pragreduce" "$work/does-not-exist.c" -o "$work/x.cu"
[ ! -e "$work/x.cu" ] && ok || bad "output written for a missing input"
expect_status 0 "$pragreduce" "$good" -o -
grep -q "__global__" "$work/cli.out" && ok || bad "-o - wrote no kernel to stdout"
expect_status 0 "$pragreduce" "$good" -o "$work/x.cu" -D UNUSED_MACRO=1 -I "$work" --no-line
grep -q "^#line" "$work/x.cu" && bad "--no-line left #line directives" || ok
printf 'int main(void) { return x; }\n' >"$work/broken.c"
expect_status 1 "$pragreduce" "$work/broken.c" -o "$work/broken.cu"
grep -q "broken.c:1:[0-9]*: error: " "$work/cli.err" && ok || bad "C errors not in compiler format"
[ ! -e "$work/broken.cu" ] && ok || bad "output written for a broken input"
printf 'int f(int n) { int s = 0, t = 0;\n#pragma reduce(+: s)\nfor (int i = 0; i < n; i++) { s += i; t = i; }\nreturn s + t; }\n' >"$work/keep.c"
expect_status 0 "$pragreduce" --keep-invalid "$work/keep.c" -o "$work/keep.cu"
grep -q "warning: 't' is declared outside the loop" "$work/cli.err" && ok || bad "--keep-invalid gave no warning"
grep -q "kept sequential" "$work/keep.cu" && ok || bad "--keep-invalid did not keep the loop"

# tests/advice: every suggestion a diagnostic makes, followed. NAME.c's first
# line is /* advice: TEXT */ (it must be refused with TEXT); then
# NAME.followed.c, NAME.followed2.c, ... each say /* followed: accepted */,
# /* followed: final: TEXT */ (refused with TEXT, which suggests nothing
# more) or /* followed: advice: TEXT */ (refused with a new suggestion,
# never one the chain has given before); the chain ends accepted or final.
header() { head -n 1 "$1" | sed -n 's|^/\* *\(.*[^ ]\) *\*/$|\1|p'; }
for start in tests/advice/*.c; do
    case $start in *.followed*.c) continue ;; esac
    name=${start%.c}
    seen=()
    file=$start
    spec=$(header "$file")
    step=1
    while :; do
        "$pragreduce" "$file" -o "$work/advice.cu" 2>"$work/advice.err"
        status=$?
        case $spec in
        "advice: "* | "followed: advice: "*)
            text=${spec#followed: }; text=${text#advice: }
            if [ $status != 1 ] || ! grep -qF -- "$text" "$work/advice.err"; then
                bad "$file: exit $status, expected the advice '$text'"; break
            fi
            for old in "${seen[@]}"; do
                grep -qF -- "$old" "$work/advice.err" && { bad "$file: the advice '$old' again"; break 2; }
            done
            seen+=("$text") ;;
        "followed: accepted")
            if [ $status = 0 ] && [ -s "$work/advice.cu" ]; then ok; else
                bad "$file: exit $status, expected accepted"; sed 's/^/    /' "$work/advice.err" | head -5
            fi
            break ;;
        "followed: final: "*)
            text=${spec#followed: final: }
            if [ $status = 1 ] && grep -qF -- "$text" "$work/advice.err"; then ok; else
                bad "$file: exit $status, expected the final reason '$text'"
            fi
            break ;;
        *) bad "$file: no advice/followed line"; break ;;
        esac
        file=$name.followed.c
        [ $step -gt 1 ] && file=$name.followed$step.c
        step=$((step + 1))
        [ -f "$file" ] || { bad "$name: the advice was never followed ($file is missing)"; break; }
        spec=$(header "$file")
    done
done

echo "golden: $pass passed, $fail failed"
[ $fail = 0 ]
