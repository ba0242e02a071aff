#!/bin/sh
# Turns the runtime header, with the layers it includes, into a C string,
# so the transpiler can copy it into every output file:
#   embed.sh runtime/pragreduce_rt.cuh > runtime_text.c
# or, with --header, into the header of the runtime library (files built
# with --runtime=library include it): the same text, but each function
# marked PRAGREDUCE_FN (the runtime's functions with no template
# parameter) only declared, its body left to libpragreduce:
#   embed.sh --header runtime/pragreduce_rt.cuh > pragreduce/runtime.cuh
# Each quoted #include of a .cuh is replaced by that file's text, the first
# time only (their include guards would skip the others anyway).
set -eu
header=0
if [ "${1:-}" = --header ]; then header=1; shift; fi
seen=$(mktemp)
trap 'rm -f "$seen"' EXIT
expand() {
    dir=$(dirname "$1")
    while IFS= read -r line; do
        case $line in
        '#include "'*'.cuh"')
            inc=${line#'#include "'}
            path=$(realpath -m "$dir/${inc%'"'}")
            if ! grep -qxF "$path" "$seen"; then
                echo "$path" >>"$seen"
                (expand "$path")
            fi
            ;;
        *) printf '%s\n' "$line" ;;
        esac
    done <"$1"
}
# Bodies out: a marked function starts at column 0 and its body ends at
# the first `}` in column 0 (one-line bodies end on their line); a marked
# line ending in `;`, or followed by lines the first of which to end in `;`
# comes before any `{` alone, is a declaration already (else it ate the
# text up to the next body, mpi.cuh's fail, and dropped that body).
declarations_only() {
    awk '
    skip == 2 { if ($0 == "}") skip = 0; next }
    skip == 1 && /;$/ { print sig "\n" $0; skip = 0; next } # a declaration of several lines
    skip == 1 { if ($0 == "{") { print sig ";"; skip = 2 } else sig = sig "\n" $0; next }
    /^PRAGREDUCE_FN / {
        if ($0 ~ /;$/) { print; next }
        if ($0 ~ /}$/) { line = $0; sub(/ *\{.*$/, ";", line); print line; next }
        sig = $0; skip = 1; next
    }
    { print }'
}
if [ $header = 1 ]; then
    echo "/* pragreduce runtime, the header of libpragreduce: generated from $1"
    echo " * by runtime/embed.sh --header (the runtime's functions declared only). */"
    echo "#ifndef PRAGREDUCE_RUNTIME_HEADER"
    echo "#define PRAGREDUCE_RUNTIME_HEADER 1"
    echo "#define PRAGREDUCE_FN"
    expand "$1" | declarations_only
    echo "#endif"
    exit
fi
echo "/* Generated from $1 and the layers it includes by runtime/embed.sh. */"
echo "const char pragreduce_runtime_text[] ="
expand "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n"/'
echo "    ;"
