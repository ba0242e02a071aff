/* <math.h> functions in the body: fabs, sqrt of perfect squares, floor,
 * ceil, fabsf, ldexp, fmod (all exact). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double l1_norm(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += fabs(x[i]);
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *x = malloc((n > 0 ? n : 1) * sizeof *x);
    double *sq = malloc((n > 0 ? n : 1) * sizeof *sq);
    float *f = malloc((n > 0 ? n : 1) * sizeof *f);
    if (!x || !sq || !f)
        return 1;
    for (long i = 0; i < n; i++) {
        x[i] = ((double)((i * 7) % 13) - 6.0) * 0.75;
        double r = (double)(i % 100);
        sq[i] = r * r;
        f[i] = (float)((i * 5) % 9) - 4.0f;
    }

    printf("sum |x|: %.2f\n", l1_norm(x, n));

    double rs = 0;
#pragma reduce(+: rs)
    for (long i = 0; i < n; i++)
        rs += sqrt(sq[i]);
    printf("sum sqrt(r^2): %.1f\n", rs);

    long fl = 0;
#pragma reduce(+: fl)
    for (long i = 0; i < n; i++)
        fl += (long)floor(x[i]) + (long)ceil(x[i]);
    printf("sum floor + ceil: %ld\n", fl);

    float fm = 0.0f;
#pragma reduce(max: fm)
    for (long i = 0; i < n; i++)
        fm = fmaxf(fm, fabsf(f[i]) * 1.5f);
    printf("max 1.5|f|: %g\n", (double)fm);

    double p = 0;
#pragma reduce(+: p)
    for (long i = 0; i < n; i++)
        p += ldexp(f[i], 2) - fmod((double)i, 2.0);
    printf("sum 4f - (i mod 2): %.1f\n", p);

    free(x);
    free(sq);
    free(f);
    return 0;
}
