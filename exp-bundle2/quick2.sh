cd "$(dirname "$0")"; mkdir -p bin
for p in pr_float pr_double pr_int; do nvcc -w -O3 -arch=sm_90 $p.cu -o bin/$p & done; nvcc -O3 -arch=sm_90 -std=c++17 cub_bench.cu -o bin/cub_bench & wait
for t in float double int; do bin/cub_bench $t 1048576 16777216 67108864 268435456 | grep ",sum,"; done
for p in pr_float pr_double pr_int; do for n in 1048576 16777216 67108864 268435456; do
 PRAGREDUCE_DEVICE=gpu PRAGREDUCE_BENCH=20 bin/$p $n 2>&1 >/dev/null | grep pragreduce-bench | sed -n '9p;10p' | sed "s/^/$p $n /" | sed 's/pragreduce-bench: bench.reduce_bench.c://; s/: trip [0-9]*//; s/ over 20 runs//'
done; done
