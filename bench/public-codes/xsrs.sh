#!/usr/bin/env bash
# XSBench and RSBench (openmp-threading/) marked by marks/xsbench.marks and
# marks/rsbench.marks, here and on the GPU.
#
#   xsrs.sh marks PRAGREDUCE XSTREE RSTREE OUT   apply the marks to the fetched
#       trees in both rounds (as first written; after following the tool's
#       message once), transpile each marked file with the Makefile's flags,
#       count the marks accepted and refused (OUT/marks.md, with each refused
#       mark's first message; every diagnostic in OUT/diag.txt). The advised
#       round's tree is OUT/PROGRAM/tree
#   xsrs.sh check OUT    build each program with its own Makefile: CC=gcc,
#       CC=tools/pragreduce-cc (CPU path), and pragreduce-cc with
#       -DPRAGREDUCE_FAKE_DEVICE (run with PRAGREDUCE_DEVICE=gpu); run at
#       -s small with fewer lookups, compare the verification checksums with
#       gcc's (OUT/check.md)
#   xsrs.sh bundle PRAGREDUCE OUT BUNDLE   transpile here (no libclang on the
#       GPU machine): BUNDLE/PROGRAM/src holds the marked sources and the .cu
#       of each marked file (runtime embedded, self-contained);
#       BUNDLE/run.sh is run-xsrs-gpu.sh
# XSTREE and RSTREE are the repositories' roots (ANL-CESAR/XSBench @ba08e522,
# ANL-CESAR/RSBench @34b64478): bench/public-codes/README.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
programs="xsbench rsbench"

# the Makefile's flags for gcc (OpenMP on); XSBench takes -DOPENMP
cflags() { case $1 in xsbench) echo "-std=gnu99 -Wall -flto -fopenmp -DOPENMP -O3" ;; rsbench) echo "-std=gnu99 -Wall -flto -fopenmp -O3" ;; esac; }
# those pragreduce takes (it has no -Wall, and -flto is the link's)
prflags() { cflags $1 | sed 's/ -Wall//; s/ -flto//'; }
exe() { case $1 in xsbench) echo XSBench ;; rsbench) echo rsbench ;; esac; }
# the small runs checked: method and sizes (verification checksums compared)
small_runs() {
    case $1 in
    xsbench) printf '%s\n' "-s small -m event -l 100000" "-s small -m history -p 2000" "-s small -m event -l 100000 -G nuclide" \
        "-s small -m event -l 100000 -G hash" "-s small -m event -l 100000 -k 1" ;;
    rsbench) printf '%s\n' "-s small -m event -l 50000" "-s small -m history -p 1000" "-s small -m event -l 50000 -d" \
        "-s small -m event -l 50000 -k 1" ;;
    esac
}

# the marked files' refusals: OUT/ROUND-PROGRAM.refused gets "FILE:LINE<TAB>first message" per refused mark
attribute() { # marks.txt diag refused-out
    python3 - "$@" <<'EOF'
import re, sys
marks_txt, diag, out = sys.argv[1:]
marks = {}
for l in open(marks_txt):
    if l.strip():
        f, n, _ = l.split(":", 2)
        marks.setdefault(f, set()).add(int(n))
refused = {}
cur = None   # (file, line, message) of the last error not yet placed
def place(f, n):
    global cur
    if cur and (f, n) not in refused:
        refused[(f, n)] = cur[2]
    cur = None
whole = {}
for l in open(diag, errors="replace"):
    l = l.rstrip("\n")
    m = re.match(r"^(?:== )?(\S+?):(\d+):\d+: (error|note): (.*)", l)
    if not m:
        if l.startswith("== "):
            if cur: whole.setdefault(cur[0], cur[2])
            cur = None
        continue
    f, n, kind, msg = m.group(1), int(m.group(2)), m.group(3), m.group(4)
    if kind == "error":
        if cur: whole.setdefault(cur[0], cur[2])
        cur = (f, n, msg)
        ms = marks.get(f, ())
        if n in ms: place(f, n)
        elif n - 1 in ms: place(f, n - 1)
    elif msg.startswith("in the loop marked by") and cur:
        place(f, n)
if cur: whole.setdefault(cur[0], cur[2])
# an error placed at no mark refuses every mark of its file
for f, msg in whole.items():
    for n in marks.get(f, ()):
        refused.setdefault((f, n), msg)
with open(out, "w") as o:
    for (f, n), msg in sorted(refused.items()):
        o.write("%s:%d\t%s\n" % (f, n, msg))
EOF
}

cmd_marks() {
    local pr=$1 xs=$2 rs=$3 out=$4 p r
    mkdir -p "$out"
    : >"$out/diag.txt"
    for p in $programs; do
        local src
        [ $p = xsbench ] && src=$xs/openmp-threading || src=$rs/openmp-threading
        for r in first advised; do
            local t=$out/$p-$r f
            python3 "$here/annotate.py" --round $r "$here/marks/$p.marks" "$src" "$t" >/dev/null
            : >"$t.diag"
            : >"$t.ok"
            for f in $(cut -d: -f1 "$t/marks.txt" | sort -u); do
                local err
                err=$(cd "$t" && "$pr" $(prflags $p) "$f" -o /dev/null 2>&1) && echo "$f" >>"$t.ok" || true
                printf '== %s\n%s\n' "$f" "$err" >>"$t.diag"
            done
            { echo "===== $p, round $r"; cat "$t.diag"; } >>"$out/diag.txt"
            attribute "$t/marks.txt" "$t.diag" "$t.refused"
        done
        rm -rf "$out/$p"
        mkdir -p "$out/$p"
        cp -r "$out/$p-advised" "$out/$p/tree"
    done
    {
        echo "| program | round | marks | refused | in files refused | files transpiled | first reason |"
        echo "|---|---|---|---|---|---|---|"
        for p in $programs; do
            for r in first advised; do
                local t=$out/$p-$r n k files reason
                n=$(grep -c . "$t/marks.txt")
                k=$(grep -c . "$t.refused" || true)
                files="$(grep -c . "$t.ok" || true) of $(cut -d: -f1 "$t/marks.txt" | sort -u | wc -l)"
                # marks of files that did not transpile: none of them reaches the GPU
                local lost
                lost=$(cut -d: -f1 "$t/marks.txt" | grep -vxF -f "$t.ok" -e '' | wc -l || true)
                reason=$(grep -m1 "error:" "$t.diag" | sed 's/^[^ ]* error: //; s/|/\\|/g' | cut -c1-160 || true)
                echo "| $p | $r | $n | $k | $lost | $files | ${reason:-} |"
            done
        done
        echo
        echo "refused: marks an error names (its pragma or loop line, or a note 'in the loop marked by'); pragreduce"
        echo "stops after 20 errors a file, so in a refused file later marks may be refused unseen. in files refused:"
        echo "the marks of files that did not transpile (none of them is built for the GPU)."
        echo
        echo "Refused marks, each with its first message (the pragma's line in the marked file):"
        echo
        for p in $programs; do
            for r in first advised; do
                [ -s "$out/$p-$r.refused" ] || continue
                echo "* $p, $r round:"
                sed 's/|/\\|/g; s/^\([^\t]*\)\t\(.*\)$/  * `\1`: \2/' "$out/$p-$r.refused"
            done
        done
    } >"$out/marks.md"
    head -n 6 "$out/marks.md"
}

checksum() { sed -n 's/^Verification checksum: \([0-9]*\).*/\1/p' "$1" | tail -n 1; }

cmd_check() {
    local out=$1 p v
    local cc="$root/tools/pragreduce-cc"
    local b=$out/check
    rm -rf "$b"
    mkdir -p "$b"
    : >"$out/check.log"
    {
        echo "| program | run | gcc checksum | CPU path | fake device |"
        echo "|---|---|---|---|---|"
        local bad=0
        for p in $programs; do
            for v in gcc cpu fake; do
                cp -r "$out/$p/tree" "$b/$p.$v"
                local mk=(make -C "$b/$p.$v")
                case $v in
                gcc) mk+=(CC=gcc) ;;
                # the Makefile adds -fopenmp and -flto only for a CC named gcc or clang
                cpu) mk+=(CC="$cc" CFLAGS="$(cflags $p)") ;;
                fake) mk+=(CC="$cc" CFLAGS="$(cflags $p) -DPRAGREDUCE_FAKE_DEVICE") ;;
                esac
                "${mk[@]}" >>"$out/check.log" 2>&1 || echo "build failed" >"$b/$p.$v/failed"
            done
            local args
            while read -r args; do
                local row="| $p | \`$args\`" ref refrc=0
                # both exit 1 when the lookups are not the default ones: the
                # checksum cannot be checked against the table then
                "$b/$p.gcc/$(exe $p)" $args -t 2 >"$b/$p.gcc.out" 2>&1 || refrc=$?
                ref=$(checksum "$b/$p.gcc.out")
                row="$row | ${ref:-none}"
                for v in cpu fake; do
                    local o=$b/$p.$v.out got verdict
                    if [ -e "$b/$p.$v/failed" ]; then
                        verdict="build failed"
                    else
                        local rc=0
                        if [ $v = fake ]; then PRAGREDUCE_DEVICE=gpu "$b/$p.$v/$(exe $p)" $args -t 2 >"$o" 2>&1 || rc=$?
                        else "$b/$p.$v/$(exe $p)" $args -t 2 >"$o" 2>&1 || rc=$?; fi
                        got=$(checksum "$o")
                        if [ $rc != $refrc ]; then verdict="exit $rc (gcc's $refrc)"
                        elif [ -n "$ref" ] && [ "$got" = "$ref" ]; then verdict=same
                        else verdict="**differs** (${got:-none})"; fi
                        { echo "== $p $v $args (rc $rc)"; cat "$o"; } >>"$out/check.log"
                    fi
                    [ "$verdict" = same ] || bad=$((bad + 1))
                    row="$row | $verdict"
                done
                echo "$row |"
            done < <(small_runs $p)
        done
        echo
        echo "$bad runs differ or fail (verification checksum against the gcc build of the same marked tree, 2 threads;"
        echo "fewer lookups than the default: the programs print INVALID CHECKSUM and exit 1, as gcc's build does)."
    } >"$out/check.md"
    cat "$out/check.md"
    ! grep -q '\*\*differs\|exit\|failed' "$out/check.md"
}

cmd_bundle() {
    local pr=$1 out=$2 bundle=$3 p f
    rm -rf "$bundle"
    for p in $programs; do
        mkdir -p "$bundle/$p"
        cp -r "$out/$p/tree" "$bundle/$p/src"
        rm -f "$bundle/$p/src/marks.txt"
        : >"$bundle/$p/marked"
        for f in $(cut -d: -f1 "$out/$p/tree/marks.txt" | sort -u); do
            # the .cu beside its sources: its quoted includes stay as they are
            (cd "$bundle/$p/src" && "$pr" $(prflags $p) "$f" -o "${f%.c}.cu")
            echo "$f" >>"$bundle/$p/marked"
        done
    done
    cp "$here/run-xsrs-gpu.sh" "$bundle/run.sh"
    echo "$bundle: $(cat "$bundle"/*/marked | wc -l) transpiled files, $(du -sh "$bundle" | cut -f1)"
}

case ${1:-} in
marks) shift; [ $# = 4 ] || { sed -n '2,23p' "$0"; exit 2; }; cmd_marks "$(realpath "$1")" "$(realpath "$2")" "$(realpath "$3")" "$(realpath -m "$4")" ;;
check) shift; [ $# = 1 ] || { sed -n '2,23p' "$0"; exit 2; }; cmd_check "$(realpath "$1")" ;;
bundle) shift; [ $# = 3 ] || { sed -n '2,23p' "$0"; exit 2; }; cmd_bundle "$(realpath "$1")" "$(realpath "$2")" "$(realpath -m "$3")" ;;
*) sed -n '2,23p' "$0"; exit 2 ;;
esac
