/* A realistic statistics pass: count, sum, sum of squares, min, max and
 * "all finite" over doubles, then the mean and variance computed from
 * the exact sums. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct summary {
    long count;
    double sum, sumsq, min, max;
    int finite;
};

static struct summary summarize(const double *restrict x, long n, double cutoff)
{
    long count = 0;
    double sum = 0.0, sumsq = 0.0;
    double mn = HUGE_VAL, mx = -HUGE_VAL;
    int finite = 1;
#pragma reduce(+: count, sum, sumsq) reduce(min: mn) reduce(max: mx) reduce(&&: finite)
    for (long i = 0; i < n; i++) {
        double v = x[i];
        finite = finite && isfinite(v);
        if (v < cutoff)
            continue;
        count++;
        sum += v;
        sumsq += v * v;
        if (v < mn)
            mn = v;
        if (v > mx)
            mx = v;
    }
    struct summary r = {count, sum, sumsq, mn, mx, finite};
    return r;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *x = malloc((n > 0 ? n : 1) * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = (double)((i * 7919) % 1000) * 0.125 - 25.0;

    struct summary s = summarize(x, n, -10.0);
    printf("count %ld\nsum %.3f\nsumsq %.4f\nmin %g\nmax %g\nfinite %d\n", s.count, s.sum,
           s.sumsq, s.min, s.max, s.finite);
    if (s.count > 0) {
        double mean = s.sum / (double)s.count;
        printf("mean %.6f\nvariance %.6f\n", mean, s.sumsq / (double)s.count - mean * mean);
    }
    free(x);
    return 0;
}
