/* static_tables.c - constant tables declared `static const` inside a helper
 * and inside the loop body: read-only, so allowed.
 *   ./static_tables [n] */
#include <stdio.h>
#include <stdlib.h>

static double horner(double x)
{
    static const double coef[5] = {1.0, -2.0, 0.5, 0.25, -0.125};
    double r = 0;
    for (int k = 4; k >= 0; k--)
        r = r * x + coef[k];
    return r;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    double h = 0;
#pragma reduce(+: h)
    for (long i = 0; i < n; i++)
        h += horner((double)(i % 3)) * 8;

    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        static const int step[4] = {3, 1, 4, 1};
        static const int scale = 5;
        s += step[i % 4] * scale;
    }
    printf("h=%.3f s=%ld\n", h, s);
    return 0;
}
