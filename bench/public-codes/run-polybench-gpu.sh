#!/usr/bin/env bash
# On the GPU machine: the PolyBench bundle made by polybench.sh bundle.
# Builds gcc's serial build (-O3 -march=native) and the transpiled one
# (nvcc -O3 -arch=sm_90, host code -march=native as pragreduce-cc passes it)
# of each program at MEDIUM and at the timed size;
# at MEDIUM the arrays dumped in auto and forced-GPU mode must match gcc's
# (where not, the log counts the numbers that differ, and those gcc's own
# -ffast-math build differs in);
# at the timed size, whole-process wall time of serial, auto and gpu (the
# better of RUNS, default 1). Writes $OUT/polybench.md and polybench.log.
#   bash run.sh          PROGRAMS="gemm 2mm" bash run.sh: those only
set -u
b=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$b/out}
mkdir -p "$out" "$b/bin"
cd "$b/src"
timed=$(cat "$b/timed")
progs=${PROGRAMS:-$(ls *.c | sed 's/\.c$//')}
log=$out/polybench.log
: >"$log"
for p in $progs; do
    for ds in MEDIUM $timed; do
        # arrays dumped at MEDIUM only (printed, the timed size's would dominate)
        dump=""
        [ "$ds" = MEDIUM ] && dump=-DPOLYBENCH_DUMP_ARRAYS
        gcc -O3 -march=native -I utilities -D${ds}_DATASET $dump utilities/polybench.c "$p.c" \
            -o "$b/bin/$p.$ds.ser" -lm &
        # gcc's own reassociation of the same sums: where it differs from
        # serial too, the dump is rounding noise, not a check of the result
        [ "$ds" = MEDIUM ] && gcc -O3 -march=native -ffast-math -I utilities -D${ds}_DATASET $dump \
            utilities/polybench.c "$p.c" -o "$b/bin/$p.$ds.fast" -lm &
        nvcc -O3 -Xcompiler -march=native -arch=sm_90 -w -I utilities -D${ds}_DATASET $dump utilities/polybench.c \
            "../cu/$p.$ds.cu" -o "$b/bin/$p.$ds.pr" -lm >>"$log" 2>&1 &
    done
done
wait
same() { cmp -s "$1" "$2" || python3 "$b/same_dump.py" "$1" "$2"; }
wall() { # seconds of one run, its dump to /dev/null
    local t0 t1
    t0=$(date +%s.%N)
    timeout "${LIMIT:-120}" env "$@" >/dev/null 2>&1 || { echo "fail"; return; }
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}
{
    echo "| program | MEDIUM auto | MEDIUM gpu | serial $timed (s) | auto | gpu | auto vs serial |"
    echo "|---|---|---|---|---|---|---|"
    for p in $progs; do
        "$b/bin/$p.MEDIUM.ser" 2>"$b/bin/$p.ref.txt" >/dev/null
        row="| $p"
        for m in auto gpu; do
            if PRAGREDUCE_DEVICE=$m "$b/bin/$p.MEDIUM.pr" 2>"$b/bin/$p.$m.txt" >/dev/null && same "$b/bin/$p.ref.txt" "$b/bin/$p.$m.txt"; then
                row="$row | same"
            else
                row="$row | **differs**"
                [ -s "$b/bin/$p.fast.txt" ] || "$b/bin/$p.MEDIUM.fast" 2>"$b/bin/$p.fast.txt" >/dev/null
                { echo "== $p $m: against serial"; python3 "$b/same_dump.py" --count "$b/bin/$p.ref.txt" "$b/bin/$p.$m.txt"
                  echo "   gcc -O3 -ffast-math against serial"; python3 "$b/same_dump.py" --count "$b/bin/$p.ref.txt" "$b/bin/$p.fast.txt"
                  diff "$b/bin/$p.ref.txt" "$b/bin/$p.$m.txt" | head -5; } >>"$log"
            fi
        done
        s=$(wall "$b/bin/$p.$timed.ser")
        a=$(wall PRAGREDUCE_DEVICE=auto "$b/bin/$p.$timed.pr")
        g=$(wall PRAGREDUCE_DEVICE=gpu "$b/bin/$p.$timed.pr")
        ratio=$(echo "$s $a" | awk '$1 + 0 > 0 && $2 + 0 > 0 { printf "%.2fx", $1 / $2 }')
        echo "$row | $s | $a | $g | ${ratio:--} |"
    done
} | tee "$out/polybench.md"
