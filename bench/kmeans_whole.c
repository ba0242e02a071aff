/* k-means clustering (the shape of Rodinia's kmeans): N points of D float
 * features, K clusters, ITERS rounds of
 *   - assignment: each point to its nearest centre, counting the points
 *     that changed cluster (a parallel loop over points; the loop over
 *     centres carries the best distance, so it runs inside each iteration,
 *     and `delta` is reduced across them);
 *   - update: the features of each cluster's points summed (array sections
 *     `sums[0:K*D]` and `counts[0:K]`, as OpenMP's reduction clause on the
 *     same loop), then the centres moved to the means on the host.
 * Every loop keeps its OpenMP line: the same file is the OpenMP build (gcc
 * -fopenmp) and, through pragreduce, the GPU build.
 *   kmeans_whole [N] [ITERS]     (default 494020 20; D = 34, K = 5: -DK=...)
 * Prints the points that changed in the last round, a checksum of the
 * centres and the rounds' wall time. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define D 34
#ifndef K
#define K 5
#endif

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static long assign(const float *x, long n, const float *centre, int *member)
{
    long delta = 0;
#pragma omp parallel for reduction(+: delta)
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        int best = 0;
        float best_d = FLT_MAX;
        for (int c = 0; c < K; c++) {
            float dist = 0.0f;
            for (int j = 0; j < D; j++) {
                float t = x[i * D + j] - centre[c * D + j];
                dist += t * t;
            }
            if (dist < best_d) {
                best_d = dist;
                best = c;
            }
        }
        if (member[i] != best)
            delta++;
        member[i] = best;
    }
    return delta;
}

static void update(const float *x, long n, const int *member, float *centre)
{
    float sums[K * D];
    long counts[K];
    memset(sums, 0, sizeof sums);
    memset(counts, 0, sizeof counts);
#pragma omp parallel for reduction(+: sums[0:K * D], counts[0:K])
#pragma reduce(+: sums[0:K * D], counts[0:K])
    for (long i = 0; i < n; i++) {
        int c = member[i];
        counts[c]++;
        for (int j = 0; j < D; j++)
            sums[c * D + j] += x[i * D + j];
    }
    for (int c = 0; c < K; c++)
        if (counts[c] > 0)
            for (int j = 0; j < D; j++)
                centre[c * D + j] = sums[c * D + j] / (float)counts[c];
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 494020;
    int iters = argc > 2 ? atoi(argv[2]) : 20;
    if (n < K || iters < 1)
        return 2;
    float *x = malloc((size_t)n * D * sizeof *x);
    int *member = malloc((size_t)n * sizeof *member);
    float centre[K * D];
    if (!x || !member)
        return 1;
    /* points scattered around k hidden centres; each feature's noise is a
     * hash of its index rather than the next number of one running
     * generator, so that each point is set up on its own: the set-up is a
     * parallel loop in both builds */
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        const int g = (int)(i % K);
        for (int j = 0; j < D; j++) {
            unsigned h = (unsigned)(i * D + j) * 2654435761u;
            h ^= h >> 15;
            h *= 2246822519u;
            h ^= h >> 13;
            h *= 3266489917u;
            h ^= h >> 16;
            x[i * D + j] = (float)(g * 3 + (j % 7)) + (float)(h >> 8) / 16777216.0f - 0.5f;
        }
        member[i] = -1;
    }
    for (int c = 0; c < K; c++)
        for (int j = 0; j < D; j++)
            centre[c * D + j] = x[(long)c * 7919 % n * D + j];
    long delta = 0;
    const double t0 = now_s();
    for (int it = 0; it < iters; it++) {
        delta = assign(x, n, centre, member);
        update(x, n, member, centre);
    }
    const double t1 = now_s();
    double check = 0;
    for (int c = 0; c < K * D; c++)
        check += centre[c] * (double)(c % 5 + 1);
    printf("kmeans: %ld points, %d clusters, %d rounds, last changed %ld, check %.4f, loop %.3f s\n", n, K,
           iters, delta, check, t1 - t0);
    free(x);
    free(member);
    return 0;
}
