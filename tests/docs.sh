#!/usr/bin/env bash
# The docs cannot drift from the code: every option `pragreduce --help`
# lists must be in the man page and in docs/command-line.md, every setting
# in the runtime's table of variables (known_variables in
# runtime/pragreduce/host.cuh) in the man page and in docs/environment.md;
# the rows of those two docs tables must name real options and variables;
# pragreduce-cc's own options and variables (its usage text) must be in the
# man page and command-line.md too; and the man page's list of options
# pragreduce-cc refuses must be the driver's own list, holding none of the
# options pragreduce takes.
#   tests/docs.sh [build/pragreduce]
set -u
pr=${1:-}
case $pr in '' | /*) ;; *) pr=$PWD/$pr ;; esac
cd "$(dirname "$0")/.." || exit 1
pr=${pr:-build/pragreduce}
man=man/pragreduce.1
cmdline=docs/command-line.md
envdoc=docs/environment.md
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

for f in "$pr" "$man" "$cmdline" "$envdoc" runtime/pragreduce/host.cuh tools/pragreduce-cc; do
    [ -e "$f" ] || { echo "FAIL: $f is missing"; echo "docs: 0 passed, 1 failed"; exit 1; }
done

# the man page as text: \- is -, font changes and quotes dropped; its
# tags, the lines after .TP that an entry defines (options, variables)
man_text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(em/-/g' -e 's/"//g' "$man")
man_tags=$(printf '%s\n' "$man_text" | awk 'tp { print; tp = 0 } /^\.TP/ { tp = 1 }')

# whether TEXT names OPT as a whole word:
# not a prefix of a longer name (-O in -O2, --explain in --explain=brief);
# an option ending in '=' (-std=) is followed by its value
names() {
    local text=$1 opt=$2 re
    re=$(printf '%s' "$opt" | sed 's/[][\.*^$+?(){}|/]/\\&/g')
    case $opt in
    *=) re="(^|[^A-Za-z0-9_-])$re" ;;
    *) re="(^|[^A-Za-z0-9_-])$re([^A-Za-z0-9_=-]|\$)" ;;
    esac
    printf '%s\n' "$text" | grep -Eq -- "$re"
}

# ------------------------------------------------------------ the options
help=$("$pr" --help) || { echo "FAIL: $pr --help"; echo "docs: 0 passed, 1 failed"; exit 1; }
# the option words of --help's options section, as written there
# (-fdiagnostics-color[=...] is -fdiagnostics-color, -g... is -g, -std=STD
# is -std=); words that are not pragreduce's (nvcc's -Xcompiler) are those
# pragreduce itself calls an unknown option
words=$(printf '%s\n' "$help" | sed -n '/^options:/,/^$/p' | grep -oE -- '(^|[ ,(;:])--?[A-Za-z][A-Za-z0-9-]*(=[a-z]*)?' |
    sed -E 's/^[ ,(;:]//' | sort -u)
options=()
for w in $words; do
    case $w in -std=*) w=-std= ;; esac
    if "$pr" "$w" 2>&1 | grep -q "unknown option"; then continue; fi
    options+=("$w")
done
[ ${#options[@]} -ge 20 ] && ok || bad "only ${#options[@]} options found in $pr --help"
# the first column of command-line.md's first table (pragreduce's options)
table=$(awk '/^\| option \|/ { n++ } n == 1 && /^\| `-/' "$cmdline" | cut -d'|' -f2)
rows=$(printf '%s\n' "$table" | grep -oE -- '`--?[A-Za-z][A-Za-z0-9-]*(=[a-z]*)?' | tr -d '`' | sort -u)
[ -n "$rows" ] && ok || bad "no option table in $cmdline"
for o in "${options[@]}"; do
    names "$man_tags" "$o" && ok || bad "$o (in $pr --help) has no entry in $man"
    names "$table" "$o" && ok || bad "$o (in $pr --help) is not in $cmdline's table"
done
# every option the table names is one pragreduce takes
for o in $rows; do
    if "$pr" "$o" 2>&1 | grep -q "unknown option"; then
        bad "$o (in $cmdline's table) is not an option of $pr"
    else
        ok
    fi
done

# ------------------------------------------------- the environment variables
vars=$(sed -n '/known_variables\[\] = {/,/};/p' runtime/pragreduce/host.cuh | grep -oE '"PRAGREDUCE_[A-Z_]+"' | tr -d '"')
[ "$(printf '%s\n' $vars | wc -l)" -ge 15 ] && ok || bad "the settings table in runtime/pragreduce/host.cuh was not found"
env_rows=$(grep -oE '^\| `PRAGREDUCE_[A-Z_]+`' "$envdoc" | tr -d '|` ')
for v in $vars; do
    names "$man_tags" "$v" && ok || bad "$v (runtime/pragreduce/host.cuh) has no entry in $man"
    printf '%s\n' $env_rows | grep -qx "$v" && ok || bad "$v (runtime/pragreduce/host.cuh) is not in $envdoc's table"
done
for v in $env_rows; do
    if printf '%s\n' $vars | grep -qx "$v"; then ok; else bad "$v (in $envdoc's table) is not in the runtime's settings table"; fi
done

# ------------------------------------------ pragreduce-cc's own options
# from its usage line ("usage: pragreduce-cc [--gpu=ARCH] ..."): an entry
# in the man page, a row in command-line.md's second table (the driver's)
cc_usage=$(grep -m1 '^usage: pragreduce-cc' tools/pragreduce-cc)
cc_options=$(printf '%s\n' "$cc_usage" | grep -oE -- '--[a-z][a-z-]*=?' | sort -u)
[ -n "$cc_options" ] && ok || bad "no usage line in tools/pragreduce-cc"
cc_table=$(awk '/^\| option \|/ { n++ } n == 2 && /^\| `-/' "$cmdline" | cut -d'|' -f2)
for o in $cc_options; do
    names "$man_tags" "$o" && ok || bad "pragreduce-cc's $o has no entry in $man"
    names "$cc_table" "$o" && ok || bad "pragreduce-cc's $o is not in $cmdline's pragreduce-cc table"
done
# the variables its usage names (Environment: PRAGREDUCE, NVCC, ...)
for v in $(sed -n '/^Environment: /,/^See /p' tools/pragreduce-cc | grep -oE '\b(PRAGREDUCE[A-Z_]*|NVCC)\b' | sort -u); do
    names "$man_tags" "$v" && ok || bad "pragreduce-cc's $v has no entry in $man"
done

# ---------------------------------------------- what pragreduce-cc refuses
# the man page's sentence "Refused for a file with marked loops ...: -a, -b."
man_refused=$(printf '%s\n' "$man_text" | sed -n '/^Refused for a file/,/^\.SH/p' | grep -oE -- '--?[a-z][a-z-]*' | sort -u)
# the driver's: the case patterns (those starting with -imacros) whose
# options it adds to refused=()
cc_refused=$(grep -E '^[[:space:]]+-imacros' tools/pragreduce-cc | sed 's/).*//' | grep -oE -- '--?[a-z][a-z-]*' | sort -u)
[ -n "$man_refused" ] && ok || bad "no list of refused options in $man"
if [ "$man_refused" = "$cc_refused" ]; then ok; else
    bad "$man's refused options ($(echo $man_refused)) are not tools/pragreduce-cc's ($(echo $cc_refused))"
fi
for o in "${options[@]}"; do
    if printf '%s\n' $man_refused | grep -qx -- "$o"; then bad "$man says $o is refused, and pragreduce takes it"; else ok; fi
done

echo "docs: $pass passed, $fail failed"
[ $fail = 0 ]
