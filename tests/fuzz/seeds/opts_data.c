//! -DSCALE=3 --keep-invalid --no-line
/* `#pragma reduce update` lines in a row (and next to other directive
 * lines: a data directive, a #define, a line continued with a backslash)
 * are statements of their block like one alone. Exact small integers. */
#include <stdio.h>
#include <stdlib.h>

static double total(const double *x, const double *y, long n)
{
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i] - 2 * y[i];
    return s;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    double *x = malloc((size_t)(n + 1) * sizeof *x);
    double *y = malloc((size_t)(n + 1) * sizeof *y);
    double *z = malloc((size_t)(n + 1) * sizeof *z);
    if (!x || !y || !z)
        return 1;
    for (long i = 0; i < n; i++) {
        x[i] = (double)(i % 7);
        y[i] = (double)(i % 3);
        z[i] = 1.0;
    }
#pragma reduce data in(x[0:n], y[0:n])
    {
        printf("before: %.1f\n", total(x, y, n));
        if (n > 0) {
            x[0] = 50.0;
            y[n - 1] = -4.0;
#pragma reduce update in(x[0:1])
#pragma reduce update in(y[n - 1:1])
        }
        printf("two updates: %.1f\n", total(x, y, n));
        for (long i = 0; i < n; i++) {
            x[i] += 1.0;
            y[i] = 1.0;
        }
#pragma reduce update in(x[0:n])
#define AFTER_FIRST_UPDATE 1
#pragma reduce update \
    in(y[0:n])
#pragma reduce data in(z[0:n])
        {
            double s = 0;
#pragma reduce(+: s)
            for (long i = 0; i < n; i++)
                s += z[i] * x[i];
            printf("nested region: %.1f %.1f\n", s, total(x, y, n) + AFTER_FIRST_UPDATE);
        }
        for (long i = 0; i < n; i++)
            x[i] = 2.0;
#pragma reduce update in(x[0:n])
#pragma reduce update in(y[0:n])
#pragma reduce update in(x[0:n])
        printf("three updates: %.1f\n", total(x, y, n));
    }
    free(x);
    free(y);
    free(z);
    return 0;
}
