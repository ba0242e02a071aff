/* min/max through <math.h>: fmax, fmaxf, fmin, fminf. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double span(const double *restrict x, long n, double *lo_out)
{
    double hi = -HUGE_VAL, lo = HUGE_VAL;
#pragma reduce(max: hi) reduce(min: lo)
    for (long i = 0; i < n; i++) {
        hi = fmax(hi, x[i]);
        lo = fmin(x[i], lo);
    }
    *lo_out = lo;
    return hi;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *x = malloc((n > 0 ? n : 1) * sizeof *x);
    float *y = malloc((n > 0 ? n : 1) * sizeof *y);
    if (!x || !y)
        return 1;
    for (long i = 0; i < n; i++) {
        x[i] = (double)((i * 7) % 101) * 0.125 - 3.0;
        y[i] = (float)((i * 13) % 97) * 0.5f - 20.0f;
    }

    double lo;
    double hi = span(x, n, &lo);
    printf("fmax: %g\nfmin: %g\n", hi, lo);

    float fm = -1.0e30f;
#pragma reduce(max: fm)
    for (long i = 0; i < n; i++)
        fm = fmaxf(fm, y[i] * y[i]);
    printf("fmaxf(y^2): %g\n", fm);

    float fl = 5.0f;
#pragma reduce(min: fl)
    for (long i = 0; i < n; i++)
        fl = fminf(fl, y[i]);
    printf("fminf (from 5): %g\n", fl);

    free(x);
    free(y);
    return 0;
}
