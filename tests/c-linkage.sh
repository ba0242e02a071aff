#!/usr/bin/env bash
# The transpiled file links with the program's gcc-built C files as the C
# file did (issue 40: headers, implicit declarations, K&R, the program's own
# names):
#   tests/c-linkage.sh GCC_OBJECT NVCC_OBJECT
# GCC_OBJECT is `gcc -c` of the C file, NVCC_OBJECT nvcc's of its output.
# Every external symbol the C object defines must be defined by the CUDA
# object under the same name (C linkage: a C++-mangled or internal one would
# leave a gcc-built caller unresolved), and no function the C object calls
# may be referenced by a mangled name (looked up with C++ linkage, it is not
# found in the C files and libraries that define it). Prints what is wrong;
# exit status 1 then.
set -u
g=$1 n=$2
defs() { nm -g --defined-only "$1" | awk 'NF == 3 && $2 ~ /^[TDBRCVWGS]$/ { print $3 }' | sort -u; }
missing=$(comm -23 <(defs "$g") <(defs "$n"))
# the bare names of the mangled references (std:: and other C++ names left
# out: only a name the C object uses unmangled is wrong)
leaked=$(comm -12 <(nm -u "$g" | awk '{ print $NF }' | sort -u) \
    <(nm -u "$n" | awk '$NF ~ /^_Z/ { print $NF }' | c++filt | grep -v '::' | sed 's/(.*//' | sort -u))
status=0
if [ -n "$missing" ]; then
    echo "not defined with C linkage by the CUDA object: $(echo $missing)"; status=1
fi
if [ -n "$leaked" ]; then
    echo "called with C++ linkage (a mangled name) by the CUDA object: $(echo $leaked)"; status=1
fi
exit $status
