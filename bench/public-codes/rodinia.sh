#!/usr/bin/env bash
# Rodinia 3.1 OpenMP codes marked by marks/rodinia.marks, here and on the GPU.
#
#   rodinia.sh marks PRAGREDUCE TREE OUT    apply the marks to a fetched
#       openmp/ folder, both as first written (OUT/tree-first) and with the
#       tool's advice followed once (OUT/tree); transpile each marked file;
#       count the marks accepted and refused with the first reason of each
#       (OUT/marks.md, every diagnostic in OUT/diag.txt)
#   rodinia.sh check OUT                    build each program (OUT/tree) with
#       gcc -O2 -fopenmp and with tools/pragreduce-cc -O2 -fopenmp (the CPU
#       path, and -DPRAGREDUCE_FAKE_DEVICE run with PRAGREDUCE_DEVICE=gpu),
#       run them on small inputs, compare the outputs (OUT/check.md)
#   rodinia.sh bundle PRAGREDUCE OUT BUNDLE transpile here (the GPU machine has
#       no libclang) and put into BUNDLE the sources, the .cu files, the input
#       generator and run.sh (rodinia/run-gpu.sh)
# Refused marks: the files are transpiled with --keep-invalid, so those loops
# stay as written on the CPU and the rest of the file's marks still count.
# PROGRAMS="kmeans srad_v1" limits check to those. Fetch the tree first
# (bench/public-codes/README.md).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/rodinia/programs.sh"
progs=${PROGRAMS:-$RODINIA_PROGRAMS}

# the marks as first written: each '#first: X' replaces the next mark (or
# '#dropped:' line); '#first: -' removes it
first_marks() {
    python3 - "$1" <<'PY'
import sys
out, pend = [], None
for l in open(sys.argv[1]).read().split("\n"):
    if l.startswith("#first: "):
        pend = l[8:]
        continue
    mark = l.strip() and not l.startswith("#")
    if pend is not None and (mark or l.startswith("#dropped: ")):
        if pend != "-":
            out.append(pend)
        pend = None
        continue
    if mark:
        out.append(l)
print("\n".join(out))
PY
}

# transpile TREE's marked file of program P: diagnostics on stdout, status
transpile() {
    local pr=$1 tree=$2 p=$3 o=$4
    shift 4
    spec "$p"
    (cd "$tree/$dir/$(dirname "$marked")" && "$pr" -fopenmp "$@" -x c "$(basename "$marked")" -o "$o" 2>&1)
}

# count_refused TREE P DIAG: "marks refused reason" of P's marks in TREE.
# An error belongs to the mark its note names ('in the loop marked by'),
# else to the mark on its line or the line before; an error at no mark
# refuses them all.
count_refused() {
    local tree=$1 p=$2 diag=$3
    spec "$p"
    python3 - "$tree/marks.txt" "$dir/$marked" "$diag" <<'PY'
import re, sys
placed, path, diag = sys.argv[1:4]
base = path.rsplit("/", 1)[-1]
marks = [int(l.split(":")[1]) for l in open(placed)
         if l.startswith(path + ":") and l.split(": ", 1)[1].startswith("#pragma reduce")]
lines = open(diag).read().split("\n")
refused, first, orphan = set(), "", False
for k, l in enumerate(lines):
    m = re.match(re.escape(base) + r":(\d+):\d+: error: (.*)", l)
    if not m:
        continue
    first = first or m.group(2)
    at = int(m.group(1))
    for n in lines[k + 1:k + 4]:
        mm = re.match(re.escape(base) + r":(\d+):\d+: note: in the loop marked by", n)
        if mm:
            at = int(mm.group(1))
            break
    if at in marks:
        refused.add(at)
    elif at - 1 in marks:
        refused.add(at - 1)
    else:
        orphan = True
r = len(marks) if orphan else len(refused)
print(len(marks), r, first.replace("|", "\\|")[:200])
PY
}

cmd_marks() {
    local pr=$1 tree=$2 out=$3 p
    mkdir -p "$out"
    first_marks "$here/marks/rodinia.marks" >"$out/first.marks"
    python3 "$here/annotate.py" "$out/first.marks" "$tree" "$out/tree-first" >/dev/null
    python3 "$here/annotate.py" "$here/marks/rodinia.marks" "$tree" "$out/tree" >/dev/null
    : >"$out/diag.txt"
    local t1=0 r1=0 t2=0 r2=0
    {
        echo "| program | marks | refused as first marked | first reason | refused, advice followed once | first reason |"
        echo "|---|---|---|---|---|---|"
        for p in $progs; do
            local a b
            transpile "$pr" "$out/tree-first" "$p" /dev/null >"$out/d1" || true
            transpile "$pr" "$out/tree" "$p" /dev/null >"$out/d2" || true
            printf '== %s (first marks)\n' "$p" >>"$out/diag.txt"; cat "$out/d1" >>"$out/diag.txt"
            printf '== %s (advice followed)\n' "$p" >>"$out/diag.txt"; cat "$out/d2" >>"$out/diag.txt"
            read -r n1 x1 why1 < <(count_refused "$out/tree-first" "$p" "$out/d1")
            read -r n2 x2 why2 < <(count_refused "$out/tree" "$p" "$out/d2")
            t1=$((t1 + n1)); r1=$((r1 + x1)); t2=$((t2 + n2)); r2=$((r2 + x2))
            echo "| $p | $n1 / $n2 | $x1 | ${why1:-} | $x2 | ${why2:-} |"
        done
        echo
        echo "First marks: $((t1 - r1)) of $t1 accepted; with the advice followed once: $((t2 - r2)) of $t2."
        echo "(marks: as first written / after following the advice; a refused mark's loop stays as written with --keep-invalid)"
    } >"$out/marks.md"
    rm -f "$out/d1" "$out/d2"
    tail -n 2 "$out/marks.md" | head -n 1
}

# build VARIANT P OUT: ref (gcc -O2 -fopenmp), cpu, fake (pragreduce-cc)
build() {
    local v=$1 p=$2 out=$3 b="$out/check-bin" cc=gcc extra=""
    spec "$p"
    [ $v = ref ] || cc="$root/tools/pragreduce-cc"
    [ $v = fake ] && extra=-DPRAGREDUCE_FAKE_DEVICE
    (cd "$out/tree/$dir" && PRAGREDUCE="$here/rodinia/pragreduce-keep" PRAGREDUCE_REAL="$PR" \
        "$cc" -O2 -fopenmp $check_defs $extra -x c $marked $others -o "$b/$p.$v" -lm) >>"$out/check.log" 2>&1
}

cmd_check() {
    local out=$1 b="$1/check-bin" bad=0 p
    mkdir -p "$b"
    : >"$out/check.log"
    PR=${PR:-$root/build/pragreduce}
    GEN="$b/gen_inputs" FIXTIME="$b/fixtime.so"
    gcc -O2 "$here/rodinia/gen_inputs.c" -o "$GEN"
    gcc -O2 -shared -fPIC "$here/rodinia/fixtime.c" -o "$FIXTIME"
    {
        echo "| program | small input | gcc -O2 | CPU path | fake device |"
        echo "|---|---|---|---|---|"
        for p in $progs; do
            local d="$out/check-run/$p" row v verdict
            rm -rf "$d"
            inputs "$p" small "$d" >>"$out/check.log" 2>&1
            spec "$p"
            row="| $p | $(args "$p" small 2 '$IN' | cut -c1-60)"
            if build ref "$p" "$out" && run_one "$b/$p.ref" "$p" small 2 "$d" ref; then row="$row | ran"
            else row="$row | **failed**"; bad=$((bad + 1)); fi
            for v in cpu fake; do
                local envs=()
                [ $v = fake ] && envs=(PRAGREDUCE_DEVICE=gpu)
                if ! build $v "$p" "$out"; then verdict="build failed"
                elif ! run_one "$b/$p.$v" "$p" small 2 "$d" $v "${envs[@]+"${envs[@]}"}"; then verdict="exit status"
                elif ! [ -s "$d/a/b/$v/compared" ]; then verdict="no output"
                elif msg=$(python3 "$here/rodinia/same_numbers.py" $tol "$d/a/b/ref/compared" "$d/a/b/$v/compared"); then
                    cmp -s "$d/a/b/ref/compared" "$d/a/b/$v/compared" && verdict=identical || verdict="same (within $tol)"
                else verdict="**differs**: $msg"; fi
                case $verdict in identical | same*) ;; *) bad=$((bad + 1)) ;; esac
                row="$row | $verdict"
            done
            echo "$row |"
        done
        echo
        echo "$bad runs differ or fail (against gcc -O2 -fopenmp, OMP_NUM_THREADS=2; compared: the files and streams rodinia/programs.sh names)."
    } >"$out/check.md"
    tail -n 1 "$out/check.md"
    [ "$bad" = 0 ]
}

cmd_bundle() {
    local pr=$1 out=$2 bundle=$3 p
    rm -rf "$bundle"
    mkdir -p "$bundle/src"
    for p in $RODINIA_PROGRAMS; do
        spec "$p"
        mkdir -p "$bundle/src/$p"
        # the program's folder as marked (its headers and included .c files too)
        (cd "$out/tree/$dir" && tar cf - --exclude='*.o' --exclude='*.out' .) | (cd "$bundle/src/$p" && tar xf -)
        # the fetched tree's prebuilt binaries
        find "$bundle/src/$p" -type f -exec sh -c 'head -c 4 "$1" | grep -q ELF && rm -f "$1"' _ {} \;
        # next to the marked file, so its quoted includes stay as written
        (cd "$bundle/src/$p/$(dirname "$marked")" && m=$(basename "$marked") &&
            "$pr" -fopenmp --keep-invalid $check_defs -x c "$m" -o "$m.check.cu" 2>/dev/null &&
            "$pr" -fopenmp --keep-invalid $timed_defs -x c "$m" -o "$m.timed.cu" 2>/dev/null) ||
            echo "$p: not transpiled (see OUT/diag.txt)"
    done
    cp "$here/rodinia/programs.sh" "$here/rodinia/gen_inputs.c" "$here/rodinia/fixtime.c" \
        "$here/rodinia/same_numbers.py" "$bundle/"
    cp "$here/rodinia/run-gpu.sh" "$bundle/run.sh"
    echo "$bundle: $(du -sh "$bundle" | cut -f1)"
}

case ${1:-} in
marks) shift; cmd_marks "$(realpath "$1")" "$(realpath "$2")" "$(realpath -m "$3")" ;;
check) shift; cmd_check "$(realpath "$1")" ;;
bundle) shift; cmd_bundle "$(realpath "$1")" "$(realpath "$2")" "$(realpath -m "$3")" ;;
*) sed -n '2,20p' "$0"; exit 2 ;;
esac
