/* function_macros.c - macros defined inside the function that holds the
 * marked loop (the generated code is placed above the function).
 *   ./function_macros [n] */
#include <stdio.h>
#include <stdlib.h>

static long energy(const int *g, long n)
{
#define SQ(x) ((x) * (x))
#define CLAMP(v, lo, hi) \
    ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))
    long e = 0;
#pragma reduce(+: e)
    for (long i = 0; i < n; i++)
        e += SQ(CLAMP(g[i], -4, 4));
#undef SQ
#undef CLAMP
    return e;
}

static long weighted(const int *g, long n)
{
#define SQ(x) (2 * (x) * (x)) /* another meaning, in another function */
    long e = 0;
#pragma reduce(+: e)
    for (long i = 0; i < n; i++)
        e += SQ(g[i]);
    return e;
#undef SQ
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    if (n < 0)
        n = 0;
    int *g = malloc((n ? (size_t)n : 1) * sizeof *g);
    if (!g)
        return 1;
    for (long i = 0; i < n; i++)
        g[i] = (int)(i % 13) - 6;
    printf("energy=%ld weighted=%ld\n", energy(g, n), weighted(g, n));
    free(g);
    return 0;
}
