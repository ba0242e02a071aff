#!/usr/bin/env bash
# The functions every call of a small marked loop runs on the CPU (the
# in-place path, the wrapper's choice), often from every thread of an
# OpenMP team millions of times, may only read shared state: one atomic
# write (exchange, fetch_add, a lock) on every call bounces a cache line
# between the cores. settings() once did (`warned.exchange(true)` for the
# misspelled-variable warning): Rodinia lavaMD's 21 million particle sums
# on 16 threads took 5.8 s against OpenMP's 2.2. A write the function
# makes only once or rarely carries `(rare)` in a comment on its line.
#
#   tests/runtime/hot_path.sh [RUNTIME_DIR]
set -u
dir=${1:-$(dirname "$0")/../../runtime/pragreduce}
hot="settings device_mode inline_mode cpu_inline cpu_in_place cpu_parts in_cpu_part
     in_openmp_team trial_says_cpu timed_on_cpu note_in_play hinted_cpu_trip
     auto_threshold thread_state newer_count region_top region_stack chain_pending
     chain_sync_pending chain_next host_reads_all profiling"
bad=0 found=0
for f in $hot; do
    body=$(awk -v name="$f" '
        !inside && $0 ~ "^PRAGREDUCE_FN[^(]*[ *&]" name "\\(" { inside = 1; depth = 0; seen = 0 }
        inside {
            print FILENAME ":" FNR ": " $0
            n = split($0, ch, "")
            for (i = 1; i <= n; i++) {
                if (ch[i] == "{") { depth++; seen = 1 }
                if (ch[i] == "}") depth--
            }
            if (seen && depth == 0) { inside = 0; exit }
        }' "$dir"/*.cuh)
    if [ -z "$body" ]; then
        echo "FAIL: hot-path function '$f' not found in $dir (renamed? update this list)"
        bad=1
        continue
    fi
    found=$((found + 1))
    hits=$(printf '%s\n' "$body" | grep -E '[^_]exchange\(|fetch_(add|sub|or|and|xor)\(|lock_guard|unique_lock|\.lock\(\)|mutex' |
           grep -v '(rare)')
    if [ -n "$hits" ]; then
        echo "FAIL: '$f' runs on every small call and writes shared state:"
        printf '  %s\n' "$hits"
        bad=1
    fi
done
echo "hot_path: $found functions checked, $([ $bad = 0 ] && echo ok || echo FAILED)"
exit $bad
