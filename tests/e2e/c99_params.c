/* c99_params.c - C99 array parameters (`int n, double a[n]`, `[restrict n]`,
 * `[static 4]`) and enums initialized from integers inside marked loops and
 * the helpers they call: what C++ lacks is rewritten in the output.
 *   ./c99_params [n] */
#include <stdio.h>
#include <stdlib.h>

enum color { RED, GREEN, BLUE };

static int weight(int v)
{
    enum color c = v % 3; /* int to enum: a cast in C++ */
    return c == GREEN ? 2 : 0;
}

static double wsum(int n, const double a[n], const double w[restrict n])
{
    double s = 0;
#pragma reduce(+: s)
    for (int i = 0; i < n; i++)
        s += a[i] * w[i];
    return s;
}

static long head4(const int v[static 4]) { return (long)v[0] + v[1] + v[2] + v[3]; }

static long colors(long n, const int k[n])
{
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        enum color c = k[i];
        s += (c == BLUE ? 10 : 1) + weight(k[i]);
    }
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    if (n < 0)
        n = 0;
    size_t count = (size_t)n + 4;
    double *a = malloc(count * sizeof *a), *w = malloc(count * sizeof *w);
    int *k = malloc(count * sizeof *k);
    if (!a || !w || !k)
        return 1;
    for (size_t i = 0; i < count; i++) {
        a[i] = (double)(i % 9) - 4;
        w[i] = (double)(i % 5) * 0.25;
        k[i] = (int)(i % 3);
    }
    printf("wsum=%.2f colors=%ld head=%ld\n", wsum(n, a, w), colors(n, k), head4(k));
    free(a);
    free(w);
    free(k);
    return 0;
}
