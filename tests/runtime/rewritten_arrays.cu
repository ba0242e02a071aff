/* Auto mode's choice where the host rewrote kept arrays since (choice.cuh,
 * DATA_REWRITTEN): each call would copy them again, so a loop whose CPU
 * path runs on OpenMP threads takes the cost model's threshold against
 * the team (cpu_below_rewritten; the largest: never) instead of the one
 * against one core. Only where half the kept bytes or more were rewritten
 * (k-means' labels beside its kept points: not), and only with a team.
 * A loop that writes no array weighs the team also where its arrays were
 * never kept. Built on the fake device, with OpenMP.
 *   nvcc -O1 -DPRAGREDUCE_FAKE_DEVICE -Xcompiler -fopenmp tests/runtime/rewritten_arrays.cu -o t && ./t */
#include <cuda_runtime.h>
#include <omp.h>

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

static const char *site = "t.c:1: reduce(+: s)";
static const u64 never = ~0ULL, trip = 1 << 20, below = 1000, kept = 500;

static void keep(const void *host, size_t bytes)
{
    call_epoch()++;
    expect(resident_in(host, bytes, site, nullptr) != nullptr, "kept");
}

int main()
{
    setenv("PRAGREDUCE_DEVICE", "auto", 1);
    omp_set_num_threads(8);
    expect(openmp_gain() > 1, "a team of 8 gains");
    static float grid[1 << 16], points[1 << 16];
    static int labels[1 << 10];
    {
        region r;
        keep(grid, sizeof grid);
        expect(data_where({grid}) == DATA_KEPT, "kept and clean");
        expect(use_gpu(site, trip, below, kept, true, {grid}, never), "kept and clean: the GPU");
        host_wrote(grid, sizeof grid);
        expect(data_where({grid}) == DATA_REWRITTEN, "rewritten");
        expect(!use_gpu(site, trip, below, kept, true, {grid}, never), "rewritten, a team: the CPU");
        expect(!use_gpu(site, trip, below, kept, true, {grid}, 2 * trip), "below the team's threshold: the CPU");
        expect(use_gpu(site, 4 * trip, below, kept, true, {grid}, 2 * trip), "above it: the GPU");
        expect(use_gpu(site, trip, below, kept, false, {grid}, never), "rewritten, one thread: the GPU");
        expect(use_gpu(site, trip, below, kept, true, {grid}), "no threshold of its own: the GPU");
        expect(segments_on_gpu(site, 1024, 1024, below, kept, true, false, {grid}) &&
                   !segments_on_gpu(site, 1024, 1024, below, kept, true, false, {grid}, never),
               "a nest too");
        /* never kept: a loop that writes no array weighs the team; one that
         * writes arrays leaves them on the GPU for the loops after it */
        /* (its own mapping, away from the arrays kept here) */
        double *fresh = (double *)malloc((size_t)1 << 22);
        expect(data_where({fresh}) == DATA_NONE_KEPT, "never kept");
        expect(!use_gpu(site, trip, below, kept, true, {fresh}, never, true), "never kept, reads only: the CPU");
        expect(use_gpu(site, trip, below, kept, true, {fresh}, never, false), "never kept, writes: the GPU");
        expect(use_gpu(site, trip, below, kept, false, {fresh}, never, true), "never kept, one thread: the GPU");
        /* while a kernel's writes wait on the GPU (another array's), the CPU
         * path would bring them back first: no team rule */
        static float out[1 << 12];
        call_epoch()++;
        expect(resident_inout(out, sizeof out, site, nullptr) != nullptr, "an output kept");
        resident_out(out, sizeof out, site);
        expect(newer_count() == 1, "its bytes newer on the GPU");
        keep(grid, sizeof grid);
        host_wrote(grid, sizeof grid);
        expect(use_gpu(site, trip, below, kept, true, {grid}, never, true), "rewritten, newer bytes elsewhere: the GPU");
        expect(use_gpu(site, trip, below, kept, true, {fresh}, never, true), "never kept, newer bytes elsewhere: the GPU");
        host_reads_all();
        expect(newer_count() == 0, "back on the host");
        /* a copy of the rows from k on (LU's matrix once its first updates
         * ran on the CPU): found for the choice by the array's first element */
        {
            region inner;
            static double matrix[64 * 64];
            call_epoch()++;
            expect(resident_inout(matrix + 16 * 64, 48 * 64 * sizeof(double), site, nullptr) != nullptr,
                   "rows 16 on kept");
            resident_out(matrix + 16 * 64, 48 * 64 * sizeof(double), site);
            expect(data_where({matrix}) == DATA_NEWER_ON_GPU, "rows 16 on newer: found by row 0");
            host_reads_all();
            expect(data_where({matrix}) == DATA_KEPT, "and kept after");
        }
        /* a quarter rewritten: copying it is cheap */
        keep(grid, sizeof grid);
        host_wrote(grid, sizeof grid / 4);
        expect(data_where({grid}) == DATA_ON_HOST, "a quarter rewritten");
        expect(use_gpu(site, trip, below, kept, true, {grid}, never), "a quarter rewritten: the GPU");
        /* LU's pivot search after a row swap: kept, a little rewritten, the
         * loop writes nothing: the GPU, where the loops after it keep them */
        expect(use_gpu(site, trip, below, kept, true, {grid}, never, true), "a quarter rewritten, reads only: the GPU");
        /* k-means: the points kept, the labels rewritten */
        keep(points, sizeof points);
        keep(labels, sizeof labels);
        host_wrote(labels, sizeof labels);
        expect(data_where({points, labels}) == DATA_ON_HOST, "labels rewritten beside kept points");
        expect(use_gpu(site, trip, below, kept, true, {points, labels}, never), "k-means' labels: the GPU");
        free(fresh);
    }
    printf("rewritten_arrays: %d failures\n", failures);
    return failures != 0;
}
