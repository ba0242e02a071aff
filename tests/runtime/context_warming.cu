/* Auto mode while the CUDA context is being made (host.cuh's
 * context_ready): a call that wants the GPU runs on the CPU path instead
 * of waiting ~0.2 s, counted as a look for the GPU and under its own
 * reason (a call 256 times the GPU threshold's size or more waits for
 * the context). Where none was made before main, the warm-up starts once
 * such calls have gone on for 0.25 s (or at a long call); once the context
 * is made, calls go to the GPU. Built on the fake device, whose own warm-up
 * makes its context at once, so the states are set here by hand.
 *   nvcc -O1 -DPRAGREDUCE_FAKE_DEVICE tests/runtime/context_warming.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <stdlib.h>

#include "../../runtime/pragreduce_rt.cuh"

using namespace pragreduce;

static int failures;

static void expect(bool ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

static const char *site = "t.c:1: reduce(+: s)";
static int starts;

static void start_warming()
{
    starts++;
    context_state().store(CONTEXT_WARMING);
}

/* What profile_print_cpu_reasons writes for s. */
static const char *reasons_of(const SiteProfile &s)
{
    static char text[1024];
    FILE *f = tmpfile();
    fflush(stderr);
    const int saved = dup(2);
    dup2(fileno(f), 2);
    profile_print_cpu_reasons(s);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(f);
    const size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

int main()
{
    setenv("PRAGREDUCE_PROFILE", "1", 1);
    setenv("PRAGREDUCE_DEVICE", "auto", 1);
    const u64 big = 1u << 20, long_call = 37500ULL * 256;
    /* no context before main: a warm-up that waits for a loop to want the GPU */
    context_state().store(CONTEXT_NONE);
    context_starter().store(start_warming);
    expect(!use_gpu(site, 1000, 37500, 8932, false, {}), "a small call: the CPU");
    expect(starts == 0, "a small call starts no warm-up");
    const u64 seeks = gpu_seeks().load();
    expect(!use_gpu(site, big, 37500, 8932, false, {}), "the first call that wants the GPU: the CPU");
    expect(starts == 0, "and no context yet: the program may end soon");
    std::this_thread::sleep_for(std::chrono::milliseconds(260));
    expect(!use_gpu(site, big, 37500, 8932, false, {}), "0.25 s on: the CPU still");
    expect(starts == 1, "and the warm-up starts");
    expect(!use_gpu(site, big, 37500, 8932, false, {}), "the next one too, while it runs");
    expect(starts == 1, "started once");
    expect(gpu_seeks().load() == seeks + 3, "each looked for the GPU");
    expect(!segments_on_gpu(site, 1 << 10, 1 << 10, 37500, 8932, false, false, {}), "a nest: the CPU");
    /* a call 256 times the threshold's size or more waits for the context */
    expect(use_gpu(site, long_call, 37500, 8932, false, {}), "a long call waits: the GPU");
    expect(!use_gpu(site, long_call - 256, 37500, 8932, false, {}), "a shorter one does not");
    const SiteProfile s = profile_sites().at(0);
    expect(s.cpu_warming == 5 && s.cpu_small == 1, "counted under their reasons");
    /* the profile's words for them: waiting for the context, or, once the
     * run found there is no GPU, that */
    expect(strstr(reasons_of(s), "5 before the CUDA context was ready") != nullptr, "the profile: the context");
    no_gpu_seen().store(true);
    expect(strstr(reasons_of(s), "5 no usable GPU") != nullptr &&
               strstr(reasons_of(s), "context was ready") == nullptr,
           "the profile without a GPU: no usable GPU");
    no_gpu_seen().store(false);
    expect(s.gpu_calls == 0, "no GPU call");
    /* made: the GPU */
    context_state().store(CONTEXT_MADE);
    expect(use_gpu(site, big, 37500, 8932, false, {}), "once the context is made: the GPU");
    expect(starts == 1, "no second start");
    /* a long call asks for the context at once */
    context_state().store(CONTEXT_NONE);
    expect(use_gpu(site, long_call, 37500, 8932, false, {}) && starts == 2, "a long call starts it at once");
    printf("context_warming: %d failures\n", failures);
    return failures != 0;
}
