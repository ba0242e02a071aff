/* '*' reductions: p *= e and p = p * e, on doubles whose product is a
 * power of two (exact in any order), on signed integers that are +-1, and
 * on unsigned integers where the product wraps modulo 2^32 / 2^64. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double *f = malloc((n > 0 ? n : 1) * sizeof *f);
    int *sgn = malloc((n > 0 ? n : 1) * sizeof *sgn);
    unsigned *u = malloc((n > 0 ? n : 1) * sizeof *u);
    if (!f || !sgn || !u)
        return 1;
    for (long i = 0; i < n; i++) {
        /* mostly 1.0; 2.0 every 1009th element, 0.5 every 2003rd, -1 every 7th */
        f[i] = 1.0;
        if (i % 1009 == 5)
            f[i] = 2.0;
        if (i % 2003 == 11)
            f[i] = 0.5;
        if (i % 7 == 3)
            f[i] = -f[i];
        sgn[i] = (i % 5 == 2) ? -1 : 1;
        u[i] = (unsigned)(i * 2654435761u) | 1u;
    }

    double p = 1.0;
#pragma reduce(*: p)
    for (long i = 0; i < n; i++)
        p *= f[i];
    printf("prod f: %g\n", p);

    double q = 3.0;
#pragma reduce(*: q)
    for (long i = 0; i < n; i++)
        q = q * (f[i] * 2.0 > 3.0 ? 2.0 : 1.0);
    printf("3 * 2^count(f == 2): %g\n", q);

    long long sp = 1;
#pragma reduce(*: sp)
    for (long i = 0; i < n; i++)
        sp *= sgn[i];
    printf("prod sgn: %lld\n", sp);

    unsigned up = 1u;
#pragma reduce(*: up)
    for (long i = 0; i < n; i++)
        up = up * u[i];
    printf("prod u mod 2^32: %u\n", up);

    unsigned long long wp = 7ull;
#pragma reduce(*: wp)
    for (long i = 0; i < n; i++)
        wp *= (unsigned long long)u[i] * 3ull + 2ull;
    printf("prod (3u+2) mod 2^64: %llu\n", wp);

    free(f);
    free(sgn);
    free(u);
    return 0;
}
