/* NaN and signed zeros in min/max over many blocks and chunks (the GPU
 * bundle runs it up to 2^24 elements, also with a 16 MiB device budget):
 * each result must be the sequential loop's (README, "NaN and signed
 * zeros"); zeros print with their sign, NaN as "nan". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static float max_fmaxf(const float *x, long n, float m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = fmaxf(m, x[i]);
    return m;
}

static float max_if(const float *x, long n, float m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        if (x[i] > m)
            m = x[i];
    return m;
}

static float max_take(const float *x, long n, float m)
{
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = m > x[i] ? m : x[i];
    return m;
}

static double min_keep(const float *x, long n, double m)
{
#pragma reduce(min: m)
    for (long i = 0; i < n; i += 3)
        m = x[i] < m ? x[i] : m;
    return m;
}

static void print_value(double v, int zero_sign)
{
    if (isnan(v))
        printf(" nan");
    else if (v == 0 && !zero_sign)
        printf(" 0");
    else
        printf(" %c%g", signbit(v) ? '-' : '+', fabs(v));
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    if (n > (1L << 24))
        n = 1L << 24; /* many blocks and chunks already; keeps the gcc reference quick */
    float *x = malloc(sizeof(float) * (size_t)(n + 1));
    if (!x)
        return 1;
    const float inits[] = {-INFINITY, NAN, -0.0f, 7.0f};
    for (int s = 0; s < 6; s++) {
        for (long i = 0; i < n; i++)
            x[i] = (float)((i * 13 + 5) % 1000) - 500.0f;
        if (s == 1 && n) x[0] = NAN;
        if (s == 2 && n) x[n / 2 + 1 < n ? n / 2 + 1 : 0] = NAN;
        if (s == 3 && n) x[n - 1] = NAN;
        if (s == 4) /* the max is a zero, both signs scattered */
            for (long i = 0; i < n; i++)
                x[i] = i % 1001 == 17 ? 0.0f : i % 997 == 3 ? -0.0f : -1.0f - (float)(i % 5);
        if (s == 5) /* the min is a zero */
            for (long i = 0; i < n; i++)
                x[i] = i % 1001 == 17 ? -0.0f : i % 997 == 3 ? 0.0f : 1.0f + (float)(i % 5);
        printf("data %d:", s);
        for (int k = 0; k < 4; k++) {
            print_value(max_fmaxf(x, n, inits[k]), 0);
            print_value(max_if(x, n, inits[k]), 1);
            print_value(max_take(x, n, inits[k]), 1);
            print_value(min_keep(x, n, -inits[k]), 1);
        }
        printf("\n");
    }
    free(x);
    return 0;
}
