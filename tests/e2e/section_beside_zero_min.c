/* An array section beside a floating-point min or max whose result is a
 * zero: the GPU's result is then run again as written on the CPU (which
 * zero's sign the loop keeps depends on the order), and the section must
 * be folded into the host's array only once: not by the GPU's result and
 * then again by the loop as written (found by the generator on the GPU:
 * XOR sections came back unchanged, sums doubled). Written arrays beside
 * them are restored before the run again. Exact values. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long m = n > 0 ? n : 1;
    unsigned short *v = malloc((size_t)m * sizeof *v);
    double *x = malloc((size_t)m * sizeof *x), *y = malloc((size_t)m * sizeof *y);
    if (!v || !x || !y)
        return 1;
    for (long i = 0; i < n; i++) {
        v[i] = (unsigned short)(i * 2654435761u >> 7);
        x[i] = (double)(i % 5) * 0.5; /* the smallest is 0.0: the min is a zero */
        y[i] = 1.0;
    }
    long bits[20];
    int counts[20];
    for (int k = 0; k < 20; k++) {
        bits[k] = k % 3;
        counts[k] = k;
    }
    double lo = 0.0, hi = -0.0;
#pragma reduce(^: bits[0:16]) reduce(min: lo)
    for (long i = 0; i < n; i++) {
        bits[i % 16] ^= (long)v[i];
        if (x[i] <= lo)
            lo = x[i];
    }
    /* a sum section, a max that stays -0.0 or 0.0, and an array written */
#pragma reduce(+: counts[2:16]) reduce(max: hi)
    for (long i = 0; i < n; i++) {
        counts[2 + (v[i] % 16)] += 1;
        y[i] = y[i] * 2.0 - x[i];
        if (-x[i] >= hi)
            hi = -x[i];
    }
    unsigned long long h = 0;
    long ysum = 0;
    for (int k = 0; k < 20; k++)
        h = h * 1000003u + (unsigned long long)bits[k] + 7u * (unsigned long long)counts[k];
    for (long i = 0; i < n; i++)
        ysum += (long)(y[i] * 2.0);
    printf("n %ld: h %llu, lo %a, hi %a, y %ld\n", n, h, lo, hi, ysum);
    free(v);
    free(x);
    free(y);
    return 0;
}
