/* Host writes inside macro invocations (issue 14, item 13), in functions
 * with marked loops: a macro that declares and allocates (DECL_ALLOC), one
 * that declares a local array and clears it, element writes whose
 * statement starts in a macro's arguments (SET), a whole loop in a macro,
 * free in a macro, and SET as the body of an if without braces. Nothing may
 * be inserted inside a macro's arguments; every result must be the
 * sequential program's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fill(double *a, long n, int k)
{
    for (long i = 0; i < n; i++)
        a[i] = (double)((i + k) % 4);
}

#define DECL_ALLOC(a, n) double *a = (double *)malloc((size_t)((n) + 1) * sizeof *a); fill(a, n, 1)
#define DECL_ZERO(a, n) double *a = (double *)calloc((size_t)((n) + 1), sizeof *a); a[0] = 0
#define DECL_LOCAL(a) double a[8]; memset(a, 0, sizeof a)
#define SET(a, i, v) a[i] = v
#define RESET(a, n, v) for (long q_ = 0; q_ < (n); q_++) a[q_] = (v)
#define FREE(a) free(a)

static double total(const double *x, long n)
{
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}

/* the macros between marked loops of one function */
static double mixed(long n, int k)
{
    DECL_ALLOC(x, n);
    double s = 0.0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    DECL_ZERO(y, n);
    DECL_LOCAL(loc);
    SET(loc, 3, (double)k);
    if (n > 0)
        SET(x, 0, 5.0 + k);
    for (long i = 0; i < n; i++)
        SET(y, i, 2.0);
    double t = 0.0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += x[i] + y[i] + loc[i % 8];
    RESET(x, n, (double)k);
    double u = 0.0;
#pragma reduce(+: u)
    for (long i = 0; i < n; i++)
        u += x[i] * y[i];
    FREE(x);
    DECL_ALLOC(z, n);
    double v = total(z, n);
    FREE(y);
    FREE(z);
    return s + 10.0 * t + 100.0 * u + 1000.0 * v;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
    for (int k = 0; k < 3; k++)
        printf("mixed %d: %.1f\n", k, mixed(n, k));
    /* in main too, around a function with marked loops */
    DECL_ALLOC(w, n);
    for (int k = 0; k < 3; k++) {
        printf("w %d: %.1f\n", k, total(w, n));
        if (n > 1)
            SET(w, 1, (double)(k + 10));
        RESET(w, n / 2, (double)k);
    }
    FREE(w);
    return 0;
}
