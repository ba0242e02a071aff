/* maxf.c - largest and smallest element of a float array.
 *
 *   ./maxf [n]     (default n = 1000000)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static float max_of(const float *v, long n)
{
    float m = -INFINITY;
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        if (v[i] > m)
            m = v[i];
    return m;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
    if (n < 0) {
        fprintf(stderr, "n must be >= 0\n");
        return 1;
    }

    float *v = malloc((n > 0 ? n : 1) * sizeof *v);
    if (v == NULL) {
        fprintf(stderr, "cannot allocate %ld floats\n", n);
        return 1;
    }
    for (long i = 0; i < n; i++)
        v[i] = (float)((i * 37) % 1001) * 0.25f - 100.0f;
    /* a known peak in the middle, neither first nor last */
    if (n > 2)
        v[n / 2] = 500.5f;

    printf("max = %g\n", max_of(v, n));

    float lo = 1e30f;
#pragma reduce(min: lo)
    for (long i = 0; i < n; i++)
        lo = fminf(lo, v[i]);
    printf("min = %g\n", lo);

    free(v);
    return 0;
}
