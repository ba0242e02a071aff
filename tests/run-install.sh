#!/usr/bin/env bash
# make install into a temporary PREFIX, then the examples built with what it
# installed, each against its gcc build at several sizes (no GPU: the marked
# loops run on the CPU, the output must be the same):
#   examples/make-project   make CC=PREFIX/bin/pragreduce-cc (PRAGREDUCE unset:
#                           the installed driver finds the installed transpiler)
#   examples/make-project   by hand: pragreduce + nvcc -c, gcc links with
#                           `pkg-config --libs pragreduce`
#   examples/cmake-project  find_package(pragreduce), CMAKE_PREFIX_PATH=PREFIX,
#                           with the Unix Makefiles and Ninja generators (Ninja
#                           when installed), and a header change rebuilds
# plus DESTDIR staging and make uninstall.
#
#   tests/run-install.sh          (from make install-test)
set -u
cd "$(dirname "$0")/.."
root=$PWD
make=${MAKE:-make}
sizes=${PR_PROJECT_SIZES:-"0 1 33 1025 100003"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
pass=0
fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ $# -lt 2 ] || sed 's/^/    /' "$2" | tail -20; fail=$((fail + 1)); }
unset PRAGREDUCE PRAGREDUCE_ARCH PRAGREDUCE_HOST_CC

# same NAME REF_PROG TEST_PROG: both print the same at every size
same() {
    local n diff=""
    for n in $sizes; do
        [ "$("$2" "$n" 2>&1)" == "$(PRAGREDUCE_DEVICE=${PR_PROJECT_DEVICE:-auto} "$3" "$n" 2>&1)" ] || diff+=" n=$n"
    done
    if [ -z "$diff" ]; then ok "$1"; else bad "$1: differs at$diff"; fi
}

# ---------------------------------------------------------------- install
if ! $make -s --no-print-directory install PREFIX="$prefix" >"$work/install.log" 2>&1; then
    bad "make install PREFIX=..." "$work/install.log"
    echo "install: $pass passed, $fail failed"
    exit 1
fi
want="bin/pragreduce bin/pragreduce-cc share/man/man1/pragreduce.1 share/man/man1/pragreduce-cc.1
      lib/pkgconfig/pragreduce.pc lib/cmake/pragreduce/pragreduceConfig.cmake
      lib/cmake/pragreduce/pragreduceConfigVersion.cmake"
missing=""
for f in $want; do [ -f "$prefix/$f" ] || missing+=" $f"; done
[ -x "$prefix/bin/pragreduce" ] && [ -x "$prefix/bin/pragreduce-cc" ] || missing+=" (executables)"
if [ -z "$missing" ]; then ok "make install PREFIX=..."; else bad "make install: missing$missing"; fi
version=$(sed -n 's/^#define PRAGREDUCE_VERSION "\(.*\)"/\1/p' transpiler/pragreduce.h)
if [ "$("$prefix/bin/pragreduce" --version)" == "pragreduce $version" ]; then ok "installed pragreduce --version"; else
    bad "installed pragreduce --version"; fi
if command -v man >/dev/null 2>&1; then
    if MANWIDTH=80 man -l "$prefix/share/man/man1/pragreduce.1" 2>&1 | grep -q -- '--keep-invalid'; then
        ok "man page"; else bad "man page (man -l)"; fi
fi

# DESTDIR: the files under DESTDIR, their paths naming PREFIX alone
stage=$work/stage
if $make -s --no-print-directory install DESTDIR="$stage" PREFIX=/opt/pr >"$work/destdir.log" 2>&1 &&
    [ -x "$stage/opt/pr/bin/pragreduce-cc" ] &&
    grep -qx 'prefix=/opt/pr' "$stage/opt/pr/lib/pkgconfig/pragreduce.pc"; then
    ok "make install DESTDIR=... PREFIX=/opt/pr"
else bad "make install DESTDIR=... PREFIX=/opt/pr" "$work/destdir.log"; fi
$make -s --no-print-directory uninstall DESTDIR="$stage" PREFIX=/opt/pr >/dev/null 2>&1
left=$(find "$stage" -type f | sed "s|^$stage/||")
if [ -z "$left" ]; then ok "make uninstall DESTDIR=..."; else bad "make uninstall DESTDIR=... left: $left"; fi

# ---------------------------------------------------------------- pkg-config
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
if command -v pkg-config >/dev/null 2>&1; then
    flags=$(pkg-config --cflags --libs pragreduce 2>"$work/pc.log")
    case " $flags " in
    *" -L"*" -lcudart "*"-lstdc++ "*) ok "pkg-config --cflags --libs pragreduce: $flags" ;;
    *) bad "pkg-config --cflags --libs pragreduce: '$flags'" "$work/pc.log" ;;
    esac
    if [ "$(pkg-config --variable=pragreduce_cc pragreduce)" == "$prefix/bin/pragreduce-cc" ] &&
        [ "$(pkg-config --variable=pragreduce pragreduce)" == "$prefix/bin/pragreduce" ] &&
        [ "$(pkg-config --modversion pragreduce)" == "$version" ]; then
        ok "pkg-config --variable=pragreduce_cc, pragreduce, --modversion"
    else bad "pkg-config variables"; fi
else
    bad "pkg-config is not installed (apt-get install pkg-config)"
fi

# ---------------------------------------------------------------- Makefile project
cp -r examples/make-project "$work/mk.gcc"
cp -r examples/make-project "$work/mk.pr"
rm -f "$work"/mk.*/stats "$work"/mk.*/*.o "$work"/mk.*/*.d "$work"/mk.*/*.pr.cu
if ! $make -s -C "$work/mk.gcc" CC=gcc >"$work/mk.gcc.log" 2>&1; then
    bad "make-project (make CC=gcc)" "$work/mk.gcc.log"
elif ! $make -s -C "$work/mk.pr" CC="$prefix/bin/pragreduce-cc" >"$work/mk.pr.log" 2>&1; then
    bad "make-project (make CC=PREFIX/bin/pragreduce-cc)" "$work/mk.pr.log"
elif [ ! -f "$work/mk.pr/stats.pr.cu" ] || [ ! -f "$work/mk.pr/main.pr.cu" ] || [ -f "$work/mk.pr/data.pr.cu" ]; then
    bad "make-project: the marked files (only) should have been transpiled: $(cd "$work/mk.pr" && echo *.pr.cu)"
else
    same "make-project (make CC=PREFIX/bin/pragreduce-cc)" "$work/mk.gcc/stats" "$work/mk.pr/stats"
fi

# by hand, linked by gcc with pkg-config's flags
mkdir -p "$work/pc"
if command -v pkg-config >/dev/null 2>&1 && (
    set -e
    src=$root/examples/make-project
    cd "$work/pc"
    for f in stats main; do
        "$(pkg-config --variable=pragreduce pragreduce)" "$src/$f.c" -o "$f.cu"
        ${NVCC:-nvcc} -O2 -w -c "$f.cu" -o "$f.o"
    done
    gcc -O2 -c "$src/data.c" -o data.o
    # shellcheck disable=SC2046
    gcc stats.o main.o data.o -o stats $(pkg-config --libs pragreduce)
) >"$work/pc.build.log" 2>&1; then
    same "make-project (nvcc objects linked by gcc with pkg-config --libs)" "$work/mk.gcc/stats" "$work/pc/stats"
else bad "make-project linked with pkg-config --libs" "$work/pc.build.log"; fi

# ---------------------------------------------------------------- CMake project
if ! command -v cmake >/dev/null 2>&1; then
    bad "cmake is not installed (apt-get install cmake)"
else
    # a copy: the header is touched below
    cp -r examples/cmake-project "$work/cm.src"
    rm -rf "$work/cm.src/build"
    src=$work/cm.src
    if cmake -S "$src" -B "$work/cm.gcc" -DUSE_PRAGREDUCE=OFF >"$work/cm.gcc.log" 2>&1 &&
        cmake --build "$work/cm.gcc" >>"$work/cm.gcc.log" 2>&1; then
        gens=("Unix Makefiles")
        command -v ninja >/dev/null 2>&1 && gens+=(Ninja) || echo "note: ninja not installed, the Ninja generator not tested"
        for g in "${gens[@]}"; do
            b="$work/cm.${g// /_}"
            if ! cmake -G "$g" -S "$src" -B "$b" -DCMAKE_PREFIX_PATH="$prefix" >"$b.log" 2>&1 ||
                ! cmake --build "$b" >>"$b.log" 2>&1; then
                bad "cmake-project ($g, find_package(pragreduce))" "$b.log"
                continue
            fi
            ncu=$(find "$b" -name '*.pr.cu' | wc -l)
            if [ "$ncu" != 2 ]; then bad "cmake-project ($g): $ncu transpiled files, expected 2 (histo.c, main.c)"; continue; fi
            same "cmake-project ($g, find_package(pragreduce))" "$work/cm.gcc/histo_demo" "$b/histo_demo"
            # the dependency files of the transpiled sources: a header change rebuilds them
            obj=$(find "$b" -name 'histo.c.o')
            before=$(stat -c %Y "$obj")
            sleep 1
            touch "$src/include/histo.h"
            cmake --build "$b" >>"$b.log" 2>&1
            if [ "$(stat -c %Y "$obj")" != "$before" ]; then ok "cmake-project ($g): a header change rebuilds"; else
                bad "cmake-project ($g): touching include/histo.h rebuilds nothing"; fi
        done
    else bad "cmake-project (gcc alone, -DUSE_PRAGREDUCE=OFF)" "$work/cm.gcc.log"; fi
fi

# ---------------------------------------------------------------- uninstall
$make -s --no-print-directory uninstall PREFIX="$prefix" >/dev/null 2>&1
left=$(find "$prefix" -type f | sed "s|^$prefix/||")
if [ -z "$left" ]; then ok "make uninstall PREFIX=..."; else bad "make uninstall PREFIX=... left: $left"; fi

echo "install: $pass passed, $fail failed"
[ $fail = 0 ]
