#!/bin/sh
# Checks for (check) or installs (install) the Debian packages pragreduce
# builds with: libclang, uthash, Check, pkg-config. nvcc comes with the
# CUDA toolkit and is only needed to build transpiled programs.
#   sh tools/deps.sh check|install [tests]
# `tests` adds what make install-test, make projects and make mpi (parts of
# make test) build and run the examples with: CMake, Ninja and Open MPI.
set -eu
mode=${1:-check}
what=${2:-build}
missing=""
# libclang 17 or newer is needed (clang_getCursorBinaryOperatorKind); Debian 12
# ships 19 as libclang-19-dev.
llvm_config=$(ls /usr/bin/llvm-config-* 2>/dev/null | sort -V | tail -n 1 || true)
version=""
[ -n "$llvm_config" ] && version=$("$llvm_config" --version 2>/dev/null | cut -d. -f1 || true)
incdir=""
[ -n "$llvm_config" ] && incdir=$("$llvm_config" --includedir 2>/dev/null || true)
if [ -z "$version" ] || [ "$version" -lt 17 ] || [ ! -f "$incdir/clang-c/Index.h" ]; then
    missing="$missing libclang-19-dev llvm-19-dev"
fi
[ -f /usr/include/uthash.h ] || missing="$missing uthash-dev"
[ -f /usr/include/check.h ] || missing="$missing check"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
if [ "$what" = tests ]; then
    command -v cmake >/dev/null 2>&1 || missing="$missing cmake"
    command -v ninja >/dev/null 2>&1 || missing="$missing ninja-build"
    command -v mpirun >/dev/null 2>&1 || missing="$missing openmpi-bin"
    command -v mpicc >/dev/null 2>&1 || missing="$missing libopenmpi-dev"
fi
[ -z "$missing" ] && exit 0
cmd="apt-get update && apt-get install -y$missing"
if [ "$(id -u)" = 0 ]; then
    echo "pragreduce: installing missing packages:$missing"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    exit 0
fi
if [ "$mode" = install ] || [ "$mode" = check ]; then
    echo "pragreduce: missing packages:$missing" >&2
    echo "install them as root with:  $cmd" >&2
    exit 1
fi
