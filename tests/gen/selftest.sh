#!/usr/bin/env bash
# The generator's self-test (no pragreduce, no nvcc): programs FIRST ..
# FIRST+COUNT-1, in batches, built by gcc under UBSan and ASan, run at the
# CPU and GPU sizes, must run clean (no signed overflow, no out-of-bounds
# access: gcc's build is only an oracle when the program has no UB), and
# generating a seed twice must give the same file.
#
#   tests/gen/selftest.sh FIRST COUNT
set -u
here=$(cd "$(dirname "$0")" && pwd)
first=${1:?usage: selftest.sh FIRST COUNT}
count=${2:?usage: selftest.sh FIRST COUNT}
sizes=${GEN_SIZES:-"0 1 31 33 1025 100003 524287"}
batch=${GEN_BATCH:-25}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export here sizes work

check() {
    local b=$1
    shift
    python3 "$here/gen.py" --batch "$@" -o "$work/b$b.c"
    python3 "$here/gen.py" --batch "$@" -o "$work/b$b.again.c"
    cmp -s "$work/b$b.c" "$work/b$b.again.c" || { echo "FAIL batch $b: not deterministic"; return; }
    if ! gcc -std=gnu11 -O1 -g -w -fsanitize=undefined,address -fno-sanitize-recover=all \
        "$work/b$b.c" -o "$work/b$b" -lm 2>"$work/b$b.err"; then
        echo "FAIL batch $b ($*): gcc"; head -5 "$work/b$b.err"; return
    fi
    # shellcheck disable=SC2086
    if ! ASAN_OPTIONS=detect_leaks=1 "$work/b$b" $sizes >/dev/null 2>"$work/b$b.err"; then
        echo "FAIL batch $b ($*): UB or memory error"; grep -m3 'runtime error\|ERROR' "$work/b$b.err"; return
    fi
    echo "ok   batch $b"
    rm -f "$work/b$b"*
}
export -f check

s=$first; b=0; end=$((first + count))
while [ "$s" -lt "$end" ]; do
    line="check $b"
    for ((k = 0; k < batch && s < end; k++)); do line+=" $s"; s=$((s + 1)); done
    echo "$line"; b=$((b + 1))
done | xargs -P "${PR_JOBS:-$(nproc)}" -I{} bash -c '{}' | tee "$work/log"
fails=$(grep -c '^FAIL' "$work/log")
echo "gen selftest: $count programs, sizes $sizes, UBSan+ASan: $fails failures"
echo "gen selftest: $(grep -c '^ok' "$work/log") passed, $fails failed" # the form make test sums
[ "$fails" = 0 ]
