/* cxx_clashes.c - C that collides with C++ or with what CUDA's headers
 * declare in every .cu file: the program's own max/min/norm functions and a
 * global y1, iso646 spellings as names, C11 keywords, [static N].
 *   ./cxx_clashes [n] */
#include <stdio.h>
#include <stdlib.h>

_Static_assert(sizeof(int) >= 2, "int has at least 16 bits");

static int max(int a, int b) { return a > b ? a : b; }
static int min(int a, int b) { return a < b ? a : b; }
static double norm(int n, const double *p)
{
    double s = 0;
    for (int k = 0; k < n; k++)
        s += p[k] * p[k];
    return s;
}
static long y1 = 3; /* also a Bessel function's name */

static long first3(const int v[static 3]) { return (long)v[0] * v[1] - v[2]; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    if (n < 0)
        n = 0;
    size_t count = (size_t)n + 3;
    int *a = malloc(count * sizeof *a);
    double *x = malloc(count * 2 * sizeof *x);
    if (!a || !x)
        return 1;
    for (size_t i = 0; i < count; i++) {
        a[i] = (int)((i * 97) % 41) - 20;
        x[2 * i] = (double)(i % 5);
        x[2 * i + 1] = (double)(i % 3) - 1.0;
    }
    int and = 2, or = 3; /* valid names in C */
    long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += max(a[i], -5) * and + min(a[i], 5) * or + y1 + (long)_Alignof(double);

    double q = 0;
#pragma reduce(+: q) in(x[0:2 * n])
    for (long i = 0; i < n; i++)
        q += norm(2, x + 2 * i);

    printf("s=%ld q=%.1f first3=%ld\n", s, q, n > 0 ? first3(a) : 0L);
    free(a);
    free(x);
    return 0;
}
