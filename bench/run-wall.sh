#!/usr/bin/env bash
# Runs in a bundle made by bench/public/make-public-bundle.sh plus bench/*_whole.c
# and their .cu (transpiled with -fopenmp): whole-program wall time of the
# OpenMP build and of the auto build in its first three runs.
#   OUT=dir bash run-wall.sh     (SPECS="prog args;..." for a subset)
# Whole-program wall time (process start to exit): OpenMP build (two runs),
# the transpiled build in auto mode: first run (no hint), second, third.
# Every run's stdout kept in $OUT/runs/ to compare the results.
set -u
mkdir -p bin $OUT/runs
progs="cg_whole stencil_whole particles_whole lookups_whole kmeans_whole lu_whole nas_cg srad hotspot3d particlefilter lavamd xsbench kmeans ludcmp startup"
for p in $progs; do gcc -O3 -march=native -fopenmp $p.c -o bin/${p}_omp -lm & nvcc -O3 -arch=sm_90 -w -Xcompiler -fopenmp,-march=native $p.cu -o bin/${p}_new -lm & done; wait
export OMP_NUM_THREADS=16 XDG_CACHE_HOME=/tmp/wallcache
unset PRAGREDUCE_DEVICE
w() { local tag=$1; shift; local t0=$(date +%s.%N); timeout 120 "$@" > $OUT/runs/$tag 2>&1; local rc=$?; local t1=$(date +%s.%N); awk -v a=$t0 -v b=$t1 -v r=$rc 'BEGIN{printf "%s%.3f", (r ? "rc" r " " : ""), b-a}'; }
echo "| program | size | OpenMP a | OpenMP b | auto 1st | auto 2nd | auto 3rd |"
echo "|---|---|---|---|---|---|---|"
IFS=';' read -ra list <<<"${SPECS:-cg_whole 4096 75;stencil_whole 8192 100;particles_whole 65536 2;lookups_whole 16000000 4;kmeans_whole 2000000 50;lu_whole 4096;cg_whole 2048 75;stencil_whole 4096 100;particles_whole 32768 4;lookups_whole 8000000 4;kmeans_whole 494020 100;lu_whole 2048;nas_cg A;nas_cg B;srad 100 0.5 502 458;srad 100 0.5 2048 2048;hotspot3d 512 8 100;particlefilter -x 128 -y 128 -z 10 -np 400000;lavamd 10;xsbench 15000000 small;kmeans 494020 34 5;kmeans 819200 34 5;startup 1000}"
for spec in "${list[@]}"; do
  read -ra a <<<"$spec"; rm -rf $XDG_CACHE_HOME; t=$(echo "$spec" | tr ' ' '_')
  o1=$(w ${t}.omp1 bin/${a[0]}_omp "${a[@]:1}"); o2=$(w ${t}.omp2 bin/${a[0]}_omp "${a[@]:1}")
  n1=$(w ${t}.new1 bin/${a[0]}_new "${a[@]:1}"); n2=$(w ${t}.new2 bin/${a[0]}_new "${a[@]:1}"); n3=$(w ${t}.new3 bin/${a[0]}_new "${a[@]:1}")
  echo "| ${a[0]} | ${a[*]:1} | $o1 | $o2 | $n1 | $n2 | $n3 |"
done
