#!/usr/bin/env bash
# One tier of make test: runs COMMAND with its output in DIR/NAME.log, then
# writes DIR/NAME.result (status, passed, failed, wall and CPU seconds) for
# tests/tier-summary.sh and prints one line, with the failures and the log's
# tail when the tier failed. Tiers run side by side (make -j), so their
# output goes to the logs, not interleaved on the terminal.
#   tests/tier.sh DIR NAME COMMAND...
# Counts: every "...: N passed, M failed" line the runners print, summed;
# Check's "Checks: N, Failures: F, Errors: E" for the unit tests; a tier
# that prints neither (make runtime-test) counts as one test. A tier that
# exits non-zero counts at least one failure, whatever it printed.
set -u
dir=$1 name=$2
shift 2
mkdir -p "$dir"
log=$dir/$name.log
echo "tier $name: started"
start=$(date +%s%N)
"$@" >"$log" 2>&1
status=$?
wall=$((($(date +%s%N) - start) / 1000000000))
# the CPU time of everything the tier ran (the children's user + system
# time), which the machine's other load does not inflate as it does wall time
times >"$dir/$name.times" # not in a pipe: a subshell has no children of its own
cpu=$(tail -n 1 "$dir/$name.times" | awk '{ for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } print s }')
counts=$(awk '
    match($0, /: [0-9]+ passed, [0-9]+ failed/) {
        split(substr($0, RSTART + 2, RLENGTH - 2), w, /[ ,]+/); p += w[1]; f += w[3]; seen = 1
    }
    match($0, /Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+/) {
        split(substr($0, RSTART, RLENGTH), w, /[ ,:]+/); p += w[2] - w[4] - w[6]; f += w[4] + w[6]; seen = 1
    }
    END { if (seen) print p + 0, f + 0; else print "" }' "$log")
if [ -z "$counts" ]; then
    if [ $status = 0 ]; then counts="1 0"; else counts="0 1"; fi
fi
read -r pass fail <<<"$counts"
[ $status != 0 ] && [ "$fail" = 0 ] && fail=1
printf '%s %s %s %s %s %.0f\n' "$name" "$status" "$pass" "$fail" "$wall" "$cpu" >"$dir/$name.result"
if [ $status = 0 ]; then
    printf 'tier %s: ok, %s passed, %s s wall, %.0f s CPU\n' "$name" "$pass" "$wall" "$cpu"
else
    printf 'tier %s: FAILED (exit %s), %s passed, %s failed, %s s wall, %.0f s CPU; log %s\n' \
        "$name" "$status" "$pass" "$fail" "$wall" "$cpu" "$log"
    grep -A12 '^FAIL\|\*\*\*\|Error [0-9]\|error:' "$log" | head -60 | sed 's/^/    /'
    echo "    ... the log's end:"
    tail -n 15 "$log" | sed 's/^/    /'
fi
exit $status
