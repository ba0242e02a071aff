#!/usr/bin/env bash
# NPB 3.0 C with OpenMP (CG, EP, MG, IS) marked by marks/npb.marks, here and
# on the GPU.
#
#   npb.sh marks PRAGREDUCE TREE OUT   apply the marks to a fetched tree
#       (OUT/tree), transpile each marked benchmark at class S, count the
#       marks accepted and refused (OUT/marks.md, diagnostics OUT/diag.txt),
#       then takes the refused marks out as a user would (OUT/dropped)
#   npb.sh check OUT [CLASS]           build each benchmark (or those
#       BENCHES names, "CG EP") with its own Makefile, CC=gcc and
#       CC=pragreduce-cc (CPU path, and the fake device), at CLASS (S); each
#       run must print NPB's "Verification = SUCCESSFUL" (OUT/check.md)
#   npb.sh bundle PRAGREDUCE OUT BUNDLE transpile each benchmark at the
#       classes CLASSES names ("S B"; the first is checked, the last timed)
#       for the GPU machine; BUNDLE/run.sh is run-npb-gpu.sh
# Fetch the tree first (bench/public-codes/README.md).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
benches=${BENCHES:-CG EP MG IS}
lower() { echo "$1" | tr 'A-Z' 'a-z'; }

# NPB's build reads config/make.def: gcc with OpenMP, as its template
# suggests; CC and CLINK are given on make's command line
write_make_def() {
    cat >"$1/config/make.def" <<'EOF'
CC = gcc
CLINK = $(CC)
C_LIB = -lm
C_INC = -I../common
CFLAGS = -O3 -fopenmp $(EXTRA_CFLAGS)
CLINKFLAGS = -fopenmp
UCC = gcc -O
BINDIR = ../bin
RAND = randdp
WTIME = wtime.c
EOF
    mkdir -p "$1/bin"
    (cd "$1/sys" && make -s all >/dev/null)
}

# npbparams.h of benchmark $2 at class $3 in tree $1
set_class() { (cd "$1/$2" && ../sys/setparams "$(lower "$2")" "$3"); }

# does diagnostic text $1 refuse the mark at line $3 of file $2: an error at
# the pragma's line or its loop's, or a note pointing at the marked loop
names_mark() {
    echo "$1" | grep -q "^$2:\($3\|$(($3 + 1))\):[0-9]*: error" ||
        echo "$1" | grep -q "^$2:$3:[0-9]*: note: in the loop marked by"
}

cmd_marks() {
    local pr=$1 tree=$2 out=$3 b
    mkdir -p "$out"
    python3 "$here/annotate.py" "$here/marks/npb.marks" "$tree" "$out/tree" >/dev/null
    write_make_def "$out/tree"
    : >"$out/diag.txt"
    : >"$out/dropped"
    local total=0 refused=0
    {
        echo "| benchmark | marks | refused | first reason |"
        echo "|---|---|---|---|"
        for b in $benches; do
            local f n r reason
            f=$b/$(lower "$b").c
            n=$(grep -c "^$f:" "$out/tree/marks.txt" || true)
            drop_refused "$pr" "$out" "$b"
            r=$(grep -c "^$f:" "$out/dropped" || true)
            reason=$(sed -n "/^== $b\//,/^== /p" "$out/diag.txt" | grep -m1 "error:" | sed 's/^[^ ]* error: //; s/|/\\|/g' | cut -c1-160)
            total=$((total + n)); refused=$((refused + r))
            echo "| $b | $n | $r | ${reason:-} |"
        done
        echo
        echo "$((total - refused)) of $total marks accepted as first marked."
    } >"$out/marks.md"
    tail -n 1 "$out/marks.md"
}

# What a user does with a mark the tool refuses: takes it out. Blanks each
# refused mark's line (line numbers stay) and transpiles again until the
# file is accepted (the tool may report a further loop's error only once
# the first is gone); an error at no mark's line blanks all the file's
# marks. Each round's diagnostics go to OUT/diag.txt, each dropped mark to
# OUT/dropped.
drop_refused() {
    local pr=$1 out=$2 b=$3 f err line dropped
    f=$b/$(lower "$b").c
    set_class "$out/tree" "$b" S
    while ! err=$(cd "$out/tree/$b" && "$pr" "$(basename "$f")" -I../common -fopenmp -o /dev/null 2>&1); do
        printf '== %s\n%s\n' "$f" "$err" >>"$out/diag.txt"
        dropped=0
        while IFS=: read -r _ line _; do
            if names_mark "$err" "$(basename "$f")" "$line"; then
                sed -i "${line}s/.*//" "$out/tree/$f"; dropped=1
                echo "$f:$line" >>"$out/dropped"
            fi
        done < <(grep "^$f:" "$out/tree/marks.txt")
        if [ $dropped = 0 ]; then
            while IFS=: read -r _ line _; do
                if sed -n "${line}p" "$out/tree/$f" | grep -q "^#pragma reduce"; then
                    sed -i "${line}s/.*//" "$out/tree/$f"; echo "$f:$line" >>"$out/dropped"
                fi
            done < <(grep "^$f:" "$out/tree/marks.txt")
            break
        fi
    done
}

# the verification line and the figures NPB prints beside it
verdict_of() {
    if grep -q "Verification *= *SUCCESSFUL" "$1"; then echo SUCCESSFUL
    elif grep -q "Verification" "$1"; then echo "**$(grep -m1 Verification "$1" | tr -s ' ')**"
    else echo "**no verification (exit $2)**"; fi
}

# build benchmark $2 of tree $1 at class $3 with CC=$4 (EXTRA_CFLAGS=$5)
build_with() {
    (cd "$1" && rm -f "$2"/*.o common/*.o && make -s "$(lower "$2")" CLASS="$3" CC="$4" EXTRA_CFLAGS="$5") >>"$1/../check.log" 2>&1
}

cmd_check() {
    local out=$1 class=${2:-S} bad=0 b
    local cc="$root/tools/pragreduce-cc" bin="$out/check-bin"
    mkdir -p "$bin"
    {
        echo "| benchmark | gcc -O3 -fopenmp | CPU path | fake device |"
        echo "|---|---|---|---|"
        for b in $benches; do
            local x row="" v
            x=$(lower "$b").$class
            for v in ref cpu fake; do
                local comp=gcc extra="" mode="" rc=0 ver
                [ $v = ref ] || comp=$cc
                [ $v = fake ] && { extra=-DPRAGREDUCE_FAKE_DEVICE; mode=gpu; }
                if ! build_with "$out/tree" "$b" "$class" "$comp" "$extra"; then
                    ver="build failed"
                else
                    cp "$out/tree/bin/$x" "$bin/$x.$v"
                    PRAGREDUCE_DEVICE=${mode:-auto} OMP_NUM_THREADS=2 "$bin/$x.$v" >"$bin/$x.$v.txt" 2>&1 || rc=$?
                    ver=$(verdict_of "$bin/$x.$v.txt" $rc)
                fi
                [ "$ver" = SUCCESSFUL ] || bad=$((bad + 1))
                row="$row | $ver"
            done
            echo "| $b$row |"
        done
        echo
        echo "$bad builds or runs not verified (class $class)."
    } >"$out/check.md"
    tail -n 1 "$out/check.md"
    [ "$bad" = 0 ]
}

cmd_bundle() {
    local pr=$1 out=$2 bundle=$3 b c
    local classes=${CLASSES:-S B}
    rm -rf "$bundle"
    mkdir -p "$bundle/src" "$bundle/cu"
    cp -r "$out/tree/common" "$bundle/src/"
    for b in $benches; do
        local f
        f=$(lower "$b").c
        mkdir -p "$bundle/src/$b"
        cp "$out/tree/$b"/*.c "$out/tree/$b"/*.h "$bundle/src/$b/" 2>/dev/null || true
        for c in $classes; do
            set_class "$out/tree" "$b" "$c"
            cp "$out/tree/$b/npbparams.h" "$bundle/src/$b/npbparams.$c.h"
            (cd "$out/tree/$b" && "$pr" "$f" -I../common -fopenmp -o "$bundle/cu/$b.$c.cu")
        done
        rm -f "$bundle/src/$b/npbparams.h"
    done
    echo "$classes" >"$bundle/classes"
    echo "$benches" >"$bundle/benches"
    cp "$here/run-npb-gpu.sh" "$bundle/run.sh"
    echo "$bundle: $benches at $classes ($(du -sh "$bundle" | cut -f1))"
}

case ${1:-} in
bundle) shift; cmd_bundle "$(realpath "$1")" "$(realpath "$2")" "$(realpath -m "$3")" ;;
marks) shift; cmd_marks "$(realpath "$1")" "$2" "$(realpath -m "$3")" ;;
check) shift; cmd_check "$(realpath "$1")" "${2:-S}" ;;
*) sed -n '2,16p' "$0"; exit 2 ;;
esac
