/* Bounds that are expressions: n / 2, lo + len, 2 * n - 1, i <= n - 1,
 * n > i, a nonzero start, and a loop that runs zero times. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long two_n = 2 * n;
    long *a = malloc((two_n > 0 ? two_n : 1) * sizeof *a);
    if (!a)
        return 1;
    for (long i = 0; i < two_n; i++)
        a[i] = (i * 17) % 23 - 11;

    long s1 = 0;
#pragma reduce(+: s1)
    for (long i = 0; i < n / 2; i++)
        s1 += a[i];
    printf("i < n / 2: %ld\n", s1);

    long lo = n / 4, len = n / 2;
    long s2 = 0;
#pragma reduce(+: s2)
    for (long i = lo; i < lo + len; i++)
        s2 += a[i] * a[i];
    printf("lo <= i < lo + len: %ld\n", s2);

    long s3 = 0;
#pragma reduce(+: s3)
    for (long i = 0; i < 2 * n - 1; i++)
        s3 += a[i];
    printf("i < 2 * n - 1: %ld\n", s3);

    long mx = -100;
#pragma reduce(max: mx)
    for (long i = 0; i <= n - 1; i++)
        if (a[i] * (i % 3 - 1) > mx)
            mx = a[i] * (i % 3 - 1);
    printf("i <= n - 1: %ld\n", mx);

    long s4 = 0;
#pragma reduce(+: s4)
    for (long i = 5; n > i; i++)
        s4 += a[i];
    printf("5 <= i, n > i: %ld\n", s4);

    long s5 = 42;
#pragma reduce(+: s5)
    for (long i = n; i < n; i++)
        s5 += a[i];
    printf("zero trip: %ld\n", s5);

    long mn = 1000;
#pragma reduce(min: mn)
    for (long i = n + 1; i <= two_n - 2; i++)
        mn = a[i] < mn ? a[i] : mn;
    printf("n + 1 <= i <= 2n - 2: %ld\n", mn);

    free(a);
    return 0;
}
