/* K&R definitions after declarations with empty parentheses, as C89
 * benchmark codes write them (`static long f(); ... long f(a, n) const int
 * *a; int n; {`): each `()` declaration takes the prototype the definition
 * gets, whether the function is called before its definition, after it,
 * only passed as a pointer (qsort's comparison) or never. Parameters left
 * undeclared are int, one function has none declared (`sum2(a, b) {`),
 * one returns implicit int, one takes a char the callers pass as an int.
 * pragreduce-flags: -std=gnu89 */
#include <stdio.h>
#include <stdlib.h>

struct pt {
    double x, y;
};

static long total();
static double weighted();
static sum2();
static double dot_pts();
static int cmp_int();
static short twice();
static int never_called();
long shifted();

static long total(a, n)
    const int *a;
    int n;
{
    long s = 0;
    int i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}

static double weighted(x, n, k)
    double *x;
{
    double s = 0;
    int i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += x[i] * k;
    return s;
}

static sum2(a, b) { return a + b; }

static double dot_pts(p, q, n)
    struct pt *p, *q;
    long n;
{
    double s = 0;
    long i;
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += p[i].x * q[i].x + p[i].y * q[i].y;
    return s;
}

static int cmp_int(a, b)
    const void *a, *b;
{
    return *(const int *)a - *(const int *)b;
}

static short twice(c)
    char c;
{
    return c * 2;
}

static int never_called(a) int a;
{
    return a;
}

int main(argc, argv)
    int argc;
    char **argv;
{
    long n = argc > 1 ? atol(argv[1]) : 1000, i;
    int *a = malloc((n + 1) * sizeof *a), v[5];
    double *x = malloc((n + 1) * sizeof *x);
    struct pt *p = malloc((n + 1) * sizeof *p);
    for (i = 0; i < n; i++) {
        a[i] = (int)((i * 31) % 17) - 8;
        x[i] = 0.25 * (double)(i % 9);
        p[i].x = (double)(i % 5);
        p[i].y = 0.5 * (double)(i % 3);
    }
    for (i = 0; i < 5; i++)
        v[i] = (int)((i * 7) % 5);
    qsort(v, 5, sizeof v[0], cmp_int);
    printf("total %ld weighted %.17g\n", total(a, (int)n), weighted(x, (int)n, 3));
    printf("sum2 %d dot %.17g\n", sum2(2, 3), dot_pts(p, p, n));
    printf("sorted %d %d %d twice %d shifted %ld\n", v[0], v[2], v[4], twice(97), shifted(a, 5));
    free(a);
    free(x);
    free(p);
    return 0;
}

long shifted(a, k)
    int *a;
{
    return a[0] + k;
}
