/* count.c - how many elements exceed a threshold.
 *
 *   ./count [n [threshold]]   (default n = 1000000, threshold = 2.5)
 */
#include <stdio.h>
#include <stdlib.h>

static long count_above(const double *a, long n, double t)
{
    long count = 0;
#pragma reduce(+: count)
    for (long i = 0; i < n; i++) {
        if (a[i] > t)
            count++;
    }
    return count;
}

static long count_between(const double *a, long n, double lo, double hi)
{
    long c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; i++)
        c += (a[i] >= lo && a[i] < hi);
    return c;
}

int main(int argc, char **argv)
{
    long n = 1000000;
    double t = 2.5;
    if (argc > 1)
        n = atol(argv[1]);
    if (argc > 2)
        t = atof(argv[2]);
    if (n < 0)
        n = 0;

    double *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (a == NULL) {
        fprintf(stderr, "malloc failed\n");
        return 1;
    }
    for (long i = 0; i < n; i++)
        a[i] = (double)((i * 7) % 13) - 6.0;

    long above = count_above(a, n, t);
    printf("count(a > %g) = %ld\n", t, above);
    printf("count(-1 <= a < 1) = %ld\n", count_between(a, n, -1.0, 1.0));
    printf("count(a <= %g) = %ld\n", t, n - above);

    free(a);
    return 0;
}
