#!/usr/bin/env bash
# On the GPU machine (nvcc 13, sm_90, 16 cores): the XSBench/RSBench bundle
# made by xsrs.sh bundle. Builds each program
#   ser  gcc -O3 -march=native -std=gnu99 (XSBench without OpenMP; RSBench
#        includes <omp.h> and calls omp_get_num_procs unconditionally, so it
#        is built with -fopenmp and run with -t 1, OMP_NUM_THREADS=1)
#   omp  gcc -O3 -march=native -std=gnu99 -fopenmp (XSBench -DOPENMP), -t 16
#   pr   the transpiled files: nvcc -O3 -arch=sm_90 -x cu, host code
#        -fopenmp,-march=native; the program's other files gcc -O3
#        -march=native -fopenmp; linked with nvcc; -t 16; run as auto
#        (PRAGREDUCE_DEVICE unset) and gpu (PRAGREDUCE_DEVICE=gpu)
# (all four from the marked tree: its edits only copy pointers to locals);
# checks the verification checksum of omp, auto and gpu against ser at
# -s small (fewer lookups), then times the whole process at -s large with
# the default lookups, event- and history-based, each run limited to LIMIT
# seconds (60). Writes $OUT/xsrs.md (table) and $OUT/xsrs.log (every run).
#   bash run.sh          PROGRAMS=xsbench bash run.sh: that one only
set -u
b=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$b/out}
limit=${LIMIT:-60}
threads=${THREADS:-16}
progs=${PROGRAMS:-"xsbench rsbench"}
mkdir -p "$out" "$b/bin" "$b/obj"
log=$out/xsrs.log
: >"$log"
exe_flags() { [ "$1" = xsbench ] && echo "-DOPENMP"; }
for p in $progs; do
    src=$b/$p/src
    marked=$(cat "$b/$p/marked")
    plain=$(cd "$src" && ls *.c | grep -vxF -f "$b/$p/marked")
    (
        cd "$src"
        if [ $p = xsbench ]; then
            gcc -O3 -march=native -std=gnu99 *.c -o "$b/bin/$p.ser" -lm
        else
            gcc -O3 -march=native -std=gnu99 -fopenmp *.c -o "$b/bin/$p.ser" -lm
        fi
    ) >>"$log" 2>&1 &
    (cd "$src" && gcc -O3 -march=native -std=gnu99 -fopenmp $(exe_flags $p) *.c -o "$b/bin/$p.omp" -lm) >>"$log" 2>&1 &
    (
        cd "$src"
        objs=""
        for f in $marked; do
            nvcc -O3 -arch=sm_90 -w -x cu -Xcompiler -fopenmp,-march=native -c "${f%.c}.cu" -o "$b/obj/$p.${f%.c}.o" || exit 1
            objs="$objs $b/obj/$p.${f%.c}.o"
        done
        for f in $plain; do
            gcc -O3 -march=native -std=gnu99 -fopenmp $(exe_flags $p) -c "$f" -o "$b/obj/$p.${f%.c}.o" || exit 1
            objs="$objs $b/obj/$p.${f%.c}.o"
        done
        nvcc -arch=sm_90 -Xcompiler -fopenmp $objs -o "$b/bin/$p.pr" -lm
    ) >>"$log" 2>&1 &
done
wait

# one run: prints "seconds checksum" (or fail/over-LIMITs); its output goes to the log
one() { # lim label mode binary args...
    local lim=$1 label=$2 mode=$3 bin=$4
    shift 4
    local t0 t1 rc o
    o=$(mktemp)
    t0=$(date +%s.%N)
    case $mode in
    ser) OMP_NUM_THREADS=1 timeout "$lim" "$bin" "$@" -t 1 >"$o" 2>&1 ;;
    omp) OMP_NUM_THREADS=$threads timeout "$lim" "$bin" "$@" -t "$threads" >"$o" 2>&1 ;;
    auto) OMP_NUM_THREADS=$threads timeout "$lim" env -u PRAGREDUCE_DEVICE "$bin" "$@" -t "$threads" >"$o" 2>&1 ;;
    gpu) OMP_NUM_THREADS=$threads PRAGREDUCE_DEVICE=gpu timeout "$lim" "$bin" "$@" -t "$threads" >"$o" 2>&1 ;;
    esac
    rc=$?
    t1=$(date +%s.%N)
    { echo "== $label (rc $rc)"; cat "$o"; } >>"$log"
    local sum
    sum=$(sed -n 's/^Verification checksum: \([0-9]*\).*/\1/p' "$o" | tail -n 1)
    rm -f "$o"
    if [ $rc = 124 ]; then echo "over-${lim}s -"
    # exit 1 with a checksum: lookups other than the default, not checked against the table
    elif [ $rc != 0 ] && ! { [ $rc = 1 ] && [ -n "$sum" ]; }; then echo "fail(rc$rc) ${sum:--}"
    else awk -v a="$t0" -v b="$t1" -v s="${sum:--}" 'BEGIN { printf "%.2f %s\n", b - a, s }'; fi
}
small() { [ $1 = xsbench ] && echo "-s small -m $2 $([ $2 = event ] && echo '-l 100000' || echo '-p 2000')" ||
          echo "-s small -m $2 $([ $2 = event ] && echo '-l 50000' || echo '-p 1000')"; }
large() { echo "-s large -m $2"; }
bin_of() { case $2 in ser) echo "$b/bin/$1.ser" ;; omp) echo "$b/bin/$1.omp" ;; *) echo "$b/bin/$1.pr" ;; esac; }
{
    echo "# XSBench and RSBench: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1), $(nproc) cores, $(date -u +%Y-%m-%d)"
    echo
    echo "Checked at -s small (event: -l 100000 XSBench, 50000 RSBench; history: -p 2000, 1000): verification checksum against serial."
    echo "Timed: whole-process wall seconds at -s large, default lookups; each run limited to ${limit} s. omp: $threads threads;"
    echo "auto: PRAGREDUCE_DEVICE unset; gpu: PRAGREDUCE_DEVICE=gpu; the transpiled build runs with -t $threads too."
    echo
    echo "| program | method | small: serial checksum | omp | auto | gpu | large: serial (s) | omp $threads | auto | gpu | large checksums ser/omp/auto/gpu | auto vs omp | auto vs serial |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} >"$out/xsrs.md"
for p in $progs; do
    for m in event history; do
        row="| $p | $m"
        ref=""
        for v in ser omp auto gpu; do
            r=$(one 300 "$p $v $(small $p $m)" $v "$(bin_of $p $v)" $(small $p $m))
            s=${r#* }
            if [ $v = ser ]; then ref=$s; row="$row | $s"
            elif [ "$s" = "$ref" ] && [ "$s" != - ]; then row="$row | same"
            else row="$row | **differs** ($r)"; fi
        done
        sums=""
        declare -A t=()
        for v in ser omp auto gpu; do
            r=$(one "$limit" "$p $v $(large $p $m)" $v "$(bin_of $p $v)" $(large $p $m))
            t[$v]=${r% *}
            row="$row | ${t[$v]}"
            sums="$sums${sums:+/}${r#* }"
        done
        ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2fx", a / b; else print "-" }'; }
        echo "$row | $sums | $(ratio "${t[omp]}" "${t[auto]}") | $(ratio "${t[ser]}" "${t[auto]}") |" >>"$out/xsrs.md"
        echo "$p $m done"
    done
done
cat "$out/xsrs.md"
