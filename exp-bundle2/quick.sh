cd "$(dirname "$0")"; mkdir -p bin
for p in pr_float pr_float_prev pr_float_u16 pr_float_u4 pr_float_b256; do nvcc -w -O3 -arch=sm_90 $p.cu -o bin/$p & done; nvcc -O3 -arch=sm_90 -std=c++17 cub_bench.cu -o bin/cub_bench & wait
bin/cub_bench float 16777216 67108864 268435456 | grep ",sum,"
for p in pr_float pr_float_prev pr_float_u16 pr_float_u4 pr_float_b256; do for n in 16777216 67108864 268435456; do
 PRAGREDUCE_DEVICE=gpu PRAGREDUCE_BENCH=20 bin/$p $n 2>&1 >/dev/null | grep pragreduce-bench | sed -n '1p;9p;10p' | sed "s/^/$p $n /" | sed 's/pragreduce-bench: //'
done; done
