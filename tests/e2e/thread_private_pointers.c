/* Helpers that write through a pointer to storage the iteration owns
 * (issue 16): an XSBench-style LCG advanced through `&seed` (seed private
 * or declared in the body), a helper passing its pointer parameter on to
 * another, outputs through `&a, &b`, a local array filled by a helper, and
 * an outer loop run as one launch whose body draws from its own seed. */
#include <stdio.h>
#include <stdlib.h>

static double LCG_random_double(unsigned long *seed)
{
    const unsigned long m = 9223372036854775808UL, a = 2806196910506780709UL, c = 1UL;
    *seed = (a * (*seed) + c) % m;
    return (double)(*seed) / (double)m;
}

static unsigned long fast_forward(unsigned long seed, unsigned long n)
{
    for (unsigned long k = 0; k < n % 7; k++)
        seed = seed * 3 + 1;
    return seed;
}

static void two_draws(unsigned long *s, double *a, double *b)
{
    *a = LCG_random_double(s);
    *b = LCG_random_double(s);
}

static void fill(int *buf, int n, int base)
{
    for (int k = 0; k < n; k++)
        buf[k] = base + k;
}

static double lookups(long n, const double *table, long nt)
{
    double total = 0;
    unsigned long seed;
#pragma reduce(+: total) private(seed) in(table[0:nt])
    for (long i = 0; i < n; i++) {
        seed = fast_forward(12345 + (unsigned long)i, (unsigned long)i);
        double r = LCG_random_double(&seed);
        double a, b;
        two_draws(&seed, &a, &b);
        long k = (long)(r * (double)nt);
        total += table[k < nt ? k : nt - 1] * (a < 0.5 ? 1.0 : 2.0) + (b < 0.25 ? 1.0 : 0.0);
    }
    return total;
}

static long filled(long n)
{
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++) {
        int buf[4];
        fill(buf, 4, (int)(i % 13));
        s += buf[0] * buf[3] - buf[1];
    }
    return s;
}

/* per row: a seed of its own, channels drawn from it */
static void rows(long n, const double *table, double *out)
{
    for (long i = 0; i < n; i++) {
        unsigned long seed = 1000 + (unsigned long)i;
        double scale = LCG_random_double(&seed) < 0.5 ? 1.0 : 3.0;
        double s = 0;
#pragma reduce(+: s)
        for (int c = 0; c < 5; c++) {
            unsigned long sd = seed + (unsigned long)c;
            s += (LCG_random_double(&sd) < 0.5 ? 1.0 : 2.0) * table[c];
        }
        out[i] = scale * s;
    }
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000, nt = 64;
    double table[64];
    double *out = malloc((size_t)(n + 1) * sizeof *out);
    if (!out)
        return 1;
    for (int k = 0; k < 64; k++)
        table[k] = k % 5;
    printf("lookups %.1f\n", lookups(n, table, nt));
    printf("filled %ld\n", filled(n));
    rows(n, table, out);
    double sum = 0;
    for (long i = 0; i < n; i++)
        sum += out[i];
    printf("rows %.1f\n", sum);
    free(out);
    return 0;
}
