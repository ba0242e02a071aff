/* min/max written as if statements: with and without braces, with > >=
 * < <=, and with the reduction variable on either side of the test. */
#include <stdio.h>
#include <stdlib.h>

static long long biggest(const long long *v, long n)
{
    long long m = -1;
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        if (v[i] > m)
            m = v[i];
    return m;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long long *v = malloc((n > 0 ? n : 1) * sizeof *v);
    float *f = malloc((n > 0 ? n : 1) * sizeof *f);
    if (!v || !f)
        return 1;
    for (long i = 0; i < n; i++) {
        v[i] = (long long)((i * 104729) % 999983) * 1000003LL;
        f[i] = (float)((i * 17) % 257) - 128.0f;
    }

    printf("max via if (no braces): %lld\n", biggest(v, n));

    long long m2 = 0;
#pragma reduce(max: m2)
    for (long i = 0; i < n; i++) {
        if (v[i] >= m2) {
            m2 = v[i];
        }
    }
    printf("max via if >= (braces): %lld\n", m2);

    float lo = 1000.0f;
#pragma reduce(min: lo)
    for (long i = 0; i < n; i++) {
        if (f[i] < lo)
            lo = f[i];
    }
    printf("min via if <: %g\n", lo);

    float lo2 = 1000.0f;
#pragma reduce(min: lo2)
    for (long i = 0; i < n; i++)
        if (lo2 >= f[i]) {
            lo2 = f[i];
        }
    printf("min via if m >= e: %g\n", lo2);

    float hi = -1000.0f;
#pragma reduce(max: hi)
    for (long i = 0; i < n; i++)
        if (hi < f[i] + 0.5f)
            hi = f[i] + 0.5f;
    printf("max via if m < e: %g\n", hi);

    free(v);
    free(f);
    return 0;
}
