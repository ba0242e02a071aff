/* minloc/maxloc written as two conditional assignments whose test calls a
 * helper of the file: both copies of the test (the index's and the
 * value's) run on the GPU, so both must call the helper's device copy
 * (the index's copy once kept the host function: nvcc rejected the
 * output). Found by tests/gen. */
#include <stdio.h>
#include <stdlib.h>

static long twice(long x) { return x + x; }
static double scaled(double x, double k) { return x * k - 3.0; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    long *a = malloc((size_t)(n + 1) * sizeof *a);
    double *d = malloc((size_t)(n + 1) * sizeof *d);
    for (long i = 0; i < n; i++) {
        a[i] = (i * 7) % 13 - 4;
        d[i] = (double)((i * 11) % 17) - 8.0;
    }
    long v = 1000, at = -1;
#pragma reduce(minloc: v, at)
    for (long i = 0; i < n; i++) {
        at = twice(a[i]) < v ? i : at;
        v = twice(a[i]) < v ? twice(a[i]) : v;
    }
    double m = -1e30;
    long mi = -1;
#pragma reduce(maxloc: m, mi)
    for (long i = 0; i < n; i++) {
        mi = scaled(d[i], 2.0) >= m ? i : mi;
        m = scaled(d[i], 2.0) >= m ? scaled(d[i], 2.0) : m;
    }
    printf("min %ld at %ld\nmax %g at %ld\n", v, at, m, mi);
    free(a);
    free(d);
    return 0;
}
