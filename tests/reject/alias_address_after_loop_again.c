/* expect-error-at: 22:18: x; 36:14: x; 51:18: x */
/* The address of a reduction variable taken after its loop is harmless
 * only when the loop cannot run again in the variable's lifetime: here a
 * time loop around it (the variable declared outside it), a goto back, and
 * a while loop around both keep the pointer alive for the next run. */
#include <setjmp.h>
#include <stddef.h>

static const double *seen;

static void keep(const double *p) { seen = p; }

double outer_lifetime(const double *x, long n)
{
    double s = 0.0, all = 0.0;
    for (int step = 0; step < 3; step++) {
        if (step == 2)
            x = seen;
        s = 0.0;
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += x[i];
        keep(&s);
        all += s;
    }
    return all;
}

double goto_back(const double *x, long n)
{
    double s = 0.0;
    int round = 0;
again:
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    keep(&s);
    if (round++ == 0) {
        x = seen;
        goto again;
    }
    return s;
}

double while_around(const double *x, long n)
{
    double s = 0.0;
    while (n > 1) {
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += x[i];
        keep(&s);
        x = seen;
        n /= 2;
    }
    return s;
}
