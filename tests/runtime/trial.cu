/* Auto mode's trial (choice.cuh): calls in play run as the thresholds
 * choose, then on the CPU, and the faster window keeps them; a CPU window
 * running past 1.5 times the first stops the trial at once; calls out of
 * play (too small or too large) never take part, and PRAGREDUCE_ADAPT=0
 * or another mode leaves the trial out. Windows are made slow or fast by
 * sleeping, with margins far above timer noise.
 *   nvcc -O1 tests/runtime/trial.cu -o t && ./t          (the CPU wins)
 *   ./t stop                                             (the CPU loses, stopped early)
 *   ./t slow                          (calls of 100 us: launches do not matter, not tried)
 *   PRAGREDUCE_ADAPT=0 ./t off                           (no trial)
 *   ./t hint             (the last run's trial kept calls up to 5000 on the CPU) */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <thread>

#include "../../runtime/pragreduce_rt.cuh"

static int failures = 0;

static void expect(bool ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

using namespace pragreduce;
static const u64 kept = 1000; /* in play: 62 .. 16000 (no OpenMP: gain 1) */

/* a call in play of `trip` iterations goes to the CPU */
static bool on_cpu(u64 trip) { return timed_on_cpu(trip, kept, false) == TIMED_CPU; }

static void nap(int us) { std::this_thread::sleep_for(std::chrono::microseconds(us)); }

/* Calls in play until the trial ends (at most n); each sleeps `first_us`
 * in the thresholds' window and `cpu_us` once on the CPU. Returns calls made. */
static u64 run_calls(u64 n, int first_us, int cpu_us)
{
    u64 k = 0;
    for (; k < n && !trial().done.load(); k++) {
        const bool cpu = on_cpu(5000);
        nap(cpu ? cpu_us : first_us);
    }
    return k;
}

int main(int argc, char **argv)
{
    setenv("PRAGREDUCE_WARMUP", "0", 1);
    const char *what = argc > 1 ? argv[1] : "win";
    if (!strcmp(what, "off")) {
        expect(!settings().adapt, "PRAGREDUCE_ADAPT=0 read");
        expect(timed_on_cpu(5000, kept, false) == TIMED_NO, "no trial: the thresholds choose");
        expect(trial().done.load() && !trial().on_cpu.load(), "the trial is over before it starts");
        expect(!cpu_in_place(5000, kept) || newer_count() == 0, "in place once no trial runs");
    } else {
        setenv("PRAGREDUCE_DEVICE", "auto", 1);
        /* out of play: never counted */
        for (int i = 0; i < 1000; i++) {
            expect(timed_on_cpu(61, kept, false) == TIMED_NO, "below kept/16: out of play");
            expect(timed_on_cpu(16000, kept, false) == TIMED_NO, "at 16 x kept: out of play");
        }
        expect(trial().calls == 0, "out-of-play calls are not counted");
        expect(hint_notes().max_in_play.load() == 0, "out-of-play calls are not noted for the hint");
        if (!strcmp(what, "hint")) {
            /* the last run's trial kept calls up to 5000 on the CPU: no trial for them */
            warm_up_at_start.hinted_trip = 5000;
            expect(cpu_in_place(500, kept) == (newer_count() == 0), "covered and under kept: in place");
            for (int i = 0; i < 1000; i++)
                expect(on_cpu(5000) && on_cpu(100), "covered calls in play: the CPU");
            expect(trial().calls == 0 && !trial().done.load(), "covered calls make no trial");
            expect(timed_on_cpu(5001, kept, false) == TIMED_IN_PLAY, "a larger call in play starts the trial");
            expect(trial().calls == 1 && hint_notes().max_in_play.load() == 5001, "counted and noted");
            printf("trial (hint): ok\n");
            return failures != 0;
        }
        expect(!cpu_in_place(5000, kept), "in play while the trial runs: through the wrapper");
        if (!strcmp(what, "slow")) {
            /* calls of ~100 us: launches are not what costs; never tried */
            for (u64 i = 0; i < Trial::settle + Trial::window; i++) {
                expect(!on_cpu(5000), "the thresholds' window");
                nap(100);
            }
            expect(trial().done.load() && !trial().on_cpu.load(), "a slow first window ends the trial untried");
            expect(hint_notes().verdict.load() == VERDICT_GPU, "the verdict noted for the hint");
            expect(timed_on_cpu(5000, kept, false) == TIMED_NO, "the thresholds keep the calls");
            printf("trial (slow): ok\n");
            return failures != 0;
        }
        for (u64 i = 0; i < Trial::settle + Trial::window - 1; i++)
            expect(timed_on_cpu(5000, kept, false) == TIMED_IN_PLAY, "the thresholds' window, in play");
        expect(hint_notes().verdict.load() == VERDICT_NONE, "no verdict yet");
        /* the window's 128 calls take microseconds, unless the machine took
         * the processor away for 5 ms (a loaded test machine): timed from
         * here, the window is as fast as these calls are */
        trial().start = std::chrono::steady_clock::now();
        expect(on_cpu(5000), "the CPU's window starts");
        if (!strcmp(what, "stop")) {
            /* thresholds' window fast (already run), CPU window slow */
            trial().first_s = 2 * Trial::window * 1e-6; /* as if 2 us a call */
            const u64 k = run_calls(10 * Trial::window, 0, 200);
            expect(trial().done.load(), "the trial ended");
            expect(!trial().on_cpu.load(), "a slow CPU window gives the calls back");
            expect(hint_notes().verdict.load() == VERDICT_GPU, "the verdict noted for the hint");
            expect(k < Trial::settle + Trial::window / 2, "stopped before the CPU window's end");
        } else {
            /* thresholds' window slow (as if 1 ms a call), CPU window fast */
            trial().first_s = Trial::window * 1e-3;
            const u64 k = run_calls(10 * Trial::window, 0, 10);
            expect(trial().done.load() && k == Trial::settle + Trial::window, "the trial ran both windows");
            expect(trial().on_cpu.load(), "a faster CPU window keeps the calls");
            expect(hint_notes().verdict.load() == VERDICT_CPU, "the verdict noted for the hint");
            expect(hint_notes().max_in_play.load() == 5000, "the largest call in play noted");
            expect(on_cpu(5000), "calls in play stay on the CPU");
            expect(timed_on_cpu(20000, kept, false) == TIMED_NO, "calls out of play do not");
        }
    }
    if (failures)
        return 1;
    printf("trial (%s): ok\n", what);
    return 0;
}
