/* Auto mode's thresholds at a call's inner trips (choice.cuh's
 * scaled_threshold, from emit.c's emit_work_scale): gemm at LARGE, whose
 * model counts 16 trips for each inner loop of 1,100-1,200, weighed an
 * iteration at 408 ns against 2.3 us of copies, so the CPU "always";
 * scaled by its real trips (4,856 times the model's work) the GPU wins
 * from the first iteration. The facts are the ones pragreduce wrote for
 * PolyBench's gemm.c at LARGE (cost.c's threshold_facts).
 *   nvcc -O1 tests/runtime/scaled_threshold.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>

#include "under_test.cuh"

static int failures, checks;

static void expect(bool ok, const char *what, double work, unsigned long long got)
{
    checks++;
    if (!ok) {
        failures++;
        printf("FAIL %s (work %g: %llu)\n", what, work, got);
    }
}

int main()
{
    using pragreduce::scaled_threshold;
    const pragreduce::WorkFacts gemm = {408, 2300, 460, 227.951304, 30000, 0.0205301922, 11600};
    const pragreduce::u64 never = ~0ULL;
    expect(scaled_threshold(gemm, 1, false) == never, "the model's 16 trips: copies cost more", 1, scaled_threshold(gemm, 1, false));
    expect(scaled_threshold(gemm, 4856, false) == 1, "gemm's real trips: the GPU from one row", 4856,
           scaled_threshold(gemm, 4856, false));
    /* between the link's rate and the staging buffers': staged copies, from 4 MiB of them */
    expect(scaled_threshold(gemm, 2, false) == 228, "staged copies", 2, scaled_threshold(gemm, 2, false));
    pragreduce::u64 last = never;
    for (double w = 0.01; w < 1e7; w *= 1.7) {
        const pragreduce::u64 host = scaled_threshold(gemm, w, false), kept = scaled_threshold(gemm, w, true);
        expect(kept <= host, "kept arrays: never later than copied ones", w, kept);
        expect(host <= last, "more work an iteration: never a later GPU", w, host);
        expect(host >= 1, "at least one iteration", w, host);
        last = host;
    }
    /* a loop with no copies (its arrays only broadcast): the fixed cost alone */
    const pragreduce::WorkFacts none = {10, 0, 1e300, 0, 30000, 0.5, 11600};
    expect(scaled_threshold(none, 1, false) == 3000, "no copies: 30 us over 10 ns", 1, scaled_threshold(none, 1, false));
    printf("scaled_threshold: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}
