#!/usr/bin/env bash
# Multi-file programs (tests/projects/*/): the files with marked loops are
# transpiled and built by nvcc, the others by gcc, and all linked together;
# the program must print what its gcc build prints, at several sizes. Each
# project is transpiled once and built three ways: plain, with -rdc=true (device code linked
# across files), and on the fake device (-DPRAGREDUCE_FAKE_DEVICE, every
# marked loop through the GPU path's copies and residency). A project with
# its own Makefile is built by it, with CC=gcc and CC=tools/pragreduce-cc;
# one with a CMakeLists.txt also by CMake with CC=tools/pragreduce-cc.
#
#   tests/run-projects.sh PRAGREDUCE [PROJECT_DIR...]
# PR_PROJECT_SIZES: the sizes; PR_PROJECT_DEVICE: PRAGREDUCE_DEVICE for the
# runs (default auto; the fake-device build always gpu); PR_NVCC_FLAGS:
# more nvcc flags; PR_WORK: the work folder (emptied first and kept; a
# fixed one makes every path the same on two machines, which
# tests/pragreduce-replay needs to build the projects where libclang is
# missing); PR_PROJECT_RUNTIME: library (the files include the runtime's
# header and link build/lib/libpragreduce.a, made by `make lib` when
# missing; tools/pragreduce-cc finds it too: the default where this tree
# can build it) or embedded (the default elsewhere: the GPU bundle's tree).
set -u
[ $# -ge 1 ] || { echo "usage: tests/run-projects.sh PRAGREDUCE [PROJECT_DIR...]" >&2; exit 2; }
pragreduce=$(realpath "$1")
shift
cd "$(dirname "$0")/.."
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(tests/projects/*/)
nvcc=${NVCC:-nvcc}
sizes=${PR_PROJECT_SIZES:-"0 1 33 1025 100003"}
if [ -n "${PR_WORK:-}" ]; then
    work=$PR_WORK
    rm -rf "$work" && mkdir -p "$work" || exit
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
pass=0
fail=0
runtime=${PR_PROJECT_RUNTIME:-}
if [ -z "$runtime" ]; then
    if [ -f build/lib/libpragreduce.a ] || [ -f Makefile ]; then runtime=library; else runtime=embedded; fi
fi
export PRAGREDUCE_RUNTIME=$runtime # for tools/pragreduce-cc
rt_pr=() rt_nv=() rt_link=()
if [ "$runtime" = library ]; then
    [ -f build/lib/libpragreduce.a ] || make -s lib >/dev/null || exit
    rt_pr=(--runtime=library) rt_nv=(-I"$PWD/build/include") rt_link=(-L"$PWD/build/lib" -lpragreduce)
fi

# transpile DIR OUT: each file with marked loops, once for the three builds
# (written beside the sources: quoted includes are found from the output's folder)
transpile() {
    local dir=$1 out=$2 f
    mkdir -p "$out"
    for f in "$dir"/*.c; do
        grep -q "^[[:space:]]*#[[:space:]]*pragma[[:space:]]\+reduce" "$f" || continue
        "$pragreduce" "${rt_pr[@]+"${rt_pr[@]}"}" "$f" -o "$out/$(basename "$f" .c).cu" 2>"$out/$(basename "$f" .c).log" || { echo "pragreduce $f"; return 1; }
    done
}

build() { # dir cu_dir out mode
    local dir=$1 cus=$2 out=$3 mode=$4 f base objs=() flags=""
    mkdir -p "$out"
    case $mode in rdc) flags="-rdc=true" ;; fake) flags="-DPRAGREDUCE_FAKE_DEVICE" ;; esac
    # fake: the plain build compiles the same device code fully (the macro
    # changes host code only) and the fake build never runs it: only parsed
    # (unless PR_NVCC_FLAGS picks the device code)
    [ $mode = fake ] && [ -z "${PR_NVCC_FLAGS:-}" ] && flags+=" -gencode arch=compute_75,code=compute_75 -Xcicc -O0"
    flags+=" ${PR_NVCC_FLAGS:-}"
    for f in "$dir"/*.c; do
        base=$(basename "$f" .c)
        if [ -f "$cus/$base.cu" ]; then
            cp "$cus/$base.cu" "$out/$base.cu"
            # shellcheck disable=SC2086
            # no -I: the quoted includes beside the source are found from the output folder
            "$nvcc" -O2 -w $flags "${rt_nv[@]+"${rt_nv[@]}"}" -c "$out/$base.cu" -o "$out/$base.o" 2>>"$out/$base.log" ||
                { echo "nvcc $f"; return 1; }
        else
            gcc -std=gnu11 -O2 -w -c "$f" -o "$out/$base.o" 2>"$out/$base.log" || { echo "gcc $f"; return 1; }
        fi
        objs+=("$out/$base.o")
    done
    # shellcheck disable=SC2086
    "$nvcc" $flags "${objs[@]}" -o "$out/prog" "${rt_link[@]+"${rt_link[@]}"}" -lm 2>"$out/link.log" || { echo "link: $(head -3 "$out/link.log")"; return 1; }
}

# a project with its own Makefile: built unchanged with CC=gcc and with
# CC=pragreduce-cc, the two programs compared; then a header touched must
# make the driver's dependency files rebuild what includes it
make_project() {
    local dir=$1 name=$2 n bad=""
    cp -r "$dir" "$work/$name.gcc" && cp -r "$dir" "$work/$name.pr"
    if ! make -s -C "$work/$name.gcc" CC=gcc >"$work/$name.gcc.log" 2>&1; then
        echo "FAIL $name (make, CC=gcc)"; sed 's/^/    /' "$work/$name.gcc.log" | head; fail=$((fail + 1)); return
    fi
    if ! PRAGREDUCE=$pragreduce make -s -C "$work/$name.pr" CC="$PWD/tools/pragreduce-cc" >"$work/$name.pr.log" 2>&1; then
        echo "FAIL $name (make, CC=pragreduce-cc)"; sed 's/^/    /' "$work/$name.pr.log" | head -20; fail=$((fail + 1)); return
    fi
    for n in $sizes; do
        [ "$("$work/$name.gcc/prog" "$n" 2>&1)" == "$(PRAGREDUCE_DEVICE=${PR_PROJECT_DEVICE:-auto} "$work/$name.pr/prog" "$n" 2>&1)" ] || bad+=" n=$n"
    done
    if [ -z "$bad" ]; then echo "ok   $name (make, CC=pragreduce-cc)"; pass=$((pass + 1)); else
        echo "FAIL $name (make, CC=pragreduce-cc): differs at$bad"; fail=$((fail + 1)); fi
    # a project's `transpiled` file lists the CUDA files the driver must have
    # made (marked loops reached only through a header, say)
    if [ -f "$dir/transpiled" ]; then
        local cu missing=""
        for cu in $(cat "$dir/transpiled"); do [ -f "$work/$name.pr/$cu" ] || missing+=" $cu"; done
        if [ -z "$missing" ]; then pass=$((pass + 1)); else
            echo "FAIL $name: not transpiled:$missing"; fail=$((fail + 1)); fi
    fi
    local h
    for h in "$work/$name.pr"/*.h "$work/$name.pr"/*/*.h; do
        [ -f "$h" ] || continue
        sleep 1
        touch "$h"
        if PRAGREDUCE=$pragreduce make -q -C "$work/$name.pr" CC="$PWD/tools/pragreduce-cc" prog >/dev/null 2>&1; then
            echo "FAIL $name: touching $(basename "$h") rebuilds nothing (dependency files)"; fail=$((fail + 1))
        else pass=$((pass + 1)); fi
        PRAGREDUCE=$pragreduce make -s -C "$work/$name.pr" CC="$PWD/tools/pragreduce-cc" >/dev/null 2>&1
    done
}

# a project with a CMakeLists.txt: configured and built by CMake with
# CC=pragreduce-cc, compared with its Makefile's gcc build
cmake_project() {
    local dir=$1 name=$2 n bad=""
    if ! command -v cmake >/dev/null; then echo "FAIL $name: cmake is not installed"; fail=$((fail + 1)); return; fi
    cp -r "$dir" "$work/$name.cmake"
    if ! (cd "$work/$name.cmake" && PRAGREDUCE=$pragreduce CC="$OLDPWD/tools/pragreduce-cc" cmake -S . -B build &&
        PRAGREDUCE=$pragreduce cmake --build build -j "${PR_JOBS:-$(nproc)}") >"$work/$name.cmake.log" 2>&1; then
        echo "FAIL $name (cmake, CC=pragreduce-cc)"; tail -n 20 "$work/$name.cmake.log" | sed 's/^/    /'; fail=$((fail + 1)); return
    fi
    for n in $sizes; do
        [ "$("$work/$name.gcc/prog" "$n" 2>&1)" == "$(PRAGREDUCE_DEVICE=${PR_PROJECT_DEVICE:-auto} "$work/$name.cmake/build/prog" "$n" 2>&1)" ] || bad+=" n=$n"
    done
    if [ -z "$bad" ]; then echo "ok   $name (cmake, CC=pragreduce-cc)"; pass=$((pass + 1)); else
        echo "FAIL $name (cmake, CC=pragreduce-cc): differs at$bad"; fail=$((fail + 1)); fi
}

for dir in "${dirs[@]}"; do
    dir=${dir%/}
    name=$(basename "$dir")
    if [ -f "$dir/Makefile" ]; then
        make_project "$dir" "$name"
        [ -f "$dir/CMakeLists.txt" ] && cmake_project "$dir" "$name"
        continue
    fi
    # built from a copy in the work folder, as the Makefile projects are
    cp -r "$dir" "$work/$name.src" && dir=$work/$name.src
    gcc -std=gnu11 -O2 -w "$dir"/*.c -o "$work/$name.ref" -lm || { echo "FAIL $name: gcc build"; fail=$((fail + 1)); continue; }
    if ! why=$(transpile "$dir" "$work/$name.cu"); then
        echo "FAIL $name: $why"; fail=$((fail + 3)); continue
    fi
    for mode in plain rdc fake; do
        out="$work/$name.$mode"
        if ! why=$(build "$dir" "$work/$name.cu" "$out" "$mode"); then
            echo "FAIL $name ($mode): $why"
            fail=$((fail + 1))
            continue
        fi
        env="PRAGREDUCE_DEVICE=${PR_PROJECT_DEVICE:-auto}"
        [ "$mode" = fake ] && env="PRAGREDUCE_DEVICE=gpu"
        bad=""
        for n in $sizes; do
            want=$("$work/$name.ref" "$n" 2>&1)
            # shellcheck disable=SC2086
            got=$(env $env "$out/prog" "$n" 2>&1)
            [ "$want" == "$got" ] || bad+=" n=$n"
        done
        if [ -z "$bad" ]; then echo "ok   $name ($mode)"; pass=$((pass + 1)); else
            echo "FAIL $name ($mode): differs at$bad"; fail=$((fail + 1)); fi
    done
done
echo "projects: $pass passed, $fail failed"
[ $fail = 0 ]
