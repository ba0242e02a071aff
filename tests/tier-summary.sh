#!/usr/bin/env bash
# The end of make test and make check: each tier's line from DIR/NAME.result
# (tests/tier.sh), then the totals over all tiers,
#   N passed, N failed
# Exit status 1 when a tier failed or an expected tier left no result
# (it did not run: make stopped before it).
#   tests/tier-summary.sh DIR START_SECONDS TITLE NAME...
set -u
dir=$1 start=$2 title=$3
shift 3
pass=0 fail=0 cpu=0 status=0
echo "---------------------------------------------------------------- $title"
for name in "$@"; do
    if [ ! -f "$dir/$name.result" ]; then
        printf '  %-14s did not run\n' "$name"; fail=$((fail + 1)); status=1; continue
    fi
    read -r _ st p f w c <"$dir/$name.result"
    printf '  %-14s %-6s %5s passed %3s failed %6s s wall %6s s CPU\n' "$name" \
        "$([ "$st" = 0 ] && echo ok || echo FAILED)" "$p" "$f" "$w" "$c"
    pass=$((pass + p)) fail=$((fail + f)) cpu=$((cpu + c))
    [ "$st" = 0 ] || status=1
done
echo "  all tiers: $(($(date +%s) - start)) s wall, $cpu s CPU"
echo "$pass passed, $fail failed"
exit $status
