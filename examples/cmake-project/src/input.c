/* Samples in [0, 1) on a fixed grid: exact in binary, the same everywhere. */
#include "histo.h"

void make_samples(double *x, long n)
{
    for (long i = 0; i < n; i++)
        x[i] = (double)((i * 7919) % 1024) / 1024.0;
}
