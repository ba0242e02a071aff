/* Residency: the k-means pattern. The points stay unchanged across the
 * iterations (kept on the GPU), the centroids are updated on the host
 * between the assignment loops (copied again each time), and every other
 * iteration the host moves one point (only that element is copied again).
 * A helper with its own marked loop is called in between. Coordinates are
 * multiples of 1/16, so every sum is exact. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define K 3

/* a marked loop in a function of its own: its copies last one call */
static double total(const double *x, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}

/* moves a point: writes through its parameter */
static void nudge(double *x, long i) { x[i] += 0.5; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    double *x = malloc((size_t)(n + 1) * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = (double)((i * 37) % 1024) / 16.0;
    double cent[K] = {4.0, 20.0, 50.0};
    for (int iter = 0; iter < 6; iter++) {
        double sum[K];
        long cnt[K];
        for (int c = 0; c < K; c++) {
            double s = 0;
            long m = 0;
#pragma reduce(+: s, m)
            for (long i = 0; i < n; i++) {
                double d0 = fabs(x[i] - cent[0]), d1 = fabs(x[i] - cent[1]), d2 = fabs(x[i] - cent[2]);
                int best = d0 <= d1 ? (d0 <= d2 ? 0 : 2) : (d1 <= d2 ? 1 : 2);
                m += best == c;
                s += best == c ? x[i] : 0.0;
            }
            sum[c] = s;
            cnt[c] = m;
        }
        /* the update step, on the host */
        for (int c = 0; c < K; c++)
            if (cnt[c] > 0)
                cent[c] = round(sum[c] / (double)cnt[c] * 16.0) / 16.0;
        printf("iter %d: %.4f %.4f %.4f (%ld %ld %ld)\n", iter, cent[0], cent[1], cent[2], cnt[0],
               cnt[1], cnt[2]);
        if (iter % 2 == 1 && n > 0)
            nudge(x, (iter * 13) % n);
        if (iter == 2 && n > 0)
            x[n - 1] = 63.0;
        printf("total %.4f\n", total(x, n));
    }
    double inertia = 0;
#pragma reduce(+: inertia)
    for (long i = 0; i < n; i++) {
        double d0 = fabs(x[i] - cent[0]), d1 = fabs(x[i] - cent[1]), d2 = fabs(x[i] - cent[2]);
        inertia += fmin(d0, fmin(d1, d2));
    }
    printf("inertia %.4f\n", inertia);
    free(x);
    return 0;
}
