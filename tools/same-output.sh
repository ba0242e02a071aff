#!/usr/bin/env bash
# Checks that two pragreduce binaries write the same output for every e2e,
# reject, sample and bench file: the same exit status, the same messages and
# the same .cu, byte for byte. For refactorings that must not change what
# users get (issue 44: "generated code stays byte-identical").
#
#   tools/same-output.sh OLD_BINARY NEW_BINARY [FLAG_SET ...]
#
# Each FLAG_SET is one quoted string of extra options, tried on every file
# ("" is the plain run); the default is four sets. A file's own
# `pragreduce-flags:` line is added, as tests/run-e2e.sh does. Prints one
# line per difference and a summary; exits 1 when anything differs.
# SAME_OUTPUT_FILES="a.c b.c" checks those files instead.
set -u
old=$(realpath "$1") new=$(realpath "$2")
shift 2
if [ $# = 0 ]; then
    set -- "" "--explain" "-DPRAGREDUCE_MAX_GPUS=2" "-fopenmp"
fi
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

files=()
for f in ${SAME_OUTPUT_FILES:-"$root"/tests/e2e/*.c "$root"/tests/reject/*.c "$root"/samples/*.c \
         "$root"/bench/*.c "$root"/bench/public/*.c}; do
    [ -f "$f" ] && files+=("$(realpath "$f")")
done

run_one() { # binary file flags tag -> $work/tag.{rc,err,cu}
    local bin=$1 src=$2 extra=$3 tag=$4 own
    own=$(sed -n 's/.*pragreduce-flags: *\([^*]*\).*/\1/p' "$src" | head -n 1)
    # shellcheck disable=SC2086
    (cd "$(dirname "$src")" &&
        "$bin" $own $extra "$src" -o "$work/out.cu" >"$work/$tag.err" 2>&1
        echo $? >"$work/$tag.rc")
    sed "s|$work/out.cu|OUT.cu|g" "$work/$tag.err" >"$work/$tag.msg"
    if [ -f "$work/out.cu" ]; then
        sed "s|$work/out.cu|OUT.cu|g" "$work/out.cu" >"$work/$tag.cu"
        rm -f "$work/out.cu"
    else
        : >"$work/$tag.cu"
    fi
}

checked=0 differ=0
for flags in "$@"; do
    for src in "${files[@]}"; do
        run_one "$old" "$src" "$flags" a
        run_one "$new" "$src" "$flags" b
        checked=$((checked + 1))
        what=""
        cmp -s "$work/a.rc" "$work/b.rc" || what="$what exit-status"
        cmp -s "$work/a.msg" "$work/b.msg" || what="$what messages"
        cmp -s "$work/a.cu" "$work/b.cu" || what="$what output"
        if [ -n "$what" ]; then
            differ=$((differ + 1))
            echo "DIFFERS:$what: ${src#"$root"/} [flags: $flags]"
        fi
    done
done
echo "same-output: $checked runs, $differ differ (${#files[@]} files x $# flag sets)"
[ "$differ" = 0 ]
