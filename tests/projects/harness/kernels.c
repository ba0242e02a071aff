/* The marked loops, as a suite's kernel file has them. */
#include <stdlib.h>

#include "kernels.h"
#include "timer.h"

double kernel_sum(const float *x, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}

long kernel_count_above(const float *x, long n, float limit)
{
    long c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++)
        if (x[i] > limit)
            c++;
    return c;
}

double kernel_rows_max_total(const float *m, long rows, long cols)
{
    float *best = ALLOC(float, rows);
    for (long r = 0; r < rows; r++) {
        float b = -1e30f;
#pragma reduce(max: b)
        for (long c = 0; c < cols; c++)
            b = m[r * cols + c] > b ? m[r * cols + c] : b;
        best[r] = b;
    }
    double t = 0;
    for (long r = 0; r < rows; r++)
        t += best[r];
    free(best);
    return t;
}
