/* Monte Carlo cross-section lookups (the shape of XSBench's event loop):
 * a unionized energy grid of G points with, for each, the cross sections
 * of K nuclides; each of L lookups draws an energy from a hash of its
 * index, finds its grid interval by binary search, interpolates the K
 * nuclides' cross sections and weighs them by a material's densities. One
 * `#pragma reduce parallel reduce(+: total)` loop over the lookups keeps
 * each lookup's macroscopic cross section (`out[l]`) and their sum; a
 * second pass counts lookups above the mean (`#pragma reduce(+: above)`).
 * Repeated BATCHES times, as a transport code samples generation after
 * generation. Every loop keeps its OpenMP line.
 *   lookups_whole [L] [BATCHES]     (default 8000000 4)
 * Prints the mean, the count and the batches' wall time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define G 262144 /* grid points */
#define K 32     /* nuclides */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double lookups(const double *egrid, const double *xs, const double *dens, double *out, long l0,
                      long nl)
{
    double total = 0;
#pragma omp parallel for reduction(+: total)
#pragma reduce parallel reduce(+: total) in(egrid[0:G], xs[0:G * K], dens[0:K])
    for (long l = 0; l < nl; l++) {
        unsigned long long h = (unsigned long long)(l + l0) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 32;
        const double e = (double)(h >> 11) / 9007199254740992.0;
        long lo = 0, hi = G - 1;
        while (hi - lo > 1) {
            long mid = (lo + hi) / 2;
            if (egrid[mid] > e)
                hi = mid;
            else
                lo = mid;
        }
        const double f = (e - egrid[lo]) / (egrid[hi] - egrid[lo]);
        double macro = 0;
        for (int k = 0; k < K; k++)
            macro += dens[k] * (xs[lo * K + k] + f * (xs[hi * K + k] - xs[lo * K + k]));
        out[l] = macro;
        total += macro;
    }
    return total;
}

static long above(const double *out, double level, long nl)
{
    long c = 0;
#pragma omp parallel for reduction(+: c)
#pragma reduce(+: c)
    for (long l = 0; l < nl; l++)
        c += out[l] > level;
    return c;
}

int main(int argc, char **argv)
{
    long nl = argc > 1 ? atol(argv[1]) : 8000000;
    int batches = argc > 2 ? atoi(argv[2]) : 4;
    if (nl < 1 || batches < 1)
        return 2;
    double *egrid = malloc(G * sizeof *egrid), *xs = malloc((size_t)G * K * sizeof *xs);
    double *dens = malloc(K * sizeof *dens), *out = malloc((size_t)nl * sizeof *out);
    if (!egrid || !xs || !dens || !out)
        return 1;
    for (long g = 0; g < G; g++)
        egrid[g] = (double)g / (double)(G - 1);
    for (long g = 0; g < G; g++)
        for (int k = 0; k < K; k++)
            xs[g * K + k] = 1.0 + (double)((g * 131 + k * 17) % 997) / 997.0;
    for (int k = 0; k < K; k++)
        dens[k] = 0.01 * (double)(k + 1);
    double mean = 0;
    long count = 0;
    const double t0 = now_s();
    for (int b = 0; b < batches; b++) {
        mean = lookups(egrid, xs, dens, out, (long)b * nl, nl) / (double)nl;
        count += above(out, mean, nl);
    }
    const double t1 = now_s();
    printf("lookups: %ld x %d, mean %.9f, above %ld, out[7] %.9f, batches %.3f s\n", nl, batches, mean, count,
           out[7 % nl], t1 - t0);
    free(egrid), free(xs), free(dens), free(out);
    return 0;
}
