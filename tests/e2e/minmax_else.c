/* Minimum and maximum in one if/else chain, as numerical code writes them:
 *   if (x < mn) mn = x; else if (x > mx) mx = x;
 * From a[0] with the loop from 1 (mn <= mx before the loop: the GPU runs
 * the two reductions), from +-HUGE_VAL (mn > mx: the first element only
 * updates mn, and the loop runs as written on the CPU), in every written
 * form: the max first, swapped operands, <= and >=, braces, a local, an
 * expression, integers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *a = malloc((size_t)(n > 0 ? n : 1) * sizeof *a);
    int *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
    if (!a || !v)
        return 1;
    for (long i = 0; i < n; i++) {
        a[i] = sin(0.001 * (double)i) * 100.0 + (double)((i * 37) % 11);
        v[i] = (int)((i * 2654435761u) % 20001) - 10000;
    }
    if (n == 0)
        a[0] = 0.0, v[0] = 0;

    /* the usual: from the first element */
    double mn = a[0], mx = a[0];
#pragma reduce(min: mn) reduce(max: mx)
    for (long i = 1; i < n; i++) {
        if (a[i] < mn)
            mn = a[i];
        else if (a[i] > mx)
            mx = a[i];
    }
    printf("from a[0]: min %.6g max %.6g\n", mn, mx);

    /* from +-HUGE_VAL: sequentially the first element only sets the minimum */
    double lo = HUGE_VAL, hi = -HUGE_VAL;
#pragma reduce(min: lo) reduce(max: hi)
    for (long i = 0; i < n; i++) {
        if (a[i] < lo)
            lo = a[i];
        else if (a[i] > hi)
            hi = a[i];
    }
    printf("from +-HUGE_VAL: min %.6g max %.6g\n", lo, hi);

    /* the max first, the variable on the left, >= and <=, braces, a local */
    double top = -1e300, bottom = 1e300;
    if (n > 0)
        top = bottom = a[n / 2];
#pragma reduce(max: top) reduce(min: bottom)
    for (long i = 0; i < n; i++) {
        double x = a[i] * 0.5 - 3.0;
        if (top <= x) {
            top = x;
        } else {
            if (bottom >= x)
                bottom = x;
        }
    }
    printf("max first: max %.6g min %.6g\n", top, bottom);

    /* integers, one clause order, an expression as the value */
    int imn = 0, imx = 0;
#pragma reduce(max: imx) reduce(min: imn)
    for (long i = 0; i < n; i++) {
        if (imn > v[i] / 3)
            imn = v[i] / 3;
        else if (v[i] / 3 > imx)
            imx = v[i] / 3;
    }
    printf("ints: min %d max %d\n", imn, imx);

    /* together with other reductions, mn == mx == 0 before the loop */
    double s = 0.0, zmn = 0.0, zmx = 0.0;
    long count = 0;
#pragma reduce(+: s, count) reduce(min: zmn) reduce(max: zmx)
    for (long i = 0; i < n; i++) {
        double d = a[i] - 50.0;
        s += fabs(d);
        if (d > zmx) zmx = d; else if (d < zmn) zmn = d;
        count += d > 0;
    }
    printf("with sums: %.4e %ld min %.6g max %.6g\n", s, count, zmn, zmx);

    /* NaN before the loop: the loop as written */
    double nmn = NAN, nmx = 0.0;
#pragma reduce(min: nmn) reduce(max: nmx)
    for (long i = 0; i < n; i++) {
        if (a[i] < nmn)
            nmn = a[i];
        else if (a[i] > nmx)
            nmx = a[i];
    }
    printf("NaN start: min %.6g max %.6g\n", nmn, nmx);

    free(a);
    free(v);
    return 0;
}
