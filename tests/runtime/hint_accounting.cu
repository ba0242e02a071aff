/* What a run tells the warm-up's hint (warmup.cuh): every look for the GPU
 * is counted once per call, and those of calls in play before the trial's
 * verdict are the trial's; a parallel loop's second look at its segments
 * (segments_on_gpu with no thresholds) is not a look of its own. Built on
 * the fake device, so the GPU is "there" without one.
 *   nvcc -O1 -DPRAGREDUCE_FAKE_DEVICE tests/runtime/hint_accounting.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>

#include "under_test.cuh"

using namespace pragreduce;

static int failures;

static void expect(bool ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

static const char *site = "t.c:1: reduce parallel";
static const u64 below = 100, kept = 1000; /* in play: 62 .. 16000 */

/* a parallel loop's call as emit.c writes it: use_gpu, then its segments */
static bool parallel_call(u64 trip)
{
    if (!use_gpu(site, trip, below, kept, false, {}))
        return false;
    return segments_on_gpu(site, trip, 1, 0, 0, false, false, {});
}

static bool trial_only()
{
    u64 bound;
    RunFacts f = {false, true, 0, gpu_seeks().load(), hint_notes().trial_gpu_calls.load(),
                  hint_notes().max_in_play.load(), VERDICT_CPU};
    return hint_change(f, &bound) == HINT_WRITE && bound == f.max_in_play;
}

int main()
{
    setenv("PRAGREDUCE_DEVICE", "auto", 1);
    for (int k = 0; k < 20; k++)
        expect(parallel_call(5000), "in play, the thresholds' window: the GPU");
    expect(gpu_seeks().load() == 20, "one look per call");
    expect(hint_notes().trial_gpu_calls.load() == 20, "each the trial's");
    expect(hint_notes().max_in_play.load() == 5000, "the largest call in play noted");
    expect(trial_only(), "a CPU verdict would write the hint, bound 5000");
    expect(!parallel_call(50), "below every threshold: the CPU");
    expect(gpu_seeks().load() == 20, "no look below the threshold");
    /* out of play: a look beyond the trial */
    expect(parallel_call(20000), "out of play, above the threshold: the GPU");
    expect(gpu_seeks().load() == 21 && hint_notes().trial_gpu_calls.load() == 20, "counted, not the trial's");
    expect(!trial_only(), "a look beyond the trial: no hint");
    /* a data region looks too */
    static double a[16];
    {
        data_region r("t.c:9: reduce data");
        r.in(a, sizeof a);
    }
    expect(gpu_seeks().load() == 22, "a data region's look counted");
    if (failures)
        return 1;
    printf("hint accounting: ok\n");
    return 0;
}
