#!/usr/bin/env bash
# Runs on the GPU machine (bench bundle's run-segmented.sh): segmented
# reductions, pragreduce against the vendor libraries, same timing method
# on both sides (data on the device, events, busy kernel queued first,
# 3 warm-ups, median of 20):
#   y = A x, row-major A of 4096^2, 8192^2, 16384^2 (float, double)
#       pragreduce (marked inner loop, bench/segmented_bench.c) vs cuBLAS gemv
#       and, float only, the product marked on the outer loop (a row per thread)
#   row sums, 2^26 elements in rows of 32, 1024, 65536 (float, double, int)
#       pragreduce vs cub::DeviceSegmentedReduce::Sum
# pragreduce's kernel time comes from PRAGREDUCE_BENCH=20 (the runtime times
# each launch); a build that launches once per row (before segmented
# reductions were one launch) would print a line per row and take minutes,
# so a probe first counts the launches of a 4-row product: with one launch
# the kernel is timed, with one per row only the wall clock of whole calls
# is taken (REPS calls, median; rows beyond 65536 skipped). The wall clock
# (pragreduce-wall) is also taken for the one-launch build: per call, launch
# overhead included, with data residency the matrix is not copied again.
# Writes $OUT/segmented.csv, segmented.md (table) and segmented.png.
#   bash run-segmented.sh [quick]      (quick: the smallest shapes only)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "GPU: $gpu"
t_start=$(date +%s)
for t in float double int; do
    nvcc -O3 -arch=sm_90 "seg_$t.cu" -o "bin/seg_$t" &
done
nvcc -O3 -arch=sm_90 -std=c++17 vendor_bench.cu -o bin/vendor_bench -lcublas &
wait
echo "built in $(( $(date +%s) - t_start )) s"
export PRAGREDUCE_DEVICE=${PR_SEG_DEVICE:-gpu} # cpu: a dry run of the script without a GPU
unset PRAGREDUCE_BENCH

mv_shapes="4096x4096 8192x8192 16384x16384"
rs_shapes="2097152x32 65536x1024 1024x65536"
if [ "${1:-}" = quick ]; then
    mv_shapes="4096x4096"
    rs_shapes="65536x1024"
fi

# the probe: launches of one product of 4 rows
PRAGREDUCE_BENCH=1 bin/seg_float mv 4 64 1 >/dev/null 2>"$out/seg-probe.txt"
launches=$(grep -c '^pragreduce-bench' "$out/seg-probe.txt" || true)
if [ "$launches" = 1 ]; then
    segmented=1
    echo "probe: one launch for 4 rows: segmented"
else
    segmented=0
    echo "probe: $launches launches for 4 rows: one per row; kernel timing skipped, wall clock only"
fi

csv="$out/segmented.csv"
echo "impl,type,op,rows,cols,us,check,launches" >"$csv"

# kernel time: the sum of the medians of the launches a call makes
kernel() { # impl type op rows cols
    local impl=$1 t=$2 op=$3 rows=$4 cols=$5 line
    line=$(PRAGREDUCE_BENCH=20 timeout 120 "bin/seg_$t" "$op" "$rows" "$cols" 1 2>"$out/seg-err.txt") || {
        echo "$impl,$t,$op,$rows,$cols,,,failed" >>"$csv"; sed 's/^/    /' "$out/seg-err.txt" | tail -3; return 0; }
    local check=${line##*check=}
    grep '^pragreduce-bench' "$out/seg-err.txt" | awk -v impl="$impl" -v t="$t" -v op="$op" \
        -v rows="$rows" -v cols="$cols" -v check="$check" '
        { for (i = 1; i <= NF; i++) if ($i == "median") us += $(i + 1); k++ }
        END { if (k) printf "%s,%s,%s,%s,%s,%.2f,%s,%d\n", impl, t, op, rows, cols, us, check, k
              else printf "%s,%s,%s,%s,%s,,%s,0\n", impl, t, op, rows, cols, check }' >>"$csv"
}
# wall clock per call of the whole nest (median of REPS calls)
wall() { # impl type op rows cols reps
    local impl=$1 t=$2 op=$3 rows=$4 cols=$5 reps=$6 line
    line=$(timeout 120 "bin/seg_$t" "$op" "$rows" "$cols" "$reps" 2>"$out/seg-err.txt") || {
        echo "$impl,$t,$op,$rows,$cols,,,failed" >>"$csv"; sed 's/^/    /' "$out/seg-err.txt" | tail -3; return 0; }
    local us=${line##*median_us=}
    us=${us%% *}
    # launches per call: 1 when segmented, else one per row
    echo "$impl,$t,$op,$rows,$cols,$us,${line##*check=},$([ $segmented = 1 ] && echo 1 || echo "$rows")" >>"$csv"
}

for t in float double; do
    # shellcheck disable=SC2086
    bin/vendor_bench "$t" mv $mv_shapes | sed 's/$/,1/' >>"$csv"
    for s in $mv_shapes; do
        rows=${s%x*} cols=${s#*x}
        if [ $segmented = 1 ]; then
            kernel pragreduce "$t" mv "$rows" "$cols"
            wall pragreduce-wall "$t" mv "$rows" "$cols" 20
        else
            wall pragreduce-wall "$t" mv "$rows" "$cols" 3
        fi
        [ "$t" = float ] && kernel pragreduce-outer "$t" mvouter "$rows" "$cols"
    done
    tail -n 4 "$csv"
done
for t in float double int; do
    # shellcheck disable=SC2086
    bin/vendor_bench "$t" rowsum $rs_shapes | sed 's/$/,1/' >>"$csv"
    for s in $rs_shapes; do
        rows=${s%x*} cols=${s#*x}
        if [ $segmented = 1 ]; then
            kernel pragreduce "$t" rowsum "$rows" "$cols"
            wall pragreduce-wall "$t" rowsum "$rows" "$cols" 20
        elif [ "$rows" -le 65536 ]; then
            wall pragreduce-wall "$t" rowsum "$rows" "$cols" 3
        else
            echo "skip: $t rowsum $rows x $cols: one launch per row"
        fi
    done
    tail -n 3 "$csv"
done
python3 plot_segmented.py "$csv" "$out" "$gpu"
echo "run-segmented: $(( $(date +%s) - t_start )) s"
