/* Steps other than 1: i += 2, i += k (k an unsigned variable), i = i + 3,
 * i = 4 + i, ++i, and i != n with i++. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    unsigned long k = argc > 2 ? strtoul(argv[2], NULL, 10) : 5;
    if (k == 0)
        k = 1;
    double *a = malloc((n > 0 ? n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < n; i++)
        a[i] = (double)((i * 3) % 7) - 3.0;

    double s1 = 0;
#pragma reduce(+: s1)
    for (long i = 0; i < n; i += 2)
        s1 += a[i];
    printf("i += 2: %.1f\n", s1);

    double s2 = 0;
#pragma reduce(+: s2)
    for (unsigned long i = 1; i < (unsigned long)n; i += k)
        s2 += a[i] * 2.0;
    printf("i += k (k = %lu): %.1f\n", k, s2);

    double m = -10.0;
#pragma reduce(max: m)
    for (long i = 2; i < n; i = i + 3)
        m = a[i] - (double)(i % 4) > m ? a[i] - (double)(i % 4) : m;
    printf("i = i + 3: %.1f\n", m);

    double s3 = 0.5;
#pragma reduce(+: s3)
    for (long i = 0; i < n; i = 4 + i)
        s3 = s3 + a[i];
    printf("i = 4 + i: %.1f\n", s3);

    long c = 0;
#pragma reduce(+: c)
    for (long i = 0; i < n; ++i)
        c += a[i] == 0.0;
    printf("++i: %ld\n", c);

    double s4 = 0;
#pragma reduce(+: s4)
    for (long i = 0; i != n; i++)
        s4 -= a[i];
    printf("i != n: %.1f\n", s4);

    free(a);
    return 0;
}
