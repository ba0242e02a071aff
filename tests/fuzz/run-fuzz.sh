#!/usr/bin/env bash
# Builds the libFuzzer target with clang and runs it for $1 seconds (default
# 60) over a copy of the seed corpus (tests/fuzz/seeds plus every test
# program). New inputs stay in tests/fuzz/corpus-work (ignored by git).
set -eu
seconds=${1:-60}
cd "$(dirname "$0")/../.."
clang=$(ls /usr/bin/clang-[0-9]* 2>/dev/null | sort -V | tail -n 1)
llvm_config=$(ls /usr/bin/llvm-config-* | sort -V | tail -n 1)
inc=$($llvm_config --includedir)
lib=$($llvm_config --libdir)
res=$(ls -d "$lib"/clang/* | sort -V | tail -n 1)
mkdir -p build/fuzz tests/fuzz/corpus-work
make -s build/runtime_text.c
"$clang" -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE \
    -DPR_CLANG_RESOURCE_DIR="\"$res\"" -I"$inc" -Itranspiler \
    tests/fuzz/fuzz_transpile.c $(ls transpiler/*.c | grep -v main.c) build/runtime_text.c \
    -o build/fuzz/fuzz_transpile -L"$lib" -Wl,-rpath,"$lib" -lclang -ldl
for f in tests/fuzz/seeds/* samples/*.c tests/e2e/*.c tests/reject/*.c tests/gpu/*.c; do
    [ -f "$f" ] && cp "$f" tests/fuzz/corpus-work/ 2>/dev/null || true
done
ASAN_OPTIONS=detect_leaks=1 build/fuzz/fuzz_transpile -max_total_time="$seconds" -max_len=65536 \
    -timeout=20 -rss_limit_mb=4096 -dict=tests/fuzz/pragreduce.dict tests/fuzz/corpus-work
