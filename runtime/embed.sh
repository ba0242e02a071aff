#!/bin/sh
# Turns the runtime header into a C string, so the transpiler can copy it
# into every output file: embed.sh runtime/pragreduce_rt.cuh > runtime_text.c
set -eu
echo "/* Generated from $1 by runtime/embed.sh. */"
echo "const char pragreduce_runtime_text[] ="
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n"/' "$1"
echo "    ;"
