#!/bin/sh
# Turns the runtime header, with the layers it includes, into a C string,
# so the transpiler can copy it into every output file:
#   embed.sh runtime/pragreduce_rt.cuh > runtime_text.c
# Each quoted #include of a .cuh is replaced by that file's text, the first
# time only (their include guards would skip the others anyway).
set -eu
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
echo "/* Generated from $1 and the layers it includes by runtime/embed.sh. */"
echo "const char pragreduce_runtime_text[] ="
expand "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n"/'
echo "    ;"
