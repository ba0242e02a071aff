/* Reads through pointers next to variables whose address is taken, in the
 * forms that cannot alias them (issue 14): a parameter the function never
 * reassigns cannot point to its locals, a static whose address is never
 * taken is no pointer's target, a global array is a distinct object, and
 * a private variable's address taken after the loop does not matter to
 * reads through parameters. */
#include <stdio.h>
#include <stdlib.h>

static double kept;      /* its address is never taken */
long hits;               /* a global: read only through arrays, no pointer */
static const int weights[4] = {1, 2, 3, 4};

static void start_at(double *v, double value) { *v = value; }

static double sum_from(const double *x, long n)
{
    double s;
    start_at(&s, 0.5); /* the address of s is taken, but x cannot point to s */
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += x[i];
    return s;
}

static void add_kept(const double *x, long n)
{
#pragma reduce(+: kept)
    for (long i = 0; i < n; i++)
        kept += x[i] * 2.0;
}

static void count_hits(long n)
{
#pragma reduce(+: hits)
    for (long i = 0; i < n; i++)
        hits += weights[i % 4] > 2;
}

/* the address of t is taken after the loop: x is a parameter */
static double scratch_then_reuse(const double *x, long n)
{
    double s = 0.0, t = 0.0;
#pragma reduce(+: s) private(t)
    for (long i = 0; i < n; i++) {
        t = x[i] + 1.0;
        s += t * 2.0;
    }
    start_at(&t, 9.0); /* t reused after the loop, through its address */
    return s + t;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *x = malloc((size_t)(n > 0 ? n : 1) * sizeof *x);
    if (!x)
        return 1;
    for (long i = 0; i < n; i++)
        x[i] = (double)(i % 9) - 4.0;
    printf("sum from 0.5: %.1f\n", sum_from(x, n));
    kept = 1.0;
    add_kept(x, n);
    add_kept(x, n);
    printf("kept: %.1f\n", kept);
    hits = 3;
    count_hits(n);
    printf("hits: %ld\n", hits);
    printf("private scratch: %.1f\n", scratch_then_reuse(x, n));
    free(x);
    return 0;
}
