/* A program whose marked loops all run on the CPU must not start CUDA: on
 * a real GPU the driver's first question (cudaGetDevice, cudaGetDeviceCount)
 * initializes it, ~0.2 s, 70 times a 1000-element loop on 16 threads. So
 * everything a wrapper does before its CPU path (the size's choice, the
 * look for kept copies, the host's writes, the CPU path's own bookkeeping)
 * asks the driver nothing while no copy is kept; the first call that wants
 * the GPU asks. Built on the fake device, which counts the questions.
 *   nvcc -O1 -DPRAGREDUCE_FAKE_DEVICE tests/runtime/no_cuda_on_cpu.cu -o t && ./t */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>

#include "under_test.cuh"

using namespace pragreduce;

static int failures;

static void expect(bool ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s (%u questions to the driver)\n", what, fake::queries().load());
        failures++;
    }
}

static const char *site = "t.c:1: reduce(+: s)";

int main()
{
    static float a[4096];
    region outer; /* main's, as the transpiler writes it */
    {
        region inner; /* a function with marked loops */
        host_wrote_box(a, sizeof a[0], [](long long i) { return i; }, 0LL, 4096LL);
        host_wrote(a, sizeof a);
        host_wrote_elems(a, sizeof a[0], 0, 4095);
        expect(data_where({a}) == DATA_NONE_KEPT, "data_where: none kept");
        expect(!use_gpu(site, 1000, 37500, 8932, true, {a}), "a small call: the CPU");
        expect(!use_gpu(site, 1000, 37500, 8932, false, {a, a + 1}), "a small call, one thread: the CPU");
        expect(!segments_on_gpu(site, 10, 100, 37500, 8932, false, false, {a}), "a small nest: the CPU");
        expect(cpu_in_place(100, 8932), "a tiny call: in place");
        {
            host_path on_cpu;
        }
        expect(fake::queries() == 0, "no question to the driver on the CPU path");
        expect(use_gpu(site, 1u << 24, 37500, 8932, false, {a}), "a large call: the GPU");
        expect(fake::queries() > 0, "the GPU's call asks the driver");
    }
    if (failures)
        return 1;
    printf("no_cuda_on_cpu: ok\n");
    return 0;
}
