#!/usr/bin/env bash
# Runs on the GPU machine (bench bundle's run-host.sh): end-to-end
# reductions over host arrays, wall clock of the whole call (issue: host data
# at the link's speed). Prints host-e2e lines and writes $OUT/host.txt.
#   bash run-host.sh [log2_n]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
out=${OUT:-$here/bench-out}
mkdir -p "$out" bin
n=$((1 << ${1:-28}))
for p in host_float host_float_pin host_int; do
    nvcc -O3 -arch=sm_90 "$p.cu" -o "bin/$p" &
done
nvcc -O3 -arch=sm_90 -std=c++17 host_naive.cu -o bin/host_naive &
wait
export PRAGREDUCE_DEVICE=gpu
log="$out/host.txt"
: >"$log"
run() { # label command...
    local label=$1
    shift
    "$@" | grep '^host-e2e' | sed "s/^host-e2e:/host-e2e: $label/" | tee -a "$log"
}
echo "cores: $(nproc)" | tee -a "$log"
run "impl=naive-pageable" bin/host_naive "$n" 7 0
run "impl=naive-pinned" bin/host_naive "$n" 7 1
run "impl=pragreduce" bin/host_float "$n" 7
run "impl=pragreduce-pin-host" bin/host_float_pin "$n" 7
run "impl=pragreduce-int" bin/host_int "$n" 7
# arrays larger than the GPU's memory, simulated with a 256 MiB budget:
# chunk by chunk, each chunk's kernel overlapped with the next copy
PRAGREDUCE_DEVICE_MEM_KB=262144 run "impl=pragreduce-chunked-256MiB" bin/host_float "$n" 7
PRAGREDUCE_DEVICE_MEM_KB=262144 run "impl=pragreduce-int-chunked-256MiB" bin/host_int "$n" 7
for t in 1 2 4 8 12 16; do
    PRAGREDUCE_COPY_THREADS=$t run "impl=pragreduce threads=$t" bin/host_float "$n" 5
done
for c in 2048 4096 16384 32768; do
    PRAGREDUCE_COPY_CHUNK_KB=$c run "impl=pragreduce chunk_kb=$c" bin/host_float "$n" 5
done
for k in 20 22 24 26; do
    run "impl=pragreduce size=2^$k" bin/host_float $((1 << k)) 7
    run "impl=naive-pageable size=2^$k" bin/host_naive $((1 << k)) 7 0
done
