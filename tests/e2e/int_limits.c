/* Extreme integer values: INT_MIN/INT_MAX in min/max (as data and as
 * initial values), UINT_MAX and ULLONG_MAX wraparound in unsigned sums,
 * LLONG_MIN as the initial value of a max. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    unsigned *u = malloc((n > 0 ? n : 1) * sizeof *u);
    long long *w = malloc((n > 0 ? n : 1) * sizeof *w);
    if (!a || !u || !w)
        return 1;
    for (long i = 0; i < n; i++) {
        a[i] = (int)((i * 7) % 13) - 6;
        u[i] = UINT_MAX - (unsigned)(i % 5);
        w[i] = -(long long)(i % 1000) * 1000000000000LL;
    }
    if (n > 10)
        a[n / 3] = INT_MAX;
    if (n > 20)
        a[n / 2] = INT_MIN;

    int mx = INT_MIN;
#pragma reduce(max: mx)
    for (long i = 0; i < n; i++)
        if (a[i] > mx)
            mx = a[i];
    printf("max from INT_MIN: %d\n", mx);

    int mn = INT_MAX;
#pragma reduce(min: mn)
    for (long i = 0; i < n; i++)
        mn = a[i] < mn ? a[i] : mn;
    printf("min from INT_MAX: %d\n", mn);

    unsigned us = 0;
#pragma reduce(+: us)
    for (long i = 0; i < n; i++)
        us += u[i];
    printf("sum of ~UINT_MAX (wraps): %u\n", us);

    unsigned long long big = ULLONG_MAX;
#pragma reduce(+: big)
    for (long i = 0; i < n; i++)
        big += (unsigned long long)u[i] << 31;
    printf("ULLONG_MAX + ... (wraps): %llu\n", big);

    long long lm = LLONG_MIN;
#pragma reduce(max: lm)
    for (long i = 0; i < n; i++)
        lm = w[i] > lm ? w[i] : lm;
    printf("max from LLONG_MIN: %lld\n", lm);

    long long lmin = LLONG_MAX;
#pragma reduce(min: lmin)
    for (long i = 0; i < n; i++)
        if (w[i] < lmin)
            lmin = w[i];
    printf("min from LLONG_MAX: %lld\n", lmin);

    unsigned umin = UINT_MAX;
#pragma reduce(min: umin)
    for (long i = 0; i < n; i++)
        if (u[i] < umin)
            umin = u[i];
    printf("unsigned min: %u\n", umin);

    free(a);
    free(u);
    free(w);
    return 0;
}
