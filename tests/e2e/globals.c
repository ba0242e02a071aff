/* File-scope data read in the body: a static array indexed by i within
 * its bounds, a const table, a global scalar, and a global array as data. */
#include <stdio.h>
#include <stdlib.h>

static int table[64];
static const double weights[8] = {0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0};
static int scale = 3;
double g_data[1000];

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    for (int i = 0; i < 64; i++)
        table[i] = (i * 29) % 64 - 32;
    for (int i = 0; i < 1000; i++)
        g_data[i] = (double)(i % 17) - 8.0;

    long m = n < 64 ? n : 64;
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < m; i++)
        s += table[i] * scale;
    printf("table sum * scale: %ld\n", s);

    double ws = 0;
#pragma reduce(+: ws)
    for (int i = 0; i < 8; i++)
        ws += weights[i] * (double)(n % 5);
    printf("weights sum: %.2f\n", ws);

    long gm = n < 1000 ? n : 1000;
    double mx = -1e9;
#pragma reduce(max: mx)
    for (long i = 0; i < gm; i++)
        if (g_data[i] * scale > mx)
            mx = g_data[i] * scale;
    printf("max g_data * scale: %g\n", mx);

    int *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (int)(i % 64);
    long t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += a[i] < 32 ? scale : -scale;
    printf("+-scale by a[i]: %ld\n", t);

    free(a);
    return 0;
}
