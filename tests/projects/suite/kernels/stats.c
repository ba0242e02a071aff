/* Statistics kernels: marked loops, C89 style declarations. */
#include "bench.h"
#include "stats.h"

double stats_mean(const double *x, long n)
{
    long i;
    double s = 0.0;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += x[i] * bench_weight(i, 1);
    return n > 0 ? s / n : 0.0;
}

double stats_variance(const double *x, long n, double mean)
{
    long i;
    double v = 0.0;
#pragma reduce(+: v)
    for (i = 0; i < n; i++) {
        double d = x[i] - mean;
        v += d * d;
    }
    return n > 1 ? v / (n - 1) : 0.0;
}

void stats_column_sums(const double *a, long rows, long cols, double *sums)
{
    long r, c;
    for (c = 0; c < cols; c++) {
        double s = 0.0;
#pragma reduce(+: s)
        for (r = 0; r < rows; r++)
            s += a[r * cols + c];
        sums[c] = s;
    }
}

long stats_argmax(const double *x, long n)
{
    long i, at = -1;
    double best = -1e300;
#pragma reduce(maxloc: best, at)
    for (i = 0; i < n; i++)
        if (x[i] > best) {
            best = x[i];
            at = i;
        }
    return at;
}
