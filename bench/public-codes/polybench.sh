#!/usr/bin/env bash
# PolyBench/C 4.2.1 marked by marks/polybench.marks, here and on the GPU.
#
#   polybench.sh marks PRAGREDUCE TREE OUT   apply the marks to a fetched
#       tree (OUT/tree), transpile each marked file, count the marks
#       accepted and refused (OUT/marks.md, every diagnostic in OUT/diag.txt)
#   polybench.sh check OUT [DATASET]          build each accepted program (or
#       those PROGRAMS names) with
#       gcc and with pragreduce-cc (CPU path, and the fake device) at DATASET
#       (SMALL), compare the arrays they dump (OUT/check.md)
#   polybench.sh bundle PRAGREDUCE OUT BUNDLE transpile the accepted programs
#       for the GPU machine at MEDIUM (checked) and at TIMED (EXTRALARGE)
#       sizes; BUNDLE/run.sh is run-polybench-gpu.sh
# Fetch the tree first (bench/public-codes/README.md).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

programs() { cut -d: -f1 "$1/tree/marks.txt" | sort -u; }
# the accepted programs, or those of them PROGRAMS names ("gemm syrk")
chosen() {
    local f
    for f in $(cat "$1/accepted"); do
        [ -z "${PROGRAMS:-}" ] || [[ " $PROGRAMS " == *" $(basename "$f" .c) "* ]] && echo "$f"
    done
}
name_of() { basename "$1" .c; }

cmd_marks() {
    local pr=$1 tree=$2 out=$3
    mkdir -p "$out"
    python3 "$here/annotate.py" "$here/marks/polybench.marks" "$tree" "$out/tree" >/dev/null
    : >"$out/diag.txt"
    : >"$out/accepted"
    local total=0 refused=0 f
    {
        echo "| program | marks | refused | first reason |"
        echo "|---|---|---|---|"
        for f in $(programs "$out"); do
            local n m r err reason
            n=$(grep -c "^$f:" "$out/tree/marks.txt")
            err=$(cd "$out/tree" && "$pr" "$f" -I utilities -I "$(dirname "$f")" -o /dev/null 2>&1) && echo "$f" >>"$out/accepted" || true
            printf '== %s\n%s\n' "$f" "$err" >>"$out/diag.txt"
            # a mark is refused when an error names its pragma's line or its loop's
            r=0
            while IFS=: read -r _ line _; do
                if echo "$err" | grep -q "^$f:\($line\|$((line + 1))\):[0-9]*: error"; then r=$((r + 1)); fi
            done < <(grep "^$f:" "$out/tree/marks.txt")
            # an error at no mark's line refuses the whole file's marks
            if [ "$r" = 0 ] && echo "$err" | grep -q "error:"; then r=$n; fi
            reason=$(echo "$err" | grep -m1 "error:" | sed 's/^[^ ]* error: //; s/|/\\|/g' | cut -c1-140)
            total=$((total + n)); refused=$((refused + r))
            echo "| $(name_of "$f") | $n | $r | ${reason:-} |"
        done
        echo
        echo "$((total - refused)) of $total marks accepted as first marked ($(grep -c . "$out/accepted") of $(programs "$out" | wc -l) files transpiled)."
    } >"$out/marks.md"
    tail -n 1 "$out/marks.md"
}

# Two dumps with the same numbers (same_dump.py says how close)
same_dump() { cmp -s "$1" "$2" || python3 "$here/same_dump.py" "$1" "$2"; }

# the CPU path as a program runs by default; the fake device forced (its
# stale copies show as wrong numbers)
run_as() {
    local rc=0
    if [ "$1" = fake ]; then PRAGREDUCE_DEVICE=gpu "$2" 2>"$3" >/dev/null || rc=$?
    else "$2" 2>"$3" >/dev/null || rc=$?; fi
    echo $rc >"${2}.rc"
    [ $rc = 0 ]
}

cmd_check() {
    local out=$1 ds=${2:-SMALL}
    local cc="$root/tools/pragreduce-cc"
    local b="$out/check-bin" bad=0 f
    mkdir -p "$b"
    {
        echo "| program | CPU path | fake device |"
        echo "|---|---|---|"
        for f in $(chosen "$out"); do
            local p flags row=""
            p=$(name_of "$f")
            flags="-O2 -I utilities -I $(dirname "$f") -D${ds}_DATASET -DPOLYBENCH_DUMP_ARRAYS"
            (cd "$out/tree" && gcc $flags utilities/polybench.c "$f" -o "$b/$p.ref" -lm) 2>>"$out/check.log"
            "$b/$p.ref" 2>"$b/$p.ref.txt" >/dev/null
            for v in cpu fake; do
                local extra="" verdict
                [ $v = fake ] && extra="-DPRAGREDUCE_FAKE_DEVICE"
                if ! (cd "$out/tree" && "$cc" $flags $extra utilities/polybench.c "$f" -o "$b/$p.$v" -lm) >>"$out/check.log" 2>&1; then
                    verdict="build failed"
                elif ! run_as "$v" "$b/$p.$v" "$b/$p.$v.txt"; then
                    verdict="exit $(cat "$b/$p.$v.rc")"
                elif same_dump "$b/$p.ref.txt" "$b/$p.$v.txt"; then
                    verdict=same
                else
                    verdict="**differs**"
                fi
                [ "$verdict" = same ] || bad=$((bad + 1))
                row="$row | $verdict"
            done
            echo "| $p$row |"
        done
        echo
        echo "$bad runs differ or fail (${ds}_DATASET, arrays dumped by POLYBENCH_DUMP_ARRAYS against gcc -O2)."
    } >"$out/check.md"
    tail -n 1 "$out/check.md"
    [ "$bad" = 0 ]
}

# The accepted programs transpiled for the GPU machine (no libclang there):
# at MEDIUM (checked against gcc there) and at the timed size.
cmd_bundle() {
    local pr=$1 out=$2 bundle=$3 f
    rm -rf "$bundle"
    mkdir -p "$bundle/src" "$bundle/cu"
    cp -r "$out/tree/utilities" "$bundle/src/"
    for f in $(cat "$out/accepted"); do
        local p ds
        p=$(name_of "$f")
        cp "$out/tree/$f" "$out/tree/${f%.c}.h" "$bundle/src/"
        for ds in MEDIUM ${TIMED:-EXTRALARGE}; do
            local dump=""
            [ "$ds" = MEDIUM ] && dump=-DPOLYBENCH_DUMP_ARRAYS
            (cd "$bundle/src" && "$pr" "$p.c" -I utilities -D${ds}_DATASET $dump -o "../cu/$p.$ds.cu")
        done
    done
    echo "${TIMED:-EXTRALARGE}" >"$bundle/timed"
    cp "$here/run-polybench-gpu.sh" "$bundle/run.sh"
    cp "$here/same_dump.py" "$bundle/"
    echo "$bundle: $(grep -c . "$out/accepted") programs"
}

case ${1:-} in
bundle) shift; cmd_bundle "$(realpath "$1")" "$(realpath "$2")" "$(realpath -m "$3")" ;;
marks) shift; cmd_marks "$(realpath "$1")" "$2" "$(realpath -m "$3")" ;;
check) shift; cmd_check "$(realpath "$1")" "${2:-SMALL}" ;;
*) sed -n '2,15p' "$0"; exit 2 ;;
esac
