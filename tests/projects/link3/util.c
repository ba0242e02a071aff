/* Plain C, built by gcc: called from main.c, and calls vec_dot (a
 * transpiled file's function) back. */
#include "vec.h"

void util_fill(double *x, long n, int seed)
{
    for (long i = 0; i < n; i++)
        x[i] = (double)((i * 7 + seed) % 11) - 5.0;
}

double util_norm2(const double *x, long n)
{
    return vec_dot(x, x, n);
}
