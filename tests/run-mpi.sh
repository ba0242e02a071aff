#!/usr/bin/env bash
# MPI programs with comm(...) clauses (tests/mpi/*.c, samples/mpi_*.c, and
# tests/mpi/two_files, whose objects are linked by pragreduce-cc):
# each is built by pragreduce-cc with mpicc as the host compiler, and again
# on the fake device (-DPRAGREDUCE_FAKE_DEVICE, every marked loop through
# the GPU path's host plumbing), then run at several sizes with 1 to 4 ranks
# (oversubscribed) in auto mode, 2 and 3 on the fake device, 4 in cpu mode. Every rank's output must match the same program built
# by mpicc alone (the pragmas ignored) and run as one rank: integers, min,
# max and logical results exactly, sums and products within a tolerance
# (tests/mpi/common.h). comm(C, ordered) results must also be the same bits
# on every rank and in a second run.
#   tests/run-mpi.sh PRAGREDUCE [PROGRAM.c...]
set -u
[ $# -ge 1 ] || { echo "usage: tests/run-mpi.sh PRAGREDUCE [PROGRAM.c...]" >&2; exit 2; }
pragreduce=$(realpath "$1")
shift
cd "$(dirname "$0")/.."
if ! command -v mpicc >/dev/null 2>&1 || ! command -v mpirun >/dev/null 2>&1; then
    echo "*** SKIPPED: no mpicc/mpirun (Debian: apt-get install openmpi-bin libopenmpi-dev) ***" >&2
    exit 0
fi
progs=("$@")
[ ${#progs[@]} -gt 0 ] || progs=(tests/mpi/*.c samples/mpi_*.c)
# ranks without iterations (n = 0, 3), blocks that differ by one (40001);
# the samples need a row per rank
test_sizes=${PR_MPI_SIZES:-"0 3 40001"}
sample_sizes=${PR_MPI_SAMPLE_SIZES:-"4 1001 40001"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# root (CI containers) must say so; shared memory without single-copy
# (ptrace is often not allowed in containers); no binding when oversubscribed
[ "$(id -u)" = 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun --oversubscribe --bind-to none --mca btl self,vader
        --mca btl_vader_single_copy_mechanism none)
export PRAGREDUCE=$pragreduce
pass=0
fail=0

# compare REF GOT
# shellcheck source=tests/mpi/compare.sh
source tests/mpi/compare.sh

# check NAME NP MODE_ENV BIN N: run BIN with NP ranks; every rank's file against the reference
check() {
    local name=$1 np=$2 envs=$3 bin=$4 n=$5 r out="$work/$1.$2.$5"
    # shellcheck disable=SC2086
    if ! env $envs "${mpirun[@]}" -np "$np" "$bin" "$n" "$out" >"$out.log" 2>&1; then
        echo "FAIL $name: $np ranks, n=$n, $envs: exit status"; sed 's/^/    /' "$out.log" | head -20
        fail=$((fail + 1)); return 1
    fi
    for ((r = 0; r < np; r++)); do
        if ! compare "$work/$name.ref.$n.0" "$out.$r" >"$out.diff"; then
            echo "FAIL $name: $np ranks, n=$n, $envs: rank $r"; sed 's/^/    /' "$out.diff" | head -10
            fail=$((fail + 1)); return 1
        fi
    done
    # ordered results: the same bits on every rank
    if grep -q ' ordered ' "$out.0"; then
        for ((r = 1; r < np; r++)); do
            cmp -s "$out.0" "$out.$r" || { echo "FAIL $name: $np ranks, n=$n: rank $r differs from rank 0 (ordered)"; fail=$((fail + 1)); return 1; }
        done
        cp "$out.0" "$out.first"
        # shellcheck disable=SC2086
        env $envs "${mpirun[@]}" -np "$np" "$bin" "$n" "$out" >"$out.log" 2>&1 &&
            cmp -s "$out.0" "$out.first" || { echo "FAIL $name: $np ranks, n=$n: a second run differs (ordered)"; fail=$((fail + 1)); return 1; }
    fi
    pass=$((pass + 1))
}

for src in "${progs[@]}"; do
    name=$(basename "$src" .c)
    ref="$work/$name.ref" bin="$work/$name" fake="$work/$name.fake"
    if ! mpicc -std=gnu11 -O1 -w -Itests/mpi "$src" -o "$ref" -lm 2>"$work/$name.err" ||
        ! PRAGREDUCE_HOST_CC=mpicc tools/pragreduce-cc -O1 -Itests/mpi "$src" -o "$bin" -lm 2>>"$work/$name.err" ||
        ! PRAGREDUCE_HOST_CC=mpicc tools/pragreduce-cc -O1 -Itests/mpi -DPRAGREDUCE_FAKE_DEVICE "$src" -o "$fake" -lm 2>>"$work/$name.err"; then
        echo "FAIL $src: build"; sed 's/^/    /' "$work/$name.err" | head -20; fail=$((fail + 1)); continue
    fi
    before=$fail
    case $src in samples/*) sizes=$sample_sizes ;; *) sizes=$test_sizes ;; esac
    for n in $sizes; do
        "${mpirun[@]}" -np 1 "$ref" "$n" "$ref.$n" >"$work/$name.ref.log" 2>&1 ||
            { echo "FAIL $src: the mpicc build failed at n=$n"; fail=$((fail + 1)); continue; }
        for np in 1 2 3 4; do check "$name" "$np" "PRAGREDUCE_DEVICE=auto" "$bin" "$n"; done
        for np in 2 3; do check "$name" "$np" "PRAGREDUCE_DEVICE=gpu" "$fake" "$n"; done
        check "$name" 4 "PRAGREDUCE_DEVICE=cpu" "$bin" "$n"
    done
    [ $fail = "$before" ] && echo "ok   $src (auto: 1-4 ranks, fake device: 2, 3, cpu: 4; n = $sizes)"
done
# a program of two files: objects by pragreduce-cc -c (the plain one through
# mpicc), linked by pragreduce-cc through mpicc
if [ $# = 0 ]; then
    d=tests/mpi/two_files name=two_files bin="$work/two_files" ref="$work/two_files.ref"
    if mpicc -std=gnu11 -O1 -w $d/main.c $d/norms.c -o "$ref" -lm 2>"$work/tf.err" &&
        PRAGREDUCE_HOST_CC=mpicc tools/pragreduce-cc -O1 -c $d/main.c -o "$work/main.o" 2>>"$work/tf.err" &&
        PRAGREDUCE_HOST_CC=mpicc tools/pragreduce-cc -O1 -c $d/norms.c -o "$work/norms.o" 2>>"$work/tf.err" &&
        PRAGREDUCE_HOST_CC=mpicc tools/pragreduce-cc "$work/main.o" "$work/norms.o" -o "$bin" -lm 2>>"$work/tf.err"; then
        before=$fail
        for n in 3 40001; do
            "${mpirun[@]}" -np 1 "$ref" "$n" "$ref.$n" >"$work/tf.log" 2>&1
            for np in 1 2 3 4; do check "$name" "$np" "PRAGREDUCE_DEVICE=auto" "$bin" "$n"; done
        done
        [ $fail = "$before" ] && echo "ok   $d (objects by pragreduce-cc -c, linked through mpicc; 1-4 ranks)"
    else
        echo "FAIL $d: build"; sed 's/^/    /' "$work/tf.err" | head -20; fail=$((fail + 1))
    fi
fi

# what the ranks' parts cannot settle stops the program, with a message
if [ $# = 0 ]; then
    src=tests/mpi/fail/zero_signs.c bin="$work/zero_signs"
    if ! PRAGREDUCE_HOST_CC=mpicc tools/pragreduce-cc -O1 -Itests/mpi "$src" -o "$bin" 2>"$work/zs.err"; then
        echo "FAIL $src: build"; sed 's/^/    /' "$work/zs.err" | head; fail=$((fail + 1))
    elif "${mpirun[@]}" -np 2 "$bin" 1000 "$work/zs" >"$work/zs.log" 2>&1 ||
        ! grep -q "comm(...): the minimum or maximum is a zero, met with both signs" "$work/zs.log"; then
        echo "FAIL $src: 2 ranks did not stop with the message"; sed 's/^/    /' "$work/zs.log" | head; fail=$((fail + 1))
    elif ! "${mpirun[@]}" -np 1 "$bin" 1000 "$work/zs" >"$work/zs.log" 2>&1 || ! grep -qx "max exact -0" "$work/zs.0"; then
        echo "FAIL $src: 1 rank"; sed 's/^/    /' "$work/zs.log" "$work/zs.0" | head; fail=$((fail + 1))
    else
        pass=$((pass + 1)); echo "ok   $src (stops on 2 ranks)"
    fi
fi
echo "mpi: $pass passed, $fail failed"
[ $fail = 0 ]
