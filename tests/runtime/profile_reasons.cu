/* PRAGREDUCE_PROFILE's reasons for calls on the CPU: each way use_gpu()
 * and segments_on_gpu() say no is counted under its reason, and the line
 * printed at exit lists them (a GPU present or not: both are checked).
 *   nvcc -O1 tests/runtime/profile_reasons.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <thread>
#include <vector>

#include "../../runtime/pragreduce_rt.cuh"

static int failures = 0;

static void expect(bool ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

int main()
{
    setenv("PRAGREDUCE_PROFILE", "1", 1);
    setenv("PRAGREDUCE_DEVICE", "auto", 1);
    setenv("PRAGREDUCE_WARMUP", "0", 1);
    static const char site[] = "t.c:1: reduce(+: s)";
    using namespace pragreduce;
    /* the warm-up was planned before main (the variables above came too
     * late for it): none started here, and one started before main is
     * waited for (auto mode's cheap calls run on the CPU until it is done) */
    context_starter().store(nullptr);
    while (context_state().load() == CONTEXT_WARMING)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    expect(!use_gpu(site, 10, 1000), "below the threshold runs on the CPU");
    expect(!use_gpu(site, 999, 1000), "one below the threshold runs on the CPU");
    const bool gpu = use_gpu(site, 1000, 1000);
    expect(gpu == gpu_present(site), "at the threshold: the GPU when there is one");
    SiteProfile s = profile_sites().at(0);
    expect(s.calls == 3, "three calls counted");
    expect(s.cpu_small == 2 && s.cpu_below == 1000, "two calls below 1000 iterations");
    expect(s.cpu_no_gpu == (gpu ? 0u : 1u), "no usable GPU counted only without one");
    expect(s.cpu_forced == 0 && s.cpu_inside == 0, "no other reason counted");
    /* a segmented loop's wrapper asks use_gpu, then segments_on_gpu: one call */
    (void)segments_on_gpu(site, 5, 7, 1000, false);
    expect(profile_sites().at(0).calls == 3, "segments_on_gpu counts no call of its own");
    if (gpu) {
        /* a nest of 2 segments with an independent loop inside: too few */
        expect(!segments_on_gpu(site, 2, 1 << 20, 1, true), "two segments stay on the CPU");
        expect(profile_sites().at(0).cpu_few_segments == 1, "too few segments counted");
    }
    /* calls from many threads at once (a small loop inside an OpenMP loop):
     * each thread counts on its own, the profile sums them, in the order
     * the sites were first used */
    static const char other[] = "t.c:9: reduce(max: m)";
    const SiteProfile before = profile_sites().at(0);
    std::vector<std::thread> team;
    for (int t = 0; t < 8; t++)
        team.emplace_back([t] {
            for (int k = 0; k < 10000; k++)
                (void)use_gpu(t % 2 ? site : other, 10, 1000);
        });
    for (std::thread &t : team)
        t.join();
    const std::vector<SiteProfile> all = profile_sites();
    expect(all.size() == 2 && all[0].site == site && strcmp(all[1].site, other) == 0,
           "two sites, in order of first use");
    expect(all[0].calls == before.calls + 40000 && all[0].cpu_small == before.cpu_small + 40000, "every thread's calls summed");
    expect(all.size() == 2 && all[1].calls == 40000 && all[1].cpu_below == 1000, "the other site's calls summed");
    /* the line itself is printed at exit (atexit), for the log */
    printf("profile_reasons: %d failures\n", failures);
    return failures != 0;
}
