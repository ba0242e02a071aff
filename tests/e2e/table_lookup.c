/* table_lookup.c - indirect reads of arrays of known size (the whole array
 * is copied, no in() needed) and the <math.h> constants HUGE_VAL, INFINITY
 * and NAN in loop bodies and helpers.
 *   ./table_lookup [n] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const double weight[8] = {0.5, 1.0, 1.5, 2.0, -0.5, -1.0, 0.25, 4.0};
static const int cost[4][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};

static double clamp_inf(double x)
{
    double lo = -HUGE_VAL;
    return x < lo ? lo : (isinf(x) ? 0.0 : x);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    if (n < 0)
        n = 0;
    size_t count = n > 0 ? (size_t)n : 1;
    unsigned char *code = malloc(count);
    double *x = malloc(count * sizeof *x);
    if (!code || !x)
        return 1;
    for (long i = 0; i < n; i++) {
        code[i] = (unsigned char)((i * 5 + 3) % 8);
        x[i] = (double)(i % 11) - 5.0;
    }
    int local_bins[5] = {3, -1, 4, -1, 5};

    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] * weight[code[i]];

    long c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++)
        c += cost[code[i] % 4][i % 3] + local_bins[(code[i] + i) % 5];

    double best = INFINITY;
#pragma reduce(min: best)
    for (long i = 0; i < n; i++) {
        double v = code[i] == 7 ? HUGE_VAL : x[i] * weight[code[i] & 7];
        if (v < best)
            best = v;
    }

    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++) {
        double v = code[i] == 2 ? INFINITY : x[i];
        t += clamp_inf(v);
    }

    long nans = 0;
#pragma reduce(+: nans)
    for (long i = 0; i < n; i++) {
        double v = code[i] == 4 ? NAN : x[i];
        nans += isnan(v) ? 1 : 0;
    }

    printf("weighted %.2f\ncost %ld\nbest %g\nclamped %.1f\nnans %ld\n", s, c, best, t, nans);
    free(code);
    free(x);
    return 0;
}
