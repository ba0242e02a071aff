/* Signed zeros and infinities in float/double min/max. Every result is
 * independent of the order: the only zero in the data is -0.0, and the
 * infinities are either the unique extreme or absent. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    float *f = malloc((n > 0 ? n : 1) * sizeof *f);
    double *d = malloc((n > 0 ? n : 1) * sizeof *d);
    if (!f || !d)
        return 1;
    for (long i = 0; i < n; i++) {
        f[i] = (float)(i % 9 + 1) * 0.5f; /* positive */
        d[i] = -(double)(i % 11 + 1);     /* negative */
    }
    for (long i = 3; i < n; i += 100)
        f[i] = -0.0f;
    for (long i = 5; i < n; i += 250)
        d[i] = -INFINITY;
    if (n > 40)
        d[n - 40] = INFINITY;

    float fmn = INFINITY;
#pragma reduce(min: fmn)
    for (long i = 0; i < n; i++)
        if (f[i] < fmn)
            fmn = f[i];
    printf("float min (-0.0 in data): %g\n", (double)fmn);

    float fmx = -INFINITY;
#pragma reduce(max: fmx)
    for (long i = 0; i < n; i++)
        fmx = fmaxf(fmx, -f[i]);
    printf("float max of -f: %g\n", (double)fmx);

    double dmx = -INFINITY;
#pragma reduce(max: dmx)
    for (long i = 0; i < n; i++)
        dmx = d[i] > dmx ? d[i] : dmx;
    printf("double max (+-inf in data): %g\n", dmx);

    double dmn = HUGE_VAL;
#pragma reduce(min: dmn)
    for (long i = 0; i < n; i++)
        dmn = fmin(dmn, d[i]);
    printf("double min (-inf in data): %g\n", dmn);

    double sneg = -0.0;
#pragma reduce(+: sneg)
    for (long i = 0; i < n; i++)
        sneg += -(double)f[i] * 0.0; /* -0.0, or +0.0 where f[i] is -0.0 */
    printf("sum of signed zeros from -0.0: %g\n", sneg);

    free(f);
    free(d);
    return 0;
}
